// The experiment statistics' values pinned on cases small enough to work by hand: every expected
// number below is worked out in the comment beside it from the definitions in theorems/lab/lab.hpp
// (and the sweep file's format in theorems/report/sweep.cpp), never read off the code's output.
// Each tolerance of 1e-12 or 1e-15 absorbs only the rounding of decimal inputs into binary.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "lab.hpp"
#include "ledger.hpp"
#include "result_cache.hpp"
#include "sweep.hpp"

namespace lab = pe::theorems::lab;
using pe::ledger::Verdict;

namespace {
/// Seed values with no degenerate head (unity builds share one anonymous namespace: the name is
/// this file's own).
lab::SeedValues hand_seeds(std::vector<double> values) {
  lab::SeedValues s;
  s.degenerate.assign(values.size(), "");
  s.values = std::move(values);
  return s;
}
}  // namespace

// ---- One set of seeds ------------------------------------------------------------------

TEST(LabStatistics, SeedValuesMeanVarianceAndHeadlineSeeds) {
  // 0.5, 0.25, 0.75, 1, 0: mean 2.5 / 5 = 0.5; squared deviations 0, 1/16, 1/16, 1/4, 1/4 sum to
  // 5/8, over N - 1 = 4: 5/32 = 0.15625. Headline seeds 0..2: 0.5, 0.25, 0.75, mean 0.5.
  const lab::SeedValues v = hand_seeds({0.5, 0.25, 0.75, 1, 0});
  EXPECT_EQ(v.seeds(), 5);
  EXPECT_DOUBLE_EQ(v.mean(), 0.5);
  EXPECT_DOUBLE_EQ(v.between_seed_variance(), 0.15625);
  EXPECT_EQ(v.headline(), (std::vector<double>{0.5, 0.25, 0.75}));
  EXPECT_DOUBLE_EQ(v.headline_mean(), 0.5);
  // The headline mean reads seeds 0..2 only: 0.2, 0.4, 0.6 of 0.2, 0.4, 0.6, 10 is 0.4.
  EXPECT_NEAR(hand_seeds({0.2, 0.4, 0.6, 10}).headline_mean(), 0.4, 1e-15);
  // One seed has no spread; two seeds are fewer than the headline's three.
  EXPECT_EQ(hand_seeds({0.7}).between_seed_variance(), 0);
  EXPECT_THROW(hand_seeds({0.1, 0.2}).headline(), std::invalid_argument);
  EXPECT_THROW(lab::mean({}), std::invalid_argument);
}

TEST(LabStatistics, DescribeCountsTheDegenerateHeadsAndNamesThem) {
  // sd = sqrt(5/32) = 0.39528..., printed to four places 0.3953; seeds 1 and 3 degenerate: one of
  // them among the headline seeds 0..2 (seed 3 is the first past them), two of all five.
  lab::SeedValues v = hand_seeds({0.5, 0.25, 0.75, 1, 0});
  v.degenerate[1] = v.degenerate[3] = "reads at chance";
  EXPECT_EQ(v.describe(),
            "headline seeds 0-2: mean 0.5000 (0.5000, 0.2500, 0.7500); all 5 seeds: mean 0.5000, sd 0.3953, "
            "range 0.0000 to 1.0000; degenerate heads: 1 of 3 headline seeds, 2 of 5 (seed 1: reads at chance, "
            "seed 3: reads at chance)");
}

// A note lists its per-seed values with comma_list: every value, in seed order, each as
// ledger::format prints it (%.10g: 0.5, 0.25, 1).
TEST(LabStatistics, ANotesListOfPerSeedValuesHasEverySeed) {
  EXPECT_EQ(lab::comma_list({0.5, 0.25, 1}), "0.5, 0.25, 1");
  EXPECT_EQ(lab::comma_list({0.125}), "0.125");
  EXPECT_EQ(lab::comma_list({}), "");
}

// ---- Differences and standard errors ---------------------------------------------------

TEST(LabStatistics, PairedBySeedDifferenceAndItsError) {
  // a - b per seed: 0.3, 0.2, 0.1: mean 0.2, s_d^2 = (0.01 + 0 + 0.01) / 2 = 0.01, over N = 3.
  // The binomial terms at the two means on n = 100 items: 0.8 x 0.2 / 100 = 0.0016 and
  // 0.6 x 0.4 / 100 = 0.0024.
  const lab::SeedDifference d = lab::seed_difference(hand_seeds({0.9, 0.8, 0.7}), hand_seeds({0.6, 0.6, 0.6}), 100);
  EXPECT_NEAR(d.mean, 0.2, 1e-15);
  EXPECT_NEAR(d.se, std::sqrt(0.01 / 3 + 0.0016 + 0.0024), 1e-15);
  EXPECT_EQ(d.seeds, 3);
}

