#include "context_extension.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "clocks.hpp"

namespace pe {
namespace {

void require_kappa(double kappa) {
  if (!std::isfinite(kappa) || !(kappa >= 1))
    throw std::invalid_argument("kappa must be finite and >= 1, got kappa = " + std::to_string(kappa));
}

void require_training_length(double training_length) {
  if (!std::isfinite(training_length) || !(training_length >= 1))
    throw std::invalid_argument("training_length must be >= 1, got training_length = " +
                                std::to_string(training_length));
}

void require_betas(double beta_fast, double beta_slow) {
  if (!std::isfinite(beta_slow) || !(beta_slow > 0))
    throw std::invalid_argument("beta_slow must be > 0, got beta_slow = " +
                                std::to_string(beta_slow));
  if (!std::isfinite(beta_fast) || !(beta_fast > beta_slow))
    throw std::invalid_argument("beta_fast must exceed beta_slow = " + std::to_string(beta_slow) +
                                ", got beta_fast = " + std::to_string(beta_fast));
}

// YaRN (Definition 5): planes that turned at most once in training are interpolated fully,
// planes that turned 32 times or more are left alone, linear in the number of turns between.
constexpr double kYarnTurnsLow = 1.0;
constexpr double kYarnTurnsHigh = 32.0;

double factor_for_weight(double extrapolation_weight, double kappa) {
  return (1 - extrapolation_weight) / kappa + extrapolation_weight;
}

}  // namespace

double yarn_extrapolation_weight(double turns) {
  return std::clamp((turns - kYarnTurnsLow) / (kYarnTurnsHigh - kYarnTurnsLow), 0.0, 1.0);
}

std::string to_string(ContextExtension map) {
  switch (map) {
    case ContextExtension::none: return "none";
    case ContextExtension::position_interpolation: return "pi";
    case ContextExtension::ntk_aware: return "ntk";
    case ContextExtension::yarn: return "yarn";
  }
  return "?";
}

ContextExtension context_extension_from_string(const std::string& name) {
  for (ContextExtension m : {ContextExtension::none, ContextExtension::position_interpolation,
                             ContextExtension::ntk_aware, ContextExtension::yarn})
    if (to_string(m) == name) return m;
  throw std::invalid_argument("unknown context extension '" + name +
                              "'; valid: none, pi, ntk, yarn");
}

double yarn_logit_scale(double kappa) {
  require_kappa(kappa);
  const double root = 0.1 * std::log(kappa) + 1;
  return root * root;
}

RopeReadTimeMap rope_read_time_map(ContextExtension map, int d, double base, double kappa,
                         double training_length) {
  require_even_dimension(d);
  require_base(base);
  require_kappa(kappa);
  require_training_length(training_length);
  const std::vector<double> theta = frequencies(d, base);
  RopeReadTimeMap r;
  r.factors.resize(theta.size());
  for (std::size_t j = 0; j < theta.size(); ++j) {
    switch (map) {
      case ContextExtension::none: r.factors[j] = 1; break;
      case ContextExtension::position_interpolation: r.factors[j] = position_interpolation_factor(kappa); break;
      case ContextExtension::ntk_aware:
        // (b kappa^(d/(d-2)))^(-2j/d) / b^(-2j/d); at d = 2 there is only plane 0, factor 1.
        r.factors[j] = d == 2 ? 1.0 : ntk_aware_factor<double>(double(j), double(d), kappa);
        break;
      case ContextExtension::yarn: {
        const double turns = training_length * theta[j] / (2 * M_PI);
        r.factors[j] = factor_for_weight(yarn_extrapolation_weight(turns), kappa);
        break;
      }
    }
  }
  r.frequencies.resize(theta.size());
  for (std::size_t j = 0; j < theta.size(); ++j) r.frequencies[j] = theta[j] * r.factors[j];
  r.score_scale = map == ContextExtension::yarn ? yarn_logit_scale(kappa) : 1.0;
  return r;
}

std::vector<double> wavelengths(int d, double base) {
  std::vector<double> lambda = frequencies(d, base);
  for (double& x : lambda) x = 2 * M_PI / x;
  return lambda;
}

std::vector<int> planes_completing_a_turn(int d, double base, double training_length) {
  require_training_length(training_length);
  const std::vector<double> theta = frequencies(d, base);
  std::vector<int> planes;
  for (std::size_t j = 0; j < theta.size(); ++j)
    if ((training_length - 1) * theta[j] >= 2 * M_PI) planes.push_back(static_cast<int>(j));
  return planes;
}

double sum_squared_frequencies(int d, double base) {
  require_even_dimension(d);
  require_base(base);
  return sum_squared_frequencies<double>(double(d), base);
}

double chen_interpolation_constant(int d, double base) {
  require_even_dimension(d);
  require_base(base);
  return d / (4 * std::log(base));
}

double yarn_correction_plane(double turns, int d, double base, double training_length) {
  require_even_dimension(d);
  require_base(base);
  require_training_length(training_length);
  if (!std::isfinite(turns) || !(turns > 0))
    throw std::invalid_argument("turns must be > 0, got turns = " + std::to_string(turns));
  return d * std::log(training_length / (turns * 2 * M_PI)) / (2 * std::log(base));
}

YarnCorrectionRange yarn_correction_range(int d, double base, double training_length,
                                          double beta_fast, double beta_slow) {
  require_betas(beta_fast, beta_slow);
  const double low = std::floor(yarn_correction_plane(beta_fast, d, base, training_length));
  const double high = std::ceil(yarn_correction_plane(beta_slow, d, base, training_length));
  return {static_cast<int>(std::max(low, 0.0)), static_cast<int>(std::min(high, d - 1.0))};
}

std::vector<double> yarn_reference_extrapolation_weights(int d, double base,
                                                         double training_length,
                                                         double beta_fast, double beta_slow) {
  const YarnCorrectionRange range =
      yarn_correction_range(d, base, training_length, beta_fast, beta_slow);
  const double low = range.low;
  const double high = range.high == range.low ? range.high + 0.001 : range.high;
  std::vector<double> weights(d / 2);
  for (int i = 0; i < d / 2; ++i)
    weights[i] = 1 - std::clamp((i - low) / (high - low), 0.0, 1.0);
  return weights;
}

RopeReadTimeMap yarn_reference_read_time_map(int d, double base, double kappa, double training_length,
                                   double beta_fast, double beta_slow) {
  require_kappa(kappa);
  const std::vector<double> weights =
      yarn_reference_extrapolation_weights(d, base, training_length, beta_fast, beta_slow);
  const std::vector<double> theta = frequencies(d, base);
  RopeReadTimeMap r;
  for (std::size_t i = 0; i < theta.size(); ++i) {
    r.factors.push_back(factor_for_weight(weights[i], kappa));
    r.frequencies.push_back(theta[i] * r.factors.back());
  }
  // cos and sin both carry mscale, so a query-key product carries its square.
  const double mscale = 0.1 * std::log(kappa) + 1;
  r.score_scale = mscale * mscale;
  return r;
}

std::vector<YarnRampRow> yarn_ramp_comparison(int d, double base, double kappa,
                                              double training_length) {
  const RopeReadTimeMap article = rope_read_time_map(ContextExtension::yarn, d, base, kappa, training_length);
  const RopeReadTimeMap reference = yarn_reference_read_time_map(d, base, kappa, training_length);
  const std::vector<double> reference_weights =
      yarn_reference_extrapolation_weights(d, base, training_length);
  const std::vector<double> lambda = wavelengths(d, base);
  std::vector<YarnRampRow> rows;
  for (std::size_t j = 0; j < lambda.size(); ++j) {
    YarnRampRow row;
    row.plane = static_cast<int>(j);
    row.wavelength = lambda[j];
    row.turns = training_length / lambda[j];
    row.article_weight = yarn_extrapolation_weight(row.turns);
    row.article_factor = article.factors[j];
    row.reference_weight = reference_weights[j];
    row.reference_factor = reference.factors[j];
    rows.push_back(row);
  }
  return rows;
}

std::string yarn_ramp_table(const std::vector<YarnRampRow>& rows) {
  std::string out =
      "| plane | wavelength | turns in L | gamma (Def. 5) | factor (Def. 5) | weight (reference) "
      "| factor (reference) | reference - Def. 5 |\n"
      "|---|---|---|---|---|---|---|---|\n";
  char line[256];
  for (const YarnRampRow& r : rows) {
    std::snprintf(line, sizeof line, "| %d | %.4g | %.4g | %.4f | %.4f | %.4f | %.4f | %+.4f |\n",
                  r.plane, r.wavelength, r.turns, r.article_weight, r.article_factor,
                  r.reference_weight, r.reference_factor, r.reference_factor - r.article_factor);
    out += line;
  }
  return out;
}

}  // namespace pe
