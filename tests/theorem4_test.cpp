// Theorem 4 as RapidCheck properties: random orthogonal U with a prescribed normal form (shape
// drawn by RapidCheck, Q and the angles from a drawn seed); the normal form read from the real
// Schur form reproduces it and U^m, and U^m satisfies (a). Plus the domain checks.
#include "constants.hpp"
#include "expect_invalid.hpp"
#include <gtest/gtest.h>

#include "clocks.hpp"
#include "symbolic_identity.hpp"
#include "theorem4.hpp"
#include <rapidcheck/gtest.h>

#include <Eigen/LU>
#include <array>
#include <algorithm>
#include <limits>

#include "orthogonal_normal_form.hpp"
#include "property_generators.hpp"
#include "random.hpp"

using pe::testing::expect_invalid;

using pe::testing::gen_seed;

namespace {
using pe::kEps;  // numerics/constants.hpp

}  // namespace

RC_GTEST_PROP(Theorem4, SchurFormGivesBackTheNormalFormAndThePowers, ()) {
  const int planes = *rc::gen::inRange(0, 6);
  const int p = *rc::gen::inRange(0, 4), p_prime = *rc::gen::inRange(0, 4);
  RC_PRE(2 * planes + p + p_prime > 0);
  pe::Rng rng(gen_seed());
  const pe::OrthogonalNormalForm drawn = pe::random_normal_form(rng, planes, p, p_prime);
  const std::vector<double>& angles = drawn.angles;
  const int n = 2 * planes + p + p_prime;
  const Eigen::MatrixXd u = pe::orthogonal_from_normal_form(drawn.q, angles, p, p_prime);
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
    RC_ASSERT((form.power(m) - pe::integer_power(u, m)).cwiseAbs().maxCoeff() <= 64 * (std::abs(m) + 1) * n * kEps);
  // (c) => (a) for the powers of U.
  const double defect = pe::relative_encoding_defect([&u](long m) { return pe::integer_power(u, m); }, 4);
  RC_ASSERT(defect <= 8 * 8 * n * kEps);
}

RC_GTEST_PROP(Theorem4, NonOrthogonalSimilarFamilyViolatesA, ()) {
  // A = S U S^{-1} with U having a rotation plane and S = I + (1/2) G: generically A^T A != I,
  // and by (a) => (b) the family A^m cannot be relative.
  pe::Rng rng(gen_seed());
  const int planes = *rc::gen::inRange(1, 4);
  const pe::OrthogonalNormalForm drawn = pe::random_normal_form(rng, planes, 1, 0);
  const int n = 2 * planes + 1;
  const Eigen::MatrixXd u = pe::orthogonal_from_normal_form(drawn.q, drawn.angles, 1, 0);
  const Eigen::MatrixXd s = Eigen::MatrixXd::Identity(n, n) + rng.normal_matrix(n, n, 0.5 / std::sqrt(double(n)));
  const Eigen::MatrixXd a = s * u * s.inverse();
  const double departure = pe::orthogonality_departure(a);
  RC_PRE(departure > 1e-3);
  const double defect = pe::relative_encoding_defect([&a](long m) { return pe::integer_power(a, m); }, 3);
  RC_ASSERT(defect >= departure);  // the m = n = 1 term alone is A^T A - I
  RC_ASSERT(defect > 1e6 * n * kEps);
}

TEST(Theorem4, RandomNormalFormHasTheShapeAsked) {
  pe::Rng rng(41);
  for (const auto& [planes, p, p_prime] : {std::array{2, 1, 1}, std::array{0, 0, 3}, std::array{5, 0, 0}}) {
    const pe::OrthogonalNormalForm form = pe::random_normal_form(rng, planes, p, p_prime);
    const int n = 2 * planes + p + p_prime;
    ASSERT_EQ(form.angles.size(), std::size_t(planes));
    EXPECT_TRUE(std::is_sorted(form.angles.begin(), form.angles.end()));
    for (double angle : form.angles) {
      EXPECT_GE(angle, 0.05);
      EXPECT_LE(angle, M_PI - 0.05);
    }
    EXPECT_EQ(form.p, p);
    EXPECT_EQ(form.p_prime, p_prime);
    ASSERT_EQ(form.q.rows(), n);
    ASSERT_EQ(form.q.cols(), n);
    EXPECT_LE(pe::orthogonality_departure(form.q), 64 * n * kEps);  // Householder QR's rounding
  }
  expect_invalid([&] { pe::random_normal_form(rng, 0, 0, 0); }, "not all 0");
  expect_invalid([&] { pe::random_normal_form(rng, -1, 2, 0); }, "planes = -1");
}

TEST(Theorem4, OrthogonalityDepartureIsTheLargestEntryOfUTransposeUMinusI) {
  Eigen::Matrix2d turn;
  turn << 0, -1, 1, 0;  // exactly orthogonal
  EXPECT_EQ(pe::orthogonality_departure(turn), 0);
  EXPECT_EQ(pe::orthogonality_departure(2 * Eigen::MatrixXd::Identity(3, 3)), 3);
  Eigen::Matrix2d shear;
  shear << 1, 1, 0, 1;  // U^T U - I = [[0, 1], [1, 1]]
  EXPECT_EQ(pe::orthogonality_departure(shear), 1);
  expect_invalid([] { pe::orthogonality_departure(Eigen::MatrixXd::Zero(2, 3)); }, "2 x 3");
}

