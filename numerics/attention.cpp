#include "attention.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace pe {

Eigen::MatrixXd causal_attention(const Eigen::MatrixXd& scores, const Eigen::MatrixXd& values) {
  const Eigen::Index n = values.rows();
  if (scores.rows() != n || scores.cols() != n)
    throw std::invalid_argument("causal_attention: scores must be " + std::to_string(n) + " x " +
                                std::to_string(n) + ", got " + std::to_string(scores.rows()) +
                                " x " + std::to_string(scores.cols()));
  Eigen::MatrixXd out(n, values.cols());
  Eigen::VectorXd w(n);
  for (Eigen::Index t = 0; t < n; ++t) {
    const double top = scores.row(t).head(t + 1).maxCoeff();  // subtract the max: no overflow
    double total = 0;
    for (Eigen::Index j = 0; j <= t; ++j) total += (w(j) = std::exp(scores(t, j) - top));
    out.row(t) = (w.head(t + 1).transpose() * values.topRows(t + 1)) / total;
  }
  return out;
}

Eigen::MatrixXd attention_scores(const Eigen::MatrixXd& h, const Eigen::MatrixXd& m, double tau) {
  if (!(tau > 0))
    throw std::invalid_argument("attention_scores: tau must be > 0, got tau = " + std::to_string(tau));
  if (m.rows() != h.cols() || m.cols() != h.cols())
    throw std::invalid_argument("attention_scores: M must be " + std::to_string(h.cols()) + " x " +
                                std::to_string(h.cols()) + ", got " + std::to_string(m.rows()) +
                                " x " + std::to_string(m.cols()));
  return h * m * h.transpose() / tau;
}

Eigen::MatrixXd causal_self_attention(const Eigen::MatrixXd& h, const Eigen::MatrixXd& m,
                                      double tau, const Eigen::MatrixXd& values) {
  if (!(tau > 0)) throw std::invalid_argument("causal_self_attention: tau must be > 0");
  return causal_attention(attention_scores(h, m, tau), values);
}

}  // namespace pe
