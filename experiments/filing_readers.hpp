/// @file
/// @brief The finance case study: single heads trained on 32-token windows of synthetic
/// filings and read on whole held-out filings, at every position after the first mention.
///
/// Convention: the question at filing position t ("which company was named last?") is asked
/// by a query token appended after filing tokens 0..t, exactly as in the cue task; the target
/// is the company named last at or before t (its order of first appearance in the filing).
///
/// Training: an example is the window of at most 31 filing tokens ending at a query position t
/// drawn uniformly from all query positions of the training filings (the whole prefix when
/// t < 30), followed by the query token. Its target is the filing's answer at t, which may lie
/// outside the window: then the window holds no clue to it, and the only useful guess is the
/// company most often named last, the first-named one. This is how training teaches that
/// fallback. Heads: none, sinusoidal, RoPE and ALiBi, trained with the recipe the selection
/// rule picks for this family (recipes.hpp, on validation windows of the training filings).
///
/// Test: every held-out filing at every query position, with the whole prefix (no window),
/// under seven readers: the four heads as trained, and the RoPE heads under PI, NTK-aware
/// scaling and YaRN. For a rescaled RoPE reading of the question at position t the sequence
/// has t + 2 tokens and kappa = max(1, (t + 2) / 32), the tournament's rule kappa = (test
/// length) / (training length) applied to each question's own length. It uses nothing beyond
/// the question's prefix (a kappa set by the whole filing's length, or by the longest filing,
/// would look ahead, or stretch short prefixes that need no stretching).
///
/// Results (trained weights and every reader's answer to every held-out question and to
/// every position of the exhibit filing) are cached like the tournament's, one sealed entry
/// per head keyed by a hash of the configuration and the tokenized corpus.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "head_readers.hpp"
#include "synthetic_filings.hpp"
#include "recipes.hpp"
#include "result_cache.hpp"
#include "training.hpp"

namespace pe::experiments {

/// The seven ways a filing is read.
enum class FilingReader { none, sinusoidal, rope, alibi, rope_pi, rope_ntk, rope_yarn };

/// "none", "sinusoidal", "rope", "alibi", "rope+pi", "rope+ntk", "rope+yarn".
std::string to_string(FilingReader reader);
/// Inverse of to_string; throws std::invalid_argument listing the valid names.
FilingReader filing_reader_from_string(const std::string& name);
const std::vector<FilingReader>& all_filing_readers();
/// The scheme of the head a reader reads, and the map it reads it under.
PositionScheme scheme_of(FilingReader reader);
ContextExtension map_of(FilingReader reader);

struct FilingsStudyConfig {
  std::uint64_t corpus_seed = 20261129;  ///< the case study's corpus (headline_runs.hpp)
  int train_documents = 300;
  int held_out_documents = 100;
  std::vector<PositionScheme> schemes = {PositionScheme::none, PositionScheme::sinusoidal,
                                         PositionScheme::rope, PositionScheme::alibi};
  int seeds = 3;
  HeadShape shape;        ///< symbols and classes = kSymbolCount
  InitialScales initial_scales;
  TrainingSettings training;
  int window = 32;        ///< training length, counting the query token
  /// Windows drawn from the training filings' questions with their own stream (never from the
  /// held-out filings), on which each head's final loss and accuracy are measured.
  int validation_windows = 2000;
  std::uint64_t seed = 20261130;

