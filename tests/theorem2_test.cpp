// Theorem 2 as RapidCheck properties: the window's null space is the commutant, d positions
// are not enough, the score formula, and the projection Pi; plus the commutant library's
// domain checks and the exact mean defect against quadrature.
#include "symbolic_eigen.hpp"  // first: the harness's projection runs on GiNaC::ex below
#include "symbolic_identity.hpp"
#include "exact_expectation.hpp"
#include "constants.hpp"
#include "expect_invalid.hpp"
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <boost/math/distributions/beta.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <limits>

#include "clocks.hpp"
#include "commutant.hpp"
#include "property_generators.hpp"
#include "subspaces.hpp"
#include "theorem2.hpp"

using pe::testing::expect_invalid;

namespace {

using pe::kEps;  // numerics/constants.hpp

/// A d x d matrix with entries in [-10, 10] on a grid of 1e-4 (finite, shrinkable).
Eigen::MatrixXd gen_matrix(int d) {
  const auto entries = *rc::gen::container<std::vector<int>>(std::size_t(d) * d, rc::gen::inRange(-100000, 100001));
  Eigen::MatrixXd m(d, d);
  for (int i = 0; i < d * d; ++i) m(i) = entries[i] * 1e-4;
  return m;
}

Eigen::VectorXd gen_vector(int n) {
  const auto entries = *rc::gen::container<std::vector<int>>(std::size_t(n), rc::gen::inRange(-100000, 100001));
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v(i) = entries[i] * 1e-4;
  return v;
}

/// d/2 frequencies in (0.1, pi - 0.1), pairwise at least 0.1 apart (distinct, and the window's
/// Vandermonde system stays well conditioned in double).
std::vector<double> gen_frequencies(int d) {
  return *rc::gen::suchThat(
      rc::gen::container<std::vector<double>>(std::size_t(d / 2), rc::gen::map(rc::gen::inRange(0, 1000000), [](int u) {
        return 0.1 + (M_PI - 0.2) * u / 1e6;
      })),
      [](const std::vector<double>& w) {
        for (std::size_t a = 0; a < w.size(); ++a)
          for (std::size_t b = a + 1; b < w.size(); ++b)
            if (std::fabs(w[a] - w[b]) < 0.1) return false;
        return true;
      });
}


/// Rounding of a product (window map) x (vector): each of the (window-1)^2 <= d^2 rows sums d^2
/// terms of size <= 2 |v_j|, so its error is at most 2 d^2 eps ||v||_1 <= 2 d^3 eps ||v||_2 and
/// the 2-norm over the rows at most 2 d^4 eps ||v||_2.
double product_rounding(int d) { return 2 * std::pow(double(d), 4) * kEps; }

double frobenius_inner(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a.array() * b.array()).sum();
}

}  // namespace

// ---- the window ----

RC_GTEST_PROP(Theorem2, WindowOfDPlusOneHasTheCommutantAsNullSpace, ()) {
  const int d = 2 * *rc::gen::inRange(1, 5);
  const std::vector<double> omega = gen_frequencies(d);
  const long first = *rc::gen::inRange(-1000, 1001);
  const pe::NullSpace null = pe::numerical_null_space(
      pe::window_defect_map(omega, first, d + 1), pe::window_defect_map_error_bound(d, first, d + 1));
  RC_ASSERT(null.dimension == d);
  // Wedin: the computed null space is within threshold / (gap - threshold) of the exact one.
  const double wedin = null.threshold / (null.smallest_kept - null.threshold);
  RC_ASSERT(wedin < 1e-3);  // the gap is decisive, else the dimension above means little
  RC_ASSERT(pe::largest_principal_sine(pe::commutant_basis(d), null.basis) <= wedin);
}

