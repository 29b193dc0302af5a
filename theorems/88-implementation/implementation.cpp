/// @file
/// @brief The article's Implementation section as claims about this project: the hand-written
/// gradients against central differences, the headline runs' shape, and the 24 harness rows.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (88-implementation.md, \ref implementation); this file is how they are checked.
///
/// **What is computed.** For every scheme, every parameter block's gradient under every read-time map
/// the scheme trains or is read with (experiments/gradient_check.hpp) against central
/// differences; the number of headline heads from the two configurations; and, for each of the
/// 24 rows of theorems/harness.hpp, one ledger claim of that row evaluated here and compared
/// with its expected verdict.
#include <algorithm>

#include "gradient_check.hpp"
#include "harness.hpp"
#include "ledger.hpp"
#include "lab.hpp"
#include "implementation_section.hpp"

namespace pe::theorems {
namespace {

using experiments::PositionScheme;
using ledger::Rule;

ledger::Decided<ledger::Rule::bound> gradients_of(PositionScheme scheme) {
  double worst = 0, smallest_norm = 1e300;
  std::string worst_case, smallest_case;
  int cases = 0;
  for (const experiments::GradientCase& c : experiments::gradient_cases()) {
    if (c.scheme != scheme) continue;
    ++cases;
    const experiments::GradientAgreement a = experiments::check_gradient(c);
    const double error = std::max(a.relative, a.worst_entry);
    const std::string name = c.map_name + "/" + c.block;
    if (error > worst || worst_case.empty()) worst = error, worst_case = name;
    if (a.analytic_norm < smallest_norm) smallest_norm = a.analytic_norm, smallest_case = name;
  }
  const bool holds = cases > 0 && worst <= experiments::kGradientRelativeBound &&
                     smallest_norm > experiments::kGradientVanishes;
  const auto o = ledger::bound(holds,
                       "largest relative error " + ledger::format(worst) + " (" + worst_case + ")",
                       std::to_string(cases) + " reading x block cases; bound " +
                           ledger::format(experiments::kGradientRelativeBound) +
                           " on both |numeric - analytic| / |gradient| and the worst entry over "
                           "the largest (central differences at h = 1e-5 err near 1e-10); "
                           "smallest block gradient " + ledger::format(smallest_norm) + " (" +
                           smallest_case + "), which must exceed " +
                           ledger::format(experiments::kGradientVanishes) + " for the check to mean anything");
  return ledger::about_floating_point(o, "the double backward pass against central differences in double");
}

}  // namespace

namespace implementation_claims {
constexpr char kUnit[] = "implementation";
using ledger::Claim;
using ledger::Rule;
const std::string section = kImplementationSection;


Claim gradients_agree(PositionScheme s) {
  return Claim("impl.gradients." + experiments::to_string(s)).in_section(section)
      .stating("Every hand-written gradient of the " + experiments::to_string(s) +
          " head (each parameter block, under each reading the scheme is trained or "
          "read with) agrees with central differences")
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
