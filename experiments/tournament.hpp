/// @file
/// @brief The length tournament: single heads with each position scheme trained on the cue
/// task at one length, several seeds each, and read at longer lengths (plain, and RoPE heads
/// also under PI, NTK-aware and YaRN), with weights and accuracies cached.
///
/// Every head is determined by the configuration, its scheme and its seed index: the
/// initialisation draws from mix_seed(seed, 2 k + 1) and the training batches from
/// mix_seed(seed, 2 k + 2), so heads with the same seed index see the same batches and share
/// every initial weight block except the learned table. The test sets are drawn once per
/// length and shared by every head. Heads train in parallel, one per thread, and the results
/// do not depend on the number of threads.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attention_head.hpp"
#include "cue_task.hpp"
#include "training.hpp"

namespace pe::experiments {

struct TournamentConfig {
  std::vector<PositionScheme> schemes = all_position_schemes();
  int seeds = 3;
  HeadShape shape;        ///< its scheme is replaced by each entry of `schemes`
  CueTask task;           ///< the training task; test tasks differ only in length
  InitialScales initial_scales;
  TrainingSettings training;
  std::vector<int> test_lengths = {32, 64, 128, 256};
  int test_sequences = 2000;
  /// RoPE heads are also read under these maps at every test length (kappa = L' / L).
  std::vector<ContextExtension> rope_maps = {ContextExtension::position_interpolation,
                                             ContextExtension::ntk_aware, ContextExtension::yarn};
  std::uint64_t seed = 20240501;

  /// Throws std::invalid_argument naming the offending parameter (via the parts' own checks).
  void validate() const;
  HeadShape head_shape(PositionScheme scheme) const;
  /// Every number that determines the results, as text; the cache key is its hash.
  std::string canonical() const;
};

/// The article's tournament: d = 16, 8 symbols, marks with probability 0.1, length 32,
/// 1,500 Adam steps at batch 64, three seeds, 2,000 test sequences at 32, 64, 128 and 256.
TournamentConfig article_tournament();

/// Correct answers of one head under one reading at one length. The reading is "plain" or a
/// context-extension name ("pi", "ntk", "yarn").
struct AccuracyCount {
  std::string reading;
  int length = 0;
  long correct = 0;
  long total = 0;
  double value() const { return double(correct) / double(total); }
};

struct HeadRun {
  PositionScheme scheme = PositionScheme::none;
  int seed = 0;
  Eigen::VectorXd initial_parameters, trained_parameters;
  std::vector<double> loss_trace;
  std::vector<AccuracyCount> accuracies;
  bool from_cache = false;

  const AccuracyCount* find(const std::string& reading, int length) const;
};

struct Tournament {
  TournamentConfig config;
  std::vector<HeadRun> heads;  ///< schemes in config order, seeds 0..seeds-1 within each
  double seconds = 0;          ///< wall time of run_tournament (training and reading)
  int trained = 0;             ///< heads trained in this run (the rest came from the cache)

  const HeadRun& run(PositionScheme scheme, int seed) const;
  AttentionHead trained_head(PositionScheme scheme, int seed) const;
  AttentionHead initial_head(PositionScheme scheme, int seed) const;
  /// Accuracy of one seed, or nothing where the head cannot be read (a learned table past L).
  std::optional<double> accuracy(PositionScheme scheme, int seed, const std::string& reading,
                                 int length) const;
};

/// The shared test set at one length (the training task with `length`).
std::vector<Example> tournament_test_set(const TournamentConfig& config, int length);

/// Trains and reads every head, or loads it from `cache_dir` (empty: no cache) when a valid
/// entry exists; `threads` <= 0 means one per hardware thread.
Tournament run_tournament(const TournamentConfig& config, const std::string& cache_dir,
                          int threads = 0);

/// The cache entry of one head (exposed for the tests that corrupt it).
std::string head_cache_path(const TournamentConfig& config, const std::string& cache_dir,
                            PositionScheme scheme, int seed);

}  // namespace pe::experiments
