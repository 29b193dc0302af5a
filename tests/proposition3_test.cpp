// Proposition 3 (i)-(iii) as RapidCheck properties, the RoPE score of a sequence against the
// reference score function, and the domain checks of numerics/rope.hpp. Tolerances are
// rounding budgets: (|positions| + d) eps times the size of the product.
#include "symbolic_identity.hpp"
#include "constants.hpp"
#include "expect_invalid.hpp"
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <limits>

#include "attention.hpp"
#include "clocks.hpp"
#include "property_generators.hpp"
#include "random.hpp"
#include "rope.hpp"

using pe::testing::expect_invalid;

using pe::testing::gen_base;
using pe::testing::gen_dimension;
using pe::testing::gen_position;
using pe::testing::gen_seed;
using pe::testing::gen_vector;

namespace {
using pe::kEps;  // numerics/constants.hpp

}  // namespace

RC_GTEST_PROP(Proposition3, ScoreIsRelativeByConstruction, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long m = gen_position(), n = gen_position();
  const Eigen::VectorXd q = gen_vector(d), k = gen_vector(d);
  const auto theta = pe::frequencies(d, b);
  const double lhs = pe::rope_rotate(q, double(m), theta).dot(pe::rope_rotate(k, double(n), theta));
  const double rhs = pe::rope_offset_score(q, k, double(n - m), theta);
  RC_ASSERT(std::fabs(lhs - rhs) <= 8 * (std::abs(m) + std::abs(n) + d) * kEps * q.norm() * k.norm());
}

RC_GTEST_PROP(Proposition3, RotationIsAnIsometry, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long m = gen_position(1000000);
  const Eigen::VectorXd q = gen_vector(d);
  const double rotated = pe::rope_rotate(q, double(m), pe::frequencies(d, b)).norm();
  RC_ASSERT(std::fabs(rotated - q.norm()) <= 8 * (d + 1) * kEps * q.norm());
}

RC_GTEST_PROP(Proposition3, OffsetScoreIsATrigonometricPolynomial, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  // Non-integer offsets too: PI reads fractional positions.
  const double delta = gen_position() / 7.0;
  const Eigen::VectorXd q = gen_vector(d), k = gen_vector(d);
  const auto theta = pe::frequencies(d, b);
  const pe::TrigonometricPolynomial poly = pe::offset_score_polynomial(q, k, theta);
  const double direct = pe::rope_offset_score(q, k, delta, theta);
  const double budget = 8 * (std::fabs(delta) + d) * kEps * q.norm() * k.norm();
  RC_ASSERT(std::fabs(poly(delta) - direct) <= budget);
  // The same score in Proposition 4's complex form, Re sum_j h_j e^{i Delta theta_j}.
  RC_ASSERT(std::fabs(pe::complex_offset_sum(pe::plane_products(q, k), delta, theta).real() - direct) <= budget);
  for (int j = 0; j < d / 2; ++j) {
    RC_ASSERT(poly.amplitudes[j] >= 0);
    RC_ASSERT(poly.phases[j] > -M_PI - 1e-15 && poly.phases[j] <= M_PI + 1e-15);
  }
}

RC_GTEST_PROP(Proposition3, RopeScoresMatchTheReferenceScoreFunction, ()) {
  pe::Rng rng(gen_seed());
  const int n = *rc::gen::inRange(1, 10), d_model = *rc::gen::inRange(1, 10);
  const int d = gen_dimension(6);
  const double b = gen_base();
  const long start = gen_position();
  const Eigen::MatrixXd h = rng.normal_matrix(n, d_model);
  const Eigen::MatrixXd w_q = rng.normal_matrix(d_model, d), w_k = rng.normal_matrix(d_model, d);
  std::vector<double> positions(n);
  for (int t = 0; t < n; ++t) positions[t] = double(start + 3 * t);
  const auto theta = pe::frequencies(d, b);
  const Eigen::MatrixXd rope = pe::rope_scores(h * w_q, h * w_k, positions, theta, 2.0);
  const double unit = (std::abs(start) + 3 * n + d_model) * kEps * (rope.cwiseAbs().maxCoeff() + 1);
  for (int t = 0; t < n; ++t)
    for (int j = 0; j < n; ++j) {
      const Eigen::MatrixXd m = w_q * pe::block_rotation(positions[j] - positions[t], theta) * w_k.transpose();
      RC_ASSERT(std::fabs(rope(t, j) - pe::attention_scores(h, m, 2.0)(t, j)) <= 16 * unit);
    }
}

TEST(Rope, AtPositionZeroItIsThePlainScore) {
  // No rotation at all: RoPE's score is the reference score with M = W_Q W_K^T.
  pe::Rng rng(5);
  const Eigen::MatrixXd h = rng.normal_matrix(6, 5), w_q = rng.normal_matrix(5, 4), w_k = rng.normal_matrix(5, 4);
  const auto theta = pe::frequencies(4, 10000.0);
  const Eigen::MatrixXd rope = pe::rope_scores(h * w_q, h * w_k, std::vector<double>(6, 0.0), theta, 3.0);
  const Eigen::MatrixXd plain = pe::attention_scores(h, w_q * w_k.transpose(), 3.0);
  EXPECT_LE((rope - plain).cwiseAbs().maxCoeff(), 64 * kEps * plain.cwiseAbs().maxCoeff());
}