TEST(LabStatistics, StandardErrorOfTheAllSeedMeanAndAnExactReaderAgainstIt) {
  // 0.4, 0.6: mean 0.5, s^2 = 0.02, s^2 / N = 0.01; binomial 0.5 x 0.5 / 100 = 0.0025.
  const lab::SeedValues v = hand_seeds({0.4, 0.6});
  EXPECT_NEAR(lab::se_of_mean(v, 100), std::sqrt(0.0125), 1e-15);
  // An exact reader at 0.7: 0.7 - 0.5 = 0.2, the mean's error alone.
  const lab::SeedDifference d = lab::exact_minus(0.7, v, 100);
  EXPECT_NEAR(d.mean, 0.2, 1e-15);
  EXPECT_NEAR(d.se, std::sqrt(0.0125), 1e-15);
  EXPECT_EQ(d.seeds, 2);
}

TEST(LabStatistics, UnpairedDifferenceFromTwoSeedsASide) {
  // 1, 3 against 0, 2: means 2 and 1; s^2 = 2 on each side, so se = sqrt(2/2 + 2/2) = sqrt(2).
  // Two seeds a side are the fewest with a spread.
  const lab::SeedDifference d = lab::unpaired_difference(hand_seeds({1, 3}), hand_seeds({0, 2}));
  EXPECT_DOUBLE_EQ(d.mean, 1);
  EXPECT_DOUBLE_EQ(d.se, std::sqrt(2.0));
  EXPECT_EQ(d.seeds, 2);
}

TEST(LabStatistics, PairedDifferenceOverItems) {
  // Items' differences 1, 0, 1, 0: mean 0.5; squared deviations 4 x 1/4 = 1 over n - 1 = 3;
  // se = sqrt(1/3 / 4) = sqrt(1/12).
  const lab::PairedDifference d = lab::paired_difference({1, 1, 1, 0}, {0, 1, 0, 0});
  EXPECT_DOUBLE_EQ(d.mean, 0.5);
  EXPECT_NEAR(d.se, std::sqrt(1.0 / 12), 1e-15);
  // One item has no spread to estimate.
  EXPECT_THROW(lab::paired_difference({1}, {0}), std::invalid_argument);
}

// ---- Effects ---------------------------------------------------------------------------

TEST(LabStatistics, EffectsStampTheWeakestPartAndTheWidestResolution) {
  // 0.2 against 3 x 0.05 = 0.15 (margin 0.05) and 0.5 against 3 x 0.01 = 0.03 (margin 0.47):
  // both hold; the first is the weakest, the resolution the larger 3 se, 0.15; seeds the most.
  lab::Effects e;
  e.require("first", lab::SeedDifference{0.2, 0.05, 4});
  e.require("second", lab::SeedDifference{0.5, 0.01, 20});
  const auto o = e.shape("c", "");
  EXPECT_EQ(o.verdict, Verdict::holds);
  EXPECT_NEAR(o.resolution, 0.15, 1e-15);
  EXPECT_DOUBLE_EQ(o.estimate, 0.2);
  EXPECT_DOUBLE_EQ(o.estimate_se, 0.05);
  EXPECT_EQ(o.seeds, 20);
  EXPECT_NE(o.detail.find("first 0.2 > 3 se 0.15; second 0.5 > 3 se 0.03"), std::string::npos) << o.detail;
  // Exactly 3 se (0.75 against 3 x 0.25, both exact in binary) is not beyond it, nor 3 se the
  // other way: not found, not ruled out.
  lab::Effects edge;
  edge.require("edge", lab::SeedDifference{0.75, 0.25, 3});
  const auto at = edge.statistical("c", "");
  EXPECT_EQ(at.verdict, Verdict::fails);
  EXPECT_FALSE(at.inconclusive.empty());
  EXPECT_EQ(at.rule, pe::ledger::Rule::statistical);
  // The detail says so as the verdict does: 0.75 is not beyond 0.75.
  EXPECT_NE(at.detail.find("edge 0.75 <= 3 se 0.75"), std::string::npos) << at.detail;
}

