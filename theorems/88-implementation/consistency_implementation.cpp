/// @file
/// @brief The section "Implementation": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "relation_claims.hpp"

namespace pe::theorems::consistency_implementation_claims {
constexpr char kUnit[] = "consistency_implementation";
using namespace pe::ledger;

PE_CLAIM(models_sum) {
  return relation_claim(
      Claim("consistency.impl_harness.models_sum").in_section(section_of("impl.harness"))
          .stating("The models trained are the tournament's and the filings'")
          .printed_as("27 single-head models ..., 15 for the tournament and 12 for the filings"),
      [] {
        return Relation{{count(15, "tournament models"), count(12, "filings models"), count(27, "models")},
                        [](const Box& b) { return equal(b[0] + b[1], b[2]); }};
      });
}

PE_CLAIM(tournament_models) {
  return relation_claim(
      Claim("consistency.impl_harness.tournament_models").in_section(section_of("impl.harness"))
          .stating("The tournament's models are its five schemes times three seeds")
          .printed_as("15 for the tournament; each of five schemes ..., three seeds per scheme"),
      [] {
        return Relation{{count(5, "schemes"), count(3, "seeds per scheme"), count(15, "tournament models")},
                        [](const Box& b) { return equal(b[0] * b[1], b[2]); }};
      });
}

PE_CLAIM(filings_models) {
  return relation_claim(
      Claim("consistency.impl_harness.filings_models").in_section(section_of("impl.harness"))
          .stating("The filings' models are the finance table's readers that are trained, its seven less the three maps "
                   "that re-read the RoPE heads, times three seeds")
          .printed_as("12 for the filings; seven readers, three of them rescalings; the mean of three seeds"),
      [] {
        return Relation{{count(7, "readers in the finance table"), count(3, "rescalings of the RoPE heads"),
                         count(3, "seeds"), count(12, "filings models")},
                        [](const Box& b) { return equal((b[0] - b[1]) * b[2], b[3]); }};
      });
}

}  // namespace pe::theorems::consistency_implementation_claims
