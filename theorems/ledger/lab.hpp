/// @file
/// @brief The trained heads as the verification units read them: the recipe each family was
/// trained with (chosen by experiments/recipes.hpp's rule on validation data alone), the
/// headline runs in that recipe, and the comparisons of a mean over seeds with a printed mean.
///
/// Runs. tournament() and filings_study() are the headline runs: the selected recipe with
/// kSelectedSeeds seeds per scheme. Every decision reads all of them; seeds 0..2, the headline
/// seeds, stand beside the article's "mean of three seeds" in the notes only. The sensitivity
/// sweep (pe_sweep) points both at another recipe's runs for one thread with ActiveRuns, and
/// every claim evaluated in that thread then reads those runs.
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
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filing_readers.hpp"
#include "headline_runs.hpp"
#include "ledger.hpp"
#include "length_tournament.hpp"

namespace pe::theorems::lab {

/// Standard errors for every statistical comparison of the experiment units.
inline constexpr double kSigmas = 3.0;
/// A statement the article makes about one or all of its three seeds holds here when at least
/// this share of this project's seeds shows it: the behaviour is typical of a training run, not
/// an accident of one seed. Declared once for every such claim, before any was evaluated.
inline constexpr double kTypicalRate = 0.5;

/// The tournament and the filings study the calling thread reads: the headline runs, or the
/// runs an ActiveRuns in this thread points at.
const experiments::Tournament& tournament();
const experiments::FilingsStudy& filings_study();
/// While alive, tournament() and filings_study() in this thread return these runs, and
/// per_run() memoises apart from every other set of runs.
class ActiveRuns {
 public:
  ActiveRuns(const experiments::Tournament& tournament, const experiments::FilingsStudy& study);
  ~ActiveRuns();
  ActiveRuns(const ActiveRuns&) = delete;
  ActiveRuns& operator=(const ActiveRuns&) = delete;

 private:
  const experiments::Tournament* previous_tournament_;
  const experiments::FilingsStudy* previous_study_;
  long previous_generation_;
};

/// How many times this thread asked for a trained run (tournament(), filings_study() or
/// per_run()): the sweep tells an experiment claim from an exact one by whether it asks.
long training_reads();

/// Which families of trained runs this thread read since reset_families_read(), as a mask of
/// kTournamentRuns and kFilingsRuns (a memoised value counts the families its computation read):
/// the sweep judges a claim only in settings where every family it reads is plausible.
inline constexpr int kTournamentRuns = 1, kFilingsRuns = 2;
int families_read();
void reset_families_read();

/// A value computed from the runs this thread reads, computed once per set of runs.
template <class T>
const T& per_run(const std::string& key, const std::function<T()>& compute);

/// The shared test set at one length (memoised; no training involved).
const std::vector<experiments::Example>& test_set(int length);

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

/// A tournament accuracy per seed under a reading ("plain", "pi", "ntk", "yarn"); throws if
/// the runs did not read it.
SeedValues seed_values(experiments::PositionScheme scheme, const std::string& reading, int length);
/// The headline seeds' accuracies.
std::vector<double> seed_accuracies(experiments::PositionScheme scheme, const std::string& reading,
                                    int length);
double mean(const std::vector<double>& values);
/// Values joined by ", ", each as ledger::format prints it.
std::string comma_list(const std::vector<double>& values);
/// The exact bag-of-tokens reader's accuracy on the article's cue task at `length`.
double bag_reader_accuracy(int length);
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
  ledger::Outcome outcome(ledger::Rule rule, std::string computed, const std::string& detail) const;

 private:
  bool holds_ = true, opposite_ = false;
  double resolution_ = 0;
  int seeds_ = 0;
  std::string parts_;
  /// The part nearest to failing (smallest difference beyond its 3 se): the outcome's estimate.
  SeedDifference weakest_{std::nan(""), std::nan(""), 0};
  double weakest_margin_ = HUGE_VAL;
};

/// The accuracy of a reader with `classes` answers: from chance 1/classes to 1, reversing at
/// chance (a band that reaches it accepts a reader that guesses).
ledger::QuantityScale accuracy_scale(int classes);

/// Rule::statistical for the all-seed mean against the article's printed mean of three seeds,
/// with the prediction interval in this header's comment: n test items behind this project's
/// values, n_article behind the article's; stamped with its resolution (k se + half a printed
/// unit, against accuracy_scale(classes)) and whether the printed digits are overprecise. The
/// detail prints every term.
ledger::Outcome against_article(std::string_view article, const SeedValues& seeds, long n,
                                long n_article, int classes);
