// Adam, the training loop and the tournament driver: determinism, independence of the thread
// count, the result cache (reuse, and recomputation of missing, corrupt or foreign entries),
// and the rejection of bad configurations.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <thread>
#include <tuple>

#include <unistd.h>

#include "filing_readers.hpp"
#include "result_cache.hpp"
#include "length_tournament.hpp"

namespace pe::experiments {
namespace {

namespace fs = std::filesystem;

TEST(Adam, FirstStepMovesEachCoordinateByTheLearningRate) {
  // After one step mhat = g and vhat = g^2, so the update is lr g / (|g| + eps).
  AdamSettings settings;
  Adam adam(3, settings);
  Eigen::VectorXd x(3), g(3);
  x << 1, 2, 3;
  g << 0.5, -2, 1e-9;
  adam.step(x, g);
  EXPECT_NEAR(x(0), 1 - 1e-3 * 0.5 / (0.5 + 1e-8), 1e-15);
  EXPECT_NEAR(x(1), 2 + 1e-3 * 2 / (2 + 1e-8), 1e-15);
  EXPECT_NEAR(x(2), 3 - 1e-3 * 1e-9 / (1e-9 + 1e-8), 1e-15);
  EXPECT_EQ(adam.steps(), 1);
}

TEST(Adam, MinimisesAQuadratic) {
  AdamSettings settings;
  settings.learning_rate = 0.05;
  Adam adam(2, settings);
  Eigen::VectorXd x(2);
  x << 3, -4;
  for (int i = 0; i < 2000; ++i) {
    const Eigen::VectorXd g = 2 * x;  // gradient of |x|^2
    adam.step(x, g);
  }
  EXPECT_LT(x.norm(), 1e-2);
}

TEST(Training, IsDeterministicAndLowersTheLoss) {
  CueTask task;
  HeadShape shape;
  shape.scheme = PositionScheme::alibi;
  TrainingSettings settings;
  settings.steps = 300;
  settings.batch = 32;
  auto run = [&] {
    Rng init(5), data(6);
    AttentionHead head = initialised_head(shape, init);
    const std::vector<double> trace =
        train(head, settings, [&](Rng& r, Example& e) { task.sample(r, e); }, data);
    return std::make_pair(head.parameters(), trace);
  };
  const auto [a, trace] = run();
  const auto [b, trace_again] = run();
  EXPECT_EQ(a, b);
  ASSERT_EQ(trace.size(), 3u);  // windows of 100 steps
  EXPECT_LT(trace.back(), trace.front() - 0.3) << "loss " << trace.front() << " -> " << trace.back();
}

TEST(TrainingRejects, BadSettings) {
  HeadShape shape;
  AttentionHead head = make_head(shape);
  Rng rng(7);
  const ExampleSampler sampler = [](Rng& r, Example& e) { CueTask{}.sample(r, e); };
  TrainingSettings settings;
  settings.steps = 0;
  EXPECT_THROW(train(head, settings, sampler, rng), std::invalid_argument);
  try {
    train(head, settings, sampler, rng);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("steps = 0"), std::string::npos) << e.what();
  }
  settings = TrainingSettings{};
  settings.batch = 0;
  EXPECT_THROW(train(head, settings, sampler, rng), std::invalid_argument);
  settings = TrainingSettings{};
  settings.adam.learning_rate = -1e-3;
  EXPECT_THROW(train(head, settings, sampler, rng), std::invalid_argument);
  settings = TrainingSettings{};
  settings.adam.beta2 = 1;
  EXPECT_THROW(train(head, settings, sampler, rng), std::invalid_argument);
  EXPECT_THROW(train(head, TrainingSettings{}, ExampleSampler{}, rng), std::invalid_argument);
  Adam adam(3, AdamSettings{});
  Eigen::VectorXd x = Eigen::VectorXd::Zero(4);
  EXPECT_THROW(adam.step(x, x), std::invalid_argument);
}

/// A tournament small enough to run in a test: length 8, two seeds, 80 steps.
TournamentConfig small_tournament() {
  TournamentConfig c;
  c.schemes = {PositionScheme::learned, PositionScheme::rope};
  c.seeds = 2;
  c.task.length = 8;
  c.shape.table_length = 8;
  c.training.steps = 80;
  c.training.batch = 16;
  c.training.loss_window = 40;
  c.test_lengths = {8, 16};
  c.test_sequences = 64;
  return c;
}

void expect_same(const Tournament& a, const Tournament& b) {
  ASSERT_EQ(a.heads.size(), b.heads.size());
  for (std::size_t i = 0; i < a.heads.size(); ++i) {
    EXPECT_EQ(a.heads[i].trained_parameters, b.heads[i].trained_parameters);
    EXPECT_EQ(a.heads[i].initial_parameters, b.heads[i].initial_parameters);
    EXPECT_EQ(a.heads[i].loss_trace, b.heads[i].loss_trace);
    ASSERT_EQ(a.heads[i].accuracies.size(), b.heads[i].accuracies.size());
    for (std::size_t k = 0; k < a.heads[i].accuracies.size(); ++k)
      EXPECT_EQ(a.heads[i].accuracies[k].correct, b.heads[i].accuracies[k].correct);
  }
}

class TournamentCache : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) /
           ("pe_tournament_cache_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(TournamentCache, ResultsDoNotDependOnTheThreadCount) {
  const Tournament one = run_tournament(small_tournament(), "", 1);
  const Tournament two = run_tournament(small_tournament(), "", 2);
  expect_same(one, two);
  EXPECT_EQ(one.trained, 4);
}

