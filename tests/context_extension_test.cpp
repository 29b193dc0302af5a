// The context-extension readings (numerics/context_extension.hpp): domain checks, and YaRN's
// ramp two ways, Definition 5's (linear in the number of turns) and the YaRN authors'
// reference code's (linear in the plane index). The article's YaRN values are ledger claims
// (unit theorem5); the reference ramp is not the article's and is compared here.
#include "constants.hpp"
#include "expect_invalid.hpp"
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iostream>
#include <limits>

#include "clocks.hpp"
#include "context_extension.hpp"
#include "property_generators.hpp"

using pe::testing::expect_invalid;

using pe::ContextExtension;
using pe::testing::gen_base;
using pe::testing::gen_dimension;

namespace {
using pe::kEps;  // numerics/constants.hpp

}  // namespace

TEST(ContextExtension, RejectsKappaBelowOne) {
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::position_interpolation, 16, 1e4, 0.5, 32); }, "kappa = 0.5");
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::yarn, 16, 1e4, -2, 32); }, "kappa = -2");
  expect_invalid([] { pe::yarn_logit_scale(0.9); }, "kappa = 0.9");
  expect_invalid([] { pe::yarn_reference_read_time_map(16, 1e4, 0.25, 32); }, "kappa = 0.25");
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::ntk_aware, 16, 1e4, std::nan(""), 32); }, "kappa");
}

TEST(ContextExtension, RejectsOddOrNonPositiveDimension) {
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::ntk_aware, 15, 1e4, 2, 32); }, "d = 15");
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::none, 0, 1e4, 2, 32); }, "d = 0");
  expect_invalid([] { pe::yarn_reference_read_time_map(9, 1e4, 2, 32); }, "d = 9");
  expect_invalid([] { pe::sum_squared_frequencies(3, 1e4); }, "d = 3");
}

TEST(ContextExtension, RejectsBaseAtMostOne) {
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::yarn, 16, 1.0, 2, 32); }, "base = 1");
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::position_interpolation, 16, 0.5, 2, 32); }, "base = 0.5");
  expect_invalid([] { pe::chen_interpolation_constant(16, -3); }, "base = -3");
}

TEST(ContextExtension, RejectsTrainingLengthBelowOne) {
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::yarn, 16, 1e4, 2, 0.5); }, "training_length = 0.5");
  expect_invalid([] { pe::rope_read_time_map(ContextExtension::none, 16, 1e4, 2, 0); }, "training_length = 0");
  expect_invalid([] { pe::planes_completing_a_turn(16, 1e4, -1); }, "training_length = -1");
  expect_invalid([] { pe::yarn_correction_plane(32, 16, 1e4, 0.25); }, "training_length = 0.25");
}

TEST(ContextExtension, RejectsUnknownMapNames) {
  expect_invalid([] { pe::context_extension_from_string("yarn2"); }, "'yarn2'");
  expect_invalid([] { pe::context_extension_from_string(""); }, "valid: none, pi, ntk, yarn");
  for (ContextExtension m : {ContextExtension::none, ContextExtension::position_interpolation,
                             ContextExtension::ntk_aware, ContextExtension::yarn})
    EXPECT_EQ(pe::context_extension_from_string(pe::to_string(m)), m);
}

TEST(ContextExtension, RejectsBadYarnBetas) {
  expect_invalid([] { pe::yarn_correction_range(16, 1e4, 32, 1, 1); }, "beta_fast = 1");
  expect_invalid([] { pe::yarn_correction_range(16, 1e4, 32, 32, 0); }, "beta_slow = 0");
  expect_invalid([] { pe::yarn_correction_plane(0, 16, 1e4, 32); }, "turns = 0");
}

TEST(YarnRamps, Definition5WeightIsLinearInTurnsFromOneToThirtyTwo) {
  // gamma = 0 up to one turn, 1 from 32 turns, and linear in the turns between: 1/31 per turn.
  EXPECT_EQ(pe::yarn_extrapolation_weight(0.5), 0.0);
  EXPECT_EQ(pe::yarn_extrapolation_weight(1.0), 0.0);
  EXPECT_NEAR(pe::yarn_extrapolation_weight(2.0), 1.0 / 31, 1e-16);
  EXPECT_NEAR(pe::yarn_extrapolation_weight(16.5), 0.5, 1e-16);
  EXPECT_EQ(pe::yarn_extrapolation_weight(32.0), 1.0);
  EXPECT_EQ(pe::yarn_extrapolation_weight(1000.0), 1.0);
}

