/// @file
/// @brief The article's Implementation section as claims about this project: the hand-written
/// gradients against central differences, the headline runs' shape, and the 24 harness rows.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (88-implementation.md, \ref implementation); this file is how they are checked.
///
/// **What is computed.** For every scheme, the hand-written backward pass against GiNaC's
/// derivative of the forward pass, both run on symbolic weights (experiments/gradient_proof.hpp),
/// with every parameter block's gradient under every read-time map against central differences
/// as the cross-check (experiments/gradient_check.hpp); the number of headline heads from the two configurations; and, for each of the
/// 24 rows of theorems/harness.hpp, one ledger claim of that row evaluated here and compared
/// with its expected verdict.
#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "external_lemmas.hpp"
#include "gradient_check.hpp"
#include "gradient_evidence.hpp"
#include "harness.hpp"
#include "ledger.hpp"
#include "lab.hpp"
#include "implementation.hpp"
#include "implementation_section.hpp"

namespace pe::theorems {
namespace {

using experiments::PositionScheme;
using ledger::Rule;

#ifndef PE_GRADIENT_EVIDENCE
#error "PE_GRADIENT_EVIDENCE must name the gradient proofs' build product"
#endif

/// The gradient evidence the build wrote (experiments/gradient_evidence.hpp), read once per
/// program. A missing or unreadable product is an error that names what to run.
const std::vector<experiments::GradientEvidence>& built_gradient_evidence() {
  static const std::vector<experiments::GradientEvidence> evidence = [] {
    std::ifstream in(PE_GRADIENT_EVIDENCE);
    if (!in)
      throw std::runtime_error(std::string("no gradient evidence at ") + PE_GRADIENT_EVIDENCE +
                               ": the build writes it (cmake --build --preset release)");
    return experiments::read_gradient_evidence(in);
  }();
  return evidence;
}

/// Central differences on the trained size (d = 16): the cross-check beside the proof, which
/// runs at a smaller size. Empty when every case agrees; else the worst case.
std::string central_difference_disagreement(const experiments::GradientEvidence& e, std::string& summary) {
  summary = "central differences at h = 1e-5 on the d = 16 heads agree over " + std::to_string(e.difference_cases) +
            " reading x block cases: largest relative error " + ledger::format(e.worst_relative) + " (" +
            e.worst_case + "), bound " + ledger::format(experiments::kGradientRelativeBound) +
            " (truncation and rounding near 1e-10); smallest block gradient " + ledger::format(e.smallest_norm) +
            " (" + e.smallest_case + "), above " + ledger::format(experiments::kGradientVanishes);
  if (e.difference_cases == 0) return "no central-difference case";
  if (e.worst_relative > experiments::kGradientRelativeBound)
    return "central differences disagree: relative error " + ledger::format(e.worst_relative) + " (" +
           e.worst_case + ")";
  if (e.smallest_norm <= experiments::kGradientVanishes)
    return "a block gradient vanishes (" + e.smallest_case + "), which makes its check void";
  return "";
}

ledger::Decided<ledger::Rule::identity> gradients_of(PositionScheme scheme) {
  const auto& all = built_gradient_evidence();
  const auto found = std::find_if(all.begin(), all.end(), [scheme](const auto& e) { return e.scheme == scheme; });
  if (found == all.end())
    return ledger::proved_identity(false, "the gradient evidence has no entry for this scheme", "",
                                   {decided_step(StepKind::identity, false, "no gradient evidence for this scheme")});
  return gradients_verdict(*found);
}

}  // namespace

ledger::Decided<ledger::Rule::identity> gradients_verdict(const experiments::GradientEvidence& e) {
  std::string failure;
  if (!e.loss_failure.empty()) failure = "loss stage: " + e.loss_failure;
  std::string runs;
  for (const std::string& run : e.runs) runs += (runs.empty() ? "" : ", ") + run;
  if (failure.empty()) failure = e.head_failure;
  if (failure.empty() && e.runs.empty()) failure = "no proof run";
  if (failure.empty() && e.nonzero_entries == 0)
    failure = "every derivative is identically 0: the comparison proves nothing";
  if (failure.empty() && (e.tabulated == 0 || e.recomputed == 0))
    failure = "the runs took only one of the two softmax paths";
  std::string cross_check;
  const std::string disagreement = central_difference_disagreement(e, cross_check);
  if (failure.empty()) failure = disagreement;
  const std::string certificate =
      "exact algebra: the tabulated passes run on symbolic weights; for every weight w, "
      "sum_bc u_bc d logits_bc / d w (GiNaC's derivative of the forward result, u_bc free) minus the "
      "hand-written backward's entry for w expands to 0, with the exponentials, logarithms and powers "
      "of softmax sums as atoms both sides share; " + std::to_string(e.nonzero_entries) + " of " +
      std::to_string(e.entries) + " derivatives are not identically 0; runs: " + runs +
      "; one symbol (3 token types), 2 classes; softmax paths " + std::to_string(e.tabulated) +
      " tabulated and " + std::to_string(e.recomputed) + " recomputed; the pass's constants (cosines, "
      "code, bias, logit scale) as free symbols; the loss stage (cross-entropy on free logits) proved "
      "alike; the two composed at d_logits by " + cite(kChainRule) + "; not proved: that the code "
      "behaves alike at the trained size, which the cross-check covers: " + cross_check;
  // The passes are reduced at the sizes the runs name; the trained size is a cross-check only.
  return ledger::proved_identity(failure.empty(), failure, certificate,
                                 {decided_step(StepKind::identity, failure.empty(),
                                               "the hand-written backward minus GiNaC's derivative expands to 0 for "
                                               "every weight, runs: " + runs),
                                  {StepKind::identity, StepReach::listed_only,
                                   "the sizes of those runs only, not every width"}});
}

namespace implementation_claims {
constexpr char kUnit[] = "implementation";
using ledger::Claim;
using ledger::Rule;
const std::string section = kImplementationSection;


Claim gradients_agree(PositionScheme s) {
  return Claim("impl.gradients." + experiments::to_string(s)).in_section(section)
      .stating("The hand-written backward pass of the " + experiments::to_string(s) +
          " head equals the derivative of its forward pass for every value of the weights, under "
          "each reading the scheme is trained or read with, at the proof's size (d = 2, and 4 for "
          "RoPE; 3 token types, 2 classes, up to 5 examples of up to 3 tokens); central "
          "differences agree on the trained heads (d = 16)")
      .printed_as("every hand-written gradient against central differences").decided_by([s] { return gradients_of(s); });
}
PE_CLAIM_FAMILY(gradients, experiments::all_position_schemes(), &gradients_agree);

PE_CLAIM(headline_models) {
  return ledger::printed_at(lab::headline_runs_claim(Claim("impl.headline_models").in_section(section)
      .stating("The headline runs have the article's shape, 27 single-head models, 15 for the "
      "tournament (schemes x headline seeds) and 12 for the filings; computed from the "
      "two configurations, with the heads this project trains in the selected recipes "
      "beside")
      .printed_as("27 = 15 + 12").reads_headline_runs(ledger::kAllRuns), [](const lab::Runs& headline) {
        // The headline seeds are 0..kHeadlineSeeds-1 of each selected recipe.
        const auto seeds = std::size_t(experiments::kHeadlineSeeds);
        const std::size_t tour = headline.tournament().config.schemes.size() * seeds;
        const std::size_t filings = headline.filings_study().config.schemes.size() * seeds;
        const std::string c = std::to_string(tour + filings) + " = " + std::to_string(tour) +
                              " + " + std::to_string(filings);
        return ledger::shape(tour == 15 && filings == 12, c,
                             "headline heads; the selected recipes train " +
                                 std::to_string(headline.tournament().heads.size()) +
                                 " tournament heads and " +
                                 std::to_string(headline.filings_study().heads.size()) +
                                 " filings heads (all seeds), besides the grid and the sweep");
      }), {{"impl.harness", "27"}, {"impl.harness", "15"}, {"impl.harness", "12"}});
}

PE_CLAIM(harness_every_row_ran) {
  return ledger::printed_at(lab::headline_runs_claim(Claim("impl.harness.every_row_ran").in_section(section)
      .stating("The article counts 24 tests and lists only their coverage, in seven lines; this project splits "
      "those lines into 24 rows of its own (theorems/harness.hpp, the docs' Implementation page), so the "
      "count matches by construction; for each row the first ledger claim its patterns select is evaluated "
      "here and gives its expected verdict")
      .printed_as("a harness of 24 assertion-based tests").reads_headline_runs(ledger::kAllRuns),
      [](const lab::Runs& headline) {
        // Each row's claim is evaluated on the runs this claim is handed, as the program hands
        // them to every claim.
        const HarnessRun run = run_one_claim_per_row(harness_rows(), headline);
        return ledger::shape(run.rows == 24 && run.agreeing == run.rows,
                             std::to_string(run.rows) + " rows, " + std::to_string(run.agreeing) +
                                 " with a claim that ran and gave its expected verdict",
                             run.detail);
      }), {{"impl.harness", "24"}});
}

}  // namespace implementation_claims


}  // namespace pe::theorems
