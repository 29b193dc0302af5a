// Proposition 4 as RapidCheck properties: the summation-by-parts bound (i) and the matched-pair
// expectation (ii) on random instances, and the envelope's domain checks.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <limits>

#include "symbolic_identity.hpp"
#include "exact_expectation.hpp"
#include "clocks.hpp"
#include "constants.hpp"
#include "property_generators.hpp"
#include "random.hpp"
#include "rope.hpp"
#include "statistics.hpp"
#include "proposition4.hpp"

using pe::testing::gen_base;
using pe::testing::gen_dimension;
using pe::testing::gen_position;
using pe::testing::gen_seed;
using pe::testing::gen_vector;

namespace {
using pe::kEps;  // numerics/constants.hpp
}

RC_GTEST_PROP(Proposition4, SummationByPartsBoundsTheComplexScore, ()) {
  const int d = gen_dimension(64);
  const double b = gen_base();
  const double delta = double(gen_position());
  const Eigen::VectorXd q = gen_vector(d), k = gen_vector(d);
  const auto theta = pe::frequencies(d, b);
  const auto h = pe::plane_products(q, k);
  double total = 0;
  for (const auto& x : h) total += std::abs(x);
  RC_ASSERT(std::abs(pe::complex_offset_sum(h, delta, theta)) <=
            pe::summation_by_parts_bound(h, delta, theta) + 8 * d * kEps * total);
}

RC_GTEST_PROP(Proposition4, MatchedPairMeanIsTheStationaryKernel, ()) {
  // E q^T R q = tr(R Sigma) for q ~ N(0, Sigma); with per-plane trace sigma^2 it is
  // sigma^2 kappa_d(Delta), whatever the correlations.
  pe::Rng rng(gen_seed());
  const int d = gen_dimension(16);
  const double b = gen_base();
  const long delta = gen_position();
  const double sigma2 = 0.5 + *rc::gen::inRange(0, 100) / 10.0;
  const Eigen::MatrixXd g = rng.normal_matrix(d, d);
  Eigen::MatrixXd sigma = g * g.transpose() + 0.01 * Eigen::MatrixXd::Identity(d, d);
  Eigen::VectorXd scale(d);
  for (int j = 0; j < d / 2; ++j)
    scale(2 * j) = scale(2 * j + 1) = std::sqrt(sigma2 / (sigma(2 * j, 2 * j) + sigma(2 * j + 1, 2 * j + 1)));
  sigma = scale.asDiagonal() * sigma * scale.asDiagonal();
  const double trace = (pe::block_rotation(double(delta), d, b) * sigma).trace();
  RC_ASSERT(std::fabs(trace - sigma2 * pe::stationary_kernel(double(delta), d, b)) <=
            8 * (std::abs(delta) + d) * kEps * sigma2 * d / 2);
}

TEST(Proposition4, EnvelopeAtZeroOffsetCountsThePartialSums) {
  // At Delta = 0 every e^{i 0} = 1, so |S_j| = j and the envelope is 1 + 2 + ... + d/2.
  EXPECT_EQ(pe::decay_envelope(0.0, pe::frequencies(128, 10000.0)), 64.0 * 65 / 2);
  EXPECT_EQ(pe::decay_envelope(0.0, pe::frequencies(2, 10000.0)), 1.0);
}

TEST(Proposition4, OctavesCoverPowersOfTwo) {
  const auto octaves = pe::envelope_by_octave(pe::frequencies(8, 100.0), 4);
  ASSERT_EQ(octaves.size(), 4u);
  EXPECT_EQ(octaves[0].first, 1);
  EXPECT_EQ(octaves[0].last, 1);
  EXPECT_EQ(octaves[3].first, 8);
  EXPECT_EQ(octaves[3].last, 15);
  EXPECT_EQ(octaves[3].rises + octaves[3].falls, 7);  // no exact ties at these offsets
  EXPECT_THROW(pe::envelope_by_octave(pe::frequencies(8, 100.0), 0), std::invalid_argument);
}