TEST(YarnRamps, ReferenceRangeAtTheArticleSetting) {
  // By hand from find_correction_dim: d = 16, L = 32, b = 10^4 gives the plane -1.596 at 32
  // turns (floor -2, clamped to 0) and 1.414 at one turn (ceil 2). The ramp (i - 0)/2 makes the
  // extrapolation weights 1, 1/2, 0, ..., and with kappa = 4 the factors 1, 5/8, 1/4, ...
  const pe::YarnCorrectionRange range = pe::yarn_correction_range(16, 1e4, 32);
  EXPECT_EQ(range.low, 0);
  EXPECT_EQ(range.high, 2);
  const pe::RopeReadTimeMap r = pe::yarn_reference_read_time_map(16, 1e4, 4, 32);
  EXPECT_DOUBLE_EQ(r.factors[0], 1.0);
  EXPECT_DOUBLE_EQ(r.factors[1], 0.625);
  for (int j = 2; j < 8; ++j) EXPECT_DOUBLE_EQ(r.factors[j], 0.25);
  // mscale multiplies cos and sin, so the score carries mscale^2: the same as Definition 5.
  EXPECT_DOUBLE_EQ(r.score_scale, pe::yarn_logit_scale(4));
}

TEST(YarnRamps, EveryEntryPointDefaultsToTheReferenceTurnsOneAndThirtyTwo) {
  // The defaults beta_fast = 32, beta_slow = 1 of all three entry points, pinned at the
  // article's setting where each default changes the answer: a beta_slow of 2 would put the
  // top of the ramp at plane ceil(0.812) = 1, not 2.
  const pe::YarnCorrectionRange explicit_range = pe::yarn_correction_range(16, 1e4, 32, 32, 1);
  const pe::YarnCorrectionRange defaults = pe::yarn_correction_range(16, 1e4, 32);
  EXPECT_EQ(defaults.low, explicit_range.low);
  EXPECT_EQ(defaults.high, explicit_range.high);
  EXPECT_EQ(pe::yarn_correction_range(16, 1e4, 32, 32, 2).high, 1);
  const std::vector<double> w = pe::yarn_reference_extrapolation_weights(16, 1e4, 32);
  ASSERT_EQ(w.size(), 8u);
  EXPECT_DOUBLE_EQ(w[0], 1.0);
  EXPECT_DOUBLE_EQ(w[1], 0.5);
  for (int j = 2; j < 8; ++j) EXPECT_DOUBLE_EQ(w[j], 0.0);
  EXPECT_EQ(w, pe::yarn_reference_extrapolation_weights(16, 1e4, 32, 32, 1));
  EXPECT_EQ(pe::yarn_reference_read_time_map(16, 1e4, 4, 32).factors,
            pe::yarn_reference_read_time_map(16, 1e4, 4, 32, 32, 1).factors);
}

TEST(YarnRamps, ReferenceRangeAtALargeModelSetting) {
  // d = 128, L = 2048, b = 10^4: planes 16.128 (32 turns) and 40.210 (one turn), by hand.
  const pe::YarnCorrectionRange range = pe::yarn_correction_range(128, 1e4, 2048);
  EXPECT_EQ(range.low, 16);
  EXPECT_EQ(range.high, 41);
  EXPECT_NEAR(pe::yarn_correction_plane(32, 128, 1e4, 2048), 16.128, 5e-4);
  EXPECT_NEAR(pe::yarn_correction_plane(1, 128, 1e4, 2048), 40.210, 5e-4);
}

