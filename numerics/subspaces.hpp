/// @file
/// @brief Numerical rank, numerical null spaces and principal angles between subspaces, in
/// double precision.
///
/// The rank threshold is the one LAPACK-based tools use (NumPy's `matrix_rank`, MATLAB's
/// `rank`): a singular value counts as zero when it is at most
/// \f$\sigma_{\max}\,\max(\text{rows}, \text{cols})\,\varepsilon\f$, the size of the backward
/// error a stable SVD commits.
#pragma once

#include <Eigen/Core>

namespace pe {

/// \f$\sigma_{\max} \max(\text{rows}, \text{cols})\, \varepsilon\f$ with \f$\varepsilon\f$ the
/// double-precision machine epsilon. Throws std::invalid_argument for negative or non-finite
/// sigma_max or non-positive sizes.
double rank_threshold(double sigma_max, Eigen::Index rows, Eigen::Index cols);

/// Number of singular values above rank_threshold(max, rows, cols); the values may come in
/// any order.
int numerical_rank(const Eigen::VectorXd& singular_values, Eigen::Index rows, Eigen::Index cols);

/// Singular values of `a`, descending (Eigen::JacobiSVD, no singular vectors). The one place the
/// project instantiates the double-precision JacobiSVD, a 10 s compile.
Eigen::VectorXd singular_values(const Eigen::MatrixXd& a);

/// Eigenvalues of the symmetric matrix `a`, ascending (Eigen::SelfAdjointEigenSolver with its
/// default options, which read the lower triangle). The one place the project instantiates
/// that solver in double precision, a 7 s compile.
Eigen::VectorXd symmetric_eigenvalues(const Eigen::MatrixXd& a);

/// Numerical rank of a matrix by its SVD.
int numerical_rank(const Eigen::MatrixXd& a);

/// A numerical null space: the right singular vectors whose singular values fall at or below
/// the rank threshold.
struct NullSpace {
  Eigen::VectorXd singular_values;  ///< all of them, descending
  Eigen::MatrixXd basis;            ///< cols x dimension, orthonormal columns
  double threshold = 0;             ///< max(rank_threshold, data_error)
  int dimension = 0;                ///< cols - numerical rank
  /// Smallest singular value above the threshold (the gap that Wedin's theorem divides by);
  /// +infinity when the rank is zero.
  double smallest_kept = 0;
  /// Largest singular value at or below the threshold; 0 when the null space is trivial.
  double largest_dropped = 0;
};

/// Null space of `a` by a full SVD (Eigen::BDCSVD with the full V). The threshold is the
/// larger of rank_threshold and `data_error`, a bound on the 2-norm of the error already in
/// the entries of `a` (rank_threshold covers only the SVD's own backward error). Throws
/// std::invalid_argument for an empty matrix or a negative or non-finite data_error.
NullSpace numerical_null_space(const Eigen::MatrixXd& a, double data_error = 0);

/// Cosines of the principal angles between the column spans of u and v (both with orthonormal
/// columns, same number of rows), descending: the singular values of u^T v.
Eigen::VectorXd principal_angle_cosines(const Eigen::MatrixXd& u, const Eigen::MatrixXd& v);

/// Sine of the largest principal angle between span(u) and span(v) for orthonormal bases of
/// equal dimension: \f$\lVert (I - u u^\top) v \rVert_2\f$. Throws std::invalid_argument if the
/// shapes differ.
double largest_principal_sine(const Eigen::MatrixXd& u, const Eigen::MatrixXd& v);

}  // namespace pe
