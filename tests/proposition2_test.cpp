// Proposition 2 (i)-(iv) as RapidCheck properties over random d, b, m, k. Tolerances are in
// units of (|m|+|k|+1) eps: the rounding of angles up to that size.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <Eigen/LU>
#include <limits>

#include "clocks.hpp"
#include "constants.hpp"
#include "property_generators.hpp"
#include "symbolic_identity.hpp"

using pe::testing::gen_base;
using pe::testing::gen_dimension;
using pe::testing::gen_position;

namespace {
using pe::kEps;  // numerics/constants.hpp
}

RC_GTEST_PROP(Proposition2, ShiftIsARotation, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long m = gen_position(), k = gen_position();
  const pe::Vector<double> lhs = pe::sinusoidal_code(double(m + k), d, b);
  const pe::Vector<double> rhs = pe::block_rotation(double(k), d, b) * pe::sinusoidal_code(double(m), d, b);
  RC_ASSERT((lhs - rhs).cwiseAbs().maxCoeff() <= 16 * (std::abs(m) + std::abs(k) + 1) * kEps);
}

RC_GTEST_PROP(Proposition2, RotationsFormAHomomorphismIntoSOd, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long k = gen_position(), l = gen_position();
  const auto omega = pe::frequencies(d, b);
  const auto rk = pe::block_rotation(double(k), omega);
  const double budget = 16 * (std::abs(k) + std::abs(l) + 1) * kEps;
  RC_ASSERT((rk * pe::block_rotation(double(l), omega) - pe::block_rotation(double(k + l), omega))
                .cwiseAbs().maxCoeff() <= budget);
  RC_ASSERT((rk.transpose() - pe::block_rotation(double(-k), omega)).cwiseAbs().maxCoeff() <= budget);
  RC_ASSERT(std::fabs(rk.determinant() - 1) <= 16 * d * kEps);
}

RC_GTEST_PROP(Proposition2, EveryPositionLiesOnTheSameSphere, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long m = gen_position(1000000);
  RC_ASSERT(std::fabs(pe::sinusoidal_code(double(m), d, b).squaredNorm() - d / 2.0) <= 4 * d * kEps);
}

RC_GTEST_PROP(Proposition2, TheCodeIsInjective, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long m = gen_position();
  const long n = m + *rc::gen::nonZero<int>() % 20000;
  RC_PRE(n != m);
  // Plane 0 alone separates them: |p(m) - p(n)| >= 2 |sin((m - n)/2)|, positive for integers.
  const double gap = (pe::sinusoidal_code(double(m), d, b) - pe::sinusoidal_code(double(n), d, b)).norm();
  RC_ASSERT(gap > 0.0);
  RC_ASSERT(gap >= 2 * std::fabs(std::sin((m - n) / 2.0)) - 64 * (std::abs(m) + std::abs(n) + 1) * kEps);
}

// ---- The exact proofs refuse false statements of their shape -----------------------------
// Each identity that proposition2.cpp proves by reducing its difference to 0 (numerics/
// symbolic_identity.hpp) is planted here with a sign or a constant changed: the same reduction
// must leave a remainder, and name where.

namespace {
const GiNaC::symbol m_sym("m"), k_sym("k"), l_sym("l");
}  // namespace

TEST(Proposition2Proofs, TheReductionRefusesAShiftTheOtherWay) {
  const auto om = pe::frequency_symbols(16);
  const pe::TrigReduction wrong = pe::reduce_trig(pe::sinusoidal_code(m_sym + k_sym, om),
                                                  pe::block_rotation(-k_sym, om).mul(pe::sinusoidal_code(m_sym, om)));
  EXPECT_FALSE(wrong.zero);
  EXPECT_NE(wrong.remainder.find("entry (0, 0)"), std::string::npos) << wrong.remainder;
  EXPECT_TRUE(pe::reduce_trig(pe::sinusoidal_code(m_sym + k_sym, om),
                              pe::block_rotation(k_sym, om).mul(pe::sinusoidal_code(m_sym, om)))
                  .zero);
}

