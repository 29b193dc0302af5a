// The statistical predicates the tournament's claims are decided by, each fed an instance on
// which it must fail as well as one on which it must hold; and experiment claims as functions of
// the runs they are given.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "sweep.hpp"
#include "lab.hpp"
#include "ledger.hpp"
#include "runs.hpp"
#include "window_section.hpp"

namespace lab = pe::theorems::lab;

namespace {
lab::SeedValues seeds_of(std::vector<double> values) {
  lab::SeedValues s;
  s.degenerate.assign(values.size(), "");
  s.values = std::move(values);
  return s;
}
}  // namespace

TEST(PairedDifference, MeanAndStandardErrorOfTheItemDifferences) {
  // Differences 1, 0, 0, -1: mean 0, sample variance 2/3, se sqrt(2/3 / 4).
  const lab::PairedDifference d = lab::paired_difference({1, 0, 1, 0}, {0, 0, 1, 1});
  EXPECT_DOUBLE_EQ(d.mean, 0.0);
  EXPECT_NEAR(d.se, std::sqrt(2.0 / 3.0 / 4.0), 1e-15);
  // One reader right on 60 of 100 items the other gets wrong, the rest shared: far from a tie.
  std::vector<double> a(100, 1.0), b(100, 1.0);
  for (int i = 0; i < 60; ++i) b[i] = 0;
  const lab::PairedDifference apart = lab::paired_difference(a, b);
  EXPECT_GT(std::fabs(apart.mean), lab::kSigmas * apart.se);
  EXPECT_THROW(lab::paired_difference({1, 0}, {1}), std::invalid_argument);
}

TEST(ReachesArticle, FailsWellBelowThePrintedValueAndHoldsAtIt) {
  std::string detail;
  EXPECT_FALSE(lab::reaches_article(pe::ledger::PrintedValue::of("0.999"), seeds_of(std::vector<double>(20, 0.90)), &detail));
  EXPECT_NE(detail.find(" < "), std::string::npos) << detail;
  EXPECT_TRUE(lab::reaches_article(pe::ledger::PrintedValue::of("0.999"), seeds_of(std::vector<double>(20, 0.999)), nullptr));
  // Above the printed value always reaches it.
  EXPECT_TRUE(lab::reaches_article(pe::ledger::PrintedValue::of("0.900"), seeds_of(std::vector<double>(20, 0.95)), nullptr));
}

TEST(RangeOfThree, FailsWhenTheSeedsNeverSpreadThatFar) {
  std::vector<double> tight, wide;
  for (int k = 0; k < 20; ++k) {
    tight.push_back(0.50 + 0.001 * k);  // any three span at most 0.019
    wide.push_back(0.20 + 0.03 * k);    // 0.20 .. 0.77
  }
  using pe::ledger::Verdict;
  EXPECT_EQ(lab::range_of_three(pe::ledger::PrintedRange::of("0.31 to 0.68"), seeds_of(tight)).verdict, Verdict::fails);
  EXPECT_EQ(lab::range_of_three(pe::ledger::PrintedRange::of("0.31 to 0.68"), seeds_of(wide)).verdict, Verdict::holds);
  EXPECT_EQ(lab::range_of_three(pe::ledger::PrintedRange::of("0.31 to 0.68"), seeds_of(wide)).rule, pe::ledger::Rule::statistical);
}

TEST(AgainstArticle, ReadsEverySeedAndAddsTheArticlesThreeSeedTerm) {
  // Seeds 0..2 at 0.60, the other 17 at 0.90: the all-seed mean 0.855 decides, not the headline
  // seeds' 0.60.
  std::vector<double> v(20, 0.90);
  v[0] = v[1] = v[2] = 0.60;
  const lab::SeedValues seeds = seeds_of(v);
  EXPECT_NEAR(seeds.mean(), 0.855, 1e-12);
  const auto o = lab::against_article(pe::ledger::PrintedValue::of("0.855"), seeds, 2000, 2000, 8);
  EXPECT_EQ(o.verdict, pe::ledger::Verdict::holds) << o.detail;
  EXPECT_EQ(o.seeds, 20);
  // se^2 = s^2/20 + s^2/3 + the two binomial terms.
  const double s2 = seeds.between_seed_variance();
  const double se = std::sqrt(s2 / 20 + s2 / 3 + 2 * 0.855 * 0.145 / 2000);
  EXPECT_NEAR(lab::se_against_article(pe::ledger::PrintedValue::of("0.855"), seeds, 2000, 2000), se, 1e-12);
  EXPECT_NEAR(o.resolution, lab::kSigmas * se + 5e-4, 1e-12);
  // The spread between seeds (s/sqrt(3) near 0.07) far exceeds half a unit of 0.855.
  EXPECT_TRUE(o.overprecise);
  EXPECT_EQ(lab::against_article(pe::ledger::PrintedValue::of("0.600"), seeds, 2000, 2000, 8).verdict, pe::ledger::Verdict::fails);
}

