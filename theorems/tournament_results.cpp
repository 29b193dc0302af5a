#include "tournament_results.hpp"

#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>

#ifndef PE_CACHE_DIR
#error "PE_CACHE_DIR must name the experiment cache directory"
#endif

namespace pe::theorems::lab {

using namespace pe::experiments;

const Tournament& tournament() {
  static const Tournament t = run_tournament(article_tournament(), PE_CACHE_DIR);
  return t;
}

const std::vector<Example>& test_set(int length) {
  static std::mutex mutex;
  static std::map<int, std::vector<Example>> sets;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = sets.find(length);
  if (it == sets.end()) it = sets.emplace(length, tournament_test_set(article_tournament(), length)).first;
  return it->second;
}

std::vector<double> seed_accuracies(PositionScheme scheme, const std::string& reading, int length) {
  const Tournament& t = tournament();
  std::vector<double> out;
  for (int k = 0; k < t.config.seeds; ++k) {
    const std::optional<double> a = t.accuracy(scheme, k, reading, length);
    if (!a)
      throw std::invalid_argument("the tournament did not read the " + to_string(scheme) +
                                  " heads '" + reading + "' at length " + std::to_string(length));
    out.push_back(*a);
  }
  return out;
}

double mean(const std::vector<double>& values) {
  if (values.empty()) throw std::invalid_argument("mean of no values");
  double s = 0;
  for (double v : values) s += v;
  return s / values.size();
}

std::string with_seeds(double value, const std::vector<double>& seeds) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f (seeds", value);
  std::string out = buf;
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s %.4f", i ? "," : "", seeds[i]);
    out += buf;
  }
  return out + ")";
}

std::string comma_list(const std::vector<double>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + ledger::format(values[i]);
  return out;
}

double bag_reader_accuracy(int length) {
  CueTask task = article_tournament().task;
  task.length = length;
  return bag_of_tokens_accuracy(task);
}

double binomial_se(double p, int n) { return std::sqrt(std::max(0.0, p * (1 - p)) / n); }

ledger::Outcome against_article(std::string_view article, const std::vector<double>& seeds) {
  const int n = article_tournament().test_sequences;
  const double estimate = mean(seeds);
  const double printed = ledger::value_of_printed(article);
  const double se = std::hypot(binomial_se(estimate, n), binomial_se(printed, n));
  ledger::Outcome o = ledger::statistical(article, estimate, se, kSigmas);
  o.computed = with_seeds(estimate, seeds);
  o.detail += "; se = binomial errors of this mean and the article's, each over 2000 shared "
              "test sequences, in quadrature";
  return o;
}

void add(ledger::UnitClaims& claims, ledger::Claim claim, const NotReproduced& not_reproduced) {
  const auto it = not_reproduced.find(claim.id);
  if (it != not_reproduced.end()) {
    claim.expected = ledger::Verdict::fails;
    claim.erratum = "Does not reproduce in this implementation. " + it->second;
  }
  claims.add(std::move(claim));
}

}  // namespace pe::theorems::lab
