#include "lab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>

#include "statistics.hpp"

namespace pe::theorems::lab {

using namespace pe::experiments;

const std::vector<Example>& test_set(const Runs& runs, int length) {
  // A test set depends on the task's no-mark rule and the length alone: every recipe of a
  // reading reads the same ones (with_recipe changes training, never the task).
  static std::mutex mutex;
  static std::map<std::pair<std::string, int>, std::vector<Example>> sets;
  const TournamentConfig& config = runs.tournament().config;
  const std::pair<std::string, int> key{to_string(config.task.no_mark), length};
  std::lock_guard<std::mutex> lock(mutex);
  auto it = sets.find(key);
  if (it == sets.end()) it = sets.emplace(key, tournament_test_set(config, length)).first;
  return it->second;
}

std::vector<double> SeedValues::headline() const {
  if (values.size() < std::size_t(kHeadlineSeeds))
    throw std::invalid_argument("the runs have " + std::to_string(values.size()) + " seeds, fewer than the " +
                                std::to_string(kHeadlineSeeds) + " headline seeds");
  return {values.begin(), values.begin() + kHeadlineSeeds};
}

double SeedValues::headline_mean() const { return lab::mean(headline()); }

double SeedValues::mean() const { return lab::mean(values); }

double SeedValues::between_seed_variance() const {
  if (values.size() < 2) return 0;
  const double m = lab::mean(values);
  double s = 0;
  for (double v : values) s += (v - m) * (v - m);
  return s / double(values.size() - 1);
}

std::string SeedValues::describe() const {
  char buf[160];
  std::string out;
  const std::vector<double> h = headline();
  std::snprintf(buf, sizeof buf, "headline seeds 0-%d: mean %.4f (", kHeadlineSeeds - 1, lab::mean(h));
  out = buf;
  for (std::size_t i = 0; i < h.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s%.4f", i ? ", " : "", h[i]);
    out += buf;
  }
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  std::snprintf(buf, sizeof buf, "); all %zu seeds: mean %.4f, sd %.4f, range %.4f to %.4f", values.size(),
                lab::mean(values), std::sqrt(between_seed_variance()), *lo, *hi);
  out += buf;
  int in_headline = 0, in_all = 0;
  std::string which;
  for (std::size_t i = 0; i < degenerate.size(); ++i)
    if (!degenerate[i].empty()) {
      ++in_all;
      in_headline += i < std::size_t(kHeadlineSeeds);
      which += (which.empty() ? "" : ", ") + ("seed " + std::to_string(i) + ": " + degenerate[i]);
    }
  out += "; degenerate heads: " + std::to_string(in_headline) + " of " + std::to_string(kHeadlineSeeds) +
         " headline seeds, " + std::to_string(in_all) + " of " + std::to_string(values.size());
  if (!which.empty()) out += " (" + which + ")";
  return out;
}

SeedValues seed_values(const Runs& runs, PositionScheme scheme, const std::string& map_name, int length) {
  const Tournament& t = runs.tournament();
  SeedValues out;
  for (int k = 0; k < t.config.seeds; ++k) {
    const std::optional<double> a = t.accuracy(scheme, k, map_name, length);
    if (!a)
      throw std::invalid_argument("the tournament did not read the " + to_string(scheme) +
                                  " heads '" + map_name + "' at length " + std::to_string(length));
    out.values.push_back(*a);
    out.degenerate.push_back(degenerate_reason(t, t.run(scheme, k)));
  }
  return out;
}

double mean(const std::vector<double>& values) {
  if (values.empty()) throw std::invalid_argument("mean of no values");
  double s = 0;
  for (double v : values) s += v;
  return s / values.size();
}

std::string comma_list(const std::vector<double>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + ledger::format(values[i]);
  return out;
}

double bag_reader_accuracy(const Runs& runs, int length) {
  CueTask task = runs.tournament().config.task;
  task.length = length;
  return bag_of_tokens_accuracy(task);
}

long test_sequences() { return article_tournament().test_sequences; }

SeedDifference seed_difference(const SeedValues& a, const SeedValues& b, long n) {
  if (a.values.size() != b.values.size() || a.values.empty())
    throw std::invalid_argument("seed_difference needs the same seeds on both sides, got " +
                                std::to_string(a.values.size()) + " and " + std::to_string(b.values.size()));
  SeedValues d;
  for (std::size_t k = 0; k < a.values.size(); ++k) d.values.push_back(a.values[k] - b.values[k]);
  const double seed_term = d.between_seed_variance() / double(d.values.size());
  return {d.mean(),
          std::sqrt(seed_term + std::pow(binomial_standard_error(a.mean(), n), 2) +
                    std::pow(binomial_standard_error(b.mean(), n), 2)),
          d.seeds()};
}

SeedDifference unpaired_difference(const SeedValues& a, const SeedValues& b) {
  if (a.seeds() < 2 || b.seeds() < 2)
    throw std::invalid_argument("unpaired_difference needs at least 2 seeds on each side, got " +
                                std::to_string(a.seeds()) + " and " + std::to_string(b.seeds()));
  return {a.mean() - b.mean(),
          std::sqrt(a.between_seed_variance() / a.seeds() + b.between_seed_variance() / b.seeds()),
          std::min(a.seeds(), b.seeds())};
}

double se_of_mean(const SeedValues& v, long n) {
  return std::sqrt(v.between_seed_variance() / v.seeds() + std::pow(binomial_standard_error(v.mean(), n), 2));
}

SeedDifference exact_minus(double exact, const SeedValues& v, long n) {
  return {exact - v.mean(), se_of_mean(v, n), v.seeds()};
}

void Effects::require(const std::string& what, const SeedValues& a, const SeedValues& b, long n) {
  require(what, seed_difference(a, b, n));
}

void Effects::require(const std::string& what, const SeedDifference& d) {
  const double allowed = kSigmas * d.se;
  holds_ = holds_ && d.mean > allowed;
  // With no error at all (identical answers) a difference of 0 or less is decided too.
  opposite_ = opposite_ || d.mean < -allowed || (allowed == 0 && d.mean <= 0);
  resolution_ = std::max(resolution_, allowed);
  seeds_ = std::max(seeds_, d.seeds);
  if (d.mean - allowed < weakest_margin_) {
    weakest_margin_ = d.mean - allowed;
    weakest_ = d;
  }
  parts_ += (parts_.empty() ? "" : "; ") + what + " " + ledger::format(d.mean) + (d.mean > allowed ? " > " : " <= ") +
            "3 se " + ledger::format(allowed);
}

std::string Effects::detail(const std::string& more) const {
  return "all-seed differences (" + std::to_string(seeds_) +
         " seeds, paired by seed; se from their spread and both test-set errors): " + parts_ +
         (more.empty() ? "" : "; " + more);
}

void Effects::stamp(ledger::Outcome& o) const {
  o.resolution = resolution_;
  o.seeds = seeds_;
  ledger::stamp_estimate(o, weakest_.mean, weakest_.se);
  if (!holds_ && !opposite_)
    o.inconclusive = "no part shows the opposite effect beyond 3 se: with these seeds the effect is neither "
                     "found nor ruled out";
}

ledger::Decided<ledger::Rule::statistical> Effects::statistical(std::string computed, const std::string& more) const {
  auto o = ledger::statistical_test(holds_, std::move(computed), detail(more));
  stamp(o);
  return o;
}

ledger::Decided<ledger::Rule::shape> Effects::shape(std::string computed, const std::string& more) const {
  auto o = ledger::shape(holds_, std::move(computed), detail(more));
  stamp(o);
  return o;
}

ledger::QuantityScale accuracy_scale(int classes, long answers) {
  const double chance = 1.0 / classes;
  ledger::QuantityScale scale{chance, 1.0, "the accuracy's range from chance " + ledger::format(chance) + " to 1",
                              chance, "chance (a reader that guesses " + std::to_string(classes) + " answers)"};
  if (answers > 0) scale.low_end_zone = kSigmas * binomial_standard_error(chance, answers);
  return scale;
}

double se_against_article(const ledger::PrintedValue& article, const SeedValues& seeds, long n, long n_article) {
  const double s2 = seeds.between_seed_variance();
  const double ours = binomial_standard_error(seeds.mean(), n);
  const double theirs = binomial_standard_error(article.value, n_article);
  return std::sqrt(s2 / double(seeds.values.size()) + s2 / kHeadlineSeeds + ours * ours + theirs * theirs);
}

bool overprecise(const ledger::PrintedValue& article, const SeedValues& seeds) {
  return std::sqrt(seeds.between_seed_variance() / kHeadlineSeeds) > article.half_unit;
}

ledger::Decided<ledger::Rule::statistical> against_article(const ledger::PrintedValue& article,
                                                           const SeedValues& seeds, long n, long n_article,
                                                           int classes) {
  const double estimate = seeds.mean();
  const double printed = article.value;
  const double s2 = seeds.between_seed_variance();
  const double ours = binomial_standard_error(estimate, n), theirs = binomial_standard_error(printed, n_article);
  const double se = se_against_article(article, seeds, n, n_article);
  auto o = ledger::statistical(article, estimate, se, kSigmas);
  o.computed = ledger::format(estimate);
  o.detail += "; the article's mean of three seeds against the prediction interval around this project's "
              "mean of all " + std::to_string(seeds.values.size()) + " seeds: se^2 = s^2/N (ours) + s^2/3 "
              "(the article's) + p(1-p)/n + p_a(1-p_a)/n_a = " +
              ledger::format(s2 / double(seeds.values.size())) + " + " + ledger::format(s2 / kHeadlineSeeds) +
              " + " + ledger::format(ours * ours) + " + " + ledger::format(theirs * theirs) +
              ", n = " + std::to_string(n) + ", n_a = " + std::to_string(n_article) + "; " + seeds.describe();
  o = ledger::with_band(std::move(o), printed, kSigmas * se + article.half_unit, accuracy_scale(classes, n_article));
  o.seeds = seeds.seeds();
  o = ledger::with_estimate(std::move(o), estimate, se_of_mean(seeds, n));
  o.overprecise = overprecise(article, seeds);
  if (o.overprecise)
    o.detail += "; the article prints more digits than three seeds support (s/sqrt(3) = " +
                ledger::format(std::sqrt(s2 / kHeadlineSeeds)) + " > half a printed unit " +
                ledger::half_unit_text(article.text) + ")";
  return o;
}

ledger::Decided<ledger::Rule::statistical> against_article(const ledger::PrintedValue& article,
                                                           const SeedValues& seeds) {
  return against_article(article, seeds, test_sequences(), test_sequences(), article_tournament().shape.classes);
}

bool reaches_article(const ledger::PrintedValue& article, const SeedValues& seeds, std::string* detail, double* band) {
  const double se = se_against_article(article, seeds, test_sequences(), test_sequences());
  const double half = article.half_unit + kSigmas * se;
  const double floor = article.value - half;
  const double mean = seeds.mean();
  if (band) *band = std::max(*band, half);
  if (detail)
    *detail += "all-seed mean " + ledger::format(mean) + (mean >= floor ? " >= " : " < ") + ledger::format(floor) +
               " = printed " + article.text + " - half a unit - 3 se (" + ledger::format(se) + "); ";
  return mean >= floor;
}

ledger::Decided<ledger::Rule::statistical> typical_of_seeds(const std::vector<bool>& per_seed,
                                                            const std::string& computed, const std::string& detail) {
  if (per_seed.empty()) throw std::invalid_argument("typical_of_seeds needs at least one seed");
  const long n = long(per_seed.size());
  const long showing = long(std::count(per_seed.begin(), per_seed.end(), true));
  const double rate = double(showing) / double(n);
  const double half = kSigmas * binomial_standard_error(kTypicalRate, n);
  std::string which;
  for (std::size_t k = 0; k < per_seed.size(); ++k)
    if (per_seed[k]) which += (which.empty() ? "" : " ") + std::to_string(k);
  auto o = ledger::statistical_test(
      rate >= kTypicalRate, std::to_string(showing) + " of " + std::to_string(n) + " seeds; " + computed,
      "rate " + ledger::format(rate) + (rate >= kTypicalRate ? " >= " : " < ") + ledger::format(kTypicalRate) +
          " (kTypicalRate), 3 binomial se at that rate " + ledger::format(half) + "; seeds showing it: " +
          (which.empty() ? "none" : which) + "; " + detail);
  o = ledger::with_threshold_margin(std::move(o), rate, kTypicalRate, half);
  o = ledger::with_estimate(std::move(o), rate, binomial_standard_error(rate, n));
  o.seeds = int(n);
  return o;
}

PairedDifference paired_difference(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size() || a.size() < 2)
    throw std::invalid_argument("paired_difference needs two readings of the same items, at least 2, got " +
                                std::to_string(a.size()) + " and " + std::to_string(b.size()));
  const double n = double(a.size());
  double m = 0, m2 = 0;
  for (std::size_t i = 0; i < a.size(); ++i) m += (a[i] - b[i]) / n;
  for (std::size_t i = 0; i < a.size(); ++i) m2 += (a[i] - b[i] - m) * (a[i] - b[i] - m) / (n - 1);
  return {m, std::sqrt(m2 / n)};
}

