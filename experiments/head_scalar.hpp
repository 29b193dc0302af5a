/// @file
/// @brief The scalar the tabulated passes compute in. Training runs them on double; the gradient
/// proof (experiments/symbolic_head.hpp) runs the same code on GiNaC expressions, so the
/// hand-written backward pass is compared with the exact derivative of the forward pass.
///
/// The passes do three things that only floating point needs, and they go through
/// ScalarOps so that each instantiation says what it does:
///
/// - the shift by the largest score before exponentiating (softmax and cross-entropy are
///   unchanged by a common shift; an exact scalar takes shift 0);
/// - the guard against an underflowed softmax sum (an exact sum of exponentials is positive);
/// - constants computed in double (a fixed code, RoPE's cosines, ALiBi's bias), which an exact
///   scalar takes as free symbols (symbolic_scalar.hpp).
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::experiments {

template <class Scalar>
using RowsOf = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class Scalar>
using ColumnOf = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;
template <class Scalar>
using MatrixOf = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
template <class Scalar>
using RowMapOf = Eigen::Map<RowsOf<Scalar>>;
template <class Scalar>
using ConstRowMapOf = Eigen::Map<const RowsOf<Scalar>>;

/// The operations of the passes that depend on the scalar. The primary template is double's.
template <class Scalar>
struct ScalarOps;

template <>
struct ScalarOps<double> {
  static double constant(double x) { return x; }
  static double exp(double x) { return std::exp(x); }
  static double log(double x) { return std::log(x); }
  static double sqrt(double x) { return std::sqrt(x); }
  /// The largest of `count` values: exponentials of values minus it cannot overflow.
  static double softmax_shift(const double* values, Eigen::Index count) {
    double top = -std::numeric_limits<double>::infinity();
    for (Eigen::Index i = 0; i < count; ++i) top = std::max(top, values[i]);
    return top;
  }
  /// True when a sum of shifted exponentials is too small to divide by: the tabulated softmax
  /// then redoes the example with its own shift.
  static bool underflows(double sum, double guard) { return !(sum >= guard); }
};

}  // namespace pe::experiments