TEST_F(TournamentCache, ReusesValidEntriesAndRecomputesBrokenOnes) {
  const TournamentConfig config = small_tournament();
  const Tournament first = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(first.trained, 4);
  const Tournament second = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(second.trained, 0);
  for (const HeadRun& h : second.heads) EXPECT_TRUE(h.from_cache);
  expect_same(first, second);

  // Truncated: the checksum line is gone.
  const std::string rope0 = head_cache_path(config, dir_.string(), PositionScheme::rope, 0);
  std::string text;
  {
    std::ifstream in(rope0);
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  std::ofstream(rope0, std::ios::trunc) << text.substr(0, text.size() / 2);
  Tournament third = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(third.trained, 1);
  expect_same(first, third);

  // One digit changed inside a weight: the checksum no longer matches.
  std::string flipped = text;
  const auto at = flipped.find("trained ") + 20;
  flipped[at] = flipped[at] == '1' ? '2' : '1';
  std::ofstream(rope0, std::ios::trunc) << flipped;
  third = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(third.trained, 1);
  expect_same(first, third);

  // A well-sealed entry of another head under this head's name: its key does not match.
  const std::string rope1 = head_cache_path(config, dir_.string(), PositionScheme::rope, 1);
  fs::copy_file(rope0, rope1, fs::copy_options::overwrite_existing);
  third = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(third.trained, 1);
  expect_same(first, third);

  // A sealed entry that does not parse (valid checksum, garbage body).
  write_sealed(rope0, "pe-experiments head\nkey nonsense\n");
  third = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(third.trained, 1);
  expect_same(first, third);

  // Well-sealed entries that are whole but for the closing word, or run on past it.
  const std::optional<std::string> body = read_sealed(rope0);
  ASSERT_TRUE(body.has_value());
  ASSERT_EQ(body->substr(body->size() - 4), "end\n");
  for (const std::string& altered : {body->substr(0, body->size() - 4) + "fin\n", *body + "more\n"}) {
    write_sealed(rope0, altered);
    third = run_tournament(config, dir_.string(), 2);
    EXPECT_EQ(third.trained, 1);
    expect_same(first, third);
  }

  // Another configuration has other keys: nothing is reused.
  TournamentConfig longer = config;
  longer.training.steps = 81;
  EXPECT_EQ(run_tournament(longer, dir_.string(), 2).trained, 4);
}

TEST_F(TournamentCache, TheLearnedTableIsNotReadPastItsLength) {
  const Tournament t = run_tournament(small_tournament(), "", 2);
  EXPECT_TRUE(t.accuracy(PositionScheme::learned, 0, "plain", 8).has_value());
  EXPECT_FALSE(t.accuracy(PositionScheme::learned, 0, "plain", 16).has_value());
  EXPECT_TRUE(t.accuracy(PositionScheme::rope, 1, "yarn", 16).has_value());
  EXPECT_THROW(t.run(PositionScheme::alibi, 0), std::invalid_argument);
  const std::vector<Example> test16 = tournament_test_set(t.config, 16);
  EXPECT_THROW(accuracy(t.trained_head(PositionScheme::learned, 0), test16), std::invalid_argument);
}

TEST(TournamentRejects, BadConfigurations) {
  TournamentConfig c = small_tournament();
  c.training.steps = 0;
  EXPECT_THROW(run_tournament(c, "", 1), std::invalid_argument);
  c = small_tournament();
  c.shape.width = 15;
  EXPECT_THROW(run_tournament(c, "", 1), std::invalid_argument);
  c = small_tournament();
  c.shape.table_length = 4;  // shorter than the training length 8
  EXPECT_THROW(run_tournament(c, "", 1), std::invalid_argument);
  c = small_tournament();
  c.seeds = 0;
  EXPECT_THROW(run_tournament(c, "", 1), std::invalid_argument);
  c = small_tournament();
  c.test_sequences = 0;
  EXPECT_THROW(run_tournament(c, "", 1), std::invalid_argument);
  c = small_tournament();
  c.rope_maps = {ContextExtension::none};
  EXPECT_THROW(run_tournament(c, "", 1), std::invalid_argument);
  c = small_tournament();
  c.initial_scales.embedding = -1;
  EXPECT_THROW(run_tournament(c, "", 1), std::invalid_argument);
  EXPECT_THROW(position_scheme_from_string("rotary"), std::invalid_argument);
}

TEST(Parallelism, NoThreadCountMeansOnePerHardwareThreadAndNeverMoreThanTheTasks) {
  // Results never depend on the thread count, so only the count itself shows a wrong default.
  const int hardware = int(std::max(1u, std::thread::hardware_concurrency()));
  for (int unset : {0, -1}) {
    EXPECT_EQ(pe::experiments::worker_count(unset, 1000), hardware) << "requested " << unset;
    EXPECT_EQ(pe::experiments::worker_count(unset, 1), 1) << "requested " << unset;
  }
  EXPECT_EQ(pe::experiments::worker_count(3, 1000), 3);
  EXPECT_EQ(pe::experiments::worker_count(3, 2), 2);
  EXPECT_EQ(pe::experiments::worker_count(3, 0), 1);
}

TEST(ResultCache, SealedEntriesRoundTripAndRejectTampering) {
  const fs::path path = fs::path(::testing::TempDir()) / ("pe_sealed_" + std::to_string(::getpid()));
  write_sealed(path.string(), "alpha 1\nbeta 2\n");
  ASSERT_TRUE(read_sealed(path.string()).has_value());
  EXPECT_EQ(*read_sealed(path.string()), "alpha 1\nbeta 2\n");
  std::ofstream(path, std::ios::app) << "extra\n";
  EXPECT_FALSE(read_sealed(path.string()).has_value());
  EXPECT_FALSE(read_sealed((path.string() + ".missing")).has_value());
  fs::remove(path);
  for (double x : {0.1, -3.5e-300, 1.0 / 3, 6.02e23})
    EXPECT_EQ(parse_double(exact_text(x)).value(), x);
  EXPECT_FALSE(parse_double("0x1.8p+1junk").has_value());
  EXPECT_FALSE(parse_double("").has_value());
}

TEST(ResultCache, HeadEntryLinesRoundTripAndRejectMismatches) {
  const std::vector<double> values = {0.1, -2.5e-300, 1.0 / 3};
  const std::string text = head_entry_opening("pe-experiments head", "00ff", "rope", 2) +
                           numbers_line("trained", values.data(), values.size()) +
                           numbers_line("loss", nullptr, 0);
  EXPECT_EQ(text.substr(0, 58), "pe-experiments head\nkey 00ff\nscheme rope\nseed 2\ntrained 3 ");
  {
    std::istringstream in(text);
    std::vector<double> read, loss = {9};
    ASSERT_TRUE(read_head_entry_opening(in, "pe-experiments head", "00ff", "rope", 2));
    ASSERT_TRUE(read_numbers_line(in, "trained", 3, read));
    EXPECT_EQ(read, values);
    ASSERT_TRUE(read_numbers_line(in, "loss", -1, loss));
    EXPECT_TRUE(loss.empty());
  }
  for (const auto& [key, scheme, seed] :
       {std::tuple<std::string, std::string, int>{"00fe", "rope", 2}, {"00ff", "alibi", 2}, {"00ff", "rope", 1}}) {
    std::istringstream in(text);
    EXPECT_FALSE(read_head_entry_opening(in, "pe-experiments head", key, scheme, seed));
  }
  std::vector<double> out;
  std::istringstream wrong_count("trained 3 0x1p+0 0x1p+1 0x1p+2\n");
  EXPECT_FALSE(read_numbers_line(wrong_count, "trained", 4, out));
  std::istringstream short_line("trained 3 0x1p+0 0x1p+1\n");
  EXPECT_FALSE(read_numbers_line(short_line, "trained", -1, out));
  std::istringstream junk("trained 2 0x1p+0 zebra\n");
  EXPECT_FALSE(read_numbers_line(junk, "trained", 2, out));
  std::istringstream other_tag("initial 1 0x1p+0\n");
  EXPECT_FALSE(read_numbers_line(other_tag, "trained", 1, out));
}

TEST(TrainedHeadRecord, RoundTripsAndRefusesAnEntryWithoutItsEndOrPastIt) {
  const TrainedHeadRecord record{"rope", 2, std::vector<double>{0.5, -1}, {0.25, 3}, {1, 0.5}, 0.75, 7,
                                 {"accuracy plain 32 5 9", "accuracy pi 64 4 9"}};
  const std::string text = serialise(record, "pe-experiments head", "00ff");
  const std::string tail = "validation_correct 7\naccuracy plain 32 5 9\naccuracy pi 64 4 9\nend\n";
  ASSERT_GT(text.size(), tail.size());
  EXPECT_EQ(text.substr(text.size() - tail.size()), tail);
  const TrainedHeadExpectation expected{"pe-experiments head", "00ff", "rope", 2, 2, true, 9};
  const std::optional<TrainedHeadRecord> back = load_trained_head(text, expected);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->initial_parameters, record.initial_parameters);
  EXPECT_EQ(back->trained_parameters, record.trained_parameters);
  EXPECT_EQ(back->loss_trace, record.loss_trace);
  EXPECT_EQ(back->validation_loss, 0.75);
  EXPECT_EQ(back->validation_correct, 7);
  EXPECT_EQ(back->readouts, record.readouts);
  const std::string body = text.substr(0, text.size() - 4);  // without "end\n"
  EXPECT_FALSE(load_trained_head(body, expected).has_value());
  EXPECT_FALSE(load_trained_head(body + "fin\n", expected).has_value());
  EXPECT_FALSE(load_trained_head(text + "accuracy pi 128 1 9\n", expected).has_value());
  TrainedHeadExpectation fewer_validation = expected;
  fewer_validation.validation_count = 6;  // 7 correct of at most 6
  EXPECT_FALSE(load_trained_head(text, fewer_validation).has_value());
  TrainedHeadExpectation without_initial = expected;
  without_initial.has_initial = false;
  EXPECT_FALSE(load_trained_head(text, without_initial).has_value());
}

