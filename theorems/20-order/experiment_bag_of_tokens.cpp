/// @file
/// @brief A causal head without positions reads a bag of tokens: its best accuracy on the cue
/// task, computed exactly, and the trained no-position heads against it.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (20-order.md, \ref order); this file is how they are checked.
///
/// What the checks compute. The reader's expected accuracy exactly, as a sum over the binomial
/// law of M and the law of the largest cell of a uniform multinomial (a recursion over the 8
/// symbols, experiments/cue_task.cpp; checked against enumeration of every sequence in
/// tests/cue_task_test.cpp). The article does not say what a sequence without any mark asks
/// for; the exact values under each convention show which one reproduces its 0.547 and 0.234,
/// and the project samples the task under that one. Then the article's and this project's
/// trained no-position heads are held against the exact value at every test length. The printed
/// 0.547 and 0.234 are certified: the same sum is enclosed in MPFI (exact_bag_enclosed).
#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <sstream>

#include "experiment_bag_of_tokens.hpp"
#include "certified.hpp"
#include "ledger.hpp"
#include "statistics.hpp"
#include "lab.hpp"
#include "order_section.hpp"

namespace pe::theorems {
namespace {

using namespace pe::experiments;

double exact_bag(int length, NoMarkRule rule) {
  CueTask task = article_tournament().task;
  task.length = length;
  task.no_mark = rule;
  return bag_of_tokens_accuracy(task);
}

/// The bag reader's exact accuracy under the forced-mark rule, enclosed at the precision in
/// force, by the same decomposition as bag_of_tokens_accuracy with each probability an MPFI
/// interval: P(M = m) for M ~ Binomial(L - 1, 1/10) and E[max_s c_s | m] = sum_k P(max > k | m),
/// P(max <= k | r items in b cells) by peeling one cell (its count is Binomial(r, 1/b)). Mark
/// counts above kMostMarks are not summed: their terms E[max | m] / m lie in [0, 1], so they
/// add [0, P(M > kMostMarks)], and that mass is enclosed as 1 - P(M <= kMostMarks).
Enclosure exact_bag_enclosed(int length) {
  constexpr int kMostMarks = 80;  // P(M > 80) < 1e-19 at L = 256, far inside the printed digits
  const CueTask task = article_tournament().task;
  const int content = length - 1, symbols = task.symbols;
  const int most = std::min(content, kMostMarks);
  const Enclosure p = Enclosure(1) / 10, q = 1 - p;  // the article's mark probability 0.1
  // cells[b][r][c] = C(r, c) (1/b)^c (1 - 1/b)^(r - c), by Pascal's rule.
  std::vector<std::vector<std::vector<Enclosure>>> cells(symbols + 1);
  for (int b = 2; b <= symbols; ++b) {
    const Enclosure in = Enclosure(1) / b, out = 1 - in;
    cells[b].assign(most + 1, {});
    cells[b][0] = {Enclosure(1)};
    for (int r = 1; r <= most; ++r) {
      cells[b][r].assign(r + 1, Enclosure(0));
      for (int c = 0; c <= r; ++c) {
        if (c < r) cells[b][r][c] += cells[b][r - 1][c] * out;
        if (c > 0) cells[b][r][c] += cells[b][r - 1][c - 1] * in;
      }
    }
  }
  // at_most[k][r] = P(max <= k | r items in `symbols` cells), k < most, r <= most.
  std::vector<std::vector<Enclosure>> at_most(most);
  for (int k = 0; k < most; ++k) {
    std::vector<Enclosure> current(most + 1), next(most + 1);
    for (int r = 0; r <= most; ++r) current[r] = r <= k ? 1 : 0;  // one cell
    for (int b = 2; b <= symbols; ++b) {
      for (int r = 0; r <= most; ++r) {
        Enclosure sum = 0;
        for (int c = 0; c <= std::min(k, r); ++c) sum += cells[b][r][c] * current[r - c];
        next[r] = sum;
      }
      current.swap(next);
    }
    at_most[k] = current;
  }
  Enclosure pmf = pow(q, content), mass = pmf, total = pmf;  // P(M = 0) counts: a forced mark
  for (int m = 1; m <= most; ++m) {
    pmf = pmf * (content - m + 1) / m * p / q;
    mass += pmf;
    Enclosure expected_max = 0;
    for (int k = 0; k < m; ++k) expected_max += 1 - at_most[k][m];
    total += pmf * expected_max / m;
  }
  return total + hull(Enclosure(0), 1 - mass);
}

std::string rule_values(int length) {
  std::ostringstream s;
  s << "at length " << length << ":";
  for (NoMarkRule r : all_no_mark_rules()) s << ' ' << to_string(r) << ' ' << ledger::format(exact_bag(length, r));
  return s.str();
}

/// The no-position heads against the bag reader on the same test sequences: the bag reader's
/// accuracy there and the paired difference (heads' per-sequence share right minus the bag
/// reader's correctness).
struct PairedReading {
  double bag_on_test_set = 0;
  lab::PairedDifference difference;
};

PairedReading paired(const lab::Runs& runs, int length) {
  const std::vector<Example>& test = lab::test_set(runs, length);
  const Tournament& t = runs.tournament();
  std::vector<double> bag(test.size());
  for (std::size_t b = 0; b < test.size(); ++b)
    bag[b] = bag_of_tokens_guess(test[b].tokens, t.config.task.symbols, t.config.task.no_mark) == test[b].target;
  PairedReading out;
  out.bag_on_test_set = lab::mean(bag);
  out.difference = lab::paired_difference(lab::per_sequence_correct(runs, PositionScheme::none, "plain", length), bag);
  return out;
}

const PairedReading& paired_cached(const lab::Runs& runs, int length) {
  return lab::per_run<PairedReading>(runs, ledger::kTournamentRuns, "bag paired " + std::to_string(length),
                                     [length](const lab::Runs& runs) { return paired(runs, length); });
}

}  // namespace

bool no_mark_rule_prints_as_article(NoMarkRule rule) {
  return ledger::printed(ledger::PrintedValue::of("0.547"), exact_bag(32, rule)).verdict == ledger::Verdict::holds &&
         ledger::printed(ledger::PrintedValue::of("0.234"), exact_bag(256, rule)).verdict == ledger::Verdict::holds;
}

std::string why_no_mark_rule_is_ruled_out(NoMarkRule rule) {
  if (no_mark_rule_prints_as_article(rule)) return "";
  return "with no_mark = " + to_string(rule) + " the exact bag-of-tokens reader gives " +
         ledger::format(exact_bag(32, rule)) + " at length 32 and " + ledger::format(exact_bag(256, rule)) +
         " at 256, which do not both print as the article's 0.547 and 0.234";
}

namespace {
// The sweep learns through the lab which readings these printed values rule out.
const bool registered_no_mark_rule = lab::register_reading_rule_out(
    {kNoMarkRuleClaim, [](const ModelReading& reading) { return why_no_mark_rule_is_ruled_out(reading.no_mark); }});
}  // namespace

}  // namespace pe::theorems