TEST(Theorem4, IntegerPowerInvertsForNegativeExponents) {
  Eigen::Matrix2d a;
  a << 2, 1, 0, 1;  // not orthogonal: A^-1 = [[1/2, -1/2], [0, 1]], exact in binary
  Eigen::Matrix2d cube, inverse_square;
  cube << 8, 7, 0, 1;
  inverse_square << 0.25, -0.75, 0, 1;
  EXPECT_EQ(pe::integer_power(a, 0), Eigen::MatrixXd::Identity(2, 2));
  EXPECT_EQ(pe::integer_power(a, 3), Eigen::MatrixXd(cube));
  EXPECT_LE((pe::integer_power(a, -2) - inverse_square).cwiseAbs().maxCoeff(), 4 * kEps);  // LU's rounding
  expect_invalid([] { pe::integer_power(Eigen::MatrixXd::Zero(2, 3), 2); }, "2 x 3");
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
  EXPECT_EQ(pe::relative_encoding_defect([&u](long m) { return pe::integer_power(u, m); }, 5), 0);
}

// (c) => (a) on the normal form's rotation blocks: R(m theta)^T R(n theta) = R((n - m) theta) is
// proved with m, n and the angles symbols. Planted: the offset taken the other way, n + m, must be
// refused with a remainder.
TEST(Theorem4Proofs, PowersWhoseOffsetIsASumAreRefused) {
  for (const int sign : {-1, 1}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "R(m)^T R(n) = R(n + sign m)", "for all m, n", {2, 16}, [sign](const std::vector<GiNaC::ex>& theta) {
          const GiNaC::ex m = pe::named_symbol("m"), n = pe::named_symbol("n");
          return std::pair<GiNaC::matrix, GiNaC::matrix>{
              pe::block_rotation(m, theta).transpose().mul(pe::block_rotation(n, theta)),
              pe::block_rotation(n + sign * m, theta)};
        });
    EXPECT_EQ(p.zero, sign == -1) << p.remainder;
    if (sign == 1) EXPECT_NE(p.remainder.find("d = 2"), std::string::npos) << p.remainder;
  }
}

// The exact witnesses that (a) needs its hypotheses must be able to fail: planted, S = I makes A
// the rotation itself (A^T A = I), and a true family of powers L_m = R^m satisfies the pair
// (m, n) = (1, 2) the witness L_m = R^{m^2} breaks.
TEST(Theorem4Proofs, AWitnessThatIsOrthogonalOrAFamilyOfPowersBreaksNothing) {
  const GiNaC::matrix r(2, 2, GiNaC::lst{GiNaC::numeric(3, 5), GiNaC::numeric(-4, 5), GiNaC::numeric(4, 5),
                                         GiNaC::numeric(3, 5)});
  const GiNaC::matrix identity = GiNaC::ex_to<GiNaC::matrix>(GiNaC::unit_matrix(2));
  const auto zero = [](const GiNaC::matrix& m) {
    for (unsigned i = 0; i < m.rows(); ++i)
      for (unsigned j = 0; j < m.cols(); ++j)
        if (!m(i, j).expand().is_zero()) return false;
    return true;
  };
  for (const int s : {1, 2}) {
    const GiNaC::matrix scale(2, 2, GiNaC::lst{s, 0, 0, 1});
    const GiNaC::matrix a = scale.mul(r).mul(scale.inverse());
    EXPECT_EQ(zero(a.transpose().mul(a).sub(identity)), s == 1);
  }
  EXPECT_TRUE(zero(r.transpose().mul(r.pow(2)).sub(r)));   // L_m = R^m at (1, 2)
  EXPECT_FALSE(zero(r.transpose().mul(r.pow(4)).sub(r)));  // L_m = R^{m^2} at (1, 2)
}

// Theorem 4 (a) => (b) through the derivation the claim runs: with (a)'s offset n - m every step
// holds; a hypothesis that is not relative (the score a function of m + n) is refused where the
// family would have to be orthogonal, and one with the offset's sign turned where G would have to
// be the family.
TEST(Theorem4Proofs, TheDerivationOfBFromARefusesAHypothesisThatIsNotRelative) {
  const pe::theorems::FamilyDerivation relative = pe::theorems::relative_family_derivation();
  EXPECT_TRUE(relative.decided) << relative.refused;
  EXPECT_EQ(relative.steps.size(), 8u);
  const pe::theorems::FamilyDerivation sum =
      pe::theorems::relative_family_derivation([](const GiNaC::ex& m, const GiNaC::ex& n) { return m + n; });
  EXPECT_FALSE(sum.decided);
  EXPECT_EQ(sum.refused.rfind("every L_m is orthogonal", 0), 0u) << sum.refused;
  const pe::theorems::FamilyDerivation turned =
      pe::theorems::relative_family_derivation([](const GiNaC::ex& m, const GiNaC::ex& n) { return m - n; });
  EXPECT_FALSE(turned.decided);
  EXPECT_EQ(turned.refused.rfind("G is the family", 0), 0u) << turned.refused;
}
