// Theorem 5 (ii)-(iv) as RapidCheck properties: PI's range and spacing, NTK-aware scaling as a
// change of base, the interpolation bound on random instances and the closed form of
// sum_j theta_j^2; and the MPFI enclosure's domain checks and consistency with double.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <limits>

#include "chen_counterexample.hpp"
#include "clocks.hpp"
#include "constants.hpp"
#include "context_extension.hpp"
#include "property_generators.hpp"
#include "rope.hpp"
#include "symbolic_identity.hpp"
#include "theorem5.hpp"

using pe::testing::gen_base;
using pe::testing::gen_dimension;
using pe::testing::gen_position;

namespace {
using pe::kEps;  // numerics/constants.hpp

double gen_kappa() { return 1 + *rc::gen::inRange(0, 100000) / 1000.0; }  // [1, 101)
double gen_length() { return double(*rc::gen::inRange(1, 10000)); }
}  // namespace

RC_GTEST_PROP(Theorem5, PiMapsTestOffsetsIntoTheTrainedRange, ()) {
  const int d = gen_dimension();
  const double b = gen_base(), kappa = gen_kappa(), length = gen_length();
  const pe::RopeReadTimeMap pi = pe::rope_read_time_map(pe::ContextExtension::position_interpolation, d, b, kappa, length);
  const auto theta = pe::frequencies(d, b);
  const double last = kappa * length - 1;
  for (std::size_t j = 0; j < theta.size(); ++j) {
    RC_ASSERT(std::fabs(last * pi.frequencies[j] / theta[j] - (length - 1 / kappa)) <= 4 * kappa * length * kEps);
    RC_ASSERT(std::fabs(pi.frequencies[j] - theta[j] / kappa) <= 2 * kEps * theta[j] / kappa);
  }
  RC_ASSERT(length - 1 / kappa - (length - 1) < 1);
}

RC_GTEST_PROP(Theorem5, NtkAwareIsAChangeOfBase, ()) {
  const int d = 2 * *rc::gen::inRange(2, 129);  // d >= 4: d - 2 > 0
  const double b = gen_base(), kappa = gen_kappa();
  const pe::RopeReadTimeMap ntk = pe::rope_read_time_map(pe::ContextExtension::ntk_aware, d, b, kappa, 32);
  const auto changed = pe::frequencies(d, b * std::pow(kappa, d / (d - 2.0)));
  RC_ASSERT(ntk.factors.front() == 1.0);
  RC_ASSERT(std::fabs(kappa * ntk.factors.back() - 1) <= 4 * kEps);
  for (std::size_t j = 0; j < changed.size(); ++j)
    RC_ASSERT(std::fabs(ntk.frequencies[j] / changed[j] - 1) <= 64 * (j + 1) * kEps * std::log(b * kappa * kappa));
}

RC_GTEST_PROP(Theorem5, InterpolationErrorIsWithinTheCurvatureBound, ()) {
  const int d = gen_dimension(64);
  const double b = gen_base();
  std::vector<std::complex<double>> h(d / 2);
  for (auto& x : h) x = {*rc::gen::inRange(-1000, 1001) / 100.0, *rc::gen::inRange(-1000, 1001) / 100.0};
  const long delta1 = gen_position(3000);
  const long delta2 = delta1 + *rc::gen::inRange(1, 41);
  const double delta = delta1 + (delta2 - delta1) * (*rc::gen::inRange(0, 1001) / 1000.0);
  double total = 0;
  for (const auto& x : h) total += std::abs(x);
  const double error = std::fabs(pe::interpolation_error(h, pe::frequencies(d, b), delta1, delta2, delta));
  const double bound = pe::interpolation_bound(h, pe::frequencies(d, b), delta1, delta2, delta);
  RC_ASSERT(error <= bound + 3 * (std::abs(delta1) + std::abs(delta2) + d) * kEps * total);
}