// The weakest part is the one nearest to failing, its difference minus its 3 se, not the
// smallest difference: 1.0 against 3 x 0.1 leaves 0.7, 1.2 against 3 x 0.5 leaves -0.3, so the
// second part, though the larger difference, is the outcome's estimate (and the effect fails).
TEST(LabStatistics, TheWeakestPartIsTheSmallestMarginBeyondThreeSe) {
  lab::Effects e;
  e.require("steady", lab::SeedDifference{1.0, 0.1, 20});
  e.require("noisy", lab::SeedDifference{1.2, 0.5, 20});
  const auto o = e.statistical("c", "");
  EXPECT_EQ(o.verdict, Verdict::fails);
  EXPECT_DOUBLE_EQ(o.estimate, 1.2);
  EXPECT_DOUBLE_EQ(o.estimate_se, 0.5);
}

// The acceptance band's share of its quantity's range counts the whole band, twice its
// half-width: a score of 10 on the scale -10 .. 10 (20 wide) give or take 6 covers 12/20 = 0.6,
// more than kInconclusiveShare (1/2); give or take 5 covers exactly 1/2, which still decides.
TEST(LabStatistics, ABandsShareIsItsFullWidthOverTheRange) {
  const auto held = pe::ledger::bound(true, "x", "y");
  const pe::ledger::QuantityScale score = pe::ledger::signed_scale(10, "score");
  const auto wide = pe::ledger::with_band(held, 10, 6, score);
  EXPECT_NE(wide.inconclusive.find("covers 0.6 of"), std::string::npos) << wide.inconclusive;
  EXPECT_EQ(wide.resolution, 6);
  EXPECT_TRUE(pe::ledger::with_band(held, 10, 5, score).inconclusive.empty());
}

// ---- The article's printed mean of three seeds -----------------------------------------

TEST(LabStatistics, AgainstArticleSeTermsByHand) {
  // 0.4, 0.6, 0.4, 0.6: mean 0.5, s^2 = 4 x 0.01 / 3 = 0.04/3. se^2 = s^2/4 (ours, N = 4)
  // + s^2/3 (the article's three seeds) + 0.5 x 0.5 / 100 (ours) + p_a (1 - p_a) / n_a.
  const lab::SeedValues v = hand_seeds({0.4, 0.6, 0.4, 0.6});
  const double ours = 0.01 / 3, theirs = 0.04 / 9;
  EXPECT_NEAR(lab::se_against_article(pe::ledger::PrintedValue::of("0.50"), v, 100, 100), std::sqrt(ours + theirs + 0.0025 + 0.0025), 1e-15);
  // The article's binomial term is at its printed value on its own n_a: 0.9 x 0.1 / 400.
  EXPECT_NEAR(lab::se_against_article(pe::ledger::PrintedValue::of("0.90"), v, 100, 400), std::sqrt(ours + theirs + 0.0025 + 0.000225), 1e-15);
  const double se = std::sqrt(ours + theirs + 0.005);  // about 0.113
  const auto at = lab::against_article(pe::ledger::PrintedValue::of("0.50"), v, 100, 100, 8);
  EXPECT_EQ(at.verdict, Verdict::holds) << at.detail;
  EXPECT_EQ(at.computed, "0.5");
  EXPECT_EQ(at.seeds, 4);
  // The band: 3 se + half a printed unit (0.005).
  EXPECT_NEAR(at.resolution, 3 * se + 0.005, 1e-15);
  // The estimate's own error: sqrt(s^2/4 + 0.0025).
  EXPECT_DOUBLE_EQ(at.estimate, 0.5);
  EXPECT_NEAR(at.estimate_se, std::sqrt(ours + 0.0025), 1e-15);
  // s / sqrt(3) = 0.2/3 = 0.067 exceeds half a unit of 0.50: overprecise; equal seeds are not.
  EXPECT_TRUE(at.overprecise);
  EXPECT_FALSE(lab::against_article(pe::ledger::PrintedValue::of("0.50"), hand_seeds({0.5, 0.5, 0.5, 0.5}), 100, 100, 8).overprecise);
  // 0.5 against a printed 0.90: |0.4| > 3 x sqrt(ours + theirs + 0.0025 + 0.0009) + 0.005 = 0.32.
  EXPECT_EQ(lab::against_article(pe::ledger::PrintedValue::of("0.90"), v, 100, 100, 8).verdict, Verdict::fails);
}

