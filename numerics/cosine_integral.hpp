/// @file
/// @brief The cosine integral Ci(x) = -\f$\int_x^\infty \cos t\,dt/t\f$, which Boost.Math lacks.
///
/// Evaluated in MPFR at the target precision plus guard bits: the power series
/// \f$\mathrm{Ci}(x) = \gamma + \ln x + \sum_{k\ge1} (-x^2)^k / (2k\,(2k)!)\f$ for small and moderate
/// x (its terms grow to about \f$e^x\f$ before they fall, so about \f$x\log_2 e\f$ guard bits are
/// added), and the auxiliary-function form \f$\mathrm{Ci}(x) = f(x)\sin x - g(x)\cos x\f$ with the
/// asymptotic series of f and g once their smallest term is below the target precision.
#pragma once

#include <mpfr.h>

#include "enclosure.hpp"
#include "multiprecision.hpp"

namespace pe {

/// Ci(x) for x > 0 in double precision (computed in MPFR, correctly rounded to within an ulp
/// or two). Throws std::invalid_argument for x <= 0 or non-finite x.
double cosine_integral(double x);

/// Ci(x) for x > 0 at 200 significant digits.
Mp200 cosine_integral(const Mp200& x);

/// Ci(x) into `result` at `result`'s precision, which must be at least 20 bits (six decimal
/// digits, the ledger's minimum); x > 0.
void cosine_integral(mpfr_ptr result, mpfr_srcptr x);

/// A rigorous enclosure of Ci(x) for an enclosed x > 0, at the precision in force: the power
/// series summed in interval arithmetic at that precision plus x log10(e) + 10 guard digits
/// (its terms grow to about e^x before they fall), stopped once the terms decrease in magnitude
/// for good and the next is below the target precision, with that next term's magnitude added
/// as the alternating tail's bound. Throws std::invalid_argument unless x > 0 and x <= 10^5.
Enclosure cosine_integral_enclosed(const Enclosure& x);

}  // namespace pe
