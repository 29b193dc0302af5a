/// @file
/// @brief Proposition 2: shifting a position is a rotation of the code.
///
/// (i) p(m + k) = R_omega(k) p(m); (ii) k -> R_omega(k) is a homomorphism into SO(d);
/// (iii) ||p(m)||^2 = d/2; (iv) the code is injective on the integers. The ledger claims below
/// measure each part on a fixed seeded sample of (d, b, m, k); the RapidCheck properties in
/// tests/proposition2_test.cpp draw fresh cases and shrink any failure. Part (iv) is certified:
/// the distance between two codes depends only on the offset between them, so the smallest one
/// over positions 0..4096 is enclosed offset by offset in MPFI.
///
/// Residuals are scaled by their rounding budget: an angle k*omega with |k| up to 10^4 carries
/// an absolute error of about |k| eps, so each residual is divided by (|m| + |k| + 1) eps and
/// the tolerance is a small count of such units.
#include <Eigen/LU>
#include <unsupported/Eigen/MatrixFunctions>
#include <algorithm>
#include <cmath>
#include <limits>

#include "clocks.hpp"
#include "certified.hpp"
#include "constants.hpp"
#include "ledger.hpp"
#include "random.hpp"

namespace pe::theorems {
namespace {

struct Case {
  int d;
  double base;
  long m, k;
};

std::vector<Case> sample_cases() {
  Rng rng(2);
  std::vector<Case> cases;
  for (int i = 0; i < 200; ++i)
    cases.push_back({2 * static_cast<int>(rng.integer(1, 32)), std::exp(rng.uniform(0.5, 12.0)),
                     rng.integer(-10000, 10000), rng.integer(-10000, 10000)});
  return cases;
}

struct Residuals {
  double shift = 0, compose = 0, transpose = 0, determinant = 0, sphere = 0;
};

const Residuals& residuals() {
  static const Residuals r = [] {
    Residuals out;
    for (const Case& c : sample_cases()) {
      const double scale = (std::abs(c.m) + std::abs(c.k) + 1) * kEps;
      const std::vector<double> omega = frequencies(c.d, c.base);
      const Matrix<double> rk = block_rotation(double(c.k), omega);
      const Matrix<double> rm = block_rotation(double(c.m), omega);
      const Vector<double> pm = sinusoidal_code(double(c.m), c.d, c.base);
      const Vector<double> pmk = sinusoidal_code(double(c.m + c.k), c.d, c.base);
      out.shift = std::max(out.shift, (pmk - rk * pm).cwiseAbs().maxCoeff() / scale);
      out.compose = std::max(
          out.compose, (rk * rm - block_rotation(double(c.m + c.k), omega)).cwiseAbs().maxCoeff() /
                           scale);
      out.transpose = std::max(
          out.transpose, (rk.transpose() - block_rotation(double(-c.k), omega)).cwiseAbs().maxCoeff() /
                             scale);
      out.determinant = std::max(out.determinant, std::fabs(rk.determinant() - 1) / (c.d * kEps));
      out.sphere = std::max(out.sphere, std::fabs(pm.squaredNorm() - c.d / 2.0) / (c.d * kEps));
    }
    return out;
  }();
  return r;
}

/// The code with the sine first in each plane, as Vaswani and colleagues write it: the
/// cosine-first code with the two coordinates of every plane swapped.
Vector<double> sine_first_code(double m, int d, double base) {
  Vector<double> p = sinusoidal_code(m, d, base);
  for (int j = 0; j < d / 2; ++j) std::swap(p(2 * j), p(2 * j + 1));
  return p;
}

/// Over the sample: the largest |<p'(m), p'(m + k)> - <p(m), p(m + k)>| between the sine-first
/// code p' and the cosine-first code p, in units of d eps (the two sums hold the same d
/// products in another order), and the largest |det S_j + 1| of the swap of one plane (a
/// reflection has determinant -1).
std::pair<double, double> sine_first_residuals() {
  double inner = 0, reflection = 0;
  Eigen::Matrix2d swap;
  swap << 0, 1, 1, 0;
  reflection = std::fabs(swap.determinant() + 1);
  for (const Case& c : sample_cases()) {
    const double a = sinusoidal_code(double(c.m), c.d, c.base)
                         .dot(sinusoidal_code(double(c.m + c.k), c.d, c.base));
    const double b = sine_first_code(double(c.m), c.d, c.base)
                         .dot(sine_first_code(double(c.m + c.k), c.d, c.base));
    inner = std::max(inner, std::fabs(a - b) / (c.d * kEps));
  }
  return {inner, reflection};
}

/// Over the sample (|k| <= 1000): the largest entry of exp(k A) - R_omega(k), A = sum_j omega_j J
/// block-diagonal, J = [[0, -1], [1, 0]], in units of (|k| + 1) d eps. The exponential is
/// Eigen's scaling-and-squaring Pade form, computed without any cosine or sine.
double generator_residual() {
  double worst = 0;
  for (const Case& c : sample_cases()) {
    const long k = c.k / 10;
    const std::vector<double> omega = frequencies(c.d, c.base);
    Eigen::MatrixXd generator = Eigen::MatrixXd::Zero(c.d, c.d);
    for (int j = 0; j < c.d / 2; ++j) {
      generator(2 * j + 1, 2 * j) = omega[std::size_t(j)];
      generator(2 * j, 2 * j + 1) = -omega[std::size_t(j)];
    }
    const Eigen::MatrixXd exponential = (double(k) * generator).exp();
    const Matrix<double> rotation = block_rotation(double(k), omega);
    worst = std::max(worst, (exponential - rotation).cwiseAbs().maxCoeff() /
                                ((std::abs(k) + 1) * c.d * kEps));
  }
  return worst;
}

/// Smallest distance between the codes of two distinct integer positions in 0..4096, d = 16.
double smallest_code_gap() {
  const int n = 4097, d = 16;
  Matrix<double> p(n, d);
  for (int m = 0; m < n; ++m) p.row(m) = sinusoidal_code(double(m), d, kDefaultBase).transpose();
  double gap = std::numeric_limits<double>::infinity();
  for (int m = 0; m < n; ++m)
    for (int q = m + 1; q < n; ++q) gap = std::min(gap, (p.row(m) - p.row(q)).norm());
  return gap;
}

}  // namespace
}  // namespace pe::theorems