// Both trained-head caches write TrainedHeadRecord; every entry of this build's cache (the
// tournament's and the filings study's heads, whatever configuration wrote them) must read
// back and write the same bytes, so that a cache written before the record existed is reused.
TEST(TrainedHeadRecord, CachedHeadsOfEachStudyReadBackAndWriteTheSameBytes) {
  // Every kind of cached head, on an evenly spaced sample of each study's entries (sorted by
  // name, at most kSampled each): the cache holds thousands of heads of one format (the sweep's),
  // and reading all of them took 8 to 10 s of every test run for no case the sample misses.
  constexpr std::size_t kSampled = 120;
  int entries = 0;
  for (const char* study : {"tournament", "filings_study"}) {
    const fs::path dir = fs::path(PE_CACHE_DIR) / study;
    if (!fs::is_directory(dir)) continue;
    std::vector<fs::path> files;
    for (const fs::directory_entry& file : fs::directory_iterator(dir)) files.push_back(file.path());
    std::sort(files.begin(), files.end());
    const std::size_t stride = std::max<std::size_t>(1, (files.size() + kSampled - 1) / kSampled);
    int read_here = 0;
    for (std::size_t i = 0; i < files.size(); i += stride) {
      const std::optional<std::string> body = read_sealed(files[i].string());
      if (!body) continue;  // unsealed: the cache itself treats it as missing
      std::istringstream in(*body);
      std::string kind, word, key, scheme;
      int seed = 0;
      std::getline(in, kind);
      if (kind != "pe-experiments head" && kind != "pe-experiments filings head") continue;  // a selection
      ASSERT_TRUE(in >> word >> key >> word >> scheme >> word >> seed) << files[i];
      const std::optional<TrainedHeadRecord> record = load_trained_head(
          *body, {kind, key, scheme, seed, -1, kind == "pe-experiments head", 1L << 40});
      ASSERT_TRUE(record.has_value()) << files[i];
      ASSERT_EQ(serialise(*record, kind, key), *body) << files[i];
      ++read_here;
    }
    EXPECT_TRUE(files.empty() || read_here > 0) << "no head among the sampled entries of " << dir;
    entries += read_here;
  }
  if (entries == 0) GTEST_SKIP() << "no cached head under " << PE_CACHE_DIR;
  std::cout << entries << " cached heads read back byte for byte\n";
}

