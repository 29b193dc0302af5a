/// @file
/// @brief The cue task ("which marked token came last?"), its sampler, and the exact accuracy
/// of the best reader that sees only the bag (multiset) of tokens.
///
/// A sequence of length n holds n - 1 content tokens, each a symbol drawn uniformly from S and
/// marked with probability p, followed by one query token. The target is the symbol on the
/// most recent marked token. The article leaves open what happens when no token is marked; the
/// conventions are enumerated by NoMarkRule, and the exact bag-of-tokens accuracy under each
/// shows which one the article used (force_mark: if nothing is marked, one token chosen
/// uniformly is marked).
///
/// The bag reader: given the multiset, every order is equally likely, so the chance that
/// symbol s carries the last mark is c_s / M (c_s marked tokens of symbol s, M marks in all),
/// and the best guess is the most frequent marked symbol, right with probability
/// max_s c_s / M. Its expected accuracy is computed by exact probability sums (binomial law of
/// M, and the law of the largest cell of a uniform multinomial by a recursion over symbols),
/// with no sampling.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "random.hpp"

namespace pe::experiments {

/// One token: a content symbol in [0, symbols) with its mark, or the query token.
struct Token {
  static constexpr std::int32_t kQuerySymbol = -1;
  std::int32_t symbol = kQuerySymbol;
  bool marked = false;

  static Token query() { return Token{}; }
  static Token content(std::int32_t symbol, bool marked) { return Token{symbol, marked}; }
  bool is_query() const { return symbol == kQuerySymbol; }
};

/// A token sequence and the class the head should answer at its last position.
struct Example {
  std::vector<Token> tokens;
  int target = 0;
};

/// What a sequence without any marked token asks for.
enum class NoMarkRule {
  force_mark,     ///< one content token chosen uniformly is marked (the adopted rule)
  resample,       ///< such sequences are drawn again until one has a mark
  fixed_symbol,   ///< the target is symbol 0
  last_token,     ///< the target is the symbol of the most recent content token
  random_target,  ///< the target is a symbol drawn uniformly, independent of the tokens
  count_as_wrong, ///< no answer is right (accuracy only; cannot be sampled for training)
};

std::string to_string(NoMarkRule rule);
/// Inverse of to_string; throws std::invalid_argument listing the valid names.
NoMarkRule no_mark_rule_from_string(const std::string& name);
const std::vector<NoMarkRule>& all_no_mark_rules();

/// The task's parameters; length counts the query token.
struct CueTask {
  int length = 32;
  int symbols = 8;
  double mark_probability = 0.1;
  NoMarkRule no_mark = NoMarkRule::force_mark;

  /// Throws std::invalid_argument for length < 2, symbols < 1, a mark probability outside
  /// (0, 1], or (in sample) the rule count_as_wrong.
  void validate() const;
  /// Fills `example` (reusing its storage) with one draw.
  void sample(Rng& rng, Example& example) const;
  std::vector<Example> sample(Rng& rng, int count) const;
};

/// The symbol on the most recent marked content token, or -1 if none is marked.
int most_recent_marked_symbol(const std::vector<Token>& tokens);

/// The bag-of-tokens reader's answer: the most frequent marked symbol (the smallest on ties,
/// which does not change its expected accuracy); with no mark, the best guess under `rule`
/// (the most frequent symbol for last_token, symbol 0 otherwise).
int bag_of_tokens_guess(const std::vector<Token>& tokens, int symbols, NoMarkRule rule);

/// Exact expected accuracy of the bag-of-tokens reader on `task` (under task.no_mark).
double bag_of_tokens_accuracy(const CueTask& task);

/// E[max_s c_s] for m items spread uniformly over `cells` cells, for every m = 0..max_items.
std::vector<double> expected_largest_cell(int max_items, int cells);

}  // namespace pe::experiments
