#include "filing_readers.hpp"
#include "limits.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>
#include <stdexcept>

#include "position_scheme.hpp"
#include "random.hpp"
#include "result_cache.hpp"

namespace pe::experiments {
namespace {

// Part of every cache key: bump it when a change alters what a configuration produces.
constexpr int kFilingsResultsVersion = 2;

const std::vector<FilingReader> kReaders = {
    FilingReader::none,    FilingReader::sinusoidal, FilingReader::rope,     FilingReader::alibi,
    FilingReader::rope_pi, FilingReader::rope_ntk,   FilingReader::rope_yarn};

}  // namespace

int argmax_first(const Eigen::Ref<const Eigen::RowVectorXd>& row) {
  int best = 0;
  for (int c = 1; c < row.size(); ++c)
    if (row(c) > row(best)) best = c;
  return best;
}

std::string to_string(FilingReader reader) {
  switch (reader) {
    case FilingReader::none: return "none";
    case FilingReader::sinusoidal: return "sinusoidal";
    case FilingReader::rope: return "rope";
    case FilingReader::alibi: return "alibi";
    case FilingReader::rope_pi: return "rope+pi";
    case FilingReader::rope_ntk: return "rope+ntk";
    case FilingReader::rope_yarn: return "rope+yarn";
  }
  return "?";
}

FilingReader filing_reader_from_string(const std::string& name) {
  std::string valid;
  for (FilingReader r : kReaders) {
    if (to_string(r) == name) return r;
    valid += (valid.empty() ? "" : ", ") + to_string(r);
  }
  throw std::invalid_argument("unknown reader '" + name + "'; valid readers: " + valid);
}

const std::vector<FilingReader>& all_filing_readers() { return kReaders; }

PositionScheme scheme_of(FilingReader reader) {
  switch (reader) {
    case FilingReader::none: return PositionScheme::none;
    case FilingReader::sinusoidal: return PositionScheme::sinusoidal;
    case FilingReader::alibi: return PositionScheme::alibi;
    default: return PositionScheme::rope;
  }
}

ContextExtension map_of(FilingReader reader) {
  switch (reader) {
    case FilingReader::rope_pi: return ContextExtension::position_interpolation;
    case FilingReader::rope_ntk: return ContextExtension::ntk_aware;
    case FilingReader::rope_yarn: return ContextExtension::yarn;
    default: return ContextExtension::none;
  }
}

void FilingsStudyConfig::validate() const {
  if (train_documents < 1)
    throw std::invalid_argument("train_documents must be >= 1, got train_documents = " +
                                std::to_string(train_documents));
  if (held_out_documents < 1)
    throw std::invalid_argument("held_out_documents must be >= 1, got held_out_documents = " +
                                std::to_string(held_out_documents));
  if (schemes.empty()) throw std::invalid_argument("the study needs at least one scheme");
  if (seeds < 1) throw std::invalid_argument("seeds must be >= 1, got seeds = " + std::to_string(seeds));
  require_at_most(seeds, kMaxSeeds, "seeds", "filings study");
  if (validation_windows < 1)
    throw std::invalid_argument("validation_windows must be >= 1, got validation_windows = " +
                                std::to_string(validation_windows));
  if (window < 2) throw std::invalid_argument("window must be >= 2, got window = " + std::to_string(window));
  for (PositionScheme s : schemes) {
    if (s == PositionScheme::learned)
      throw std::invalid_argument("a learned table cannot read whole filings; schemes lists 'learned'");
    validate_head_shape(head_shape(s));
  }
  if (shape.symbols != kSymbolCount || shape.classes != kSymbolCount)
    throw std::invalid_argument("the head's symbols and classes must equal kSymbolCount = " +
                                std::to_string(kSymbolCount) + ", got symbols = " +
                                std::to_string(shape.symbols) + ", classes = " +
                                std::to_string(shape.classes));
  training.validate();
  initial_scales.validate();
}

HeadShape FilingsStudyConfig::head_shape(PositionScheme scheme) const {
  HeadShape h = shape;
  h.scheme = scheme;
  return h;
}

std::string FilingsStudyConfig::canonical() const {
  std::ostringstream s;
  s << "filings-study version " << kFilingsResultsVersion << "\ncorpus " << corpus_seed << ' '
    << train_documents << ' ' << held_out_documents << "\nshape " << shape.width << ' ' << shape.symbols << ' '
    << shape.classes << ' ' << shape.table_length << ' ' << exact_text(shape.base) << ' '
    << exact_text(shape.alibi_slope);
  // Only a non-default mark embedding is named, so every shared_row head keeps its old key.
  if (shape.mark_embedding != MarkEmbedding::shared_row) s << " mark " << to_string(shape.mark_embedding);
  s << "\ninit " << exact_text(initial_scales.embedding) << ' '
    << exact_text(initial_scales.position_table) << ' ' << exact_text(initial_scales.query_key)
    << ' ' << exact_text(initial_scales.value_readout) << "\ntraining " << training.steps << ' '
    << training.batch << ' ' << training.loss_window << ' '
    << exact_text(training.adam.learning_rate) << ' ' << exact_text(training.adam.beta1) << ' '
    << exact_text(training.adam.beta2) << ' ' << exact_text(training.adam.epsilon) << ' '
    << to_string(training.schedule) << ' ' << training.warmup_steps << "\nwindow " << window
    << "\nvalidation " << validation_windows << "\nseed " << seed << '\n';
  return s.str();
}

FilingsStudyConfig article_filings_study() {
  FilingsStudyConfig c;
  c.shape.symbols = kSymbolCount;
  c.shape.classes = kSymbolCount;
  return c;
}

std::vector<Token> filing_tokens(const CueTokens& filing) {
  std::vector<Token> out(filing.symbols.size());
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = Token::content(filing.symbols[i], filing.marked[i] != 0);
  return out;
}

Example filing_question(const CueTokens& filing, int position, int answer, int window) {
  const int n = static_cast<int>(filing.symbols.size());
  if (position < 0 || position >= n)
    throw std::invalid_argument("position must lie in [0, " + std::to_string(n) +
                                "), got position = " + std::to_string(position));
  if (answer < 0) throw std::invalid_argument("answer must be >= 0, got answer = " + std::to_string(answer));
  Example e;
  const int start = window <= 0 ? 0 : std::max(0, position - (window - 2));
  for (int i = start; i <= position; ++i)
    e.tokens.push_back(Token::content(filing.symbols[i], filing.marked[i] != 0));
  e.tokens.push_back(Token::query());
  e.target = answer;
  return e;
}

Eigen::MatrixXd read_filing_one_pass(const AttentionHead& head, const std::vector<Token>& filing,
                                     const ReadTimeMap& read_time_map) {
  const HeadShape& shape = head.shape();
  const int n = static_cast<int>(filing.size());
  if (n == 0) throw std::invalid_argument("read_filing_one_pass needs a non-empty filing");
  validate_read_time_map(shape, read_time_map);
  if (read_time_map.position_position_matrix)
    throw std::invalid_argument("read_filing_one_pass does not take a position_position_matrix");
  const PositionSchemeRule& rule = rule_of(shape.scheme);
  const ConstParameterViews w = head.weights();
  // Filing tokens at positions 0..n-1; the query token at positions 1..n.
  Eigen::MatrixXd h(n, shape.width), hq(n, shape.width);
  const Eigen::VectorXd query_embedding = head.token_embedding(Token::query());
  for (int i = 0; i < n; ++i) {
    h.row(i) = head.token_embedding(filing[i]).transpose();
    hq.row(i) = query_embedding.transpose();
  }
  if (rule.adds_code()) {
    h += rule.code_rows(head, read_time_map.position_shift, n);
    hq += rule.code_rows(head, read_time_map.position_shift + 1, n);
  }
  Eigen::MatrixXd k = h * w.key, q = hq * w.query, kq = hq * w.key;
  const Eigen::MatrixXd v = h * w.value, vq = hq * w.value;
  // Row t: the query at t + 1 against filing keys 0..n-1 (only 0..t used) and itself.
  const Eigen::MatrixXd scores = dense_scores(rule, shape, w, read_time_map, q, 1, k, 0);
  rule.place(kq, 1, shape, read_time_map);
  const double scale = dense_scale(rule, shape, read_time_map);
  Eigen::MatrixXd out(n, shape.width);
  Eigen::VectorXd weights(n + 1);
  double own_term = 0;  // the query against its own key: offset 0
  for (int t = 0; t < n; ++t) {
    weights.head(t + 1) = scores.row(t).head(t + 1).transpose();
    if (rule.has_offset_terms()) {
      const Eigen::RowVectorXd query = q.row(t);
      rule.offset_terms(shape, w, query.data(), 0, &own_term);
    }
    weights(t + 1) = scale * q.row(t).dot(kq.row(t)) + own_term;
    const double top = weights.head(t + 2).maxCoeff();
    weights.head(t + 2) = (weights.head(t + 2).array() - top).exp();
    const double total = weights.head(t + 2).sum();
    Eigen::RowVectorXd o = weights.head(t + 1).transpose() * v.topRows(t + 1);
    o += weights(t + 1) * vq.row(t);
    out.row(t) = o / total;
  }
  return out * w.readout;
}

void require_reader_of(const AttentionHead& head, FilingReader reader) {
  if (head.shape().scheme != scheme_of(reader))
    throw std::invalid_argument("reader " + to_string(reader) + " reads " +
                                to_string(scheme_of(reader)) + " heads, got a " +
                                to_string(head.shape().scheme) + " head");
}

namespace {

/// One filing's questions: its tokens and the positions asked.
struct FilingQuestions {
  CueTokens cue;
  std::vector<int> positions;
};

/// Answers to every question of every filing, filings in order and positions in the given
/// order within each. The plain readers read each filing in one pass. A rescaled RoPE question
/// has its own kappa, set by its position alone, so every filing's question at one position is
/// read with the same map: asking them position by position, in batches, lets the evaluator
/// build each position's rotation table once, and one score table per batch, instead of both
/// per question. Each question's softmax and logits are still its own.
std::vector<int> read_questions(const AttentionHead& head, FilingReader reader,
                                const std::vector<FilingQuestions>& filings, int training_length) {
  std::vector<std::size_t> offset(filings.size() + 1, 0);
  for (std::size_t f = 0; f < filings.size(); ++f) {
    const int n = static_cast<int>(filings[f].cue.symbols.size());
    for (int t : filings[f].positions)
      if (t < 0 || t >= n)
        throw std::invalid_argument("position must lie in [0, " + std::to_string(n) +
                                    "), got position = " + std::to_string(t));
    offset[f + 1] = offset[f] + filings[f].positions.size();
  }
  std::vector<int> answers(offset.back());
  const ContextExtension map = map_of(reader);
  if (map == ContextExtension::none) {
    for (std::size_t f = 0; f < filings.size(); ++f) {
      if (filings[f].positions.empty()) continue;
      const Eigen::MatrixXd logits = read_filing_one_pass(head, filing_tokens(filings[f].cue));
      for (std::size_t i = 0; i < filings[f].positions.size(); ++i)
        answers[offset[f] + i] = argmax_first(logits.row(filings[f].positions[i]));
    }
    return answers;
  }
  struct Question {
    int position;
    std::size_t filing, index;
  };
  std::vector<Question> order;
  order.reserve(answers.size());
  for (std::size_t f = 0; f < filings.size(); ++f)
    for (std::size_t i = 0; i < filings[f].positions.size(); ++i)
      order.push_back({filings[f].positions[i], f, i});
  std::stable_sort(order.begin(), order.end(),
                   [](const Question& a, const Question& b) { return a.position < b.position; });
  // Questions at one position share the query token and position, hence one score table in
  // the evaluator. Batches of at most `vocabulary` questions keep the evaluator on the path it
  // takes for a lone question (it switches to shared exponential tables above that size).
  const std::size_t batch_limit = static_cast<std::size_t>(head.shape().vocabulary());
  HeadEvaluator evaluator;
  std::vector<Example> batch;
  for (std::size_t first = 0; first < order.size();) {
    std::size_t last = first;
    while (last < order.size() && last - first < batch_limit &&
           order[last].position == order[first].position)
      ++last;
    batch.clear();
    for (std::size_t i = first; i < last; ++i)
      batch.push_back(filing_question(filings[order[i].filing].cue, order[i].position, 0, 0));
    const ReadTimeMap r = ReadTimeMap::rope(map, order[first].position + 2, training_length);
    const Eigen::MatrixXd& logits = evaluator.logits_at_last(head, batch, r);
    for (std::size_t i = first; i < last; ++i)
      answers[offset[order[i].filing] + order[i].index] = argmax_first(logits.row(Eigen::Index(i - first)));
    first = last;
  }
  return answers;
}

std::vector<int> query_positions(const Document& document) {
  std::vector<int> positions;
  for (const Query& q : queries(document)) positions.push_back(q.position);
  return positions;
}

}  // namespace

std::vector<int> read_filing(const AttentionHead& head, FilingReader reader,
                             const Document& document, const std::vector<int>& positions,
                             int training_length) {
  require_reader_of(head, reader);
  return read_questions(head, reader, {{tokenize(document), positions}}, training_length);
}

std::vector<int> read_filings(const AttentionHead& head, FilingReader reader,
                              const std::vector<Document>& documents,
                              int training_length) {
  require_reader_of(head, reader);
  std::vector<FilingQuestions> all;
  all.reserve(documents.size());
  for (const Document& d : documents)
    all.push_back({tokenize(d), query_positions(d)});
  return read_questions(head, reader, all, training_length);
}

FilingsTrainingSet filings_training_set(const std::vector<Document>& train) {
  FilingsTrainingSet set;
  for (std::size_t d = 0; d < train.size(); ++d) {
    set.filings.push_back(tokenize(train[d]));
    set.tokens.push_back(filing_tokens(set.filings.back()));
    for (const Query& q : queries(train[d]))
      set.questions.push_back({static_cast<int>(d), q.position, q.answer});
  }
  if (set.questions.empty()) throw std::invalid_argument("the training filings name no company");
  return set;
}

void filings_window(const FilingsTrainingSet& set, const FilingsTrainingSet::Question& question,
                    int window, Example& out) {
  const std::vector<Token>& f = set.tokens[question.document];
  const int start = std::max(0, question.position - (window - 2));
  out.tokens.assign(f.begin() + start, f.begin() + question.position + 1);
  out.tokens.push_back(Token::query());
  out.target = question.answer;
}

std::vector<Example> filings_validation_windows(const FilingsStudyConfig& config,
                                                const FilingsTrainingSet& set) {
  if (set.questions.empty())
    throw std::invalid_argument("the training set has no questions (the filings name no company)");
  Rng rng(mix_seed(config.seed, 3000000));
  std::vector<Example> out(static_cast<std::size_t>(config.validation_windows));
  for (Example& e : out)
    filings_window(set, set.questions[static_cast<std::size_t>(
                            rng.integer(0, static_cast<long>(set.questions.size()) - 1))],
                   config.window, e);
  return out;
}

std::string filings_degenerate_reason(PositionScheme scheme, long correct, long total, int classes,
                                      double first_named_share) {
  return degenerate_by_rule(scheme, correct, total, classes, first_named_share,
                            "answers the first-named company");
}

std::string FilingsStudy::degenerate_reason(const FilingHeadRun& run) const {
  return filings_degenerate_reason(run.scheme, run.validation_correct, config.validation_windows,
                                   config.shape.classes,
                                   double(validation_first_named) / double(config.validation_windows));
}

AttentionHead train_filings_head(const FilingsStudyConfig& config, const FilingsTrainingSet& set,
                                 PositionScheme scheme, int seed, std::vector<double>* loss_trace) {
  if (set.questions.empty())
    throw std::invalid_argument("the training set has no questions (the filings name no company)");
  Rng init_rng(mix_seed(config.seed, 2 * static_cast<std::uint64_t>(seed) + 1));
  AttentionHead head = initialised_head(config.head_shape(scheme), init_rng,
                                                  config.initial_scales);
  Rng data_rng(mix_seed(config.seed, 2 * static_cast<std::uint64_t>(seed) + 2));
  const ExampleSampler sampler = [&](Rng& rng, Example& e) {
    filings_window(set, set.questions[static_cast<std::size_t>(
                            rng.integer(0, static_cast<long>(set.questions.size()) - 1))],
                   config.window, e);
  };
  std::vector<double> trace = train(head, config.training, sampler, data_rng);
  if (loss_trace) *loss_trace = std::move(trace);
  return head;
}

const std::vector<int>& FilingHeadRun::answers(FilingReader reader) const {
  for (std::size_t i = 0; i < readers.size(); ++i)
    if (readers[i] == reader) return held_out_answers[i];
  throw std::invalid_argument("the " + to_string(scheme) + " head has no reader " + to_string(reader));
}

const std::vector<int>& FilingHeadRun::exhibit(FilingReader reader) const {
  for (std::size_t i = 0; i < readers.size(); ++i)
    if (readers[i] == reader) return exhibit_answers[i];
  throw std::invalid_argument("the " + to_string(scheme) + " head has no reader " + to_string(reader));
}

const FilingHeadRun& FilingsStudy::run(PositionScheme scheme, int seed) const {
  for (const FilingHeadRun& h : heads)
    if (h.scheme == scheme && h.seed == seed) return h;
  throw std::invalid_argument("the filings study has no " + to_string(scheme) +
                              " head with seed " + std::to_string(seed));
}

AttentionHead FilingsStudy::trained_head(PositionScheme scheme, int seed) const {
  return make_head(config.head_shape(scheme), run(scheme, seed).trained_parameters);
}

double FilingsStudy::held_out_accuracy(FilingReader reader, int seed) const {
  const std::vector<int>& answers = run(scheme_of(reader), seed).answers(reader);
  long right = 0;
  for (std::size_t i = 0; i < held_out_queries.size(); ++i)
    right += answers[i] == held_out_queries[i].answer;
  return double(right) / double(held_out_queries.size());
}

namespace {

std::vector<FilingReader> readers_of(PositionScheme scheme) {
  std::vector<FilingReader> out;
  for (FilingReader r : kReaders)
    if (scheme_of(r) == scheme) out.push_back(r);
  return out;
}

std::string corpus_fingerprint(const Corpus& corpus) {
  std::string text;
  for (const auto* set : {&corpus.train, &corpus.held_out})
    for (const Document& d : *set) {
      const CueTokens c = tokenize(d);
      for (std::size_t i = 0; i < c.symbols.size(); ++i)
        text += char('0' + c.symbols[i] + (c.marked[i] ? 10 : 0));
      text += '\n';
    }
  return hex64(fnv1a64(text));
}

std::string head_key(const FilingsStudyConfig& config, const std::string& fingerprint,
                     PositionScheme scheme, int seed) {
  return hex64(fnv1a64(config.canonical() + "corpus " + fingerprint + "\nhead " +
                       to_string(scheme) + ' ' + std::to_string(seed) + '\n'));
}

std::string path_for(const std::string& cache_dir, const std::string& key, PositionScheme scheme,
                     int seed) {
  return (std::filesystem::path(cache_dir) / "filings_study" /
          (to_string(scheme) + "-seed" + std::to_string(seed) + "-" + key + ".txt"))
      .string();
}

std::string digits(const std::vector<int>& answers) {
  std::string s;
  s.reserve(answers.size());
  for (int a : answers) s += char('0' + a);
  return s;
}

bool parse_digits(const std::string& s, std::size_t expected, int classes, std::vector<int>& out) {
  if (s.size() != expected) return false;
  out.resize(expected);
  for (std::size_t i = 0; i < expected; ++i) {
    const int a = s[i] - '0';
    if (a < 0 || a >= classes) return false;
    out[i] = a;
  }
  return true;
}

std::string serialise(const FilingHeadRun& run, const std::string& key) {
  const Eigen::VectorXd& trained = run.trained_parameters;
  TrainedHeadRecord record{to_string(run.scheme), run.seed, std::nullopt,
                           {trained.data(), trained.data() + trained.size()}, run.loss_trace,
                           run.validation_loss, run.validation_correct, {}};
  for (std::size_t i = 0; i < run.readers.size(); ++i) {
    record.readouts.push_back("held_out " + to_string(run.readers[i]) + ' ' + digits(run.held_out_answers[i]));
    record.readouts.push_back("exhibit " + to_string(run.readers[i]) + ' ' + digits(run.exhibit_answers[i]));
  }
  return serialise(record, "pe-experiments filings head", key);
}

/// One readout line "<tag> <reader> <digits>" into `answers`: false unless it is exactly that.
bool read_answers(const std::string& text, const std::string& tag, FilingReader reader,
                  std::size_t count, int classes, std::vector<int>& answers) {
  std::istringstream line(text);
  std::string word, name, digits_text, extra;
  return (line >> word >> name >> digits_text) && word == tag && name == to_string(reader) &&
         parse_digits(digits_text, count, classes, answers) && !(line >> extra);
}

std::optional<FilingHeadRun> load(const std::string& path, const std::string& key,
                                  const FilingsStudyConfig& config, PositionScheme scheme, int seed,
                                  std::size_t held_out_count, std::size_t exhibit_count) {
  const std::optional<std::string> body = read_sealed(path);
  if (!body) return std::nullopt;
  const long size = make_head(config.head_shape(scheme)).parameters().size();
  const std::optional<TrainedHeadRecord> record = load_trained_head(
      *body, {"pe-experiments filings head", key, to_string(scheme), seed, size, false,
              config.validation_windows});
  const std::vector<FilingReader> readers = readers_of(scheme);
  if (!record || record->readouts.size() != 2 * readers.size()) return std::nullopt;
  FilingHeadRun run;
  run.scheme = scheme;
  run.seed = seed;
  run.trained_parameters = Eigen::Map<const Eigen::VectorXd>(record->trained_parameters.data(), size);
  run.loss_trace = record->loss_trace;
  run.validation_loss = record->validation_loss;
  run.validation_correct = record->validation_correct;
  for (std::size_t i = 0; i < readers.size(); ++i) {
    std::vector<int> held, exhibit;
    if (!read_answers(record->readouts[2 * i], "held_out", readers[i], held_out_count,
                      config.shape.classes, held) ||
        !read_answers(record->readouts[2 * i + 1], "exhibit", readers[i], exhibit_count,
                      config.shape.classes, exhibit))
      return std::nullopt;
    run.readers.push_back(readers[i]);
    run.held_out_answers.push_back(std::move(held));
    run.exhibit_answers.push_back(std::move(exhibit));
  }
  run.from_cache = true;
  return run;
}

FilingHeadRun train_and_read(const FilingsStudyConfig& config, PositionScheme scheme, int seed,
                             const FilingsTrainingSet& training_set,
                             const std::vector<Example>& validation,
                             const std::vector<Document>& held_out,
                             const Document& exhibit) {
  FilingHeadRun run;
  run.scheme = scheme;
  run.seed = seed;
  const AttentionHead head = train_filings_head(config, training_set, scheme, seed, &run.loss_trace);
  run.trained_parameters = head.parameters();
  HeadEvaluator evaluator;
  run.validation_loss = evaluator.loss_and_gradient(head, validation, nullptr);
  run.validation_correct = evaluator.count_correct(head, validation);
  for (FilingReader r : readers_of(scheme)) {
    run.readers.push_back(r);
    run.held_out_answers.push_back(read_filings(head, r, held_out, config.window));
    run.exhibit_answers.push_back(read_filing(head, r, exhibit, query_positions(exhibit), config.window));
  }
  return run;
}

}  // namespace

std::string filings_head_cache_path(const FilingsStudyConfig& config, const Corpus& corpus,
                                    const std::string& cache_dir, PositionScheme scheme, int seed) {
  return path_for(cache_dir, head_key(config, corpus_fingerprint(corpus), scheme, seed), scheme, seed);
}

FilingsStudy run_filings_study(const FilingsStudyConfig& config, const Corpus& corpus,
                               const std::string& cache_dir, int threads,
                               const ComputeProgress& on_trained) {
  config.validate();
  if (static_cast<int>(corpus.train.size()) != config.train_documents ||
      static_cast<int>(corpus.held_out.size()) != config.held_out_documents)
    throw std::invalid_argument("the corpus has " + std::to_string(corpus.train.size()) + " + " +
                                std::to_string(corpus.held_out.size()) +
                                " documents, the configuration expects " +
                                std::to_string(config.train_documents) + " + " +
                                std::to_string(config.held_out_documents));
  const auto start = std::chrono::steady_clock::now();
  FilingsStudy result;
  result.config = config;
  for (const Document& d : corpus.held_out)
    for (const Query& q : queries(d)) result.held_out_queries.push_back(q);
  const Document exhibit = exhibit_filing();
  result.exhibit_queries = queries(exhibit);
  const std::string fingerprint = corpus_fingerprint(corpus);

  struct Job {
    PositionScheme scheme;
    int seed;
  };
  std::vector<Job> jobs;
  for (PositionScheme s : config.schemes)
    for (int k = 0; k < config.seeds; ++k) jobs.push_back({s, k});
  // The validation windows are needed for the first-named share even when every head loads.
  const FilingsTrainingSet training_set = filings_training_set(corpus.train);
  const std::vector<Example> validation = filings_validation_windows(config, training_set);
  for (const Example& e : validation) result.validation_first_named += e.target == 0;
  LoadedOrComputed<FilingHeadRun> runs = load_or_compute<FilingHeadRun>(
      jobs.size(), threads,
      [&](std::size_t i) -> std::optional<FilingHeadRun> {
        if (cache_dir.empty()) return std::nullopt;
        const std::string key = head_key(config, fingerprint, jobs[i].scheme, jobs[i].seed);
        return load(path_for(cache_dir, key, jobs[i].scheme, jobs[i].seed), key, config,
                    jobs[i].scheme, jobs[i].seed, result.held_out_queries.size(),
                    result.exhibit_queries.size());
      },
      [] {},
      [&](std::size_t i) {
        return train_and_read(config, jobs[i].scheme, jobs[i].seed, training_set, validation,
                              corpus.held_out, exhibit);
      },
      [&](std::size_t i, const FilingHeadRun& run) {
        if (cache_dir.empty()) return;
        const std::string key = head_key(config, fingerprint, jobs[i].scheme, jobs[i].seed);
        write_sealed_or_warn(path_for(cache_dir, key, jobs[i].scheme, jobs[i].seed), serialise(run, key));
      },
      on_trained);
  result.heads = std::move(runs.runs);
  result.trained = runs.computed;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

double alibi_content_width(const AttentionHead& head) {
  const HeadShape& shape = head.shape();
  if (shape.scheme != PositionScheme::alibi)
    throw std::invalid_argument("alibi_content_width needs an ALiBi head, got a " +
                                to_string(shape.scheme) + " head");
  const Eigen::VectorXd q =
      head.query_map().transpose() * head.token_embedding(Token::query());
  double lo = 0, hi = 0;
  bool first = true;
  auto consider = [&](const Token& key) {
    const Eigen::VectorXd k = head.key_map().transpose() * head.token_embedding(key);
    const double c = q.dot(k) / std::sqrt(double(shape.width));
    lo = first ? c : std::min(lo, c);
    hi = first ? c : std::max(hi, c);
    first = false;
  };
  consider(Token::query());
  for (int s = 0; s < shape.symbols; ++s)
    for (bool marked : {false, true}) consider(Token::content(s, marked));
  return hi - lo;
}

}  // namespace pe::experiments

namespace pe::experiments {

FilingsStudyConfig filings_study_with(const TrainingRecipe& recipe, int seeds, const ModelReading& reading) {
  FilingsStudyConfig config = with_recipe(article_filings_study(), recipe, seeds);
  config.shape.mark_embedding = reading.mark;
  return config;
}

RecipeSelection filings_recipe_selection(const Corpus& corpus, const std::string& cache_dir,
                                         int threads, const ModelReading& reading,
                                         const TrainingProgress& progress) {
  std::string grid_text = "selection 1\n" + selection_rule() + "\nseeds " +
                          std::to_string(kGridSeeds) + "\ncorpus " + corpus_fingerprint(corpus) + '\n';
  for (const TrainingRecipe& r : recipe_grid()) grid_text += filings_study_with(r, kGridSeeds, reading).canonical();
  const FilingsStudyConfig grid_config = filings_study_with(recipe_grid().front(), kGridSeeds, reading);
  const long heads_per_recipe = long(grid_config.schemes.size()) * grid_config.seeds;
  return cached_selection(
      cache_dir, "filings_study", grid_text,
      [&](const TrainingRecipe& recipe, const ComputeProgress& on_trained) {
        const FilingsStudy study = run_filings_study(filings_study_with(recipe, kGridSeeds, reading),
                                                     corpus, cache_dir, threads, on_trained);
        return score_heads(recipe, study.heads, study.config.validation_windows,
                           [&](const FilingHeadRun& h) { return study.degenerate_reason(h); });
      },
      {"filings heads", heads_per_recipe, progress});
}

FilingsStudyConfig selected_filings_study(const Corpus& corpus, const std::string& cache_dir,
                                          int seeds, const ModelReading& reading,
                                          const TrainingProgress& progress) {
  return filings_study_with(filings_recipe_selection(corpus, cache_dir, 0, reading, progress).recipe(),
                            seeds, reading);
}

}  // namespace pe::experiments
