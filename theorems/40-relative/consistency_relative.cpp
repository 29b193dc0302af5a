/// @file
/// @brief The section "Relative position: biases and the ALiBi kernel": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "relation_claims.hpp"

namespace pe::theorems::consistency_relative_claims {
constexpr char kUnit[] = "consistency_relative";
using namespace pe::ledger;

PE_CLAIM(t5_last_bucket_onset) {
  return relation_claim(
      Claim("consistency.def3_t5.last_bucket_onset").in_section(section_of("def3.t5"))
          .stating("The last T5 bucket begins at the first integer offset at or past the printed point where the "
                   "logarithmic map reaches it")
          .printed_as("every offset from 113 on; 16 x 8^(15/16) = 112.4"),
      [] {
        return Relation{{count(113, "first offset of the last bucket"), rounded("112.4", "where the map reaches it")},
                        [](const Box& b) {
                          return all_of({less(b[0] - constant(1), b[1]), at_most(b[1], b[0])});
                        }};
      });
}

/// The bound of Theorem 3 (ii) grows by e^(-s x 20) = e^-10 from one printed D to the next (s = 1/2).
Range e_to_the_minus_10() { return enclosed([] { return exp(Enclosure(-10)); }); }

PE_CLAIM(thm3_ratio_40_to_60) {
  return relation_claim(
      Claim("consistency.thm3_bound_values.ratio_D40_to_D60").in_section(section_of("thm3.bound_values"))
          .stating("The bound at D = 60 is the bound at D = 40 times e^(-s x 20) = e^-10 (s = 1/2; e^-10 enclosed at 200 "
                   "digits)")
          .printed_as("2.54 at D = 40, then 1.15e-4 at 60"),
      [] {
        const Range factor = e_to_the_minus_10();
        return Relation{{rounded("2.54", "bound at D = 40"), rounded("1.15e-4", "bound at D = 60")},
                        [factor](const Box& b) {
                          return with_constant(factor, [&b](const Term& c) { return equal(b[0] * c, b[1]); });
                        }};
      });
}

PE_CLAIM(thm3_ratio_60_to_80) {
  return relation_claim(
      Claim("consistency.thm3_bound_values.ratio_D60_to_D80").in_section(section_of("thm3.bound_values"))
          .stating("The bound at D = 80 is the bound at D = 60 times e^-10")
          .printed_as("1.15e-4 at 60 and 5.24e-9 at 80"),
      [] {
        const Range factor = e_to_the_minus_10();
        return Relation{{rounded("1.15e-4", "bound at D = 60"), rounded("5.24e-9", "bound at D = 80")},
                        [factor](const Box& b) {
                          return with_constant(factor, [&b](const Term& c) { return equal(b[0] * c, b[1]); });
                        }};
      });
}

PE_CLAIM(thm3_vacuous_at_horizon) {
  return relation_claim(
      Claim("consistency.thm3_bound_values.vacuous_at_horizon").in_section(section_of("thm3.bound_values"))
          .stating("The first printed bound sits at the horizon, D = W/s = 20 / (1/2) = 40, and exceeds 1 there: a bound on "
                   "a weight that says nothing")
          .printed_as("W = 20, s = 1/2: 2.54 at D = 40; vacuous inside the horizon"),
      [] {
        return Relation{{count(20, "content width W"), count(40, "offset D"), rounded("2.54", "bound at D = 40")},
                        [](const Box& b) {
                          return all_of({equal(b[0] * constant(2), b[1]), less(constant(1), b[2])});
                        }};
      });
}

}  // namespace pe::theorems::consistency_relative_claims
