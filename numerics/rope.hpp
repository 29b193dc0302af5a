/// @file
/// @brief Rotary position embedding (Definition 4) and what it does to a score: rotation of
/// queries and keys, the offset score as a trigonometric polynomial (Proposition 3), the plane
/// products h_j, the summation-by-parts envelope (Proposition 4) and the interpolation bound
/// (Theorem 5 (iv)).
///
/// Plane j of a d-vector is its coordinates (2j, 2j+1), read as the complex number
/// \f$z_j = v_{2j} + i\,v_{2j+1}\f$. RoPE at position m multiplies \f$z_j\f$ by
/// \f$e^{i m\theta_j}\f$, i.e. applies \f$R_\theta(m) = \bigoplus_j R(m\theta_j)\f$. The offset
/// score of a query q and key k is
/// \f[ s(\Delta) = \langle q, R_\theta(\Delta) k\rangle
///      = \operatorname{Re}\sum_j h_j e^{i\Delta\theta_j}, \qquad h_j = \bar q_j k_j, \f]
/// so its amplitudes are \f$\rho_j = |h_j| = \lVert q_j\rVert\,\lVert k_j\rVert\f$ and its phases
/// \f$\varphi_j = \arg h_j\f$, the angle from q's plane-j component to k's.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <complex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "clocks.hpp"

namespace pe {

/// Turns the plane (a, b) by the angle whose cosine is c and sine s: (c a - s b, s a + c b).
/// The one rotation every RoPE computation in the project goes through; the transpose
/// (a backward pass) is the same call with -s.
/// Templated on the scalar so that the tabulated passes' exact instantiation
/// (experiments/head_scalar.hpp) turns planes by the same code.
template <class Scalar>
inline void rotate_plane(Scalar& a, Scalar& b, const Scalar& c, const Scalar& s) {
  const Scalar x = a, y = b;
  a = c * x - s * y;
  b = s * x + c * y;
}

/// \f$R_\theta(\text{position})\f$ applied in place to a vector or matrix row of
/// 2 * frequencies.size() entries (the caller checks the size). Any scalar: double in the
/// heads, GiNaC::ex in the proofs (theorems/50-rope), so both turn planes by this code.
template <typename Row, class T>
void rope_rotate_in_place(Row&& row, const T& position, const std::vector<T>& frequencies) {
  using std::cos;
  using std::sin;
  for (std::size_t j = 0; j < frequencies.size(); ++j) {
    const T angle = position * frequencies[j], c = cos(angle), s = sin(angle);
    rotate_plane<T>(row(2 * j), row(2 * j + 1), c, s);
  }
}

/// Throws std::invalid_argument unless `size` is 2 * planes (the message names `parameter`).
void require_plane_entries(Eigen::Index size, std::size_t planes, const char* parameter);

/// \f$R_\theta(\text{position})\,v\f$: plane j of v turned by position * frequencies[j].
/// Throws std::invalid_argument unless v has 2 * frequencies.size() entries.
template <class T>
Vector<T> rope_rotate(const Vector<T>& v, const T& position, const std::vector<T>& frequencies) {
  require_plane_entries(v.size(), frequencies.size(), "v");
  Vector<T> out = v;
  rope_rotate_in_place(out, position, frequencies);
  return out;
}
Eigen::VectorXd rope_rotate(const Eigen::VectorXd& v, double position,
                            const std::vector<double>& frequencies);

/// The offset score \f$s(\Delta) = \langle q, R_\theta(\Delta) k\rangle\f$ (no temperature).
template <class T>
T rope_offset_score(const Vector<T>& q, const Vector<T>& k, const T& delta, const std::vector<T>& frequencies) {
  require_plane_entries(q.size(), frequencies.size(), "q");
  return q.dot(rope_rotate(k, delta, frequencies));
}
double rope_offset_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double delta,
                         const std::vector<double>& frequencies);

