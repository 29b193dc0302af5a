/// @file
/// @brief RoPE (Definition 4): queries and keys turned plane by plane by their positions, so
/// the score <R(t) q, R(j) k> / sqrt(d) = q^T R(j - t) k / sqrt(d) depends on the offset only.
/// Its scores are not separable into content plus position; the tabulated passes keep a table
/// over (token type, position) per query group.
#include <algorithm>
#include <cmath>
#include <limits>

#include "position_scheme.hpp"
#include "rope.hpp"
#include "symbolic_scalar.hpp"

namespace pe::experiments {
namespace {

/// The tabulated passes' tables, kept between calls while the read-time map's frequencies
/// and the batch's length allow, and the batch's keys, in the passes' scalar.
template <class Scalar>
struct RopeTableScratch final : SchemeScratch {
  std::vector<double> frequencies;   ///< the read-time map's per-plane frequencies
  Scalar score_scale = 1;            ///< the read-time map's logit scale
  std::vector<double> table_frequencies;
  int table_rows = -1;
  RowsOf<Scalar> cos_table, sin_table;  ///< (offset r) x (plane): cos and sin of r f_p
  RowsOf<Scalar> keys, d_keys;          ///< x E W_K per token type, and its gradient
};

/// The scan's tables for one query under its own read-time map (scores_under_read_time_map).
struct RopeScratch final : SchemeScratch {
  RowMatrix scan_coefficients;       ///< per token type: (A_p, B_p) of each plane
  RowMatrix turned_coefficients;     ///< scan_coefficients turned by one block's angle
  RowMatrix fine_turns, coarse_turns;  ///< cos and sin of i f_p and of b B f_p
  std::vector<double> type_bounds;   ///< per token type: the largest |score| at any offset
  std::vector<char> type_skipped;    ///< per token type: every score far below the largest
  std::vector<long> scored;          ///< one block's offsets i whose key is scored
};

/// At least `rows` rows of `cols`, growing by doubling: a scan whose tables grow with the
/// question's position reallocates O(log n) times, not n.
void reserve_rows(RowMatrix& m, long rows, int cols) {
  if (m.rows() < rows || m.cols() != cols) m.resize(std::max(rows, 2 * long(m.rows())), cols);
}

RopeReadTimeMap rope_map_of(const HeadShape& shape, const ReadTimeMap& read_time_map) {
  return rope_read_time_map(read_time_map.rope_map, shape.width, shape.base, read_time_map.kappa,
                      read_time_map.training_length);
}

class RopeRule final : public PositionSchemeRule {
 public:
  PositionScheme scheme() const override { return PositionScheme::rope; }
  const char* name() const override { return "rope"; }
  bool takes_context_extension() const override { return true; }

  double score_factor(const HeadShape& shape, const ReadTimeMap& read_time_map) const override {
    return rope_map_of(shape, read_time_map).score_scale;
  }
  void place(DenseRows rows, double first, const HeadShape& shape,
             const ReadTimeMap& read_time_map) const override {
    const std::vector<double> f = rope_map_of(shape, read_time_map).frequencies;
    for (Eigen::Index i = 0; i < rows.rows(); ++i)
      rope_rotate_in_place(rows.row(i), first + double(i), f);
  }

  std::unique_ptr<SchemeScratch> new_scratch() const override {
    return std::make_unique<RopeScratch>();
  }

  /// Keys scored together in scores_under_read_time_map.
  static constexpr int kInterleaved = 4;