TEST(LabStatistics, ReachesArticleFloorAndBandByHand) {
  // Twenty seeds at 0.5: s^2 = 0, so se^2 = 0.5 x 0.5 / n + p_a (1 - p_a) / n with n the test
  // sets' size on both sides; the floor is printed - half a unit - 3 se.
  const long n = lab::test_sequences();
  const lab::SeedValues v = hand_seeds(std::vector<double>(20, 0.5));
  double band = 0;
  std::string detail;
  EXPECT_TRUE(lab::reaches_article(pe::ledger::PrintedValue::of("0.50"), v, &detail, &band));
  EXPECT_NEAR(band, 0.005 + 3 * std::sqrt(0.5 / n), 1e-15);
  // Printed 0.60: se^2 = (0.25 + 0.24) / n; 0.5 is below 0.6 - 0.005 - 3 se once n exceeds 489
  // (0.095 > 3 sqrt(0.49 / n)).
  const double floor = 0.6 - 0.005 - 3 * std::sqrt(0.49 / n);
  ASSERT_GT(floor, 0.5);
  double wider = 1;  // a band already wider is kept
  EXPECT_FALSE(lab::reaches_article(pe::ledger::PrintedValue::of("0.60"), v, &detail, &wider));
  EXPECT_EQ(wider, 1);
  EXPECT_NE(detail.find("all-seed mean 0.5 < " + pe::ledger::format(floor)), std::string::npos) << detail;
}

// ---- A statement about seeds, judged by its rate ---------------------------------------

TEST(LabStatistics, TypicalOfSeedsRateAndItsBinomialResolution) {
  // Seeds 0, 1, 3 of 4 show it: rate 3/4 >= 1/2 holds. 3 binomial se at the threshold:
  // 3 sqrt(0.5 x 0.5 / 4) = 0.75, and |0.75 - 0.5| <= 0.75: inconclusive. The estimate's own
  // se at the rate: sqrt(0.75 x 0.25 / 4).
  const auto three = lab::typical_of_seeds({true, true, false, true}, "c", "d");
  EXPECT_EQ(three.verdict, Verdict::holds);
  EXPECT_EQ(three.rule, pe::ledger::Rule::statistical);
  EXPECT_EQ(three.computed, "3 of 4 seeds; c");
  EXPECT_NE(three.detail.find("seeds showing it: 0 1 3; d"), std::string::npos) << three.detail;
  EXPECT_DOUBLE_EQ(three.resolution, 0.75);
  EXPECT_FALSE(three.inconclusive.empty());
  EXPECT_DOUBLE_EQ(three.estimate, 0.75);
  EXPECT_NEAR(three.estimate_se, std::sqrt(0.75 * 0.25 / 4), 1e-15);
  EXPECT_EQ(three.seeds, 4);
  // Exactly half (2 of 4) is at least kTypicalRate: holds.
  EXPECT_EQ(lab::typical_of_seeds({false, true, false, true}, "", "").verdict, Verdict::holds);
  // 30 of 36: rate 5/6, 3 se = 3 sqrt(0.25 / 36) = 0.25 < 5/6 - 1/2: decided.
  std::vector<bool> thirty(36, false);
  for (int k = 0; k < 30; ++k) thirty[k] = true;
  const auto decided = lab::typical_of_seeds(thirty, "", "");
  EXPECT_EQ(decided.verdict, Verdict::holds);
  EXPECT_NEAR(decided.resolution, 0.25, 1e-15);
  EXPECT_TRUE(decided.inconclusive.empty()) << decided.inconclusive;
  // 1 of 4: rate 0.25 < 0.5 fails, and the only seed showing it is seed 0.
  const auto one = lab::typical_of_seeds({true, false, false, false}, "", "");
  EXPECT_EQ(one.verdict, Verdict::fails);
  EXPECT_NE(one.detail.find("seeds showing it: 0;"), std::string::npos) << one.detail;
}

// ---- Statistics of three seeds over every three of the runs' seeds ---------------------
// The interval's ends are the 0.00135 and 0.99865 quantiles of the sorted values, interpolated
// linearly between neighbours: with m values, at positions 0.00135 (m - 1) and 0.99865 (m - 1).

