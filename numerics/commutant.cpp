#include "commutant.hpp"

#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "clocks.hpp"

namespace pe {

void require_square_even(Eigen::Index rows, Eigen::Index cols, const char* function) {
  if (rows != cols)
    throw std::invalid_argument(std::string(function) + ": M must be square, got M of size " +
                                std::to_string(rows) + " x " + std::to_string(cols));
  require_even_dimension(static_cast<int>(rows), "the size d of M");
}

double relativity_defect(const Eigen::MatrixXd& m) {
  require_square_even(m.rows(), m.cols(), "relativity_defect");
  if (!m.allFinite()) throw std::invalid_argument("relativity_defect: M must be finite");
  const double norm = m.norm();
  if (norm == 0) throw std::invalid_argument("relativity_defect: M must be nonzero, got ||M||_F = 0");
  const Eigen::MatrixXd residual = m - commutant_projection(m);
  return residual.norm() / norm;
}

Eigen::MatrixXd commutant_basis(int d) {
  require_even_dimension(d);
  Eigen::MatrixXd basis = Eigen::MatrixXd::Zero(Eigen::Index(d) * d, d);
  const double r = 1 / std::sqrt(2.0);
  auto at = [d](int row, int col) { return Eigen::Index(col) * d + row; };  // column-major vec
  for (int j = 0; j < d / 2; ++j) {
    const int lo = 2 * j, hi = 2 * j + 1;
    basis(at(lo, lo), 2 * j) = r;  // identity block
    basis(at(hi, hi), 2 * j) = r;
    basis(at(hi, lo), 2 * j + 1) = r;  // J block: (hi, lo) = +1, (lo, hi) = -1
    basis(at(lo, hi), 2 * j + 1) = -r;
  }
  return basis;
}

Eigen::MatrixXd window_defect_map(const std::vector<double>& omega, long first, int window) {
  if (omega.empty()) throw std::invalid_argument("window_defect_map: omega must be non-empty");
  if (window < 2)
    throw std::invalid_argument("window_defect_map: window must be >= 2, got window = " +
                                std::to_string(window));
  const int d = static_cast<int>(2 * omega.size());
  std::vector<Vector<double>> code;
  for (int i = 0; i < window; ++i) code.push_back(sinusoidal_code(double(first + i), omega));
  const int pairs = window - 1;
  Eigen::MatrixXd map(Eigen::Index(pairs) * pairs, Eigen::Index(d) * d);
  // g(m, n) = sum_{i,k} p_i(m) M_ik p_k(n); M_ik sits at column-major index i + k d.
  for (int a = 0; a < pairs; ++a)
    for (int b = 0; b < pairs; ++b) {
      const Eigen::Index row = Eigen::Index(a) * pairs + b;
      for (int k = 0; k < d; ++k)
        for (int i = 0; i < d; ++i)
          map(row, Eigen::Index(k) * d + i) =
              code[a + 1](i) * code[b + 1](k) - code[a](i) * code[b](k);
    }
  return map;
}

double window_defect_map_error_bound(int d, long first, int window) {
  require_even_dimension(d);
  if (window < 2)
    throw std::invalid_argument("window_defect_map_error_bound: window must be >= 2, got window = " +
                                std::to_string(window));
  const double reach = std::fabs(double(first)) + window;
  const double entry = (2 * M_PI * reach + 6) * std::numeric_limits<double>::epsilon();
  // ||E||_2 <= ||E||_F <= sqrt(rows * cols) max|E_ik|, rows = (window-1)^2, cols = d^2.
  return entry * (window - 1) * d;
}

std::vector<double> random_separated_frequencies(Rng& rng, int d, double separation) {
  require_even_dimension(d);
  const int planes = d / 2;
  if (!(separation > 0) || separation > M_PI / (planes + 1))
    throw std::invalid_argument("random_separated_frequencies: separation must be in (0, pi/(d/2+1)], "
                                "got separation = " + std::to_string(separation));
  for (int attempt = 0; attempt < 1000000; ++attempt) {
    std::vector<double> omega;
    for (int j = 0; j < planes; ++j) omega.push_back(rng.uniform(separation, M_PI - separation));
    bool apart = true;
    for (int a = 0; a < planes && apart; ++a)
      for (int b = a + 1; b < planes; ++b)
        if (std::fabs(omega[a] - omega[b]) < separation) { apart = false; break; }
    if (apart) return omega;
  }
  throw std::invalid_argument("random_separated_frequencies: no draw of " + std::to_string(planes) +
                              " frequencies kept separation = " + std::to_string(separation) +
                              " in a million attempts; ask for less");
}

double gaussian_mean_squared_defect(int d) {
  require_even_dimension(d);
  return 1 - 1.0 / d;
}

double gaussian_mean_defect(int d) {
  require_even_dimension(d);
  const double alpha = d / 2.0, beta = d * (d - 1) / 2.0;
  // tgamma_delta_ratio(z, 1/2) = Gamma(z) / Gamma(z + 1/2)
  return boost::math::tgamma_delta_ratio(alpha + beta, 0.5) /
         boost::math::tgamma_delta_ratio(beta, 0.5);
}

std::string outside_commutant_hypothesis(const std::vector<double>& omega) {
  for (std::size_t i = 0; i < omega.size(); ++i) {
    if (!(omega[i] > 0 && omega[i] < M_PI))
      return "omega_" + std::to_string(i) + " is not in (0, pi): at 0 or pi its rotation is +-I and every "
             "2 x 2 block commutes with it; elsewhere its cosine may repeat another's";
    for (std::size_t j = 0; j < i; ++j)
      if (omega[i] == omega[j])
        return "omega_" + std::to_string(j) + " = omega_" + std::to_string(i) +
               ": equal cosines make det S_ij = 0 and the commutant larger than the blocks";
  }
  return "";
}

}  // namespace pe
