/// @file
/// @brief Theorem 5 (ii) for every width, base, plane, training length and stretch, with PI's
/// frequency factor as a parameter, so that a test can hand the proofs another map and see the
/// step that no longer holds refused (theorem5.cpp).
#pragma once

#include <functional>

#include <ginac/ginac.h>

#include "symbolic_identity.hpp"

namespace pe::theorems {

/// A map's factor on a plane's frequency as a function of the stretch kappa.
using FrequencyFactor = std::function<GiNaC::ex(const GiNaC::ex& kappa)>;

/// Theorem 5 (ii)'s three facts, each proved with theta_j, kappa > 0, L and the offset m symbols
/// (so for every plane, width, base, training length and stretch) on `factor` (by default the
/// harness's pe::position_interpolation_factor): the offsets 0 .. kappa L - 1 map onto
/// [0, L - 1/kappa] (position 0 at 0, the last at L - 1/kappa, each step forward by
/// factor > 0); that last position is less than one past L - 1; neighbouring offsets' angles
/// differ by theta_j / kappa.
struct PiProofs {
  MatrixIdentityProof range, within_one_position, spacing;
};
PiProofs pi_proofs(const FrequencyFactor& factor);
const PiProofs& pi_proofs();

/// A map's factor on plane j's frequency at width d, as a function of j, d and kappa.
using PlaneFactor = std::function<GiNaC::ex(const GiNaC::ex& plane, const GiNaC::ex& width, const GiNaC::ex& kappa)>;

/// Theorem 5 (iii)'s three facts with j, d, kappa and b symbols (every plane, width > 2, stretch and
/// base) on `factor` (by default the harness's pe::ntk_aware_factor): theta_j times the factor is
/// the harness's frequency of plane j at the base b kappa^(d/(d-2)) (powers of positive numbers
/// multiplied out); plane 0's factor is 1; the slowest plane's, j = d/2 - 1, is 1/kappa.
struct NtkProofs {
  MatrixIdentityProof base_change, plane0_unchanged, slowest_divided_by_kappa;
};
NtkProofs ntk_proofs(const PlaneFactor& factor);
const NtkProofs& ntk_proofs();

/// A closed form for sum_j theta_j^2 as a function of the width d and the base b.
using SquaredFrequencySum = std::function<GiNaC::ex(const GiNaC::ex& width, const GiNaC::ex& base)>;

/// Theorem 5 (iv)'s closed form for every even d and every b > 1, on `closed_form` (by default the
/// harness's pe::sum_squared_frequencies run on GiNaC::ex): theta_j^2 = u^j with u = b^(-4/d) on
/// the harness's frequency (j, d symbols), the geometric sum (1 - u) sum_{j<n} u^j = 1 - u^n by
/// induction (theorem3.hpp's), n = d/2 terms, 1 - u > 0, and the closed form against
/// (1 - u^{d/2}) / (1 - u). A closed form that is not that sum is refused at the last step.
MatrixIdentityProof squared_frequency_sum_proof(const SquaredFrequencySum& closed_form);
const MatrixIdentityProof& squared_frequency_sum_proof();

}  // namespace pe::theorems
