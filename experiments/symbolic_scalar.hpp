/// @file
/// @brief GiNaC expressions as the scalar of the tabulated passes (head_scalar.hpp): what the
/// passes' floating-point steps become in exact arithmetic (Eigen's traits for GiNaC are in
/// numerics/symbolic_eigen.hpp). The
/// translation units that instantiate the passes on Symbolic include this header.
#pragma once

#include <ginac/ginac.h>

#include <Eigen/Core>
#include <cmath>
#include <stdexcept>

#include "head_scalar.hpp"
#include "symbolic_eigen.hpp"

namespace pe::experiments {

/// An exact scalar: a rational function of symbols, exponentials and logarithms.
using Symbolic = GiNaC::ex;

template <>
struct ScalarOps<Symbolic> {
  /// A constant the passes compute in double (RoPE's cosines and sines and logit scale, the
  /// sinusoidal code, ALiBi's bias): a small integer stays itself, any other value becomes a
  /// free symbol named by its bits, the same symbol wherever the same value occurs. A gradient
  /// identity that holds with the constants free holds for every value they take, so the
  /// proof covers the double's values a fortiori, and the rationals it would otherwise carry
  /// (53-bit numerators) stay out of the expansion.
  static Symbolic constant(double x);
  static Symbolic exp(const Symbolic& x) { return GiNaC::exp(x); }
  static Symbolic log(const Symbolic& x) { return GiNaC::log(x); }
  static Symbolic sqrt(const Symbolic& x) { return GiNaC::sqrt(x); }
  /// 0: a common shift leaves softmax and cross-entropy unchanged, and exact exponentials
  /// cannot overflow.
  static Symbolic softmax_shift(const Symbolic*, Eigen::Index) { return 0; }
  /// Never: a sum of exact exponentials is positive.
  static bool underflows(const Symbolic&, double) { return false; }
};

}  // namespace pe::experiments
