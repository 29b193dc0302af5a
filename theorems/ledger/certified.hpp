/// @file
/// @brief Printed and bound claims decided on rigorous enclosures (MPFI, numerics/enclosure.hpp)
/// instead of floating-point values: the ledger's certified rule helpers.
///
/// A printed value p with half unit h stands for the rounding interval [p - h, p + h]. An
/// enclosure wholly inside it proves the printed digits; one wholly outside proves them wrong;
/// one that straddles an edge decides nothing, and the helper recomputes it at the next
/// precision of kCertificationDigits. The floating-point value is kept beside the enclosure,
/// with the gap between them.
#pragma once

#include <functional>
#include <string_view>

#include "enclosure.hpp"
#include "ledger.hpp"

namespace pe::ledger {

/// The precisions (decimal digits) an enclosure is computed at, in order, until it decides.
inline constexpr unsigned kCertificationDigits[] = {30, 60, 120, 240};

/// Where an enclosure lies against a printed value's rounding interval.
enum class Placement { inside, outside, straddles };
Placement place(const Enclosure& value, std::string_view printed);

/// Rule::printed on an enclosure: `enclose` computes the quantity at the precision in force
/// (Enclosure::default_precision, set here to each of kCertificationDigits in turn). Undecided
/// at the last precision, the claim is decided on `floating` and marked not certified.
ledger::Decided<ledger::Rule::printed> printed_enclosed(const ledger::PrintedValue& article, double floating,
                                                         const std::function<Enclosure()>& enclose);

/// Records in `outcome` (a certified printed outcome) whether `value`, computed by the
/// floating-point route `route` ("double JacobiSVD"), lands in the printed value's rounding
/// interval as the enclosure does; when it does not, Outcome::floating_disagreement says how.
/// printed_enclosed calls it for its own `floating` value.
void compare_floating_route(ledger::Outcome& outcome, const ledger::PrintedValue& article, double value,
                            std::string_view route);

/// Rule::bound on enclosures: `sides` returns (a, b) at the precision in force and the claim is
/// a > b (`strictly_greater`) or a <= b. Decided on endpoints: a > b holds when lower(a) >
/// upper(b) and fails when upper(a) <= lower(b); undecided at every precision, it is decided on
/// the midpoints and marked not certified. `what` names the two sides ("cos", "0.999").
ledger::Decided<ledger::Rule::bound> bound_enclosed(bool strictly_greater,
                               const std::function<std::pair<Enclosure, Enclosure>()>& sides,
                               std::string_view what_a, std::string_view what_b);

}  // namespace pe::ledger