TEST(LabStatistics, LowestOfThreeReadsEveryTripleOfSeeds) {
  // Seeds 0.25, 0.5, 0.75, 1: the four triples' lowest values are 0.25 (three triples hold seed
  // 0) and 0.5 (seeds 1-3). Sorted 0.25, 0.25, 0.25, 0.5; positions 0.00405 and 2.99595: ends
  // 0.25 and 0.25 x 0.00405 + 0.5 x 0.99595 = 0.4989875. Printed 0.25 +/- 0.005 meets it; the
  // band is half the interval plus half a unit: 0.12449375 + 0.005.
  const lab::SeedValues v = hand_seeds({0.25, 0.5, 0.75, 1});
  const auto low = lab::extreme_of_three(pe::ledger::PrintedValue::of("0.25"), v, true);
  EXPECT_EQ(low.verdict, Verdict::holds) << low.detail;
  EXPECT_NE(low.detail.find("[0.25, 0.4989875]"), std::string::npos) << low.detail;
  EXPECT_NEAR(low.resolution, 0.12949375, 1e-12);
  EXPECT_EQ(low.computed, "0.25");  // the lowest of headline seeds 0..2
  EXPECT_EQ(low.seeds, 4);
  // A printed 0.20 lies below the interval: 0.205 < 0.25.
  EXPECT_EQ(lab::extreme_of_three(pe::ledger::PrintedValue::of("0.20"), v, true).verdict, Verdict::fails);
}

TEST(LabStatistics, HighestOfThreeReadsEveryTripleOfSeeds) {
  // The same seeds' highest of three: 0.75 (seeds 0-2) and 1 (three triples hold seed 3).
  // Sorted 0.75, 1, 1, 1: ends 0.75 x 0.99595 + 1 x 0.00405 = 0.7510125 and 1.
  const lab::SeedValues v = hand_seeds({0.25, 0.5, 0.75, 1});
  const auto high = lab::extreme_of_three(pe::ledger::PrintedValue::of("1.00"), v, false);
  EXPECT_EQ(high.verdict, Verdict::holds) << high.detail;
  EXPECT_NE(high.detail.find("[0.7510125, 1]"), std::string::npos) << high.detail;
  EXPECT_NEAR(high.resolution, 0.12449375 + 0.005, 1e-12);
  EXPECT_EQ(high.computed, "0.75");  // the highest of headline seeds 0..2
  // A printed 0.70: 0.705 < 0.7510125.
  EXPECT_EQ(lab::extreme_of_three(pe::ledger::PrintedValue::of("0.70"), v, false).verdict, Verdict::fails);
}

TEST(LabStatistics, OneDivingSeedOfTwentyReachesTheLowestOfThree) {
  // Seed 0 dives to 0, seeds 1..19 read 0.5. Of the C(20, 3) = 1140 triples, C(19, 2) = 171 hold
  // seed 0 and have lowest 0: sorted, positions 0.00135 x 1139 = 1.54 and 0.99865 x 1139 = 1137.5
  // fall among the 0s and the 0.5s: the interval is [0, 0.5], and a printed 0.00 meets it.
  std::vector<double> values(20, 0.5);
  values[0] = 0;
  const auto dive = lab::extreme_of_three(pe::ledger::PrintedValue::of("0.00"), hand_seeds(values), true);
  EXPECT_EQ(dive.verdict, Verdict::holds) << dive.detail;
  EXPECT_NE(dive.detail.find("[0, 0.5]"), std::string::npos) << dive.detail;
  // The same seed read as the highest: every triple's highest is 0.5, the interval [0.5, 0.5].
  EXPECT_NE(lab::extreme_of_three(pe::ledger::PrintedValue::of("0.50"), hand_seeds(values), false).detail.find("[0.5, 0.5]"), std::string::npos);
}

// The band is centred on the interval's middle. Seeds 0.1, 0.2, 0.3, 0.4 near chance (1/8 for 8
// answers): the lowest of three is 0.1 in three triples and 0.2 in one, so the interval is
// [0.1, 0.1 x 0.00405 + 0.2 x 0.99595] = [0.1, 0.199595], its middle 0.1497975 and the band
// 0.0497975 + 0.005 either side: from 0.095 to 0.2046, reaching chance, so a guessing head
// would pass. A band centred higher (at 0.3, the ends' sum) would miss it.
TEST(LabStatistics, AnExtremesBandIsCentredOnItsIntervalAndMayReachChance) {
  const auto near_chance = lab::extreme_of_three(pe::ledger::PrintedValue::of("0.10"), hand_seeds({0.1, 0.2, 0.3, 0.4}), true);
  EXPECT_EQ(near_chance.verdict, Verdict::holds) << near_chance.detail;
  EXPECT_NEAR(near_chance.resolution, 0.0547975, 1e-12);
  EXPECT_NE(near_chance.inconclusive.find("0.1497975 +/- 0.0547975 reaches 0.125"), std::string::npos)
      << near_chance.inconclusive;
}

