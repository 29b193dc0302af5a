#include "attention.hpp"

namespace pe {

Eigen::MatrixXd causal_attention(const Eigen::MatrixXd& scores, const Eigen::MatrixXd& values) {
  return causal_attention<double>(scores, values);
}

Eigen::MatrixXd attention_scores(const Eigen::MatrixXd& h, const Eigen::MatrixXd& m, double tau) {
  return attention_scores<double>(h, m, tau);
}

Eigen::MatrixXd causal_self_attention(const Eigen::MatrixXd& h, const Eigen::MatrixXd& m,
                                      double tau, const Eigen::MatrixXd& values) {
  if (!(tau > 0)) throw std::invalid_argument("causal_self_attention: tau must be > 0");
  return causal_attention(attention_scores(h, m, tau), values);
}

}  // namespace pe
