#include "recipes.hpp"

#include <cmath>
#include <filesystem>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "result_cache.hpp"
#include "statistics.hpp"

namespace pe::experiments {
namespace {

/// "1e-3", "3e-2": the grid's rates are one significant digit.
std::string rate_text(double rate) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0e", rate);
  std::string s = buf;  // "1e-03"
  const auto e = s.find("e-0");
  if (e != std::string::npos) s.erase(e + 2, 1);
  return s;
}

const char* init_text(EmbeddingInit init) {
  return init == EmbeddingInit::unit_rows ? "N(0,1/d)" : "N(0,1)";
}

}  // namespace

std::string ModelReading::id() const { return to_string(mark) + "+" + to_string(no_mark); }

std::string ModelReading::description() const {
  std::string out = mark == MarkEmbedding::shared_row
                        ? "a mark is one embedding row shared by every symbol, added to the symbol's row"
                        : "every (symbol, marked) pair has its own embedding row";
  out += "; ";
  out += no_mark == NoMarkRule::force_mark ? "a sequence drawn without a mark gets one at a uniform position"
         : no_mark == NoMarkRule::resample  ? "a sequence drawn without a mark is drawn again"
                                            : "a sequence without a mark follows the rule " + to_string(no_mark);
  return out + " (the article: \"each carrying one of 8 symbols and, with probability 0.1, a mark\""  // quoted
               " says neither how a mark is embedded nor what a sequence without one asks for)";
}

std::string ModelReading::name() const {
  std::string out = mark == MarkEmbedding::shared_row ? "a shared mark row" : "a row per marked symbol";
  if (no_mark == NoMarkRule::resample) out += ", unmarked sequences drawn again";
  else if (no_mark != NoMarkRule::force_mark) out += ", unmarked sequences by the rule " + to_string(no_mark);
  return out;
}

const std::vector<ModelReading>& article_readings() {
  static const std::vector<ModelReading> readings = {
      {MarkEmbedding::shared_row, NoMarkRule::force_mark},
      {MarkEmbedding::pair_rows, NoMarkRule::force_mark},
      {MarkEmbedding::shared_row, NoMarkRule::resample},
  };
  return readings;
}

ModelReading reading_from_id(const std::string& id) {
  std::string valid;
  for (const ModelReading& r : article_readings()) {
    if (r.id() == id) return r;
    valid += (valid.empty() ? "" : ", ") + r.id();
  }
  throw std::invalid_argument("unknown reading '" + id + "'; valid readings: " + valid);
}

std::string plausibility_rule() {
  char buf[320];
  std::snprintf(buf, sizeof buf,
                "a setting counts for a family of heads when that family's mean validation loss over %d "
                "seeds is at most %.2f times the best in its reading and at most %.0f%% of its heads are "
                "degenerate",
                kGridSeeds, 1 + kPlausibleLossMargin, 100 * kPlausibleDegenerateShare);
  return buf;
}

bool plausible(const RecipeScore& score, double best_loss) {
  return std::isfinite(score.mean_validation_loss) &&
         score.mean_validation_loss <= (1 + kPlausibleLossMargin) * best_loss &&
         score.degenerate <= kPlausibleDegenerateShare * score.heads;
}

std::string TrainingRecipe::name() const {
  return "lr " + rate_text(learning_rate) + ", " + to_string(schedule) + ", " +
         init_text(embedding) + ", batch " + std::to_string(batch);
}

std::string TrainingRecipe::id() const {
  return "lr" + rate_text(learning_rate) + "_" + to_string(schedule) + "_" +
         (embedding == EmbeddingInit::unit_rows ? "init1d" : "init1") + "_b" + std::to_string(batch);
}

void TrainingRecipe::apply(TrainingSettings& training, InitialScales& scales, int width) const {
  training.adam.learning_rate = learning_rate;
  training.schedule = schedule;
  training.warmup_steps = schedule == LearningRateSchedule::cosine ? kCosineWarmupSteps : 0;
  training.batch = batch;
  // InitialScales multiply 1/sqrt(d): scale sqrt(d) gives unit entries.
  const double scale = embedding == EmbeddingInit::unit_rows ? 1.0 : std::sqrt(double(width));
  scales.embedding = scale;
  scales.position_table = scale;
}

bool TrainingRecipe::operator==(const TrainingRecipe& o) const {
  return learning_rate == o.learning_rate && schedule == o.schedule && embedding == o.embedding &&
         batch == o.batch;
}

std::string degenerate_by_rule(PositionScheme scheme, long correct, long total, int classes,
                               double order_reference, const std::string& order_reason) {
  if (total < 1) throw std::invalid_argument("the degenerate-head rule needs at least one validation example");
  const double a = double(correct) / double(total);
  auto above = [&](double reference) {
    return a > reference + 3 * binomial_standard_error(reference, total);
  };
  if (!above(1.0 / classes)) return "reads at chance";
  if (scheme != PositionScheme::none && !above(order_reference)) return order_reason;
  return "";
}

std::vector<TrainingRecipe> recipe_grid() {
  std::vector<TrainingRecipe> out;
  for (double rate : {1e-3, 3e-3, 1e-2, 3e-2, 1e-1})
    for (LearningRateSchedule schedule : {LearningRateSchedule::constant, LearningRateSchedule::cosine})
      for (EmbeddingInit init : {EmbeddingInit::unit_rows, EmbeddingInit::unit_entries})
        out.push_back({rate, schedule, init, 64});
  return out;
}

std::vector<TrainingRecipe> batch_neighbours(const TrainingRecipe& recipe) {
  TrainingRecipe small = recipe, large = recipe;
  small.batch = 32;
  large.batch = 128;
  return {small, large};
}