TEST(Statistics, EstimatorsAndKolmogorovSmirnov) {
  EXPECT_DOUBLE_EQ(pe::estimate_mean({1, 2, 3, 4}).value, 2.5);
  EXPECT_DOUBLE_EQ(pe::estimate_variance({1, 2, 3, 4}).value, 5.0 / 3);
  EXPECT_DOUBLE_EQ(pe::kolmogorov_smirnov_statistic({1, 2, 3}, {1, 2, 3}), 0.0);
  EXPECT_DOUBLE_EQ(pe::kolmogorov_smirnov_statistic({1, 2}, {3, 4}), 1.0);
  // Known quantiles of the Kolmogorov distribution: P(K > 1.3581) = 0.05, P(K > 1.9495) = 0.001.
  EXPECT_NEAR(pe::kolmogorov_survival(1.3581), 0.05, 1e-4);
  EXPECT_NEAR(pe::kolmogorov_survival(1.9495), 0.001, 1e-5);
  EXPECT_NEAR(pe::kolmogorov_survival(0.5), 0.9639, 1e-4);
  EXPECT_THROW(pe::estimate_mean({1.0}), std::invalid_argument);
  EXPECT_THROW(pe::estimate_variance({1.0, 2.0}), std::invalid_argument);
  EXPECT_THROW(pe::kolmogorov_smirnov_statistic({}, {1.0}), std::invalid_argument);
}

TEST(Statistics, ChiSquaredQuantilesOfTheTables) {
  // Printed table values: 3.841 (q = 0.95, 1 degree), 30.144 (q = 0.95, 19 degrees), to the
  // tables' three decimals.
  EXPECT_NEAR(pe::chi_squared_quantile(0.95, 1), 3.841, 5e-4);
  EXPECT_NEAR(pe::chi_squared_quantile(0.95, 19), 30.144, 5e-4);
  EXPECT_THROW(pe::chi_squared_quantile(0.95, 0), std::invalid_argument);
  EXPECT_THROW(pe::chi_squared_quantile(1.0, 3), std::invalid_argument);
}

TEST(Statistics, KolmogorovSurvivalAgreesWithTheThetaFunctionForm) {
  // For x >= 1 the implementation sums the alternating series 2 sum (-1)^(k-1) exp(-2 k^2 x^2);
  // the theta-function form 1 - sqrt(2 pi)/x sum exp(-(2k-1)^2 pi^2/(8 x^2)) is an independent
  // expression of the same function. Both converge to double precision in a few terms here, so
  // they agree to rounding (a few units of 1e-16 on values of order 0.1 to 1e-6).
  const double pi = std::acos(-1.0);
  for (double x : {1.0, 1.1, 1.3581, 1.6, 2.0}) {
    double theta = 0;
    for (int k = 1; k <= 40; ++k) theta += std::exp(-(2.0 * k - 1) * (2.0 * k - 1) * pi * pi / (8 * x * x));
    const double reference = 1 - std::sqrt(2 * pi) / x * theta;
    EXPECT_NEAR(pe::kolmogorov_survival(x), reference, 1e-13) << "x = " << x;
  }
}

TEST(Proposition4, InterpolationDomainChecks) {
  const auto theta = pe::frequencies(4, 10000.0);
  const std::vector<std::complex<double>> h(2, 1.0);
  EXPECT_THROW(pe::interpolation_bound(h, theta, 1, 1, 1), std::invalid_argument);
  EXPECT_THROW(pe::interpolation_error(h, theta, 0, 1, 2), std::invalid_argument);
  EXPECT_THROW(pe::summation_by_parts_bound(std::vector<std::complex<double>>(3), 1.0, theta),
               std::invalid_argument);
}