RC_GTEST_PROP(Theorem2, WindowOfDPositionsLeavesA2dMinus1DimensionalNullSpace, ()) {
  const int d = 2 * *rc::gen::inRange(1, 5);
  const std::vector<double> omega = gen_frequencies(d);
  const long first = *rc::gen::inRange(-1000, 1001);
  const Eigen::MatrixXd map = pe::window_defect_map(omega, first, d);
  const pe::NullSpace null = pe::numerical_null_space(map, pe::window_defect_map_error_bound(d, first, d));
  RC_ASSERT(null.dimension == 2 * d - 1);
  // The commutant is inside it, and so is something outside the commutant.
  // ||E C||_F <= ||E||_2 ||C||_F = threshold sqrt(d) for the map's data error E, plus rounding.
  RC_ASSERT((map * pe::commutant_basis(d)).norm() <=
            (null.threshold + product_rounding(d)) * std::sqrt(double(d)));
  const Eigen::MatrixXd basis = pe::commutant_basis(d);
  const Eigen::MatrixXd outside = null.basis - basis * (basis.transpose() * null.basis);
  RC_ASSERT(outside.norm() > 0.5);  // d - 1 directions orthogonal to the commutant
}

RC_GTEST_PROP(Theorem2, OffsetOnlyOnTheWindowExactlyForCommutantElements, ()) {
  // (a') <=> (b) on instances: a commutant element has zero window defect; its sum with any
  // non-commutant direction has a defect at least its distance to the commutant times the
  // smallest kept singular value.
  const int d = 2 * *rc::gen::inRange(1, 5);
  const std::vector<double> omega = gen_frequencies(d);
  const long first = *rc::gen::inRange(-1000, 1001);
  const Eigen::MatrixXd map = pe::window_defect_map(omega, first, d + 1);
  const pe::NullSpace null = pe::numerical_null_space(map, pe::window_defect_map_error_bound(d, first, d + 1));
  const Eigen::VectorXd a = gen_vector(d / 2), c = gen_vector(d / 2);
  const Eigen::MatrixXd element = pe::commutant_element(a, c);
  const Eigen::MatrixXd m = element + gen_matrix(d);
  const Eigen::VectorXd vec_e = Eigen::Map<const Eigen::VectorXd>(element.data(), element.size());
  const Eigen::VectorXd vec_m = Eigen::Map<const Eigen::VectorXd>(m.data(), m.size());
  // Exactly zero for the exact map; the computed map errs by at most the threshold.
  RC_ASSERT((map * vec_e).norm() <= (null.threshold + product_rounding(d)) * vec_e.norm());
  const double distance = (m - pe::commutant_projection(m)).norm();
  RC_ASSERT((map * vec_m).norm() >= (null.smallest_kept - null.threshold) * distance -
                                        (null.threshold + product_rounding(d)) * vec_m.norm());
}

RC_GTEST_PROP(Theorem2, ScoreOnTheCommutantIsATrigonometricPolynomial, ()) {
  const int d = 2 * *rc::gen::inRange(1, 9);
  const std::vector<double> omega = *rc::gen::container<std::vector<double>>(
      std::size_t(d / 2), rc::gen::map(rc::gen::inRange(1, 1000000), [](int u) { return M_PI * u / 1e6; }));
  const Eigen::VectorXd a = gen_vector(d / 2), c = gen_vector(d / 2);
  const Eigen::MatrixXd m = pe::commutant_element(a, c);
  const long p = pe::testing::gen_position(), q = pe::testing::gen_position(), k = pe::testing::gen_position();
  const double g = pe::sinusoidal_code(double(p), omega).dot(m * pe::sinusoidal_code(double(q), omega));
  const double g_shifted = pe::sinusoidal_code(double(p + k), omega).dot(m * pe::sinusoidal_code(double(q + k), omega));
  const double scale = (a.cwiseAbs().sum() + c.cwiseAbs().sum()) * kEps;
  RC_ASSERT(std::fabs(g - pe::commutant_score(a, c, omega, double(q - p))) <= 8 * (std::abs(p) + std::abs(q) + 1) * scale);
  RC_ASSERT(std::fabs(g - g_shifted) <= 8 * (std::abs(p) + std::abs(q) + 2 * std::abs(k) + 1) * scale);
}

// ---- the projection ----

RC_GTEST_PROP(CommutantProjection, IsIdempotent, ()) {
  const int d = pe::testing::gen_dimension(16);
  const Eigen::MatrixXd m = gen_matrix(d);
  const Eigen::MatrixXd pm = pe::commutant_projection(m);
  RC_ASSERT((pe::commutant_projection(pm) - pm).norm() <= 2 * kEps * m.norm());
}