RC_GTEST_PROP(Theorem5, SumOfSquaredFrequenciesHasItsClosedForm, ()) {
  const int d = gen_dimension(256);
  const double b = gen_base();
  double direct = 0;
  for (double t : pe::frequencies(d, b)) direct += t * t;
  const double closed = pe::sum_squared_frequencies(d, b);
  RC_ASSERT(std::fabs(direct - closed) <= 4 * d * kEps * closed);
  // Chen and colleagues' constant is always smaller: 1 - e^{-x} < x.
  RC_ASSERT(closed / (1 - std::pow(b, -2.0)) > pe::chen_interpolation_constant(d, b));
}

TEST(Theorem5, ChenEnclosuresAreNarrowAndAgreeWithDouble) {
  const pe::ChenCounterexample c = pe::chen_counterexample(128, 10000.0, 0.5);
  EXPECT_LE(c.error.lower, c.error.upper);
  EXPECT_LT(c.error.upper - c.error.lower, 1e-15);
  // The same numbers in plain double arithmetic, through the library's own functions.
  const auto theta = pe::frequencies(128, 10000.0);
  const std::vector<std::complex<double>> ones(64, 1.0);
  const double error = std::fabs(pe::interpolation_error(ones, theta, 0, 1, 0.5));
  EXPECT_NEAR(error, c.error.midpoint(), 1e-13);
  EXPECT_NEAR(pe::interpolation_bound(ones, theta, 0, 1, 0.5), c.corrected_bound.midpoint(), 1e-13);
  EXPECT_NEAR(0.125 * pe::chen_interpolation_constant(128, 10000.0), c.stated_bound.midpoint(), 1e-15);
  EXPECT_TRUE(c.error_exceeds_stated);
  EXPECT_TRUE(c.error_within_corrected);
}

TEST(Theorem5, ChenEnclosureDomainChecks) {
  EXPECT_THROW(pe::chen_counterexample(7, 10000.0, 0.5), std::invalid_argument);
  EXPECT_THROW(pe::chen_counterexample(8, 1.0, 0.5), std::invalid_argument);
  EXPECT_THROW(pe::chen_counterexample(8, 10000.0, 1.0), std::invalid_argument);
  EXPECT_THROW(pe::chen_counterexample(8, 10000.0, 0.5, 32), std::invalid_argument);
}

// (iv)'s proof reads a'' off a(Delta) = Re sum_j h_j e^{i Delta theta_j} by exact
// differentiation. The planted twin claims a'' = -Re sum_j theta_j h_j e^{i Delta theta_j} (the
// bound with theta_j where theta_j^2 belongs), and the same reduction must refuse it.
TEST(Theorem5Proofs, ACurvatureWithTheFrequencyNotSquaredIsRefused) {
  using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
  for (const int power : {2, 1}) {
    const pe::MatrixIdentityProof p = pe::prove_for_dimensions(
        "planted", "for all", {2, 16}, [power](const std::vector<GiNaC::ex>& theta) -> Sides {
          const GiNaC::symbol& delta = pe::named_symbol("Delta");
          const GiNaC::symbol& i = pe::named_symbol("i");
          GiNaC::ex a = 0, curvature = 0;
          for (unsigned j = 0; j < theta.size(); ++j) {
            const GiNaC::ex h = pe::named_symbol("x_" + std::to_string(j)) + i * pe::named_symbol("y_" + std::to_string(j));
            const GiNaC::ex term = h * (GiNaC::cos(delta * theta[j]) + i * GiNaC::sin(delta * theta[j]));
            a += term;
            curvature -= GiNaC::pow(theta[j], power) * term;
          }
          const auto real_part = [&i](const GiNaC::ex& z) {
            return GiNaC::expand(GiNaC::expand(z).subs(GiNaC::pow(i, 2) == -1)).coeff(i, 0);
          };
          return {GiNaC::matrix(1, 1, GiNaC::lst{real_part(a).diff(delta, 2)}),
                  GiNaC::matrix(1, 1, GiNaC::lst{real_part(curvature)})};
        });
    EXPECT_EQ(p.zero, power == 2) << p.remainder;
  }
}

// (iv)'s modulus step through the routine the claim calls: Re(h e^{ix})^2 + Im(h e^{ix})^2 = |h|^2,
// so |Re(h e^{ix})| <= |h|; the planted |Re(h e^{ix})| <= |h| / 2 leaves a remainder.
TEST(Theorem5Proofs, ARealPartBoundTightenedBelowTheModulusIsRefused) {
  EXPECT_TRUE(pe::rotated_real_part_step(1).zero);
  const pe::TrigReduction tightened = pe::rotated_real_part_step(GiNaC::numeric(1, 2));
  EXPECT_FALSE(tightened.zero);
  EXPECT_FALSE(tightened.remainder.empty());
}

