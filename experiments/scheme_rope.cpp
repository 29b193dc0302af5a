/// @file
/// @brief RoPE (Definition 4): queries and keys turned plane by plane by their positions, so
/// the score <R(t) q, R(j) k> / sqrt(d) = q^T R(j - t) k / sqrt(d) depends on the offset only.
/// Its scores are not separable into content plus position; the tabulated passes keep a table
/// over (token type, position) per query group.
#include <cmath>

#include "position_scheme.hpp"
#include "rope.hpp"

namespace pe::experiments {
namespace {

/// Reading-dependent tables kept between calls, and the batch's keys.
struct RopeScratch final : SchemeScratch {
  std::vector<double> frequencies;   ///< the reading's per-plane frequencies
  double score_scale = 1;            ///< the reading's logit scale
  std::vector<double> table_frequencies;
  int table_rows = -1;
  RowMatrix cos_table, sin_table;    ///< (offset r) x (plane): cos and sin of r f_p
  RowMatrix keys, d_keys;            ///< x E W_K per token type, and its gradient
};

RopeReading reading_of(const HeadShape& shape, const Reading& reading) {
  return rope_reading(reading.rope_map, shape.width, shape.base, reading.kappa,
                      reading.training_length);
}

class RopeRule final : public PositionSchemeRule {
 public:
  PositionScheme scheme() const override { return PositionScheme::rope; }
  const char* name() const override { return "rope"; }
  bool takes_context_extension() const override { return true; }

  double score_factor(const HeadShape& shape, const Reading& reading) const override {
    return reading_of(shape, reading).score_scale;
  }
  void place(DenseRows rows, double first, const HeadShape& shape,
             const Reading& reading) const override {
    const std::vector<double> f = reading_of(shape, reading).frequencies;
    for (Eigen::Index i = 0; i < rows.rows(); ++i)
      rope_rotate_in_place(rows.row(i), first + double(i), f);
  }

  std::unique_ptr<SchemeScratch> new_scratch() const override {
    return std::make_unique<RopeScratch>();
  }

  void prepare_batch(const TabulatedBatch& batch, int n_max, SchemeScratch* scratch) const override {
    auto& s = static_cast<RopeScratch&>(*scratch);
    const RopeReading r = reading_of(batch.shape, batch.reading);
    s.frequencies = r.frequencies;
    s.score_scale = r.score_scale;
    if (s.table_rows < n_max || s.table_frequencies != s.frequencies) {
      s.table_frequencies = s.frequencies;
      s.table_rows = n_max;
      const std::vector<double>& f = s.frequencies;
      s.cos_table.resize(n_max, f.size());
      s.sin_table.resize(n_max, f.size());
      for (int k = 0; k < n_max; ++k)
        for (std::size_t p = 0; p < f.size(); ++p) {
          s.cos_table(k, p) = std::cos(k * f[p]);
          s.sin_table(k, p) = std::sin(k * f[p]);
        }
    }
    s.keys.noalias() = batch.token_rows * batch.weights.key;
    s.d_keys.setZero(batch.token_rows.rows(), batch.shape.width);
  }

  bool separable_scores() const override { return false; }

  /// Forward: rotated_query row j = R(t - j) q, table = c (x E W_K) rotated_query^T with
  /// c = scale / sqrt(d), so table(v, j) = c <R(t) q, R(j) k_v>.
  void score_group(const TabulatedBatch& batch, SchemeScratch* scratch,
                   QueryGroup& g) const override {
    auto& s = static_cast<RopeScratch&>(*scratch);
    const int n = g.position + 1, planes = batch.shape.width / 2;
    g.rotated_query.resize(n, batch.shape.width);
    for (int j = 0; j < n; ++j) {
      const int r = g.position - j;
      g.rotated_query.row(j) = g.q.transpose();
      for (int p = 0; p < planes; ++p)
        rotate_plane(g.rotated_query(j, 2 * p), g.rotated_query(j, 2 * p + 1), s.cos_table(r, p),
                     s.sin_table(r, p));
    }
    g.table.noalias() = (s.score_scale * batch.inv_tau) * (s.keys * g.rotated_query.transpose());
  }

  /// Backward of the table: to the keys (folded into W_K and the token rows once, after every
  /// group) and to the rotated queries, whose rotation turned back by R(t - j)^T gives d q.
  void score_group_backward(const TabulatedBatch& batch, SchemeScratch* scratch, QueryGroup& g,
                            ScoreGradients&) const override {
    auto& s = static_cast<RopeScratch&>(*scratch);
    const int n = g.position + 1, planes = batch.shape.width / 2;
    const double c = s.score_scale * batch.inv_tau;
    s.d_keys.noalias() += c * (g.d_table * g.rotated_query);
    const RowMatrix d_rotated = c * (g.d_table.transpose() * s.keys);  // n x d
    g.d_query.setZero(batch.shape.width);
    for (int j = 0; j < n; ++j) {
      const int r = g.position - j;
      for (int p = 0; p < planes; ++p) {
        double da = d_rotated(j, 2 * p), db = d_rotated(j, 2 * p + 1);
        rotate_plane(da, db, s.cos_table(r, p), -s.sin_table(r, p));
        g.d_query(2 * p) += da;
        g.d_query(2 * p + 1) += db;
      }
    }
  }

  /// Backward of keys = (x E) W_K.
  void finish_score_backward(const TabulatedBatch& batch, SchemeScratch* scratch,
                             ScoreGradients& gradients) const override {
    auto& s = static_cast<RopeScratch&>(*scratch);
    gradients.key.noalias() += batch.token_rows.transpose() * s.d_keys;
    gradients.token_rows.noalias() += s.d_keys * batch.weights.key.transpose();
  }
};

}  // namespace

std::unique_ptr<PositionSchemeRule> rope_rule() { return std::make_unique<RopeRule>(); }

}  // namespace pe::experiments
