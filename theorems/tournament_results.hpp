/// @file
/// @brief The article's length tournament as the verification units read it: trained once per
/// build tree (cached under PE_CACHE_DIR by the `tournament.train` CTest fixture), with the
/// shared test sets, and the comparisons of a mean over seeds with a printed mean.
///
/// Standard errors. The three seeds of a scheme are read on the same 2,000 test sequences, so
/// the sampling error of the test set is common to all three and does not average out over
/// seeds: the mean over seeds has the binomial standard error of 2,000 sequences,
/// sqrt(p (1 - p) / 2000), when the seeds answer alike (and less only to the extent that they
/// disagree). Comparing with the article's mean, itself an estimate from its own 2,000
/// sequences, the two errors add in quadrature. Seed-to-seed variation of the trained heads is
/// not a sampling error of this kind, and no allowance is made for it; where it dominates, a
/// claim can fail for that reason and the ledger says so. Every comparison uses k = 3.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ledger.hpp"
#include "tournament.hpp"

namespace pe::theorems::lab {

/// Standard errors for every statistical comparison of the tournament units.
inline constexpr double kSigmas = 3.0;

/// The article's tournament, loaded from the cache or trained (memoised per process).
const experiments::Tournament& tournament();
/// The shared test set at one length (memoised).
const std::vector<experiments::Example>& test_set(int length);

/// One accuracy per seed under a reading ("plain", "pi", "ntk", "yarn"); throws if absent.
std::vector<double> seed_accuracies(experiments::PositionScheme scheme, const std::string& reading,
                                    int length);
double mean(const std::vector<double>& values);
/// "0.5423 (seeds 0.5395, 0.5705, 0.5515)".
std::string with_seeds(double value, const std::vector<double>& seeds);
/// Values joined by ", ", each as ledger::format prints it: "0.5395, 0.5705, 0.5515" (per-seed
/// values with no mean to lead them, means per length, and the like).
std::string comma_list(const std::vector<double>& values);
/// The exact bag-of-tokens reader's accuracy on the article's cue task at `length`: the best a
/// reader blind to order can do, the baseline of the "reads the task" and "collapses" claims.
double bag_reader_accuracy(int length);
/// sqrt(p (1 - p) / n).
double binomial_se(double p, int n);

/// Rule::statistical for a mean over seeds against the article's printed mean: the two
/// binomial errors of 2,000 sequences in quadrature, k = 3; the computed text lists the seeds.
ledger::Outcome against_article(std::string_view article, const std::vector<double>& seeds);

/// Statements of the article that this implementation does not reproduce, by claim id: the
/// measured values and what differs. The verdict is still computed on every run; the note
/// records what the seeded run gave when the expectation was set.
using NotReproduced = std::map<std::string, std::string>;

/// claims.add(claim), declared expected to fail with a "does not reproduce" erratum when its id
/// is listed in `not_reproduced`.
void add(ledger::UnitClaims& claims, ledger::Claim claim, const NotReproduced& not_reproduced);

}  // namespace pe::theorems::lab