TEST(YarnRamps, ReferenceEdgeCasesWhereTheRampsDisagreeAtTheEnds) {
  // The reference clamps low from below and high from above only, so outside its intended
  // range it departs from Definition 5 even on planes both mean to treat alike.
  // (1) L = 4 < 2 pi at d = 16, b = 10^4: plane(1 turn) = -0.392, ceil 0 = low, so high is
  // bumped to 0.001 and plane 0, which made 4/(2 pi) = 0.64 turns, is extrapolated.
  EXPECT_EQ(pe::yarn_correction_range(16, 1e4, 4).low, 0);
  EXPECT_EQ(pe::yarn_correction_range(16, 1e4, 4).high, 0);
  const auto bumped = pe::yarn_reference_extrapolation_weights(16, 1e4, 4);
  EXPECT_EQ(bumped[0], 1.0);
  for (int j = 1; j < 8; ++j) EXPECT_EQ(bumped[j], 0.0);
  EXPECT_EQ(pe::yarn_extrapolation_weight(4 / (2 * M_PI)), 0.0);
  // (2) L = 1: plane(1 turn) = -1.596, high = ceil = -1 below low = 0; (i - 0)/(-1) <= 0 clamps
  // to 0 and every plane is extrapolated, though none turned once.
  EXPECT_EQ(pe::yarn_correction_range(16, 1e4, 1).high, -1);
  for (double w : pe::yarn_reference_extrapolation_weights(16, 1e4, 1)) EXPECT_EQ(w, 1.0);
  // (3) b = 2, d = 8, L = 4096: every plane turned at least 4096/(2 pi 2^(6/8)) = 388 times,
  // so Definition 5 extrapolates them all; plane(32 turns) = 8 ln(4096/(64 pi))/(2 ln 2) = 17.4,
  // low = 17 > high = d - 1 = 7, and (i - 17)/(7 - 17) >= 1 interpolates them all.
  EXPECT_EQ(pe::yarn_correction_range(8, 2, 4096).low, 17);
  EXPECT_EQ(pe::yarn_correction_range(8, 2, 4096).high, 7);
  for (double w : pe::yarn_reference_extrapolation_weights(8, 2, 4096)) EXPECT_EQ(w, 0.0);
  for (const auto& row : pe::yarn_ramp_comparison(8, 2, 4, 4096)) EXPECT_EQ(row.article_weight, 1.0);
}

RC_GTEST_PROP(YarnRamps, BothRampsAgreeOutsideTheirTransition, ()) {
  // Planes that turned at least 32 times are extrapolated (factor 1) and planes that turned at
  // most once are interpolated (factor 1/kappa) by both definitions; in between both factors lie
  // in [1/kappa, 1] and neither rises with the plane index. This holds for the reference code
  // where its correction range is meaningful: plane 0 turned more than once (L > 2 pi) and the
  // plane at 32 turns lies below d (see ReferenceEdgeCases... for what happens otherwise).
  const int d = gen_dimension(64);
  const double b = gen_base();
  const double kappa = 1 + *rc::gen::inRange(0, 20000) / 1000.0;
  const double length = double(*rc::gen::inRange(7, 100000));
  RC_PRE(pe::yarn_correction_plane(32, d, b, length) < d);
  const pe::RopeReadTimeMap article = pe::rope_read_time_map(ContextExtension::yarn, d, b, kappa, length);
  const pe::RopeReadTimeMap reference = pe::yarn_reference_read_time_map(d, b, kappa, length);
  const auto lambda = pe::wavelengths(d, b);
  for (std::size_t j = 0; j < lambda.size(); ++j) {
    const double turns = length / lambda[j];
    for (const pe::RopeReadTimeMap* r : {&article, &reference}) {
      if (turns >= 32) RC_ASSERT(std::fabs(r->factors[j] - 1) <= 4 * kEps);
      if (turns <= 1) RC_ASSERT(std::fabs(r->factors[j] - 1 / kappa) <= 4 * kEps);
      RC_ASSERT(r->factors[j] >= 1 / kappa - 4 * kEps);
      RC_ASSERT(r->factors[j] <= 1 + 4 * kEps);
      if (j > 0) RC_ASSERT(r->factors[j] <= r->factors[j - 1] + 4 * kEps);
    }
  }
  RC_ASSERT(article.score_scale == reference.score_scale);
}

TEST(YarnRamps, ComparisonTables) {
  // Printed for the docs and the report; the assertions pin what the table must show.
  for (const auto& setting : {std::array<double, 4>{16, 1e4, 4, 32}, std::array<double, 4>{128, 1e4, 10, 2048}}) {
    const int d = static_cast<int>(setting[0]);
    const auto rows = pe::yarn_ramp_comparison(d, setting[1], setting[2], setting[3]);
    std::cout << "YaRN ramps at d = " << d << ", b = " << setting[1] << ", kappa = " << setting[2]
              << ", L = " << setting[3] << ":\n" << pe::yarn_ramp_table(rows) << "\n";
    ASSERT_EQ(rows.size(), std::size_t(d / 2));
    double largest = 0;
    for (const auto& r : rows) {
      largest = std::max(largest, std::fabs(r.reference_factor - r.article_factor));
      EXPECT_NEAR(r.turns, setting[3] / (2 * M_PI) * std::pow(setting[1], -2.0 * r.plane / d), 1e-9 * r.turns);
    }
    std::cout << "largest |reference - Definition 5| factor gap: " << largest << "\n";
    EXPECT_GT(largest, 0.1);  // the two definitions differ visibly at both settings
  }
}
