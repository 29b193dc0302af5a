// Proposition 4 as RapidCheck properties: the summation-by-parts bound (i) and the matched-pair
// expectation (ii) on random instances, and the envelope's domain checks.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <limits>

#include "symbolic_identity.hpp"
#include "clocks.hpp"
#include "constants.hpp"
#include "property_generators.hpp"
#include "random.hpp"
#include "rope.hpp"
#include "statistics.hpp"

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