TEST(Rope, QuarterTurnOfTheFastestPlane) {
  // theta_0 = 1: position pi/2 turns plane 0 by a right angle, (1, 0) -> (0, 1).
  Eigen::VectorXd v(4);
  v << 1, 0, 0, 0;
  const Eigen::VectorXd r = pe::rope_rotate(v, M_PI / 2, pe::frequencies(4, 100.0));
  EXPECT_NEAR(r(0), 0, 1e-16);
  EXPECT_NEAR(r(1), 1, 1e-16);
  EXPECT_EQ(r(2), 0);
  EXPECT_EQ(r(3), 0);
}

TEST(Rope, RejectsMismatchedSizes) {
  const auto theta = pe::frequencies(8, 10000.0);
  expect_invalid([&] { pe::rope_rotate(Eigen::VectorXd::Zero(7), 1.0, theta); }, "v.size() = 7");
  expect_invalid([&] { pe::rope_offset_score(Eigen::VectorXd::Zero(6), Eigen::VectorXd::Zero(8), 1.0, theta); },
                 "q.size() = 6");
  expect_invalid([&] { pe::offset_score_polynomial(Eigen::VectorXd::Zero(8), Eigen::VectorXd::Zero(4), theta); },
                 "k.size() = 4");
  expect_invalid([&] { pe::plane_products(Eigen::VectorXd::Zero(5), Eigen::VectorXd::Zero(5)); }, "q.size() = 5");
  expect_invalid([&] { pe::plane_products(Eigen::VectorXd::Zero(4), Eigen::VectorXd::Zero(6)); }, "k.size() = 6");
  expect_invalid([&] { pe::complex_offset_sum(std::vector<std::complex<double>>(3), 1.0, theta); }, "h.size() = 3");
  expect_invalid(
      [&] { pe::rope_scores(Eigen::MatrixXd::Zero(3, 8), Eigen::MatrixXd::Zero(3, 8), {0.0, 1.0}, theta, 1.0); },
      "same length");
  expect_invalid(
      [&] { pe::rope_scores(Eigen::MatrixXd::Zero(2, 8), Eigen::MatrixXd::Zero(2, 8), {0.0, 1.0}, theta, 0.0); },
      "tau = 0");
  expect_invalid([&] { pe::attention_scores(Eigen::MatrixXd::Zero(2, 3), Eigen::MatrixXd::Zero(2, 2), 1.0); },
                 "M must be 3 x 3");
  expect_invalid([&] { pe::attention_scores(Eigen::MatrixXd::Zero(2, 2), Eigen::MatrixXd::Zero(2, 2), -1.0); },
                 "tau = -1");
}

// ---- The exact proofs refuse false statements of their shape -----------------------------
// proposition3.cpp proves parts (i)-(iii) and the sinusoidal-code remark by reducing each
// identity's difference to 0 (pe::prove_for_dimensions); the same call on a statement with the
// offset's sign, a factor or the phase's sign changed must leave a remainder.

namespace {
using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
GiNaC::matrix inner(const GiNaC::matrix& a, const GiNaC::matrix& b) { return a.transpose().mul(b); }
const std::vector<int> kDimensions = {2, 16};
}  // namespace

TEST(Proposition3Proofs, TheRelativeIdentityIsProvedAndTheOffsetTheOtherWayRefused) {
  for (const bool offset_reversed : {false, true}) {
    const pe::MatrixIdentityProof p =
        pe::prove_for_dimensions("planted", "for all", kDimensions, [&](const std::vector<GiNaC::ex>& om) {
          const int d = 2 * int(om.size());
          const GiNaC::ex m = pe::named_symbol("m"), n = pe::named_symbol("n");
          const GiNaC::matrix q = pe::symbol_vector("q", d), k = pe::symbol_vector("k", d);
          return Sides{inner(pe::block_rotation(m, om).mul(q), pe::block_rotation(n, om).mul(k)),
                       inner(q, pe::block_rotation(offset_reversed ? m - n : n - m, om).mul(k))};
        });
    EXPECT_EQ(p.zero, !offset_reversed) << p.remainder;
    if (offset_reversed) EXPECT_NE(p.remainder.find("d = 2"), std::string::npos) << p.remainder;
  }
}

TEST(Proposition3Proofs, ARotationThatStretchesIsRefused) {
  const pe::MatrixIdentityProof p =
      pe::prove_for_dimensions("planted", "for all", kDimensions, [](const std::vector<GiNaC::ex>& om) {
        const GiNaC::matrix q = pe::symbol_vector("q", 2 * int(om.size()));
        const GiNaC::matrix rotated = pe::block_rotation(pe::named_symbol("m"), om).mul(q);
        return Sides{inner(rotated, rotated), inner(q, q).mul_scalar(2)};
      });
  EXPECT_FALSE(p.zero);
}