RC_GTEST_PROP(CommutantProjection, IsSelfAdjoint, ()) {
  const int d = pe::testing::gen_dimension(16);
  const Eigen::MatrixXd m = gen_matrix(d), n = gen_matrix(d);
  const double gap = std::fabs(frobenius_inner(pe::commutant_projection(m), n) -
                               frobenius_inner(m, pe::commutant_projection(n)));
  RC_ASSERT(gap <= 8 * kEps * m.norm() * n.norm());
}

RC_GTEST_PROP(CommutantProjection, IsOrthogonal, ()) {
  // M - Pi M is orthogonal to the whole commutant (so Pi M is the nearest commutant element).
  const int d = pe::testing::gen_dimension(16);
  const Eigen::MatrixXd m = gen_matrix(d);
  const Eigen::VectorXd a = gen_vector(d / 2), c = gen_vector(d / 2);
  const Eigen::MatrixXd element = pe::commutant_element(a, c);
  const Eigen::MatrixXd residual = m - pe::commutant_projection(m);
  RC_ASSERT(std::fabs(frobenius_inner(residual, element)) <= 8 * kEps * m.norm() * element.norm());
  // Pythagoras.
  RC_ASSERT(std::fabs(m.squaredNorm() - residual.squaredNorm() - pe::commutant_projection(m).squaredNorm()) <=
            8 * kEps * m.squaredNorm());
}

RC_GTEST_PROP(CommutantProjection, LandsInTheCommutantAndFixesIt, ()) {
  const int d = 2 * *rc::gen::inRange(1, 5);
  const std::vector<double> omega = gen_frequencies(d);
  const Eigen::MatrixXd r = pe::block_rotation(1.0, omega);
  const Eigen::MatrixXd pm = pe::commutant_projection(gen_matrix(d));
  RC_ASSERT((pm * r - r * pm).norm() <= 8 * kEps * pm.norm());
  const Eigen::VectorXd a = gen_vector(d / 2), c = gen_vector(d / 2);
  const Eigen::MatrixXd element = pe::commutant_element(a, c);
  RC_ASSERT((pe::commutant_projection(element) - element).norm() <= 2 * kEps * element.norm());
}

RC_GTEST_PROP(RelativityDefect, LiesInTheUnitIntervalAndIgnoresScale, ()) {
  const int d = pe::testing::gen_dimension(16);
  const Eigen::MatrixXd m = gen_matrix(d);
  RC_PRE(m.norm() > 0);
  const double delta = pe::relativity_defect(m);
  RC_ASSERT(delta >= 0);
  RC_ASSERT(delta <= 1 + 4 * kEps);
  const double scale = std::ldexp(1.0, *rc::gen::inRange(-20, 21));  // exact scaling
  RC_ASSERT(std::fabs(pe::relativity_defect(scale * m) - delta) <= 4 * kEps);
}

// ---- library checks ----

TEST(CommutantProjection, RejectsNonSquareOddOrEmptyMatrices) {
  expect_invalid([] { pe::commutant_projection<double>(Eigen::MatrixXd::Zero(4, 6)); }, "4 x 6");
  expect_invalid([] { pe::commutant_projection<double>(Eigen::MatrixXd::Zero(5, 5)); }, "= 5");
  expect_invalid([] { pe::commutant_projection<double>(Eigen::MatrixXd::Zero(0, 0)); }, "= 0");
  expect_invalid([] { pe::relativity_defect(Eigen::MatrixXd::Zero(3, 2)); }, "3 x 2");
  expect_invalid([] { pe::relativity_defect(Eigen::MatrixXd::Zero(7, 7)); }, "= 7");
  expect_invalid([] { pe::relativity_defect(Eigen::MatrixXd::Zero(4, 4)); }, "||M||_F = 0");
  Eigen::MatrixXd bad = Eigen::MatrixXd::Identity(4, 4);
  bad(1, 2) = std::numeric_limits<double>::quiet_NaN();
  expect_invalid([&] { pe::relativity_defect(bad); }, "finite");
}

TEST(CommutantProjection, KeepsTheRotationScalingPartOfEachBlock) {
  Eigen::MatrixXd m(2, 2);
  m << 1, 2, 3, 4;  // tr/2 = 2.5, (B21 - B12)/2 = 0.5
  Eigen::MatrixXd expected(2, 2);
  expected << 2.5, -0.5, 0.5, 2.5;
  EXPECT_EQ(pe::commutant_projection(m), expected);
  EXPECT_DOUBLE_EQ(pe::relativity_defect(m), (m - expected).norm() / m.norm());
}

