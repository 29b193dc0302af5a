/// @file
/// @brief The section "Order, and how a mask leaks it": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "relation_claims.hpp"
#include "tournament_tables.hpp"

namespace pe::theorems::consistency_order_claims {
constexpr char kUnit[] = "consistency_order";
using namespace pe::ledger;

PE_CLAIM(bag_heads_within_sampling_error) {
  return relation_claim(
      Claim("consistency.exp_bag.heads_within_sampling_error").in_section(section_of("exp.bag"))
          .stating("The heads without position match the exact bag-of-tokens reader within sampling error at both printed "
                   "lengths: |heads - reader| <= 3 binomial se of the heads' mean over the 2,000 test sequences")
          .printed_as("0.542 and 0.237 against 0.547 and 0.234"),
      [] {
        return Relation{{tournament_cell(kTournamentNone, 0), accuracy("0.547", "exact bag reader at 32"), tournament_cell(kTournamentNone, 3),
                         accuracy("0.234", "exact bag reader at 256")},
                        [](const Box& b) {
                          return all_of({within_sampling_error(b[0], b[1], 1, 2000, 3),
                                         within_sampling_error(b[2], b[3], 1, 2000, 3)});
                        }};
      });
}

PE_CLAIM(bag_reader_above_chance) {
  return relation_claim(
      Claim("consistency.exp_bag.reader_above_chance").in_section(section_of("exp.bag"))
          .stating("The exact bag reader is at least chance, 1 over the 8 symbols: guessing the most frequent marked symbol "
                   "is right at least as often as a uniform guess")
          .printed_as("0.547 and 0.234, with 8 symbols"),
      [] {
        return Relation{{count(8, "symbols"), accuracy("0.547", "exact bag reader at 32"),
                         accuracy("0.234", "exact bag reader at 256")},
                        [](const Box& b) {
                          return all_of({at_most(constant(1) / b[0], b[1]),
                                         at_most(constant(1) / b[0], b[2])});
                        }};
      });
}

}  // namespace pe::theorems::consistency_order_claims
