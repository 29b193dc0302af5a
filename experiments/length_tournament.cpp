#include "length_tournament.hpp"
#include "limits.hpp"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "random.hpp"
#include "result_cache.hpp"

namespace pe::experiments {
namespace {

// Part of every cache key: bump it whenever a change to the head, the training loop, the
// sampler or the reading changes what a configuration produces, so old entries stop matching.
constexpr int kResultsVersion = 2;

std::string number(double x) { return exact_text(x); }

}  // namespace

void TournamentConfig::validate() const {
  if (schemes.empty()) throw std::invalid_argument("the tournament needs at least one scheme");
  if (seeds < 1) throw std::invalid_argument("seeds must be >= 1, got seeds = " + std::to_string(seeds));
  require_at_most(seeds, kMaxSeeds, "seeds", "tournament");
  if (test_sequences < 1)
    throw std::invalid_argument("test_sequences must be >= 1, got test_sequences = " +
                                std::to_string(test_sequences));
  task.validate();
  training.validate();
  initial_scales.validate();
  for (PositionScheme s : schemes) {
    const HeadShape h = head_shape(s);
    validate_head_shape(h);
    if (s == PositionScheme::learned && h.table_length < task.length)
      throw std::invalid_argument("the learned table must cover the training length: "
                                  "table_length = " + std::to_string(h.table_length) +
                                  " < task length = " + std::to_string(task.length));
  }
  if (shape.classes < task.symbols)
    throw std::invalid_argument("classes must cover the task's symbols, got classes = " +
                                std::to_string(shape.classes) + " < symbols = " +
                                std::to_string(task.symbols));
  if (shape.symbols != task.symbols)
    throw std::invalid_argument("the head's symbols (" + std::to_string(shape.symbols) +
                                ") must equal the task's (" + std::to_string(task.symbols) + ")");
  for (int length : test_lengths) {
    if (length < 2)
      throw std::invalid_argument("test lengths must be >= 2, got length = " + std::to_string(length));
    require_at_most(length, kMaxSequenceLength, "test length", "tournament");
  }
  for (ContextExtension m : rope_maps)
    if (m == ContextExtension::none)
      throw std::invalid_argument("rope_maps lists extension maps; 'none' is the plain reading");
}

HeadShape TournamentConfig::head_shape(PositionScheme scheme) const {
  HeadShape h = shape;
  h.scheme = scheme;
  return h;
}

std::string TournamentConfig::canonical() const {
  std::ostringstream s;
  s << "version " << kResultsVersion << "\nshape " << shape.width << ' ' << shape.symbols << ' '
    << shape.classes << ' ' << shape.table_length << ' ' << number(shape.base) << ' '
    << number(shape.alibi_slope);
  // Only a non-default mark embedding is named, so every shared_row head keeps its old key.
  if (shape.mark_embedding != MarkEmbedding::shared_row) s << " mark " << to_string(shape.mark_embedding);
  s << "\ntask " << task.length << ' ' << task.symbols << ' '
    << number(task.mark_probability) << ' ' << to_string(task.no_mark) << "\ninit "
    << number(initial_scales.embedding) << ' ' << number(initial_scales.position_table) << ' '
    << number(initial_scales.query_key) << ' ' << number(initial_scales.value_readout)
    << "\ntraining "
    << training.steps << ' ' << training.batch << ' ' << training.loss_window << ' '
    << number(training.adam.learning_rate) << ' ' << number(training.adam.beta1) << ' '
    << number(training.adam.beta2) << ' ' << number(training.adam.epsilon) << ' '
    << to_string(training.schedule) << ' ' << training.warmup_steps << "\nvalidation "
    << validation_sequences << "\ntest";
  for (int l : test_lengths) s << ' ' << l;
  s << ' ' << test_sequences << "\nrope_maps";
  for (ContextExtension m : rope_maps) s << ' ' << to_string(m);
  s << "\nseed " << seed << '\n';
  return s.str();
}

TournamentConfig article_tournament() { return TournamentConfig{}; }

const AccuracyCount* HeadRun::find(const std::string& map_name, int length) const {
  for (const AccuracyCount& a : accuracies)
    if (a.map_name == map_name && a.length == length) return &a;
  return nullptr;
}

const HeadRun& Tournament::run(PositionScheme scheme, int seed) const {
  for (const HeadRun& h : heads)
    if (h.scheme == scheme && h.seed == seed) return h;
  throw std::invalid_argument("the tournament has no " + to_string(scheme) + " head with seed " +
                              std::to_string(seed));
}

AttentionHead Tournament::trained_head(PositionScheme scheme, int seed) const {
  return make_head(config.head_shape(scheme), run(scheme, seed).trained_parameters);
}

AttentionHead Tournament::initial_head(PositionScheme scheme, int seed) const {
  return make_head(config.head_shape(scheme), run(scheme, seed).initial_parameters);
}

std::optional<double> Tournament::accuracy(PositionScheme scheme, int seed,
                                           const std::string& map_name, int length) const {
  const AccuracyCount* a = run(scheme, seed).find(map_name, length);
  if (!a) return std::nullopt;
  return a->value();
}

std::vector<Example> tournament_test_set(const TournamentConfig& config, int length) {
  CueTask task = config.task;
  task.length = length;
  Rng rng(mix_seed(config.seed, 1000000 + static_cast<std::uint64_t>(length)));
  return task.sample(rng, config.test_sequences);
}

std::vector<Example> tournament_validation_set(const TournamentConfig& config) {
  Rng rng(mix_seed(config.seed, 3000000));
  return config.task.sample(rng, config.validation_sequences);
}

std::string degenerate_reason(PositionScheme scheme, long correct, long total, int classes,
                              double bag_reader_accuracy) {
  return degenerate_by_rule(scheme, correct, total, classes, bag_reader_accuracy,
                            "reads no better than the bag-of-tokens reader");
}

std::string degenerate_reason(const Tournament& tournament, const HeadRun& run) {
  return degenerate_reason(run.scheme, run.validation_correct, tournament.config.validation_sequences,
                           tournament.config.shape.classes, bag_of_tokens_accuracy(tournament.config.task));
}

namespace {

std::string head_key(const TournamentConfig& config, PositionScheme scheme, int seed) {
  return hex64(fnv1a64(config.canonical() + "head " + to_string(scheme) + ' ' +
                       std::to_string(seed) + '\n'));
}

std::vector<double> values_of(const Eigen::VectorXd& v) { return {v.data(), v.data() + v.size()}; }
Eigen::VectorXd vector_of(const std::vector<double>& v) {
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

std::string serialise(const HeadRun& run, const std::string& key) {
  TrainedHeadRecord record{to_string(run.scheme), run.seed, values_of(run.initial_parameters),
                           values_of(run.trained_parameters), run.loss_trace, run.validation_loss,
                           run.validation_correct, {}};
  for (const AccuracyCount& a : run.accuracies)
    record.readouts.push_back("accuracy " + a.map_name + ' ' + std::to_string(a.length) + ' ' +
                              std::to_string(a.correct) + ' ' + std::to_string(a.total));
  return serialise(record, "pe-experiments head", key);
}

/// The cached run, or nothing if the entry is missing, corrupt, or for another configuration.
std::optional<HeadRun> load(const std::string& path, const std::string& key,
                            const TournamentConfig& config, PositionScheme scheme, int seed,
                            const std::vector<AccuracyCount>& expected_reads) {
  const std::optional<std::string> body = read_sealed(path);
  if (!body) return std::nullopt;
  const long size = make_head(config.head_shape(scheme)).parameters().size();
  const std::optional<TrainedHeadRecord> record = load_trained_head(
      *body, {"pe-experiments head", key, to_string(scheme), seed, size, true, config.validation_sequences});
  if (!record || record->readouts.size() != expected_reads.size()) return std::nullopt;
  HeadRun run;
  run.scheme = scheme;
  run.seed = seed;
  run.initial_parameters = vector_of(*record->initial_parameters);
  run.trained_parameters = vector_of(record->trained_parameters);
  run.loss_trace = record->loss_trace;
  run.validation_loss = record->validation_loss;
  run.validation_correct = record->validation_correct;
  for (std::size_t i = 0; i < expected_reads.size(); ++i) {
    const AccuracyCount& want = expected_reads[i];
    std::istringstream line(record->readouts[i]);
    std::string word, extra;
    AccuracyCount a;
    if (!(line >> word >> a.map_name >> a.length >> a.correct >> a.total) || word != "accuracy" ||
        a.map_name != want.map_name || a.length != want.length || a.total != want.total ||
        a.correct < 0 || a.correct > a.total || (line >> extra))
      return std::nullopt;
    run.accuracies.push_back(a);
  }
  run.from_cache = true;
  return run;
}

/// The reads each head is scored on: plain at every length it can read, and RoPE heads with
/// every read-time map at every length.
std::vector<AccuracyCount> reads_of(const TournamentConfig& config, PositionScheme scheme) {
  std::vector<AccuracyCount> out;
  const HeadShape shape = config.head_shape(scheme);
  for (int length : config.test_lengths) {
    if (scheme == PositionScheme::learned && length > shape.table_length) continue;
    out.push_back({"plain", length, 0, config.test_sequences});
  }
  if (scheme == PositionScheme::rope)
    for (ContextExtension map : config.rope_maps)
      for (int length : config.test_lengths)
        out.push_back({to_string(map), length, 0, config.test_sequences});
  return out;
}

HeadRun train_and_read(const TournamentConfig& config, PositionScheme scheme, int seed,
                       const std::vector<std::vector<Example>>& test_sets,
                       const std::vector<Example>& validation) {
  HeadRun run;
  run.scheme = scheme;
  run.seed = seed;
  const HeadShape shape = config.head_shape(scheme);
  Rng init_rng(mix_seed(config.seed, 2 * static_cast<std::uint64_t>(seed) + 1));
  AttentionHead head = initialised_head(shape, init_rng, config.initial_scales);
  run.initial_parameters = head.parameters();
  Rng data_rng(mix_seed(config.seed, 2 * static_cast<std::uint64_t>(seed) + 2));
  const CueTask task = config.task;
  run.loss_trace = train(head, config.training,
                         [&task](Rng& rng, Example& e) { task.sample(rng, e); }, data_rng);
  run.trained_parameters = head.parameters();
  HeadEvaluator evaluator;
  run.validation_loss = evaluator.loss_and_gradient(head, validation, nullptr);
  run.validation_correct = evaluator.count_correct(head, validation);
  for (AccuracyCount a : reads_of(config, scheme)) {
    std::size_t index = 0;
    while (config.test_lengths[index] != a.length) ++index;
    const ReadTimeMap read_time_map =
        a.map_name == "plain"
            ? ReadTimeMap{}
            : ReadTimeMap::rope(context_extension_from_string(a.map_name), a.length, config.task.length);
    a.correct = evaluator.count_correct(head, test_sets[index], read_time_map);
    run.accuracies.push_back(a);
  }
  return run;
}

}  // namespace

std::string head_cache_path(const TournamentConfig& config, const std::string& cache_dir,
                            PositionScheme scheme, int seed) {
  return (std::filesystem::path(cache_dir) / "tournament" /
          (to_string(scheme) + "-seed" + std::to_string(seed) + "-" +
           head_key(config, scheme, seed) + ".txt"))
      .string();
}

Tournament run_tournament(const TournamentConfig& config, const std::string& cache_dir,
                          int threads, const ComputeProgress& on_trained) {
  config.validate();
  const auto start = std::chrono::steady_clock::now();
  Tournament result;
  result.config = config;
  struct Job {
    PositionScheme scheme;
    int seed;
  };
  std::vector<Job> jobs;
  for (PositionScheme s : config.schemes)
    for (int k = 0; k < config.seeds; ++k) jobs.push_back({s, k});
  std::vector<std::vector<Example>> test_sets;
  std::vector<Example> validation;
  LoadedOrComputed<HeadRun> runs = load_or_compute<HeadRun>(
      jobs.size(), threads,
      [&](std::size_t i) -> std::optional<HeadRun> {
        if (cache_dir.empty()) return std::nullopt;
        return load(head_cache_path(config, cache_dir, jobs[i].scheme, jobs[i].seed),
                    head_key(config, jobs[i].scheme, jobs[i].seed), config, jobs[i].scheme,
                    jobs[i].seed, reads_of(config, jobs[i].scheme));
      },
      [&] {
        for (int length : config.test_lengths) test_sets.push_back(tournament_test_set(config, length));
        validation = tournament_validation_set(config);
      },
      [&](std::size_t i) {
        return train_and_read(config, jobs[i].scheme, jobs[i].seed, test_sets, validation);
      },
      [&](std::size_t i, const HeadRun& run) {
        if (!cache_dir.empty())
          write_sealed_or_warn(head_cache_path(config, cache_dir, jobs[i].scheme, jobs[i].seed),
                       serialise(run, head_key(config, jobs[i].scheme, jobs[i].seed)));
      },
      on_trained);
  result.heads = std::move(runs.runs);
  result.trained = runs.computed;
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace pe::experiments

namespace pe::experiments {

TournamentConfig tournament_with(const TrainingRecipe& recipe, int seeds, const ModelReading& reading) {
  TournamentConfig config = with_recipe(article_tournament(), recipe, seeds);
  config.shape.mark_embedding = reading.mark;
  config.task.no_mark = reading.no_mark;
  return config;
}

RecipeScore score_recipe(const TrainingRecipe& recipe, const Tournament& tournament) {
  return score_heads(recipe, tournament.heads, tournament.config.validation_sequences,
                     [&](const HeadRun& h) { return degenerate_reason(tournament, h); });
}

RecipeSelection tournament_recipe_selection(const std::string& cache_dir, int threads,
                                            const ModelReading& reading,
                                            const TrainingProgress& progress) {
  // The grid's canonical texts name the reading wherever it differs from the headline one, so
  // each reading's selection has its own cache entry and the headline's keeps its old one.
  std::string grid_text = "selection 1\n" + selection_rule() + "\nseeds " + std::to_string(kGridSeeds) + '\n';
  for (const TrainingRecipe& r : recipe_grid()) grid_text += tournament_with(r, kGridSeeds, reading).canonical();
  const TournamentConfig grid_config = tournament_with(recipe_grid().front(), kGridSeeds, reading);
  const long heads_per_recipe = long(grid_config.schemes.size()) * grid_config.seeds;
  return cached_selection(
      cache_dir, "tournament", grid_text,
      [&](const TrainingRecipe& recipe, const ComputeProgress& on_trained) {
        return score_recipe(recipe, run_tournament(tournament_with(recipe, kGridSeeds, reading),
                                                   cache_dir, threads, on_trained));
      },
      {"tournament heads", heads_per_recipe, progress});
}

TournamentConfig selected_tournament(const std::string& cache_dir, int seeds, const ModelReading& reading,
                                     const TrainingProgress& progress) {
  return tournament_with(tournament_recipe_selection(cache_dir, 0, reading, progress).recipe(), seeds,
                         reading);
}

}  // namespace pe::experiments
