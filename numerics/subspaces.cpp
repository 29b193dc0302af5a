#include "subspaces.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace pe {

double rank_threshold(double sigma_max, Eigen::Index rows, Eigen::Index cols) {
  if (!std::isfinite(sigma_max) || sigma_max < 0)
    throw std::invalid_argument("rank_threshold: sigma_max must be finite and >= 0, got sigma_max = " +
                                std::to_string(sigma_max));
  if (rows <= 0 || cols <= 0)
    throw std::invalid_argument("rank_threshold: rows and cols must be positive, got rows = " +
                                std::to_string(rows) + ", cols = " + std::to_string(cols));
  return sigma_max * static_cast<double>(std::max(rows, cols)) *
         std::numeric_limits<double>::epsilon();
}

int numerical_rank(const Eigen::VectorXd& singular_values, Eigen::Index rows, Eigen::Index cols) {
  if (singular_values.size() == 0) return 0;
  const double threshold = rank_threshold(singular_values.maxCoeff(), rows, cols);
  return static_cast<int>((singular_values.array() > threshold).count());
}

Eigen::VectorXd singular_values(const Eigen::MatrixXd& a) {
  return Eigen::JacobiSVD<Eigen::MatrixXd>(a).singularValues();
}

Eigen::VectorXd symmetric_eigenvalues(const Eigen::MatrixXd& a) {
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(a).eigenvalues();
}

int numerical_rank(const Eigen::MatrixXd& a) {
  const Eigen::VectorXd s = Eigen::BDCSVD<Eigen::MatrixXd>(a).singularValues();
  return numerical_rank(s, a.rows(), a.cols());
}

NullSpace numerical_null_space(const Eigen::MatrixXd& a, double data_error) {
  if (a.rows() == 0 || a.cols() == 0)
    throw std::invalid_argument("numerical_null_space: the matrix must be non-empty, got " +
                                std::to_string(a.rows()) + " x " + std::to_string(a.cols()));
  if (!std::isfinite(data_error) || data_error < 0)
    throw std::invalid_argument("numerical_null_space: data_error must be finite and >= 0, got "
                                "data_error = " + std::to_string(data_error));
  const Eigen::BDCSVD<Eigen::MatrixXd> svd(a, Eigen::ComputeFullV);
  NullSpace out;
  // A wide matrix has cols - rows singular values that are exactly zero and not returned.
  out.singular_values = Eigen::VectorXd::Zero(a.cols());
  out.singular_values.head(svd.singularValues().size()) = svd.singularValues();
  out.threshold = std::max(rank_threshold(out.singular_values(0), a.rows(), a.cols()), data_error);
  const int rank = static_cast<int>((out.singular_values.array() > out.threshold).count());
  out.dimension = static_cast<int>(a.cols()) - rank;
  out.basis = svd.matrixV().rightCols(out.dimension);
  out.smallest_kept = rank > 0 ? out.singular_values(rank - 1) : std::numeric_limits<double>::infinity();
  out.largest_dropped = out.dimension > 0 ? out.singular_values(rank) : 0.0;
  return out;
}

Eigen::VectorXd principal_angle_cosines(const Eigen::MatrixXd& u, const Eigen::MatrixXd& v) {
  if (u.rows() != v.rows())
    throw std::invalid_argument("principal_angle_cosines: bases need the same number of rows, got " +
                                std::to_string(u.rows()) + " and " + std::to_string(v.rows()));
  const Eigen::MatrixXd overlap = u.transpose() * v;
  return singular_values(overlap);
}

double largest_principal_sine(const Eigen::MatrixXd& u, const Eigen::MatrixXd& v) {
  if (u.rows() != v.rows() || u.cols() != v.cols())
    throw std::invalid_argument("largest_principal_sine: bases must have equal shapes, got " +
                                std::to_string(u.rows()) + " x " + std::to_string(u.cols()) +
                                " and " + std::to_string(v.rows()) + " x " +
                                std::to_string(v.cols()));
  const Eigen::MatrixXd residual = v - u * (u.transpose() * v);
  if (residual.size() == 0) return 0;
  return singular_values(residual)(0);
}

}  // namespace pe