TEST(Commutant, LibraryDomainChecks) {
  expect_invalid([] { pe::commutant_basis(3); }, "d = 3");
  expect_invalid([] { pe::commutant_element<double>(Eigen::VectorXd::Ones(2), Eigen::VectorXd::Ones(3)); }, "2 and 3");
  expect_invalid([] { pe::window_defect_map({0.5}, 0, 1); }, "window = 1");
  expect_invalid([] { pe::window_defect_map({}, 0, 3); }, "omega");
  expect_invalid([] { pe::window_defect_map_error_bound(4, 0, 0); }, "window = 0");
  expect_invalid([] { pe::commutant_score<double>(Eigen::VectorXd::Ones(2), Eigen::VectorXd::Ones(2), {0.1}, 1.0); }, "2, 2 and 1");
  pe::Rng rng(1);
  expect_invalid([&] { pe::random_separated_frequencies(rng, 4, 0); }, "separation = 0");
  expect_invalid([&] { pe::random_separated_frequencies(rng, 4, 2); }, "separation = 2");
  expect_invalid([] { pe::gaussian_mean_defect(5); }, "d = 5");
  expect_invalid([] { pe::numerical_null_space(Eigen::MatrixXd::Zero(0, 3)); }, "0 x 3");
  expect_invalid([] { pe::numerical_null_space(Eigen::MatrixXd::Ones(2, 2), -1); }, "data_error = -1");
  expect_invalid([] { pe::largest_principal_sine(Eigen::MatrixXd::Zero(4, 2), Eigen::MatrixXd::Zero(4, 3)); }, "4 x 3");
}

TEST(Commutant, BasisIsOrthonormal) {
  for (int d : {2, 8, 16}) {
    const Eigen::MatrixXd b = pe::commutant_basis(d);
    EXPECT_LE((b.transpose() * b - Eigen::MatrixXd::Identity(d, d)).norm(), 4 * kEps);
  }
}

TEST(RelativityDefect, ExactMeanAgreesWithQuadratureOfTheBetaLaw) {
  // E sqrt(1 - B), B ~ Beta(d/2, (d^2-d)/2), by Gauss-Kronrod quadrature of the density: a
  // route that shares nothing with the Gamma-ratio formula.
  for (int d : {2, 4, 16, 64}) {
    const boost::math::beta_distribution<double> law(d / 2.0, (double(d) * d - d) / 2.0);
    auto integrand = [&](double x) { return std::sqrt(1 - x) * boost::math::pdf(law, x); };
    const double quadrature = boost::math::quadrature::gauss_kronrod<double, 61>::integrate(integrand, 0.0, 1.0, 15, 1e-14);
    EXPECT_NEAR(pe::gaussian_mean_defect(d), quadrature, 1e-12) << "d = " << d;
    EXPECT_LT(pe::gaussian_mean_defect(d), std::sqrt(pe::gaussian_mean_squared_defect(d)));  // Jensen
  }
}

// ---- The exact proofs refuse false statements of their shape -----------------------------
// theorem2.cpp proves the score formula, offset-only scores and commuting by exact algebra
// (pe::prove_for_dimensions); a matrix outside the commutant, or the formula with the sine's
// sign changed, must leave a remainder.

TEST(Theorem2Proofs, AMatrixOutsideTheCommutantIsRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
      "planted", "for all", {2, 16}, [](const std::vector<GiNaC::ex>& om) {
        // diag(a_j, b_j) per plane: a symmetric block that is not a_j I + c_j J unless a_j = b_j.
        GiNaC::matrix m(2 * unsigned(om.size()), 2 * unsigned(om.size()));
        for (unsigned j = 0; j < om.size(); ++j) {
          m(2 * j, 2 * j) = pe::named_symbol("a_" + std::to_string(j));
          m(2 * j + 1, 2 * j + 1) = pe::named_symbol("b_" + std::to_string(j));
        }
        const GiNaC::matrix r = pe::block_rotation(GiNaC::ex(1), om);
        return Sides{m.mul(r), r.mul(m)};
      });
  EXPECT_FALSE(p.zero);
  EXPECT_NE(p.remainder.find("a_0"), std::string::npos) << p.remainder;
}