// The same for the range: seeds 0.5, 0.5, 0.5, 0.52 give ranges 0 (seeds 0-2) and 0.02 (the
// other three triples): interval [0.02 x 0.00405, 0.02] = [0.000081, 0.02], middle 0.0100405,
// band (0.02 - 0.000081) / 2 + 0.005 + 0.005 = 0.0199595 either side, reaching 0 (no spread).
TEST(LabStatistics, ARangesBandIsCentredOnItsIntervalAndMayReachNoSpread) {
  const auto still = lab::range_of_three(pe::ledger::PrintedRange::of("0.50 to 0.52"), hand_seeds({0.5, 0.5, 0.5, 0.52}));
  EXPECT_EQ(still.verdict, Verdict::holds) << still.detail;
  EXPECT_NEAR(still.resolution, 0.0199595, 1e-12);
  EXPECT_NE(still.inconclusive.find("0.0100405 +/- 0.0199595 reaches 0"), std::string::npos) << still.inconclusive;
}

TEST(LabStatistics, RangeOfThreeReadsEveryTripleOfSeeds) {
  // Seeds 0, 0.25, 0.5, 1: the triples' ranges are 0.5 (seeds 0-2), 1, 1 and 0.75 (seeds 1-3).
  // Sorted 0.5, 0.75, 1, 1: ends 0.5 x 0.99595 + 0.75 x 0.00405 = 0.5010125 and 1. The printed
  // range 0.50 - 0.00 = 0.5, give or take 0.005 + 0.005, meets it; the band is
  // (1 - 0.5010125) / 2 + 0.01 = 0.25949375.
  const lab::SeedValues v = hand_seeds({0, 0.25, 0.5, 1});
  const auto range = lab::range_of_three(pe::ledger::PrintedRange::of("0.00 to 0.50"), v);
  EXPECT_EQ(range.verdict, Verdict::holds) << range.detail;
  EXPECT_NE(range.detail.find("[0.5010125, 1]"), std::string::npos) << range.detail;
  EXPECT_NEAR(range.resolution, 0.25949375, 1e-12);
  EXPECT_EQ(range.computed, "0.5");  // headline seeds 0, 0.25, 0.5
  EXPECT_EQ(range.seeds, 4);
  // A printed range of 0.30 - 0.10 = 0.2 (+0.01) falls short of 0.5010125.
  EXPECT_EQ(lab::range_of_three(pe::ledger::PrintedRange::of("0.10 to 0.30"), v).verdict, Verdict::fails);
  EXPECT_THROW(lab::range_of_three(pe::ledger::PrintedRange::of("0.00 to 0.50"), hand_seeds({0.1, 0.2})), std::invalid_argument);
}

// A printed value meets the interval when its half-unit band touches it, ends included. Exact
// in binary: seeds 0, 0, 4, 4 give every triple the range 4 (interval [4, 4]); a printed range
// from 0 to 3 (3, give or take 0.5 + 0.5) reaches up to 4, one from 0 to 5 down to 4. Seeds all
// 1.5 give the lowest and highest of three 1.5; printed 1 (+ 0.5) and 2 (- 0.5) touch it.
TEST(LabStatistics, APrintedValueTouchingTheIntervalMeetsIt) {
  const lab::SeedValues spread = hand_seeds({0, 0, 4, 4});
  EXPECT_EQ(lab::range_of_three(pe::ledger::PrintedRange::of("0 to 3"), spread).verdict, Verdict::holds);
  EXPECT_EQ(lab::range_of_three(pe::ledger::PrintedRange::of("0 to 5"), spread).verdict, Verdict::holds);
  EXPECT_EQ(lab::range_of_three(pe::ledger::PrintedRange::of("0 to 2"), spread).verdict, Verdict::fails);
  const lab::SeedValues level = hand_seeds({1.5, 1.5, 1.5, 1.5});
  for (const bool lowest : {true, false}) {
    EXPECT_EQ(lab::extreme_of_three(pe::ledger::PrintedValue::of("1"), level, lowest).verdict, Verdict::holds);
    EXPECT_EQ(lab::extreme_of_three(pe::ledger::PrintedValue::of("2"), level, lowest).verdict, Verdict::holds);
    EXPECT_EQ(lab::extreme_of_three(pe::ledger::PrintedValue::of("3"), level, lowest).verdict, Verdict::fails);
  }
}

// ---- The sweep's file --------------------------------------------------------------------