TEST(LoadOrCompute, LoadsWhatIsCachedComputesTheRestAndStoresIt) {
  // Jobs 0..5; the "cache" holds the even ones. Results must not depend on the thread count.
  for (int threads : {1, 2, 4}) {
    std::vector<int> cache = {10, -1, 12, -1, 14, -1};
    int prepared = 0;
    std::atomic<int> computed_calls{0};
    const LoadedOrComputed<int> r = load_or_compute<int>(
        cache.size(), threads,
        [&](std::size_t i) -> std::optional<int> {
          if (cache[i] < 0) return std::nullopt;
          return cache[i];
        },
        [&] { ++prepared; },
        [&](std::size_t i) {
          EXPECT_EQ(prepared, 1) << "compute before prepare";
          ++computed_calls;
          return 100 + static_cast<int>(i);
        },
        [&](std::size_t i, const int& run) { cache[i] = run; });
    EXPECT_EQ(r.runs, (std::vector<int>{10, 101, 12, 103, 14, 105})) << threads << " threads";
    EXPECT_EQ(r.computed, 3);
    EXPECT_EQ(computed_calls.load(), 3);
    EXPECT_EQ(prepared, 1);
    EXPECT_EQ(cache, (std::vector<int>{10, 101, 12, 103, 14, 105}));
  }
}