TEST(Theorem2Proofs, TheScoreFormulaWithTheSinesSignChangedIsRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  for (const int sign : {-1, 1}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "planted", "for all", {2, 16}, [&](const std::vector<GiNaC::ex>& om) {
          const unsigned planes = unsigned(om.size());
          GiNaC::matrix m(2 * planes, 2 * planes);
          GiNaC::ex sum = 0;
          const GiNaC::ex first = pe::named_symbol("m"), second = pe::named_symbol("n");
          for (unsigned j = 0; j < planes; ++j) {
            const GiNaC::ex a = pe::named_symbol("a_" + std::to_string(j)), c = pe::named_symbol("c_" + std::to_string(j));
            m(2 * j, 2 * j) = m(2 * j + 1, 2 * j + 1) = a;
            m(2 * j, 2 * j + 1) = -c;
            m(2 * j + 1, 2 * j) = c;
            sum += a * GiNaC::cos((second - first) * om[j]) + sign * c * GiNaC::sin((second - first) * om[j]);
          }
          return Sides{pe::sinusoidal_code(first, om).transpose().mul(m).mul(pe::sinusoidal_code(second, om)),
                       GiNaC::matrix(1, 1, GiNaC::lst{sum})};
        });
    EXPECT_EQ(p.zero, sign == -1) << p.remainder;  // the article's formula has minus c_j sin
  }
}

// Pi's properties are proved on symbolic matrices (theorem2.cpp, projection_proof); a "projection"
// that keeps the whole trace instead of half of it is neither idempotent nor orthogonal, and the
// same reduction says so.
TEST(Theorem2Proofs, AProjectionThatKeepsTheWholeTraceIsRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  const auto wrong_projection = [](const GiNaC::matrix& m) {
    GiNaC::matrix out(m.rows(), m.cols());
    for (unsigned j = 0; j < m.rows(); j += 2) {
      out(j, j) = out(j + 1, j + 1) = m(j, j) + m(j + 1, j + 1);
      out(j + 1, j) = (m(j + 1, j) - m(j, j + 1)) / 2;
      out(j, j + 1) = -out(j + 1, j);
    }
    return out;
  };
  const auto symbols = [](unsigned d) {
    GiNaC::matrix m(d, d);
    for (unsigned i = 0; i < d; ++i)
      for (unsigned j = 0; j < d; ++j) m(i, j) = pe::named_symbol("M_" + std::to_string(i) + "_" + std::to_string(j));
    return m;
  };
  const pe::MatrixIdentityProof idempotent = pe::prove_for_dimensions(
      "planted", "for all", {2, 16}, [&](const std::vector<GiNaC::ex>& om) {
        const GiNaC::matrix pm = wrong_projection(symbols(2 * unsigned(om.size())));
        return Sides{wrong_projection(pm), pm};
      });
  EXPECT_FALSE(idempotent.zero);
  EXPECT_NE(idempotent.remainder.find("M_0_0"), std::string::npos) << idempotent.remainder;
}

// The commutant proof's hypothesis, refused where it fails: two equal frequencies make the
// Sylvester map of their planes singular for every value (its determinant reduces to 0), and a
// frequency 0 makes the diagonal map's minor vanish; outside_commutant_hypothesis names both.
TEST(Theorem2Proofs, FrequencySetsOutsideTheHypothesisAreRefusedWithTheirReason) {
  const GiNaC::ex w = pe::named_symbol("omega");
  EXPECT_TRUE(pe::reduce_trig(pe::sylvester_block_map(w, w).determinant()).zero)
      << "equal frequencies: the map on their block is singular";
  const GiNaC::matrix at_zero = pe::sylvester_block_map(GiNaC::ex(0), GiNaC::ex(0));
  EXPECT_TRUE((at_zero(0, 0) * at_zero(1, 1) - at_zero(0, 1) * at_zero(1, 0)).is_zero());
  EXPECT_NE(pe::outside_commutant_hypothesis({1.0, 0.5, 1.0}).find("omega_0 = omega_2: equal cosines"),
            std::string::npos);
  EXPECT_NE(pe::outside_commutant_hypothesis({0.0, 0.5}).find("omega_0 is not in (0, pi)"), std::string::npos);
  EXPECT_NE(pe::outside_commutant_hypothesis({0.5, M_PI}).find("omega_1 is not in (0, pi)"), std::string::npos);
  EXPECT_EQ(pe::outside_commutant_hypothesis({1.0, 0.1, 0.01}), "");
}

