#include "context_extension.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "clocks.hpp"

namespace pe {
namespace {

void require_kappa(double kappa) {
  if (!std::isfinite(kappa) || !(kappa >= 1))
    throw std::invalid_argument("kappa must be finite and >= 1, got kappa = " + std::to_string(kappa));
}

// YaRN (Definition 5): planes that turned at most once in training are interpolated fully,
// planes that turned 32 times or more are left alone, linear in the number of turns between.
constexpr double kYarnTurnsLow = 1.0;
constexpr double kYarnTurnsHigh = 32.0;

}  // namespace

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

RopeReading rope_reading(ContextExtension map, int d, double base, double kappa,
                         double training_length) {
  require_even_dimension(d);
  require_base(base);
  require_kappa(kappa);
  if (!std::isfinite(training_length) || !(training_length >= 1))
    throw std::invalid_argument("training_length must be >= 1, got training_length = " +
                                std::to_string(training_length));
  const std::vector<double> theta = frequencies(d, base);
  RopeReading r;
  r.factors.resize(theta.size());
  for (std::size_t j = 0; j < theta.size(); ++j) {
    switch (map) {
      case ContextExtension::none: r.factors[j] = 1; break;
      case ContextExtension::position_interpolation: r.factors[j] = 1 / kappa; break;
      case ContextExtension::ntk_aware:
        // (b kappa^(d/(d-2)))^(-2j/d) / b^(-2j/d); at d = 2 there is only plane 0, factor 1.
        r.factors[j] = d == 2 ? 1.0 : std::pow(kappa, -2.0 * j / (d - 2));
        break;
      case ContextExtension::yarn: {
        const double turns = training_length * theta[j] / (2 * M_PI);
        const double gamma =
            std::clamp((turns - kYarnTurnsLow) / (kYarnTurnsHigh - kYarnTurnsLow), 0.0, 1.0);
        r.factors[j] = (1 - gamma) / kappa + gamma;
        break;
      }
    }
  }
  r.frequencies.resize(theta.size());
  for (std::size_t j = 0; j < theta.size(); ++j) r.frequencies[j] = theta[j] * r.factors[j];
  r.score_scale = map == ContextExtension::yarn ? yarn_logit_scale(kappa) : 1.0;
  return r;
}

}  // namespace pe
