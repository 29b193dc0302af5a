/// @file
/// @brief The induction behind Theorem 3 (ii)'s geometric sums and the sign argument behind
/// (iii)'s horizon, each with its step as a parameter, so that a test can hand the proof a wrong
/// step and see it refused (theorem3.cpp).
#pragma once

#include <functional>
#include <string>

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

/// How the time kernel's entry e^{-s|x_a - x_b|}, a run u_a .. u_{b-1} of the gaps' factors, grows
/// by one gap: from the run to b and u_b to the run to b + 1.
struct KernelRunRule {
  std::function<GiNaC::ex(const GiNaC::ex& run, const GiNaC::ex& next_gap)> extend;
};

/// Sorted points make each entry the product of the gaps' factors between them: extend(run, u) = run u.
KernelRunRule kernel_run_rule();

/// Theorem 3 (i)'s determinant det K_n = prod_i (1 - u_i^2) on sorted points, K_n built with
/// `rule`: reduced on the whole matrix at n = 2 .. 8, and the induction step (row n minus u_{n-1}
/// row n - 1 is (0, ..., 0, 1 - u_{n-1}^2), with the run to row n - 1 a free symbol P) reduced
/// under `rule`, so that a rule that does not grow the run by its gap's factor is refused.
MatrixIdentityProof time_kernel_determinant_proof(const KernelRunRule& rule);
const MatrixIdentityProof& time_kernel_determinant_proof();

/// Theorem 3 (ii)'s tail step: `claimed_bound` (in the symbols eW = e^W, u = e^{-s}, D and m)
/// minus the exact sum's bound e^W u^D (1 - u^{m+1}) / (1 - u) is positive, decided by GiNaC's
/// sign rules with e^W = E > 0, u = 1/(1 + v), v > 0, and D, m > 0. Without an argument, the
/// article's bound e^W u^D / (1 - u); a bound tightened below the sum's is refused.
SignDecision far_weight_sign_step(const GiNaC::ex& claimed_bound);
SignDecision far_weight_sign_step();

/// Theorem 3 (iii)'s horizon for every content width W > 0 and slope s > 0: the largest exponent
/// of alpha_r / alpha_0, `exponent_bound` in the symbols W, s and r (W - s r by default), is
/// expanded at r = W/s + t and at r = W/s - t with W, s, t positive symbols; decided when GiNaC
/// finds the first negative and the second positive, so that a wrong exponent is refused.
struct HorizonProof {
  bool decided = false;
  std::string refusal, certificate;
  std::string plain;  ///< the two signs for a second system (plain_inequalities)
};
HorizonProof horizon_proof(const GiNaC::ex& exponent_bound = named_symbol("W") - named_symbol("s") * named_symbol("r"));

}  // namespace pe::theorems
