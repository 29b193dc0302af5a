/// @file
/// @brief The sinusoidal code as d/2 clocks: frequencies, the code p(m), the block rotation
/// R_omega(k), the stationary kernel kappa_d, its limit I_b and the logarithmic ruler.
///
/// Templated on the scalar so the same formulas run in double and in 200-digit MPFR (Mp200).
/// Plane j of the code is (cos m omega_j, sin m omega_j) with omega_j = b^(-2j/d).
#pragma once

#include <Eigen/Core>
#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "cosine_integral.hpp"
#include "multiprecision.hpp"

namespace pe {

/// The article's default base.
inline constexpr double kDefaultBase = 10000.0;

template <class T>
using Vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;
template <class T>
using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

/// True for a scalar that stands for symbols (GiNaC::ex, numerics/symbolic_eigen.hpp): a base
/// that is a symbol has no value to check.
template <class T>
inline constexpr bool kSymbolicScalar = false;

/// Throws std::invalid_argument unless d is even and positive.
void require_even_dimension(int d, const char* parameter = "d");
/// Throws std::invalid_argument unless the base is finite and greater than 1.
void require_base(double base, const char* parameter = "base");

template <class T>
double to_double(const T& x) {
  return static_cast<double>(x);
}

/// Euler's constant gamma in the scalar's arithmetic (GiNaC's own constant on GiNaC::ex,
/// numerics/symbolic_eigen.hpp).
template <class T>
T euler_constant() {
  return boost::math::constants::euler<T>();
}

/// omega_j = base^(-2j/d) for one plane j (j and d may be symbols on GiNaC::ex).
template <class T>
T frequency(const T& j, const T& d, const T& base) {
  using std::pow;
  return pow(base, T(T(-2) * j) / d);
}

/// omega_j = base^(-2j/d), j = 0 .. d/2 - 1.
template <class T>
std::vector<T> frequencies(int d, const T& base) {
  require_even_dimension(d);
  if constexpr (!kSymbolicScalar<T>) require_base(to_double(base));
  std::vector<T> omega(d / 2);
  for (int j = 0; j < d / 2; ++j) omega[j] = frequency(T(j), T(d), base);
  return omega;
}

/// The code p(m) = (cos m omega_j, sin m omega_j)_j for any frequencies (Theorem 2 takes
/// arbitrary distinct ones in (0, pi)); d = 2 * omega.size().
template <class T>
Vector<T> sinusoidal_code(const T& m, const std::vector<T>& omega) {
  using std::cos;
  using std::sin;
  const int d = static_cast<int>(2 * omega.size());
  Vector<T> p(d);
  for (int j = 0; j < d / 2; ++j) {
    p(2 * j) = cos(m * omega[j]);
    p(2 * j + 1) = sin(m * omega[j]);
  }
  return p;
}

/// The code p(m) of Definition 2, at a real position m (PI reads fractional positions).
template <class T>
Vector<T> sinusoidal_code(const T& m, int d, const T& base) {
  return sinusoidal_code(m, frequencies(d, base));
}

/// R(phi) = [[cos, -sin], [sin, cos]] in each plane, phi = k * omega_j: the d x d rotation
/// R_omega(k) for the given frequencies.
template <class T>
Matrix<T> block_rotation(const T& k, const std::vector<T>& omega) {
  using std::cos;
  using std::sin;
  const int d = static_cast<int>(2 * omega.size());
  Matrix<T> r = Matrix<T>::Zero(d, d);
  for (int j = 0; j < d / 2; ++j) {
    const T c = cos(k * omega[j]), s = sin(k * omega[j]);
    r(2 * j, 2 * j) = c;
    r(2 * j, 2 * j + 1) = -s;
    r(2 * j + 1, 2 * j) = s;
    r(2 * j + 1, 2 * j + 1) = c;
  }
  return r;
}

template <class T>
Matrix<T> block_rotation(const T& k, int d, const T& base) {
  return block_rotation(k, frequencies(d, base));
}

/// The generator A = (+)_j omega_j J, J = [[0, -1], [1, 0]], of R_omega(k) = exp(kA)
/// (Proposition 2 (iii)).
template <class T>
Matrix<T> rotation_generator(const std::vector<T>& omega) {
  const int d = static_cast<int>(2 * omega.size());
  Matrix<T> a = Matrix<T>::Zero(d, d);
  for (int j = 0; j < d / 2; ++j) {
    a(2 * j + 1, 2 * j) = omega[j];
    a(2 * j, 2 * j + 1) = -omega[j];
  }
  return a;
}

/// kappa(Delta) = sum_j cos(Delta omega_j) = <p(m), p(m + Delta)> for any frequencies.
template <class T>
T stationary_kernel(const T& delta, const std::vector<T>& omega) {
  using std::cos;
  T sum = 0;
  for (const T& w : omega) sum += cos(delta * w);
  return sum;
}

/// kappa_d(Delta) = sum_j cos(Delta omega_j) = <p(m), p(m + Delta)> (Theorem 1 (i)).
template <class T>
T stationary_kernel(const T& delta, int d, const T& base) {
  return stationary_kernel(delta, frequencies(d, base));
}

/// I_b(Delta) = (Ci(|Delta|) - Ci(|Delta|/b)) / ln b, the d -> infinity limit of
/// (2/d) kappa_d(Delta) (Theorem 1 (ii)); Delta != 0.
template <class T>
T kernel_limit(const T& delta, const T& base) {
  using std::abs;
  using std::log;
  const T a = abs(delta);
  if constexpr (!kSymbolicScalar<T>) {
    require_base(to_double(base));
    if (a == 0) throw std::invalid_argument("kernel_limit: Delta must be nonzero, got Delta = 0");
  }
  return (cosine_integral(a) - cosine_integral(T(a / base))) / log(base);
}

/// Throws std::invalid_argument unless the base is > 1 and Delta != 0 (`what` names the caller).
template <class T>
void require_offset_and_base(const T& delta, const T& base, const char* what) {
  if constexpr (!kSymbolicScalar<T>) {
    require_base(to_double(base));
    if (delta == 0) throw std::invalid_argument(std::string(what) + ": Delta must be nonzero");
  }
}

/// The logarithmic ruler 1 - (gamma + ln|Delta|) / ln b.
template <class T>
T logarithmic_ruler(const T& delta, const T& base) {
  require_offset_and_base(delta, base, "logarithmic_ruler");
  using std::abs;
  using std::log;
  return T(1) - (euler_constant<T>() + log(T(abs(delta)))) / log(base);
}
double logarithmic_ruler(double delta, double base);

/// Theorem 1 (ii)'s bound on |I_b(Delta) - ruler(Delta)|: (2/|Delta| + Delta^2/(4 b^2)) / ln b.
template <class T>
T ruler_error_bound(const T& delta, const T& base) {
  require_offset_and_base(delta, base, "ruler_error_bound");
  using std::abs;
  using std::log;
  const T a = abs(delta);
  return (T(2) / a + a * a / (T(4) * base * base)) / log(base);
}
double ruler_error_bound(double delta, double base);

}  // namespace pe
