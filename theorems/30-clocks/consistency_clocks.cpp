/// @file
/// @brief The section "Position as a set of clocks": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "relation_claims.hpp"
#include "ruler_table.hpp"

namespace pe::theorems::consistency_clocks_claims {
constexpr char kUnit[] = "consistency_clocks";
using namespace pe::ledger;

/// The ruler row falls by two doublings' cost from each printed offset to the next (four times it).
Claim doubling_cost(const int& column) {
  const int delta = kRulerOffsets[column];
  return relation_claim(
      Claim("consistency.thm1_readings.doubling_cost.delta" + std::to_string(delta)).in_section(section_of("thm1.readings"))
          .stating("The ruler row falls from Delta = " + std::to_string(delta) + " to " + std::to_string(4 * delta) +
                   " by twice the printed cost of one doubling")
          .printed_as(std::string("ruler ") + kRulerRow[column] + " - " + kRulerRow[column + 1] + " = 2 x 0.075"),
      [column] {
        return Relation{{rounded(kRulerRow[column], "ruler at Delta = " + std::to_string(kRulerOffsets[column])),
                         rounded(kRulerRow[column + 1], "ruler at Delta = " + std::to_string(kRulerOffsets[column + 1])),
                         rounded("0.075", "cost of one doubling, ln 2 / ln b")},
                        [](const Box& b) { return equal(b[0] - b[1], constant(2) * b[2]); }};
      });
}
PE_CLAIM_FAMILY(doubling_costs, ledger::indices(5), &doubling_cost);

/// Theorem 1 (ii)'s bound on the limit's distance from the ruler, (2/|Delta| + Delta^2/(4 b^2)) / ln b, b = 10^4.
Range ruler_bound(int delta) {
  return enclosed([delta] {
    const Enclosure d(delta), b(10000);
    return (2 / d + d * d / (4 * b * b)) / log(b);
  });
}
Claim limit_bound(const int& column) {
  const int delta = kRulerOffsets[column];
  return relation_claim(
      Claim("consistency.table_ruler.limit_bound.delta" + std::to_string(delta)).in_section(section_of("table.ruler"))
          .stating("Theorem 1 (ii) on the table's own rows: the printed limit and ruler at Delta = " + std::to_string(delta) +
                   " differ by no more than the theorem's bound (b = 10^4, the bound enclosed at 200 digits)")
          .printed_as(std::string("|") + kRulerLimitRow[column] + " - " + kRulerRow[column] + "| <= (2/|Delta| + Delta^2/4b^2)/ln b"),
      [column, delta] {
        const Range bound = ruler_bound(delta);
        return Relation{{rounded(kRulerLimitRow[column], "limit I_b at Delta = " + std::to_string(delta)),
                         rounded(kRulerRow[column], "ruler at Delta = " + std::to_string(delta))},
                        [bound](const Box& b) {
                          return with_constant(bound, [&b](const Term& c) { return at_most(absolute(b[0] - b[1]), c); });
                        }};
      });
}
PE_CLAIM_FAMILY(limit_bounds, ledger::indices(6), &limit_bound);

PE_CLAIM(ruler_nonuniform_at_256) {
  return relation_claim(
      Claim("consistency.table_ruler.nonuniform_at_256").in_section(section_of("table.ruler"))
          .stating("At Delta = 256 the d = 512 row lies farther from the limit than the d = 64 row: the limit lies between "
                   "them, nearer the d = 64 value")
          .printed_as("0.313 and 0.354 against the limit 0.335"),
      [] {
        return Relation{{rounded("0.313", "d = 512 at Delta = 256"), rounded("0.354", "d = 64 at Delta = 256"),
                         rounded("0.335", "limit at Delta = 256")},
                        [](const Box& b) {
                          // |d512 - limit| > |d64 - limit| with d512 < limit < d64: d512 + d64 < 2 limit.
                          return all_of({less(b[0], b[2]), less(b[2], b[1]), less(b[0] + b[1], constant(2) * b[2])});
                        }};
      });
}

/// 1 / eps for doubles (eps = 2^-52): a condition number past it loses every digit of a double.
const Rational kInverseEps = Rational(boost::multiprecision::pow(boost::multiprecision::mpz_int(2), 52));

PE_CLAIM(condition_falls) {
  return relation_claim(
      Claim("consistency.thm2_condition.falls").in_section(section_of("thm2.condition"))
          .stating("The window's condition number falls as the window grows from 16 through 64 and 256 to 4096 positions")
          .printed_as("3.69e29, 7.14e18, 1.24e11, 17.7"),
      [] {
        return Relation{{rounded("3.69e29", "over 16 positions"), rounded("7.14e18", "over 64"),
                         rounded("1.24e11", "over 256"), rounded("17.7", "over 4096")},
                        [](const Box& b) { return decreasing({b[0], b[1], b[2], b[3]}, true); }};
      });
}

PE_CLAIM(condition_first_two_past_double) {
  return relation_claim(
      Claim("consistency.thm2_condition.first_two_past_double").in_section(section_of("thm2.condition"))
          .stating("Exactly the first two printed condition numbers exceed 1/eps = 2^52 of a double, past which a double "
                   "solve keeps no correct digit")
          .printed_as("the first two are past what double precision resolves"),
      [] {
        return Relation{{rounded("3.69e29", "over 16 positions"), rounded("7.14e18", "over 64"),
                         rounded("1.24e11", "over 256"), rounded("17.7", "over 4096")},
                        [](const Box& b) {
                          const Term limit = constant(kInverseEps);
                          return all_of({less(limit, b[0]), less(limit, b[1]), less(b[2], limit), less(b[3], limit)});
                        }};
      });
}

PE_CLAIM(condition_rank_14) {
  return relation_claim(
      Claim("consistency.thm2_condition.rank_14").in_section(section_of("thm2.condition"))
          .stating("A numerical rank of 14 for the 16-dimensional code over 64 positions needs its smallest singular values "
                   "below NumPy's cut sigma_1 x 64 x eps, so a condition number above 2^52 / 64; the printed one over 64 "
                   "positions is")
          .printed_as("numerical rank 14; 7.14e18 over 64 positions"),
      [] {
        return Relation{{count(14, "numerical rank"), count(16, "dimension of the code"),
                         count(64, "positions"), rounded("7.14e18", "condition number over 64 positions")},
                        [](const Box& b) {
                          return all_of({less(b[0], b[1]), less(constant(kInverseEps) / b[2], b[3])});
                        }};
      });
}

PE_CLAIM(caveat_fragile_same_values) {
  return relation_claim(
      Claim("consistency.caveat_fragile.same_values").in_section(section_of("caveat.fragile"))
          .stating("The caveat's condition numbers for windows of 16 and 64 positions are the clocks section's")
          .printed_as("from 3.69e29 to 7.14e18 for windows of 16 to 64 positions"),
      [] {
        return same_values({{rounded("3.69e29", "16 positions (caveat)"), rounded("3.69e29", "16 positions")},
                            {rounded("7.14e18", "64 positions (caveat)"), rounded("7.14e18", "64 positions")}});
      });
}

}  // namespace pe::theorems::consistency_clocks_claims
