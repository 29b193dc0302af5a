/// @file
/// @brief Causal softmax attention in its plainest form: the reference that Proposition 1 and
/// Proposition 3 are checked against, not the fast trained head of experiments/. Templates on the
/// scalar: the double functions below call them, and Proposition 1 (ii)'s proof runs them on
/// GiNaC::ex (numerics/symbolic_eigen.hpp).
#pragma once

#include <Eigen/Core>

#include <cmath>
#include <stdexcept>
#include <string>

#include "clocks.hpp"

namespace pe {

/// Row t of the result is sum_{j <= t} softmax_j(scores(t, 0..t)) * values.row(j).
/// scores is n x n (entries above the diagonal are ignored), values is n x d. In floating point
/// each row's largest score is subtracted first (no overflow); symbolic scores are not shifted
/// (exact exponentials cannot overflow, and a common shift cancels), as in alibi_offset_weights.
template <class T>
Matrix<T> causal_attention(const Matrix<T>& scores, const Matrix<T>& values) {
  const Eigen::Index n = values.rows();
  if (scores.rows() != n || scores.cols() != n)
    throw std::invalid_argument("causal_attention: scores must be " + std::to_string(n) + " x " +
                                std::to_string(n) + ", got " + std::to_string(scores.rows()) +
                                " x " + std::to_string(scores.cols()));
  using std::exp;
  Matrix<T> out(n, values.cols());
  Vector<T> w(n);
  for (Eigen::Index t = 0; t < n; ++t) {
    T top = T(0);
    if constexpr (!kSymbolicScalar<T>) top = scores.row(t).head(t + 1).maxCoeff();
    T total = T(0);
    for (Eigen::Index j = 0; j <= t; ++j) {
      w(j) = exp(scores(t, j) - top);
      total += w(j);
    }
    out.row(t) = (w.head(t + 1).transpose() * values.topRows(t + 1)) / total;
  }
  return out;
}
Eigen::MatrixXd causal_attention(const Eigen::MatrixXd& scores, const Eigen::MatrixXd& values);

/// The reference score function: entry (t, j) is h_t M h_j^T / tau, for every t and j (the
/// causal mask is applied by causal_attention, not here). Throws std::invalid_argument for
/// mismatched shapes, and in floating point for tau <= 0 (a symbolic tau has no value to check).
template <class T>
Matrix<T> attention_scores(const Matrix<T>& h, const Matrix<T>& m, const T& tau) {
  if constexpr (!kSymbolicScalar<T>)
    if (!(tau > 0))
      throw std::invalid_argument("attention_scores: tau must be > 0, got tau = " + std::to_string(tau));
  if (m.rows() != h.cols() || m.cols() != h.cols())
    throw std::invalid_argument("attention_scores: M must be " + std::to_string(h.cols()) + " x " +
                                std::to_string(h.cols()) + ", got " + std::to_string(m.rows()) +
                                " x " + std::to_string(m.cols()));
  return h * m * h.transpose() / tau;
}
Eigen::MatrixXd attention_scores(const Eigen::MatrixXd& h, const Eigen::MatrixXd& m, double tau);

/// Causal self-attention of a sequence h (n x d) with score matrix M and temperature tau:
/// scores(t, j) = h_t M h_j^T / tau.
Eigen::MatrixXd causal_self_attention(const Eigen::MatrixXd& h, const Eigen::MatrixXd& m,
                                      double tau, const Eigen::MatrixXd& values);

}  // namespace pe