/// against_article on the tournament's test sets (test_sequences() on both sides, 8 classes).
ledger::Outcome against_article(std::string_view article, const SeedValues& seeds);

/// The standard error against_article uses: sqrt(s^2/N + s^2/3 + p(1-p)/n + p_a(1-p_a)/n_a).
double se_against_article(std::string_view article, const SeedValues& seeds, long n, long n_article);
/// The printed value has more digits than three seeds support: s/sqrt(3) > half a printed unit.
bool overprecise(std::string_view article, const SeedValues& seeds);

/// "Reads at least what the article prints": the all-seed mean is no more than k = 3 standard
/// errors (se_against_article, test_sequences() on both sides) below the printed value. Writes
/// the comparison to `detail`; `band` (if given) receives the larger of itself and this
/// comparison's half-width, k se + half a printed unit.
bool reaches_article(std::string_view article, const SeedValues& seeds, std::string* detail,
                     double* band = nullptr);

/// A statement about the article's seeds, judged by its rate over this project's seeds: holds
/// when at least kTypicalRate of them show it; resolution k = 3 binomial standard errors of the
/// rate at kTypicalRate. `per_seed` is the predicate's value per seed; `computed` and `detail`
/// describe them.
ledger::Outcome typical_of_seeds(const std::vector<bool>& per_seed, const std::string& computed,
                                 const std::string& detail);

/// A paired comparison of two readers on the same test items: the mean of a - b over items and
/// its standard error sd(a - b)/sqrt(n).
struct PairedDifference {
  double mean = 0, se = 0;
};
PairedDifference paired_difference(const std::vector<double>& a, const std::vector<double>& b);

/// Per test sequence of the tournament's test set at `length`, the share of all seeds that
/// answer it right under `reading` (memoised per set of runs).
const std::vector<double>& per_sequence_correct(experiments::PositionScheme scheme,
                                                const std::string& reading, int length);

/// Rule::statistical for "the seeds range from about LO to HI" (both printed): holds when the
/// printed range HI - LO, give or take a printed unit, meets the central 1 - 2 x 0.00135 interval
/// of the range of three seeds over every three of the runs' seeds (as extreme_of_three).
ledger::Outcome range_of_three(std::string_view low, std::string_view high, const SeedValues& seeds);

/// Rule::statistical for "the lowest (highest) of three seeds is about X" (X printed): holds when
/// the printed value, give or take half a printed unit, meets the central 1 - 2 x 0.00135
/// interval (the two-sided tail of k = 3 standard normal errors) of that extreme over every
/// three of the runs' seeds.
ledger::Outcome extreme_of_three(std::string_view article, const SeedValues& seeds, bool lowest);

/// Claims this implementation does not reproduce in the selected recipe, by id, each with its
/// reason in words. Measured values reach the report through the claim's computed value and
/// detail, never through this text.
using NotReproduced = std::map<std::string, std::string>;

/// An experiment claim as declared: expected to fail with a "does not reproduce" erratum when
/// its id is listed in `not_reproduced`; when it reads trained runs, stamped with the number of
/// seeds of the runs it read.
ledger::Claim experiment_claim(ledger::Claim claim, const NotReproduced& not_reproduced);

// ---- per_run's implementation ----------------------------------------------------------
namespace detail {
long active_generation();
void count_training_read();
void add_families_read(int families);
/// The memoised value and the families its computation read, or a null value.
std::shared_ptr<const void> find_memo(long generation, const std::string& key, int* families);
std::shared_ptr<const void> store_memo(long generation, const std::string& key,
                                       std::shared_ptr<const void> value, int families);
}  // namespace detail

template <class T>
const T& per_run(const std::string& key, const std::function<T()>& compute) {
  detail::count_training_read();
  const long generation = detail::active_generation();
  int families = 0;
  if (auto found = detail::find_memo(generation, key, &families)) {
    detail::add_families_read(families);
    return *static_cast<const T*>(found.get());
  }
  const int before = families_read();
  reset_families_read();
  auto value = std::make_shared<const T>(compute());
  families = families_read();
  reset_families_read();
  detail::add_families_read(before | families);
  return *static_cast<const T*>(detail::store_memo(generation, key, value, families).get());
}

}  // namespace pe::theorems::lab