// ---- The exact law of the defect refuses a wrong projection and a wrong mean ----------------
// theorem2.cpp reads E delta^2 = 1 - rank/d^2 off pe::projected_gaussian_law, the rank computed
// by Isserlis on symbolic Gaussian entries of the harness's own pe::commutant_projection. A planted
// projection that keeps only each block's trace part (an orthogonal projection of rank d/2) must
// give another mean, and 1 - 2/d must not reduce.

namespace {
GiNaC::matrix harness_projection(const GiNaC::matrix& m) {
  return pe::to_ginac(pe::commutant_projection(pe::from_ginac(m)));
}
/// Planted: the harness's projection with each block's J part dropped.
GiNaC::matrix trace_only_projection(const GiNaC::matrix& m) {
  GiNaC::matrix out = harness_projection(m);
  for (unsigned j = 0; j < m.rows(); j += 2) out(j + 1, j) = out(j, j + 1) = 0;
  return out;
}
}  // namespace

TEST(Theorem2Proofs, TheExactDefectLawRefusesATraceOnlyProjectionAndAWrongMean) {
  for (const int d : {2, 8, 16}) {
    const pe::ProjectedGaussianLaw law = pe::projected_gaussian_law(
        d, harness_projection);
    EXPECT_TRUE((law.rank - d).is_zero()) << law.rank;
    EXPECT_TRUE(((1 - law.mean) - (1 - GiNaC::numeric(1, d))).is_zero());
    EXPECT_FALSE(((1 - law.mean) - (1 - GiNaC::numeric(2, d))).is_zero()) << "planted: E delta^2 = 1 - 2/d";
    const pe::ProjectedGaussianLaw trace_only = pe::projected_gaussian_law(
        d, trace_only_projection);
    EXPECT_TRUE((trace_only.rank - d / 2).is_zero()) << trace_only.rank;
    EXPECT_FALSE(((1 - trace_only.mean) - (1 - GiNaC::numeric(1, d))).is_zero()) << "planted: trace part only";
  }
}

// E delta^2 = 1 - 1/d for every even d, through the routine thm2.defect.mean_square.every_d
// calls: the harness's projection is proved; the planted trace-only projection (rank 1 per plane)
// is refused at the normal form, and one that adds M's entry (0, 2) from the next plane to
// entry (0, 0) is refused at the block step.
TEST(Theorem2Proofs, TheMeanSquareForEveryDRefusesAWrongRankAndACoupledProjection) {
  const pe::MatrixIdentityProof proved = pe::theorems::defect_mean_square_every_d_proof();
  EXPECT_TRUE(proved.zero) << proved.remainder;
  const pe::MatrixIdentityProof wrong_rank = pe::theorems::defect_mean_square_every_d_proof(trace_only_projection);
  EXPECT_FALSE(wrong_rank.zero);
  EXPECT_NE(wrong_rank.remainder.find("rank"), std::string::npos) << wrong_rank.remainder;
  const pe::MatrixIdentityProof coupled = pe::theorems::defect_mean_square_every_d_proof([](const GiNaC::matrix& m) {
    GiNaC::matrix out = harness_projection(m);
    if (m.rows() > 2) out(0, 0) = out(0, 0) + m(0, 2);
    return out;
  });
  EXPECT_FALSE(coupled.zero);
  EXPECT_NE(coupled.remainder.find("block step"), std::string::npos) << coupled.remainder;
}

