/// @file
/// @brief The document-scale reader (filing_scan.hpp).
#include "filing_scan.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "position_scheme.hpp"
#include "result_cache.hpp"

namespace pe::experiments {
namespace {

/// Prefix scans, streams aside: the projections of every token computed once (n x d each).
class PrefixScan {
 public:
  PrefixScan(const AttentionHead& head, const std::vector<Token>& filing)
      : shape_(head.shape()),
        rule_(rule_of(shape_.scheme)),
        w_(head.weights()),
        n_(static_cast<long>(filing.size())),
        types_(filing.size()),
        scores_(n_ + 1),
        kept_scores_(n_ + 1),
        kept_index_(std::size_t(n_ + 1)),
        mixed_(shape_.width) {
    const RowMatrix type_rows = head.token_embeddings();
    for (long j = 0; j < n_; ++j) types_[j] = token_index(filing[j], shape_.symbols);
    const int query_type = token_index(Token::query(), shape_.symbols);
    // Token j at position j; the query of question t at position t + 1.
    Eigen::MatrixXd inputs(n_, shape_.width), query_inputs(n_, shape_.width);
    for (long j = 0; j < n_; ++j) {
      inputs.row(j) = type_rows.row(types_[j]);
      query_inputs.row(j) = type_rows.row(query_type);
    }
    if (rule_.adds_code()) {
      inputs += rule_.code_rows(head, 0, int(n_));
      query_inputs += rule_.code_rows(head, 1, int(n_));
    }
    keys_ = inputs * w_.key;
    values_ = inputs * w_.value;
    queries_ = query_inputs * w_.query;
    query_keys_ = query_inputs * w_.key;
    query_values_ = query_inputs * w_.value;
    type_keys_ = type_rows * w_.key;
    type_values_ = type_rows * w_.value;
    type_weights_.resize(kChains * type_rows.rows());
  }

  /// Questions first..last-1 under the context-extension map `map`.
  void read(ContextExtension map, int training_length, long first, long last,
            Eigen::MatrixXd& logits, std::atomic<long>* work_done) {
    if (map == ContextExtension::none) read_plain(first, last, logits, work_done);
    else read_rescaled(map, training_length, first, last, logits, work_done);
  }

 private:
  /// Questions first..last-1 as trained (the default read-time map): keys placed once, on
  /// first use.
  void read_plain(long first, long last, Eigen::MatrixXd& logits, std::atomic<long>* work_done) {
    const ReadTimeMap read_time_map;
    if (!placed_) {
      rule_.place(keys_, 0, shape_, read_time_map);
      rule_.place(queries_, 1, shape_, read_time_map);
      rule_.place(query_keys_, 1, shape_, read_time_map);
      placed_ = true;
    }
    const double scale = dense_scale(rule_, shape_, read_time_map);
    std::vector<double> terms(rule_.has_offset_terms() ? last + 1 : 0);
    Eigen::RowVectorXd query(shape_.width);
    for (long t = first; t < last; ++t) {
      const long m = t + 1;
      scores_.head(m).noalias() = scale * (keys_.topRows(m) * queries_.row(t).transpose());
      scores_(m) = scale * queries_.row(t).dot(query_keys_.row(t));
      if (!terms.empty()) {
        query = queries_.row(t);
        rule_.offset_terms(shape_, w_, query.data(), m, terms.data());
        for (long j = 0; j <= m; ++j) scores_(j) += terms[std::size_t(m - j)];
      }
      finish(t, logits, work_done);
    }
  }

