/// @file
/// @brief The article's printed numbers against each other. Each printed number enters as the
/// closed interval its digits allow, a relation among them is decided in exact rational interval
/// arithmetic (GMP rationals), and a relation that no allowed values satisfy is graded.
///
/// Exactness. Every printed number is a rational, so are the ends of its interval, and interval
/// arithmetic on rationals is exact. A quantity built from printed numbers in which each number
/// appears once (Term enforces it) has as its interval exactly the set of values it takes over
/// the box (the single-use theorem of interval arithmetic: the expression is continuous and
/// monotone in each argument separately), so "some allowed values satisfy the relation" is
/// decided exactly, ties included: 188.5 against three turns of 62.8 compares [188.45, 188.55]
/// with [188.25, 188.55]. Transcendental constants (e^-10, ln 10^4) enter through a 200-digit
/// MPFI enclosure whose ends are converted to rationals exactly; a relation is decided at both
/// ends and must come out the same (with_constant).
///
/// Grades. A relation that some allowed values satisfy is *consistent*; when no change of one
/// printed number to another value at its precision could break it either, it *cannot bite*
/// (a granularity of 1/6,000 against three printed decimals). A relation that no allowed values
/// satisfy is a *wrong digit* when widening one printed number's interval to its last digit's
/// neighbours (one unit either way) makes it hold, and otherwise *changes a conclusion*.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/multiprecision/gmp.hpp>

#include "enclosure.hpp"

namespace pe {

using Rational = boost::multiprecision::mpq_rational;

/// The closed interval [lo, hi] of exact rationals (lo <= hi).
struct Range {
  Rational lo, hi;
  static Range point(const Rational& value) { return {value, value}; }
  static Range between(const Rational& lo, const Rational& hi);  ///< throws when lo > hi
  bool contains(const Rational& x) const { return lo <= x && x <= hi; }
};

/// An MPFI enclosure as an exact rational interval (its ends converted exactly).
Range range_of(const Enclosure& enclosure);

/// The decimal text of an exact rational with `digits` significant digits, rounded down or up.
std::string decimal_text(const Rational& x, int digits, bool round_up);
/// "[lo, hi]" with seven significant digits, the ends rounded outward; a point that twenty digits
/// print exactly as "[value]".
std::string range_text(const Range& range);

/// How the article's digits are read.
enum class Precision {
  rounded,      ///< half a unit of the last printed digit either way ("0.580", "62.8", "41%")
  approximate,  ///< qualified by "about" or "near": half a unit of its last nonzero digit
  exact,        ///< a count ("19,285", "12"): exactly the value
};

/// One number as the article prints it.
struct Printed {
  std::string text;  ///< as printed: "0.580", "41%", "19,285", "about 0.31", "near 180"
  std::string what;  ///< what it is and where: "ALiBi, far queries (finance table)"
  Rational value;
  Rational unit;     ///< one unit of the place its digits are read at (1 for a count)
  Precision precision = Precision::rounded;
  /// The values it could take at all (an accuracy: 0 to 1; a count: at least 0); none: unbounded.
  std::optional<Rational> least, most;
  bool percent_display = false;  ///< printed as a percentage