TEST(AgainstArticle, ABandWiderThanHalfTheAccuracyRangeIsInconclusive) {
  // Seeds spread from 0.1 to 0.9: 3 se of a three-seed mean covers most of 1/8 .. 1.
  std::vector<double> v;
  for (int k = 0; k < 20; ++k) v.push_back(k % 2 ? 0.9 : 0.1);
  const auto wide = lab::against_article(pe::ledger::PrintedValue::of("0.500"), seeds_of(v), 2000, 2000, 8);
  EXPECT_EQ(wide.verdict, pe::ledger::Verdict::holds);
  EXPECT_FALSE(wide.inconclusive.empty()) << wide.detail;
  const auto tight = lab::against_article(pe::ledger::PrintedValue::of("0.500"), seeds_of(std::vector<double>(20, 0.5)), 2000, 2000, 8);
  EXPECT_TRUE(tight.inconclusive.empty()) << tight.inconclusive;
}

TEST(AgainstArticle, ANarrowBandThatReachesChanceIsInconclusive) {
  // Seeds spread 0.10 .. 0.20 around 0.15: the band (about +/- 0.1) covers under half of
  // 1/8 .. 1 but reaches chance, so a head that guesses would pass.
  std::vector<double> v;
  for (int k = 0; k < 20; ++k) v.push_back(k % 2 ? 0.20 : 0.10);
  const auto near_chance = lab::against_article(pe::ledger::PrintedValue::of("0.150"), seeds_of(v), 2000, 2000, 8);
  EXPECT_EQ(near_chance.verdict, pe::ledger::Verdict::holds);
  EXPECT_LT(2 * near_chance.resolution / (1 - 0.125), pe::ledger::kInconclusiveShare);
  EXPECT_NE(near_chance.inconclusive.find("chance"), std::string::npos) << near_chance.inconclusive;
  // The same spread around 0.55 stays clear of chance and decides.
  std::vector<double> w;
  for (int k = 0; k < 20; ++k) w.push_back(k % 2 ? 0.60 : 0.50);
  const auto clear = lab::against_article(pe::ledger::PrintedValue::of("0.550"), seeds_of(w), 2000, 2000, 8);
  EXPECT_EQ(clear.verdict, pe::ledger::Verdict::holds);
  EXPECT_TRUE(clear.inconclusive.empty()) << clear.inconclusive;
}

TEST(WithBand, ABandReachingTheValueThatReversesTheClaimIsInconclusive) {
  const auto held = pe::ledger::bound(true, "x", "y");
  const pe::ledger::QuantityScale score = pe::ledger::signed_scale(10, "score");
  // A score of 10 +/- 2: 4/20 of its range, clear of 0.
  EXPECT_TRUE(pe::ledger::with_band(held, 10, 2, score).inconclusive.empty());
  // 10 +/- 4.5 covers under half of -10 .. 10 but not 0; 3 +/- 4 covers 0, the sign flip.
  EXPECT_TRUE(pe::ledger::with_band(held, 10, 4.5, score).inconclusive.empty());
  EXPECT_FALSE(pe::ledger::with_band(held, 3, 4, score).inconclusive.empty());
  // A failure is never made inconclusive by its band.
  EXPECT_TRUE(pe::ledger::with_band(pe::ledger::bound(false, "x", "y"), 3, 4, score).inconclusive.empty());
  EXPECT_EQ(pe::ledger::with_band(held, 3, 4, score).resolution, 4);
}

// The value that reverses a claim follows the claim: an accuracy printed where a guesser could
// print it (0.134 with 8 answers, read on 2,000: within 3 se of chance) claims the head guesses,
// and is reversed by a head that reads, half of the way from chance to 1 (0.5625), not by chance;
// one printed above that zone (0.542) reads, and is reversed by chance.
TEST(WithBand, AClaimAtChanceIsReversedByAHeadThatReads) {
  const auto held = pe::ledger::bound(true, "x", "y");
  const pe::ledger::QuantityScale accuracy = lab::accuracy_scale(8, 2000);
  EXPECT_TRUE(pe::ledger::with_band(held, 0.134, 0.044, accuracy).inconclusive.empty());
  EXPECT_EQ(pe::ledger::reversal(accuracy, 0.134).at, 0.5625);
  EXPECT_EQ(pe::ledger::reversal(accuracy, 0.087).at, 0.5625);  // below chance: a guesser too
  EXPECT_EQ(pe::ledger::reversal(accuracy, 0.542).at, 0.125);
  // Without the answers it was read on, no value claims chance: chance reverses every claim.
  EXPECT_EQ(pe::ledger::reversal(lab::accuracy_scale(8), 0.134).at, 0.125);
  EXPECT_FALSE(pe::ledger::with_band(held, 0.134, 0.044, lab::accuracy_scale(8)).inconclusive.empty());
  // A band reaching the head that reads is undecided, and so is a wide one (the width rule).
  EXPECT_FALSE(pe::ledger::with_band(held, 0.134, 0.45, accuracy).inconclusive.empty());
  EXPECT_FALSE(pe::ledger::with_band(held, 0.542, 0.44, accuracy).inconclusive.empty());
  // A sign reverses at 0 wherever the centre lies.
  EXPECT_EQ(pe::ledger::reversal(pe::ledger::signed_scale(10, "score"), -9).at, 0);
}

TEST(UnpairedDifference, TheTwoMeansErrorsAddAndTheSmallerSideDecides) {
  const lab::SeedValues a = seeds_of({1, 3, 5, 7});  // mean 4, s^2 = 20/3
  const lab::SeedValues b = seeds_of({0, 2, 4});     // mean 2, s^2 = 4
  const lab::SeedDifference d = lab::unpaired_difference(a, b);
  EXPECT_EQ(d.mean, 2);
  EXPECT_NEAR(d.se, std::sqrt(3.0), 1e-15);  // sqrt(20/3 / 4 + 4 / 3)
  EXPECT_EQ(d.seeds, 3);
  EXPECT_EQ(lab::unpaired_difference(b, a).seeds, 3);
  EXPECT_THROW(lab::unpaired_difference(a, seeds_of({0.5})), std::invalid_argument);
}

