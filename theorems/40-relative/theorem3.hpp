/// @file
/// @brief The induction behind Theorem 3 (ii)'s geometric sums, with its step's recursion as a
/// parameter, so that a test can hand the proof a wrong step and see it refused (theorem3.cpp).
#pragma once

#include <functional>

#include <ginac/ginac.h>

#include "symbolic_identity.hpp"

namespace pe::theorems {

/// How the sum S_m = sum_{k<=m} u^k and the power u^{m+1} go on to m + 1, from S_m, u^{m+1} and u.
struct GeometricRecursion {
  std::function<GiNaC::ex(const GiNaC::ex& sum, const GiNaC::ex& power, const GiNaC::ex& u)> next_sum, next_power;
};

/// The sums' own definitions: S_{m+1} = S_m + u^{m+1}, u^{m+2} = u^{m+1} u.
GeometricRecursion geometric_recursion();

/// (1 - u) S_m = 1 - u^{m+1} for every m by induction: the base m = 0 and the step under
/// `recursion` (the statement's residual at m + 1 minus its residual at m, with S_m and u^{m+1}
/// free symbols) reduced to 0; also reduced directly for m = 0 .. 64. A step that does not carry
/// the statement over leaves a remainder, named in the result.
MatrixIdentityProof geometric_sum_proof(const GeometricRecursion& recursion = geometric_recursion());

}  // namespace pe::theorems