// The counting step of thm2.window.dD.d_positions_insufficient, through the routine the claim
// calls (the harness's window map): on d positions the null space is forced above the
// commutant's dimension d, so "d positions suffice" is refused at every listed d; on d + 1
// positions the map has d^2 rows and counting shows nothing, so the planted "d + 1 positions are
// too few" is refused.
TEST(Theorem2Proofs, TheWindowCountingRefusesDPositionsSufficeAndDPlusOneTooFew) {
  for (int d : {2, 4, 8, 16}) {
    const pe::theorems::WindowCount on_d = pe::theorems::window_count(d, d);
    EXPECT_EQ(on_d.rows, long(d - 1) * (d - 1));
    EXPECT_EQ(on_d.unknowns, long(d) * d);
    EXPECT_EQ(on_d.commutant, d);
    EXPECT_TRUE(on_d.too_few) << on_d.certificate;
    const pe::theorems::WindowCount on_d_plus_1 = pe::theorems::window_count(d, d + 1);
    EXPECT_FALSE(on_d_plus_1.too_few) << on_d_plus_1.certificate;
    EXPECT_NE(on_d_plus_1.certificate.find("counting does not show these positions too few"), std::string::npos);
  }
}

TEST(Theorem2Proofs, IsserlisCountsPairings) {
  // E g^4 = 3 and E g1^2 g2^2 = 1 for independent standard Gaussians; a covariance s between two
  // coordinates gives E x^2 y^2 = 1 + 2 s^2 (three pairings). A planted 2 for E g^4 is refused.
  const GiNaC::symbol& g1 = pe::named_symbol("g_1");
  const GiNaC::symbol& g2 = pe::named_symbol("g_2");
  pe::ExactExpectation independent;
  independent.standard_gaussians({g1, g2});
  EXPECT_TRUE((independent.of(GiNaC::pow(g1, 4)) - 3).is_zero());
  EXPECT_FALSE((independent.of(GiNaC::pow(g1, 4)) - 2).is_zero());
  EXPECT_TRUE((independent.of(GiNaC::pow(g1, 2) * GiNaC::pow(g2, 2)) - 1).is_zero());
  EXPECT_TRUE(independent.of(g1 * GiNaC::pow(g2, 2)).is_zero());
  const GiNaC::symbol& s = pe::named_symbol("s");
  pe::ExactExpectation correlated;
  correlated.gaussian({g1, g2}, GiNaC::matrix(2, 2, GiNaC::lst{1, s, s, 1}));
  EXPECT_TRUE((correlated.of(GiNaC::pow(g1, 2) * GiNaC::pow(g2, 2)) - (1 + 2 * s * s)).is_zero());
  EXPECT_THROW(correlated.of(GiNaC::cos(g1)), std::invalid_argument);
}

// ---- The window's proof refuses a conjugation the other way and a determinant unsquared ----
// theorem2.cpp proves the window claims from g(m+1, n+1) - g(m, n) = p(m)^T (R^T M R - M) p(n)
// and det [p(0) .. p(d-1)] = prod_j sin w_j prod_{i<j} 4 (cos w_i - cos w_j)^2; planted twins
// conjugate with R M R^T, and leave the cosines' difference unsquared.
TEST(Theorem2Proofs, TheWindowStepTheOtherWayAndAnUnsquaredCodeDeterminantAreRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  for (const bool transpose_first : {true, false}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "planted", "for all", {2, 4}, [transpose_first](const std::vector<GiNaC::ex>& om) -> Sides {
          const unsigned d = 2 * unsigned(om.size());
          GiNaC::matrix m(d, d);
          for (unsigned i = 0; i < d; ++i)
            for (unsigned j = 0; j < d; ++j) m(i, j) = pe::named_symbol("M_" + std::to_string(i) + "_" + std::to_string(j));
          const GiNaC::matrix r = pe::block_rotation(GiNaC::ex(1), om);
          const GiNaC::ex a = pe::named_symbol("m"), b = pe::named_symbol("n");
          const auto g = [&](const GiNaC::ex& x, const GiNaC::ex& y) {
            return pe::sinusoidal_code(x, om).transpose().mul(m).mul(pe::sinusoidal_code(y, om));
          };
          const GiNaC::matrix conjugated =
              (transpose_first ? r.transpose().mul(m).mul(r) : r.mul(m).mul(r.transpose())).sub(m);
          return {g(a + 1, b + 1).sub(g(a, b)),
                  pe::sinusoidal_code(a, om).transpose().mul(conjugated).mul(pe::sinusoidal_code(b, om))};
        });
    EXPECT_EQ(p.zero, transpose_first) << p.remainder;
  }
  const std::vector<GiNaC::ex> om = pe::frequency_symbols(4);
  GiNaC::matrix codes(4, 4);
  for (unsigned m = 0; m < 4; ++m) {
    const GiNaC::matrix code = pe::sinusoidal_code(GiNaC::ex(int(m)), om);
    for (unsigned i = 0; i < 4; ++i) codes(i, m) = code(i, 0);
  }
  const GiNaC::ex sines = GiNaC::sin(om[0]) * GiNaC::sin(om[1]), gap = GiNaC::cos(om[0]) - GiNaC::cos(om[1]);
  EXPECT_TRUE(pe::reduce_trig(codes.determinant() - sines * 4 * GiNaC::pow(gap, 2)).zero);
  EXPECT_FALSE(pe::reduce_trig(codes.determinant() - sines * 4 * gap).zero) << "planted: unsquared";
}