const std::vector<double>& per_sequence_correct(const Runs& runs, experiments::PositionScheme scheme,
                                                const std::string& map_name, int length) {
  const std::string key = "per-sequence " + to_string(scheme) + " " + map_name + " " + std::to_string(length);
  return per_run<std::vector<double>>(runs, ledger::kTournamentRuns, key, [scheme, map_name, length](const Runs& runs) {
    const Tournament& t = runs.tournament();
    const std::vector<Example>& test = test_set(runs, length);
    const ReadTimeMap how = map_name == "plain"
                            ? ReadTimeMap{}
                            : ReadTimeMap::rope(context_extension_from_string(map_name), length, t.config.task.length);
    std::vector<double> share(test.size(), 0.0);
    HeadEvaluator evaluator;
    for (int k = 0; k < t.config.seeds; ++k) {
      const Eigen::MatrixXd& logits = evaluator.logits_at_last(t.trained_head(scheme, k), test, how);
      for (std::size_t b = 0; b < test.size(); ++b) {
        Eigen::Index best = 0;
        logits.row(Eigen::Index(b)).maxCoeff(&best);
        share[b] += double(best == test[b].target) / t.config.seeds;
      }
    }
    return share;
  });
}

namespace {
/// The central 1 - 2 x 0.00135 interval (the two-sided tail of k = 3 normal standard errors) of
/// a statistic of three seeds over every three of the runs' seeds.
std::pair<double, double> central_interval_of_three(const std::vector<double>& v,
                                                    const std::function<double(double, double, double)>& statistic) {
  std::vector<double> values;
  for (std::size_t a = 0; a < v.size(); ++a)
    for (std::size_t b = a + 1; b < v.size(); ++b)
      for (std::size_t c = b + 1; c < v.size(); ++c) values.push_back(statistic(v[a], v[b], v[c]));
  if (values.empty()) throw std::invalid_argument("a statistic of three seeds needs at least three seeds");
  std::sort(values.begin(), values.end());
  const double tail = 0.00135;
  auto quantile = [&](double q) {
    const double pos = q * double(values.size() - 1);
    const std::size_t i = std::size_t(std::floor(pos));
    const double f = pos - double(i);
    return i + 1 < values.size() ? values[i] * (1 - f) + values[i + 1] * f : values[i];
  };
  return {quantile(tail), quantile(1 - tail)};
}
}  // namespace