TEST(Effects, HoldBeyondThreeSeFailDecidedOnlyOnTheOppositeSide) {
  const lab::SeedValues high = seeds_of(std::vector<double>(20, 0.9));
  const lab::SeedValues low = seeds_of(std::vector<double>(20, 0.5));
  const lab::SeedValues near = seeds_of(std::vector<double>(20, 0.49));
  lab::Effects holds;
  holds.require("high - low", high, low, 2000);
  const auto h = holds.shape("", "");
  EXPECT_EQ(h.verdict, pe::ledger::Verdict::holds);
  EXPECT_TRUE(h.inconclusive.empty());
  EXPECT_EQ(h.seeds, 20);
  lab::Effects undecided;  // 0.01 apart on 2000 items: inside 3 se, neither way decided
  undecided.require("low - near", low, near, 2000);
  const auto u = undecided.shape("", "");
  EXPECT_EQ(u.verdict, pe::ledger::Verdict::fails);
  EXPECT_FALSE(u.inconclusive.empty());
  lab::Effects opposite;
  opposite.require("low - high", low, high, 2000);
  const auto o = opposite.shape("", "");
  EXPECT_EQ(o.verdict, pe::ledger::Verdict::fails);
  EXPECT_TRUE(o.inconclusive.empty());
  EXPECT_THROW(lab::seed_difference(high, seeds_of({0.5, 0.5}), 2000), std::invalid_argument);
}

TEST(Effects, NoDifferenceWithoutAnyErrorIsDecided) {
  // Identical answers: a difference of exactly 0 with a standard error of 0 rules the effect out.
  lab::Effects same;
  same.require("a - a", lab::SeedDifference{0.0, 0.0, 20});
  const auto o = same.shape("", "");
  EXPECT_EQ(o.verdict, pe::ledger::Verdict::fails);
  EXPECT_TRUE(o.inconclusive.empty()) << o.inconclusive;
}

// The no-position heads may exceed the exact bag reader by 3 standard errors of their
// all-seed mean; the claim's note states that allowance, recomputed here from the heads.
TEST(TournamentClaims, NoPositionAllowanceIsThreeStandardErrorsOfTheAllSeedMean) {
  const lab::Runs& runs = lab::headline_runs();
  const pe::ledger::Record r =
      pe::ledger::evaluate_record(pe::ledger::claim_with_id("exp.tournament.reads_within_window"), runs);
  const lab::SeedValues none = lab::seed_values(runs, pe::experiments::PositionScheme::none, "plain", 32);
  const double bag = lab::bag_reader_accuracy(runs, 32);
  const double allowance = lab::kSigmas * lab::se_of_mean(none, lab::test_sequences());
  EXPECT_NE(r.note.find("bag reader " + pe::ledger::format(bag) + " + 3 se = " + pe::ledger::format(bag + allowance)),
            std::string::npos)
      << r.note;
}

// NTK-aware scaling leaves the fastest plane alone and position interpolation slows every plane:
// the claim reports plane 0's factor under each, beside its seed count.
TEST(TournamentClaims, RopeReboundReportsPlaneZerosFactorUnderEachReading) {
  const auto o = pe::ledger::claim_with_id("exp.rebound.seeds.ntk_pushes_rebound_past_256")
                                   .evaluate_on_runs(lab::headline_runs());
  const std::string marker = "plane 0's factor NTK 1, PI ";
  const auto at = o.computed.find(marker);
  ASSERT_NE(at, std::string::npos) << o.computed;
  const double pi_factor = std::stod(o.computed.substr(at + marker.size()));
  EXPECT_GT(pi_factor, 0);
  EXPECT_LT(pi_factor, 1);
}

TEST(TypicalOfSeeds, HoldsFromHalfTheSeedsAndIsInconclusiveNearHalf) {
  using pe::ledger::Verdict;
  std::vector<bool> all(20, true), none(20, false), eleven(20, false);
  for (int k = 0; k < 11; ++k) eleven[k] = true;
  EXPECT_EQ(lab::typical_of_seeds(all, "", "").verdict, Verdict::holds);
  EXPECT_TRUE(lab::typical_of_seeds(all, "", "").inconclusive.empty());
  EXPECT_EQ(lab::typical_of_seeds(none, "", "").verdict, Verdict::fails);
  EXPECT_TRUE(lab::typical_of_seeds(none, "", "").inconclusive.empty());
  // 11 of 20 is above half, but within 3 binomial se (0.335) of it.
  EXPECT_EQ(lab::typical_of_seeds(eleven, "", "").verdict, Verdict::holds);
  EXPECT_FALSE(lab::typical_of_seeds(eleven, "", "").inconclusive.empty());
  EXPECT_THROW(lab::typical_of_seeds({}, "", ""), std::invalid_argument);
}