std::string selection_rule() {
  return "lowest mean validation loss over every scheme and seed (" + std::to_string(kGridSeeds) +
         " seeds per recipe), on validation data at the training length drawn apart from every "
         "test set; first over the batch-64 grid, then over the chosen point and its batches 32 "
         "and 128; a recipe with a non-finite loss cannot be chosen; ties go to the earlier recipe";
}

namespace {
/// The rule's comparison: strictly lower finite loss wins, so ties keep the earlier recipe.
bool better(const RecipeScore& candidate, const RecipeScore& incumbent) {
  if (!std::isfinite(candidate.mean_validation_loss)) return false;
  if (!std::isfinite(incumbent.mean_validation_loss)) return true;
  return candidate.mean_validation_loss < incumbent.mean_validation_loss;
}
}  // namespace

RecipeSelection select_recipe(const std::function<RecipeScore(const TrainingRecipe&)>& score) {
  RecipeSelection out;
  for (const TrainingRecipe& r : recipe_grid()) {
    out.scores.push_back(score(r));
    if (better(out.scores.back(), out.scores[out.chosen])) out.chosen = out.scores.size() - 1;
  }
  const std::size_t grid_choice = out.chosen;
  for (const TrainingRecipe& r : batch_neighbours(out.scores[grid_choice].recipe)) {
    out.scores.push_back(score(r));
    if (better(out.scores.back(), out.scores[out.chosen])) out.chosen = out.scores.size() - 1;
  }
  if (!std::isfinite(out.scores[out.chosen].mean_validation_loss))
    throw std::runtime_error("no recipe of the grid trained to a finite validation loss");
  return out;
}

std::size_t selection_size() {
  return recipe_grid().size() + batch_neighbours(recipe_grid().front()).size();
}

RecipeSelection cached_selection(const std::string& cache_dir, const std::string& family,
                                 const std::string& key_text, const RecipeScorer& score,
                                 const SelectionTraining& training) {
  const std::string path = cache_dir.empty() ? std::string()
      : (std::filesystem::path(cache_dir) / family / ("selection-" + hex64(fnv1a64(key_text)) + ".txt")).string();
  RecipeSelection selection;
  if (!path.empty())
    if (const std::optional<std::string> body = read_sealed(path); body && parse(*body, selection))
      return selection;
  // select_recipe scores the recipes one after another: heads trained for the earlier ones,
  // plus this one's progress, plus every head of the recipes still to come.
  const long recipes = long(selection_size());
  long recipe_number = 0, trained_before = 0;
  selection = select_recipe([&](const TrainingRecipe& recipe) {
    ++recipe_number;
    long trained_here = 0;
    const RecipeScore result = score(recipe, [&](std::size_t computed, std::size_t missing) {
      trained_here = long(missing);
      if (!training.progress) return;
      training.progress({training.heads + " to select the recipe",
                         "recipe " + std::to_string(recipe_number) + " of " + std::to_string(recipes) +
                             ": " + recipe.name(),
                         trained_before + long(computed),
                         trained_before + long(missing) +
                             (recipes - recipe_number) * training.heads_per_recipe});
    });
    trained_before += trained_here;
    return result;
  });
  if (!path.empty()) write_sealed_or_warn(path, serialise(selection));
  return selection;
}

std::string serialise(const RecipeSelection& selection) {
  std::string text = "pe-experiments recipe selection\nchosen " + std::to_string(selection.chosen) +
                     "\nscores " + std::to_string(selection.scores.size()) + '\n';
  for (const RecipeScore& s : selection.scores) {
    const double numbers[] = {s.recipe.learning_rate, s.mean_validation_loss, s.mean_validation_accuracy};
    text += numbers_line("score", numbers, 3);
    text += "recipe " + to_string(s.recipe.schedule) + ' ' +
            (s.recipe.embedding == EmbeddingInit::unit_rows ? "unit_rows" : "unit_entries") + ' ' +
            std::to_string(s.recipe.batch) + ' ' + std::to_string(s.heads) + ' ' +
            std::to_string(s.degenerate) + '\n';
  }
  return text + "end\n";
}

bool parse(const std::string& text, RecipeSelection& selection) {
  std::istringstream in(text);
  std::string word, kind, schedule, init;
  std::size_t count = 0;
  RecipeSelection out;
  if (!std::getline(in, kind) || kind != "pe-experiments recipe selection") return false;
  if (!(in >> word >> out.chosen) || word != "chosen") return false;
  if (!(in >> word >> count) || word != "scores" || count == 0 || out.chosen >= count) return false;
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<double> numbers;
    RecipeScore s;
    if (!read_numbers_line(in, "score", 3, numbers)) return false;
    if (!(in >> word >> schedule >> init >> s.recipe.batch >> s.heads >> s.degenerate) || word != "recipe")
      return false;
    try {
      s.recipe.schedule = learning_rate_schedule_from_string(schedule);
    } catch (const std::invalid_argument&) {
      return false;
    }
    if (init != "unit_rows" && init != "unit_entries") return false;
    s.recipe.embedding = init == "unit_rows" ? EmbeddingInit::unit_rows : EmbeddingInit::unit_entries;
    s.recipe.learning_rate = numbers[0];
    s.mean_validation_loss = numbers[1];
    s.mean_validation_accuracy = numbers[2];
    out.scores.push_back(s);
  }
  if (!(in >> word) || word != "end" || (in >> word)) return false;
  selection = std::move(out);
  return true;
}

}  // namespace pe::experiments