// The complex form is proved by exact algebra (proposition4.cpp); without the conjugate,
// h_j = q_j k_j, the same reduction leaves a remainder.
TEST(Proposition4Proofs, TheComplexFormWithoutTheConjugateIsRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  for (const bool conjugate : {true, false}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "planted", "for all", {2, 16}, [&](const std::vector<GiNaC::ex>& theta) -> Sides {
          const GiNaC::symbol& i = pe::named_symbol("i");
          const GiNaC::ex delta = pe::named_symbol("Delta");
          GiNaC::matrix q(2 * unsigned(theta.size()), 1), k(2 * unsigned(theta.size()), 1);
          GiNaC::ex sum = 0;
          for (unsigned j = 0; j < theta.size(); ++j) {
            const std::string n = std::to_string(j);
            q(2 * j, 0) = pe::named_symbol("q_" + n + "0");
            q(2 * j + 1, 0) = pe::named_symbol("q_" + n + "1");
            k(2 * j, 0) = pe::named_symbol("k_" + n + "0");
            k(2 * j + 1, 0) = pe::named_symbol("k_" + n + "1");
            const GiNaC::ex h = (q(2 * j, 0) + (conjugate ? -1 : 1) * i * q(2 * j + 1, 0)) *
                                (k(2 * j, 0) + i * k(2 * j + 1, 0));
            sum += h * (GiNaC::cos(delta * theta[j]) + i * GiNaC::sin(delta * theta[j]));
          }
          const GiNaC::ex reduced = GiNaC::expand(GiNaC::expand(sum).subs(GiNaC::pow(i, 2) == -1));
          return {GiNaC::matrix(1, 1, GiNaC::lst{reduced.coeff(i, 0)}),
                  q.transpose().mul(pe::block_rotation(delta, theta).mul(k))};
        });
    EXPECT_EQ(p.zero, conjugate) << p.remainder;
  }
}

// ---- The exact laws refuse a variance off by one term, a dependent plane, a missing step ----
// proposition4.cpp proves (ii), (iii), the d = 4 counterexample and Abel summation with
// pe::prove_expectation and pe::reduce_trig; each planted twin below has the claim's shape.

namespace {
GiNaC::ex symbolic_offset_score(const GiNaC::matrix& q, const GiNaC::matrix& k, const std::vector<GiNaC::ex>& theta) {
  return q.transpose().mul(pe::block_rotation(pe::named_symbol("Delta"), theta).mul(k))(0, 0);
}

/// The d = 4 counterexample's variance against `stated`, the planes dependent or not.
pe::MatrixIdentityProof counterexample_variance(bool independent, const GiNaC::ex& stated) {
  return pe::prove_expectation("planted", "for all", {4}, "d = 4", [&](const std::vector<GiNaC::ex>& theta) {
    const GiNaC::symbol &c0 = pe::named_symbol("cos_beta_0"), &s0 = pe::named_symbol("sin_beta_0"),
                        &c1 = pe::named_symbol("cos_beta_1"), &s1 = pe::named_symbol("sin_beta_1");
    pe::ExactExpectation law;
    law.uniform_angle(c0, s0);
    if (independent) law.uniform_angle(c1, s1);
    const GiNaC::matrix q(4, 1, GiNaC::lst{1, 0, 1, 0});
    const GiNaC::matrix k(4, 1, GiNaC::lst{c0, s0, independent ? c1 : c0, independent ? s1 : s0});
    return pe::ExpectationSides{law.variance(symbolic_offset_score(q, k, theta)), stated.subs(
        GiNaC::lst{pe::named_symbol("theta_0") == theta[0], pe::named_symbol("theta_1") == theta[1]}), law.lemmas()};
  });
}
}  // namespace

TEST(Proposition4Proofs, TheCounterexampleVarianceIsProvedAndItsFalseTwinsRefused) {
  const GiNaC::ex delta = pe::named_symbol("Delta"), t0 = pe::named_symbol("theta_0"), t1 = pe::named_symbol("theta_1");
  EXPECT_TRUE(counterexample_variance(false, 1 + GiNaC::cos(delta * (t0 - t1))).zero);
  EXPECT_TRUE(counterexample_variance(true, 1).zero);
  // Planted: dependent planes with the independent planes' variance (the conclusion (iii) would give).
  const pe::MatrixIdentityProof as_if_independent = counterexample_variance(false, 1);
  EXPECT_FALSE(as_if_independent.zero);
  EXPECT_NE(as_if_independent.remainder.find("cos"), std::string::npos) << as_if_independent.remainder;
  // Planted: the sum of the frequencies where their difference belongs, and the independent
  // control given the dependent variance.
  EXPECT_FALSE(counterexample_variance(false, 1 + GiNaC::cos(delta * (t0 + t1))).zero);
  EXPECT_FALSE(counterexample_variance(true, 1 + GiNaC::cos(delta * (t0 - t1))).zero);
}

