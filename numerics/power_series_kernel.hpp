/// @file
/// @brief A kernel f(<h_a, h_b>) is positive semidefinite on every finite set of vectors when f
/// is a power series with no negative coefficient: f(G) entrywise is sum_k f^(k)(0)/k! G^{(k)},
/// each Hadamard power of the Gram matrix G is positive semidefinite (the Schur product theorem)
/// and the cone is closed. The program decides the coefficients for every k exactly, for an f
/// with f' = c f: then f^(k)(0) = c^k f(0), none negative iff c >= 0 and f(0) > 0.
#pragma once

#include <ginac/ginac.h>

#include "symbolic_identity.hpp"

namespace pe {

/// Proves that f(x) (an expression in `x`) gives a positive semidefinite kernel f(<h_a, h_b>)
/// with positive diagonal on every finite set of vectors: f'/f reduces to a rational constant
/// c >= 0 and f(0) is a positive rational, so every Taylor coefficient c^k f(0) / k! is positive
/// (induction on k). Refused (zero = false, the remainder naming why) for any other f.
MatrixIdentityProof prove_power_series_kernel(const GiNaC::ex& f, const GiNaC::symbol& x, const std::string& name);

}  // namespace pe
