/// @file
/// @brief Reading a RoPE head past its training length: position interpolation (PI),
/// NTK-aware scaling and YaRN, as the per-plane angular frequencies the head is read with.
///
/// A head trained at length L with frequencies theta_j = b^(-2j/d) is read on kappa L
/// positions. Each map replaces theta_j by theta_j * factor_j (Definition 5 of the article):
/// - PI: positions m -> m/kappa, i.e. factor 1/kappa in every plane;
/// - NTK-aware: base b -> b kappa^(d/(d-2)), i.e. factor kappa^(-2j/(d-2));
/// - YaRN: factor (1 - gamma_j)/kappa + gamma_j, gamma_j rising linearly from 0 to 1 as the
///   number of turns L/lambda_j made in training goes from 1 to 32 (lambda_j = 2 pi/theta_j),
///   and the scores multiplied by (0.1 ln kappa + 1)^2.
#pragma once

#include <string>
#include <vector>

namespace pe {

enum class ContextExtension { none, position_interpolation, ntk_aware, yarn };

/// "none", "pi", "ntk", "yarn".
std::string to_string(ContextExtension map);
/// Inverse of to_string; throws std::invalid_argument listing the valid names.
ContextExtension context_extension_from_string(const std::string& name);

/// How a trained RoPE head is read under one map.
struct RopeReading {
  std::vector<double> frequencies;  ///< angle per position in each plane
  std::vector<double> factors;      ///< frequencies[j] / theta_j
  double score_scale = 1.0;         ///< multiplies every score (YaRN's logit scale)
};

/// The reading of a head of width d and base b, trained at `training_length`, stretched by
/// kappa >= 1. `none` ignores kappa. Throws std::invalid_argument for odd or non-positive d,
/// base <= 1, kappa < 1 or training_length < 1.
RopeReading rope_reading(ContextExtension map, int d, double base, double kappa,
                         double training_length);

/// YaRN's score multiplier (0.1 ln kappa + 1)^2; kappa >= 1.
double yarn_logit_scale(double kappa);

}  // namespace pe