  /// Questions first..last-1, question t under its own read-time map, kappa = max(1, (t + 2) /
  /// training_length).
  void read_rescaled(ContextExtension map, int training_length, long first, long last,
                     Eigen::MatrixXd& logits, std::atomic<long>* work_done) {
    const std::unique_ptr<SchemeScratch> scratch = rule_.new_scratch();
    Eigen::VectorXd query(shape_.width);
    for (long t = first; t < last; ++t) {
      const long m = t + 1;
      const ReadTimeMap read_time_map = ReadTimeMap::rope(map, int(t + 2), training_length);
      query = queries_.row(t).transpose();
      rule_.scores_under_read_time_map(shape_, read_time_map, query, m, type_keys_, types_.data(),
                                 scores_.data(), scratch.get());
      // The query against its own key: both at m, so no turn at all.
      scores_(m) =
          dense_scale(rule_, shape_, read_time_map) * queries_.row(t).dot(query_keys_.row(t));
      finish(t, logits, work_done);
    }
  }

  /// scores[0..count) replaced by exp(score - max); returns how many were not set to 0, whose
  /// indices, in order, are kept_index_[0..kept). A score more than kNegligibleScoreGap below the
  /// largest gets 0 instead: the largest term is 1, so the terms left out sum to less than
  /// count e^-kNegligibleScoreGap, below 1e-17 for a million keys, a tenth of the rounding unit of the
  /// total, and they move the mixed value by as little relative to its largest value. Where
  /// most scores are that far below (a sharply trained head over a long prefix) this skips
  /// most exponentials; where few are, every score goes through the vectorized exponential.
  long softmax_numerators(long count) {
    auto weights = scores_.head(count).array();
    const double top = weights.maxCoeff();
    const double floor = top - kNegligibleScoreGap;
    // The kept scores are gathered, exponentiated together by the vectorized exponential and
    // put back; the rest become 0. Gathering costs less than an exponential, so this pays
    // unless nearly every score is kept.
    long kept = 0;
    double* score = scores_.data();
    for (long j = 0; j < count; ++j) {
      kept_index_[std::size_t(kept)] = j;
      kept += score[j] > floor;
    }
    if (4 * kept > 3 * count) {
      weights = (weights - top).exp();
      return kept;
    }
    auto gathered = kept_scores_.head(kept).array();
    for (long i = 0; i < kept; ++i) gathered[i] = score[kept_index_[std::size_t(i)]] - top;
    gathered = gathered.exp();
    weights.setZero();
    for (long i = 0; i < kept; ++i) score[kept_index_[std::size_t(i)]] = gathered[i];
    return kept;
  }

  /// Softmax over scores 0..m (m = t + 1), the mixed values, the readout.
  void finish(long t, Eigen::MatrixXd& logits, std::atomic<long>* work_done) {
    const long m = t + 1;
    const long kept = softmax_numerators(m + 1);
    const double total = scores_.head(m + 1).sum();
    // The keys whose weight is not 0 (index m, the query's own, is added below).
    const long kept_keys = kept - (kept > 0 && kept_index_[std::size_t(kept - 1)] == m);
    const bool sparse = 2 * kept_keys < m;
    const double* weight = scores_.data();
    if (rule_.adds_code()) {
      if (sparse) {
        mixed_.setZero();
        for (long i = 0; i < kept_keys; ++i) {
          const long j = kept_index_[std::size_t(i)];
          mixed_.noalias() += weight[j] * values_.row(j);
        }
      } else {
        mixed_.noalias() = scores_.head(m).transpose() * values_.topRows(m);
      }
    } else {  // a value depends on the token type only: sum the weights per type first
      type_weights_.setZero();
      const int* type = types_.data();
      double* sums = type_weights_.data();
      const long stride = type_weights_.rows() / kChains;
      if (sparse) {
        for (long i = 0; i < kept_keys; ++i) {
          const long j = kept_index_[std::size_t(i)];
          sums[type[j]] += weight[j];
        }
      } else {
        // Four interleaved sets of sums, so that a run of one type is not one chain of
        // dependent additions.
        long j = 0;
        for (; j + kChains <= m; j += kChains)
          for (int k = 0; k < kChains; ++k) sums[k * stride + type[j + k]] += weight[j + k];
        for (; j < m; ++j) sums[type[j]] += weight[j];
      }
      mixed_.noalias() = type_weights_.head(stride).transpose() * type_values_;
      for (int k = 1; k < kChains; ++k)
        mixed_.noalias() += type_weights_.segment(k * stride, stride).transpose() * type_values_;
    }
    mixed_ += scores_(m) * query_values_.row(t);
    logits.row(t).noalias() = (mixed_ / total) * w_.readout;
    if (work_done) work_done->fetch_add(m, std::memory_order_relaxed);
  }