namespace {
/// Two readings, four settings: the tournament plausible in settings 0, 1 and 3, the filings in
/// 0 and 2.
pe::report::SweepResult small_sweep() {
  pe::report::SweepResult r;
  r.readings = {{"shared_row+force_mark", "a", "b"}, {"pair_rows+force_mark", "c", "d"}};
  r.settings = {{"shared_row+force_mark", "a", true, true, 20, 20},
                {"shared_row+force_mark", "b", true, false, 20, 5},
                {"pair_rows+force_mark", "c", false, true, 5, 20},
                {"pair_rows+force_mark", "d", true, false, 20, 5}};
  r.claims["tournament.only"] = {pe::ledger::kTournamentRuns, "hfhe", "hf"};
  r.claims["both.families"] = {pe::ledger::kTournamentRuns | pe::ledger::kFilingsRuns, "hhhh", "hh"};
  r.claims["mostly.fails"] = {pe::ledger::kTournamentRuns, "fffh", "ff"};
  return r;
}
}  // namespace

TEST(Sweep, SharesCountOnlyPlausibleSettingsAndLeaveErrorsOut) {
  const pe::report::SweepResult r = small_sweep();
  // Tournament claim: settings 0, 1, 3 plausible; 3 threw; holds in 0 of {0, 1}.
  const pe::report::ClaimShares t = r.shares("tournament.only");
  EXPECT_EQ(t.plausible, 3);
  EXPECT_EQ(t.not_evaluated, 1);
  EXPECT_EQ(t.evaluated, 2);
  EXPECT_EQ(t.held, 1);
  EXPECT_EQ(t.holding, "shared_row+force_mark/a");
  // A claim reading both families counts a setting only where both are plausible.
  EXPECT_EQ(r.shares("both.families").plausible, 1);
  EXPECT_EQ(r.shares("unknown").plausible, 0);
}

TEST(Sweep, ClassesFollowTheDeclaredShares) {
  const pe::report::SweepResult r = small_sweep();
  using pe::report::experiment_class;
  EXPECT_EQ(experiment_class(r, "not.swept", "holds", ""), "exact");
  EXPECT_EQ(experiment_class(r, "both.families", "holds", ""), "reproduces");
  // Holds in 1 of 2 evaluated: not more than half, so fragile where it holds.
  EXPECT_EQ(experiment_class(r, "tournament.only", "holds", ""), "fragile");
  // 1 of 2 is a substantial share: setting-dependent where it fails.
  EXPECT_EQ(experiment_class(r, "tournament.only", "fails", ""), "setting-dependent");
  // mostly.fails: plausible settings 0, 1 (first reading, holding in neither) and 3 (second
  // reading, holding): readings weigh equally, (0/2 + 1/1) / 2 = 1/2 >= 1/4.
  EXPECT_EQ(experiment_class(r, "mostly.fails", "fails", ""), "setting-dependent");
  EXPECT_EQ(experiment_class(r, "both.families", "holds", "band too wide"), "inconclusive");
  // Every class a swept claim can get is in the list the sweep figure's key reads.
  pe::report::SweepResult all = r;
  all.claims["never.holds"] = {pe::ledger::kTournamentRuns, "ffff", "ff"};
  std::set<std::string> given;
  for (const auto& [id, claim] : all.claims)
    for (const char* verdict : {"holds", "fails"})
      for (const char* inconclusive : {"", "band too wide"})
        given.insert(experiment_class(all, id, verdict, inconclusive));
  const std::vector<std::string>& listed = pe::report::swept_classes();
  EXPECT_EQ(given, std::set<std::string>(listed.begin(), listed.end()));
}

TEST(Sweep, ReadingsWeighEquallyHoweverManySettingsEachHas) {
  pe::report::SweepResult r;
  r.readings = {{"one", "a", "a"}, {"other", "b", "b"}};
  r.settings = {{"one", "a", true, true, 20, 20},
                {"other", "b", true, true, 20, 20},
                {"other", "c", true, true, 20, 20},
                {"other", "d", true, true, 20, 20}};
  r.claims["x"] = {pe::ledger::kTournamentRuns, "hfff", "hf"};
  const pe::report::ClaimShares x = r.shares("x");
  // Pooled, 1 of 4 settings (0.25); per reading, 1/1 and 0/3, weighed equally: 0.5.
  EXPECT_EQ(x.held, 1);
  EXPECT_EQ(x.evaluated, 4);
  EXPECT_DOUBLE_EQ(x.share(), 0.5);
  EXPECT_TRUE(x.reading_dependent());
  EXPECT_EQ(pe::report::experiment_class(r, "x", "holds", ""), "fragile");
  // Holding in 2 of 3 of the second reading's settings as well: more than half in both.
  r.claims["y"] = {pe::ledger::kTournamentRuns, "hhhf", "hh"};
  EXPECT_FALSE(r.shares("y").reading_dependent());
}