TEST(LoadOrCompute, ReportsHowManyOfTheMissingJobsAreComputed) {
  // Jobs 0..4, the even ones cached: (0, 2) before preparing, then (1, 2) and (2, 2), one call
  // at a time whatever the thread count; nothing at all when every job loads.
  for (int threads : {1, 2, 4}) {
    std::vector<std::pair<std::size_t, std::size_t>> reports;
    bool reported_before_prepare = false;
    load_or_compute<int>(
        5, threads,
        [](std::size_t i) -> std::optional<int> {
          if (i % 2) return std::nullopt;
          return 0;
        },
        [&] { reported_before_prepare = !reports.empty(); }, [](std::size_t i) { return int(i); },
        [](std::size_t, const int&) {},
        [&](std::size_t computed, std::size_t missing) { reports.emplace_back(computed, missing); });
    const std::vector<std::pair<std::size_t, std::size_t>> expected = {{0, 2}, {1, 2}, {2, 2}};
    EXPECT_EQ(reports, expected) << threads << " threads";
    EXPECT_TRUE(reported_before_prepare);
  }
  load_or_compute<int>(
      3, 2, [](std::size_t) -> std::optional<int> { return 0; }, [] {},
      [](std::size_t) -> int { throw std::logic_error("not called"); }, [](std::size_t, const int&) {},
      [](std::size_t, std::size_t) { ADD_FAILURE() << "a report with nothing to compute"; });
}

TEST(LoadOrCompute, NothingMissingMeansNoPreparationAndFailuresPropagate) {
  int prepared = 0;
  const LoadedOrComputed<int> all = load_or_compute<int>(
      3, 2, [](std::size_t i) -> std::optional<int> { return static_cast<int>(i); },
      [&] { ++prepared; }, [](std::size_t) -> int { throw std::logic_error("not called"); },
      [](std::size_t, const int&) {});
  EXPECT_EQ(prepared, 0);
  EXPECT_EQ(all.computed, 0);
  EXPECT_EQ(all.runs, (std::vector<int>{0, 1, 2}));
  std::atomic<int> attempted{0};
  EXPECT_THROW(load_or_compute<int>(
                   4, 2, [](std::size_t) -> std::optional<int> { return std::nullopt; }, [] {},
                   [&](std::size_t i) -> int {
                     ++attempted;
                     if (i == 1) throw std::runtime_error("job 1 failed");
                     return 0;
                   },
                   [](std::size_t, const int&) {}),
               std::runtime_error);
  EXPECT_EQ(attempted.load(), 4);  // every job is attempted before the failure is rethrown
}

TEST_F(TournamentCache, SealedEntriesRoundTripAndBodiesWithoutAFinalNewlineAreRefused) {
  // Regression from the cache-entry fuzz target: a body without a final newline was written,
  // but its checksum then shared the body's last line and the entry never read back.
  const std::string path = (dir_ / "entry.txt").string();
  EXPECT_THROW(write_sealed(path, "trained 2 0x1p+0 -0x1.8p"), std::invalid_argument);
  for (const std::string& body : {std::string(), std::string("a\n"), std::string("checksum 0\nend\n")}) {
    write_sealed(path, body);
    ASSERT_TRUE(read_sealed(path).has_value()) << body;
    EXPECT_EQ(*read_sealed(path), body);
  }
}

TEST(ResultCache, ANumbersLineWithACorruptCountAllocatesOnlyWhatItHolds) {
  // Regression from the cache-entry fuzz target: a count of 246912780 used to size the vector
  // before any number was read (2 GB). Now the line is refused after reading what is there.
  std::istringstream in("trained 246912780 0x1p+0 0x1p+1\n");
  std::vector<double> values;
  EXPECT_FALSE(read_numbers_line(in, "trained", -1, values));
  EXPECT_LE(values.capacity(), 16u);
  std::istringstream good("loss 2 0x1p+0 -0x1.8p-1\n");
  ASSERT_TRUE(read_numbers_line(good, "loss", 2, values));
  EXPECT_EQ(values, (std::vector<double>{1.0, -0.75}));
}

// ---- Bad environments: the cache may be unwritable, shared or left half-written ----------

TEST_F(TournamentCache, ACacheThatCannotBeWrittenCostsOnlyTheCachingWithAMessage) {
  // A cache directory under a regular file can be neither created nor written, even by root
  // (which ignores read-only permission bits), as on a read-only or full disk.
  fs::create_directories(dir_);
  std::ofstream(dir_ / "not_a_directory") << "x";
  const std::string cache = (dir_ / "not_a_directory" / "cache").string();
  testing::internal::CaptureStderr();
  const Tournament t = run_tournament(small_tournament(), cache, 2);
  const std::string message = testing::internal::GetCapturedStderr();
  EXPECT_EQ(t.trained, 4);
  expect_same(t, run_tournament(small_tournament(), "", 2));
  // One warning per process, although four entries failed; CTest runs each test in a process
  // of its own, so this is the first.
  EXPECT_NE(message.find("cannot write the cache entry " + cache), std::string::npos) << message;
  std::size_t warnings = 0;
  for (std::size_t at = message.find("cannot write the cache entry"); at != std::string::npos;
       at = message.find("cannot write the cache entry", at + 1))
    ++warnings;
  EXPECT_EQ(warnings, 1u) << message;
}

