#include "printed_relations.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <mpfr.h>
#include <numeric>
#include <stdexcept>

#include "printed_decimal.hpp"

namespace pe {
namespace {

using Integer = boost::multiprecision::mpz_int;

Rational power_of_ten(int exponent) {
  const Rational p(boost::multiprecision::pow(Integer(10), static_cast<unsigned>(std::abs(exponent))));
  return exponent >= 0 ? p : Rational(1) / p;
}

Integer floor_of(const Rational& x) {
  const Integer n = boost::multiprecision::numerator(x), d = boost::multiprecision::denominator(x);
  Integer q = n / d;  // truncates toward zero; the denominator is positive
  if (q * d > n) --q;
  return q;
}
Integer ceil_of(const Rational& x) { return -floor_of(-x); }

/// x rounded to a long, for the small counts the seed enumerations use.
long to_long(const Integer& x) { return x.convert_to<long>(); }

std::vector<int> merged(const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<int> out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  if (out.size() != a.size() + b.size())
    throw std::logic_error("a quantity reads one printed number twice: its interval would be wider than "
                           "the values it takes; write the relation so that each number appears once");
  return out;
}

Range hull(const Range& a, const Range& b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }

Range product(const Range& a, const Range& b) {
  const Rational p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return {*std::min_element(std::begin(p), std::end(p)), *std::max_element(std::begin(p), std::end(p))};
}

/// The largest p (1 - p) over a range clipped to [0, 1]: at the value nearest 1/2.
Rational largest_binomial_variance(const Range& r) {
  const Rational half(1, 2);
  const Rational p = r.hi < half ? std::max(r.hi, Rational(0)) : r.lo > half ? std::min(r.lo, Rational(1)) : half;
  return p * (1 - p);
}

std::string sign_text(bool holds, const char* yes, const char* no) { return holds ? yes : no; }

}  // namespace

Range Range::between(const Rational& lo, const Rational& hi) {
  if (lo > hi) throw std::invalid_argument("Range::between: lower end above upper end");
  return {lo, hi};
}

Range range_of(const Enclosure& enclosure) {
  mpfr_t end;
  mpfr_init2(end, mpfi_get_prec(enclosure.backend().data()));
  Range r;
  mpfi_get_left(end, enclosure.backend().data());
  mpfr_get_q(r.lo.backend().data(), end);
  mpfi_get_right(end, enclosure.backend().data());
  mpfr_get_q(r.hi.backend().data(), end);
  mpfr_clear(end);
  return r;
}

std::string decimal_text(const Rational& x, int digits, bool round_up) {
  if (digits < 1 || digits > 60) throw std::invalid_argument("decimal_text: digits must be in 1..60");
  if (x == 0) return "0";
  const bool negative = x < 0;
  const Rational magnitude = negative ? Rational(-x) : x;
  // 10^e <= magnitude < 10^(e+1): started from the bit lengths of its numerator and
  // denominator (off by at most one), so the search below takes a step or two, not |e|.
  const long bits = static_cast<long>(boost::multiprecision::msb(boost::multiprecision::numerator(magnitude))) -
                    static_cast<long>(boost::multiprecision::msb(boost::multiprecision::denominator(magnitude)));
  int e = static_cast<int>(std::floor(static_cast<double>(bits) * 0.30102999566398120));
  while (magnitude >= power_of_ten(e + 1)) ++e;
  while (magnitude < power_of_ten(e)) --e;
  // Rounding toward +infinity rounds a negative number's magnitude down.
  const Rational scaled = magnitude / power_of_ten(e - digits + 1);
  Integer m = round_up != negative ? ceil_of(scaled) : floor_of(scaled);
  if (m == Integer(boost::multiprecision::pow(Integer(10), digits))) {  // 9.99.. carried to 10.0..
    m /= 10;
    ++e;
  }
  std::string d = m.str();
  while (d.size() > 1 && d.back() == '0') d.pop_back();
  std::string out = negative ? "-" : "";
  if (e < -5 || e >= digits + 2) {
    out += d.substr(0, 1) + (d.size() > 1 ? "." + d.substr(1) : "");
    return out + "e" + (e < 0 ? "-" : "+") + (std::abs(e) < 10 ? "0" : "") + std::to_string(std::abs(e));
  }
  if (e < 0) return out + "0." + std::string(-e - 1, '0') + d;
  if (d.size() <= std::size_t(e) + 1) return out + d + std::string(e + 1 - d.size(), '0');
  return out + d.substr(0, e + 1) + "." + d.substr(e + 1);
}

std::string range_text(const Range& r) {
  if (r.lo == r.hi && decimal_text(r.lo, 20, false) == decimal_text(r.lo, 20, true))
    return "[" + decimal_text(r.lo, 20, false) + "]";  // a point printed exactly
  return "[" + decimal_text(r.lo, 7, false) + ", " + decimal_text(r.hi, 7, true) + "]";
}

Rational exact_decimal(std::string_view literal) {
  parse_printed_decimal(literal);  // validates the literal
  std::string text(literal);
  const auto e = text.find_first_of("eE");
  const int exponent = e == std::string::npos ? 0 : std::stoi(text.substr(e + 1));
  std::string mantissa = text.substr(0, e);
  const bool negative = !mantissa.empty() && mantissa.front() == '-';
  if (negative) mantissa.erase(0, 1);
  const auto dot = mantissa.find('.');
  int decimals = 0;
  if (dot != std::string::npos) {
    decimals = static_cast<int>(mantissa.size() - dot - 1);
    mantissa.erase(dot, 1);
  }
  // GMP reads a leading 0 as an octal prefix: the digits are decimal.
  mantissa.erase(0, std::min(mantissa.find_first_not_of('0'), mantissa.size() - 1));
  const Rational value = Rational(Integer(mantissa)) * power_of_ten(exponent - decimals);
  return negative ? -value : value;
}

Range Printed::interval_at(const Rational& printed_value) const {
  const Rational half = precision == Precision::exact ? Rational(0) : unit / 2;
  Range r{printed_value - half, printed_value + half};
  if (least) r.lo = std::max(r.lo, *least);
  if (most) r.hi = std::min(r.hi, *most);
  if (r.lo > r.hi) throw std::logic_error("the printed value " + text + " lies outside its domain");
  return r;
}

Range Printed::interval() const { return interval_at(value); }

Range Printed::neighbourhood() const {
  const Rational reach = precision == Precision::exact ? Rational(1) : 3 * unit / 2;
  Range r{value - reach, value + reach};
  if (least) r.lo = std::max(r.lo, *least);
  if (most) r.hi = std::min(r.hi, *most);
  return r;
}

std::string Printed::text_at(const Rational& printed_value) const {
  Rational shown = percent_display ? printed_value * 100 : printed_value;
  Rational shown_unit = percent_display ? unit * 100 : unit;
  // A number printed in scientific notation ("3.69e29") keeps its exponent: 3.68e29, not 30 digits.
  std::string exponent;
  for (std::size_t e = 1; e + 1 < text.size() && exponent.empty(); ++e)
    if ((text[e] == 'e' || text[e] == 'E') && std::isdigit(static_cast<unsigned char>(text[e - 1])) &&
        (std::isdigit(static_cast<unsigned char>(text[e + 1])) || text[e + 1] == '-' || text[e + 1] == '+'))
      exponent = text.substr(e, text.find_first_not_of("eE+-0123456789", e + 1) - e);
  if (!exponent.empty()) {
    const Rational scale = power_of_ten(std::stoi(exponent.substr(1)));
    shown /= scale;
    shown_unit /= scale;
  }
  int decimals = 0;
  for (Rational u = shown_unit; u < 1 && decimals < 40; u *= 10) ++decimals;
  mpfr_t f;
  mpfr_init2(f, 512);
  mpfr_set_q(f, shown.backend().data(), MPFR_RNDN);
  char buffer[128];
  mpfr_snprintf(buffer, sizeof buffer, "%.*Rf", decimals, f);
  mpfr_clear(f);
  return std::string(buffer) + exponent + (percent_display ? "%" : "");
}

std::string Printed::describe() const {
  return precision == Precision::exact ? text : text + " " + range_text(interval());
}

Printed rounded(std::string_view literal, std::string what) {
  const PrintedDecimal parsed = parse_printed_decimal(literal);
  Printed p;
  p.text = std::string(literal);
  p.what = std::move(what);
  p.value = exact_decimal(literal);
  p.unit = power_of_ten(parsed.half_unit_exponent + 1);  // half a unit is 5 x 10^e
  return p;
}

Printed accuracy(std::string_view literal, std::string what) {
  Printed p = rounded(literal, std::move(what));
  p.least = Rational(0);
  p.most = Rational(1);
  return p;
}

Printed percent(std::string_view literal, std::string what) {
  Printed p = accuracy(literal, std::move(what));
  p.value /= 100;
  p.unit /= 100;
  p.text += "%";
  p.percent_display = true;
  return p;
}

Printed approximate(std::string_view literal, std::string qualifier, std::string what) {
  Printed p = rounded(literal, std::move(what));
  p.precision = Precision::approximate;
  p.text = qualifier + " " + std::string(literal);
  if (literal.find_first_of(".eE") == std::string_view::npos && p.value != 0) {
    // An integer's trailing zeros place it, they are not digits read to the unit: 180 is near 180 +- 5.
    Rational unit = 1;
    for (std::string_view digits = literal; !digits.empty() && digits.back() == '0'; digits.remove_suffix(1))
      unit *= 10;
    p.unit = unit;
  }
  return p;
}

Printed count(long value, std::string what) {
  if (value < 0) throw std::invalid_argument("count: a count is at least 0");
  std::string digits = std::to_string(value), text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0 && digits.size() > 4) text += ',';
    text += digits[i];
  }
  Printed p;
  p.text = text;
  p.what = std::move(what);
  p.value = value;
  p.unit = 1;
  p.precision = Precision::exact;
  p.least = Rational(0);
  return p;
}

