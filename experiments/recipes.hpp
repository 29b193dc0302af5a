/// @file
/// @brief The training settings the article leaves open (learning rate, schedule, the
/// embedding's initial scale, batch), the grid they are searched over, and the rule that picks
/// one recipe for a family of heads from in-window validation data alone.
///
/// The article fixes 1,500 Adam steps at length 32, width 16, three seeds and the task; it does
/// not state the rest. The grid is the product of
///  - learning rates 1e-3, 3e-3, 1e-2, 3e-2, 1e-1;
///  - schedules: constant, or cosine decay to zero after a linear warm-up of 75 steps (5% of
///    training);
///  - the embedding's and the learned table's initial entries: N(0, 1/d) (rows of unit expected
///    norm) or N(0, 1) (rows of norm sqrt(d), as large as the sinusoidal code's);
/// at batch 64, plus batches 32 and 128 around the point the rule picks on that grid.
///
/// The selection rule, fixed before any result past the window was read: the recipe with the
/// lowest mean validation loss, over every scheme and every one of the grid's seeds, on
/// validation data at the training length drawn apart from every test set (sequences of the
/// cue task, or windows of the training filings). A recipe with a non-finite loss in any head
/// cannot be chosen. Ties go to the earlier recipe in grid order. The rule first picks among
/// the batch-64 grid, then among that point and its two batch neighbours. It reads no test
/// length, no held-out filing and no value the article prints.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "head_readers.hpp"
#include "cue_task.hpp"
#include "result_cache.hpp"
#include "training.hpp"

namespace pe::experiments {

/// The embedding's (and the learned table's) initial distribution.
enum class EmbeddingInit {
  unit_rows,  ///< N(0, 1/d): InitialScales 1
  unit_entries,  ///< N(0, 1): InitialScales sqrt(d)
};

/// One setting of what the article leaves open.
struct TrainingRecipe {
  double learning_rate = 1e-3;
  LearningRateSchedule schedule = LearningRateSchedule::constant;
  EmbeddingInit embedding = EmbeddingInit::unit_rows;
  int batch = 64;

  /// "lr 3e-3, cosine, N(0,1/d), batch 64".
  std::string name() const;
  /// A file- and id-safe form: "lr3e-3_cosine_init1d_b64".
  std::string id() const;
  /// Writes the recipe into a head family's settings (steps and Adam's betas untouched).
  void apply(TrainingSettings& training, InitialScales& scales, int width) const;
  bool operator==(const TrainingRecipe& other) const;
};

/// A reading of what the article's text leaves open about the model and the task (as opposed to
/// the training recipe): how a token's mark is embedded, and what a sequence without a mark
/// asks for. Each reading gets its own recipe, chosen by the same rule.
struct ModelReading {
  MarkEmbedding mark = MarkEmbedding::shared_row;
  NoMarkRule no_mark = NoMarkRule::force_mark;

