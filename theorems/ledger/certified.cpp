#include "certified.hpp"

#include <cmath>
#include <string>

namespace pe::ledger {
namespace {

/// upper(a) < lower(b): every point of a lies below every point of b. Boost's lower() and
/// upper() copy an endpoint at the interval's own precision, so the comparison is exact.
bool wholly_below(const Enclosure& a, const Enclosure& b) { return upper(a) < lower(b); }

std::string digits_text(unsigned digits) { return std::to_string(digits) + " digits"; }

}  // namespace

Placement place(const Enclosure& value, std::string_view printed) {
  const Enclosure p = enclose_decimal(std::string(printed));
  const Enclosure h = enclose_decimal(ledger::half_unit_text(printed));
  const Enclosure low = p - h, high = p + h;  // the rounding interval's edges, each enclosed
  if (wholly_below(low, value) && wholly_below(value, high)) return Placement::inside;
  if (wholly_below(value, low) || wholly_below(high, value)) return Placement::outside;
  return Placement::straddles;
}

ledger::Decided<ledger::Rule::printed> printed_enclosed(const ledger::PrintedValue& article, double floating,
                                                         const std::function<Enclosure()>& enclose) {
  const std::string rounding = "[" + article.text + " -+ " + ledger::half_unit_text(article.text) + "]";
  std::string tried;
  for (unsigned digits : kCertificationDigits) {
    const ScopedEnclosurePrecision precision(digits);
    const Enclosure value = enclose();
    const Placement where = place(value, article.text);
    const std::string interval = interval_text(value, 20);
    if (where == Placement::straddles) {
      tried += (tried.empty() ? "" : ", ") + digits_text(digits);
      continue;
    }
    ledger::Decided<ledger::Rule::printed> o{
        {ledger::format(floating), where == Placement::inside ? ledger::Verdict::holds : ledger::Verdict::fails, ""}};
    o.certified = true;
    o.enclosure = interval;
    const Enclosure as_double(floating);  // exact: a double is a point interval
    const bool float_inside = !wholly_below(as_double, value) && !wholly_below(value, as_double);
    compare_floating_route(o, article, floating, "the floating-point value");
    o.detail = "enclosure " + interval + " at " + digits_text(digits) +
               (tried.empty() ? "" : " (straddled an edge at " + tried + ")") + " lies " +
               (where == Placement::inside ? "inside" : "wholly outside") + " the rounding interval " +
               rounding + "; double value " + ledger::format(floating) +
               (float_inside ? " inside the enclosure"
                             : ", " + ledger::format(std::fabs(floating - static_cast<double>(median(value)))) +
                                   " from its midpoint");
    return o;
  }
  auto o = ledger::printed(article, floating);
  o.detail = "undecided: the enclosure straddles an edge of " + rounding + " at every precision up to " +
             digits_text(kCertificationDigits[std::size(kCertificationDigits) - 1]) +
             "; decided in floating point: " + o.detail;
  return o;
}

void compare_floating_route(ledger::Outcome& outcome, const ledger::PrintedValue& article, double value,
                            std::string_view route) {
  const ScopedEnclosurePrecision precision(kCertificationDigits[0]);
  const bool enclosure_inside = outcome.verdict == ledger::Verdict::holds;
  // A double is a point interval, exact at any MPFI precision: it lies inside, outside, or
  // exactly on an edge (which the printed rule does not count as inside).
  const bool value_inside = place(Enclosure(value), article.text) == Placement::inside;
  if (value_inside == enclosure_inside) return;
  const std::string text = std::string(route) + " " + ledger::format(value) + " lies " +
                           (value_inside ? "inside" : "outside") + " the rounding interval of " +
                           article.text + ", the enclosure " +
                           (enclosure_inside ? "inside" : "wholly outside");
  outcome.floating_disagreement +=
      (outcome.floating_disagreement.empty() ? "" : "; ") + text;
}

ledger::Decided<ledger::Rule::bound> bound_enclosed(bool strictly_greater,
                               const std::function<std::pair<Enclosure, Enclosure>()>& sides,
                               std::string_view what_a, std::string_view what_b) {
  const std::string relation = strictly_greater ? " > " : " <= ";
  std::string tried;
  for (unsigned digits : kCertificationDigits) {
    const ScopedEnclosurePrecision precision(digits);
    const auto [a, b] = sides();
    // a > b is proved by b wholly below a, refuted by a wholly below-or-touching b; a <= b the
    // other way round.
    const bool b_below_a = wholly_below(b, a);
    const bool a_at_most_b = upper(a) <= lower(b);
    if (!b_below_a && !a_at_most_b) {
      tried += (tried.empty() ? "" : ", ") + digits_text(digits);
      continue;
    }
    const bool holds = strictly_greater ? b_below_a : a_at_most_b;
    auto o = ledger::bound(
        holds, interval_text(a, 12),
        std::string(what_a) + " in " + interval_text(a, 20) + ", " + std::string(what_b) + " in " +
            interval_text(b, 20) + " at " + digits_text(digits) +
            (tried.empty() ? "" : " (overlapping at " + tried + ")") + ": " + std::string(what_a) +
            relation + std::string(what_b) + (holds ? " holds" : " fails") + " on the endpoints");
    o.certified = true;
    o.enclosure = interval_text(a, 20);
    return o;
  }
  const ScopedEnclosurePrecision precision(kCertificationDigits[0]);
  const auto [a, b] = sides();
  const double ma = static_cast<double>(median(a)), mb = static_cast<double>(median(b));
  const bool holds = strictly_greater ? ma > mb : ma <= mb;
  return ledger::bound(holds, ledger::format(ma),
                       "undecided: the enclosures overlap at every precision up to " +
                           digits_text(kCertificationDigits[std::size(kCertificationDigits) - 1]) +
                           "; decided on the midpoints " + ledger::format(ma) + relation + ledger::format(mb));
}

}  // namespace pe::ledger