TEST_F(TournamentCache, TwoRunsSharingOneCacheAtOnceAgreeAndLeaveValidEntries) {
  const TournamentConfig config = small_tournament();
  Tournament a, b;
  std::thread first([&] { a = run_tournament(config, dir_.string(), 1); });
  std::thread second([&] { b = run_tournament(config, dir_.string(), 1); });
  first.join();
  second.join();
  expect_same(a, b);
  const Tournament again = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(again.trained, 0);
  expect_same(a, again);
}

TEST_F(TournamentCache, AnInterruptedRunsLeftoversAreIgnored) {
  // A run killed while writing leaves a temporary file beside the entry (write_sealed renames
  // it into place only when complete), or, on another file system, a truncated entry.
  const TournamentConfig config = small_tournament();
  const Tournament first = run_tournament(config, dir_.string(), 2);
  const std::string rope0 = head_cache_path(config, dir_.string(), PositionScheme::rope, 0);
  std::ofstream(rope0 + ".tmp.12345.678") << "pe-experiments head\nkey half-writ";
  std::string text;
  {
    std::ifstream in(rope0);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::ofstream(rope0, std::ios::trunc) << text.substr(0, 100);
  const Tournament second = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(second.trained, 1);
  expect_same(first, second);
}

TEST(LearningRateSchedule, CosineWarmsUpLinearlyThenDecaysToZero) {
  TrainingSettings t;
  t.steps = 101;
  t.adam.learning_rate = 0.2;
  EXPECT_EQ(t.learning_rate_at(0), 0.2);  // constant is the default
  EXPECT_EQ(t.learning_rate_at(100), 0.2);
  t.schedule = LearningRateSchedule::cosine;
  t.warmup_steps = 10;
  EXPECT_DOUBLE_EQ(t.learning_rate_at(0), 0.02);
  EXPECT_DOUBLE_EQ(t.learning_rate_at(9), 0.2);
  EXPECT_DOUBLE_EQ(t.learning_rate_at(10), 0.2);             // the peak after the warm-up
  EXPECT_NEAR(t.learning_rate_at(55), 0.1, 1e-15);             // half way through the decay
  EXPECT_NEAR(t.learning_rate_at(100), 0.0, 1e-17);            // zero at the last step
  for (int k = 11; k <= 100; ++k) EXPECT_LT(t.learning_rate_at(k), t.learning_rate_at(k - 1));
  t.warmup_steps = 101;
  EXPECT_THROW(t.validate(), std::invalid_argument);
  EXPECT_EQ(learning_rate_schedule_from_string(to_string(LearningRateSchedule::cosine)),
            LearningRateSchedule::cosine);
  EXPECT_THROW(learning_rate_schedule_from_string("linear"), std::invalid_argument);
}

TEST(Recipes, TheGridIsTheFullProductAtBatch64WithNeighboursAt32And128) {
  const std::vector<TrainingRecipe> grid = recipe_grid();
  ASSERT_EQ(grid.size(), 20u);
  for (std::size_t i = 0; i < grid.size(); ++i) {
    EXPECT_EQ(grid[i].batch, 64);
    for (std::size_t j = 0; j < i; ++j) EXPECT_FALSE(grid[i] == grid[j]) << grid[i].name();
  }
  EXPECT_EQ(grid.front().name(), "lr 1e-3, constant, N(0,1/d), batch 64");
  EXPECT_EQ(grid.back().id(), "lr1e-1_cosine_init1_b64");
  const std::vector<TrainingRecipe> n = batch_neighbours(grid[7]);
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].batch, 32);
  EXPECT_EQ(n[1].batch, 128);
  EXPECT_EQ(n[0].learning_rate, grid[7].learning_rate);

  TrainingSettings t;
  InitialScales scales;
  TrainingRecipe r{3e-2, LearningRateSchedule::cosine, EmbeddingInit::unit_entries, 128};
  r.apply(t, scales, 16);
  EXPECT_EQ(t.adam.learning_rate, 3e-2);
  EXPECT_EQ(t.batch, 128);
  EXPECT_EQ(t.warmup_steps, kCosineWarmupSteps);
  EXPECT_EQ(scales.embedding, 4.0);  // N(0, 1) entries: sqrt(d) times 1/sqrt(d)
  EXPECT_EQ(scales.position_table, 4.0);
  EXPECT_EQ(scales.query_key, 1.0);
}

