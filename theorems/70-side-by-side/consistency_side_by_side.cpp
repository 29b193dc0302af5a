/// @file
/// @brief The section "Kernels over offsets, side by side": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "relation_claims.hpp"
#include "tournament_tables.hpp"

namespace pe::theorems::consistency_side_by_side_claims {
constexpr char kUnit[] = "consistency_side_by_side";
using namespace pe::ledger;

PE_CLAIM(figure_b_same_values) {
  return relation_claim(
      Claim("consistency.figure_b.same_values").in_section(section_of("figure.b"))
          .stating("Figure B's readouts repeat printed values: RoPE's accuracies are the tournament's, its scores at r = 1 "
                   "and at the peak, and the peak's offset, the rebound paragraph's")
          .printed_as("1.000, 0.947, 0.872, 0.466; 114.10; 84.14 at r = 181"),
      [] {
        std::vector<std::pair<Printed, Printed>> pairs;
        for (int i = 0; i < 4; ++i)
          pairs.push_back({accuracy(kTournamentTable[kTournamentRope].at[i], "RoPE at " + std::to_string(kTournamentLengths[i]) + " (Figure B)"),
                           tournament_cell(kTournamentRope, i)});
        pairs.push_back({rounded("114.10", "score at r = 1 (Figure B)"), rounded("114.10", "score at r = 1")});
        pairs.push_back({rounded("84.14", "highest score past the window (Figure B)"), rounded("84.14", "peak score")});
        pairs.push_back({count(181, "peak offset (Figure B)"), count(181, "peak offset")});
        return same_values(pairs);
      });
}

}  // namespace pe::theorems::consistency_side_by_side_claims
