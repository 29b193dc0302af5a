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
///
/// Beside Definition 5's YaRN this file carries the ramp of the YaRN authors' reference code,
/// which most libraries copy: linear in the plane *index* between a low and a high plane found
/// from beta_fast = 32 and beta_slow = 1 turns, rounded outward to whole planes. Both ramps
/// extrapolate planes that turned at least 32 times and interpolate planes that turned at most
/// once; between those they differ (yarn_ramp_comparison tabulates by how much).
///
/// Also here: Theorem 5's wavelength census, the closed form of sum_j theta_j^2 and Chen and
/// colleagues' constant d/(4 ln b).
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace pe {

enum class ContextExtension { none, position_interpolation, ntk_aware, yarn };

/// "none", "pi", "ntk", "yarn".
std::string to_string(ContextExtension map);
/// Inverse of to_string; throws std::invalid_argument listing the valid names.
ContextExtension context_extension_from_string(const std::string& name);

/// Position interpolation's factor on every plane's frequency, 1/kappa (positions m -> m/kappa);
/// a template so that Theorem 5 (ii)'s proof runs it on GiNaC::ex.
template <class T>
T position_interpolation_factor(const T& kappa) {
  return T(1) / kappa;
}

/// NTK-aware scaling's factor on plane j's frequency at width d > 2, kappa^(-2j/(d-2)): the
/// frequency of the base b kappa^(d/(d-2)) over b's (Definition 5); at d = 2 the one plane keeps
/// factor 1.
template <class T>
T ntk_aware_factor(const T& j, const T& d, const T& kappa) {
  using std::pow;
  return pow(kappa, T(T(-2) * j) / T(d - T(2)));
}

/// How a trained RoPE head is read under one map.
struct RopeReadTimeMap {
  std::vector<double> frequencies;  ///< angle per position in each plane
  std::vector<double> factors;      ///< frequencies[j] / theta_j
  double score_scale = 1.0;         ///< multiplies every score (YaRN's logit scale)
};

/// The reading of a head of width d and base b, trained at `training_length`, stretched by
/// kappa >= 1. `none` ignores kappa. Throws std::invalid_argument for odd or non-positive d,
/// base <= 1, kappa < 1 or training_length < 1.
RopeReadTimeMap rope_read_time_map(ContextExtension map, int d, double base, double kappa,
                         double training_length);

/// YaRN's score multiplier (0.1 ln kappa + 1)^2; kappa >= 1.
double yarn_logit_scale(double kappa);

// ---- Theorem 5: the wavelength census and the interpolation constant -------------------

/// Wavelengths lambda_j = 2 pi / theta_j, theta_j = base^(-2j/d).
std::vector<double> wavelengths(int d, double base);

/// The planes j that turn through a whole circle over the training offsets 0 .. L - 1, i.e.
/// (L - 1) theta_j >= 2 pi (Theorem 5 (i)). Throws for training_length < 1.
std::vector<int> planes_completing_a_turn(int d, double base, double training_length);

/// sum_j theta_j^2 = (1 - b^(-2)) / (1 - b^(-4/d)), the curvature constant of Theorem 5 (iv)
/// for |h_j| <= 1, in closed form (d and b may be symbols on GiNaC::ex).
template <class T>
T sum_squared_frequencies(const T& d, const T& base) {
  using std::expm1;
  using std::log;
  // -expm1 keeps 1 - b^(-4/d) accurate when 4/d ln b is small (large d).
  return -expm1(T(-2) * log(base)) / -expm1(T(-4) / d * log(base));
}
double sum_squared_frequencies(int d, double base);

/// The constant d / (4 ln b) that Chen and colleagues' Theorem 2.1 uses in place of
/// sum_squared_frequencies.
double chen_interpolation_constant(int d, double base);

// ---- YaRN's ramp, two ways --------------------------------------------------------------

/// Definition 5's weight gamma on extrapolation for a plane that made `turns` = L / lambda_j
/// turns in training: 0 at one turn or fewer, 1 at 32 or more, linear in the turns between.
/// The YaRN factor is (1 - gamma)/kappa + gamma.
double yarn_extrapolation_weight(double turns);

/// The reference code's find_correction_dim: the real plane index at which a plane turns
/// `turns` times over training_length positions, d ln(L / (2 pi turns)) / (2 ln base).
double yarn_correction_plane(double turns, int d, double base, double training_length);

/// The reference code's find_correction_range: low = floor(plane at beta_fast turns), high =
/// ceil(plane at beta_slow turns), clamped to [0, d - 1] as that code does.
struct YarnCorrectionRange {
  int low = 0;   ///< planes at or below it are extrapolated (weight 1)
  int high = 0;  ///< planes at or above it are interpolated (weight 0)
};
YarnCorrectionRange yarn_correction_range(int d, double base, double training_length,
                                          double beta_fast = 32, double beta_slow = 1);

/// The reference code's extrapolation weight per plane i: 1 - clamp((i - low)/(high - low),
/// 0, 1), with high bumped by 0.001 when it equals low.
std::vector<double> yarn_reference_extrapolation_weights(int d, double base,
                                                         double training_length,
                                                         double beta_fast = 32,
                                                         double beta_slow = 1);

/// A head read with the reference code's YaRN: factor (1 - w_i)/kappa + w_i per plane and
/// score scale mscale^2, where cos and sin are both multiplied by mscale = 0.1 ln kappa + 1.
/// Throws as rope_read_time_map does, and unless beta_fast > beta_slow > 0.
RopeReadTimeMap yarn_reference_read_time_map(int d, double base, double kappa, double training_length,
                                   double beta_fast = 32, double beta_slow = 1);

/// One plane of the comparison between Definition 5's YaRN and the reference code's.
struct YarnRampRow {
  int plane = 0;
  double wavelength = 0;          ///< lambda_j
  double turns = 0;               ///< L / lambda_j
  double article_weight = 0;      ///< Definition 5's gamma_j
  double article_factor = 0;      ///< (1 - gamma_j)/kappa + gamma_j
  double reference_weight = 0;    ///< the reference code's 1 - ramp
  double reference_factor = 0;    ///< the reference code's frequency factor
};

/// Both YaRN ramps, plane by plane, at one setting.
std::vector<YarnRampRow> yarn_ramp_comparison(int d, double base, double kappa,
                                              double training_length);

/// The comparison as a Markdown table, one row per plane, factors to four decimals.
std::string yarn_ramp_table(const std::vector<YarnRampRow>& rows);

}  // namespace pe
