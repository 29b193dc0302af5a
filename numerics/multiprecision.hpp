/// @file
/// @brief The project's 200-digit MPFR scalar and the Eigen traits that let Eigen 3.4's
/// decompositions run on it.
///
/// Boost 1.74's own `boost/multiprecision/eigen.hpp` lacks `infinity()`, `quiet_NaN()` and
/// `digits()`, which BDCSVD, JacobiSVD and SelfAdjointEigenSolver call, so it is not used; the
/// traits below build on Eigen::GenericNumTraits instead. Include this header before any Eigen
/// matrix of Mp200 is instantiated, and keep such code in few translation units (each costs
/// seconds of compile time).
#pragma once

#include <Eigen/Core>
#include <boost/multiprecision/mpfr.hpp>
#include <limits>

#include "scoped_precision.hpp"

namespace pe {

/// 200 significant decimal digits, expression templates off (Eigen needs plain values).
using Mp200 = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<200>,
                                            boost::multiprecision::et_off>;

/// MPFR with its precision chosen at run time (decimal digits, set by ScopedMpPrecision);
/// used where a computation must be repeated at a second precision to show its digits are
/// settled.
using MpVariable = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<0>,
                                                 boost::multiprecision::et_off>;

/// Sets MpVariable's default precision for the lifetime of the guard.
using ScopedMpPrecision = ScopedDefaultPrecision<MpVariable>;

}  // namespace pe

namespace Eigen {
/// The traits the project's MPFR types share; digits() differs between them.
template <class T>
struct MpfrNumTraits : GenericNumTraits<T> {
  using Real = T;
  using NonInteger = T;
  using Nested = T;
  using Literal = T;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 10,
    AddCost = 10,
    MulCost = 40,
  };
  static inline Real epsilon() { return std::numeric_limits<Real>::epsilon(); }
  static inline Real dummy_precision() {
    // A few decimal digits of slack over epsilon, as Eigen's own defaults do for double.
    return 1000 * epsilon();
  }
  static inline Real highest() { return (std::numeric_limits<Real>::max)(); }
  static inline Real lowest() { return (std::numeric_limits<Real>::lowest)(); }
  static inline Real infinity() { return std::numeric_limits<Real>::infinity(); }
  static inline Real quiet_NaN() { return std::numeric_limits<Real>::quiet_NaN(); }
  static inline int digits10() { return std::numeric_limits<Real>::digits10; }
};

template <>
struct NumTraits<pe::Mp200> : MpfrNumTraits<pe::Mp200> {
  static inline int digits() { return std::numeric_limits<Real>::digits; }
};

/// MpVariable's traits read the precision in force when they are called, so Eigen's
/// tolerances follow ScopedMpPrecision (numeric_limits reports digits as INT_MAX for it).
template <>
struct NumTraits<pe::MpVariable> : MpfrNumTraits<pe::MpVariable> {
  static inline int digits() {
    return static_cast<int>(
        boost::multiprecision::detail::digits10_2_2(pe::MpVariable::default_precision()));
  }
  static inline int digits10() { return static_cast<int>(pe::MpVariable::default_precision()); }
};
}  // namespace Eigen