// The reading flag on hand-written letters. Two readings of seven settings each.
TEST(Sweep, AReadingDependsOnItsOwnVerdictOrOnASplitOneSettingCannotClose) {
  pe::report::SweepResult r;
  r.readings = {{"one", "a", "a"}, {"other", "a", "a"}};
  for (const char* reading : {"one", "other"})
    for (const char* recipe : {"a", "b", "c", "d", "e", "f", "g"})
      r.settings.push_back({reading, recipe, true, true, 20, 20});
  // 4 of 7 against 3 of 7, both selected recipes holding: the grain of the settings, no dependence
  // (the rule before called it one: more than half held in one, more than half failed in the other).
  r.claims["grain"] = {pe::ledger::kTournamentRuns, "hhhhfff" "hhhffff", "hh"};
  EXPECT_FALSE(r.shares("grain").reading_dependent());
  // The readings' own verdicts differ though both hold in most settings: a dependence.
  r.claims["own"] = {pe::ledger::kTournamentRuns, "hhhhhhf" "hhhhhhf", "hf"};
  EXPECT_TRUE(r.shares("own").reading_dependent());
  // 6 of 7 against 1 of 7: a split no single setting closes.
  r.claims["split"] = {pe::ledger::kTournamentRuns, "hhhhhhf" "hffffff", "hh"};
  EXPECT_TRUE(r.shares("split").reading_dependent());
  // 5 of 7 against 2 of 7: one setting turned makes it 4 of 7 (still more than half) and 3 of 7
  // failing (more than half): it stays a split.
  r.claims["five_two"] = {pe::ledger::kTournamentRuns, "hhhhhff" "hhfffff", "hh"};
  EXPECT_TRUE(r.shares("five_two").reading_dependent());
}

// A class one setting's letter would change says so; one no setting can move says nothing.
TEST(Sweep, AClassOneSettingWouldChangeIsAtTheEdge) {
  pe::report::SweepResult r;
  r.readings = {{"one", "a", "a"}};
  for (const char* recipe : {"a", "b", "c", "d", "e"}) r.settings.push_back({"one", recipe, true, true, 20, 20});
  r.claims["edge"] = {pe::ledger::kTournamentRuns, "hhhff", "h"};  // 3 of 5: reproduces, 2 of 5 would not
  EXPECT_EQ(pe::report::experiment_class(r, "edge", "holds", ""), "reproduces");
  // one/a is the reading's selected recipe: its letter is the verdict, so the edge names one/b.
  EXPECT_EQ(pe::report::class_edge(r, "edge", "holds", ""),
            "at the edge: one other setting (one/b) would change its class to fragile");
  r.claims["firm"] = {pe::ledger::kTournamentRuns, "hhhhh", "h"};  // 5 of 5: 4 of 5 still reproduces
  EXPECT_EQ(pe::report::class_edge(r, "firm", "holds", ""), "");
  EXPECT_EQ(pe::report::class_edge(r, "edge", "holds", "band too wide"), "");  // inconclusive by its own band
}

// A reading's selected recipe is a setting too, but its letter is that reading's own verdict,
// decided by its own band: turning it alone is no edge. Reading one holds in its selected
// recipe only (1 of 7), reading two in all 8: share (1/7 + 1) / 2 > 1/2, reproduces. Only the
// selected one/a, turned, would make it 0 and 1, fragile; any other one setting leaves the
// class and the flag as they are. (The rule before named one/a.)
TEST(Sweep, AReadingsSelectedRecipeAloneIsNoEdge) {
  pe::report::SweepResult r;
  r.readings = {{"one", "a", "a"}, {"two", "a", "a"}};
  for (const char* recipe : {"a", "b", "c", "d", "e", "f", "g"}) r.settings.push_back({"one", recipe, true, true, 20, 20});
  for (const char* recipe : {"a", "b", "c", "d", "e", "f", "g", "h"})
    r.settings.push_back({"two", recipe, true, true, 20, 20});
  r.claims["selected"] = {pe::ledger::kTournamentRuns, "hffffff" "hhhhhhhh", "hh"};
  EXPECT_TRUE(pe::report::is_selected_setting(r, 0, pe::ledger::kTournamentRuns));
  EXPECT_FALSE(pe::report::is_selected_setting(r, 1, pe::ledger::kTournamentRuns));
  EXPECT_EQ(pe::report::experiment_class(r, "selected", "holds", ""), "reproduces");
  EXPECT_EQ(pe::report::class_edge(r, "selected", "holds", ""), "");
  // A claim that reads both families has its selected runs in two recipes: a setting trained in
  // one recipe for both is not them unless the two recipes agree.
  r.readings[0].filings_recipe = "b";
  EXPECT_FALSE(pe::report::is_selected_setting(r, 0, pe::ledger::kTournamentRuns | pe::ledger::kFilingsRuns));
  EXPECT_TRUE(pe::report::is_selected_setting(r, 1, pe::ledger::kFilingsRuns));
}

TEST(Sweep, ARuledOutReadingAndRepeatedRunsCountInNoShare) {
  pe::report::SweepResult r;
  r.readings = {{"kept", "a", "a"}, {"twin", "a", "a"}, {"ruled", "a", "a", "exp.bag.no_mark_rule", "why"}};
  r.settings = {{"kept", "a", true, true, 20, 20, "t1", "f1"},
                {"kept", "b", true, true, 20, 20, "t2", "f2"},
                {"twin", "a", true, true, 20, 20, "t3", "f1"},  // the filings runs of kept/a again
                {"ruled", "a", true, true, 20, 20, "t4", "f4"}};
  r.claims["filings.claim"] = {pe::ledger::kFilingsRuns, "hfhh", "hhh"};
  r.claims["tournament.claim"] = {pe::ledger::kTournamentRuns, "hffh", "hhh"};
  const pe::report::ClaimShares f = r.shares("filings.claim");
  // twin/a reads filings runs already counted in kept/a; ruled/a is in a ruled-out reading.
  EXPECT_EQ(f.repeated, 1);
  EXPECT_EQ(f.evaluated, 2);
  EXPECT_EQ(f.holding, "kept/a");
  EXPECT_DOUBLE_EQ(f.share(), 0.5);
  EXPECT_FALSE(f.counted[1]);
  EXPECT_FALSE(f.counted[2]);
  // The tournament runs of twin/a are its own: counted, and twin's share is 0 of 1.
  const pe::report::ClaimShares t = r.shares("tournament.claim");
  EXPECT_EQ(t.repeated, 0);
  EXPECT_EQ(t.evaluated, 3);
  EXPECT_DOUBLE_EQ(t.share(), (0.5 + 0.0) / 2);
  EXPECT_TRUE(t.reading_dependent() == false);  // 1/2 in kept is not more than half
}

