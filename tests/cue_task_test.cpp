// The cue task: the sampler's structure and rates, and the exact bag-of-tokens reader against
// brute-force enumeration of every sequence (small cases) and against sampling (length 32).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <functional>

#include "cue_task.hpp"
#include "random.hpp"
#include "statistics.hpp"

namespace pe::experiments {
namespace {

/// Brute force: every sequence of `content` tokens over `symbols` symbols with its probability,
/// the bag reader's deterministic guess, and the target under `rule`.
double enumerated_bag_accuracy(int content, int symbols, double p, NoMarkRule rule) {
  const int kinds = 2 * symbols;
  long total = 1;
  for (int i = 0; i < content; ++i) total *= kinds;
  double correct = 0, unmarked_mass = 0;
  std::vector<Token> tokens(content + 1, Token::query());
  for (long code = 0; code < total; ++code) {
    long c = code;
    double probability = 1;
    int marks = 0;
    for (int i = 0; i < content; ++i, c /= kinds) {
      const int kind = static_cast<int>(c % kinds);
      tokens[i] = Token::content(kind / 2, kind % 2 == 1);
      probability *= (kind % 2 == 1 ? p : 1 - p) / symbols;
      marks += kind % 2;
    }
    if (marks > 0) {
      correct += probability * (bag_of_tokens_guess(tokens, symbols, rule) ==
                                most_recent_marked_symbol(tokens));
      continue;
    }
    unmarked_mass += probability;
    switch (rule) {
      case NoMarkRule::force_mark:
        // Each of the `content` positions is marked with chance 1/content; the bag then
        // holds one marked token, whose symbol is the target.
        for (int i = 0; i < content; ++i) {
          tokens[i].marked = true;
          correct += probability / content *
                     (bag_of_tokens_guess(tokens, symbols, rule) == tokens[i].symbol);
          tokens[i].marked = false;
        }
        break;
      case NoMarkRule::fixed_symbol:
        correct += probability * (bag_of_tokens_guess(tokens, symbols, rule) == 0);
        break;
      case NoMarkRule::last_token:
        correct += probability *
                   (bag_of_tokens_guess(tokens, symbols, rule) == tokens[content - 1].symbol);
        break;
      case NoMarkRule::random_target: correct += probability / symbols; break;
      case NoMarkRule::resample:
      case NoMarkRule::count_as_wrong: break;
    }
  }
  return rule == NoMarkRule::resample ? correct / (1 - unmarked_mass) : correct;
}

RC_GTEST_PROP(BagOfTokens, ExactReaderEqualsEnumerationOfEverySequence, ()) {
  const int content = *rc::gen::inRange(1, 6);
  const int symbols = *rc::gen::inRange(1, 4);
  const double p = *rc::gen::inRange(1, 100) / 100.0;
  const NoMarkRule rule = *rc::gen::elementOf(all_no_mark_rules());
  CueTask task;
  task.length = content + 1;
  task.symbols = symbols;
  task.mark_probability = p;
  task.no_mark = rule;
  const double exact = bag_of_tokens_accuracy(task);
  const double enumerated = enumerated_bag_accuracy(content, symbols, p, rule);
  // Sums of at most 6^5 products of probabilities, and the recursion's lgamma/exp binomials:
  // well under 1e-12 absolute.
  RC_ASSERT(std::fabs(exact - enumerated) < 1e-12);
}

TEST(BagOfTokens, LargestCellAgreesWithSmallCasesByHand) {
  // Two items in two cells: max is 2 with chance 1/2, else 1: E = 1.5.
  const std::vector<double> e2 = expected_largest_cell(3, 2);
  EXPECT_NEAR(e2[0], 0.0, 1e-15);
  EXPECT_NEAR(e2[1], 1.0, 1e-15);
  EXPECT_NEAR(e2[2], 1.5, 1e-15);
  // Three items in two cells: max is 3 with chance 1/4, else 2: E = 2.25.
  EXPECT_NEAR(e2[3], 2.25, 1e-15);
  // Three items in three cells: all distinct 6/27 (max 1), all equal 3/27 (max 3), else 2.
  EXPECT_NEAR(expected_largest_cell(3, 3)[3], (6 * 1 + 3 * 3 + 18 * 2) / 27.0, 1e-14);
  EXPECT_THROW(expected_largest_cell(-1, 2), std::invalid_argument);
  EXPECT_THROW(expected_largest_cell(3, 0), std::invalid_argument);
}

TEST(BagOfTokens, ExactReaderAgreesWithSamplingAtLength32) {
  CueTask task;  // length 32, 8 symbols, p = 0.1, force_mark
  Rng rng(71);
  Example e;
  const int draws = 200000;
  long correct = 0;
  for (int i = 0; i < draws; ++i) {
    task.sample(rng, e);
    correct += bag_of_tokens_guess(e.tokens, task.symbols, task.no_mark) == e.target;
  }
  const double exact = bag_of_tokens_accuracy(task);
  EXPECT_NEAR(double(correct) / draws, exact, 4 * pe::binomial_standard_error(exact, draws)) << "4 binomial standard errors";
}

TEST(CueTask, SequencesEndInTheQueryAndTargetTheLastMark) {
  for (NoMarkRule rule : {NoMarkRule::force_mark, NoMarkRule::resample, NoMarkRule::fixed_symbol,
                          NoMarkRule::last_token, NoMarkRule::random_target}) {
    CueTask task;
    task.length = 6;  // unmarked sequences are common: 0.9^5 = 0.59
    task.no_mark = rule;
    Rng rng(72);
    Example e;
    int unmarked = 0;
    for (int i = 0; i < 2000; ++i) {
      task.sample(rng, e);
      ASSERT_EQ(e.tokens.size(), 6u);
      ASSERT_TRUE(e.tokens.back().is_query());
      for (int j = 0; j < 5; ++j) ASSERT_FALSE(e.tokens[j].is_query());
      const int last_mark = most_recent_marked_symbol(e.tokens);
      if (last_mark >= 0) {
        ASSERT_EQ(e.target, last_mark) << to_string(rule);
      } else {
        ++unmarked;
        ASSERT_TRUE(rule == NoMarkRule::fixed_symbol || rule == NoMarkRule::last_token ||
                    rule == NoMarkRule::random_target) << to_string(rule);
        if (rule == NoMarkRule::fixed_symbol) {
          ASSERT_EQ(e.target, 0);
        }
        if (rule == NoMarkRule::last_token) {
          ASSERT_EQ(e.target, e.tokens[4].symbol);
        }
      }
    }
    if (rule == NoMarkRule::force_mark || rule == NoMarkRule::resample) EXPECT_EQ(unmarked, 0);
    else EXPECT_GT(unmarked, 1000);  // 0.59 of 2000, far from either side
  }
}

TEST(CueTask, ForcedMarksOnlyWhereNothingWasMarked) {
  // Under force_mark a sequence has exactly one mark with chance P(M = 1) + P(M = 0).
  CueTask task;
  task.length = 11;  // 10 content tokens
  Rng rng(73);
  Example e;
  const int draws = 100000;
  long single = 0, marks = 0;
  for (int i = 0; i < draws; ++i) {
    task.sample(rng, e);
    int m = 0;
    for (const Token& t : e.tokens) m += !t.is_query() && t.marked;
    single += m == 1;
    marks += m;
  }
  const double p_single = 10 * 0.1 * std::pow(0.9, 9) + std::pow(0.9, 10);
  EXPECT_NEAR(double(single) / draws, p_single, 4 * pe::binomial_standard_error(p_single, draws));
  const double mean_marks = 1.0 + std::pow(0.9, 10);  // E[M] + P(M = 0)
  EXPECT_NEAR(double(marks) / draws, mean_marks, 4 * std::sqrt(0.9 * 1.2 / draws));  // 4 se, var(M) < 1.2
}

TEST(CueTask, Deterministic) {
  CueTask task;
  Rng a(74), b(74);
  const std::vector<Example> x = task.sample(a, 50), y = task.sample(b, 50);
  for (int i = 0; i < 50; ++i) {
    ASSERT_EQ(x[i].target, y[i].target);
    for (int j = 0; j < task.length; ++j) {
      ASSERT_EQ(x[i].tokens[j].symbol, y[i].tokens[j].symbol);
      ASSERT_EQ(x[i].tokens[j].marked, y[i].tokens[j].marked);
    }
  }
}

TEST(CueTaskRejects, BadParameters) {
  Rng rng(75);
  Example e;
  CueTask task;
  task.length = 1;
  EXPECT_THROW(task.sample(rng, e), std::invalid_argument);
  task = CueTask{};
  task.symbols = 0;
  EXPECT_THROW(task.sample(rng, e), std::invalid_argument);
  task = CueTask{};
  task.mark_probability = 0;
  EXPECT_THROW(task.sample(rng, e), std::invalid_argument);
  EXPECT_THROW(bag_of_tokens_accuracy(task), std::invalid_argument);
  task = CueTask{};
  task.no_mark = NoMarkRule::count_as_wrong;
  EXPECT_THROW(task.sample(rng, e), std::invalid_argument);
  EXPECT_NO_THROW(bag_of_tokens_accuracy(task));
  EXPECT_THROW(no_mark_rule_from_string("skip"), std::invalid_argument);
  for (NoMarkRule r : all_no_mark_rules()) EXPECT_EQ(no_mark_rule_from_string(to_string(r)), r);
}

}  // namespace
}  // namespace pe::experiments
