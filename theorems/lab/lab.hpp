/// @file
/// @brief The experiment statistics: the trained heads as the verification units read them from
/// the runs they are given (theorems/lab/runs.hpp), and the comparisons of a mean over seeds with
/// a printed mean.
///
/// Runs. An experiment claim reads the runs it is given: the headline runs (the selected recipe
/// with kSelectedSeeds seeds per scheme) in a unit's test program, another setting's in the
/// sensitivity sweep (pe_sweep). Every decision reads all of their seeds; seeds 0..2, the
/// headline seeds, stand beside the article's "mean of three seeds" in the notes only.
///
/// Standard errors. Every comparison uses k = 3 (kSigmas).
///  - A printed mean of three seeds against this project's mean of all N seeds: the value
///    must fall in the prediction interval of a three-seed mean around this project's mean,
///      se^2 = s^2/N (ours) + s^2/3 (the article's) + p (1 - p)/n + p_a (1 - p_a)/n_a,
///    with s^2 the variance between single heads over all N seeds (assumed the same for the
///    article's seeds), and the binomial errors of n and n_a test items.
///  - An ordering or effect ("helps", "beats", "degrades"): the all-seed mean of the per-seed
///    differences (heads with one seed index share their batches), se^2 = s_d^2/N plus both
///    means' binomial errors; it must exceed k se.
///  - A statement about one of the article's seeds ("seed 1 dives at 89 to 90"): its rate over
///    this project's N seeds against kTypicalRate, with the binomial error of that rate.
///  - The range or an extreme of three seeds: that statistic's distribution over every three of
///    this project's seeds.
#pragma once

#include <cmath>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "filing_readers.hpp"
#include "ledger.hpp"
#include "length_tournament.hpp"
#include "runs.hpp"

namespace pe::theorems::lab {

/// Standard errors for every statistical comparison of the experiment units.
inline constexpr double kSigmas = 3.0;
/// A statement the article makes about one or all of its three seeds holds here when at least
/// this share of this project's seeds shows it: the behaviour is typical of a training run, not
/// an accident of one seed. Declared once for every such claim, before any was evaluated.
inline constexpr double kTypicalRate = 0.5;

/// The shared test set at one length of the task the runs' tournament was trained on (memoised
/// per task; no training involved).
const std::vector<experiments::Example>& test_set(const Runs& runs, int length);

/// One value per seed of the runs read (all seeds), with each seed's degenerate reason ("" if
/// none); the first kHeadlineSeeds are the headline seeds.
struct SeedValues {
  std::vector<double> values;
  std::vector<std::string> degenerate;
  std::vector<double> headline() const;
  double headline_mean() const;
  /// The mean over every seed: what each decision reads.
  double mean() const;
  /// s^2, the unbiased variance between single seeds over all seeds (0 for one seed).
  double between_seed_variance() const;
  int seeds() const { return int(values.size()); }
  /// "mean 0.5423 of seeds 0-2 (0.5395, 0.5705, 0.5515); all 20 seeds: mean ..., sd ..., range
  /// ...; degenerate heads: 0 of 3 headline seeds, 1 of 20 (seed 7: reads at chance)".
  std::string describe() const;
};

/// A tournament accuracy per seed of the runs read with a read-time map ("plain", "pi", "ntk", "yarn");
/// throws if the runs did not read it.
SeedValues seed_values(const Runs& runs, experiments::PositionScheme scheme, const std::string& map_name,
                       int length);
double mean(const std::vector<double>& values);
/// Values joined by ", ", each as ledger::format prints it.
std::string comma_list(const std::vector<double>& values);
/// The exact bag-of-tokens reader's accuracy on the runs' cue task at `length`.
double bag_reader_accuracy(const Runs& runs, int length);
/// The tournament's test-set size at each length (its configuration's test_sequences; every
/// recipe reads the same test sets).
long test_sequences();

/// The all-seed difference a - b of two sets of heads with the same seed indices, read on the
/// same n test items: the mean of the per-seed differences and its standard error
/// sqrt(s_d^2/N + p_a (1 - p_a)/n + p_b (1 - p_b)/n).
struct SeedDifference {
  double mean = 0, se = 0;
  int seeds = 0;
};
SeedDifference seed_difference(const SeedValues& a, const SeedValues& b, long n);
/// Mean of a minus mean of b for different heads on each side: the unpaired error
/// sqrt(s_a^2/N_a + s_b^2/N_b), decided on the smaller side's seeds.
SeedDifference unpaired_difference(const SeedValues& a, const SeedValues& b);
/// The standard error of the all-seed mean read on n test items: sqrt(s^2/N + p (1 - p)/n).
double se_of_mean(const SeedValues& v, long n);
/// An exact reader's accuracy minus the all-seed mean: the difference's error is the mean's alone.
SeedDifference exact_minus(double exact, const SeedValues& v, long n);

/// An effect claim: each part's difference must exceed k = 3 standard errors. Holds when every
/// part does; its resolution is the largest k se; a failure is inconclusive unless some part's
/// difference lies below -k se (the opposite effect, decided).
class Effects {
 public:
  /// Requires a - b > k se; `what` names the part in the detail.
  void require(const std::string& what, const SeedValues& a, const SeedValues& b, long n);
  void require(const std::string& what, const SeedDifference& d);
  /// The effect decided as a statistical test, or as a shape claim's predicate.
  ledger::Decided<ledger::Rule::statistical> statistical(std::string computed, const std::string& more) const;
  ledger::Decided<ledger::Rule::shape> shape(std::string computed, const std::string& more) const;

