#include "cue_task.hpp"

#include "memo.hpp"
#include "limits.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <utility>
#include <stdexcept>

namespace pe::experiments {

std::string to_string(NoMarkRule rule) {
  switch (rule) {
    case NoMarkRule::force_mark: return "force_mark";
    case NoMarkRule::resample: return "resample";
    case NoMarkRule::fixed_symbol: return "fixed_symbol";
    case NoMarkRule::last_token: return "last_token";
    case NoMarkRule::random_target: return "random_target";
    case NoMarkRule::count_as_wrong: return "count_as_wrong";
  }
  return "?";
}

const std::vector<NoMarkRule>& all_no_mark_rules() {
  static const std::vector<NoMarkRule> rules = {
      NoMarkRule::force_mark, NoMarkRule::resample,      NoMarkRule::fixed_symbol,
      NoMarkRule::last_token, NoMarkRule::random_target, NoMarkRule::count_as_wrong};
  return rules;
}

NoMarkRule no_mark_rule_from_string(const std::string& name) {
  for (NoMarkRule rule : all_no_mark_rules())
    if (to_string(rule) == name) return rule;
  throw std::invalid_argument("unknown no-mark rule '" + name +
                              "'; valid: force_mark, resample, fixed_symbol, last_token, "
                              "random_target, count_as_wrong");
}

void CueTask::validate() const {
  if (length < 2)
    throw std::invalid_argument("cue task length must be >= 2 (content tokens and a query), "
                                "got length = " + std::to_string(length));
  require_at_most(length, kMaxSequenceLength, "length", "cue task");
  if (symbols < 1)
    throw std::invalid_argument("cue task symbols must be >= 1, got symbols = " +
                                std::to_string(symbols));
  if (!(mark_probability > 0 && mark_probability <= 1))
    throw std::invalid_argument("cue task mark_probability must lie in (0, 1], got "
                                "mark_probability = " + std::to_string(mark_probability));
}

void CueTask::sample(Rng& rng, Example& example) const {
  validate();
  if (no_mark == NoMarkRule::count_as_wrong)
    throw std::invalid_argument("no_mark = count_as_wrong defines an accuracy, not a target; "
                                "it cannot be sampled");
  const int content = length - 1;
  example.tokens.resize(length);
  // One 64-bit draw per token: the top 53 bits give the mark's uniform, and when the number
  // of symbols is a power of two the low bits give the symbol (disjoint bits, so independent).
  const bool power_of_two = (symbols & (symbols - 1)) == 0;
  const std::uint64_t symbol_mask = static_cast<std::uint64_t>(symbols - 1);
  auto& engine = rng.engine();
  for (;;) {
    bool any_mark = false;
    for (int i = 0; i < content; ++i) {
      const std::uint64_t word = engine();
      const double u = static_cast<double>(word >> 11) * 0x1.0p-53;
      const auto symbol = power_of_two ? static_cast<std::int32_t>(word & symbol_mask)
                                       : static_cast<std::int32_t>(rng.integer(0, symbols - 1));
      const bool marked = u < mark_probability;
      any_mark = any_mark || marked;
      example.tokens[i] = Token::content(symbol, marked);
    }
    example.tokens[content] = Token::query();
    if (any_mark) {
      example.target = most_recent_marked_symbol(example.tokens);
      return;
    }
    switch (no_mark) {
      case NoMarkRule::force_mark: {
        const long i = rng.integer(0, content - 1);
        example.tokens[i].marked = true;
        example.target = example.tokens[i].symbol;
        return;
      }
      case NoMarkRule::resample: continue;
      case NoMarkRule::fixed_symbol: example.target = 0; return;
      case NoMarkRule::last_token: example.target = example.tokens[content - 1].symbol; return;
      case NoMarkRule::random_target:
        example.target = static_cast<int>(rng.integer(0, symbols - 1));
        return;
      case NoMarkRule::count_as_wrong: break;  // rejected above
    }
  }
}

std::vector<Example> CueTask::sample(Rng& rng, int count) const {
  if (count < 0)
    throw std::invalid_argument("sample count must be >= 0, got count = " + std::to_string(count));
  std::vector<Example> out(count);
  for (Example& e : out) sample(rng, e);
  return out;
}

int most_recent_marked_symbol(const std::vector<Token>& tokens) {
  for (auto it = tokens.rbegin(); it != tokens.rend(); ++it)
    if (!it->is_query() && it->marked) return it->symbol;
  return -1;
}

int bag_of_tokens_guess(const std::vector<Token>& tokens, int symbols, NoMarkRule rule) {
  if (symbols < 1)
    throw std::invalid_argument("symbols must be >= 1, got symbols = " + std::to_string(symbols));
  std::vector<int> marked(symbols, 0), all(symbols, 0);
  int marks = 0;
  for (const Token& t : tokens) {
    if (t.is_query()) continue;
    if (t.symbol < 0 || t.symbol >= symbols)
      throw std::invalid_argument("token symbol must lie in [0, " + std::to_string(symbols) +
                                  "), got symbol = " + std::to_string(t.symbol));
    ++all[t.symbol];
    if (t.marked) {
      ++marked[t.symbol];
      ++marks;
    }
  }
  if (marks > 0) return static_cast<int>(std::max_element(marked.begin(), marked.end()) - marked.begin());
  if (rule == NoMarkRule::last_token)
    return static_cast<int>(std::max_element(all.begin(), all.end()) - all.begin());
  return 0;
}

namespace {

std::vector<double> compute_expected_largest_cell(int max_items, int cells) {
  // pmf[b][r][c]: probability that, of r items spread uniformly over b cells, c fall in the
  // first cell (binomial with success 1/b); log-space so that r in the hundreds is exact to
  // rounding.
  const int n = max_items;
  std::vector<std::vector<std::vector<double>>> pmf(cells + 1);
  for (int b = 2; b <= cells; ++b) {
    pmf[b].resize(n + 1);
    const double lp = std::log(1.0 / b), lq = std::log1p(-1.0 / b);
    for (int r = 0; r <= n; ++r) {
      pmf[b][r].resize(r + 1);
      for (int c = 0; c <= r; ++c)
        pmf[b][r][c] = std::exp(std::lgamma(r + 1.0) - std::lgamma(c + 1.0) -
                                std::lgamma(r - c + 1.0) + c * lp + (r - c) * lq);
    }
  }
  // E[max] = sum_{k >= 0} P(max > k); P(max <= k | r items, b cells) by peeling one cell.
  std::vector<double> expected(n + 1, 0.0);
  std::vector<double> at_most(n + 1), next(n + 1);
  for (int k = 0; k < n; ++k) {
    for (int r = 0; r <= n; ++r) at_most[r] = r <= k ? 1.0 : 0.0;  // one cell
    for (int b = 2; b <= cells; ++b) {
      for (int r = 0; r <= n; ++r) {
        double sum = 0;
        for (int c = 0; c <= std::min(k, r); ++c) sum += pmf[b][r][c] * at_most[r - c];
        next[r] = sum;
      }
      std::swap(at_most, next);
    }
    for (int r = 0; r <= n; ++r) expected[r] += 1.0 - at_most[r];
  }
  return expected;
}

}  // namespace

std::vector<double> expected_largest_cell(int max_items, int cells) {
  if (max_items < 0 || cells < 1)
    throw std::invalid_argument("expected_largest_cell needs max_items >= 0 and cells >= 1, got "
                                "max_items = " + std::to_string(max_items) + ", cells = " +
                                std::to_string(cells));
  // Memoised: the degenerate-head test asks it for every head the sweep reads, and a call at
  // 255 items costs some 10^8 operations. The table is a pure function of its two arguments.
  static Memo<std::pair<int, int>, std::vector<double>> known;
  return known.get({max_items, cells}, [=] { return compute_expected_largest_cell(max_items, cells); });
}

double bag_of_tokens_accuracy(const CueTask& task) {
  task.validate();
  const int content = task.length - 1;
  const double p = task.mark_probability;
  const std::vector<double> largest = expected_largest_cell(content, task.symbols);
  // P(M = m) for M ~ Binomial(content, p).
  auto marks_pmf = [&](int m) {
    if (p == 1) return m == content ? 1.0 : 0.0;
    return std::exp(std::lgamma(content + 1.0) - std::lgamma(m + 1.0) -
                    std::lgamma(content - m + 1.0) + m * std::log(p) +
                    (content - m) * std::log1p(-p));
  };
  double with_marks = 0;  // sum_{m >= 1} P(M = m) E[max_s c_s | m] / m
  for (int m = 1; m <= content; ++m) with_marks += marks_pmf(m) * largest[m] / m;
  const double none = marks_pmf(0);
  switch (task.no_mark) {
    // A forced mark is the only mark, so the bag shows it; a fixed target symbol is known.
    case NoMarkRule::force_mark:
    case NoMarkRule::fixed_symbol: return with_marks + none;
    case NoMarkRule::resample: return with_marks / (1 - none);
    // Unmarked symbols are uniform: the best bag guess is the most frequent symbol.
    case NoMarkRule::last_token: return with_marks + none * largest[content] / content;
    case NoMarkRule::random_target: return with_marks + none / task.symbols;
    case NoMarkRule::count_as_wrong: return with_marks;
  }
  return with_marks;
}

}  // namespace pe::experiments