TEST(Proposition3Proofs, APhaseWithTheWrongSignIsRefused) {
  for (const bool phase_reversed : {false, true}) {
    const pe::MatrixIdentityProof p =
        pe::prove_for_dimensions("planted", "for all", kDimensions, [&](const std::vector<GiNaC::ex>& om) {
          const unsigned planes = unsigned(om.size());
          const GiNaC::ex delta = pe::named_symbol("Delta");
          GiNaC::matrix q(2 * planes, 1), k(2 * planes, 1);
          GiNaC::ex sum = 0;
          for (unsigned j = 0; j < planes; ++j) {
            const std::string i = std::to_string(j);
            const GiNaC::ex r = pe::named_symbol("r_" + i), a = pe::named_symbol("a_" + i);
            const GiNaC::ex s = pe::named_symbol("s_" + i), b = pe::named_symbol("b_" + i);
            q(2 * j, 0) = r * GiNaC::cos(a);
            q(2 * j + 1, 0) = r * GiNaC::sin(a);
            k(2 * j, 0) = s * GiNaC::cos(b);
            k(2 * j + 1, 0) = s * GiNaC::sin(b);
            sum += r * s * GiNaC::cos(delta * om[j] + (phase_reversed ? a - b : b - a));
          }
          return Sides{inner(q, pe::block_rotation(delta, om).mul(k)), GiNaC::matrix(1, 1, GiNaC::lst{sum})};
        });
    EXPECT_EQ(p.zero, !phase_reversed) << p.remainder;
  }
}

// (iii)'s phase is the angle from q_j to k_j: turning q_j by the angle the other way, a - b,
// must be refused by the same reduction.
TEST(Proposition3Proofs, ThePhaseFromKToQIsRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  for (const bool from_q_to_k : {true, false}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "planted", "for all", {2, 16}, [from_q_to_k](const std::vector<GiNaC::ex>& om) -> Sides {
          GiNaC::matrix turned(2 * unsigned(om.size()), 1), k(2 * unsigned(om.size()), 1);
          for (unsigned j = 0; j < om.size(); ++j) {
            const std::string i = std::to_string(j);
            const GiNaC::ex r = pe::named_symbol("r_" + i), a = pe::named_symbol("a_" + i);
            const GiNaC::ex s = pe::named_symbol("s_" + i), b = pe::named_symbol("b_" + i);
            const GiNaC::matrix qj(2, 1, GiNaC::lst{r * GiNaC::cos(a), r * GiNaC::sin(a)});
            const GiNaC::matrix image =
                pe::plane_rotation(from_q_to_k ? b - a : a - b).mul(qj).mul_scalar(r * s / (r * r));
            turned(2 * j, 0) = image(0, 0);
            turned(2 * j + 1, 0) = image(1, 0);
            k(2 * j, 0) = s * GiNaC::cos(b);
            k(2 * j + 1, 0) = s * GiNaC::sin(b);
          }
          return {turned, k};
        });
    EXPECT_EQ(p.zero, from_q_to_k) << p.remainder;
  }
}

// (i) in a head: the rotated query and key give the reference score at M = W_Q R(m_j - m_t)
// W_K^T. The planted twin puts R(m_t - m_j) in M (the offset the other way), and the reduction
// must refuse it.
TEST(Proposition3Proofs, AHeadScoreWithTheOffsetTheOtherWayIsRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  for (const int sign : {1, -1}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "planted", "for all", {2, 4}, [sign](const std::vector<GiNaC::ex>& om) -> Sides {
          const unsigned d = 2 * unsigned(om.size());
          GiNaC::matrix w_q(2, d), w_k(2, d);
          for (unsigned a = 0; a < 2; ++a)
            for (unsigned b = 0; b < d; ++b) {
              w_q(a, b) = pe::named_symbol("WQ_" + std::to_string(a) + "_" + std::to_string(b));
              w_k(a, b) = pe::named_symbol("WK_" + std::to_string(a) + "_" + std::to_string(b));
            }
          const GiNaC::matrix h_t = pe::symbol_vector("ht", 2), h_j = pe::symbol_vector("hj", 2);
          const GiNaC::ex m_t = pe::named_symbol("m_t"), m_j = pe::named_symbol("m_j");
          const GiNaC::matrix q = pe::block_rotation(m_t, om).mul(w_q.transpose().mul(h_t));
          const GiNaC::matrix k = pe::block_rotation(m_j, om).mul(w_k.transpose().mul(h_j));
          return {q.transpose().mul(k), h_t.transpose().mul(w_q).mul(pe::block_rotation(sign * (m_j - m_t), om))
                                            .mul(w_k.transpose()).mul(h_j)};
        });
    EXPECT_EQ(p.zero, sign == 1) << p.remainder;
  }
}