ledger::Decided<ledger::Rule::statistical> range_of_three(const ledger::PrintedRange& article,
                                                          const SeedValues& seeds) {
  const auto [lo, hi] = central_interval_of_three(seeds.values, [](double a, double b, double c) {
    return std::max({a, b, c}) - std::min({a, b, c});
  });
  const double printed = article.high.value - article.low.value;
  const double half = article.high.half_unit + article.low.half_unit;
  const bool holds = printed + half >= lo && printed - half <= hi;
  const std::vector<double> h = seeds.headline();
  const double headline = *std::max_element(h.begin(), h.end()) - *std::min_element(h.begin(), h.end());
  auto o = ledger::statistical_test(holds, ledger::format(headline),
                                  "the range of three seeds over every three of " + std::to_string(seeds.values.size()) +
                                      " seeds has central interval [" + ledger::format(lo) + ", " +
                                      ledger::format(hi) + "] (tails 0.00135, k = 3); printed range " +
                                      ledger::format(printed) + " +/- " + ledger::format(half) +
                                      "; computed is the headline seeds' range; " + seeds.describe());
  // The statistic is a spread: a band reaching 0 would accept seeds that do not spread at all.
  ledger::QuantityScale spread = accuracy_scale(article_tournament().shape.classes);
  spread.high -= spread.low;
  spread.low = 0;
  spread.text = "the range's own range from 0 to " + ledger::format(spread.high);
  spread.reverses_at = 0;
  spread.reverses_text = "no spread between the seeds";
  o = ledger::with_band(std::move(o), (lo + hi) / 2, (hi - lo) / 2 + half, spread);
  o.seeds = seeds.seeds();
  return o;
}