TEST(Proposition4Proofs, TheUnrelatedVarianceWithoutTheNoiseTermIsRefused) {
  // Var<q, R(Delta) k> with q = mu + N(0, I): the planted twin forgets the noise's 2 per plane.
  for (const bool with_noise : {true, false}) {
    const pe::MatrixIdentityProof p = pe::prove_expectation(
        "planted", "for all", {2, 8}, "planes", [&](const std::vector<GiNaC::ex>& theta) {
          const unsigned d = 2 * unsigned(theta.size());
          pe::ExactExpectation law;
          std::vector<GiNaC::symbol> g;
          for (unsigned i = 0; i < d; ++i) g.push_back(pe::named_symbol("g_" + std::to_string(i)));
          law.standard_gaussians(g);
          GiNaC::matrix q(d, 1), k(d, 1);
          GiNaC::ex stated = 0;
          for (unsigned j = 0; j < d / 2; ++j) {
            const std::string n = std::to_string(j);
            const GiNaC::symbol &c = pe::named_symbol("cos_beta_" + n), &s = pe::named_symbol("sin_beta_" + n),
                                &r = pe::named_symbol("r_" + n), &rho = pe::named_symbol("rho_" + n);
            law.uniform_angle(c, s);
            law.scalar(r, [&rho](int m) -> GiNaC::ex { return m == 0 ? GiNaC::ex(1) : m == 2 ? GiNaC::ex(rho) : GiNaC::ex(pe::named_symbol("r_moment_" + std::to_string(m))); }, "any");
            const GiNaC::ex mu0 = pe::named_symbol("mu_" + std::to_string(2 * j)), mu1 = pe::named_symbol("mu_" + std::to_string(2 * j + 1));
            q(2 * j, 0) = mu0 + g[2 * j];
            q(2 * j + 1, 0) = mu1 + g[2 * j + 1];
            k(2 * j, 0) = r * c;
            k(2 * j + 1, 0) = r * s;
            stated += (mu0 * mu0 + mu1 * mu1 + (with_noise ? 2 : 0)) * rho / 2;
          }
          return pe::ExpectationSides{law.variance(symbolic_offset_score(q, k, theta)), stated, law.lemmas()};
        });
    EXPECT_EQ(p.zero, with_noise) << p.remainder;
  }
}

TEST(Proposition4Proofs, MatchedPairsWithoutEqualPlaneTracesAreRefused) {
  // E<q, R q> = sigma^2 kappa_d needs the same trace in every plane; with each plane's variances
  // free symbols the same reduction leaves the cosines' mismatched coefficients.
  for (const bool equal_traces : {true, false}) {
    const pe::MatrixIdentityProof p = pe::prove_expectation(
        "planted", "for all", {2, 16}, "planes", [&](const std::vector<GiNaC::ex>& theta) {
          const unsigned d = 2 * unsigned(theta.size());
          const GiNaC::ex sigma2 = pe::named_symbol("sigma2");
          GiNaC::matrix covariance(d, d), q(d, 1);
          std::vector<GiNaC::symbol> vars;
          for (unsigned a = 0; a < d; ++a) {
            vars.push_back(pe::named_symbol("q_" + std::to_string(a)));
            q(a, 0) = vars.back();
            for (unsigned b = a; b < d; ++b)
              covariance(a, b) = covariance(b, a) = pe::named_symbol("S_" + std::to_string(a) + "_" + std::to_string(b));
          }
          if (equal_traces)
            for (unsigned j = 0; j < d; j += 2) covariance(j + 1, j + 1) = sigma2 - covariance(j, j);
          pe::ExactExpectation law;
          law.gaussian(vars, covariance);
          GiNaC::ex kappa = 0;
          for (const GiNaC::ex& t : theta) kappa += GiNaC::cos(pe::named_symbol("Delta") * t);
          return pe::ExpectationSides{law.of(symbolic_offset_score(q, q, theta)), sigma2 * kappa, law.lemmas()};
        });
    EXPECT_EQ(p.zero, equal_traces) << p.remainder;
  }
}