Term constant(const Rational& value) { return {Range::point(value), {}}; }
Term operator+(const Term& a, const Term& b) {
  return {{a.range.lo + b.range.lo, a.range.hi + b.range.hi}, merged(a.reads, b.reads)};
}
Term operator-(const Term& a, const Term& b) {
  return {{a.range.lo - b.range.hi, a.range.hi - b.range.lo}, merged(a.reads, b.reads)};
}
Term operator*(const Term& a, const Term& b) { return {product(a.range, b.range), merged(a.reads, b.reads)}; }
Term operator/(const Term& a, const Term& b) {
  if (b.range.contains(0)) throw std::invalid_argument("a printed quantity divided by an interval holding 0");
  return {product(a.range, {1 / b.range.hi, 1 / b.range.lo}), merged(a.reads, b.reads)};
}
Term square(const Term& a) {
  const Rational l = a.range.lo * a.range.lo, h = a.range.hi * a.range.hi;
  return {a.range.contains(0) ? Range{0, std::max(l, h)} : Range{std::min(l, h), std::max(l, h)}, a.reads};
}
Term absolute(const Term& a) {
  const Rational l = abs(a.range.lo), h = abs(a.range.hi);
  return {a.range.contains(0) ? Range{0, std::max(l, h)} : Range{std::min(l, h), std::max(l, h)}, a.reads};
}
Term minimum(const std::vector<Term>& terms) {
  Term out = terms.at(0);
  for (std::size_t i = 1; i < terms.size(); ++i)
    out = {{std::min(out.range.lo, terms[i].range.lo), std::min(out.range.hi, terms[i].range.hi)},
           merged(out.reads, terms[i].reads)};
  return out;
}
Term maximum(const std::vector<Term>& terms) {
  Term out = terms.at(0);
  for (std::size_t i = 1; i < terms.size(); ++i)
    out = {{std::max(out.range.lo, terms[i].range.lo), std::max(out.range.hi, terms[i].range.hi)},
           merged(out.reads, terms[i].reads)};
  return out;
}