// Theorem 5 (ii) and (iii) through the routines their claims call: the harness's PI and
// NTK-aware factors pass every step; a map that is not PI (no map at all: factor 1; a factor of
// 1/kappa^2) and an NTK factor without the d/(d - 2) (kappa^(-2j/d), the factor of a base scaled
// by kappa alone) are refused at the facts they break, and only there.
TEST(Theorem5Proofs, PiAndNtkFactsRefuseAMapTheyDoNotDescribe) {
  const pe::theorems::PiProofs& pi = pe::theorems::pi_proofs();
  EXPECT_TRUE(pi.range.zero) << pi.range.remainder;
  EXPECT_TRUE(pi.within_one_position.zero) << pi.within_one_position.remainder;
  EXPECT_TRUE(pi.spacing.zero) << pi.spacing.remainder;
  const pe::theorems::PiProofs none = pe::theorems::pi_proofs([](const GiNaC::ex&) { return GiNaC::ex(1); });
  EXPECT_FALSE(none.range.zero);
  EXPECT_FALSE(none.within_one_position.zero) << "without PI the last offset lands kappa L - 1, past L";
  EXPECT_FALSE(none.spacing.zero);
  const pe::theorems::PiProofs squared =
      pe::theorems::pi_proofs([](const GiNaC::ex& kappa) { return 1 / (kappa * kappa); });
  EXPECT_FALSE(squared.range.zero);
  EXPECT_FALSE(squared.spacing.zero);

  const pe::theorems::NtkProofs& ntk = pe::theorems::ntk_proofs();
  EXPECT_TRUE(ntk.base_change.zero) << ntk.base_change.remainder;
  EXPECT_TRUE(ntk.plane0_unchanged.zero) << ntk.plane0_unchanged.remainder;
  EXPECT_TRUE(ntk.slowest_divided_by_kappa.zero) << ntk.slowest_divided_by_kappa.remainder;
  const pe::theorems::NtkProofs plain = pe::theorems::ntk_proofs(
      [](const GiNaC::ex& j, const GiNaC::ex& d, const GiNaC::ex& kappa) { return GiNaC::pow(kappa, -2 * j / d); });
  EXPECT_FALSE(plain.base_change.zero);
  EXPECT_TRUE(plain.plane0_unchanged.zero);  // kappa^0 = 1 either way
  EXPECT_FALSE(plain.slowest_divided_by_kappa.zero);
}

// Theorem 5 (iv)'s closed form through the routine thm5.sum_theta_squared calls: the harness's
// closed form passes; one with b^(-2/d) in place of b^(-4/d) (false: at d = 2, b = 10 it gives
// 0.99 / 0.9 = 1.1, where the sum is theta_0^2 = 1) is refused at the last step, the others
// still holding.
TEST(Theorem5Proofs, AClosedFormThatIsNotTheGeometricSumIsRefused) {
  const pe::MatrixIdentityProof& proved = pe::theorems::squared_frequency_sum_proof();
  EXPECT_TRUE(proved.zero) << proved.remainder;
  const pe::MatrixIdentityProof wrong = pe::theorems::squared_frequency_sum_proof(
      [](const GiNaC::ex& d, const GiNaC::ex& b) { return (1 - GiNaC::pow(b, -2)) / (1 - GiNaC::pow(b, -2 / d)); });
  EXPECT_FALSE(wrong.zero);
  int refused = 0;
  for (const pe::ProofStep& s : wrong.steps) refused += s.reach == pe::StepReach::failed;
  EXPECT_EQ(refused, 1);
  EXPECT_EQ(wrong.steps.back().reach, pe::StepReach::failed);
  EXPECT_DOUBLE_EQ(pe::sum_squared_frequencies(2, 10.0), 1.0);
  EXPECT_GT((1 - 1e-2) / (1 - 1e-1), 1.05);
}