/// The RoPE score matrix of a sequence: row t of `queries` and of `keys` sits at positions[t];
/// entry (t, j) is \f$\langle R_\theta(m_t) q_t, R_\theta(m_j) k_j\rangle/\tau\f$, computed by
/// rotating every query and key first, as a RoPE head does. Any scalar: double in the checks,
/// GiNaC::ex in Proposition 3's head proofs (tau's sign is checked for a floating-point tau).
template <class T>
Matrix<T> rope_scores(const Matrix<T>& queries, const Matrix<T>& keys, const std::vector<T>& positions,
                      const std::vector<T>& frequencies, const T& tau) {
  if constexpr (std::is_floating_point_v<T>)
    if (!(tau > 0)) throw std::invalid_argument("tau must be > 0, got tau = " + std::to_string(tau));
  require_plane_entries(queries.cols(), frequencies.size(), "queries.row(t)");
  require_plane_entries(keys.cols(), frequencies.size(), "keys.row(t)");
  if (keys.rows() != queries.rows() || positions.size() != static_cast<std::size_t>(queries.rows()))
    throw std::invalid_argument("queries, keys and positions must have the same length, got " +
                                std::to_string(queries.rows()) + ", " + std::to_string(keys.rows()) +
                                " and " + std::to_string(positions.size()));
  Matrix<T> rotated_q = queries, rotated_k = keys;
  for (Eigen::Index t = 0; t < queries.rows(); ++t) {
    rope_rotate_in_place(rotated_q.row(t), positions[t], frequencies);
    rope_rotate_in_place(rotated_k.row(t), positions[t], frequencies);
  }
  return rotated_q * rotated_k.transpose() / tau;
}
Eigen::MatrixXd rope_scores(const Eigen::MatrixXd& queries, const Eigen::MatrixXd& keys,
                            const std::vector<double>& positions,
                            const std::vector<double>& frequencies, double tau);

/// \f$\sum_j \rho_j \cos(\Delta\theta_j + \varphi_j)\f$: Proposition 3 (iii)'s form of the
/// offset score.
struct TrigonometricPolynomial {
  std::vector<double> amplitudes;   ///< \f$\rho_j \ge 0\f$
  std::vector<double> phases;       ///< \f$\varphi_j \in (-\pi, \pi]\f$
  std::vector<double> frequencies;  ///< \f$\theta_j\f$
  /// The polynomial's value at offset delta.
  double operator()(double delta) const;
};

/// Amplitudes \f$\lVert q_j\rVert\lVert k_j\rVert\f$ and phases (angle of \f$k_j\f$ minus angle
/// of \f$q_j\f$) of the offset score of q and k.
TrigonometricPolynomial offset_score_polynomial(const Eigen::VectorXd& q, const Eigen::VectorXd& k,
                                                const std::vector<double>& frequencies);

/// \f$h_j = \bar q_j k_j\f$ for every plane (Proposition 4's complex form).
std::vector<std::complex<double>> plane_products(const Eigen::VectorXd& q,
                                                 const Eigen::VectorXd& k);

/// \f$\sum_j h_j e^{i\Delta\theta_j}\f$; its real part is the offset score.
std::complex<double> complex_offset_sum(const std::vector<std::complex<double>>& h, double delta,
                                        const std::vector<double>& frequencies);

/// The envelope \f$\sum_{j=1}^{d/2} |S_j|\f$ with \f$S_j = \sum_{l<j} e^{i\Delta\theta_l}\f$.
double decay_envelope(double delta, const std::vector<double>& frequencies);

/// Proposition 4 (i)'s bound: \f$\max_j |h_{j+1} - h_j|\f$ (with \f$h_{d/2} = 0\f$) times the
/// envelope.
double summation_by_parts_bound(const std::vector<std::complex<double>>& h, double delta,
                                const std::vector<double>& frequencies);

/// The mean of the envelope over one octave of offsets, \f$\Delta = 2^k, \dots, 2^{k+1} - 1\f$.
struct EnvelopeOctave {
  long first = 0, last = 0;  ///< the octave's offsets, inclusive
  double mean = 0;           ///< mean envelope over them
  long rises = 0;            ///< consecutive offsets where the envelope goes up
  long falls = 0;            ///< consecutive offsets where it goes down
};

/// The envelope's octave means for k = 0 .. octaves - 1 (offsets 1 .. 2^octaves - 1).
std::vector<EnvelopeOctave> envelope_by_octave(const std::vector<double>& frequencies,
                                               int octaves);

/// Theorem 5 (iv)'s bound \f$\tfrac12(\Delta-\Delta_1)(\Delta_2-\Delta)\sum_j|h_j|\theta_j^2\f$
/// on the error of linear interpolation of \f$a(\Delta) = \operatorname{Re}\sum_j h_j
/// e^{i\Delta\theta_j}\f$ between \f$\Delta_1 < \Delta_2\f$. Throws std::invalid_argument
/// unless \f$\Delta_1 < \Delta_2\f$ and \f$\Delta_1 \le \Delta \le \Delta_2\f$.
double interpolation_bound(const std::vector<std::complex<double>>& h,
                           const std::vector<double>& frequencies, double delta1, double delta2,
                           double delta);

/// \f$a(\Delta) - \ell(\Delta)\f$, where \f$\ell\f$ interpolates a linearly between
/// \f$\Delta_1\f$ and \f$\Delta_2\f$; same domain checks as interpolation_bound.
double interpolation_error(const std::vector<std::complex<double>>& h,
                           const std::vector<double>& frequencies, double delta1, double delta2,
                           double delta);

}  // namespace pe