// The commutant's rank steps through the routine its proof calls: the off-diagonal map's
// determinant and the diagonal map's minor are nonzero off the sets the hypothesis excludes.
// Dropping the exceptional set (factor 1), or naming the wrong one, is refused.
TEST(Theorem2Proofs, ARankStepWithItsExceptionalSetDroppedIsRefused) {
  EXPECT_TRUE(pe::theorems::commutant_rank_step(true).decided) << pe::theorems::commutant_rank_step(true).what;
  EXPECT_TRUE(pe::theorems::commutant_rank_step(false).decided) << pe::theorems::commutant_rank_step(false).what;
  for (const bool off_diagonal : {true, false}) {
    const pe::RankStep dropped = pe::theorems::commutant_rank_step(off_diagonal, 1);
    EXPECT_FALSE(dropped.decided) << dropped.what;
    EXPECT_NE(dropped.what.find("can vanish"), std::string::npos) << dropped.what;
  }
  const GiNaC::ex wj = pe::named_symbol("omega_j");
  EXPECT_FALSE(pe::theorems::commutant_rank_step(false, GiNaC::pow(GiNaC::cos(wj), 2)).decided);
}

// The window step through the routine Theorem 2 (a')'s proof calls: the shift by one position
// holds at every even d; a rotation by two positions for a step of one is refused, on whole
// matrices and at the pair-of-planes term.
TEST(Theorem2Proofs, AWindowStepWithTheWrongShiftIsRefused) {
  const pe::MatrixIdentityProof one = pe::theorems::window_step_proof(GiNaC::ex(1));
  EXPECT_TRUE(one.zero) << one.remainder;
  EXPECT_TRUE(one.every_even_d);
  const pe::MatrixIdentityProof two = pe::theorems::window_step_proof(GiNaC::ex(2));
  EXPECT_FALSE(two.zero);
  EXPECT_FALSE(two.every_even_d);
}

// The code determinant's factors at every d: the nodes' own factors hold; a between-planes factor
// of 2 (cos - cos)^2 (half the true one) and a within-plane factor cos omega_j are each refused at
// their step, and only there.
TEST(Theorem2Proofs, ACodeDeterminantFactorThatIsNotTheNodesIsRefused) {
  const auto refused = [](const pe::theorems::CodeDeterminantFactors& f) {
    std::vector<std::string> out;
    for (const pe::ProofStep& s : pe::theorems::code_determinant_every_d_steps(f))
      if (s.reach == pe::StepReach::failed) out.push_back(s.what);
    return out;
  };
  EXPECT_TRUE(refused(pe::theorems::code_determinant_factors()).empty());
  pe::theorems::CodeDeterminantFactors half = pe::theorems::code_determinant_factors();
  half.between = [](const GiNaC::ex& wj, const GiNaC::ex& wk) { return 2 * GiNaC::pow(GiNaC::cos(wj) - GiNaC::cos(wk), 2); };
  ASSERT_EQ(refused(half).size(), 1u);
  EXPECT_NE(refused(half).front().find("between planes"), std::string::npos);
  pe::theorems::CodeDeterminantFactors cosine = pe::theorems::code_determinant_factors();
  cosine.within = [](const GiNaC::ex& wj) { return GiNaC::cos(wj); };
  ASSERT_EQ(refused(cosine).size(), 1u);
  EXPECT_NE(refused(cosine).front().find("inside a plane"), std::string::npos);
}