namespace pe::theorems::proposition2_claims {
constexpr char kUnit[] = "proposition2";
using namespace pe::ledger;
using pe::theorems::residuals;
const std::string section = "Position as a set of clocks";
constexpr char budget[] = "16 units of (|m|+|k|+1) eps: rounding of the angles and of one 2x2 product";

PE_CLAIM(shift_is_rotation) {
  return Claim("prop2.shift_is_rotation").in_section(section)
      .stating("Proposition 2 (i): p(m + k) = R_omega(k) p(m), 200 seeded cases, d <= 64, "
      "|m|, |k| <= 10^4; residual in units of (|m|+|k|+1) eps")
      .printed_as("p(m + k) = R_omega(k) p(m)").decided_by([] { return identity(residuals().shift, 0, 16, budget); });
}

PE_CLAIM(homomorphism) {
  return Claim("prop2.homomorphism").in_section(section)
      .stating("Proposition 2 (ii): R_omega(k) R_omega(l) = R_omega(k + l), same sample")
      .printed_as("R(k) R(l) = R(k + l)").decided_by([] { return identity(residuals().compose, 0, 16, budget); });
}

PE_CLAIM(transpose_inverse) {
  return Claim("prop2.transpose_inverse").in_section(section)
      .stating("Proposition 2 (ii): R_omega(k)^T = R_omega(-k), same sample")
      .printed_as("R(k)^T = R(-k)").decided_by([] { return identity(residuals().transpose, 0, 16, budget); });
}

PE_CLAIM(determinant_one) {
  return Claim("prop2.determinant_one").in_section(section)
      .stating("Proposition 2 (ii): det R_omega(k) = 1, so the image lies in SO(d); residual in "
      "units of d eps")
      .printed_as("det R(k) = 1").decided_by([] {
        return identity(residuals().determinant, 0, 16,
                        "16 units of d eps: LU determinant of a product of d/2 rotations");
      });
}

PE_CLAIM(sphere) {
  return Claim("prop2.sphere").in_section(section)
      .stating("Proposition 2 (iii): ||p(m)||^2 = d/2; residual in units of d eps")
      .printed_as("||p(m)||^2 = d/2").decided_by([] {
        return identity(residuals().sphere, 0, 4,
                        "4 units of d eps: d squares summed, each within an ulp");
      });
}

PE_CLAIM(sine_first_reflection) {
  return Claim("prop2.sine_first_reflection").in_section(section)
      .stating("Sine first in each plane (the original transformer's order) reflects every plane "
      "the same way, so inner products stay as they were: max |<p'(m), p'(m+k)> - <p(m), "
      "p(m+k)>| over the sample, in units of d eps")
      .printed_as("same inner products").decided_by([] {
        const auto [inner, reflection] = pe::theorems::sine_first_residuals();
        if (reflection != 0)
          return identity(reflection, 0, 0, "the swap's determinant is -1 exactly");
        return identity(inner, 0, 4,
                        "4 units of d eps: the same d products summed in another order");
      });
}

PE_CLAIM(generator_exponential) {
  return Claim("prop2.generator_exponential").in_section(section)
      .stating("R_omega(k) = exp(k A) with the block-skew generator A = (+)_j omega_j J: the "
      "matrix exponential (Pade, no cosines) against the rotations, |k| <= 1000, in "
      "units of (|k|+1) d eps")
      .printed_as("R(k) = exp(kA)").decided_by([] {
        return identity(pe::theorems::generator_residual(), 0, 16,
                        "16 units of (|k|+1) d eps: scaling and squaring of a normal "
                        "matrix of norm |k| loses about |k| eps per entry, times the "
                        "squarings' growth bounded by d");
      });
}

PE_CLAIM(injective) {
  return Claim("prop2.injective").in_section(section)
      .stating("Proposition 2 (iv): distinct integer positions 0..4096 have distinct codes (d = 16); "
      "computed is the smallest distance between two of them")
      .printed_as("p(m) = p(n) only if m = n").decided_by([] {
        const double gap = pe::theorems::smallest_code_gap();
        auto o = pe::ledger::bound_enclosed(
            true,
            [] {
              // ||p(m) - p(n)||^2 = sum_j 2 - 2 cos((m - n) omega_j), since cos a cos b +
              // sin a sin b = cos(a - b): the distance depends on k = |m - n| only.
              std::vector<pe::Enclosure> omega, negated;
              for (int j = 0; j < 8; ++j) omega.push_back(pe::frequency_enclosed(16, j, pe::kDefaultBase));
              for (int k = 1; k <= 4096; ++k) {
                pe::Enclosure squared = 0;
                for (const pe::Enclosure& w : omega) squared += 2 - 2 * cos(k * w);
                negated.push_back(-sqrt(squared));
              }
              return std::pair(-pe::enclosure_of_max(negated), pe::Enclosure(0));
            },
            "smallest ||p(m) - p(n)||", "0");
        o.detail += "; in double, over all pairs, " + format(gap);
        return o;
      });
}

}  // namespace pe::theorems::proposition2_claims

