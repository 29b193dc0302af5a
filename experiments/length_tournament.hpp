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

#include "head_readers.hpp"
#include "cue_task.hpp"
#include "recipes.hpp"
#include "result_cache.hpp"
#include "training.hpp"

namespace pe::experiments {

struct TournamentConfig {
  std::vector<PositionScheme> schemes = article_position_schemes();
  int seeds = 3;
  HeadShape shape;        ///< its scheme is replaced by each entry of `schemes`
  CueTask task;           ///< the training task; test tasks differ only in length
  InitialScales initial_scales;
  TrainingSettings training;
  std::vector<int> test_lengths = {32, 64, 128, 256};
  int test_sequences = 2000;
  /// Held-out sequences at the training length, drawn from their own stream (apart from every
  /// test set), on which each head's final loss and accuracy are measured: what the choice of
  /// a training recipe reads.
  int validation_sequences = 2000;
  /// RoPE heads are also read under these maps at every test length (kappa = L' / L).
  std::vector<ContextExtension> rope_maps = {ContextExtension::position_interpolation,
                                             ContextExtension::ntk_aware, ContextExtension::yarn};
  std::uint64_t seed = 20240501;

  /// Throws std::invalid_argument naming the offending parameter (via the parts' own checks).
  void validate() const;
  HeadShape head_shape(PositionScheme scheme) const;
  /// Every number that determines one head's results, as text (the schemes and the number of
  /// seeds choose which heads run, not what each one is); a head's cache key hashes it with the
  /// head's scheme and seed, so a run with more seeds reuses the heads of a run with fewer.
  std::string canonical() const;
};

/// The article's tournament: d = 16, 8 symbols, marks with probability 0.1, length 32,
/// 1,500 Adam steps at batch 64, three seeds, 2,000 test sequences at 32, 64, 128 and 256.
TournamentConfig article_tournament();

/// Correct answers of one head read with one read-time map at one length. The map is named
/// "plain" (none) or by its context-extension name ("pi", "ntk", "yarn").
struct AccuracyCount {
  std::string map_name;
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
  double validation_loss = 0;      ///< mean cross-entropy on the validation set
  long validation_correct = 0;     ///< of config.validation_sequences
  std::vector<AccuracyCount> accuracies;
  bool from_cache = false;

  const AccuracyCount* find(const std::string& map_name, int length) const;
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
  std::optional<double> accuracy(PositionScheme scheme, int seed, const std::string& map_name,
                                 int length) const;
};

/// The shared test set at one length (the training task with `length`).
std::vector<Example> tournament_test_set(const TournamentConfig& config, int length);
/// The validation set: config.validation_sequences at the training length, from a stream no
/// test set uses.
std::vector<Example> tournament_validation_set(const TournamentConfig& config);

/// Why a trained head counts as degenerate, or "" when it does not: degenerate_by_rule
/// (recipes.hpp) on the validation accuracy at the training length, with the bag-of-tokens
/// reader as the order reference (the best a head blind to order can do, Proposition 1):
/// "reads at chance", or "reads no better than the bag-of-tokens reader".
std::string degenerate_reason(PositionScheme scheme, long correct, long total, int classes,
                              double bag_reader_accuracy);
/// degenerate_reason for one head of a tournament.
std::string degenerate_reason(const Tournament& tournament, const HeadRun& run);

/// Trains and reads every head, or loads it from `cache_dir` (empty: no cache) when a valid
/// entry exists; `threads` <= 0 means one per hardware thread. `on_trained`, if set, hears how
/// many of the heads the cache lacked are trained (load_or_compute).
Tournament run_tournament(const TournamentConfig& config, const std::string& cache_dir,
                          int threads = 0, const ComputeProgress& on_trained = {});

/// The article's tournament under `reading` trained with `recipe`, `seeds` seeds per scheme.
TournamentConfig tournament_with(const TrainingRecipe& recipe, int seeds, const ModelReading& reading = {});
/// A tournament's figures for the selection rule: mean validation loss and accuracy over every
/// head, and how many heads are degenerate.
RecipeScore score_recipe(const TrainingRecipe& recipe, const Tournament& tournament);
/// The selection rule (recipes.hpp) applied to the tournament's heads, kGridSeeds per recipe.
/// Trains or loads every grid head; the selection itself is cached under
/// `cache_dir/tournament/selection-<key>.txt` (recomputed when missing or corrupt).
/// `reading` picks the model and task the grid trains (the headline reading by default). Heads
/// trained for it are reported to `progress` (cached_selection).
RecipeSelection tournament_recipe_selection(const std::string& cache_dir, int threads = 0,
                                            const ModelReading& reading = {},
                                            const TrainingProgress& progress = {});

/// The headline tournament's configuration: the selected recipe with `seeds` seeds per scheme
/// (kSelectedSeeds for the claims; kHeadlineSeeds loads only seeds 0..2 of the same heads).
TournamentConfig selected_tournament(const std::string& cache_dir, int seeds = kSelectedSeeds,
                                     const ModelReading& reading = {},
                                     const TrainingProgress& progress = {});

/// The cache entry of one head (exposed for the tests that corrupt it).
std::string head_cache_path(const TournamentConfig& config, const std::string& cache_dir,
                            PositionScheme scheme, int seed);

}  // namespace pe::experiments