TEST(Sweep, SerialisesAndRejectsMalformedText) {
  const pe::report::SweepResult r = small_sweep();
  pe::report::SweepResult back;
  ASSERT_TRUE(pe::report::parse(pe::report::serialise(r), back));
  EXPECT_EQ(pe::report::serialise(back), pe::report::serialise(r));
  EXPECT_EQ(back.shares("tournament.only").held, 1);
  // Each reading's estimate survives the text, and a reading's rule-out with it.
  pe::report::SweepResult estimated = r;
  estimated.readings[1].ruled_out_by = "exp.bag.no_mark_rule";
  estimated.readings[1].ruled_out_because = "its values print otherwise";
  estimated.claims["both.families"].estimates = {{0.875, 0.0125}, {}};
  // A band without a single quantity (a shape claim decided on a band) is kept too.
  estimated.claims["tournament.only"].estimates = {{std::nan(""), std::nan(""), 0.25, false}, {}};
  ASSERT_TRUE(pe::report::parse(pe::report::serialise(estimated), back));
  EXPECT_EQ(back.claims["both.families"].estimates[0].value, 0.875);
  EXPECT_EQ(back.claims["both.families"].estimates[0].se, 0.0125);
  EXPECT_TRUE(std::isnan(back.claims["both.families"].estimates[0].band));
  EXPECT_FALSE(back.claims["both.families"].estimates[0].undecided);
  EXPECT_TRUE(std::isnan(back.claims["both.families"].estimates[1].value));
  EXPECT_TRUE(std::isnan(back.claims["tournament.only"].estimates[0].value));
  EXPECT_EQ(back.claims["tournament.only"].estimates[0].band, 0.25);
  std::string bad_flag = pe::report::serialise(estimated);
  bad_flag.replace(bad_flag.find(":0.25:d"), 7, ":0.25:x");
  EXPECT_FALSE(pe::report::parse(bad_flag, back));
  ASSERT_TRUE(pe::report::parse(pe::report::serialise(estimated), back));
  EXPECT_EQ(back.readings[1].ruled_out_by, "exp.bag.no_mark_rule");
  EXPECT_EQ(back.readings[1].ruled_out_because, "its values print otherwise");
  std::string bad_estimate = pe::report::serialise(estimated);
  bad_estimate.replace(bad_estimate.find("0.875:"), 6, "0.875;");
  EXPECT_FALSE(pe::report::parse(bad_estimate, back));
  std::string text = pe::report::serialise(r);
  EXPECT_FALSE(pe::report::parse(text.substr(0, text.size() - 4), back));  // no "end"
  std::string bad_letter = text;
  bad_letter.replace(bad_letter.find("hfhe"), 4, "hfhx");
  EXPECT_FALSE(pe::report::parse(bad_letter, back));
  std::string old_version = text;
  old_version.replace(0, 10, "pe-sweep 1");
  EXPECT_FALSE(pe::report::parse(old_version, back));
  std::string misnamed = text;
  misnamed.replace(misnamed.find("\nsettings "), 10, "\nsetting  ");
  EXPECT_FALSE(pe::report::parse(misnamed, back));
}

TEST(SeedValues, DescribeListsEveryHeadlineSeedThenTheWholeSpread) {
  const lab::SeedValues v = seeds_of({0.5, 0.25, 0.75, 1, 0});
  EXPECT_EQ(v.describe().substr(0, v.describe().find(';')),
            "headline seeds 0-2: mean 0.5000 (0.5000, 0.2500, 0.7500)");
  EXPECT_NE(v.describe().find("all 5 seeds: mean 0.5000"), std::string::npos) << v.describe();
  EXPECT_NE(v.describe().find("range 0.0000 to 1.0000"), std::string::npos) << v.describe();
}

// ---- Experiment claims are evaluated on the runs they are given -------------------------

namespace {
/// A tournament of `seeds` no-position heads that answer `correct` of the 2,000 test sequences
/// at length 32 in every seed and read the validation set perfectly (so none is degenerate):
/// runs written by hand, no training.
pe::experiments::Tournament no_position_heads(int seeds, long correct) {
  pe::experiments::Tournament t;
  t.config = pe::experiments::article_tournament();
  t.config.seeds = seeds;
  for (int k = 0; k < seeds; ++k) {
    pe::experiments::HeadRun head;
    head.scheme = pe::experiments::PositionScheme::none;
    head.seed = k;
    head.validation_correct = t.config.validation_sequences;
    head.accuracies.push_back({"plain", 32, correct, t.config.test_sequences});
    t.heads.push_back(head);
  }
  return t;
}
}  // namespace

