/// @file
/// @brief ALiBi (Press, Smith and Lewis 2022): slopes, weights, the product-kernel reading and
/// Theorem 3's bounds.
///
/// A causal ALiBi head scores query t against key j <= t by \f$c_{tj} - s(t-j)\f$, where
/// \f$c_{tj}\f$ is the content score; head h of H uses the slope \f$s = 2^{-8h/H}\f$. The
/// softmax of that score is a Nadaraya-Watson smoother whose kernel is the product
/// \f$e^{c_{tj}}\, e^{-s(t-j)}\f$. If the content scores of one query lie in an interval of width
/// W, the weight on offset r is at most \f$e^{W - sr}\f$ times the weight on offset 0, and the
/// total weight on offsets \f$r \ge D\f$ is at most \f$e^W e^{-sD}/(1 - e^{-s})\f$ at every length.
#pragma once

#include <Eigen/Core>
#include <stdexcept>
#include <string>
#include <vector>

#include "clocks.hpp"

namespace pe {

/// \f$2^{-8h/H}\f$ for head h = 1 .. H. Throws std::invalid_argument for H < 1 or h outside
/// 1 .. H.
double alibi_slope(int head, int heads);

/// The H slopes, head 1 first.
std::vector<double> alibi_slopes(int heads);

/// Theorem 3 (ii): \f$e^W e^{-sD}/(1 - e^{-s})\f$, the most weight offsets \f$r \ge D\f$ can take.
/// Throws std::invalid_argument for W < 0, s <= 0, D < 0 or non-finite arguments.
double alibi_far_weight_bound(double width, double slope, double distance);

/// Theorem 3 (iii): \f$e^{W - sr}\f$, the largest possible ratio \f$\alpha_r/\alpha_0\f$. Same
/// checks, with r >= 0.
double alibi_ratio_bound(double width, double slope, double offset);

/// Throws std::invalid_argument unless the slope is finite and > 0, and the content scores are
/// non-empty and finite (the message names `function`).
void require_alibi_input(const Eigen::VectorXd& content_by_offset, double slope, const char* function);

/// The biased scores c_r - s r of one query by offset r. A floating-point input is validated
/// (require_alibi_input); a symbolic one (Theorem 3's proofs) has no value to check.
template <class T>
Vector<T> alibi_biased_scores(const Vector<T>& content_by_offset, const T& slope, const char* function) {
  if constexpr (kSymbolicScalar<T>) {
    if (content_by_offset.size() == 0)
      throw std::invalid_argument(std::string(function) + ": content scores must be non-empty");
  } else {
    require_alibi_input(content_by_offset, slope, function);
  }
  Vector<T> score(content_by_offset.size());
  for (Eigen::Index r = 0; r < score.size(); ++r) score(r) = content_by_offset(r) - slope * T(double(r));
  return score;
}

/// The weights \f$\alpha_r\f$, r = 0 .. L-1, of one query over offsets r (key t - r), given its
/// content scores by offset: the softmax of \f$c_r - s r\f$, computed with the largest score
/// subtracted (no shift for symbolic scores: exact exponentials cannot overflow, and a common
/// shift cancels). Throws std::invalid_argument for empty scores, s <= 0 or non-finite input.
template <class T>
Vector<T> alibi_offset_weights(const Vector<T>& content_by_offset, const T& slope) {
  const Vector<T> score = alibi_biased_scores(content_by_offset, slope, "alibi_offset_weights");
  Vector<T> weight;
  if constexpr (kSymbolicScalar<T>) {
    weight = score.unaryExpr([](const T& x) -> T { return exp(x); });
  } else {
    const T top = score.maxCoeff();
    weight = (score.array() - top).exp().matrix();
  }
  return weight / weight.sum();
}
Eigen::VectorXd alibi_offset_weights(const Eigen::VectorXd& content_by_offset, double slope);

/// \f$\log\alpha_r\f$, the log-softmax of \f$c_r - s r\f$: the weights of a long query underflow
/// (\f$e^{-sr}\f$ leaves double's range once \f$sr > 745\f$), their logarithms do not. Same
/// checks as alibi_offset_weights.
Eigen::VectorXd alibi_offset_log_weights(const Eigen::VectorXd& content_by_offset, double slope);

/// \f$\log\f$ of the Theorem 3 (ii) bound, \f$W - sD - \log(1 - e^{-s})\f$, finite where the
/// bound itself underflows. Same checks as alibi_far_weight_bound.
double alibi_log_far_weight_bound(double width, double slope, double distance);

/// The n x n ALiBi bias: \f$-s(t - j)\f$ for j <= t, 0 above the diagonal (the causal mask
/// ignores it there). Throws std::invalid_argument for n < 1 or s <= 0.
Eigen::MatrixXd alibi_bias(int n, double slope);

/// The bidirectional exponential kernel \f$e^{-s|x_a - x_b|}\f$ on the given positions (the
/// Matern kernel of smoothness 1/2). Throws std::invalid_argument for s <= 0.
Eigen::MatrixXd exponential_kernel(const std::vector<double>& positions, double slope);

/// Causal Nadaraya-Watson smoothing: row t is
/// \f$\sum_{j \le t} K_{tj} v_j / \sum_{j \le t} K_{tj}\f$ for a kernel matrix K with positive
/// entries on and below the diagonal. Throws std::invalid_argument on mismatched sizes or a
/// non-positive kernel entry.
Eigen::MatrixXd causal_kernel_smoother(const Eigen::MatrixXd& kernel, const Eigen::MatrixXd& values);

}  // namespace pe
