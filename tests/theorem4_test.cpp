// Theorem 4 as RapidCheck properties: random orthogonal U with a prescribed normal form (shape
// drawn by RapidCheck, Q and the angles from a drawn seed); the normal form read from the real
// Schur form reproduces it and U^m, and U^m satisfies (a). Plus the domain checks.
#include "constants.hpp"
#include "expect_invalid.hpp"
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <Eigen/LU>
#include <algorithm>
#include <limits>

#include "orthogonal_normal_form.hpp"
#include "property_generators.hpp"
#include "random.hpp"

using pe::testing::expect_invalid;

using pe::testing::gen_seed;

namespace {
using pe::kEps;  // numerics/constants.hpp

Eigen::MatrixXd power(const Eigen::MatrixXd& a, long m) {
  const Eigen::MatrixXd step = m >= 0 ? a : Eigen::MatrixXd(a.inverse());
  Eigen::MatrixXd out = Eigen::MatrixXd::Identity(a.rows(), a.cols());
  for (long i = 0; i < std::abs(m); ++i) out = out * step;
  return out;
}

}  // namespace

RC_GTEST_PROP(Theorem4, SchurFormGivesBackTheNormalFormAndThePowers, ()) {
  const int planes = *rc::gen::inRange(0, 6);
  const int p = *rc::gen::inRange(0, 4), p_prime = *rc::gen::inRange(0, 4);
  RC_PRE(2 * planes + p + p_prime > 0);
  pe::Rng rng(gen_seed());
  std::vector<double> angles;
  for (int i = 0; i < planes; ++i) angles.push_back(rng.uniform(0.05, M_PI - 0.05));
  std::sort(angles.begin(), angles.end());
  const int n = 2 * planes + p + p_prime;
  const Eigen::MatrixXd u = pe::orthogonal_from_normal_form(pe::haar_orthogonal(rng, n), angles, p, p_prime);
  RC_ASSERT(std::fabs(u.determinant() - (p_prime % 2 == 0 ? 1.0 : -1.0)) <= 64 * n * kEps);

  const pe::OrthogonalNormalForm form = pe::orthogonal_normal_form(u);
  RC_ASSERT(form.p == p);
  RC_ASSERT(form.p_prime == p_prime);
  RC_ASSERT(form.angles.size() == angles.size());
  for (std::size_t i = 0; i < angles.size(); ++i) {
    RC_ASSERT(form.angles[i] > 0);
    RC_ASSERT(form.angles[i] < M_PI);
    RC_ASSERT(std::fabs(form.angles[i] - angles[i]) <= 64 * n * kEps);  // Bauer-Fike
  }
  for (long m = -5; m <= 5; ++m)
    RC_ASSERT((form.power(m) - power(u, m)).cwiseAbs().maxCoeff() <= 64 * (std::abs(m) + 1) * n * kEps);
  // (c) => (a) for the powers of U.
  const double defect = pe::relative_encoding_defect([&u](long m) { return power(u, m); }, 4);
  RC_ASSERT(defect <= 8 * 8 * n * kEps);
}

RC_GTEST_PROP(Theorem4, NonOrthogonalSimilarFamilyViolatesA, ()) {
  // A = S U S^{-1} with U having a rotation plane and S = I + (1/2) G: generically A^T A != I,
  // and by (a) => (b) the family A^m cannot be relative.
  pe::Rng rng(gen_seed());
  const int planes = *rc::gen::inRange(1, 4);
  std::vector<double> angles;
  for (int i = 0; i < planes; ++i) angles.push_back(rng.uniform(0.05, M_PI - 0.05));
  const int n = 2 * planes + 1;
  const Eigen::MatrixXd u = pe::orthogonal_from_normal_form(pe::haar_orthogonal(rng, n), angles, 1, 0);
  const Eigen::MatrixXd s = Eigen::MatrixXd::Identity(n, n) + rng.normal_matrix(n, n, 0.5 / std::sqrt(double(n)));
  const Eigen::MatrixXd a = s * u * s.inverse();
  const double departure = (a.transpose() * a - Eigen::MatrixXd::Identity(n, n)).cwiseAbs().maxCoeff();
  RC_PRE(departure > 1e-3);
  const double defect = pe::relative_encoding_defect([&a](long m) { return power(a, m); }, 3);
  RC_ASSERT(defect >= departure);  // the m = n = 1 term alone is A^T A - I
  RC_ASSERT(defect > 1e6 * n * kEps);
}

TEST(Theorem4, NormalFormRequiresAnOrthogonalSquareMatrix) {
  Eigen::MatrixXd a(2, 2);
  a << 1, 1, 0, 1;  // a shear: det 1, eigenvalues 1, not orthogonal
  expect_invalid([&] { pe::orthogonal_normal_form(a); }, "U must be orthogonal");
  expect_invalid([&] { pe::orthogonal_normal_form(2.0 * Eigen::MatrixXd::Identity(3, 3)); }, "max |U^T U - I| = 3");
  expect_invalid([&] { pe::orthogonal_normal_form(Eigen::MatrixXd::Identity(3, 4)); }, "3 x 4");
  expect_invalid([&] { pe::orthogonal_normal_form(Eigen::MatrixXd::Identity(2, 2), 0.0); }, "tolerance = 0");
  expect_invalid([&] { pe::relative_encoding_defect([](long) { return Eigen::MatrixXd::Identity(1, 1); }, 0); },
                 "range = 0");
  expect_invalid([] { pe::orthogonal_from_normal_form(Eigen::MatrixXd::Identity(3, 3), {1.0}, 0, -1); },
                 "p_prime = -1");
  expect_invalid([] { pe::orthogonal_from_normal_form(Eigen::MatrixXd::Identity(3, 3), {1.0}, 2, 0); },
                 "q must be 4 x 4");
}

TEST(Theorem4, SignFlipEveryStepIsRelative) {
  // p' = 1 alone: L_m = (-1)^m on R^1 satisfies (a); the normal form reads p' = 1.
  const Eigen::MatrixXd u = -Eigen::MatrixXd::Identity(1, 1);
  const pe::OrthogonalNormalForm form = pe::orthogonal_normal_form(u);
  EXPECT_EQ(form.p_prime, 1);
  EXPECT_EQ(form.p, 0);
  EXPECT_TRUE(form.angles.empty());
  EXPECT_EQ(form.power(3)(0, 0), -1);
  EXPECT_EQ(form.power(4)(0, 0), 1);
  EXPECT_EQ(pe::relative_encoding_defect([&u](long m) { return power(u, m); }, 5), 0);
}