  /// One query at m under its own read-time map. Per plane p, k^T R(r) q = A_p cos(r f_p) +
  /// B_p sin(r f_p) with A_p = k_0 q_0 + k_1 q_1 and B_p = k_1 q_0 - k_0 q_1 (rotate_plane's
  /// convention). Offsets are split as r = b B + i (B about sqrt(m)); by the angle-addition
  /// formulas, A cos(r f) + B sin(r f) = A' cos(i f) + B' sin(i f) with A' = A cos(b B f) +
  /// B sin(b B f) and B' = B cos(b B f) - A sin(b B f). So each block b turns the key types'
  /// coefficients once, and each score is a dot product of a turned coefficient row with a row
  /// of one short table of cos(i f), sin(i f): no table over all offsets, about 2 sqrt(m)
  /// trigonometric calls per plane, each angle computed directly (no running recurrence).
  void scores_under_read_time_map(const HeadShape& shape, const ReadTimeMap& read_time_map,
                                  const Eigen::VectorXd& q, long m, const RowMatrix& type_keys,
                                  const int* types, double* scores,
                                  SchemeScratch* scratch) const override {
    auto& s = static_cast<RopeScratch&>(*scratch);
    const RopeReadTimeMap r = rope_map_of(shape, read_time_map);
    const int d = shape.width;
    const long block = std::max(1L, long(std::ceil(std::sqrt(double(m + 1)))));
    const long blocks = (m + block) / block;  // offsets 0..m
    prepare_scan(r, q, type_keys, d, block, blocks, s);
    double largest = -std::numeric_limits<double>::infinity();
    for (long b = 0; b < blocks; ++b) {
      turn_coefficients(s, b, d);
      // Offsets r = b block + i in [1, m]: key j = m - r (offset 0 is the query itself).
      const long first = b == 0 ? 1 : 0, last = std::min(block - 1, m - b * block);
      score_block(s, m - b * block, first, last, types, d, scores);
      if (b == 0) {
        for (long i = first; i <= last; ++i) largest = std::max(largest, scores[m - i]);
        for (Eigen::Index v = 0; v < type_keys.rows(); ++v) {
          const double bound = s.type_bounds[std::size_t(v)];
          s.type_skipped[std::size_t(v)] = bound + 1e-9 * (1 + bound) < largest - kNegligibleScoreGap;
        }
      }
    }
  }

 private:
  /// The scan's tables for one query: each key type's (A_p, B_p), the short tables of cos and
  /// sin of i f_p (i < block) and of b block f_p (b < blocks), and each type's score bound.
  static void prepare_scan(const RopeReadTimeMap& r, const Eigen::VectorXd& q, const RowMatrix& type_keys,
                           int d, long block, long blocks, RopeScratch& s) {
    const int planes = d / 2;
    const Eigen::Index vocabulary = type_keys.rows();
    const double c = r.score_scale / std::sqrt(double(d));
    s.scan_coefficients.resize(vocabulary, d);
    s.turned_coefficients.resize(vocabulary, d);
    for (Eigen::Index v = 0; v < vocabulary; ++v)
      for (int p = 0; p < planes; ++p) {
        const double k0 = type_keys(v, 2 * p), k1 = type_keys(v, 2 * p + 1);
        s.scan_coefficients(v, 2 * p) = c * (k0 * q(2 * p) + k1 * q(2 * p + 1));
        s.scan_coefficients(v, 2 * p + 1) = c * (k1 * q(2 * p) - k0 * q(2 * p + 1));
      }
    reserve_rows(s.fine_turns, block, d);
    reserve_rows(s.coarse_turns, blocks, d);
    for (int p = 0; p < planes; ++p) {
      const double f = r.frequencies[std::size_t(p)];
      for (long i = 0; i < block; ++i) {
        s.fine_turns(i, 2 * p) = std::cos(double(i) * f);
        s.fine_turns(i, 2 * p + 1) = std::sin(double(i) * f);
      }
      for (long b = 0; b < blocks; ++b) {
        s.coarse_turns(b, 2 * p) = std::cos(double(b * block) * f);
        s.coarse_turns(b, 2 * p + 1) = std::sin(double(b * block) * f);
      }
    }
    // A key of type v scores A cos(r f) + B sin(r f) summed over planes, at most the sum of
    // hypot(A, B). Once block 0 (the most recent keys) is scored, a type whose bound lies more
    // than kNegligibleScoreGap below the largest score seen cannot reach the softmax: its
    // keys get -infinity instead of a score (exp gives them 0, as it gives every score that
    // far below the largest). The margin covers the rounding of a 16-term sum.
    s.type_bounds.assign(std::size_t(vocabulary), 0.0);
    for (Eigen::Index v = 0; v < vocabulary; ++v)
      for (int p = 0; p < planes; ++p)
        s.type_bounds[std::size_t(v)] += std::hypot(s.scan_coefficients(v, 2 * p), s.scan_coefficients(v, 2 * p + 1));
    s.type_skipped.assign(std::size_t(vocabulary), 0);
    s.scored.resize(std::size_t(block));
  }

