/// @file
/// @brief Causal softmax attention in its plainest form: the reference that Proposition 1 and
/// Proposition 3 are checked against, not the fast trained head of experiments/.
#pragma once

#include <Eigen/Core>

namespace pe {

/// Row t of the result is sum_{j <= t} softmax_j(scores(t, 0..t)) * values.row(j).
/// scores is n x n (entries above the diagonal are ignored), values is n x d.
Eigen::MatrixXd causal_attention(const Eigen::MatrixXd& scores, const Eigen::MatrixXd& values);

/// The reference score function: entry (t, j) is h_t M h_j^T / tau, for every t and j (the
/// causal mask is applied by causal_attention, not here). Throws std::invalid_argument for
/// tau <= 0 or mismatched shapes.
Eigen::MatrixXd attention_scores(const Eigen::MatrixXd& h, const Eigen::MatrixXd& m, double tau);

/// Causal self-attention of a sequence h (n x d) with score matrix M and temperature tau:
/// scores(t, j) = h_t M h_j^T / tau.
Eigen::MatrixXd causal_self_attention(const Eigen::MatrixXd& h, const Eigen::MatrixXd& m,
                                      double tau, const Eigen::MatrixXd& values);

}  // namespace pe