  /// The values its digits allow.
  Range interval() const;
    /// The value printed `units` units of its last digit away, and the values a printed value allows.
  Rational moved_value(long units) const { return value + units * unit; }
  Range interval_at(const Rational& printed_value) const;
  /// The wrong-digit neighbourhood: the values allowed if its last digit were off by at most one
  /// (value +- 3/2 unit; a count +- 1), within its domain.
  Range neighbourhood() const;
  /// "0.580 [0.5795, 0.5805]": the text and its interval.
  std::string describe() const;
  /// A value at this number's precision as the article would print it ("0.579", "40%").
  std::string text_at(const Rational& printed_value) const;
};

/// "0.580", "1.15e-4", "6.3": half a unit of the last printed digit.
Printed rounded(std::string_view literal, std::string what);
/// As rounded, for an accuracy or share: its domain is [0, 1].
Printed accuracy(std::string_view literal, std::string what);
/// "41" printed as "41%": 0.41 +- 0.005, domain [0, 1].
Printed percent(std::string_view literal, std::string what);
/// A number the article qualifies ("about 0.31", "near r = 180"): read at its last nonzero
/// digit, so a trailing zero of an integer is no digit (180: +- 5). `qualifier` is the word.
Printed approximate(std::string_view literal, std::string qualifier, std::string what);
/// A count: exact, at least 0; its text gets thousands separators as the article prints them.
Printed count(long value, std::string what);

/// The exact value of a decimal literal ("0.748", "3.69e29"), validated as parse_printed_decimal.
Rational exact_decimal(std::string_view literal);

/// A quantity computed from printed numbers, with the indices of the numbers it reads. Combining
/// two terms that read the same number throws std::logic_error: a number used twice would make
/// the interval wider than the set of values the quantity takes, and the decisions inexact.
struct Term {
  Range range;
  std::vector<int> reads;
};
Term constant(const Rational& value);
Term operator+(const Term& a, const Term& b);
Term operator-(const Term& a, const Term& b);
Term operator*(const Term& a, const Term& b);
Term operator/(const Term& a, const Term& b);  ///< throws when b's range holds 0
Term square(const Term& a);
Term absolute(const Term& a);
Term minimum(const std::vector<Term>& terms);
Term maximum(const std::vector<Term>& terms);

/// The intervals of a relation's printed numbers, in its order; operator[] reads one as a term.
struct Box {
  std::vector<Range> ranges;
  Term operator[](int index) const;
};

/// Whether some values in the box satisfy a check.
enum class Answer { no, yes, undecided };

/// A check decided on one box.
struct Check {
  Answer satisfiable = Answer::undecided;
  bool everywhere = false;        ///< every value in the box satisfies it
  std::vector<int> reads;         ///< the printed numbers it reads
  std::string how;                ///< the intervals compared
  std::optional<Range> quantity;  ///< the compared quantity's interval, when there is one
};

/// quantity in target (closed).
Check within(const Term& quantity, const Range& target);
/// a = b for some allowed values: their intervals meet.
Check equal(const Term& a, const Term& b);
/// a and b print one quantity: equal, and not only in a lone tie. Two neighbouring values at one
/// precision (0.541, 0.542) share just the point half-way between them, and a single rounding rule
/// sends that point to one of the two, so intervals of positive width meeting only there disagree.
Check same_quantity(const Term& a, const Term& b);
/// a < b (strict) or a <= b.
Check less(const Term& a, const Term& b);
Check at_most(const Term& a, const Term& b);
/// terms[0] > terms[1] > ... (strict) or >= : decided jointly (for every i < j the lower end of
/// terms[j] lies below, or at, the upper end of terms[i]).
Check decreasing(const std::vector<Term>& terms, bool strict);
/// |a - b| <= k se, se^2 = sum of p (1 - p) / n over the sampled terms (`sampled` of a, b: 1, 2
/// or both 3), each p the value of its interval nearest 1/2 (the largest standard error the
/// digits allow); decided on squares, so exactly.
Check within_sampling_error(const Term& a, const Term& b, int sampled, long n, int k);
/// Some multiple of 1/denominator lies in the term's interval.
Check on_grid(const Term& value, long denominator);
/// Three seeds, each right on k_i of n items: is there a triple k_1 <= k_2 <= k_3 whose mean
/// (k_1 + k_2 + k_3) / 3n lies in `mean`, with k_1 / n in `lowest` and k_3 / n in `highest`
/// when given?
Check seed_triples_exist(const Term& mean, const std::optional<Term>& lowest, const std::optional<Term>& highest,
                         long n);
/// Every check holds at once. Checks reading disjoint numbers are independent; checks that share
/// numbers are decided together only when all but one of them hold everywhere (else undecided).
Check all_of(const std::vector<Check>& checks);
/// Decides `check` with a constant known only as an enclosure: at both its ends, as points; the
/// two must agree (else undecided). The check must be monotone in the constant.
Check with_constant(const Range& enclosure, const std::function<Check(const Term&)>& check);

/// The triples of seed_triples_exist (CLOSURE: every sample fitting a mean and a range): their
/// count, the span of each seed's value, and a few of them.
struct SeedTriples {
  long count = 0;
  long least_total = 0, most_total = 0;  ///< the smallest and largest k_1 + k_2 + k_3
  std::array<long, 3> least{}, most{};  ///< the smallest and largest k_i of each seed, sorted
  std::vector<std::array<long, 3>> first;  ///< up to `keep` of them, in order
};
SeedTriples seed_triples(const Range& mean, const std::optional<Range>& lowest, const std::optional<Range>& highest,
                         long n, std::size_t keep = 4);

/// A relation among printed numbers: its numbers and the check that decides it on a box.
struct Relation {
  std::vector<Printed> numbers;
  std::function<Check(const Box&)> check;
};

enum class Grade { consistent, cannot_bite, wrong_digit, changes_conclusion };
/// "consistent", "cannot bite", "wrong digit", "changes a conclusion".
std::string to_string(Grade grade);

struct Decision {
  Grade grade = Grade::consistent;
  Check printed;                 ///< the check on the printed intervals
  bool at_printed_values = false;  ///< it also holds at the printed values themselves
  /// Wrong digit: each number whose neighbourhood makes it hold, with its neighbourhood.
  std::vector<std::string> repairs;
  /// Consistent: one printed number changed to another value at its precision that breaks it;
  /// cannot bite: what was searched.
  std::string bite;
};

/// Decides a relation: on the printed intervals, at the printed values, then its grade. Throws
/// std::logic_error when the printed intervals leave it undecided.
Decision decide(const Relation& relation);

}  // namespace pe
