/// @file
/// @brief Interval enclosures (MPFI) of the instance that refutes the constant in Chen and
/// colleagues' interpolation bound, so that the refutation is a proof rather than a float
/// comparison.
///
/// The instance: all \f$h_j = 1\f$, so \f$a(\Delta) = \sum_j \cos(\Delta\theta_j)\f$ with
/// \f$\theta_j = b^{-2j/d}\f$, interpolated linearly between \f$\Delta_1 = 0\f$ and
/// \f$\Delta_2 = 1\f$ and read at an offset \f$\Delta \in (0, 1)\f$. Three numbers are enclosed:
/// - the interpolation error \f$|a(\Delta) - (1-\Delta)a(0) - \Delta a(1)|\f$;
/// - the stated bound \f$\tfrac12\Delta(1-\Delta)\max_j|h_j|\; d/(4\ln b)\f$;
/// - the corrected bound \f$\tfrac12\Delta(1-\Delta)\sum_j|h_j|\theta_j^2\f$ (Theorem 5 (iv)).
///
/// Every operation is an MPFI interval operation (outward rounding at the working precision),
/// so each true value lies inside its enclosure, and comparing endpoints decides the
/// inequalities with certainty.
#pragma once

#include <string>

namespace pe {

/// A closed interval [lower, upper] known to contain a real number.
struct DoubleEnclosure {
  double lower = 0;  ///< the MPFI left endpoint rounded down to double
  double upper = 0;  ///< the MPFI right endpoint rounded up to double
  std::string text;  ///< "[left, right]" with 25 significant digits per endpoint
  /// A point of the interval (the midpoint), for printing and for the `printed` rule.
  double midpoint() const { return 0.5 * (lower + upper); }
};

/// The three enclosures and the two certified comparisons.
struct ChenCounterexample {
  DoubleEnclosure error;                    ///< interpolation error at delta
  DoubleEnclosure stated_bound;             ///< with Chen and colleagues' constant d/(4 ln b)
  DoubleEnclosure corrected_bound;          ///< with sum_j theta_j^2
  bool error_exceeds_stated = false;  ///< left end of error > right end of stated bound
  bool error_within_corrected = false;  ///< right end of error < left end of corrected bound
  int precision_bits = 0;             ///< MPFI working precision
};

/// Encloses the instance at head width d, base b and offset delta in (0, 1) with MPFI at
/// `precision_bits` bits. Throws std::invalid_argument for odd or non-positive d, base <= 1,
/// delta outside (0, 1) or precision_bits < 64.
ChenCounterexample chen_counterexample(int d, double base, double delta,
                                       int precision_bits = 256);

}  // namespace pe