Term Box::operator[](int index) const { return {ranges.at(index), {index}}; }

Check within(const Term& q, const Range& target) {
  Check c;
  const bool meets = q.range.lo <= target.hi && target.lo <= q.range.hi;
  c.satisfiable = meets ? Answer::yes : Answer::no;
  c.everywhere = target.lo <= q.range.lo && q.range.hi <= target.hi;
  c.reads = q.reads;
  c.how = range_text(q.range) + sign_text(meets, " meets ", " misses ") + range_text(target);
  c.quantity = q.range;
  return c;
}

Check equal(const Term& a, const Term& b) {
  const Term d = a - b;
  Check c = within(d, Range::point(0));
  c.everywhere = d.range.lo == 0 && d.range.hi == 0;
  c.how = range_text(a.range) + sign_text(c.satisfiable == Answer::yes, " meets ", " misses ") + range_text(b.range);
  return c;
}

Check same_quantity(const Term& a, const Term& b) {
  Check c = equal(a, b);
  const Rational lo = std::max(a.range.lo, b.range.lo), hi = std::min(a.range.hi, b.range.hi);
  const bool lone_tie = c.satisfiable == Answer::yes && lo == hi && a.range.lo < a.range.hi && b.range.lo < b.range.hi;
  if (lone_tie) {
    c.satisfiable = Answer::no;
    c.how = range_text(a.range) + " and " + range_text(b.range) + " share only the tie " + range_text(Range::point(lo)) +
            ", which one rounding rule prints as one of them";
  }
  return c;
}