// The same declared claim on two sets of runs: each record carries its own runs' mean and seed
// count, so the runs are the evaluation's input and nothing else is.
TEST(ExperimentClaims, TwoSetsOfRunsGiveTheirOwnValues) {
  const pe::ledger::Claim& claim = pe::ledger::claim_with_id("exp.tournament.none.L32");
  EXPECT_EQ(claim.reads, pe::ledger::kTournamentRuns);
  const pe::experiments::FilingsStudy no_study;
  const pe::experiments::Tournament near = no_position_heads(20, 1084), far = no_position_heads(7, 1800);
  const pe::ledger::Record at_article = pe::ledger::evaluate_record(claim, lab::Runs(near, no_study));
  const pe::ledger::Record above = pe::ledger::evaluate_record(claim, lab::Runs(far, no_study));
  EXPECT_EQ(at_article.computed, pe::ledger::format(1084.0 / 2000)) << at_article.note;
  EXPECT_EQ(at_article.seeds, "20");
  EXPECT_EQ(at_article.verdict, "holds") << at_article.note;  // the article prints 0.542
  EXPECT_EQ(above.computed, pe::ledger::format(1800.0 / 2000)) << above.note;
  EXPECT_EQ(above.seeds, "7");
  EXPECT_EQ(above.verdict, "fails") << above.note;
}

// A claim is given the families it declared and no others: reading an undeclared one is an
// error, never a silent read, whatever ran before.
TEST(ExperimentClaims, AClaimReadsOnlyTheFamiliesItDeclares) {
  const pe::experiments::FilingsStudy no_study;
  const pe::experiments::Tournament heads = no_position_heads(20, 1084);
  const lab::Runs runs(heads, no_study);
  const pe::ledger::Record without_tournament = pe::ledger::evaluate_record(
      pe::ledger::claim_with_id("exp.tournament.none.L32"), runs.only(pe::ledger::kFilingsRuns));
  EXPECT_EQ(without_tournament.verdict, "error");
  EXPECT_NE(without_tournament.note.find("reads the tournament runs without declaring them"), std::string::npos)
      << without_tournament.note;
  pe::ledger::UnitClaims unit("test");
  unit.add(lab::experiment_claim(pe::ledger::Claim("test.reads_undeclared")
                                     .in_section(pe::theorems::kWindowSection).stating("a statement")
                                     .printed_as("0.5").reads_runs(pe::ledger::kTournamentRuns),
                                 [](const lab::Runs& given) {
                                   return pe::ledger::printed(pe::ledger::PrintedValue::of("0.5"), given.filings_study().config.seeds);
                                 }));
  const pe::ledger::Record r = pe::ledger::evaluate_record(unit.claims().back(), runs);
  EXPECT_EQ(r.verdict, "error");
  EXPECT_NE(r.note.find("reads the filings study runs without declaring them"), std::string::npos) << r.note;
  // An experiment claim names at least one family; one that reads none is an exact claim.
  EXPECT_THROW(lab::experiment_claim(pe::ledger::Claim("test.reads_nothing")
                                         .in_section(pe::theorems::kWindowSection).stating("a statement")
                                         .printed_as("0.5").reads_runs(pe::ledger::kNoRuns),
                                     [](const lab::Runs&) { return pe::ledger::printed(pe::ledger::PrintedValue::of("0.5"), 0.5); }),
               std::logic_error);
}

// A claim about the headline runs themselves (the Implementation section's count of heads and
// its harness) is handed the families it declares, as an experiment claim is, and reads no
// other; pe_sweep leaves it out, since another setting's runs are not what it is about.
TEST(HeadlineRunsClaims, ReadOnlyTheRunsTheyAreHandedAndAreNotSwept) {
  for (const char* id : {"impl.headline_models", "impl.harness.every_row_ran"}) {
    const pe::ledger::Claim& claim = pe::ledger::claim_with_id(id);
    EXPECT_EQ(claim.reads, pe::ledger::kAllRuns) << id;
    EXPECT_FALSE(claim.swept) << id;
  }
  // Handed the tournament alone, the count of heads cannot read the filings study.
  const pe::ledger::Record r = pe::ledger::evaluate_record(pe::ledger::claim_with_id("impl.headline_models"),
                                                           lab::headline_runs().only(pe::ledger::kTournamentRuns));
  EXPECT_EQ(r.verdict, "error");
  EXPECT_NE(r.note.find("filings"), std::string::npos) << r.note;
  // A claim declared as a swept experiment claim is refused here.
  EXPECT_THROW(lab::headline_runs_claim(pe::ledger::Claim("test.swept").in_section("Implementation").stating("s")
                                            .printed_as("1").reads_runs(pe::ledger::kTournamentRuns),
                                        [](const lab::Runs&) { return pe::ledger::shape(true, "1", ""); }),
               std::logic_error);
}