TEST(Proposition2Proofs, TheReductionRefusesRotationsThatSubtract) {
  const auto om = pe::frequency_symbols(4);
  const pe::TrigReduction wrong = pe::reduce_trig(pe::block_rotation(k_sym, om).mul(pe::block_rotation(l_sym, om)),
                                                  pe::block_rotation(k_sym - l_sym, om));
  EXPECT_FALSE(wrong.zero);
  EXPECT_NE(wrong.remainder.find("sin"), std::string::npos) << wrong.remainder;
  // A transpose that is the rotation itself is refused too.
  EXPECT_FALSE(pe::reduce_trig(pe::block_rotation(k_sym, om).transpose(), pe::block_rotation(k_sym, om)).zero);
}

TEST(Proposition2Proofs, TheReductionRefusesTheWrongRadiusAndDeterminant) {
  const auto om = pe::frequency_symbols(16);
  const GiNaC::matrix p = pe::sinusoidal_code(m_sym, om);
  const pe::TrigReduction radius = pe::reduce_trig(p.transpose().mul(p)(0, 0) - 16);
  EXPECT_FALSE(radius.zero);
  EXPECT_EQ(radius.remainder, "-8");  // d/2 - d: the reduction says by how much
  EXPECT_TRUE(pe::reduce_trig(p.transpose().mul(p)(0, 0) - 8).zero);
  const auto plane = pe::frequency_symbols(2);
  EXPECT_FALSE(pe::reduce_trig(pe::block_rotation(k_sym, plane).determinant() + 1).zero);
}

TEST(Proposition2Proofs, TheReductionNamesOnlyTheRulesItUsed) {
  // cos^2 + sin^2 - 1 needs Pythagoras and nothing else; a double angle needs angle addition.
  const GiNaC::ex a = k_sym * pe::frequency_symbols(2)[0];
  const pe::TrigReduction pythagoras = pe::reduce_trig(GiNaC::pow(GiNaC::cos(a), 2) + GiNaC::pow(GiNaC::sin(a), 2) - 1);
  ASSERT_TRUE(pythagoras.zero);
  ASSERT_EQ(pythagoras.rules_used.size(), 1u);
  EXPECT_EQ(pythagoras.rules_used[0].rfind("Pythagoras", 0), 0u);
  const pe::TrigReduction doubled = pe::reduce_trig(GiNaC::sin(2 * a) - 2 * GiNaC::sin(a) * GiNaC::cos(a));
  EXPECT_TRUE(doubled.zero);
  EXPECT_EQ(doubled.rules_used[0].rfind("angle addition", 0), 0u);
  EXPECT_FALSE(pe::reduce_trig(GiNaC::sin(2 * a) - GiNaC::sin(a) * GiNaC::cos(a)).zero);
}

// The generator remark: R_omega(k) solves X' = A X. The planted twin takes A's transpose
// (the rotation the other way), and the same derivative must be refused.
TEST(Proposition2Proofs, TheTransposedGeneratorIsRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  for (const int sign : {1, -1}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "planted", "for all", {2, 16}, [sign](const std::vector<GiNaC::ex>& om) -> Sides {
          const GiNaC::symbol& k = pe::named_symbol("k");
          const GiNaC::matrix r = pe::block_rotation(k, om);
          GiNaC::matrix derivative(r.rows(), r.cols()), a(r.rows(), r.cols());
          for (unsigned i = 0; i < r.rows(); ++i)
            for (unsigned j = 0; j < r.cols(); ++j) derivative(i, j) = r(i, j).diff(k);
          for (unsigned j = 0; j < om.size(); ++j) {
            a(2 * j + 1, 2 * j) = sign * om[j];
            a(2 * j, 2 * j + 1) = -sign * om[j];
          }
          return {derivative, a.mul(r)};
        });
    EXPECT_EQ(p.zero, sign == 1) << p.remainder;
  }
}