TEST(Proposition4Proofs, AnAnisotropicPlaneIsNotMovedByTheRotation) {
  // (iii)'s law argument: R(Delta) k(beta) = k(beta + Delta theta) plane by plane. A plane
  // stretched along one axis, r (cos beta, 2 sin beta), is not rotation-invariant in law, and the
  // identity the argument needs is refused.
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  for (const int stretch : {1, 2}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "planted", "for all", {2, 16}, [&](const std::vector<GiNaC::ex>& theta) -> Sides {
          GiNaC::matrix k(2 * unsigned(theta.size()), 1), shifted(2 * unsigned(theta.size()), 1);
          for (unsigned j = 0; j < theta.size(); ++j) {
            const GiNaC::ex r = pe::named_symbol("r_" + std::to_string(j)), beta = pe::named_symbol("beta_" + std::to_string(j));
            const GiNaC::ex moved = beta + pe::named_symbol("Delta") * theta[j];
            k(2 * j, 0) = r * GiNaC::cos(beta);
            k(2 * j + 1, 0) = stretch * r * GiNaC::sin(beta);
            shifted(2 * j, 0) = r * GiNaC::cos(moved);
            shifted(2 * j + 1, 0) = stretch * r * GiNaC::sin(moved);
          }
          return {pe::block_rotation(pe::named_symbol("Delta"), theta).mul(k), shifted};
        });
    EXPECT_EQ(p.zero, stretch == 1) << p.remainder;
  }
}

TEST(Proposition4Proofs, AbelSummationWithoutItsBoundaryTermIsRefused) {
  // sum_{j<n} h_j z_j = sum_{j<n-1} (h_j - h_{j+1}) S_j + h_{n-1} S_{n-1}: the planted twin drops
  // the last term (h_{d/2} = 0 read as if it removed it), or sums S_{j+1} for S_j.
  const auto h = [](unsigned j) { return GiNaC::ex(pe::named_symbol("h_" + std::to_string(j))); };
  const auto partial = [](unsigned j) {
    GiNaC::ex s = 0;
    for (unsigned i = 0; i <= j; ++i) s += pe::named_symbol("z_" + std::to_string(i));
    return s;
  };
  for (unsigned n = 2; n <= 8; ++n) {
    GiNaC::ex left = 0, right = 0, shifted = 0;
    for (unsigned j = 0; j < n; ++j) left += h(j) * pe::named_symbol("z_" + std::to_string(j));
    for (unsigned j = 0; j + 1 < n; ++j) {
      right += (h(j) - h(j + 1)) * partial(j);
      shifted += (h(j) - h(j + 1)) * partial(j + 1);
    }
    EXPECT_TRUE(pe::reduce_trig(left - right - h(n - 1) * partial(n - 1)).zero);
    EXPECT_FALSE(pe::reduce_trig(left - right).zero) << "planted: no boundary term, n = " << n;
    EXPECT_FALSE(pe::reduce_trig(left - shifted - h(n - 1) * partial(n - 1)).zero) << "planted: S_{j+1}, n = " << n;
  }
}

// (i)'s last step through the routine the claim calls: M sum_j |S_j| - sum_j |h_j - h_{j+1}| |S_j|
// is decided positive for the article's factor 1; a bound tightened to a factor below 1 is refused,
// at the first n where the sign rules cannot show it, and so is the modulus identity's twin.
TEST(Proposition4Proofs, ATermwiseBoundTightenedBelowItsMaximumIsRefused) {
  const pe::SignDecision article = pe::theorems::termwise_max_step(8);
  EXPECT_TRUE(article.positive) << article.normal_form;
  for (const GiNaC::ex& factor : {GiNaC::ex(GiNaC::numeric(1, 2)), GiNaC::ex(GiNaC::numeric(99, 100))}) {
    const pe::SignDecision tightened = pe::theorems::termwise_max_step(8, factor);
    EXPECT_FALSE(tightened.positive) << "planted factor " << factor;
    EXPECT_EQ(tightened.normal_form.rfind("n = 1: ", 0), 0u) << tightened.normal_form;
  }
  EXPECT_TRUE(pe::product_modulus_step().zero);
}
