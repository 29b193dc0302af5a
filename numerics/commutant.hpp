/// @file
/// @brief The commutant of the block rotation R_omega(1) (Theorem 2): the score matrices M
/// whose position-against-position term p(m)^T M p(n) depends only on n - m.
///
/// The commutant is the d-dimensional space of block-diagonal matrices
/// \f$\bigoplus_j (a_j I + c_j J)\f$, \f$J = R(\pi/2)\f$. Its orthogonal projection in the
/// Frobenius inner product keeps, from each diagonal 2 x 2 block B, the part
/// \f$(\operatorname{tr}B/2)\, I + ((B_{21} - B_{12})/2)\, J\f$ and zeroes everything else; the
/// relativity defect \f$\delta(M) = \lVert M - \Pi M\rVert_F / \lVert M\rVert_F\f$ measures how
/// far M is from the commutant. For M with i.i.d. standard normal entries
/// \f$\lVert\Pi M\rVert_F^2\f$ is a sum of d squared standard normals (each block contributes
/// \f$(B_{11}+B_{22})^2/2\f$ and \f$(B_{21}-B_{12})^2/2\f$) and \f$\lVert M - \Pi M\rVert_F^2\f$ an
/// independent sum of \f$d^2 - d\f$, so \f$1 - \delta^2 \sim \mathrm{Beta}(d/2, (d^2-d)/2)\f$.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "clocks.hpp"
#include "random.hpp"

