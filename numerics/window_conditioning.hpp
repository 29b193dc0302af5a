/// @file
/// @brief How well a window of consecutive positions pins down the code: the singular values
/// and condition number of the window matrix P, in double, at 200 digits, at a precision
/// chosen at run time, and as a rigorous interval enclosure.
///
/// P is n x d with row m equal to p(m), m = 0 .. n-1. Slow planes barely turn over a short
/// window, so their cosine column is nearly constant and their sine column nearly linear in m,
/// and P is nearly rank-deficient: its 2-norm condition number \f$\sigma_{\max}/\sigma_{\min}\f$
/// is astronomically large for n close to d.
///
/// Three routes, each checking the others:
/// - double: Eigen::JacobiSVD of P; the numerical rank uses the LAPACK/NumPy threshold
///   \f$\sigma_{\max}\max(n, d)\varepsilon\f$ (numerics/subspaces.hpp);
/// - Mp200: Eigen::JacobiSVD of P at 200 digits, directly;
/// - MpVariable at `digits` digits: the eigenvalues of the d x d Gram matrix \f$G = P^\top P\f$,
///   since \f$\sigma_i(P)^2 = \lambda_i(G)\f$ and so \f$\operatorname{cond}(P) =
///   \sqrt{\lambda_{\max}(G)/\lambda_{\min}(G)}\f$. Forming G costs accuracy only in proportion to
///   \f$\operatorname{cond}(P)^2\f$: the rounding of G and the eigensolver's backward error are
///   about \f$n d\, 10^{-\text{digits}} \lVert G\rVert\f$, which moves \f$\lambda_{\min}\f$ by a
///   relative \f$n d\, 10^{-\text{digits}}\operatorname{cond}(P)^2\f$ (Weyl). At 200 digits and
///   \f$\operatorname{cond} \approx 4\times10^{29}\f$ that is about \f$10^{-137}\f$; and G is only
///   d x d, so even n = 4096 is cheap.
/// - the enclosure: G in MPFI interval arithmetic (every sine, cosine and sum rounded outward),
///   rotated by the approximate eigenvectors V of its midpoint, \f$A = V^\top G V\f$; Weyl's
///   inequality bounds each eigenvalue of A by its sorted diagonal plus the Frobenius norm of
///   its off-diagonal part, and Ostrowski's theorem (\f$\lambda_k(V^\top G V) = \theta_k
///   \lambda_k(G)\f$ with \f$\theta_k\f$ between the extreme eigenvalues of \f$V^\top V\f$, within
///   \f$\lVert V^\top V - I\rVert_F\f$ of 1) carries them back to G. The result is an interval
///   that provably contains cond(P).
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "clocks.hpp"
#include "limits.hpp"
#include "multiprecision.hpp"

namespace pe {

/// The n x d window matrix: row m is p(m), m = 0 .. n-1. Throws std::invalid_argument for
/// n < 1 or n > kMaxWindowPositions (and, through the clocks, odd d or base <= 1).
template <class T>
Matrix<T> position_window(int n, int d, const T& base) {
  if (n < 1)
    throw std::invalid_argument("position_window: n must be >= 1, got n = " + std::to_string(n));
  require_at_most(n, kMaxWindowPositions, "n", "position_window");
  const std::vector<T> omega = frequencies(d, base);
  Matrix<T> p(n, d);
  for (int m = 0; m < n; ++m) p.row(m) = sinusoidal_code(T(m), omega).transpose();
  return p;
}

/// What double precision makes of the window.
struct DoubleWindowConditioning {
  Eigen::VectorXd singular_values;  ///< descending
  double condition_number = 0;      ///< sigma_max / sigma_min as computed (inf if sigma_min = 0)
  double rank_threshold = 0;        ///< sigma_max * max(n, d) * eps
  int numerical_rank = 0;           ///< singular values above the threshold
};

/// JacobiSVD of P in double.
DoubleWindowConditioning window_conditioning_double(int n, int d, double base);

/// Singular values of P by JacobiSVD at 200 digits, descending.
Vector<Mp200> window_singular_values_mp200(int n, int d, const Mp200& base);

/// A condition number computed at a stated precision.
struct MpConditionNumber {
  int digits = 0;                 ///< decimal digits of the arithmetic
  std::string decimal;            ///< cond(P) with `digits` significant digits
  double value = 0;               ///< the same, rounded to double
  std::string smallest_eigenvalue;  ///< lambda_min(P^T P), 20 digits
  /// n d 10^-digits cond^2: the relative accuracy of lambda_min that the precision guarantees
  /// to first order (see the file comment).
  double relative_error_bound = 0;
};

/// cond(P) through the eigenvalues of P^T P in `digits`-digit MPFR. Throws
/// std::invalid_argument for n < 1, digits < 20, or a precision too low to resolve the
/// result: when lambda_min(P^T P) does not come out positive, or when
/// n d 10^-digits cond(P)^2 > 10^-6 (fewer than six settled digits).
MpConditionNumber window_condition_number(int n, int d, double base, int digits);

/// A rigorous enclosure of cond(P).
struct ConditionEnclosure {
  int digits = 0;             ///< precision of the interval arithmetic and of the eigenvectors
  std::string lower, upper;   ///< the enclosure's endpoints, 25 digits, rounded outward
  double lower_value = 0;     ///< lower endpoint rounded down to double
  double upper_value = 0;     ///< upper endpoint rounded up to double
  double offdiagonal_bound = 0;   ///< upper bound on ||offdiag(V^T G V)||_F
  double orthogonality_bound = 0; ///< upper bound on ||V^T V - I||_F
  /// Every singular value of P enclosed, largest first: sigma_i = sqrt(lambda_i(G)), each
  /// eigenvalue bounded as the extreme ones are (the k-th smallest diagonal entry of V^T G V
  /// lies between the k-th smallest left end and the k-th smallest right end; Weyl, then
  /// Ostrowski), and a lower end below zero replaced by zero since G = P^T P is positive
  /// semidefinite. Endpoints as decimal text, 25 digits, rounded outward.
  std::vector<std::string> singular_lower, singular_upper;
};

/// Encloses cond(P) by MPFI arithmetic on P^T P with Weyl's and Ostrowski's theorems (file
/// comment). Throws std::invalid_argument for digits < 20, n < d (P^T P singular), or a
/// precision too low for the enclosure of lambda_min(P^T P) to exclude zero.
ConditionEnclosure window_condition_enclosure(int n, int d, double base, int digits);

}  // namespace pe
