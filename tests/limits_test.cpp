// Every entry point that takes a size refuses one past its stated limit (numerics/limits.hpp)
// with std::invalid_argument naming the value, before allocating for it; and accepts the limit
// where that is cheap to try.
#include <gtest/gtest.h>

#include "cue_task.hpp"
#include "expect_invalid.hpp"
#include "filing_readers.hpp"
#include "limits.hpp"
#include "length_tournament.hpp"
#include "window_conditioning.hpp"

namespace pe {
namespace {

using testing::expect_invalid;

TEST(Limits, EachSizeIsRefusedPastItsLimitNamingTheValue) {
  expect_invalid([] { frequencies(int(kMaxWidth) + 2, 1e4); },
                 "must be <= " + std::to_string(kMaxWidth) + ", got d = " + std::to_string(kMaxWidth + 2));
  expect_invalid([] { window_condition_number(16, 16, 1e4, int(kMaxDigits) + 1); },
                 "digits = " + std::to_string(kMaxDigits + 1));
  expect_invalid([] { window_condition_enclosure(16, 16, 1e4, int(kMaxDigits) + 1); },
                 "digits = " + std::to_string(kMaxDigits + 1));
  expect_invalid([] { window_condition_enclosure(int(kMaxWindowPositions) + 1, 16, 1e4, 30); },
                 "n = " + std::to_string(kMaxWindowPositions + 1));
  expect_invalid([] { position_window(int(kMaxWindowPositions) + 1, 16, 1e4); },
                 "n = " + std::to_string(kMaxWindowPositions + 1));
  expect_invalid([] {
    experiments::CueTask task;
    task.length = int(kMaxSequenceLength) + 1;
    task.validate();
  }, "length = " + std::to_string(kMaxSequenceLength + 1));
  expect_invalid([] {
    experiments::HeadShape shape;
    shape.table_length = int(kMaxSequenceLength) + 1;
    validate_head_shape(shape);
  }, "table_length = " + std::to_string(kMaxSequenceLength + 1));
  expect_invalid([] {
    experiments::TournamentConfig config = experiments::article_tournament();
    config.seeds = int(kMaxSeeds) + 1;
    config.validate();
  }, "seeds = " + std::to_string(kMaxSeeds + 1));
  expect_invalid([] {
    experiments::TournamentConfig config = experiments::article_tournament();
    config.test_lengths = {int(kMaxSequenceLength) + 1};
    config.validate();
  }, "test length = " + std::to_string(kMaxSequenceLength + 1));
  expect_invalid([] {
    experiments::FilingsStudyConfig config = experiments::article_filings_study();
    config.seeds = int(kMaxSeeds) + 1;
    config.validate();
  }, "seeds = " + std::to_string(kMaxSeeds + 1));
}

TEST(Limits, TheLimitsThemselvesAreAccepted) {
  experiments::CueTask task;
  task.length = int(kMaxSequenceLength);
  EXPECT_NO_THROW(task.validate());
  experiments::HeadShape shape;
  shape.table_length = int(kMaxSequenceLength);
  EXPECT_NO_THROW(validate_head_shape(shape));
  experiments::TournamentConfig config = experiments::article_tournament();
  config.seeds = int(kMaxSeeds);
  EXPECT_NO_THROW(config.validate());
  EXPECT_NO_THROW(frequencies(int(kMaxWidth), 1e4));
}

}  // namespace
}  // namespace pe