namespace pe {

/// Throws std::invalid_argument unless M is square with an even, positive size (the message
/// names `function`).
void require_square_even(Eigen::Index rows, Eigen::Index cols, const char* function);

/// \f$\Pi M\f$: per diagonal block B, \f$(\operatorname{tr}B/2) I + ((B_{21}-B_{12})/2) J\f$;
/// zero off the diagonal blocks. Throws std::invalid_argument for a non-square, empty or
/// odd-size M. Any scalar: double in the checks, GiNaC::ex in Theorem 2's proofs.
template <class T>
Matrix<T> commutant_projection(const Matrix<T>& m) {
  require_square_even(m.rows(), m.cols(), "commutant_projection");
  const Eigen::Index d = m.rows();
  Matrix<T> out = Matrix<T>::Zero(d, d);
  for (Eigen::Index j = 0; j < d; j += 2) {
    const T half_trace = (m(j, j) + m(j + 1, j + 1)) / 2;
    const T half_skew = (m(j + 1, j) - m(j, j + 1)) / 2;  // coefficient of J = [[0,-1],[1,0]]
    out(j, j) = half_trace;
    out(j + 1, j + 1) = half_trace;
    out(j + 1, j) = half_skew;
    out(j, j + 1) = -half_skew;
  }
  return out;
}

/// \f$\lVert M - \Pi M\rVert_F / \lVert M\rVert_F\f$, in [0, 1]. Throws std::invalid_argument
/// for a non-square, empty, odd-size, zero or non-finite M.
double relativity_defect(const Eigen::MatrixXd& m);

/// \f$\bigoplus_j (a_j I + c_j J)\f$ for coefficient vectors of equal length d/2.
template <class T>
Matrix<T> commutant_element(const Vector<T>& a, const Vector<T>& c) {
  if (a.size() != c.size() || a.size() == 0)
    throw std::invalid_argument("commutant_element: a and c need the same positive length, got " +
                                std::to_string(a.size()) + " and " + std::to_string(c.size()));
  const Eigen::Index d = 2 * a.size();
  Matrix<T> out = Matrix<T>::Zero(d, d);
  for (Eigen::Index j = 0; j < a.size(); ++j) {
    out(2 * j, 2 * j) = a(j);
    out(2 * j + 1, 2 * j + 1) = a(j);
    out(2 * j + 1, 2 * j) = c(j);
    out(2 * j, 2 * j + 1) = -c(j);
  }
  return out;
}

/// An orthonormal basis of the commutant inside \f$\mathbb{R}^{d^2}\f$ (matrices vectorised
/// column by column, as Eigen stores them): for each plane j, \f$E_j(I)/\sqrt2\f$ and
/// \f$E_j(J)/\sqrt2\f$. A d^2 x d matrix.
Eigen::MatrixXd commutant_basis(int d);

/// The offset score on the commutant,
/// \f$\sum_j (a_j\cos(\Delta\omega_j) - c_j\sin(\Delta\omega_j))\f$.
template <class T>
T commutant_score(const Vector<T>& a, const Vector<T>& c, const std::vector<T>& omega, const T& delta) {
  if (a.size() != c.size() || a.size() != Eigen::Index(omega.size()))
    throw std::invalid_argument("commutant_score: a, c and omega need one entry per plane, got " +
                                std::to_string(a.size()) + ", " + std::to_string(c.size()) +
                                " and " + std::to_string(omega.size()));
  using std::cos;
  using std::sin;
  T score = 0;
  for (std::size_t j = 0; j < omega.size(); ++j)
    score += a(j) * cos(delta * omega[j]) - c(j) * sin(delta * omega[j]);
  return score;
}

/// The linear map \f$\mathrm{vec}(M) \mapsto [g(m+1, n+1) - g(m, n)]\f$ with
/// \f$g(m, n) = p(m)^\top M p(n)\f$, over all m, n such that m, n, m + 1, n + 1 lie in the window
/// of `window` consecutive positions starting at `first`: a (window - 1)^2 x d^2 matrix whose
/// null space is the set of M that are offset-only on the window. Throws std::invalid_argument
/// for empty omega or window < 2.
Eigen::MatrixXd window_defect_map(const std::vector<double>& omega, long first, int window);

/// A bound on the 2-norm of the rounding error in the entries of window_defect_map as computed
/// in double, taking omega as exact: each angle m omega_j (|m| <= |first| + window) is rounded
/// once and its cosine or sine once more, so an entry, a difference of two products of such
/// values, is off by at most \f$(2\pi M + 6)\varepsilon\f$ with \f$M = |first| + window\f$; the
/// Frobenius norm over the (window-1)^2 x d^2 entries bounds the 2-norm.
double window_defect_map_error_bound(int d, long first, int window);

/// d/2 frequencies drawn uniformly from (separation, pi - separation), redrawn until every two
/// are at least `separation` apart (Theorem 2 needs them distinct and inside (0, pi); the
/// margin keeps the window's Vandermonde system well conditioned in double). Throws
/// std::invalid_argument if separation is not in (0, pi / (d/2 + 1)], or if a million draws
/// all fail (a separation close to that limit is rarely met by chance).
std::vector<double> random_separated_frequencies(Rng& rng, int d, double separation);

/// \f$E\,\delta(M)^2 = 1 - 1/d\f$ for Gaussian M (the Beta law's mean is 1/d).
double gaussian_mean_squared_defect(int d);

/// \f$E\,\delta(M) = E\sqrt{1 - B}\f$, \f$B \sim \mathrm{Beta}(d/2, (d^2-d)/2)\f$, which is
/// \f$\Gamma(\beta + 1/2)\,\Gamma(\alpha+\beta) / (\Gamma(\beta)\,\Gamma(\alpha+\beta+1/2))\f$ with
/// \f$\alpha = d/2\f$, \f$\beta = (d^2-d)/2\f$; slightly below \f$\sqrt{1-1/d}\f$ by Jensen.
double gaussian_mean_defect(int d);

/// Why a frequency set falls outside Theorem 2's hypothesis, or "" when it satisfies it: the
/// commutant of R_omega(1) is the span of the blocks a_j I + c_j J exactly when the frequencies'
/// cosines are distinct and no sine is 0, which for frequencies in (0, pi) means distinct.
std::string outside_commutant_hypothesis(const std::vector<double>& omega);

}  // namespace pe
