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

}  // namespace pe::theorems
