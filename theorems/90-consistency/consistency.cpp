/// @file
/// @brief The article's printed numbers against each other: every arithmetic relation the
/// article states or implies among its own numbers, one claim each, decided without running
/// anything.
///
/// Result. Every relation found holds for some values the printed digits allow, except the
/// errata this unit declares. A few relations cannot bite at the printed precision (a mean of
/// 3 x 2,000 reads is a multiple of 1/6,000, finer than three decimals) and are reported as such,
/// neither holding nor failing.
///
/// One standard of reading. A relation carries only what the article states: each sentence is
/// read as narrowly as its words allow and no premise of the harness's own is added (the filings
/// unit reads "NTK-aware scaling on the synthetic stream" at length 256 by the same standard). So
/// the finance table's no-position row below the first-named company's share is no relation: it
/// would contradict the exhibit paragraph only if those heads had lost the trail at every query,
/// which the article does not say. A derivation that no printed value could break (the seed
/// triples a mean of 1.000 allows, a bound thousands of times wider than its side) is no relation
/// either, and is not declared.
///
/// Same quantity. Two printings of one quantity agree when their intervals share a value both
/// could round to; neighbouring values at one precision share only the tie between them, which
/// one rounding rule sends one way, so a one-digit slip between copies is a wrong digit
/// (printed_relations.hpp, same_quantity).
///
/// How. Each printed number is the interval its digits allow (half a unit of its last digit; a
/// number the article calls "about" or "near" at its last nonzero digit; a count exactly), and
/// each relation is decided in exact rational interval arithmetic (numerics/printed_relations.hpp):
/// it fails only when no allowed values satisfy it. A failure is a *wrong digit* when one number's
/// last digit off by one (its interval widened to +- 3/2 units) repairs it, and otherwise
/// *changes a conclusion*. A relation that no change of one printed number to another value at
/// its precision could break *cannot bite*. Sampling error, where the article invokes it, is k = 3
/// binomial standard errors at the largest p (1 - p) the digits allow, over the 2,000 test
/// sequences the three seeds share (the project's convention, exp.bag.article_heads.*).
///
/// Which relations. Relations between two or more printed numbers, or a printed number and a
/// count or floor printed elsewhere. A printed number against a formula of printed parameters
/// (a slope 2^(-8h/H), a wavelength 2 pi / theta_j) is a computation, claimed by its section's
/// unit, and not repeated here. Each claim belongs to the statement that states the relation.
/// The unit comes last in the unit order: its relations reach across the whole article, and it
/// reads no trained head, so it needs none of the fixtures the units before it set up.
#include <cctype>
#include <stdexcept>

#include "enclosure.hpp"
#include "ledger.hpp"
#include "printed_relations.hpp"
#include "statements.hpp"

