/// @file
/// @brief Theorem 1 (ii)'s bound for every offset and base, with the constants its steps claim as
/// parameters, so that a test can hand the proof a constant or a bound that is too tight and see
/// the step that claims it refused (theorem1.cpp).
#pragma once

#include <functional>

#include <ginac/ginac.h>

#include "symbolic_identity.hpp"

namespace pe::theorems {

/// The route from the cosine integral's forms to |I_b(Delta) - ruler(Delta)| <= bound: the
/// constant k in |Ci(x)| <= k / x, the constant c in 1 - cos t <= c t^2, and the bound as a
/// function of Delta and b. The defaults are the article's: k = 2, c = 1/2 and the harness's own
/// pe::ruler_error_bound.
struct RulerBoundRoute {
  GiNaC::ex ci_constant = 2;
  GiNaC::ex cosine_gap_constant = GiNaC::numeric(1, 2);
  std::function<GiNaC::ex(const GiNaC::ex& delta, const GiNaC::ex& base)> bound;
};
RulerBoundRoute article_ruler_bound_route();

/// |I_b(Delta) - ruler(Delta)| <= bound(Delta, b) for every Delta != 0 and every b > 1, every step
/// decided on the harness's pe::kernel_limit, pe::logarithmic_ruler and `route.bound` run on
/// GiNaC::ex: the identity that splits ln b (I_b - ruler) into Ci(|Delta|) + Cin(|Delta|/b), the
/// integration by parts behind |Ci(x)| <= 2/x, the derivative chain behind 1 - cos t <= t^2/2,
/// the sign of ln b, and the bound against what the two estimates add up to. A constant or a bound
/// tighter than the route supports leaves the step that claims it failed.
MatrixIdentityProof ruler_bound_proof(const RulerBoundRoute& route);
const MatrixIdentityProof& ruler_bound_proof();

/// The route by which (2/d) kappa_d(Delta) reaches I_b(Delta) as d grows: the frequency of plane j
/// at width d, and the constant K claimed in |f'(u)| <= K for f(u) = cos(Delta b^{-u}) on [0, 1],
/// as a function of |Delta| and ln b. The defaults: the harness's pe::frequency and K = |Delta| ln b.
struct KernelLimitRoute {
  std::function<GiNaC::ex(const GiNaC::ex& plane, const GiNaC::ex& width, const GiNaC::ex& base)> frequency;
  std::function<GiNaC::ex(const GiNaC::ex& distance, const GiNaC::ex& log_base)> slope_bound;
};
KernelLimitRoute article_kernel_limit_route();

/// |(2/d) kappa_d(Delta) - I_b(Delta)| <= K / d for every even d, every Delta != 0 and every b > 1,
/// so (2/d) kappa_d(Delta) -> I_b(Delta): (2/d) kappa_d is the left Riemann sum of f over d/2 cells
/// of width 2/d (plane j's term is f(2j/d) on the harness's stationary_kernel and `route.frequency`),
/// F(u) = -Ci(|Delta| b^{-u}) / ln b is an antiderivative of f with F(1) - F(0) the harness's
/// kernel_limit, |f'| <= K on [0, 1], and a cell of width h is within K h^2 / 2 of its rectangle.
/// A frequency off the grid or a K below |f'|'s supremum leaves its step failed.
MatrixIdentityProof kernel_limit_proof(const KernelLimitRoute& route);
const MatrixIdentityProof& kernel_limit_proof();

}  // namespace pe::theorems