  /// Every unskipped key type's coefficients turned by block b's angle b block f_p.
  static void turn_coefficients(RopeScratch& s, long b, int d) {
    const double* big = s.coarse_turns.row(b).data();
    for (Eigen::Index v = 0; v < s.scan_coefficients.rows(); ++v) {
      if (s.type_skipped[std::size_t(v)]) continue;
      for (int p = 0; p < d / 2; ++p) {
        const double a = s.scan_coefficients(v, 2 * p), bb = s.scan_coefficients(v, 2 * p + 1);
        s.turned_coefficients(v, 2 * p) = a * big[2 * p] + bb * big[2 * p + 1];
        s.turned_coefficients(v, 2 * p + 1) = bb * big[2 * p] - a * big[2 * p + 1];
      }
    }
  }

  /// Scores of one block's keys, key = block_end - i for i in [first, last]: a skipped type's
  /// keys get -infinity, the others the dot product of their turned coefficients with row i of
  /// the fine turns.
  static void score_block(RopeScratch& s, long block_end, long first, long last, const int* types,
                          int d, double* scores) {
    long count = 0;
    for (long i = first; i <= last; ++i) {
      const long key = block_end - i;
      if (s.type_skipped[std::size_t(types[key])]) scores[key] = -std::numeric_limits<double>::infinity();
      else s.scored[std::size_t(count++)] = i;
    }
    // kInterleaved keys at a time, so that their sums are independent chains the processor
    // overlaps; each key's own sums run in the same order as for a key alone.
    long n = 0;
    for (; n + kInterleaved <= count; n += kInterleaved) {
      double cosine_part[kInterleaved] = {}, sine_part[kInterleaved] = {};
      const double* turn[kInterleaved];
      const double* coefficients[kInterleaved];
      long key[kInterleaved];
      for (int u = 0; u < kInterleaved; ++u) {
        const long i = s.scored[std::size_t(n + u)];
        key[u] = block_end - i;
        turn[u] = s.fine_turns.row(i).data();
        coefficients[u] = s.turned_coefficients.row(types[key[u]]).data();
      }
      for (int k = 0; k < d; k += 2)
        for (int u = 0; u < kInterleaved; ++u) {
          cosine_part[u] += coefficients[u][k] * turn[u][k];
          sine_part[u] += coefficients[u][k + 1] * turn[u][k + 1];
        }
      for (int u = 0; u < kInterleaved; ++u) scores[key[u]] = cosine_part[u] + sine_part[u];
    }
    for (; n < count; ++n) {
      const long i = s.scored[std::size_t(n)], key = block_end - i;
      const double* turn = s.fine_turns.row(i).data();
      const double* coefficients = s.turned_coefficients.row(types[key]).data();
      double cosine_part = 0, sine_part = 0;  // two chains: d is even
      for (int k = 0; k < d; k += 2) {
        cosine_part += coefficients[k] * turn[k];
        sine_part += coefficients[k + 1] * turn[k + 1];
      }
      scores[key] = cosine_part + sine_part;
    }
  }

};

/// The tabulated scores: a table over (token type, position) per query group.
template <class Scalar>
class RopeScores final : public TabulatedScores<Scalar> {
 public:
  using typename TabulatedScores<Scalar>::Batch;
  using typename TabulatedScores<Scalar>::Group;
  using typename TabulatedScores<Scalar>::Gradients;
  using Scratch = RopeTableScratch<Scalar>;

  std::unique_ptr<SchemeScratch> new_scratch() const override { return std::make_unique<Scratch>(); }