ledger::Decided<ledger::Rule::statistical> extreme_of_three(const ledger::PrintedValue& article,
                                                            const SeedValues& seeds, bool lowest) {
  const auto [lo, hi] = central_interval_of_three(seeds.values, [lowest](double a, double b, double c) {
    return lowest ? std::min({a, b, c}) : std::max({a, b, c});
  });
  const double printed = article.value;
  const double half = article.half_unit;
  const bool holds = printed + half >= lo && printed - half <= hi;
  const std::vector<double> h = seeds.headline();
  const double headline = lowest ? *std::min_element(h.begin(), h.end()) : *std::max_element(h.begin(), h.end());
  auto o = ledger::statistical_test(holds, ledger::format(headline),
                         std::string("the ") + (lowest ? "lowest" : "highest") + " of three seeds over all " +
                             std::to_string(seeds.values.size()) + " seeds: every three has central interval [" +
                             ledger::format(lo) + ", " + ledger::format(hi) +
                             "] (tails 0.00135, k = 3); printed " + article.text + " +/- " +
                             ledger::format(half) + "; computed is the headline seeds' value; " + seeds.describe());
  o = ledger::with_band(std::move(o), (lo + hi) / 2, (hi - lo) / 2 + half,
                        accuracy_scale(article_tournament().shape.classes));
  o.seeds = seeds.seeds();
  return o;
}

namespace {
std::vector<ReadingRuleOut>& rule_outs() {
  static std::vector<ReadingRuleOut> rules;
  return rules;
}
}  // namespace

bool register_reading_rule_out(ReadingRuleOut rule) {
  rule_outs().push_back(std::move(rule));
  return true;
}

const std::vector<ReadingRuleOut>& reading_rule_outs() { return rule_outs(); }

}  // namespace pe::theorems::lab
