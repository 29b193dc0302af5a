#include "harness.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <sstream>

namespace pe::theorems {

const std::vector<HarnessRow>& harness_rows() {
  static const std::vector<HarnessRow> rows = {
      {1, "Proposition 1, exactly", {"prop1.*", "Proposition1.CausalOutputSeesOnlyTheMultisetOfItsPrefix"}},
      {2, "heads without positions against the best multiset reader, computed exactly", {"exp.bag_*", "BagOfTokens.*"}},
      {3, "Proposition 2 on random instances", {"prop2.*", "Proposition2.*"}},
      {4, "Theorem 1 on random instances", {"thm1.stationary", "thm1.gram_*", "thm1.characteristic_function", "Theorem1.*"}},
      {5, "the cosine-integral limit at d = 8192", {"thm1.ruler_d8192_*", "thm1.ruler_limit_*", "CosineIntegral.*"}},
      {6, "the logarithmic ruler", {"thm1.ruler_ruler_*", "thm1.limit_bound_*", "thm1.doubling_cost", "thm1.nonuniform_delta256"}},
      {7, "Theorem 2: the window's null space at random frequencies", {"thm2.window_*", "thm2.commutator_*", "Theorem2.*"}},
      {8, "Theorem 2: a random matrix's defect", {"thm2.defect*", "RelativityDefect.*", "CommutantProjection.*"}},
      {9, "the trained heads' defects before and after training", {"exp.sinusoidal_defect*"}},
      {10, "the condition numbers in 200-digit arithmetic", {"thm2.cond_*", "thm2.rank_*", "WindowConditioning*"}},
      {11, "projecting one term and moving the query (the added code)",
       {"exp.sinusoidal_projected*", "exp.sinusoidal_shifted*", "exp.sinusoidal_spreads*"}},
      {12, "T5's buckets (Shaw and colleagues' vectors beside them)", {"def3.t5*", "T5Buckets.*", "def3.shaw*", "ShawVectors.*"}},
      {13, "Theorem 3 on random instances up to length 8192", {"thm3.*", "Theorem3.*"}},
      {14, "Proposition 3 against the attention function", {"prop3.*", "Proposition3.*"}},
      {15, "Theorem 4 through the real Schur form", {"thm4.*", "Theorem4.*"}},
      {16, "Proposition 4 by Monte Carlo, with the counterexample needing independent planes", {"prop4.*", "Proposition4.*"}},
      {17, "Theorem 5's census", {"thm5.census*"}},
      {18, "Theorem 5's rescalings", {"thm5.pi*", "thm5.ntk*", "thm5.yarn*", "ContextExtension.*", "YarnRamps.*"}},
      {19, "the interpolation bound on random instances", {"thm5.interpolation_bound*", "Theorem5.InterpolationErrorIsWithinTheCurvatureBound"}},
      {20, "the counterexample to the stated constant", {"thm5.chen*"}},
      {21, "every hand-written gradient against central differences", {"impl.gradients_*"}},
      {22, "the tournament", {"exp.tournament_*", "exp.overview_*", "exp.rescaled_*", "Tournament*"}},
      {23, "the RoPE rebound through its dive", {"exp.rebound_*"}},
      {24, "the filings: the one-pass reader against the plain forward pass, the case study's filing",
       {"filings.*", "FilingsCorpus.*", "ExhibitFiling.*", "MarkupReader.*", "FilingsOnePass.*", "FilingScan.*"}},
  };
  return rows;
}

std::string ctest_name(const ledger::Claim& claim) {
  const auto [suite, name] = ledger::test_name(claim.id);
  return suite + "." + name;
}

bool matches(const std::string& pattern, const std::string& ctest_name) {
  return fnmatch(pattern.c_str(), ctest_name.c_str(), 0) == 0;
}

std::vector<const ledger::Claim*> claims_of_row(const HarnessRow& row) {
  std::vector<const ledger::Claim*> out;
  for (const ledger::Claim& c : ledger::all_claims()) {
    const std::string name = ctest_name(c);
    for (const std::string& p : row.tests)
      if (matches(p, name)) {
        out.push_back(&c);
        break;
      }
  }
  return out;
}

HarnessRun run_one_claim_per_row(const std::vector<HarnessRow>& rows, const ledger::TrainedRuns& runs) {
  HarnessRun run;
  std::ostringstream detail;
  for (const HarnessRow& row : rows) {
    ++run.rows;
    std::vector<const ledger::Claim*> selected = claims_of_row(row);
    selected.erase(std::remove_if(selected.begin(), selected.end(),
                                  [](const ledger::Claim* c) { return c->id.rfind("impl.harness.", 0) == 0; }),
                   selected.end());
    detail << "row " << row.number << ": ";
    if (selected.empty()) {
      detail << "no ledger claim; ";
      continue;
    }
    const ledger::Record r = ledger::evaluate_record(*selected.front(), runs);
    const bool agrees = r.verdict == r.expected;
    run.agreeing += agrees;
    detail << r.id << " " << r.verdict << (agrees ? "" : " (expected " + r.expected + ")") << " of "
           << selected.size() << "; ";
  }
  run.detail = detail.str();
  return run;
}

std::string harness_markdown() {
  std::ostringstream md;
  md << "| # | the article's check | tests (CTest names or patterns) |\n|---|---|---|\n";
  for (const HarnessRow& row : harness_rows()) {
    md << "| " << row.number << " | " << row.check << " | ";
    for (std::size_t i = 0; i < row.tests.size(); ++i) md << (i ? ", `" : "`") << row.tests[i] << "`";
    md << " |\n";
  }
  return md.str();
}

std::string harness_list() {
  std::ostringstream list;
  for (const HarnessRow& row : harness_rows()) {
    list << "- " << row.number << ". " << row.check << ": tests ";
    for (std::size_t i = 0; i < row.tests.size(); ++i) list << (i ? ", `" : "`") << row.tests[i] << "`";
    list << "\n";
  }
  return list.str();
}

}  // namespace pe::theorems