  static constexpr int kChains = 4;
  bool placed_ = false;  ///< whether read_plain has placed the keys and queries
  const HeadShape& shape_;
  const PositionSchemeRule& rule_;
  ConstParameterViews w_;
  long n_;
  std::vector<int> types_;
  Eigen::MatrixXd keys_, queries_, query_keys_, query_values_;
  RowMatrix values_;  ///< by rows: finish reads the rows of the kept keys
  RowMatrix type_keys_, type_values_;
  Eigen::VectorXd type_weights_;
  Eigen::VectorXd scores_;
  Eigen::VectorXd kept_scores_;     ///< softmax_numerators' scratch: the kept scores
  std::vector<long> kept_index_;    ///< and where they came from
  Eigen::RowVectorXd mixed_;
};

// estimated_scan_seconds' samples, choices rather than measurements: nine blocks of sixteen
// questions, a block long enough to time even where a question takes a microsecond, and
// enough blocks to follow a cost that grows along the document but not in a straight line
// (scores far below the largest skip their exponential, so a key's cost changes with the
// prefix); a stream is timed on its first ten thousand tokens.
constexpr long kSampleBlocks = 9, kSampleBlockQuestions = 16, kStreamProbeTokens = 10000;

bool streams(const AttentionHead& head, FilingReader reader) {
  return map_of(reader) == ContextExtension::none &&
         rule_of(head.shape().scheme).make_stream(head, ReadTimeMap{}) != nullptr;
}

}  // namespace

long scan_work(const AttentionHead& head, FilingReader reader, long n) {
  return streams(head, reader) ? n : n * (n + 1) / 2;
}

Eigen::MatrixXd scan_filing(const AttentionHead& head, FilingReader reader,
                            const std::vector<Token>& filing, int training_length,
                            std::atomic<long>* work_done, bool stream) {
  require_reader_of(head, reader);
  const long n = static_cast<long>(filing.size());
  if (n == 0) throw std::invalid_argument("scan_filing needs a non-empty filing");
  Eigen::MatrixXd logits(n, head.shape().classes);
  const ContextExtension map = map_of(reader);
  if (map == ContextExtension::none && stream) {
    if (const std::unique_ptr<ScoreStream> s = rule_of(head.shape().scheme).make_stream(head, ReadTimeMap{})) {
      for (long t = 0; t < n; ++t) {
        s->push(filing[std::size_t(t)]);
        logits.row(t) = s->query_logits().transpose();
        if (work_done) work_done->fetch_add(1, std::memory_order_relaxed);
      }
      return logits;
    }
  }
  PrefixScan scan(head, filing);
  scan.read(map, training_length, 0, n, logits, work_done);
  return logits;
}

std::vector<std::vector<int>> read_document(const std::vector<ReaderColumn>& columns,
                                            const std::vector<Token>& filing, int training_length,
                                            int threads,
                                            const std::function<void(double)>& on_progress,
                                            double progress_interval_seconds) {
  long total_work = 0;
  for (const ReaderColumn& c : columns) total_work += scan_work(c.head, c.reader, long(filing.size()));
  std::vector<std::vector<int>> answers(columns.size());
  std::atomic<long> work_done{0};
  std::atomic<std::size_t> next{0}, finished{0};
  std::exception_ptr failure;
  std::mutex failure_lock;
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < columns.size(); finished.fetch_add(1)) {
      try {
        const Eigen::MatrixXd logits =
            scan_filing(columns[i].head, columns[i].reader, filing, training_length, &work_done);
        answers[i].resize(std::size_t(logits.rows()));
        for (Eigen::Index t = 0; t < logits.rows(); ++t) answers[i][std::size_t(t)] = argmax_first(logits.row(t));
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failure_lock);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  const int count = worker_count(threads, columns.size());
  std::vector<std::thread> pool;
  for (int k = 0; k < count; ++k) pool.emplace_back(work);
  if (on_progress) {
    using Clock = std::chrono::steady_clock;
    auto last = Clock::now();
    while (finished.load() < columns.size()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (std::chrono::duration<double>(Clock::now() - last).count() >= progress_interval_seconds) {
        last = Clock::now();
        on_progress(total_work > 0 ? double(work_done.load()) / double(total_work) : 1.0);
      }
    }
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return answers;
}

double estimated_scan_seconds(const AttentionHead& head, FilingReader reader,
                              const std::vector<Token>& filing, int training_length) {
  require_reader_of(head, reader);
  const long n = long(filing.size());
  if (n == 0) throw std::invalid_argument("estimated_scan_seconds needs a non-empty filing");
  // Processor time, not wall time: another program's share of the processor is no cost of the
  // reading, and a sample of a millisecond would be at the mercy of one descheduling.
  const auto timed = [](const auto& work) {
    const std::clock_t start = std::clock();
    work();
    return double(std::clock() - start) / CLOCKS_PER_SEC;
  };
  if (streams(head, reader)) {  // the same cost at every position
    const long probe = std::min(n, kStreamProbeTokens);
    const std::vector<Token> prefix(filing.begin(), filing.begin() + probe);
    return timed([&] { scan_filing(head, reader, prefix, training_length); }) * double(n) / double(probe);
  }
  Eigen::MatrixXd logits(n, head.shape().classes);
  std::unique_ptr<PrefixScan> scan;
  const ContextExtension map = map_of(reader);
  // The projections and the first question, which places every key (a cost of the whole
  // filing, not of that question's).
  double seconds = timed([&] {
    scan = std::make_unique<PrefixScan>(head, filing);
    scan->read(map, training_length, 0, 1, logits, nullptr);
  });
  // Blocks of questions spread evenly from the first position to the last; a question's time
  // between two blocks is taken as on the straight line between their means (the trapezoid rule).
  double previous_position = 0, previous_time = 0;
  for (long k = 0; k < kSampleBlocks; ++k) {
    const long first = std::min(n - 1, (n - 1) * k / (kSampleBlocks - 1));
    const long last = std::min(n, first + kSampleBlockQuestions);
    const double per_question =
        timed([&] { scan->read(map, training_length, first, last, logits, nullptr); }) / double(last - first);
    const double position = 0.5 * double(first + last - 1);
    // Before the first block's middle, the questions take its time; after the last's, the last's.
    seconds += k == 0 ? per_question * (position + 0.5)
                      : 0.5 * (previous_time + per_question) * (position - previous_position);
    previous_position = position;
    previous_time = per_question;
  }
  return seconds + previous_time * (double(n) - 0.5 - previous_position);
}

std::vector<double> estimated_column_seconds(const std::vector<ReaderColumn>& columns,
                                             const std::vector<Token>& filing, int training_length) {
  std::vector<double> out(columns.size());
  for (std::size_t i = 0; i < columns.size(); ++i)
    out[i] = i > 0 && columns[i].reader == columns[i - 1].reader
                 ? out[i - 1]
                 : estimated_scan_seconds(columns[i].head, columns[i].reader, filing, training_length);
  return out;
}

double estimated_wall_seconds(const std::vector<double>& column_seconds, int threads) {
  if (column_seconds.empty()) return 0;
  const int hardware = int(std::max(1u, std::thread::hardware_concurrency()));
  const int workers = std::min(worker_count(threads, column_seconds.size()), hardware);
  std::vector<double> busy_until(std::size_t(workers), 0.0);
  for (double seconds : column_seconds) *std::min_element(busy_until.begin(), busy_until.end()) += seconds;
  return *std::max_element(busy_until.begin(), busy_until.end());
}

}  // namespace pe::experiments
