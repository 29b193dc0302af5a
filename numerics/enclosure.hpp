/// @file
/// @brief Rigorous enclosures: MPFI intervals through Boost.Multiprecision, with the precision
/// chosen at run time. Every operation rounds outward, so a computed interval contains the
/// exact value of the expression it evaluates (for functions MPFI implements: + - * /, sqrt,
/// exp, log, cos, sin, pow, and the constants pi, ln 2 and Euler's gamma).
#pragma once

#include <boost/multiprecision/mpfi.hpp>
#include <string>
#include <vector>

#include "scoped_precision.hpp"

namespace pe {

using Enclosure = boost::multiprecision::number<boost::multiprecision::mpfi_float_backend<0>,
                                                boost::multiprecision::et_off>;

/// Sets Enclosure's default precision (decimal digits) for the lifetime of the guard.
using ScopedEnclosurePrecision = ScopedDefaultPrecision<Enclosure>;

/// An endpoint of an MPFI interval as decimal text with `digits` significant digits, rounded
/// outward (down for the left end, up for the right), so the printed interval still contains
/// the enclosed value.
std::string endpoint_text(mpfi_srcptr x, bool right, int digits);

/// "[lo, hi]" with both endpoints rounded outward to `digits` significant digits.
std::string interval_text(const Enclosure& x, int digits);

/// The exact value of a decimal literal ("0.7375", "5e-4"), enclosed at the precision in force.
Enclosure enclose_decimal(const std::string& literal);

/// The interval from the left end of the enclosure of decimal `lower` to the right end of the
/// enclosure of decimal `upper` (for endpoints already rounded outward, such as
/// endpoint_text's), at the precision in force. Throws std::invalid_argument when lower
/// exceeds upper.
Enclosure enclose_between(const std::string& lower, const std::string& upper);
/// [lower, upper] from two doubles (exact: doubles are representable at any MPFI precision
/// of 53 bits or more). Throws std::invalid_argument when lower exceeds upper.
Enclosure enclose_between(double lower, double upper);

/// An enclosure of max(x_1, ..., x_n): [max of the left ends, max of the right ends].
/// Throws std::invalid_argument for an empty list.
Enclosure enclosure_of_max(const std::vector<Enclosure>& values);

/// |re + i im| = sqrt(re^2 + im^2), with each square enclosed as a square (never below 0).
Enclosure modulus(const Enclosure& re, const Enclosure& im);

/// The clock frequency omega_j = b^(-2j/d) of plane j (clocks.hpp's frequencies), enclosed at
/// the precision in force.
Enclosure frequency_enclosed(int d, int j, double base);

/// Euler's constant gamma, enclosed at the precision in force.
Enclosure euler_gamma();
/// pi, enclosed at the precision in force.
Enclosure pi_enclosed();

}  // namespace pe