namespace {
Check compare(const Term& a, const Term& b, bool strict) {
  const Term d = b - a;
  Check c;
  const bool some = strict ? d.range.hi > 0 : d.range.hi >= 0;
  c.satisfiable = some ? Answer::yes : Answer::no;
  c.everywhere = strict ? d.range.lo > 0 : d.range.lo >= 0;
  c.reads = d.reads;
  c.how = range_text(a.range) + (strict ? " < " : " <= ") + range_text(b.range) +
          sign_text(some, c.everywhere ? " for every allowed value" : " for some allowed values", " for no allowed value");
  c.quantity = d.range;
  return c;
}
}  // namespace

Check less(const Term& a, const Term& b) { return compare(a, b, true); }
Check at_most(const Term& a, const Term& b) { return compare(a, b, false); }

Check decreasing(const std::vector<Term>& terms, bool strict) {
  Check c;
  bool some = true, every = true;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    c.reads = merged(c.reads, terms[i].reads);
    c.how += (i ? (strict ? " > " : " >= ") : "") + range_text(terms[i].range);
    for (std::size_t j = i + 1; j < terms.size(); ++j)
      some = some && (strict ? terms[j].range.lo < terms[i].range.hi : terms[j].range.lo <= terms[i].range.hi);
    if (i + 1 < terms.size())
      every = every && (strict ? terms[i].range.lo > terms[i + 1].range.hi : terms[i].range.lo >= terms[i + 1].range.hi);
  }
  c.satisfiable = some ? Answer::yes : Answer::no;
  c.everywhere = every;
  c.how += sign_text(some, every ? ": in order for every allowed value" : ": in order for some allowed values",
                     ": in order for no allowed values");
  return c;
}

Check within_sampling_error(const Term& a, const Term& b, int sampled, long n, int k) {
  if (sampled < 1 || sampled > 3 || n < 1 || k < 1) throw std::invalid_argument("within_sampling_error: bad arguments");
  const Term d = a - b;
  Rational variance = 0;
  if (sampled & 1) variance += largest_binomial_variance(a.range);
  if (sampled & 2) variance += largest_binomial_variance(b.range);
  variance /= n;
  const Rational allowed = Rational(k * k) * variance;
  Check c = within(square(d), Range{0, allowed});
  c.how = "difference " + range_text(d.range) + ", squared " + range_text(square(d).range) + sign_text(
              c.satisfiable == Answer::yes, " meets ", " misses ") + "[0, (" + std::to_string(k) + " se)^2 = " +
          decimal_text(allowed, 7, true) + "], se^2 = " + decimal_text(variance, 7, true) + " (the largest p (1 - p) " +
          "the digits allow, over " + std::to_string(n) + " items)";
  c.quantity = d.range;
  return c;
}

Check on_grid(const Term& value, long denominator) {
  const Integer first = ceil_of(value.range.lo * denominator), last = floor_of(value.range.hi * denominator);
  Check c;
  c.satisfiable = first <= last ? Answer::yes : Answer::no;
  c.everywhere = false;
  c.reads = value.reads;
  c.how = range_text(value.range) + (first <= last ? " holds K/" + std::to_string(denominator) + " for K = " +
                                                       first.str() + (first < last ? " to " + last.str() : "")
                                                 : " holds no multiple of 1/" + std::to_string(denominator));
  c.quantity = value.range;
  return c;
}

namespace {
/// The integers k with k / n in r, clipped to [0, n]; first > last when none.
std::pair<long, long> counts_in(const Range& r, long n) {
  return {std::max(0L, to_long(ceil_of(r.lo * n))), std::min(n, to_long(floor_of(r.hi * n)))};
}
}  // namespace