  void prepare_batch(const Batch& batch, int n_max, SchemeScratch* scratch) const override {
    auto& s = static_cast<Scratch&>(*scratch);
    const RopeReadTimeMap r = rope_map_of(batch.shape, batch.read_time_map);
    s.frequencies = r.frequencies;
    s.score_scale = ScalarOps<Scalar>::constant(r.score_scale);
    if (s.table_rows < n_max || s.table_frequencies != s.frequencies) {
      s.table_frequencies = s.frequencies;
      s.table_rows = n_max;
      const std::vector<double>& f = s.frequencies;
      s.cos_table.resize(n_max, f.size());
      s.sin_table.resize(n_max, f.size());
      for (int k = 0; k < n_max; ++k)
        for (std::size_t p = 0; p < f.size(); ++p) {
          s.cos_table(k, p) = ScalarOps<Scalar>::constant(std::cos(k * f[p]));
          s.sin_table(k, p) = ScalarOps<Scalar>::constant(std::sin(k * f[p]));
        }
    }
    s.keys.noalias() = batch.token_rows * batch.weights.key;
    s.d_keys.setZero(batch.token_rows.rows(), batch.shape.width);
  }

  bool separable_scores() const override { return false; }

  /// Forward: rotated_query row j = R(t - j) q, table = c (x E W_K) rotated_query^T with
  /// c = scale / sqrt(d), so table(v, j) = c <R(t) q, R(j) k_v>.
  void score_group(const Batch& batch, SchemeScratch* scratch,
                   Group& g) const override {
    auto& s = static_cast<Scratch&>(*scratch);
    const int n = g.position + 1, planes = batch.shape.width / 2;
    g.rotated_query.resize(n, batch.shape.width);
    for (int j = 0; j < n; ++j) {
      const int r = g.position - j;
      g.rotated_query.row(j) = g.q.transpose();
      for (int p = 0; p < planes; ++p)
        rotate_plane<Scalar>(g.rotated_query(j, 2 * p), g.rotated_query(j, 2 * p + 1),
                             s.cos_table(r, p), s.sin_table(r, p));
    }
    g.table.noalias() = (s.score_scale * batch.inv_tau) * (s.keys * g.rotated_query.transpose());
  }

  /// Backward of the table: to the keys (folded into W_K and the token rows once, after every
  /// group) and to the rotated queries, whose rotation turned back by R(t - j)^T gives d q.
  void score_group_backward(const Batch& batch, SchemeScratch* scratch, Group& g,
                            Gradients&) const override {
    auto& s = static_cast<Scratch&>(*scratch);
    const int n = g.position + 1, planes = batch.shape.width / 2;
    const Scalar c = s.score_scale * batch.inv_tau;
    s.d_keys.noalias() += c * (g.d_table * g.rotated_query);
    const RowsOf<Scalar> d_rotated = c * (g.d_table.transpose() * s.keys);  // n x d
    g.d_query.setZero(batch.shape.width);
    for (int j = 0; j < n; ++j) {
      const int r = g.position - j;
      for (int p = 0; p < planes; ++p) {
        Scalar da = d_rotated(j, 2 * p), db = d_rotated(j, 2 * p + 1);
        rotate_plane<Scalar>(da, db, s.cos_table(r, p), -s.sin_table(r, p));
        g.d_query(2 * p) += da;
        g.d_query(2 * p + 1) += db;
      }
    }
  }

  /// Backward of keys = (x E) W_K.
  void finish_score_backward(const Batch& batch, SchemeScratch* scratch,
                             Gradients& gradients) const override {
    auto& s = static_cast<Scratch&>(*scratch);
    gradients.key.noalias() += batch.token_rows.transpose() * s.d_keys;
    gradients.token_rows.noalias() += s.d_keys * batch.weights.key.transpose();
  }
};

}  // namespace

std::unique_ptr<PositionSchemeRule> rope_rule() { return std::make_unique<RopeRule>(); }

template <class Scalar>
std::unique_ptr<TabulatedScores<Scalar>> rope_scores() {
  return std::make_unique<RopeScores<Scalar>>();
}
template std::unique_ptr<TabulatedScores<double>> rope_scores<double>();
template std::unique_ptr<TabulatedScores<Symbolic>> rope_scores<Symbolic>();

}  // namespace pe::experiments
