/// @file
/// @brief Shaw, Uszkoreit and Vaswani's clipped relative vectors (Definition 3).
///
/// A causal head scores position t against a key at j <= t, offset r = t - j, as
/// \f$s_{tj} = q_t\,(k_j + a_{\min(r, K)})^\top/\tau\f$: one learned vector per offset up to the
/// clip K, and the last one shared by every offset from K on.
#pragma once

#include <Eigen/Core>

namespace pe {

/// min(r, K), the row of the offset table that offset r reads. Throws std::invalid_argument for
/// a negative offset (a future key, which a causal head never scores) or a negative clip.
long shaw_table_row(long offset, long clip);

/// The score of the query q at position t against the key k at position j <= t, with the offset
/// table `table` (rows a_0 .. a_K, so K = rows - 1) and temperature tau. It is given positions,
/// not the offset, so that its relativity is a property to check. Throws std::invalid_argument
/// for j > t, an empty table, widths that differ, or tau <= 0.
double shaw_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const Eigen::MatrixXd& table,
                  long t, long j, double tau);

}  // namespace pe
