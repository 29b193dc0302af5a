#include "alibi.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace pe {
namespace {

std::string text(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", x);
  return buffer;
}

void require_slope(double slope, const char* function) {
  if (!std::isfinite(slope) || !(slope > 0))
    throw std::invalid_argument(std::string(function) + ": slope s must be finite and > 0, got s = " +
                                text(slope));
}

void require_nonnegative(double value, const char* name, const char* function) {
  if (!std::isfinite(value) || value < 0)
    throw std::invalid_argument(std::string(function) + ": " + name +
                                " must be finite and >= 0, got " + name + " = " + text(value));
}

}  // namespace

double alibi_slope(int head, int heads) {
  if (heads < 1)
    throw std::invalid_argument("alibi_slope: the number of heads H must be >= 1, got H = " +
                                std::to_string(heads));
  if (head < 1 || head > heads)
    throw std::invalid_argument("alibi_slope: head h must be in 1 .. H = " + std::to_string(heads) +
                                ", got h = " + std::to_string(head));
  return std::exp2(-8.0 * head / heads);
}

std::vector<double> alibi_slopes(int heads) {
  if (heads < 1)
    throw std::invalid_argument("alibi_slopes: the number of heads H must be >= 1, got H = " +
                                std::to_string(heads));
  std::vector<double> slopes;
  for (int h = 1; h <= heads; ++h) slopes.push_back(alibi_slope(h, heads));
  return slopes;
}

double alibi_far_weight_bound(double width, double slope, double distance) {
  require_nonnegative(width, "W", "alibi_far_weight_bound");
  require_slope(slope, "alibi_far_weight_bound");
  require_nonnegative(distance, "D", "alibi_far_weight_bound");
  // e^W e^{-sD} / (1 - e^{-s}); expm1 keeps the denominator accurate for small s.
  return std::exp(width - slope * distance) / -std::expm1(-slope);
}

double alibi_ratio_bound(double width, double slope, double offset) {
  require_nonnegative(width, "W", "alibi_ratio_bound");
  require_slope(slope, "alibi_ratio_bound");
  require_nonnegative(offset, "r", "alibi_ratio_bound");
  return std::exp(width - slope * offset);
}

double alibi_log_far_weight_bound(double width, double slope, double distance) {
  require_nonnegative(width, "W", "alibi_log_far_weight_bound");
  require_slope(slope, "alibi_log_far_weight_bound");
  require_nonnegative(distance, "D", "alibi_log_far_weight_bound");
  return width - slope * distance - std::log(-std::expm1(-slope));
}

void require_alibi_input(const Eigen::VectorXd& content_by_offset, double slope, const char* function) {
  require_slope(slope, function);
  if (content_by_offset.size() == 0)
    throw std::invalid_argument(std::string(function) + ": content scores must be non-empty");
  if (!content_by_offset.allFinite())
    throw std::invalid_argument(std::string(function) + ": content scores must be finite");
}


Eigen::VectorXd alibi_offset_weights(const Eigen::VectorXd& content_by_offset, double slope) {
  return alibi_offset_weights<double>(content_by_offset, slope);
}

Eigen::VectorXd alibi_offset_log_weights(const Eigen::VectorXd& content_by_offset, double slope) {
  const Eigen::VectorXd score = alibi_biased_scores<double>(content_by_offset, slope, "alibi_offset_log_weights");
  const double top = score.maxCoeff();
  const double log_total = top + std::log((score.array() - top).exp().sum());
  return (score.array() - log_total).matrix();
}

Eigen::MatrixXd alibi_bias(int n, double slope) {
  require_slope(slope, "alibi_bias");
  if (n < 1) throw std::invalid_argument("alibi_bias: n must be >= 1, got n = " + std::to_string(n));
  Eigen::MatrixXd bias = Eigen::MatrixXd::Zero(n, n);
  for (int t = 0; t < n; ++t)
    for (int j = 0; j <= t; ++j) bias(t, j) = -slope * (t - j);
  return bias;
}

Eigen::MatrixXd exponential_kernel(const std::vector<double>& positions, double slope) {
  require_slope(slope, "exponential_kernel");
  const Eigen::Index n = static_cast<Eigen::Index>(positions.size());
  Eigen::MatrixXd k(n, n);
  for (Eigen::Index a = 0; a < n; ++a)
    for (Eigen::Index b = 0; b < n; ++b) k(a, b) = std::exp(-slope * std::fabs(positions[a] - positions[b]));
  return k;
}

Eigen::MatrixXd causal_kernel_smoother(const Eigen::MatrixXd& kernel, const Eigen::MatrixXd& values) {
  const Eigen::Index n = values.rows();
  if (kernel.rows() != n || kernel.cols() != n)
    throw std::invalid_argument("causal_kernel_smoother: kernel must be " + std::to_string(n) +
                                " x " + std::to_string(n) + ", got " + std::to_string(kernel.rows()) +
                                " x " + std::to_string(kernel.cols()));
  Eigen::MatrixXd out(n, values.cols());
  for (Eigen::Index t = 0; t < n; ++t) {
    double total = 0;
    Eigen::RowVectorXd weighted = Eigen::RowVectorXd::Zero(values.cols());
    for (Eigen::Index j = 0; j <= t; ++j) {
      if (!(kernel(t, j) > 0))
        throw std::invalid_argument("causal_kernel_smoother: kernel entries on and below the "
                                    "diagonal must be > 0, got K(" + std::to_string(t) + ", " +
                                    std::to_string(j) + ") = " + text(kernel(t, j)));
      total += kernel(t, j);
      weighted += kernel(t, j) * values.row(j);
    }
    out.row(t) = weighted / total;
  }
  return out;
}

}  // namespace pe