namespace pe::theorems::consistency_claims {
constexpr char kUnit[] = "consistency";
using namespace pe::ledger;

/// The section of the statement a relation belongs to, so that the two cannot disagree.
std::string section_of(std::string_view statement) {
  const Statement* s = statement_with_id(statement);
  if (!s) throw std::logic_error("no statement " + std::string(statement));
  return s->section;
}

std::string numbers_text(const Relation& relation) {
  std::string out;
  for (const Printed& p : relation.numbers)
    out += (out.empty() ? "" : "; ") + p.describe() + (p.what.empty() ? "" : " (" + p.what + ")");
  return out;
}

/// A relation decided: holds when consistent or unable to bite, with the grade in
/// Outcome::consistency; `implication` adds what the printed numbers imply (CLOSURE lists).
Decided<Rule::bound> decided(const Relation& relation, const std::string& implication = "") {
  const Decision d = decide(relation);
  std::string grade;
  switch (d.grade) {
    case Grade::consistent: grade = "consistent; it can bite: " + d.bite; break;
    case Grade::cannot_bite: grade = "cannot bite at the printed precision: " + d.bite; break;
    case Grade::wrong_digit: {
      std::string repairs;
      for (const std::string& r : d.repairs) repairs += (repairs.empty() ? "" : ", or ") + r;
      grade = "inconsistent, a wrong digit: it holds with " + repairs + " (the last digit off by one)";
      break;
    }
    case Grade::changes_conclusion:
      grade = "inconsistent, and it changes a conclusion: no single number with its last digit off by one "
              "(+- 3/2 units) repairs it";
      break;
  }
  const bool holds = d.grade == Grade::consistent || d.grade == Grade::cannot_bite;
  const std::string where = d.grade == Grade::cannot_bite || !holds ? ""
                            : d.at_printed_values ? "; it holds at the printed values themselves"
                                                  : "; it holds only within the rounding intervals, not at the "
                                                    "printed values themselves";
  // The computed value: the comparison itself when it is short, else the compared quantity's interval.
  const std::string computed = d.printed.how.size() <= 160 ? d.printed.how
                               : d.printed.quantity      ? range_text(*d.printed.quantity)
                               : d.printed.satisfiable == Answer::yes ? "some allowed values satisfy every part"
                                                                       : "no allowed values satisfy every part";
  auto o = bound(holds, computed,
                    grade + " | " + d.printed.how + where + " | numbers: " + numbers_text(relation) +
                        (implication.empty() ? "" : " | implies: " + implication));
  // Decided in exact rational arithmetic on the printed intervals, constants enclosed at 200 digits.
  o.certified = true;
  o.enclosure = d.printed.quantity ? range_text(*d.printed.quantity) : "";
  o.consistency = to_string(d.grade);
  return o;
}

/// One relation's claim, in the section of the statement `owner` that states it.
Claim relation_claim(ClaimId id, std::string_view owner, std::string statement, std::string article,
                     std::function<Relation()> relation, std::function<std::string(const Relation&)> implication = {},
                     Verdict expected = Verdict::holds, std::string erratum = "") {
  Claim c = Claim(std::move(id)).in_section(section_of(owner)).stating(std::move(statement))
      .printed_as(std::move(article)).decided_by([relation, implication] {
        const Relation r = relation();
        return decided(r, implication ? implication(r) : "");
      });
  c.expected = expected;
  c.erratum = std::move(erratum);
  return c;
}

/// Every check of a list at once.
Check every(const Box& b, std::size_t pairs, const std::function<Check(const Box&, int)>& check) {
  std::vector<Check> checks;
  for (std::size_t i = 0; i < pairs; ++i) checks.push_back(check(b, int(i)));
  return all_of(checks);
}

/// Pairs of printed numbers that print the same quantity: numbers 2i and 2i + 1 agree
/// (same_quantity: a lone tie between neighbouring values is no agreement).
Relation same_values(const std::vector<std::pair<Printed, Printed>>& pairs) {
  Relation r;
  for (const auto& [a, b] : pairs) {
    r.numbers.push_back(a);
    r.numbers.push_back(b);
  }
  const std::size_t n = pairs.size();
  r.check = [n](const Box& b) { return every(b, n, [](const Box& x, int i) { return same_quantity(x[2 * i], x[2 * i + 1]); }); };
  return r;
}

/// Every printed number a multiple of 1/denominator within its interval.
Relation on_one_grid(std::vector<Printed> numbers, long denominator) {
  const std::size_t n = numbers.size();
  return {std::move(numbers),
          [n, denominator](const Box& b) { return every(b, n, [denominator](const Box& x, int i) {
                                             return on_grid(x[i], denominator);
                                           }); }};
}

/// 200-digit enclosures of the constants some relations read.
Range enclosed(const std::function<Enclosure()>& value) {
  const ScopedEnclosurePrecision digits(200);
  return range_of(value());
}

// ---- The article's tables, as printed (the rows this unit relates) ----

/// The tournament table (60-window): accuracy at 32, 64, 128, 256.
struct TableRow {
  const char* name;
  const char* at[4];
};
const TableRow kTournament[] = {{"no position", {"0.542", "0.367", "0.286", "0.237"}},
                                {"sinusoidal", {"0.996", "0.201", "0.134", "0.142"}},
                                {"learned table", {"0.989", nullptr, nullptr, nullptr}},
                                {"RoPE", {"1.000", "0.947", "0.872", "0.466"}},
                                {"ALiBi", {"0.999", "0.979", "0.978", "0.978"}}};
constexpr int kNone = 0, kSinusoidal = 1, kRope = 3, kAlibi = 4;
constexpr int kLengths[] = {32, 64, 128, 256};
Printed tournament(int row, int length_index) {
  return accuracy(kTournament[row].at[length_index], std::string(kTournament[row].name) + " at " +
                                                         std::to_string(kLengths[length_index]) + " (tournament table)");
}
/// The rescaling table: the RoPE heads under each map at 64, 128, 256 (the plain row is the tournament's).
const TableRow kRescaled[] = {{"PI", {"0.998", "0.980", "0.917"}},
                              {"NTK-aware", {"0.970", "0.966", "0.977"}},
                              {"YaRN", {"0.998", "0.979", "0.914"}}};
constexpr int kPi = 0, kNtk = 1, kYarn = 2;
Printed rescaled(int map, int length_index) {
  return accuracy(kRescaled[map].at[length_index - 1], std::string("RoPE + ") + kRescaled[map].name + " at " +
                                                           std::to_string(kLengths[length_index]) + " (rescaling table)");
}
/// The finance table: all queries, and those answered more than 32 tokens back.
const TableRow kFinance[] = {{"no position", {"0.613", "0.528"}},      {"sinusoidal", {"0.762", "0.712"}},
                             {"RoPE", {"0.878", "0.721"}},             {"ALiBi", {"0.828", "0.580"}},
                             {"RoPE + PI", {"0.991", "0.986"}},        {"RoPE + NTK-aware", {"0.913", "0.788"}},
                             {"RoPE + YaRN", {"0.990", "0.985"}}};
constexpr int kFinanceNone = 0, kFinanceAlibi = 3, kFinancePi = 4, kFinanceNtk = 5, kFinanceYarn = 6;
Printed finance(int row, bool far) {
  return accuracy(kFinance[row].at[far ? 1 : 0],
                  std::string(kFinance[row].name) + (far ? ", far queries" : ", all queries") + " (finance table)");
}
/// The finance study's query counts, printed once and exact, and the near ones they leave (answered
/// at most 32 tokens back), as the article would print a count.
constexpr long kQueries = 19285, kFarQueries = 7895;
const std::string kNearText = count(kQueries - kFarQueries, "").text;
/// The horizon table: each ALiBi head's horizon W/s, accuracy inside half of it and beyond it.
struct HorizonRow {
  const char* name;
  const char* horizon;
  const char* inside;
  const char* beyond;
};
const HorizonRow kHorizon[] = {{"filings, seed 0", "51.1", "1.000", "0.723"},  {"filings, seed 1", "53.0", "1.000", "0.487"},
                               {"filings, seed 2", "55.8", "1.000", "0.319"},  {"synthetic, seed 0", "38.7", "1.000", "0.112"},
                               {"synthetic, seed 1", "35.8", "1.000", "0.087"}, {"synthetic, seed 2", "37.0", "1.000", "0.108"}};
/// The census's wavelengths at d = 16, planes 0 to 7.
const char* const kWavelengths[] = {"6.3", "19.9", "62.8", "198.7", "628.3", "1987", "6283", "19869"};
Printed wavelength(int plane) {
  return rounded(kWavelengths[plane], "wavelength of plane " + std::to_string(plane) + " (census)");
}
/// NTK-aware scaling's per-plane factors at kappa = 4; plane 0's is exactly 1 (Theorem 5 (iii)).
const char* const kNtkFactors[] = {"1", "0.820", "0.673", "0.552", "0.453", "0.371", "0.305", "0.250"};
Printed ntk_factor(int plane) {
  const std::string what = "NTK-aware factor of plane " + std::to_string(plane);
  return plane == 0 ? count(1, what + ", unchanged") : rounded(kNtkFactors[plane], what);
}
/// The ruler table's limit and ruler rows.
const int kOffsets[] = {1, 4, 16, 64, 256, 1024};
const char* const kLimitRow[] = {"0.974", "0.772", "0.635", "0.487", "0.335", "0.185"};
const char* const kRulerRow[] = {"0.937", "0.787", "0.636", "0.486", "0.335", "0.185"};

// ==== 10-overview ====

PE_CLAIM(overview_same_runs) {
  return relation_claim(
      "consistency.table_overview.same_runs", "table.overview",
      "The overview table repeats runs printed later: each cell equals the tournament table's (RoPE with "
      "interpolated positions at 32 is RoPE itself, kappa = 1; at 256 it is the rescaling table's PI)",
      "0.542 0.237 / 0.996 0.142 / 1.000 0.466 / 1.000 0.917 / 0.999 0.978", [] {
        const auto overview = [](const char* v, const std::string& what) { return accuracy(v, what + " (overview)"); };
        return same_values({{overview("0.542", "no position at 32"), tournament(kNone, 0)},
                            {overview("0.237", "no position at 256"), tournament(kNone, 3)},
                            {overview("0.996", "sinusoidal at 32"), tournament(kSinusoidal, 0)},
                            {overview("0.142", "sinusoidal at 256"), tournament(kSinusoidal, 3)},
                            {overview("1.000", "RoPE at 32"), tournament(kRope, 0)},
                            {overview("0.466", "RoPE at 256"), tournament(kRope, 3)},
                            {overview("1.000", "RoPE, interpolated, at 32"), tournament(kRope, 0)},
                            {overview("0.917", "RoPE, interpolated, at 256"), rescaled(kPi, 3)},
                            {overview("0.999", "ALiBi at 32"), tournament(kAlibi, 0)},
                            {overview("0.978", "ALiBi at 256"), tournament(kAlibi, 3)}});
      });
}

PE_CLAIM(overview_filings_same_values) {
  return relation_claim(
      "consistency.overview_filings.same_values", "para.overview_filings",
      "The overview's filings sentence repeats printed values: ALiBi's 0.978 is the tournament's at 256, "
      "and the filings' 0.986 and 0.580 are the finance table's far queries under PI and ALiBi",
      "reads 0.986 ... held at 0.978 ... reads 0.580", [] {
        return same_values({{accuracy("0.978", "ALiBi through the tournament (overview)"), tournament(kAlibi, 3)},
                            {accuracy("0.986", "RoPE + PI past the window (overview)"), finance(kFinancePi, true)},
                            {accuracy("0.580", "ALiBi past the window (overview)"), finance(kFinanceAlibi, true)}});
      });
}

// ==== 20-order ====

PE_CLAIM(bag_heads_within_sampling_error) {
  return relation_claim(
      "consistency.exp_bag.heads_within_sampling_error", "exp.bag",
      "The heads without position match the exact bag-of-tokens reader within sampling error at both printed "
      "lengths: |heads - reader| <= 3 binomial se of the heads' mean over the 2,000 test sequences",
      "0.542 and 0.237 against 0.547 and 0.234", [] {
        return Relation{{tournament(kNone, 0), accuracy("0.547", "exact bag reader at 32"), tournament(kNone, 3),
                         accuracy("0.234", "exact bag reader at 256")},
                        [](const Box& b) {
                          return all_of({within_sampling_error(b[0], b[1], 1, 2000, 3),
                                         within_sampling_error(b[2], b[3], 1, 2000, 3)});
                        }};
      });
}

PE_CLAIM(bag_reader_above_chance) {
  return relation_claim(
      "consistency.exp_bag.reader_above_chance", "exp.bag",
      "The exact bag reader is at least chance, 1 over the 8 symbols: guessing the most frequent marked symbol "
      "is right at least as often as a uniform guess",
      "0.547 and 0.234, with 8 symbols", [] {
        return Relation{{count(8, "symbols"), accuracy("0.547", "exact bag reader at 32"),
                         accuracy("0.234", "exact bag reader at 256")},
                        [](const Box& b) {
                          return all_of({at_most(constant(1) / b[0], b[1]),
                                         at_most(constant(1) / b[0], b[2])});
                        }};
      });
}

// ==== 30-clocks ====

/// The ruler row falls by two doublings' cost from each printed offset to the next (four times it).
Claim doubling_cost(const int& column) {
  const int delta = kOffsets[column];
  return relation_claim(
      "consistency.thm1_readings.doubling_cost.delta" + std::to_string(delta), "thm1.readings",
      "The ruler row falls from Delta = " + std::to_string(delta) + " to " + std::to_string(4 * delta) +
          " by twice the printed cost of one doubling",
      std::string("ruler ") + kRulerRow[column] + " - " + kRulerRow[column + 1] + " = 2 x 0.075", [column] {
        return Relation{{rounded(kRulerRow[column], "ruler at Delta = " + std::to_string(kOffsets[column])),
                         rounded(kRulerRow[column + 1], "ruler at Delta = " + std::to_string(kOffsets[column + 1])),
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
  const int delta = kOffsets[column];
  return relation_claim(
      "consistency.table_ruler.limit_bound.delta" + std::to_string(delta), "table.ruler",
      "Theorem 1 (ii) on the table's own rows: the printed limit and ruler at Delta = " + std::to_string(delta) +
          " differ by no more than the theorem's bound (b = 10^4, the bound enclosed at 200 digits)",
      std::string("|") + kLimitRow[column] + " - " + kRulerRow[column] + "| <= (2/|Delta| + Delta^2/4b^2)/ln b",
      [column, delta] {
        const Range bound = ruler_bound(delta);
        return Relation{{rounded(kLimitRow[column], "limit I_b at Delta = " + std::to_string(delta)),
                         rounded(kRulerRow[column], "ruler at Delta = " + std::to_string(delta))},
                        [bound](const Box& b) {
                          return with_constant(bound, [&b](const Term& c) { return at_most(absolute(b[0] - b[1]), c); });
                        }};
      });
}
PE_CLAIM_FAMILY(limit_bounds, ledger::indices(6), &limit_bound);

PE_CLAIM(ruler_nonuniform_at_256) {
  return relation_claim(
      "consistency.table_ruler.nonuniform_at_256", "table.ruler",
      "At Delta = 256 the d = 512 row lies farther from the limit than the d = 64 row: the limit lies between "
      "them, nearer the d = 64 value",
      "0.313 and 0.354 against the limit 0.335", [] {
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
      "consistency.thm2_condition.falls", "thm2.condition",
      "The window's condition number falls as the window grows from 16 through 64 and 256 to 4096 positions",
      "3.69e29, 7.14e18, 1.24e11, 17.7", [] {
        return Relation{{rounded("3.69e29", "over 16 positions"), rounded("7.14e18", "over 64"),
                         rounded("1.24e11", "over 256"), rounded("17.7", "over 4096")},
                        [](const Box& b) { return decreasing({b[0], b[1], b[2], b[3]}, true); }};
      });
}

PE_CLAIM(condition_first_two_past_double) {
  return relation_claim(
      "consistency.thm2_condition.first_two_past_double", "thm2.condition",
      "Exactly the first two printed condition numbers exceed 1/eps = 2^52 of a double, past which a double "
      "solve keeps no correct digit",
      "the first two are past what double precision resolves", [] {
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
      "consistency.thm2_condition.rank_14", "thm2.condition",
      "A numerical rank of 14 for the 16-dimensional code over 64 positions needs its smallest singular values "
      "below NumPy's cut sigma_1 x 64 x eps, so a condition number above 2^52 / 64; the printed one over 64 "
      "positions is",
      "numerical rank 14; 7.14e18 over 64 positions", [] {
        return Relation{{count(14, "numerical rank"), count(16, "dimension of the code"),
                         count(64, "positions"), rounded("7.14e18", "condition number over 64 positions")},
                        [](const Box& b) {
                          return all_of({less(b[0], b[1]), less(constant(kInverseEps) / b[2], b[3])});
                        }};
      });
}

PE_CLAIM(caveat_fragile_same_values) {
  return relation_claim(
      "consistency.caveat_fragile.same_values", "caveat.fragile",
      "The caveat's condition numbers for windows of 16 and 64 positions are the clocks section's",
      "from 3.69e29 to 7.14e18 for windows of 16 to 64 positions", [] {
        return same_values({{rounded("3.69e29", "16 positions (caveat)"), rounded("3.69e29", "16 positions")},
                            {rounded("7.14e18", "64 positions (caveat)"), rounded("7.14e18", "64 positions")}});
      });
}

// ==== 40-relative ====

PE_CLAIM(t5_last_bucket_onset) {
  return relation_claim(
      "consistency.def3_t5.last_bucket_onset", "def3.t5",
      "The last T5 bucket begins at the first integer offset at or past the printed point where the "
      "logarithmic map reaches it",
      "every offset from 113 on; 16 x 8^(15/16) = 112.4", [] {
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
      "consistency.thm3_bound_values.ratio_D40_to_D60", "thm3.bound_values",
      "The bound at D = 60 is the bound at D = 40 times e^(-s x 20) = e^-10 (s = 1/2; e^-10 enclosed at 200 "
      "digits)",
      "2.54 at D = 40, then 1.15e-4 at 60", [] {
        const Range factor = e_to_the_minus_10();
        return Relation{{rounded("2.54", "bound at D = 40"), rounded("1.15e-4", "bound at D = 60")},
                        [factor](const Box& b) {
                          return with_constant(factor, [&b](const Term& c) { return equal(b[0] * c, b[1]); });
                        }};
      });
}

PE_CLAIM(thm3_ratio_60_to_80) {
  return relation_claim(
      "consistency.thm3_bound_values.ratio_D60_to_D80", "thm3.bound_values",
      "The bound at D = 80 is the bound at D = 60 times e^-10",
      "1.15e-4 at 60 and 5.24e-9 at 80", [] {
        const Range factor = e_to_the_minus_10();
        return Relation{{rounded("1.15e-4", "bound at D = 60"), rounded("5.24e-9", "bound at D = 80")},
                        [factor](const Box& b) {
                          return with_constant(factor, [&b](const Term& c) { return equal(b[0] * c, b[1]); });
                        }};
      });
}

PE_CLAIM(thm3_vacuous_at_horizon) {
  return relation_claim(
      "consistency.thm3_bound_values.vacuous_at_horizon", "thm3.bound_values",
      "The first printed bound sits at the horizon, D = W/s = 20 / (1/2) = 40, and exceeds 1 there: a bound on "
      "a weight that says nothing",
      "W = 20, s = 1/2: 2.54 at D = 40; vacuous inside the horizon", [] {
        return Relation{{count(20, "content width W"), count(40, "offset D"), rounded("2.54", "bound at D = 40")},
                        [](const Box& b) {
                          return all_of({equal(b[0] * constant(2), b[1]), less(constant(1), b[2])});
                        }};
      });
}

// ==== 50-rope ====

PE_CLAIM(envelope_per_plane_delta1) {
  return relation_claim(
      "consistency.prop4_envelope.per_plane_delta1", "prop4.envelope",
      "The envelope's mean at Delta = 1, per plane, is its total over the d/2 = 64 planes",
      "2018 ... or 31.5 per plane", [] {
        return Relation{{rounded("2018", "envelope at Delta = 1"), count(64, "planes, d/2"),
                         rounded("31.5", "per plane")},
                        [](const Box& b) { return equal(b[0] / b[1], b[2]); }};
      });
}

PE_CLAIM(envelope_per_plane_octave) {
  return relation_claim(
      "consistency.prop4_envelope.per_plane_octave2048", "prop4.envelope",
      "The envelope's mean over offsets 2048 to 4095, per plane, is its total over the 64 planes",
      "312 ... or 4.9 per plane", [] {
        return Relation{{rounded("312", "envelope over 2048 to 4095"), count(64, "planes, d/2"),
                         rounded("4.9", "per plane")},
                        [](const Box& b) { return equal(b[0] / b[1], b[2]); }};
      });
}

PE_CLAIM(envelope_triangle_ceiling) {
  return relation_claim(
      "consistency.prop4_envelope.triangle_ceiling", "prop4.envelope",
      "The envelope sum_j |S_j| is at most sum_j j = 64 x 65 / 2 at d = 128, each S_j a sum of j unit "
      "vectors; the printed mean at Delta = 1 is below it",
      "2018 at Delta = 1, d = 128", [] {
        return Relation{{rounded("2018", "envelope at Delta = 1")},
                        [](const Box& b) { return at_most(b[0], constant(64 * 65 / 2)); }};
      });
}

// ==== 60-window ====

PE_CLAIM(tournament_granularity) {
  return relation_claim(
      "consistency.table_tournament.granularity", "table.tournament",
      "A mean of three seeds each read on 2,000 sequences is a multiple of 1/6,000: every printed cell of the "
      "tournament table is one within its rounding",
      "three seeds per scheme ... 2,000 fresh sequences at each length", [] {
        std::vector<Printed> cells;
        for (int row = 0; row < 5; ++row)
          for (int i = 0; i < 4; ++i)
            if (kTournament[row].at[i]) cells.push_back(tournament(row, i));
        return on_one_grid(std::move(cells), 6000);
      });
}

/// CLOSURE's list of the seed triples a relation's printed mean (number 0) and, when given, its
/// lowest and highest seed (numbers 1 and 2) leave, as text.
std::string seed_list(const Relation& r, long n) {
  const bool ranged = r.numbers.size() >= 3;
  const SeedTriples t = seed_triples(r.numbers[0].interval(), ranged ? std::optional(r.numbers[1].interval()) : std::nullopt,
                                     ranged ? std::optional(r.numbers[2].interval()) : std::nullopt, n);
  const auto share = [n](long k) { return decimal_text(Rational(k, n), 6, false); };
  std::string out = std::to_string(t.count) + " triples of counts out of " + std::to_string(n) + " fit;";
  const char* names[] = {"lowest", "middle", "highest"};
  for (int i = 0; i < 3; ++i)
    out += std::string(" ") + names[i] + " " + std::to_string(t.least[i]) + " to " + std::to_string(t.most[i]) +
           " (" + share(t.least[i]) + " to " + share(t.most[i]) + ")" + (i < 2 ? "," : ";");
  out += " first:";
  for (const auto& k : t.first)
    out += " (" + std::to_string(k[0]) + ", " + std::to_string(k[1]) + ", " + std::to_string(k[2]) + ")";
  return out + "; totals " + std::to_string(t.least_total) + " to " + std::to_string(t.most_total) + " of " +
         std::to_string(3 * n) + ": at most " + std::to_string(3 * n - t.least_total) + " reads wrong in all";
}

PE_CLAIM(added_code_projected_within_sampling_error) {
  return relation_claim(
      "consistency.exp_added_code.projected_within_sampling_error", "exp.added_code",
      "With its position-against-position term projected, the added code still reads what the table prints "
      "for it at 64, 128 and 256, within 3 binomial se of the difference of two means over 2,000 sequences",
      "still reads 0.202, 0.136, 0.143; the table 0.201, 0.134, 0.142", [] {
        return Relation{{accuracy("0.202", "projected at 64"), tournament(kSinusoidal, 1),
                         accuracy("0.136", "projected at 128"), tournament(kSinusoidal, 2),
                         accuracy("0.143", "projected at 256"), tournament(kSinusoidal, 3)},
                        [](const Box& b) {
                          return every(b, 3, [](const Box& x, int i) {
                            return within_sampling_error(x[2 * i], x[2 * i + 1], 3, 2000, 3);
                          });
                        }};
      });
}

PE_CLAIM(added_code_shifted_lower_at_256) {
  return relation_claim(
      "consistency.exp_added_code.shifted_lower_at_256", "exp.added_code",
      "The shifted read at 256 is below the shifted read at 64",
      "0.769 at 64, but only 0.313 at 256", [] {
        return Relation{{accuracy("0.313", "shifted at 256"), accuracy("0.769", "shifted at 64")},
                        [](const Box& b) { return less(b[0], b[1]); }};
      });
}

PE_CLAIM(rope_falls) {
  return relation_claim(
      "consistency.exp_tournament_past.rope_falls", "exp.tournament_past",
      "RoPE's printed accuracy falls at every step from 32 to 256",
      "degrades steadily, from 0.947 to 0.466", [] {
        return Relation{{tournament(kRope, 0), tournament(kRope, 1), tournament(kRope, 2), tournament(kRope, 3)},
                        [](const Box& b) { return decreasing({b[0], b[1], b[2], b[3]}, true); }};
      });
}

PE_CLAIM(rope_L256_seeds) {
  return relation_claim(
      "consistency.exp_tournament_past.rope_L256_seeds", "exp.tournament_past",
      "CLOSURE: RoPE's mean 0.466 at 256 and its seeds' range, about 0.31 to 0.68, leave seed triples of counts "
      "out of 2,000; the middle seed is what they imply",
      "0.466; its three seeds range from about 0.31 to 0.68", [] {
        return Relation{{tournament(kRope, 3), approximate("0.31", "about", "lowest seed at 256"),
                         approximate("0.68", "about", "highest seed at 256")},
                        [](const Box& b) { return seed_triples_exist(b[0], b[1], b[2], 2000); }};
      },
      [](const Relation& r) { return seed_list(r, 2000); });
}

PE_CLAIM(rebound_seed0_within_ranges) {
  return relation_claim(
      "consistency.exp_rebound.seed0_within_seed_ranges", "exp.rebound",
      "Seed 0's landmarks fall inside the ranges printed for all three seeds: its first trough, its dive (both "
      "offset and depth) and its peak",
      "r = 34, -55.86 at r = 90, r = 181; troughs at 32 to 34, -55.86, -38.96, -19.39 at 89 to 90, peaks at "
      "181 to 182", [] {
        return Relation{{count(32, "earliest first trough"), count(34, "seed 0's first trough"),
                         count(34, "latest first trough"), count(89, "earliest dive"), count(90, "seed 0's dive"),
                         count(90, "latest dive"), count(181, "earliest peak"), count(181, "seed 0's peak"),
                         count(182, "latest peak"), rounded("-55.86", "seed 0's dive depth"),
                         rounded("-55.86", "the first of the three seeds' depths")},
                        [](const Box& b) {
                          std::vector<Check> checks;
                          for (int i = 0; i < 9; i += 3) {
                            checks.push_back(at_most(b[i], b[i + 1]));
                            checks.push_back(at_most(b[i + 1], b[i + 2]));
                          }
                          checks.push_back(equal(b[9], b[10]));
                          return all_of(checks);
                        }};
      });
}

PE_CLAIM(rebound_falls_to_first_trough) {
  return relation_claim(
      "consistency.exp_rebound.falls_to_first_trough", "exp.rebound",
      "Falling from r = 1 to its first trough at r = 34, seed 0's score passes r = 31 (Figure B's window edge) "
      "between the two",
      "114.10 at r = 1, 7.70 at r = 31, a first trough of 5.91 at r = 34", [] {
        return Relation{{rounded("114.10", "score at r = 1"), rounded("7.70", "score at r = 31 (Figure B)"),
                         rounded("5.91", "first trough, r = 34")},
                        [](const Box& b) { return decreasing({b[0], b[1], b[2]}, false); }};
      });
}

PE_CLAIM(rebound_peak_above_window_edge) {
  return relation_claim(
      "consistency.exp_rebound.peak_above_window_edge", "exp.rebound",
      "The peak past the window outscores a recent marked token sixteen or more back: the printed score at "
      "r = 31 (Figure B) is one",
      "84.14 at r = 181, higher than ... sixteen or more back; 7.70 at r = 31", [] {
        return Relation{{rounded("7.70", "score at r = 31 (Figure B)"), rounded("84.14", "peak at r = 181")},
                        [](const Box& b) { return less(b[0], b[1]); }};
      });
}

PE_CLAIM(rebound_plane2_one_turn) {
  return relation_claim(
      "consistency.exp_rebound.plane2_one_turn", "exp.rebound",
      "Plane 2 bottoms again one wavelength after its first bottom",
      "bottoms near r = 27 ... One turn later ... near r = 90; wavelength 62.8", [] {
        return Relation{{approximate("27", "near", "plane 2's first bottom"), rounded("62.8", "plane 2's wavelength"),
                         approximate("90", "near", "its next bottom")},
                        [](const Box& b) { return equal(b[0] + b[1], b[2]); }};
      });
}

PE_CLAIM(rebound_plane2_three_turns) {
  return relation_claim(
      "consistency.exp_rebound.plane2_three_turns", "exp.rebound",
      "Three turns of plane 2 span three of its wavelengths",
      "three turns of plane 2 (188.5 positions); wavelength 62.8", [] {
        return Relation{{rounded("62.8", "plane 2's wavelength"), rounded("188.5", "three turns of plane 2")},
                        [](const Box& b) { return equal(constant(3) * b[0], b[1]); }};
      });
}

PE_CLAIM(rebound_plane2_half_wavelength) {
  return relation_claim(
      "consistency.exp_rebound.plane2_half_wavelength", "exp.rebound",
      "Plane 2's half wavelength is half of its wavelength",
      "its half wavelength of 31.4; wavelength 62.8", [] {
        return Relation{{rounded("62.8", "plane 2's wavelength"), rounded("31.4", "its half wavelength")},
                        [](const Box& b) { return equal(b[0] / constant(2), b[1]); }};
      });
}

PE_CLAIM(rebound_wavelengths_match_census) {
  return relation_claim(
      "consistency.exp_rebound.wavelengths_match_census", "exp.rebound",
      "The wavelengths the rebound paragraph gives planes 2 and 3 are the census's",
      "whose wavelengths, 62.8 and 198.7", [] {
        return same_values({{rounded("62.8", "plane 2 (rebound paragraph)"), wavelength(2)},
                            {rounded("198.7", "plane 3 (rebound paragraph)"), wavelength(3)}});
      });
}

PE_CLAIM(rebound_plane2_crest) {
  return relation_claim(
      "consistency.exp_rebound.plane2_crest", "exp.rebound",
      "Plane 2's term is a sinusoid in r: it crests half a wavelength after each bottom, so two and a half "
      "wavelengths after its first bottom, near the printed crest",
      "plane 2 bottoms near r = 27; both crest near r = 180; wavelength 62.8", [] {
        return Relation{{approximate("27", "near", "plane 2's first bottom"), rounded("62.8", "plane 2's wavelength"),
                         approximate("180", "near", "the crest")},
                        [](const Box& b) { return equal(b[0] + constant(Rational(5, 2)) * b[1], b[2]); }};
      });
}

PE_CLAIM(rebound_plane3_falling_at_trough) {
  return relation_claim(
      "consistency.exp_rebound.plane3_falling_at_trough", "exp.rebound",
      "Plane 3, cresting near r = 180 with wavelength 198.7, falls between its crest one wavelength earlier and "
      "its bottom half a wavelength earlier: the first trough at r = 34 lies in that stretch",
      "plane 3, still falling, carries the sum to the first trough (r = 34); both crest near r = 180", [] {
        return Relation{{approximate("180", "near", "plane 3's crest"), rounded("198.7", "plane 3's wavelength"),
                         count(34, "first trough")},
                        [](const Box& b) {
                          return all_of({less(b[0] - b[1], b[2]), less(b[2], b[0] - b[1] / constant(2))});
                        }};
      });
}

/// Every second plane's wavelength is ten times longer: lambda_j = 2 pi b^(2j/d), b^(4/d) = 10 at d = 16.
Claim wavelength_decade(const int& plane) {
  return relation_claim(
      "consistency.thm5_factors.wavelength_decade.plane" + std::to_string(plane), "thm5.factors",
      "The census's wavelength of plane " + std::to_string(plane + 2) + " is ten times plane " +
          std::to_string(plane) + "'s (b^(4/d) = 10 at b = 10^4, d = 16)",
      std::string(kWavelengths[plane]) + " and " + kWavelengths[plane + 2], [plane] {
        return Relation{{wavelength(plane), wavelength(plane + 2)},
                        [](const Box& b) { return equal(constant(10) * b[0], b[1]); }};
      });
}
PE_CLAIM_FAMILY(wavelength_decades, ledger::indices(6), &wavelength_decade);

PE_CLAIM(census_whole_turns) {
  return relation_claim(
      "consistency.thm5_factors.whole_turns", "thm5.factors",
      "By Theorem 5 (i) a plane turns a whole circle over offsets 0 to L - 1 = 31 exactly when its wavelength "
      "is at most 31: of the eight printed wavelengths, the first two are and the other six are not",
      "two planes of eight complete a turn; only planes 0 and 1 turn a whole circle in 32 positions",  // quoted
      [] {
        Relation r;
        for (int plane = 0; plane < 8; ++plane) r.numbers.push_back(wavelength(plane));
        r.numbers.push_back(count(32, "training length L"));
        r.check = [](const Box& b) {
          std::vector<Check> checks;
          for (int plane = 0; plane < 8; ++plane)
            checks.push_back(plane < 2 ? at_most(b[plane], b[8] - constant(1)) : less(b[8] - constant(1), b[plane]));
          return all_of(checks);
        };
        return r;
      });
}

/// NTK-aware factors are kappa^(-2j/(d-2)), a geometric sequence: f_(j-1) f_(j+1) = f_j^2.
Claim ntk_geometric(const int& plane) {
  return relation_claim(
      "consistency.thm5_factors.ntk_geometric.plane" + std::to_string(plane), "thm5.factors",
      "NTK-aware scaling's factors kappa^(-2j/(d-2)) are geometric in the plane: the factors of planes " +
          std::to_string(plane - 1) + " and " + std::to_string(plane + 1) + " multiply to the square of plane " +
          std::to_string(plane) + "'s",
      std::string(kNtkFactors[plane - 1]) + " x " + kNtkFactors[plane + 1] + " = " + kNtkFactors[plane] + "^2",
      [plane] {
        return Relation{{ntk_factor(plane - 1), ntk_factor(plane + 1), ntk_factor(plane)},
                        [](const Box& b) { return equal(b[0] * b[1], square(b[2])); }};
      });
}
PE_CLAIM_FAMILY(ntk_geometric_factors, std::vector<int>({1, 2, 3, 4, 5, 6}), &ntk_geometric);

/// YaRN's factor for a plane that turned L / lambda times in training, at kappa = 4, L = 32:
/// 1/kappa + (1 - 1/kappa) gamma, gamma = (L/lambda - 1) / 31 (Definition 5), for 1 <= L/lambda <= 32.
Claim yarn_factor(const int& plane) {
  const char* printed_factor = plane == 0 ? "0.349" : "0.265";
  return relation_claim(
      "consistency.thm5_factors.yarn_plane" + std::to_string(plane), "thm5.factors",
      "YaRN's factor for plane " + std::to_string(plane) + " follows from its printed wavelength by Definition 5 "
      "(gamma rises linearly from 0 to 1 as L/lambda goes from 1 to 32; kappa = 4, L = 32)",
      std::string(printed_factor) + " from the wavelength " + kWavelengths[plane], [plane, printed_factor] {
        return Relation{{wavelength(plane), rounded(printed_factor, "YaRN factor of plane " + std::to_string(plane))},
                        [](const Box& b) {
                          const Term turns = constant(32) / b[0];
                          const Term gamma = (turns - constant(1)) * constant(Rational(1, 31));
                          const Term turns_again = constant(32) / b[0];
                          return all_of({within(turns_again, Range{1, 32}),
                                         equal(constant(Rational(1, 4)) + constant(Rational(3, 4)) * gamma, b[1])});
                        }};
      });
}
PE_CLAIM_FAMILY(yarn_factors, ledger::indices(2), &yarn_factor);

PE_CLAIM(yarn_slow_planes) {
  return relation_claim(
      "consistency.thm5_factors.yarn_slow_planes", "thm5.factors",
      "Planes 2 to 7 turn at most once in training (L/lambda <= 1), so YaRN gives them gamma = 0 and PI's "
      "factor 1/kappa = 0.25",
      "then 0.25 in every other plane", [] {
        Relation r;
        for (int plane = 2; plane < 8; ++plane) r.numbers.push_back(wavelength(plane));
        r.numbers.push_back(rounded("0.25", "YaRN factor of planes 2 to 7"));
        r.check = [](const Box& b) {
          std::vector<Check> checks;
          for (int i = 0; i < 6; ++i) checks.push_back(at_most(constant(32) / b[i], constant(1)));
          checks.push_back(equal(constant(Rational(1, 4)), b[6]));
          return all_of(checks);
        };
        return r;
      });
}

PE_CLAIM(chen_ratio_d128) {
  return relation_claim(
      "consistency.thm5_chen.ratio_d128", "thm5.chen",
      "The corrected bound over the stated one at d = 128 is the printed factor by which the stated constant "
      "is too small (both bounds share every other factor)",
      "1.15 times at d = 128; the stated bound 0.434, the corrected 0.500", [] {
        return Relation{{rounded("0.500", "corrected bound"), rounded("0.434", "stated bound"),
                         rounded("1.15", "factor at d = 128")},
                        [](const Box& b) { return equal(b[0] / b[1], b[2]); }};
      });
}

PE_CLAIM(chen_ordering_d128) {
  return relation_claim(
      "consistency.thm5_chen.ordering_d128", "thm5.chen",
      "The printed error breaks the stated bound and keeps the corrected one",
      "error 0.459, stated bound 0.434, corrected 0.500", [] {
        return Relation{{rounded("0.434", "stated bound"), rounded("0.459", "interpolation error"),
                         rounded("0.500", "corrected bound")},
                        [](const Box& b) { return all_of({less(b[0], b[1]), at_most(b[1], b[2])}); }};
      });
}

PE_CLAIM(rescaling_plain_row) {
  return relation_claim(
      "consistency.table_rescaling.plain_row", "table.rescaling",
      "The rescaling table's unmapped row is the tournament's RoPE row",
      "nothing: 0.947 0.872 0.466", [] {
        return same_values({{accuracy("0.947", "unmapped at 64 (rescaling table)"), tournament(kRope, 1)},
                            {accuracy("0.872", "unmapped at 128 (rescaling table)"), tournament(kRope, 2)},
                            {accuracy("0.466", "unmapped at 256 (rescaling table)"), tournament(kRope, 3)}});
      });
}

PE_CLAIM(rescaling_granularity) {
  return relation_claim(
      "consistency.table_rescaling.granularity", "table.rescaling",
      "Each mapped read is a mean of three seeds on 2,000 sequences: a multiple of 1/6,000 within its rounding",
      "PI, NTK-aware, YaRN at 64, 128, 256", [] {
        std::vector<Printed> cells;
        for (int map = 0; map < 3; ++map)
          for (int i = 1; i < 4; ++i) cells.push_back(rescaled(map, i));
        return on_one_grid(std::move(cells), 6000);
      });
}

Claim map_rescues(const int& map) {
  return relation_claim(
      std::string("consistency.exp_rescaled.rescues.") + (map == kPi ? "pi" : map == kNtk ? "ntk" : "yarn"),
      "exp.rescaled",
      std::string("The ") + kRescaled[map].name + " read lies above the unmapped read at 64, 128 and 256",
      std::string(kRescaled[map].name) + " " + kRescaled[map].at[0] + ", " + kRescaled[map].at[1] + ", " +
          kRescaled[map].at[2] + " against 0.947, 0.872, 0.466",
      [map] {
        Relation r;
        for (int i = 1; i < 4; ++i) {
          r.numbers.push_back(tournament(kRope, i));
          r.numbers.push_back(rescaled(map, i));
        }
        r.check = [](const Box& b) { return every(b, 3, [](const Box& x, int i) { return less(x[2 * i], x[2 * i + 1]); }); };
        return r;
      });
}
PE_CLAIM_FAMILY(maps_rescue, std::vector<int>({kPi, kNtk, kYarn}), &map_rescues);

PE_CLAIM(rescaled_ntk_best_at_256) {
  return relation_claim(
      "consistency.exp_rescaled.ntk_best_at_256", "exp.rescaled",
      "At 256 the NTK-aware read lies above both other maps'",
      "NTK-aware 0.977 against PI 0.917 and YaRN 0.914", [] {
        return Relation{{rescaled(kPi, 3), rescaled(kYarn, 3), rescaled(kNtk, 3)},
                        [](const Box& b) { return less(maximum({b[0], b[1]}), b[2]); }};
      });
}

PE_CLAIM(rescaled_ntk_ties_alibi) {
  return relation_claim(
      "consistency.exp_rescaled.ntk_ties_alibi", "exp.rescaled",
      "At 256 NTK-aware scaling ties ALiBi within sampling error: 3 binomial se of the difference of two means "
      "over the 2,000 shared sequences",
      "its 0.977 ties ALiBi's 0.978 within sampling error", [] {
        return Relation{{rescaled(kNtk, 3), tournament(kAlibi, 3)},
                        [](const Box& b) { return within_sampling_error(b[0], b[1], 3, 2000, 3); }};
      });
}

// ==== 70-side-by-side ====

PE_CLAIM(figure_b_same_values) {
  return relation_claim(
      "consistency.figure_b.same_values", "figure.b",
      "Figure B's readouts repeat printed values: RoPE's accuracies are the tournament's, its scores at r = 1 "
      "and at the peak, and the peak's offset, the rebound paragraph's",
      "1.000, 0.947, 0.872, 0.466; 114.10; 84.14 at r = 181", [] {
        std::vector<std::pair<Printed, Printed>> pairs;
        for (int i = 0; i < 4; ++i)
          pairs.push_back({accuracy(kTournament[kRope].at[i], "RoPE at " + std::to_string(kLengths[i]) + " (Figure B)"),
                           tournament(kRope, i)});
        pairs.push_back({rounded("114.10", "score at r = 1 (Figure B)"), rounded("114.10", "score at r = 1")});
        pairs.push_back({rounded("84.14", "highest score past the window (Figure B)"), rounded("84.14", "peak score")});
        pairs.push_back({count(181, "peak offset (Figure B)"), count(181, "peak offset")});
        return same_values(pairs);
      });
}

// ==== 75-filings ====

PE_CLAIM(finance_far_share) {
  return relation_claim(
      "consistency.filings_corpus.far_share", "filings.corpus",
      "The share of queries answered more than 32 tokens back is the printed percentage of their counts",
      "19,285 queries, of which 7,895, or 41%", [] {
        return Relation{{count(kFarQueries, "queries answered more than 32 back"), count(kQueries, "queries"),
                         percent("41", "their share")},
                        [](const Box& b) { return equal(b[0] / b[1], b[2]); }};
      });
}

PE_CLAIM(finance_granularity) {
  return relation_claim(
      "consistency.table_finance.granularity", "table.finance",
      "A mean of three seeds over 19,285 queries (7,895 far ones) is a multiple of 1/(3 x 19,285) "
      "(1/(3 x 7,895)): every printed accuracy of the finance table is one within its rounding",
      "accuracy, as the mean of three seeds, over 19,285 and 7,895 queries", [] {
        Relation r;
        for (int row = 0; row < 7; ++row)
          for (bool far : {false, true}) r.numbers.push_back(finance(row, far));
        r.check = [](const Box& b) {
          return every(b, 14, [](const Box& x, int i) { return on_grid(x[i], 3 * (i % 2 ? kFarQueries : kQueries)); });
        };
        return r;
      });
}

/// The accuracy on the queries answered at most 32 tokens back that an accuracy on all queries and
/// one on the far ones imply: (all N - far F) / (N - F); the counts are exact, so they enter as constants.
Term near_accuracy(const Term& all, const Term& far) {
  return (all * constant(kQueries) - far * constant(kFarQueries)) / constant(kQueries - kFarQueries);
}

Claim near_queries(const int& row) {
  std::string name = kFinance[row].name;
  for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : '_';
  while (name.find("__") != std::string::npos) name.erase(name.find("__"), 1);
  return relation_claim(
      "consistency.table_finance.near_queries." + name, "table.finance",
      "The finance table's two columns for " + std::string(kFinance[row].name) + " imply an accuracy on the " +
          kNearText + " queries answered at most 32 back, (all x 19,285 - far x 7,895) / " + kNearText +
          ", that lies in [0, 1]",
      std::string(kFinance[row].at[0]) + " on all, " + kFinance[row].at[1] + " on the far queries", [row] {
        return Relation{{finance(row, false), finance(row, true)},
                        [](const Box& b) { return within(near_accuracy(b[0], b[1]), Range{0, 1}); }};
      });
}
PE_CLAIM_FAMILY(near_queries_family, ledger::indices(7), &near_queries);

PE_CLAIM(finance_far_complement) {
  return relation_claim(
      "consistency.filings_far.complement", "filings.far",
      "The share of far queries ALiBi loses is the complement of its far accuracy",
      "loses 42% of the filing's far queries; ALiBi 0.580", [] {
        return Relation{{finance(kFinanceAlibi, true), percent("42", "far queries lost")},
                        [](const Box& b) { return equal(constant(1) - b[0], b[1]); }};
      });
}

PE_CLAIM(horizon_inside_half_count) {
  return relation_claim(
      "consistency.filings_horizon.inside_half_count", "filings.horizon",
      "Every head's half horizon is under 32 tokens, so its queries inside half of it are among the " + kNearText +
          " answered at most 32 back (19,285 - 7,895): room for more than 8,000 each",
      "more than 8,000 each; horizons 51.1 to 55.8 and 35.8 to 38.7; 19,285 queries, 7,895 far", [] {
        Relation r;
        for (const HorizonRow& row : kHorizon) r.numbers.push_back(rounded(row.horizon, std::string(row.name) + ", horizon"));
        r.numbers.push_back(count(8000, "queries inside half, each head more than"));
        r.check = [](const Box& b) {
          std::vector<Check> checks;
          for (int i = 0; i < 6; ++i) checks.push_back(less(b[i] / constant(2), constant(32)));
          checks.push_back(less(b[6], constant(kQueries - kFarQueries)));
          return all_of(checks);
        };
        return r;
      });
}

PE_CLAIM(horizon_every_query) {
  return relation_claim(
      "consistency.filings_horizon.every_query", "filings.horizon",
      "Answering every query inside half the horizon is an accuracy of exactly 1, which each printed 1.000 "
      "allows; over more than 8,000 queries, 1.000 alone would allow a few errors",
      "every head answers every query; 1.000 inside half, for all six heads", [] {
        Relation r;
        for (const HorizonRow& row : kHorizon) r.numbers.push_back(accuracy(row.inside, std::string(row.name) + ", inside half"));
        r.check = [](const Box& b) { return every(b, 6, [](const Box& x, int i) { return within(x[i], Range::point(1)); }); };
        return r;
      },
      [](const Relation& r) {
        const Rational missed = 1 - r.numbers[0].interval().lo;
        return "1.000 allows a share " + decimal_text(missed, 3, true) + " of errors: up to " +
               decimal_text(missed * (kQueries - kFarQueries), 4, true) + " over the " + kNearText +
               " queries at most 32 back";
      });
}

PE_CLAIM(horizon_beyond_degrades) {
  return relation_claim(
      "consistency.filings_horizon.beyond_degrades", "filings.horizon",
      "Every head reads worse beyond its horizon than inside half of it",
      "beyond the horizon every head degrades", [] {
        Relation r;
        for (const HorizonRow& row : kHorizon) {
          r.numbers.push_back(accuracy(row.beyond, std::string(row.name) + ", beyond"));
          r.numbers.push_back(accuracy(row.inside, std::string(row.name) + ", inside half"));
        }
        r.check = [](const Box& b) { return every(b, 6, [](const Box& x, int i) { return less(x[2 * i], x[2 * i + 1]); }); };
        return r;
      });
}

PE_CLAIM(horizon_filings_above_synthetic) {
  return relation_claim(
      "consistency.filings_horizon.filings_above_synthetic", "filings.horizon",
      "Beyond the horizon, the worst head trained on filings reads better than the best trained on the "
      "synthetic stream",
      "filings 0.723, 0.487, 0.319; synthetic 0.112, 0.087, 0.108", [] {
        Relation r;
        for (const HorizonRow& row : kHorizon) r.numbers.push_back(accuracy(row.beyond, std::string(row.name) + ", beyond"));
        r.check = [](const Box& b) { return less(maximum({b[3], b[4], b[5]}), minimum({b[0], b[1], b[2]})); };
        return r;
      });
}

PE_CLAIM(exhibit_positions_from_64) {
  return relation_claim(
      "consistency.filings_exhibit.positions_from_64", "filings.exhibit",
      "The positions from token 64 to the end of the exhibit filing number its length less 64",
      "at all 145 positions from token 64 on ... every one of the filing's 209 positions", [] {
        return Relation{{count(209, "positions of the filing"), count(64, "Fenwick's token"),
                         count(145, "positions from token 64 on")},
                        [](const Box& b) { return equal(b[0] - b[1], b[2]); }};
      });
}

PE_CLAIM(exhibit_answers_across_seeds) {
  return relation_claim(
      "consistency.filings_exhibit.answers_across_seeds", "filings.exhibit",
      "The answers across seeds are the four plain heads (no position, added code, RoPE, ALiBi) times three seeds",
      "5 of the 12 answers across seeds", [] {
        return Relation{{count(4, "plain heads asked"), count(3, "seeds"), count(12, "answers across seeds")},
                        [](const Box& b) { return equal(b[0] * b[1], b[2]); }};
      });
}

PE_CLAIM(exhibit_fenwick_answers) {
  return relation_claim(
      "consistency.filings_exhibit.fenwick_answers", "filings.exhibit",
      "Seed 0's four heads all answer Marrow Freight, so the Fenwick answers come from seeds 1 and 2, which "
      "split: more than none and fewer than all of their 12 - 4 answers",
      "In seed 0 ... all answer Marrow Freight ... Seeds 1 and 2 split, and 5 of the 12 answers across seeds are "
      "Fenwick",  // quoted
      [] {
        return Relation{{count(5, "Fenwick answers"), count(12, "answers across seeds"), count(4, "seed 0's answers")},
                        [](const Box& b) { return all_of({less(constant(0), b[0]), less(b[0], b[1] - b[2])}); }};
      });
}

PE_CLAIM(exhibit_clause_is_far) {
  return relation_claim(
      "consistency.filings_exhibit.clause_is_far", "filings.exhibit",
      "The clause forty-five tokens after token 64 lies inside the 209-token filing, and its answer lies more "
      "than 32 tokens back: a far query",
      "at token 64 Fenwick Logistics ... Forty-five tokens later; 209 positions; more than 32 tokens back", [] {
        return Relation{{count(64, "Fenwick's token"), count(45, "tokens to the clause"), count(209, "positions")},
                        [](const Box& b) {
                          return all_of({less(b[0] + b[1], b[2]), less(constant(32), b[1])});
                        }};
      });
}

PE_CLAIM(exhibit_first_named_near_share) {
  return relation_claim(
      "consistency.filings_exhibit.first_named_near_share", "filings.exhibit",
      "The first-named answer's shares of all and of far queries imply a share of the " + kNearText +
          " near queries that lies in [0, 1]",
      "right on 76.6% of all held-out queries and 73.9% of the far ones",  // quoted
      [] {
        return Relation{{percent("76.6", "first-named company right, all queries"),
                         percent("73.9", "first-named company right, far queries")},
                        [](const Box& b) { return within(near_accuracy(b[0], b[1]), Range{0, 1}); }};
      });
}

// ==== 85-caveats ====

PE_CLAIM(caveat_winner_depends_on_task) {
  return relation_claim(
      "consistency.caveat_heuristics.winner_depends_on_task", "caveat.heuristics",
      "Which rescaling wins depends on the task: on the synthetic stream at 256 NTK-aware scaling reads above "
      "PI and YaRN; on the filings PI reads above NTK-aware scaling and YaRN, on all queries and on the far ones",
      "NTK-aware scaling on the synthetic stream, PI on the filings", [] {
        return Relation{{rescaled(kPi, 3), rescaled(kYarn, 3), rescaled(kNtk, 3), finance(kFinanceNtk, false),
                         finance(kFinanceYarn, false), finance(kFinancePi, false), finance(kFinanceNtk, true),
                         finance(kFinanceYarn, true), finance(kFinancePi, true)},
                        [](const Box& b) {
                          return every(b, 3, [](const Box& x, int i) {
                            return less(maximum({x[3 * i], x[3 * i + 1]}), x[3 * i + 2]);
                          });
                        }};
      });
}

PE_CLAIM(caveat_toy_same_setup) {
  return relation_claim(
      "consistency.caveat_toy.same_setup", "caveat.toy",
      "The caveat's toy is the tournament as described: one head of width 16, eight symbols, three seeds",
      "one attention head of width 16, eight symbols, and three seeds", [] {
        return same_values({{count(16, "width (caveat)"), count(16, "width d (tournament)")},
                            {count(8, "symbols (caveat)"), count(8, "symbols (tournament)")},
                            {count(3, "seeds (caveat)"), count(3, "seeds per scheme (tournament)")}});
      });
}

PE_CLAIM(caveat_common_same_values) {
  return relation_claim(
      "consistency.caveat_common.same_values", "caveat.common",
      "The caveat's fall of the added code at twice its training length is the tournament table's",
      "falls from 0.996 to 0.201 at twice its training length", [] {
        return same_values({{accuracy("0.996", "added code at 32 (caveat)"), tournament(kSinusoidal, 0)},
                            {accuracy("0.201", "added code at 64 (caveat)"), tournament(kSinusoidal, 1)}});
      });
}

PE_CLAIM(caveat_horizon_filings_range) {
  return relation_claim(
      "consistency.caveat_horizon.filings_range", "caveat.horizon",
      "The caveat's range for the heads trained on filings runs from the lowest to the highest of their "
      "accuracies beyond the horizon",
      "0.32 to 0.72 for the heads trained on filings; 0.723, 0.487, 0.319", [] {
        Relation r;
        for (int seed = 0; seed < 3; ++seed)
          r.numbers.push_back(accuracy(kHorizon[seed].beyond, std::string(kHorizon[seed].name) + ", beyond"));
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
      "consistency.caveat_horizon.synthetic_about", "caveat.horizon",
      "Each head trained on the synthetic stream reads about 0.1 beyond its horizon",
      "about 0.1 for those trained on the synthetic stream; 0.112, 0.087, 0.108", [] {
        Relation r;
        for (int seed = 3; seed < 6; ++seed)
          r.numbers.push_back(accuracy(kHorizon[seed].beyond, std::string(kHorizon[seed].name) + ", beyond"));
        r.numbers.push_back(approximate("0.1", "about", "synthetic heads beyond (caveat)"));
        r.check = [](const Box& b) { return every(b, 3, [](const Box& x, int i) { return within(x[i], x.ranges[3]); }); };
        return r;
      });
}

// ==== Implementation ====

PE_CLAIM(models_sum) {
  return relation_claim(
      "consistency.impl_harness.models_sum", "impl.harness",
      "The models trained are the tournament's and the filings'",
      "27 single-head models ..., 15 for the tournament and 12 for the filings", [] {
        return Relation{{count(15, "tournament models"), count(12, "filings models"), count(27, "models")},
                        [](const Box& b) { return equal(b[0] + b[1], b[2]); }};
      });
}

PE_CLAIM(tournament_models) {
  return relation_claim(
      "consistency.impl_harness.tournament_models", "impl.harness",
      "The tournament's models are its five schemes times three seeds",
      "15 for the tournament; each of five schemes ..., three seeds per scheme", [] {
        return Relation{{count(5, "schemes"), count(3, "seeds per scheme"), count(15, "tournament models")},
                        [](const Box& b) { return equal(b[0] * b[1], b[2]); }};
      });
}

PE_CLAIM(filings_models) {
  return relation_claim(
      "consistency.impl_harness.filings_models", "impl.harness",
      "The filings' models are the finance table's readers that are trained, its seven less the three maps "
      "that re-read the RoPE heads, times three seeds",
      "12 for the filings; seven readers, three of them rescalings; the mean of three seeds", [] {
        return Relation{{count(7, "readers in the finance table"), count(3, "rescalings of the RoPE heads"),
                         count(3, "seeds"), count(12, "filings models")},
                        [](const Box& b) { return equal((b[0] - b[1]) * b[2], b[3]); }};
      });
}

}  // namespace pe::theorems::consistency_claims