Check seed_triples_exist(const Term& mean, const std::optional<Term>& lowest, const std::optional<Term>& highest,
                         long n) {
  if (lowest.has_value() != highest.has_value())
    throw std::invalid_argument("seed_triples_exist: give both the lowest and the highest seed, or neither");
  Check c;
  c.reads = mean.reads;
  const auto [sum_first, sum_last] = counts_in(mean.range, 3 * n);
  bool found = false;
  if (!lowest) {
    found = sum_first <= sum_last;  // any total splits into three counts of at most n each
  } else {
    c.reads = merged(merged(c.reads, lowest->reads), highest->reads);
    const auto [k1_first, k1_last] = counts_in(lowest->range, n);
    const auto [k3_first, k3_last] = counts_in(highest->range, n);
    // With k_1 and k_3 fixed, k_2 runs over [k_1, k_3], so the total over [2 k_1 + k_3, k_1 + 2 k_3].
    for (long k1 = k1_first; k1 <= k1_last && !found; ++k1)
      for (long k3 = std::max(k3_first, k1); k3 <= k3_last && !found; ++k3)
        found = std::max(2 * k1 + k3, sum_first) <= std::min(k1 + 2 * k3, sum_last);
  }
  c.satisfiable = found ? Answer::yes : Answer::no;
  c.how = "total of the three seeds' counts in [" + std::to_string(sum_first) + ", " + std::to_string(sum_last) +
          "] of " + std::to_string(3 * n) +
          (lowest ? ", lowest in " + range_text(lowest->range) + ", highest in " + range_text(highest->range) : "") +
          (found ? ": some triple fits" : ": no triple fits");
  c.quantity = mean.range;
  return c;
}

SeedTriples seed_triples(const Range& mean, const std::optional<Range>& lowest, const std::optional<Range>& highest,
                         long n, std::size_t keep) {
  const auto [sum_first, sum_last] = counts_in(mean, 3 * n);
  const auto [k1_first, k1_last] = lowest ? counts_in(*lowest, n) : std::pair<long, long>{0, n};
  const auto [k3_first, k3_last] = highest ? counts_in(*highest, n) : std::pair<long, long>{0, n};
  SeedTriples out;
  long steps = 0;
  for (long total = sum_first; total <= sum_last; ++total)
    for (long k1 = std::max(k1_first, total - 2 * n); k1 <= std::min(k1_last, total / 3); ++k1)
      for (long k3 = std::max(k3_first, (total - k1 + 1) / 2); k3 <= std::min(k3_last, total - 2 * k1); ++k3) {
        if (++steps > 50'000'000) throw std::invalid_argument("seed_triples: too many triples to list");
        const long k2 = total - k1 - k3;
        if (k2 < k1 || k2 > k3) continue;
        const std::array<long, 3> t = {k1, k2, k3};
        if (out.count++ == 0) {
          out.least = out.most = t;
          out.least_total = total;
        }
        out.most_total = total;
        for (int i = 0; i < 3; ++i) {
          out.least[i] = std::min(out.least[i], t[i]);
          out.most[i] = std::max(out.most[i], t[i]);
        }
        if (out.first.size() < keep) out.first.push_back(t);
      }
  return out;
}

Check all_of(const std::vector<Check>& checks) {
  // Components: checks joined when they read a common printed number.
  std::vector<int> component(checks.size());
  std::iota(component.begin(), component.end(), 0);
  const auto root = [&component](int i) {
    while (component[i] != i) i = component[i] = component[component[i]];
    return i;
  };
  for (std::size_t i = 0; i < checks.size(); ++i)
    for (std::size_t j = i + 1; j < checks.size(); ++j) {
      std::vector<int> common;
      std::set_intersection(checks[i].reads.begin(), checks[i].reads.end(), checks[j].reads.begin(),
                            checks[j].reads.end(), std::back_inserter(common));
      if (!common.empty()) component[root(int(i))] = root(int(j));
    }
  Check c;
  c.satisfiable = Answer::yes;
  c.everywhere = true;
  std::vector<int> somewhere_only(checks.size(), 0);
  for (std::size_t i = 0; i < checks.size(); ++i) {
    const Check& k = checks[i];
    std::vector<int> reads;
    std::set_union(c.reads.begin(), c.reads.end(), k.reads.begin(), k.reads.end(), std::back_inserter(reads));
    c.reads = reads;
    c.how += (i ? "; " : "") + k.how;
    c.everywhere = c.everywhere && k.everywhere;
    if (k.satisfiable == Answer::no) c.satisfiable = Answer::no;
    else if (k.satisfiable == Answer::undecided && c.satisfiable == Answer::yes) c.satisfiable = Answer::undecided;
    if (k.satisfiable == Answer::yes && !k.everywhere) ++somewhere_only[root(int(i))];
  }
  // Two checks on shared numbers that each hold only somewhere may hold at different points.
  if (c.satisfiable == Answer::yes &&
      std::any_of(somewhere_only.begin(), somewhere_only.end(), [](int n) { return n > 1; }))
    c.satisfiable = Answer::undecided;
  if (checks.size() == 1) c.quantity = checks.front().quantity;
  return c;
}