namespace pe::theorems::experiment_bag_of_tokens_claims {
constexpr char kUnit[] = "experiment_bag_of_tokens";
using namespace pe::ledger;
using namespace pe::theorems;
using namespace pe::experiments;
const std::string section = kOrderSection;
struct Printed {
  int length;
  const char* value;
};

Claim bag_exact(const Printed& p) {
  return Claim("exp.bag.exact.L" + std::to_string(p.length)).in_section(section)
      .stating("The bag-of-tokens reader's exact accuracy on the cue task at length " +
          std::to_string(p.length) + " (no-mark rule: force a mark)")
      .printed_as(p.value).decided_by([p](const PrintedValue& article) {
        auto o = printed_enclosed(article, exact_bag(p.length, NoMarkRule::force_mark),
                                     [p] { return exact_bag_enclosed(p.length); });
        o.detail += "; every no-mark rule " + rule_values(p.length);
        return o;
      });
}
const Printed kPrintedExact[] = {{32, "0.547"}, {256, "0.234"}};
PE_CLAIM_FAMILY(bag_exact, kPrintedExact, &bag_exact);

PE_CLAIM(bag_no_mark_rule) {
  return Claim(kNoMarkRuleClaim).in_section(section)
      .stating("The printed 0.547 (length 32) and 0.234 (length 256) decide what a sequence "
      "without marks asks for: exactly the rules under which the bag reader is right on "
      "it (force a mark; target a fixed symbol) print as both values, and the project "
      "samples the task by forcing a mark")
      .printed_as("0.547 and 0.234").decided_by([] {
        std::string matching;
        bool only_known = true;
        for (NoMarkRule r : all_no_mark_rules()) {
          if (!no_mark_rule_prints_as_article(r)) continue;
          matching += (matching.empty() ? "" : ", ") + to_string(r);
          only_known = only_known && (r == NoMarkRule::force_mark || r == NoMarkRule::fixed_symbol);
        }
        const bool sampled = article_tournament().task.no_mark == NoMarkRule::force_mark;
        return shape(only_known && matching == "force_mark, fixed_symbol" && sampled,
                       "rules printing as both: " + matching,
                       rule_values(32) + "; " + rule_values(256) +
                           "; the tournament samples with no_mark = " +
                           to_string(article_tournament().task.no_mark));
      });
}
struct Heads {
  int length;
  const char* article;
};
const Heads heads[] = {{32, "0.542"}, {64, "0.367"}, {128, "0.286"}, {256, "0.237"}};

Claim article_heads(const Heads& h) {
  const std::string L = std::to_string(h.length);
  // The paragraph prints the head means at 32 and 256; the tournament table's first row has all four.
  const std::string printed_in = h.length == 32 || h.length == 256 ? "exp.bag" : "table.tournament";
  return printed_at(Claim("exp.bag.article_heads.L" + L).in_section(section)
      .stating("The article's no-position heads (mean of three seeds) match the exact "
      "bag-of-tokens reader at length " + L + " within sampling error (k = 3, binomial "
      "se of " + std::to_string(lab::test_sequences()) + " shared test sequences)")
      .printed_as(h.article).decided_by([h](const PrintedValue& article) {
        const double exact = exact_bag(h.length, NoMarkRule::force_mark);
        auto o = statistical(article, exact, pe::binomial_standard_error(exact, lab::test_sequences()),
                                lab::kSigmas);
        o.detail = "exact reader " + format(exact) + " against the printed head mean; " + o.detail;
        return with_band(std::move(o), article.value,
                         lab::kSigmas * pe::binomial_standard_error(exact, lab::test_sequences()) + article.half_unit,
                         lab::accuracy_scale(8));
      }), {{printed_in, h.article}});
}

Claim heads_match_bag(const Heads& h) {
  const std::string L = std::to_string(h.length);
  return lab::experiment_claim(
      Claim("exp.bag.heads.L" + L).in_section(section)
       .stating("This project's no-position heads (all seeds) match the bag-of-tokens reader "
       "on the same " + std::to_string(lab::test_sequences()) + " test sequences at length " + L +
       ": the paired difference of their per-sequence accuracy is within k = 3 of its "
       "standard error")
       .printed_as("matches the exact reader").reads_runs(kTournamentRuns), [h](const lab::Runs& runs) {
         const double exact = exact_bag(h.length, NoMarkRule::force_mark);
         const lab::SeedValues seeds = lab::seed_values(runs, PositionScheme::none, "plain", h.length);
         const PairedReading& pr = paired_cached(runs, h.length);
         const double gap = std::fabs(pr.difference.mean), allowed = lab::kSigmas * pr.difference.se;
         auto o = statistical_test(gap <= allowed, format(seeds.mean()),
                        "paired |heads - bag reader| = " + format(gap) + (gap <= allowed ? " <= " : " > ") +
                            format(allowed) + " (3 paired se, se " + format(pr.difference.se) +
                            "); the bag reader scores " + format(pr.bag_on_test_set) +
                            " on these sequences and " + format(exact) + " exactly; " + seeds.describe());
         o = with_estimate(std::move(o), seeds.mean(), lab::se_of_mean(seeds, lab::test_sequences()));
         // The heads' accuracy is accepted within `allowed` of the bag reader's on these sequences.
         return with_band(std::move(o), pr.bag_on_test_set, allowed, lab::accuracy_scale(8));
       });
}
PE_CLAIM_FAMILY(heads, heads, &article_heads, &heads_match_bag);

}  // namespace pe::theorems::experiment_bag_of_tokens_claims