  /// "shared_row+force_mark": file- and id-safe.
  std::string id() const;
  /// The reading in words, with the article's sentence that leaves it open.
  std::string description() const;
  /// A few words a reader knows it by: "a shared mark row", "a row per marked symbol", with
  /// ", unmarked sequences drawn again" when that is what it changes.
  std::string name() const;
  bool operator==(const ModelReading& other) const { return mark == other.mark && no_mark == other.no_mark; }
};

/// The readings swept, the headline reading first (a shared mark row; an unmarked sequence gets
/// one mark at a uniform position, the rule the article's exact bag-of-tokens accuracies
/// single out, experiments/cue_task.hpp), then one change at a time: a free embedding row per
/// (symbol, marked) pair; unmarked sequences drawn again.
const std::vector<ModelReading>& article_readings();
/// The reading named by id(); throws std::invalid_argument listing the valid ids.
ModelReading reading_from_id(const std::string& id);

/// The plausibility rule of the sensitivity sweep, fixed before any claim was classed by it: a
/// setting takes part in a claim's class for a family of heads when that family's mean
/// validation loss (kGridSeeds seeds) is at most (1 + kPlausibleLossMargin) times the best in
/// its reading, and at most kPlausibleDegenerateShare of its heads are degenerate. A recipe a
/// tenth worse on held-out data than the best is one a careful experimenter would have dropped;
/// a family with more than a quarter of degenerate heads did not train.
inline constexpr double kPlausibleLossMargin = 0.10;
inline constexpr double kPlausibleDegenerateShare = 0.25;
/// The rule in words, for the report and the docs.
std::string plausibility_rule();

/// Steps of linear warm-up before a cosine decay (5% of the article's 1,500 steps).
inline constexpr int kCosineWarmupSteps = 75;
/// Seeds per recipe in the grid and the sweep; the selected recipe runs kSelectedSeeds.
inline constexpr int kGridSeeds = 5;
inline constexpr int kSelectedSeeds = 20;
/// The seeds whose values the article's "mean of three seeds" compares with.
inline constexpr int kHeadlineSeeds = 3;

/// The 20 recipes at batch 64 in grid order (learning rate, then schedule, then init).
std::vector<TrainingRecipe> recipe_grid();
/// The recipe at batches 32 and 128.
std::vector<TrainingRecipe> batch_neighbours(const TrainingRecipe& recipe);

/// What a family of heads trained with one recipe scored on its validation data.
struct RecipeScore {
  TrainingRecipe recipe;
  double mean_validation_loss = 0;      ///< over every scheme and seed; +inf if any is not finite
  double mean_validation_accuracy = 0;  ///< likewise
  int heads = 0;
  int degenerate = 0;                   ///< heads with a degenerate_reason
};

/// The degenerate-head rule every family uses, its thresholds fixed before any result was read:
/// with a = correct / total and se = sqrt(p (1 - p) / total) at the reference p, k = 3, a head
/// "reads at chance" when a <= 1/classes + 3 se (any scheme), and otherwise, for a scheme with
/// position, gets `order_reason` when a <= order_reference + 3 se (the best a head can do
/// without reading order). "" when neither holds. Throws std::invalid_argument for total < 1.
std::string degenerate_by_rule(PositionScheme scheme, long correct, long total, int classes,
                               double order_reference, const std::string& order_reason);

/// A family's score: the mean validation loss (+inf when any head's is not finite) and
/// accuracy over `heads` (each with validation_loss and validation_correct out of
/// `validation_count`), and how many of them `degenerate_reason` names.
template <class Run, class Reason>
RecipeScore score_heads(const TrainingRecipe& recipe, const std::vector<Run>& heads,
                        long validation_count, Reason degenerate_reason) {
  RecipeScore score;
  score.recipe = recipe;
  double loss = 0, accuracy = 0;
  for (const Run& h : heads) {
    loss += h.validation_loss;
    accuracy += double(h.validation_correct) / double(validation_count);
    ++score.heads;
    if (!degenerate_reason(h).empty()) ++score.degenerate;
  }
  score.mean_validation_loss = std::isfinite(loss) ? loss / score.heads : HUGE_VAL;
  score.mean_validation_accuracy = accuracy / score.heads;
  return score;
}

/// The plausibility rule on one family's score, with the best mean validation loss of its reading.
bool plausible(const RecipeScore& score, double best_loss);

struct RecipeSelection {
  std::vector<RecipeScore> scores;  ///< the batch-64 grid, then the chosen point's batch neighbours
  std::size_t chosen = 0;
  const TrainingRecipe& recipe() const { return scores.at(chosen).recipe; }
};

/// The rule in words, for the report and the docs.
std::string selection_rule();

/// Applies the rule: scores every grid recipe with `score`, picks the best, scores its batch
/// neighbours and picks the best of the three.
RecipeSelection select_recipe(const std::function<RecipeScore(const TrainingRecipe&)>& score);

/// A family's configuration (a TournamentConfig or a FilingsStudyConfig) trained with `recipe`,
/// `seeds` seeds per scheme.
template <class Config>
Config with_recipe(Config config, const TrainingRecipe& recipe, int seeds) {
  recipe.apply(config.training, config.initial_scales, config.shape.width);
  config.seeds = seeds;
  return config;
}

/// How many recipes select_recipe scores: the grid, then the chosen point's batch neighbours.
std::size_t selection_size();

/// What a progress display is told while heads train (never while they load).
struct TrainingStatus {
  std::string what;    ///< the heads being trained, in words: "filings heads to select the recipe"
  std::string detail;  ///< where it is within them ("recipe r of n: lr 1e-3, ..."), or ""
  long trained = 0;    ///< heads of `what` trained so far
  /// Heads of `what` to train in all. A selection counts every head of the recipes it has not
  /// reached yet: exact on an empty cache, an upper bound on a partly filled one.
  long to_train = 0;
};
using TrainingProgress = std::function<void(const TrainingStatus&)>;

/// Scores one recipe; the training behind the score reports to `on_trained`.
using RecipeScorer =
    std::function<RecipeScore(const TrainingRecipe&, const ComputeProgress& on_trained)>;

/// How a selection's training is shown: what its heads are, how many heads one recipe trains
/// (every scheme and grid seed), and where to report (may be empty).
struct SelectionTraining {
  std::string heads;
  long heads_per_recipe = 0;
  TrainingProgress progress;
};

/// select_recipe, cached as a sealed entry `<cache_dir>/<family>/selection-<hash of key_text>.txt`
/// (no cache when cache_dir is empty); an entry that is missing, corrupt or does not parse is
/// recomputed, reporting to `training.progress` as its heads train (TrainingStatus: `what` is
/// "<heads> to select the recipe", `detail` the recipe being trained). `key_text` holds
/// everything the selection depends on.
RecipeSelection cached_selection(const std::string& cache_dir, const std::string& family,
                                 const std::string& key_text, const RecipeScorer& score,
                                 const SelectionTraining& training = {});

/// A selection as text and back (the cached form: the grid's figures are kept so that a
/// process needing only the chosen recipe need not load every grid head). parse returns false
/// on anything malformed.
std::string serialise(const RecipeSelection& selection);
bool parse(const std::string& text, RecipeSelection& selection);

}  // namespace pe::experiments