 private:
  bool holds_ = true, opposite_ = false;
  double resolution_ = 0;
  int seeds_ = 0;
  std::string parts_;
  /// The part nearest to failing (smallest difference beyond its 3 se): the outcome's estimate.
  SeedDifference weakest_{std::nan(""), std::nan(""), 0};
  double weakest_margin_ = HUGE_VAL;
  std::string detail(const std::string& more) const;
  void stamp(ledger::Outcome& o) const;
};

/// The accuracy of a reader with `classes` answers: from chance 1/classes to 1, reversing at
/// chance (a band that reaches it accepts a reader that guesses). Given the number of answers the
/// printed value was read on, a value within kSigmas binomial se of chance (or below it) is a
/// claim that the reader guesses, reversed by a reader that reads (ledger::reversal).
ledger::QuantityScale accuracy_scale(int classes, long answers = 0);

/// Rule::statistical for the all-seed mean against the article's printed mean of three seeds,
/// with the prediction interval in this header's comment: n test items behind this project's
/// values, n_article behind the article's; stamped with its resolution (k se + half a printed
/// unit, against accuracy_scale(classes)) and whether the printed digits are overprecise. The
/// detail prints every term.
ledger::Decided<ledger::Rule::statistical> against_article(const ledger::PrintedValue& article,
                                                           const SeedValues& seeds, long n, long n_article,
                                                           int classes);
/// against_article on the tournament's test sets (test_sequences() on both sides, 8 classes).
ledger::Decided<ledger::Rule::statistical> against_article(const ledger::PrintedValue& article,
                                                           const SeedValues& seeds);

/// The standard error against_article uses: sqrt(s^2/N + s^2/3 + p(1-p)/n + p_a(1-p_a)/n_a).
double se_against_article(const ledger::PrintedValue& article, const SeedValues& seeds, long n, long n_article);
/// The printed value has more digits than three seeds support: s/sqrt(3) > half a printed unit.
bool overprecise(const ledger::PrintedValue& article, const SeedValues& seeds);

/// "Reads at least what the article prints": the all-seed mean is no more than k = 3 standard
/// errors (se_against_article, test_sequences() on both sides) below the printed value. Writes
/// the comparison to `detail`; `band` (if given) receives the larger of itself and this
/// comparison's half-width, k se + half a printed unit.
bool reaches_article(const ledger::PrintedValue& article, const SeedValues& seeds, std::string* detail,
                     double* band = nullptr);

/// A statement about the article's seeds, judged by its rate over this project's seeds: holds
/// when at least kTypicalRate of them show it; resolution k = 3 binomial standard errors of the
/// rate at kTypicalRate. `per_seed` is the predicate's value per seed; `computed` and `detail`
/// describe them.
ledger::Decided<ledger::Rule::statistical> typical_of_seeds(const std::vector<bool>& per_seed,
                                                            const std::string& computed, const std::string& detail);

/// A paired comparison of two readers on the same test items: the mean of a - b over items and
/// its standard error sd(a - b)/sqrt(n).
struct PairedDifference {
  double mean = 0, se = 0;
};
PairedDifference paired_difference(const std::vector<double>& a, const std::vector<double>& b);

/// Per test sequence of the runs' tournament test set at `length`, the share of all seeds that
/// answer it right read with the map `map_name` (computed once per set of runs).
const std::vector<double>& per_sequence_correct(const Runs& runs, experiments::PositionScheme scheme,
                                                const std::string& map_name, int length);

/// Rule::statistical for "the seeds range from about LO to HI" (both printed): holds when the
/// printed range HI - LO, give or take a printed unit, meets the central 1 - 2 x 0.00135 interval
/// of the range of three seeds over every three of the runs' seeds (as extreme_of_three).
ledger::Decided<ledger::Rule::statistical> range_of_three(const ledger::PrintedRange& article,
                                                          const SeedValues& seeds);

/// Rule::statistical for "the lowest (highest) of three seeds is about X" (X printed): holds when
/// the printed value, give or take half a printed unit, meets the central 1 - 2 x 0.00135
/// interval (the two-sided tail of k = 3 standard normal errors) of that extreme over every
/// three of the runs' seeds.
ledger::Decided<ledger::Rule::statistical> extreme_of_three(const ledger::PrintedValue& article,
                                                            const SeedValues& seeds, bool lowest);

/// A way the article's own printed values rule out a reading of it: the claim whose printed
/// values decide, and why a reading is ruled out ("" when it is not). A section's unit registers
/// one at static initialisation (single-threaded, before main); the sweep asks every one, so the
/// report's programs learn it without naming the section.
struct ReadingRuleOut {
  std::string claim;
  std::function<std::string(const experiments::ModelReading&)> why;
};
/// Adds `rule` to reading_rule_outs(); returns true, for a namespace-scope registration.
bool register_reading_rule_out(ReadingRuleOut rule);
/// Every registered rule, in registration order.
const std::vector<ReadingRuleOut>& reading_rule_outs();

}  // namespace pe::theorems::lab