/// The selection rule run on losses given by hand: loss_of(recipe, grid) for every recipe it
/// scores, `grid` being recipe_grid().
RecipeSelection select_by_hand(
    const std::function<double(const TrainingRecipe&, const std::vector<TrainingRecipe>&)>& loss_of) {
  const std::vector<TrainingRecipe> grid = recipe_grid();
  return select_recipe([&](const TrainingRecipe& r) {
    RecipeScore s;
    s.recipe = r;
    s.heads = 1;
    s.mean_validation_loss = loss_of(r, grid);
    return s;
  });
}

TEST(Recipes, ASelectionReportsTheHeadsItTrainsAcrossItsRecipes) {
  // Every recipe "trains" 3 heads but the grid's first, whose heads a cache would hold: the
  // reports count on across recipes, and count every head of the recipes not reached yet.
  std::vector<TrainingStatus> seen;
  const RecipeSelection s = cached_selection(
      "", "test", "key",
      [](const TrainingRecipe& r, const ComputeProgress& on_trained) {
        if (!(r == recipe_grid().front()))
          for (std::size_t k = 0; k <= 3; ++k) on_trained(k, 3);
        RecipeScore score;
        score.recipe = r;
        score.heads = 3;
        score.mean_validation_loss = 1;
        return score;
      },
      {"test heads", 3, [&](const TrainingStatus& status) { seen.push_back(status); }});
  const long recipes = long(selection_size());
  ASSERT_EQ(s.scores.size(), selection_size());
  ASSERT_EQ(seen.size(), std::size_t(4 * (recipes - 1)));
  EXPECT_EQ(seen.front().what, "test heads to select the recipe");
  EXPECT_EQ(seen.front().detail,
            "recipe 2 of " + std::to_string(recipes) + ": " + recipe_grid()[1].name());
  EXPECT_EQ(seen.front().trained, 0);
  EXPECT_EQ(seen.front().to_train, 3 * (recipes - 1));
  for (std::size_t i = 1; i < seen.size(); ++i) {
    EXPECT_GE(seen[i].trained, seen[i - 1].trained);
    EXPECT_LE(seen[i].trained, seen[i].to_train);
  }
  EXPECT_EQ(seen.back().trained, 3 * (recipes - 1));
  EXPECT_EQ(seen.back().to_train, seen.back().trained);
  EXPECT_EQ(seen.back().detail, "recipe " + std::to_string(recipes) + " of " + std::to_string(recipes) +
                                    ": " + s.scores.back().recipe.name());
}

TEST(Recipes, TheRuleTakesTheLowestFiniteLossThenLooksAtTheBatchNeighbours) {
  // Losses chosen by hand: grid recipe 5 is lowest, a non-finite loss never wins, and the
  // batch-128 neighbour of recipe 5 beats it.
  const RecipeSelection s = select_by_hand([](const TrainingRecipe& r, const std::vector<TrainingRecipe>& grid) {
    if (r.batch == 128) return 0.05;
    if (r.batch == 32) return 0.5;
    if (r == grid[5]) return 0.1;
    if (r == grid[6]) return HUGE_VAL;
    return 1.0;
  });
  ASSERT_EQ(s.scores.size(), 22u);
  EXPECT_EQ(s.chosen, 21u);
  EXPECT_EQ(s.recipe().batch, 128);
  EXPECT_EQ(s.recipe().learning_rate, recipe_grid()[5].learning_rate);
  RecipeSelection back;
  ASSERT_TRUE(parse(serialise(s), back));
  EXPECT_EQ(back.chosen, s.chosen);
  ASSERT_EQ(back.scores.size(), s.scores.size());
  for (std::size_t i = 0; i < s.scores.size(); ++i) {
    EXPECT_TRUE(back.scores[i].recipe == s.scores[i].recipe);
    EXPECT_EQ(back.scores[i].mean_validation_loss, s.scores[i].mean_validation_loss);
  }
  EXPECT_FALSE(parse(serialise(s).substr(0, 80), back));
  EXPECT_THROW(select_by_hand([](const TrainingRecipe&, const std::vector<TrainingRecipe>&) { return NAN; }),
               std::runtime_error);
}

TEST(Recipes, AFiniteLossReplacesANonFiniteFirstRecipe) {
  // The first recipe is where the search starts; a NaN there (a diverged run) must give way to
  // the first finite loss, then to lower ones. Grid recipe 3 is the lowest by hand.
  const RecipeSelection s = select_by_hand([](const TrainingRecipe& r, const std::vector<TrainingRecipe>& grid) {
    return r == grid[0] ? NAN : r == grid[3] ? 0.2 : 1.0;
  });
  EXPECT_TRUE(s.recipe() == recipe_grid()[3]);
  EXPECT_EQ(s.scores[s.chosen].mean_validation_loss, 0.2);
}