Check with_constant(const Range& enclosure, const std::function<Check(const Term&)>& check) {
  const Check low = check(constant(enclosure.lo)), high = check(constant(enclosure.hi));
  Check c = low;
  if (low.satisfiable != high.satisfiable) c.satisfiable = Answer::undecided;
  c.everywhere = low.everywhere && high.everywhere;
  if (low.quantity && high.quantity) c.quantity = hull(*low.quantity, *high.quantity);
  c.how = low.how + " (the constant's enclosure " + range_text(enclosure) +
          (c.satisfiable == Answer::undecided ? " straddles the decision)" : ": decided alike at both ends)");
  return c;
}

std::string to_string(Grade grade) {
  switch (grade) {
    case Grade::consistent: return "consistent";
    case Grade::cannot_bite: return "cannot bite";
    case Grade::wrong_digit: return "wrong digit";
    case Grade::changes_conclusion: return "changes a conclusion";
  }
  return "?";
}

namespace {

/// The moves of a printed number the bite search tries, nearest first: every other value at its
/// precision within a bounded domain of at most kExhaustive values, else +-2^j units.
constexpr long kExhaustive = 5000;

struct Moves {
  std::vector<long> units;
  bool exhaustive = false;
};

Moves moves_of(const Printed& p) {
  Moves m;
  if (p.least && p.most) {
    const Rational span = (*p.most - *p.least) / p.unit;
    if (span <= kExhaustive) {
      m.exhaustive = true;
      const long below = to_long(floor_of((p.value - *p.least) / p.unit));
      const long above = to_long(floor_of((*p.most - p.value) / p.unit));
      for (long step = 1; step <= std::max(below, above); ++step) {
        if (step <= below) m.units.push_back(-step);
        if (step <= above) m.units.push_back(step);
      }
      return m;
    }
  }
  for (long step = 1; step <= (1L << 40); step *= 2)
    for (long sign : {-1L, 1L}) {
      const Rational v = p.moved_value(sign * step);
      if ((p.least && v < *p.least) || (p.most && v > *p.most)) continue;
      m.units.push_back(sign * step);
    }
  return m;
}

std::optional<std::string> find_bite(const Relation& relation, const Box& printed, std::string& searched) {
  std::optional<std::string> best;
  long best_steps = 0;
  for (std::size_t i = 0; i < relation.numbers.size(); ++i) {
    const Printed& p = relation.numbers[i];
    const Moves moves = moves_of(p);
    searched += std::string(i ? "; " : "") + p.text + ": " +
                (moves.exhaustive ? "every value at its precision in its domain"
                                  : "moves of 2^j units of its last digit");
    for (long m : moves.units) {
      if (best && std::abs(m) >= best_steps) break;
      Box box = printed;
      box.ranges[i] = p.interval_at(p.moved_value(m));
      if (relation.check(box).satisfiable != Answer::no) continue;
      best = p.what + " printed as " + p.text_at(p.moved_value(m)) + " instead of " + p.text;
      best_steps = std::abs(m);
      break;
    }
  }
  return best;
}

}  // namespace

Decision decide(const Relation& relation) {
  Box printed, points;
  for (const Printed& p : relation.numbers) {
    printed.ranges.push_back(p.interval());
    points.ranges.push_back(Range::point(p.value));
  }
  Decision d;
  d.printed = relation.check(printed);
  if (d.printed.satisfiable == Answer::undecided)
    throw std::logic_error("a relation the printed intervals leave undecided: " + d.printed.how);
  d.at_printed_values = relation.check(points).satisfiable == Answer::yes;
  if (d.printed.satisfiable == Answer::yes) {
    std::string searched;
    if (const auto bite = find_bite(relation, printed, searched)) {
      d.grade = Grade::consistent;
      d.bite = "it would fail with " + *bite;
    } else {
      d.grade = Grade::cannot_bite;
      d.bite = "no change of one printed number breaks it (searched " + searched + ")";
    }
    return d;
  }
  for (std::size_t i = 0; i < relation.numbers.size(); ++i) {
    Box box = printed;
    box.ranges[i] = relation.numbers[i].neighbourhood();
    if (relation.check(box).satisfiable == Answer::yes)
      d.repairs.push_back(relation.numbers[i].text + " within " + range_text(box.ranges[i]));
  }
  d.grade = d.repairs.empty() ? Grade::changes_conclusion : Grade::wrong_digit;
  return d;
}

}  // namespace pe
