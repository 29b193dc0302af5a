/// @file
/// @brief The real normal form of an orthogonal matrix (Theorem 4 (c)), read off Eigen's real
/// Schur form, and the test of Theorem 4 (a) for a family of matrices L_m.
///
/// An orthogonal U is normal, so its real Schur form \f$U = Z T Z^\top\f$ is block diagonal up
/// to rounding: 2 x 2 blocks that are rotations \f$R(\pm\theta)\f$ with
/// \f$\theta \in (0, \pi)\f$, and 1 x 1 blocks \f$\pm 1\f$. Flipping one basis vector turns
/// \f$R(-\theta)\f$ into \f$R(\theta)\f$, and regrouping the columns of Z gives
/// \f[ U^m = Q\Bigl(\bigoplus_i R(m\theta_i) \oplus I_p \oplus (-1)^m I_{p'}\Bigr)Q^\top. \f]
#pragma once

#include <Eigen/Core>
#include <functional>
#include <vector>

#include "random.hpp"

namespace pe {

/// \f$U = Q\,(\bigoplus_i R(\theta_i) \oplus I_p \oplus (-I_{p'}))\,Q^\top\f$.
struct OrthogonalNormalForm {
  Eigen::MatrixXd q;          ///< orthogonal; columns: the rotation planes, then +1, then -1
  std::vector<double> angles;  ///< \f$\theta_i \in (0, \pi)\f$, ascending
  int p = 0;                  ///< multiplicity of the eigenvalue +1
  int p_prime = 0;            ///< multiplicity of the eigenvalue -1

  /// \f$\bigoplus_i R(m\theta_i) \oplus I_p \oplus (-1)^m I_{p'}\f$.
  Eigen::MatrixXd block_power(long m) const;
  /// \f$Q\,\mathrm{block\_power}(m)\,Q^\top\f$, which is \f$U^m\f$.
  Eigen::MatrixXd power(long m) const;
};

/// The normal form of U from Eigen::RealSchur. A 2 x 2 Schur block whose angle lies within
/// `tolerance` of 0 or of pi is read as a pair of eigenvalues +1 or -1 (a repeated real
/// eigenvalue may come out of the Schur iteration as such a block). Throws
/// std::invalid_argument unless U is square and \f$\max|U^\top U - I| \le\f$ tolerance, and
/// std::runtime_error if the Schur form is not block diagonal to that tolerance.
OrthogonalNormalForm orthogonal_normal_form(const Eigen::MatrixXd& u, double tolerance = 1e-9);

/// \f$\max_{|m|,|n| \le \text{range}} \max|L_m^\top L_n - L_0^\top L_{n-m}|\f$: zero exactly
/// when \f$L_m^\top L_n\f$ depends on n - m alone over that range (Theorem 4 (a)).
double relative_encoding_defect(const std::function<Eigen::MatrixXd(long)>& family, long range);

/// \f$\max|U^\top U - I|\f$: how far a square U is from orthogonal, entry by entry (0 for an
/// orthogonal U up to rounding).
double orthogonality_departure(const Eigen::MatrixXd& u);

/// \f$A^m\f$ for any integer m by repeated products; for m < 0, of the inverse taken generically
/// (not the transpose), as a family that need not be orthogonal requires.
Eigen::MatrixXd integer_power(const Eigen::MatrixXd& a, long m);

/// A Haar-distributed orthogonal n x n matrix: QR of a Gaussian matrix with the signs of R's
/// diagonal moved into Q.
Eigen::MatrixXd haar_orthogonal(Rng& rng, int n);

/// \f$Q\,(\bigoplus_i R(\theta_i) \oplus I_p \oplus (-I_{p'}))\,Q^\top\f$ for a given orthogonal
/// Q of size 2 * angles.size() + p + p_prime.
Eigen::MatrixXd orthogonal_from_normal_form(const Eigen::MatrixXd& q,
                                            const std::vector<double>& angles, int p, int p_prime);

/// A random normal form of the given shape: `planes` angles drawn uniformly from
/// [0.05, pi - 0.05] and sorted, then a Haar Q of size 2 planes + p + p_prime (drawn in that
/// order from rng). Throws std::invalid_argument for a negative count or an empty shape.
OrthogonalNormalForm random_normal_form(Rng& rng, int planes, int p, int p_prime);

}  // namespace pe