TEST(DegenerateHeads, ChanceAndTheBagReaderAreTheThresholds) {
  // 2,000 validation sequences, 8 classes: chance 0.125 + 3 se = 0.1472; bag 0.547 + 3 se = 0.5804.
  EXPECT_EQ(degenerate_reason(PositionScheme::rope, 290, 2000, 8, 0.547), "reads at chance");
  EXPECT_EQ(degenerate_reason(PositionScheme::rope, 300, 2000, 8, 0.547),
            "reads no better than the bag-of-tokens reader");
  EXPECT_EQ(degenerate_reason(PositionScheme::rope, 1160, 2000, 8, 0.547),
            "reads no better than the bag-of-tokens reader");
  EXPECT_EQ(degenerate_reason(PositionScheme::rope, 1170, 2000, 8, 0.547), "");
  EXPECT_EQ(degenerate_reason(PositionScheme::none, 1000, 2000, 8, 0.547), "");  // blind to order by design
}

/// The line of a canonical text that starts with "shape ", without its newline.
std::string shape_line(const std::string& canonical) {
  const auto start = canonical.find("\nshape ") + 1;
  return canonical.substr(start, canonical.find('\n', start) - start);
}

/// Checks one configuration type's canonical(): a shared_row configuration's text does not name
/// the mark embedding, so every head cached before the choice existed keeps its key, and a
/// pair_rows configuration's text is the same but for " mark pair_rows" ending the shape line.
template <class Config>
void expect_mark_embedding_named_only_when_pair_rows(Config config) {
  ASSERT_EQ(config.shape.mark_embedding, MarkEmbedding::shared_row);  // the default
  const std::string shared = config.canonical();
  const std::string shared_shape = shape_line(shared);
  // The shape line as it was: "shape", width, symbols, classes, table length, base, slope.
  std::istringstream words(shared_shape);
  EXPECT_EQ(std::distance(std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()), 7)
      << shared_shape;
  EXPECT_EQ(shared.find("shared_row"), std::string::npos) << shared;

  config.shape.mark_embedding = MarkEmbedding::pair_rows;
  const std::string pair = config.canonical();
  EXPECT_EQ(shape_line(pair), shared_shape + " mark pair_rows");
  std::string expected = shared;
  expected.replace(expected.find(shared_shape), shared_shape.size(), shape_line(pair));
  EXPECT_EQ(pair, expected) << "only the shape line may differ";
}

TEST(CacheKeys, TheMarkEmbeddingIsNamedOnlyWhenItIsPairRows) {
  expect_mark_embedding_named_only_when_pair_rows(article_tournament());
  expect_mark_embedding_named_only_when_pair_rows(small_tournament());
  expect_mark_embedding_named_only_when_pair_rows(article_filings_study());
  TournamentConfig pair = article_tournament();
  pair.shape.mark_embedding = MarkEmbedding::pair_rows;
  for (PositionScheme s : pair.schemes)
    EXPECT_NE(head_cache_path(pair, "cache", s, 0), head_cache_path(article_tournament(), "cache", s, 0))
        << to_string(s);
}

// The configuration's mark embedding reaches every head the tournament trains, reads and
// caches; a shared_row entry is never taken for a pair_rows head.
TEST_F(TournamentCache, PairRowsHeadsAreTrainedAndCachedApartFromSharedRowOnes) {
  TournamentConfig config = small_tournament();
  EXPECT_EQ(run_tournament(config, dir_.string(), 2).trained, 4);
  config.shape.mark_embedding = MarkEmbedding::pair_rows;
  const Tournament pair = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(pair.trained, 4);
  // E grows from symbols + 2 rows to 2 symbols + 1.
  const Eigen::Index extra_entries = Eigen::Index(config.shape.symbols - 1) * config.shape.width;
  for (const HeadRun& h : pair.heads) {
    const Eigen::Index shared_size = make_head(small_tournament().head_shape(h.scheme)).parameters().size();
    EXPECT_EQ(h.initial_parameters.size(), shared_size + extra_entries) << to_string(h.scheme);
    const AttentionHead head = pair.trained_head(h.scheme, h.seed);
    EXPECT_EQ(head.shape().mark_embedding, MarkEmbedding::pair_rows);
    EXPECT_EQ(head.block("embedding").rows, 2 * config.shape.symbols + 1);
  }
  const Tournament again = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(again.trained, 0);
  expect_same(pair, again);
}

TEST_F(TournamentCache, MoreSeedsReuseTheHeadsOfFewer) {
  TournamentConfig config = small_tournament();
  EXPECT_EQ(run_tournament(config, dir_.string(), 2).trained, 4);
  config.seeds += 1;
  const Tournament more = run_tournament(config, dir_.string(), 2);
  EXPECT_EQ(more.trained, int(config.schemes.size()));
  for (const HeadRun& h : more.heads) {
    EXPECT_EQ(h.from_cache, h.seed < config.seeds - 1);
    EXPECT_GT(h.validation_loss, 0);
  }
}

}  // namespace
}  // namespace pe::experiments
