/// @file
/// @brief The section "Honest caveats": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "finance_tables.hpp"
#include "relation_claims.hpp"
#include "tournament_tables.hpp"

namespace pe::theorems::consistency_caveats_claims {
constexpr char kUnit[] = "consistency_caveats";
using namespace pe::ledger;

PE_CLAIM(caveat_winner_depends_on_task) {
  return relation_claim(
      Claim("consistency.caveat_heuristics.winner_depends_on_task").in_section(section_of("caveat.heuristics"))
          .stating("Which rescaling wins depends on the task: on the synthetic stream at 256 NTK-aware scaling reads above "
                   "PI and YaRN; on the filings PI reads above NTK-aware scaling and YaRN, on all queries and on the far ones")
          .printed_as("NTK-aware scaling on the synthetic stream, PI on the filings"),
      [] {
        return Relation{{rescaling_cell(kRescalingPi, 3), rescaling_cell(kRescalingYarn, 3), rescaling_cell(kRescalingNtk, 3), finance_cell(kFinanceNtk, false),
                         finance_cell(kFinanceYarn, false), finance_cell(kFinancePi, false), finance_cell(kFinanceNtk, true),
                         finance_cell(kFinanceYarn, true), finance_cell(kFinancePi, true)},
                        [](const Box& b) {
                          return every(b, 3, [](const Box& x, int i) {
                            return less(maximum({x[3 * i], x[3 * i + 1]}), x[3 * i + 2]);
                          });
                        }};
      });
}

PE_CLAIM(caveat_toy_same_setup) {
  return relation_claim(
      Claim("consistency.caveat_toy.same_setup").in_section(section_of("caveat.toy"))
          .stating("The caveat's toy is the tournament as described: one head of width 16, eight symbols, three seeds")
          .printed_as("one attention head of width 16, eight symbols, and three seeds"),
      [] {
        return same_values({{count(16, "width (caveat)"), count(16, "width d (tournament)")},
                            {count(8, "symbols (caveat)"), count(8, "symbols (tournament)")},
                            {count(3, "seeds (caveat)"), count(3, "seeds per scheme (tournament)")}});
      });
}

PE_CLAIM(caveat_common_same_values) {
  return relation_claim(
      Claim("consistency.caveat_common.same_values").in_section(section_of("caveat.common"))
          .stating("The caveat's fall of the added code at twice its training length is the tournament table's")
          .printed_as("falls from 0.996 to 0.201 at twice its training length"),
      [] {
        return same_values({{accuracy("0.996", "added code at 32 (caveat)"), tournament_cell(kTournamentSinusoidal, 0)},
                            {accuracy("0.201", "added code at 64 (caveat)"), tournament_cell(kTournamentSinusoidal, 1)}});
      });
}

PE_CLAIM(caveat_horizon_filings_range) {
  return relation_claim(
      Claim("consistency.caveat_horizon.filings_range").in_section(section_of("caveat.horizon"))
          .stating("The caveat's range for the heads trained on filings runs from the lowest to the highest of their "
                   "accuracies beyond the horizon")
          .printed_as("0.32 to 0.72 for the heads trained on filings; 0.723, 0.487, 0.319"),
      [] {
        Relation r;
        for (int seed = 0; seed < 3; ++seed)
          r.numbers.push_back(accuracy(kHorizonTable[seed].beyond, std::string(kHorizonTable[seed].name) + ", beyond"));
        r.numbers.push_back(accuracy("0.32", "lowest (caveat)"));
        r.numbers.push_back(accuracy("0.72", "highest (caveat)"));
        r.check = [](const Box& b) {
          return all_of({within(minimum({b[0], b[1], b[2]}), b.ranges[3]),
                         within(maximum({b[0], b[1], b[2]}), b.ranges[4])});
        };
        return r;
      });
}

PE_CLAIM(caveat_horizon_synthetic_about) {
  return relation_claim(
      Claim("consistency.caveat_horizon.synthetic_about").in_section(section_of("caveat.horizon"))
          .stating("Each head trained on the synthetic stream reads about 0.1 beyond its horizon")
          .printed_as("about 0.1 for those trained on the synthetic stream; 0.112, 0.087, 0.108"),
      [] {
        Relation r;
        for (int seed = 3; seed < 6; ++seed)
          r.numbers.push_back(accuracy(kHorizonTable[seed].beyond, std::string(kHorizonTable[seed].name) + ", beyond"));
        r.numbers.push_back(approximate("0.1", "about", "synthetic heads beyond (caveat)"));
        r.check = [](const Box& b) { return every(b, 3, [](const Box& x, int i) { return within(x[i], x.ranges[3]); }); };
        return r;
      });
}

}  // namespace pe::theorems::consistency_caveats_claims