// A sweep of one reading, one setting and one claim: its text is the format written out by hand
// (a setting's missing cache key and a reading's missing rule-out are "-"), and the file written
// as pe_sweep writes it reads back as it was.
TEST(LabStatistics, ASweepFileWithOneReadingReadsBack) {
  pe::report::SweepResult r;
  r.readings = {{"shared_row+force_mark", "a", "b"}};
  r.settings = {{"shared_row+force_mark", "a", true, false, 20, 5, "t1", ""}};
  r.claims["only.claim"] = {pe::ledger::kTournamentRuns, "h", "f", {{0.875, 0.0125, 0.04, true}}};
  const std::string text = pe::report::serialise(r);
  EXPECT_EQ(text,
            "pe-sweep 4\n"
            "readings 1\n"
            "reading shared_row+force_mark a b - \n"
            "settings 1\n"
            "setting shared_row+force_mark a 1 0 20 5 t1 -\n"
            "claims 1\n"
            "claim only.claim 1 f h 0.875:0.0125:0.04:u\n"
            "end\n");
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "pe-lab-statistics-sweep";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "sweep.txt").string();
  pe::experiments::write_sealed(path, text);
  const std::optional<std::string> body = pe::experiments::read_sealed(path);
  ASSERT_TRUE(body.has_value());
  pe::report::SweepResult back;
  ASSERT_TRUE(pe::report::parse(*body, back));
  std::filesystem::remove_all(dir);
  ASSERT_EQ(back.readings.size(), 1u);
  EXPECT_EQ(back.readings[0].id, "shared_row+force_mark");
  EXPECT_EQ(back.readings[0].tournament_recipe, "a");
  EXPECT_EQ(back.readings[0].filings_recipe, "b");
  EXPECT_EQ(back.readings[0].ruled_out_by, "");
  ASSERT_EQ(back.settings.size(), 1u);
  EXPECT_TRUE(back.settings[0].plausible_tournament);
  EXPECT_FALSE(back.settings[0].plausible_filings);
  EXPECT_EQ(back.settings[0].tournament_seeds, 20);
  EXPECT_EQ(back.settings[0].filings_seeds, 5);
  EXPECT_EQ(back.settings[0].tournament_key, "t1");
  EXPECT_EQ(back.settings[0].filings_key, "");
  ASSERT_EQ(back.claims.count("only.claim"), 1u);
  const pe::report::SweptClaim& c = back.claims.at("only.claim");
  EXPECT_EQ(c.families, pe::ledger::kTournamentRuns);
  EXPECT_EQ(c.letters, "h");
  EXPECT_EQ(c.readings, "f");
  ASSERT_EQ(c.estimates.size(), 1u);
  EXPECT_EQ(c.estimates[0].value, 0.875);
  EXPECT_EQ(c.estimates[0].se, 0.0125);
  EXPECT_EQ(c.estimates[0].band, 0.04);
  EXPECT_TRUE(c.estimates[0].undecided);
  // An estimate's error must be a number and nothing more.
  std::string trailing = text;
  trailing.replace(trailing.find("0.875:0.0125"), 12, "0.875:0.0125x");
  EXPECT_FALSE(pe::report::parse(trailing, back));
  // Its one plausible setting holds: a share of 1 of 1.
  EXPECT_EQ(back.shares("only.claim").held, 1);
  EXPECT_DOUBLE_EQ(back.shares("only.claim").share(), 1.0);
}

// Without a sweep file the report marks each experiment claim "not swept" and every other claim
// "exact", and says why an uncertified experiment claim cannot be certified; an exact claim's
// certification is its own, whatever it says.
TEST(LabStatistics, WithoutASweepFileOnlyExperimentClaimsAreMarkedUncertifiable) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "pe-lab-statistics-no-sweep";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const pe::report::ReportAnnotations a = pe::report::report_annotations(dir.string());
  std::filesystem::remove_all(dir);
  pe::ledger::Record exact;
  exact.id = "exp.sinusoidal.defect.article_values_random_like";  // reads no runs
  exact.certified = "false";
  exact.certification = "its own reason";
  a.annotate(exact);
  EXPECT_EQ(exact.reproduction, "exact");
  EXPECT_EQ(exact.certification, "its own reason");
  pe::ledger::Record experiment;
  experiment.id = "exp.tournament.none.L32";  // reads the tournament runs
  experiment.certified = "false";
  a.annotate(experiment);
  EXPECT_EQ(experiment.reproduction, "not swept");
  EXPECT_NE(experiment.certification.find("not certifiable as the article's value"), std::string::npos)
      << experiment.certification;
}