// A claim that reads no trained run takes none: it is evaluated without runs, and the runs a
// program gives every claim leave its record as it is. An experiment claim given none is an
// error.
TEST(ExperimentClaims, AnExactClaimTakesNoRuns) {
  const pe::ledger::Claim& exact = pe::ledger::claim_with_id("exp.sinusoidal.defect.article_values_random_like");
  EXPECT_EQ(exact.reads, pe::ledger::kNoRuns);
  EXPECT_FALSE(exact.evaluate_on_runs);
  const pe::ledger::Record alone = pe::ledger::evaluate_record(exact);
  EXPECT_EQ(alone.verdict, alone.expected) << alone.note;
  const pe::experiments::FilingsStudy no_study;
  const pe::experiments::Tournament near = no_position_heads(20, 1084), far = no_position_heads(7, 1800);
  for (const pe::experiments::Tournament* heads : {&near, &far}) {
    const pe::ledger::Record given = pe::ledger::evaluate_record(exact, lab::Runs(*heads, no_study));
    EXPECT_EQ(given.computed, alone.computed);
    EXPECT_EQ(given.verdict, alone.verdict);
    EXPECT_EQ(given.note, alone.note);
    EXPECT_EQ(given.seeds, "");
  }
  const pe::ledger::Record no_runs = pe::ledger::evaluate_record(pe::ledger::claim_with_id("exp.tournament.none.L32"));
  EXPECT_EQ(no_runs.verdict, "error");
  EXPECT_NE(no_runs.note.find("reads the tournament runs and was given none"), std::string::npos) << no_runs.note;
}

// A value computed once per set of runs: every view of one set shares it, another set computes
// its own, and a view without the families it reads cannot read it.
TEST(ExperimentClaims, AValuePerRunIsKeptPerSetOfRuns) {
  const pe::experiments::FilingsStudy no_study;
  const pe::experiments::Tournament twenty = no_position_heads(20, 1084), seven = no_position_heads(7, 1084);
  const lab::Runs a(twenty, no_study), b(seven, no_study);
  int computed = 0;
  const std::function<int(const lab::Runs&)> seeds = [&computed](const lab::Runs& runs) {
    ++computed;
    return runs.tournament().config.seeds;
  };
  const int& from_a = lab::per_run<int>(a, pe::ledger::kTournamentRuns, "seeds", seeds);
  EXPECT_EQ(from_a, 20);
  EXPECT_EQ(&lab::per_run<int>(a.only(pe::ledger::kTournamentRuns), pe::ledger::kTournamentRuns, "seeds", seeds),
            &from_a);
  EXPECT_EQ(computed, 1);
  EXPECT_EQ(lab::per_run<int>(b, pe::ledger::kTournamentRuns, "seeds", seeds), 7);
  EXPECT_EQ(computed, 2);
  EXPECT_THROW(lab::per_run<int>(a.only(pe::ledger::kFilingsRuns), pe::ledger::kTournamentRuns, "seeds", seeds),
               std::logic_error);
}

// The expected "does not reproduce" sits on the declaration, with its reason, as pytest's
// xfail(reason=...) sits on its test; a family's parameters carry it for the claims it concerns.
TEST(ExperimentClaims, TheExpectedVerdictSitsOnTheDeclaration) {
  const auto declared = [](const lab::Expectation& expected) {
    return lab::experiment_claim(pe::ledger::Claim("test.expected").in_section(pe::theorems::kWindowSection)
                                     .stating("a statement").printed_as("0.5").reads_runs(pe::ledger::kTournamentRuns),
                                 [](const lab::Runs&) { return pe::ledger::printed(pe::ledger::PrintedValue::of("0.5"), 0.5); }, expected);
  };
  EXPECT_EQ(declared({}).expected, pe::ledger::Verdict::holds);
  EXPECT_EQ(declared({}).erratum, "");
  EXPECT_EQ(declared(lab::reproduces_unless(nullptr)).expected, pe::ledger::Verdict::holds);
  const pe::ledger::Claim missed = declared(lab::does_not_reproduce("the heads here read more"));
  EXPECT_EQ(missed.expected, pe::ledger::Verdict::fails);
  EXPECT_EQ(missed.erratum, "Does not reproduce in the selected recipe. the heads here read more");
  EXPECT_EQ(declared(lab::reproduces_unless("the heads here read more")).erratum, missed.erratum);
  EXPECT_THROW(declared(lab::does_not_reproduce("")), std::logic_error);
  // In the tournament table only the learned heads' cell carries a reason.
  const pe::ledger::Claim& learned = pe::ledger::claim_with_id("exp.tournament.learned.L32");
  EXPECT_EQ(learned.expected, pe::ledger::Verdict::fails);
  EXPECT_NE(learned.erratum.find("The learned-table heads here read every in-window test sequence"),
            std::string::npos)
      << learned.erratum;
  EXPECT_EQ(pe::ledger::claim_with_id("exp.tournament.none.L32").expected, pe::ledger::Verdict::holds);
}

// The sweep learns which readings the article's printed values rule out only through the lab's
// registry: the bag-of-tokens unit registers its rule, which rules out resampling unmarked
// sequences and keeps forcing a mark, whichever mark embedding.
TEST(ReadingRuleOuts, TheBagOfTokensUnitsRuleReachesTheSweepThroughTheLab) {
  const auto& rules = pe::theorems::lab::reading_rule_outs();
  const auto bag = std::find_if(rules.begin(), rules.end(),
                                [](const auto& rule) { return rule.claim == "exp.bag.no_mark_rule"; });
  ASSERT_NE(bag, rules.end()) << "the bag-of-tokens unit registered no rule";
  for (const pe::experiments::ModelReading& reading : pe::experiments::article_readings())
    EXPECT_EQ(bag->why(reading).empty(), reading.no_mark == pe::experiments::NoMarkRule::force_mark) << reading.id();
}