  /// Throws std::invalid_argument naming the offending parameter.
  void validate() const;
  HeadShape head_shape(PositionScheme scheme) const;
  /// Every number that determines one head's results (not which schemes and seeds run).
  std::string canonical() const;
};

FilingsStudyConfig article_filings_study();

/// The question at `position` of a tokenized filing: at most `window` - 1 tokens ending at
/// `position` (window <= 0: the whole prefix), then the query token; target `answer`. Throws
/// std::invalid_argument for a position outside the filing or an answer < 0.
Example filing_question(const CueTokens& filing, int position, int answer, int window);

/// Every position of a filing read in one causal pass: row t holds the logits of the query
/// token placed at position t + 1 after filing tokens 0..t. Keys and values of the filing are
/// computed once. Throws std::invalid_argument for an empty filing, a map on a non-RoPE head
/// or a reading with a replaced position-position matrix.
Eigen::MatrixXd read_filing_one_pass(const AttentionHead& head, const std::vector<Token>& filing,
                                     const ReadTimeMap& read_time_map = {});

/// The index of the largest logit, the first on ties: a reader's answer.
int argmax_first(const Eigen::Ref<const Eigen::RowVectorXd>& row);

/// Throws std::invalid_argument unless `head` is of the scheme `reader` reads.
void require_reader_of(const AttentionHead& head, FilingReader reader);

/// The filing's tokens in the head's format (no query token).
std::vector<Token> filing_tokens(const CueTokens& filing);

/// A reader's answer (largest logit, first on ties) at each of `positions` of one filing.
/// Throws std::invalid_argument for a head of another scheme or a position outside the filing.
std::vector<int> read_filing(const AttentionHead& head, FilingReader reader,
                             const Document& document, const std::vector<int>& positions,
                             int training_length);

/// A reader's answers to every question of every document (documents in order, queries(d)
/// within each): equal, document by document, to read_filing at the query positions (tested
/// on the first 25 held-out filings, every reader and seed). The rescaled RoPE readers ask all documents' questions at one
/// position together, since they share that position's kappa: its rotation table and score
/// table are built once per batch of questions rather than once per question.
std::vector<int> read_filings(const AttentionHead& head, FilingReader reader,
                              const std::vector<Document>& documents, int training_length);

/// The training filings in the head's format, and every question asked of them: the pool
/// that training windows are drawn from.
struct FilingsTrainingSet {
  struct Question {
    int document, position, answer;
  };
  std::vector<CueTokens> filings;
  /// The same filings as the head's tokens (filing_tokens), so that a window is one copy.
  std::vector<std::vector<Token>> tokens;
  std::vector<Question> questions;  ///< documents in order, queries(d) within each
};
/// Throws std::invalid_argument when the filings name no company (there is nothing to ask).
FilingsTrainingSet filings_training_set(const std::vector<Document>& train);

/// The training example of one question: at most window - 1 filing tokens ending at the
/// question's position, then the query token (reuses `out`'s storage).
void filings_window(const FilingsTrainingSet& set, const FilingsTrainingSet::Question& question,
                    int window, Example& out);
/// The validation windows: config.validation_windows questions of the training filings drawn
/// uniformly from mix_seed(config.seed, 3000000), a stream neither training nor the test uses.
std::vector<Example> filings_validation_windows(const FilingsStudyConfig& config,
                                                const FilingsTrainingSet& set);

/// Why a trained filings head counts as degenerate, or "": degenerate_by_rule (recipes.hpp) on
/// its validation accuracy, with always answering the first-named company as the order
/// reference: "reads at chance", or "answers the first-named company".
std::string filings_degenerate_reason(PositionScheme scheme, long correct, long total, int classes,
                                      double first_named_share);

/// One head of the study trained afresh: initialised from mix_seed(config.seed, 2 seed + 1),
/// trained on windows drawn with mix_seed(config.seed, 2 seed + 2). The loss trace goes to
/// `loss_trace` when it is non-null. Throws std::invalid_argument for an empty training set.
AttentionHead train_filings_head(const FilingsStudyConfig& config, const FilingsTrainingSet& set,
                                 PositionScheme scheme, int seed,
                                 std::vector<double>* loss_trace = nullptr);

struct FilingHeadRun {
  PositionScheme scheme = PositionScheme::none;
  int seed = 0;
  Eigen::VectorXd trained_parameters;
  std::vector<double> loss_trace;
  double validation_loss = 0;   ///< mean cross-entropy on the validation windows
  long validation_correct = 0;  ///< of config.validation_windows
  /// Per reader of this scheme: answers to every held-out question, filings in order and
  /// queries(document) within each; and at every query position of the exhibit filing.
  std::vector<FilingReader> readers;
  std::vector<std::vector<int>> held_out_answers;
  std::vector<std::vector<int>> exhibit_answers;
  bool from_cache = false;

  const std::vector<int>& answers(FilingReader reader) const;
  const std::vector<int>& exhibit(FilingReader reader) const;
};

struct FilingsStudy {
  FilingsStudyConfig config;
  std::vector<FilingHeadRun> heads;  ///< schemes in config order, seeds within each
  std::vector<Query> held_out_queries;  ///< all held-out questions, in answer order
  std::vector<Query> exhibit_queries;
  long validation_first_named = 0;  ///< validation windows whose answer is the first-named company
  double seconds = 0;
  int trained = 0;

  const FilingHeadRun& run(PositionScheme scheme, int seed) const;
  AttentionHead trained_head(PositionScheme scheme, int seed) const;
  /// The share of the held-out questions that `reader` answers right with head `seed` of its
  /// scheme. Throws std::invalid_argument when the study has no such head.
  double held_out_accuracy(FilingReader reader, int seed) const;
  /// filings_degenerate_reason for one of its heads.
  std::string degenerate_reason(const FilingHeadRun& run) const;
};

/// Trains and reads every head, or loads it from `cache_dir` (empty: no cache); `threads`
/// <= 0 means one per hardware thread. `on_trained`, if set, hears how many of the heads the
/// cache lacked are trained (load_or_compute). Throws std::invalid_argument if the corpus does
/// not have the configured number of documents.
FilingsStudy run_filings_study(const FilingsStudyConfig& config, const Corpus& corpus,
                               const std::string& cache_dir, int threads = 0,
                               const ComputeProgress& on_trained = {});

/// The article's filings study trained with `recipe`, `seeds` seeds per scheme.
/// Under `reading` (only its mark embedding concerns the filings: every question has a mark behind it).
FilingsStudyConfig filings_study_with(const TrainingRecipe& recipe, int seeds, const ModelReading& reading = {});
/// The selection rule (recipes.hpp) applied to the filings heads on their validation windows,
/// kGridSeeds per recipe; cached under cache_dir/filings_study/`selection-<key>.txt`. Heads
/// trained for it are reported to `progress` (cached_selection).
RecipeSelection filings_recipe_selection(const Corpus& corpus, const std::string& cache_dir,
                                         int threads = 0, const ModelReading& reading = {},
                                         const TrainingProgress& progress = {});

/// The headline study's configuration: the selected recipe with `seeds` seeds per scheme.
FilingsStudyConfig selected_filings_study(const Corpus& corpus, const std::string& cache_dir,
                                          int seeds = kSelectedSeeds, const ModelReading& reading = {},
                                          const TrainingProgress& progress = {});

/// The cache entry of one head.
std::string filings_head_cache_path(const FilingsStudyConfig& config, const Corpus& corpus,
                                    const std::string& cache_dir, PositionScheme scheme, int seed);

/// Theorem 3's content width of an ALiBi head as the task reads it: the query is always the
/// query token, so W = max - min over every token type k (16 content types and the query token)
/// of the content score E[query] W_Q . E[k] W_K / sqrt(d). The horizon is W / slope.
double alibi_content_width(const AttentionHead& head);

}  // namespace pe::experiments