// The class thresholds at their edges, one reading of four plausible settings: holding in 1 of
// 4 is a share of exactly kSubstantialShare (1/4), enough for "setting-dependent" where the
// selected recipe fails; holding in 2 of 4 is exactly kMostShare (1/2), not more than it, so
// "fragile" where it holds.
TEST(LabStatistics, ClassThresholdsAtTheirEdges) {
  pe::report::SweepResult r;
  r.readings = {{"one", "a", "a"}};
  for (const char* recipe : {"a", "b", "c", "d"}) r.settings.push_back({"one", recipe, true, true, 20, 20});
  r.claims["quarter"] = {pe::ledger::kTournamentRuns, "hfff", "f"};
  r.claims["half"] = {pe::ledger::kTournamentRuns, "hhff", "h"};
  ASSERT_DOUBLE_EQ(r.shares("quarter").share(), 0.25);
  ASSERT_DOUBLE_EQ(r.shares("half").share(), 0.5);
  EXPECT_EQ(pe::report::experiment_class(r, "quarter", "fails", ""), "setting-dependent");
  EXPECT_EQ(pe::report::experiment_class(r, "half", "holds", ""), "fragile");
}

// The reader refuses what pe_sweep never writes: no readings, a misspelt header, a reading ruled
// out without its reason or a reason with no ruling claim, a plausibility flag other than 0 or
// 1, a negative seed count. A reading ruled out with its reason reads back.
TEST(LabStatistics, ASweepFileOutsideItsFormatIsRefused) {
  pe::report::SweepResult r;
  r.readings = {{"one", "a", "b"}};
  r.settings = {{"one", "a", true, false, 20, 5, "t1", ""}};
  r.claims["only.claim"] = {pe::ledger::kTournamentRuns, "h", "f", {{0.875, 0.0125}}};
  const std::string text = pe::report::serialise(r);
  auto with = [&text](const std::string& from, const std::string& to) {
    std::string changed = text;
    const std::size_t at = changed.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? changed : changed.replace(at, from.size(), to);
  };
  pe::report::SweepResult back;
  ASSERT_TRUE(pe::report::parse(text, back));
  const std::string ruled_out = with("reading one a b - \n", "reading one a b other.claim its printed values\n");
  ASSERT_TRUE(pe::report::parse(ruled_out, back));
  EXPECT_EQ(back.readings[0].ruled_out_by, "other.claim");
  EXPECT_EQ(back.readings[0].ruled_out_because, "its printed values");
  EXPECT_FALSE(pe::report::parse("pe-sweep 4\nreadings 0\nsettings 0\nclaims 0\nend\n", back));
  EXPECT_FALSE(pe::report::parse(with("readings 1", "readingz 1"), back));
  EXPECT_FALSE(pe::report::parse(with("reading one a b - \n", "reading one a b other.claim \n"), back));
  EXPECT_FALSE(pe::report::parse(with("reading one a b - \n", "reading one a b - a reason\n"), back));
  EXPECT_FALSE(pe::report::parse(with("setting one a 1 0 20 5", "setting one a 2 0 20 5"), back));
  EXPECT_FALSE(pe::report::parse(with("setting one a 1 0 20 5", "setting one a 1 2 20 5"), back));
  EXPECT_FALSE(pe::report::parse(with("setting one a 1 0 20 5", "setting one a 1 0 -1 5"), back));
  EXPECT_FALSE(pe::report::parse(with("setting one a 1 0 20 5", "setting one a 1 0 20 -1"), back));
}

// Two settings of one reading whose tournament runs have one key (t1) trained the same heads: a
// claim reading those runs counts them once, 1 plausible and 1 repeated. The filings keys are not
// recorded here, so a claim reading only the filings runs counts both settings.
TEST(LabStatistics, SettingsSharingTheirRunsCountOnce) {
  pe::report::SweepResult r;
  r.readings = {{"one", "a", "a"}};
  r.settings = {{"one", "a", true, true, 20, 20, "t1", ""}, {"one", "b", true, true, 20, 20, "t1", ""}};
  r.claims["tournament"] = {pe::ledger::kTournamentRuns, "hh", "h"};
  r.claims["filings"] = {pe::ledger::kFilingsRuns, "hf", "h"};
  const pe::report::ClaimShares tournament = r.shares("tournament");
  EXPECT_EQ(tournament.plausible, 1);
  EXPECT_EQ(tournament.repeated, 1);
  EXPECT_EQ(tournament.held, 1);
  const pe::report::ClaimShares filings = r.shares("filings");
  EXPECT_EQ(filings.plausible, 2);
  EXPECT_EQ(filings.repeated, 0);
  EXPECT_EQ(filings.held, 1);
}
