/// @file
/// @brief Shaw, Uszkoreit and Vaswani's clipped offset vectors (Definition 3): the content
/// score plus q . a_min(t - j, K) / sqrt(d), with a learned vector a_r per offset up to the clip
/// K and the last shared by every offset from K on. The vectors are the head's position table
/// (table_length = K + 1 rows); the same clip as numerics/relative_vectors.hpp's check.
#include <cmath>
#include <stdexcept>
#include <string>

#include "position_scheme.hpp"
#include "symbolic_scalar.hpp"
#include "relative_vectors.hpp"

namespace pe::experiments {
namespace {

/// s_tj = (q_t . k_j + q_t . a_min(t - j, K)) / sqrt(d).
class ShawRule final : public PositionSchemeRule {
 public:
  PositionScheme scheme() const override { return PositionScheme::shaw; }
  const char* name() const override { return "shaw"; }
  bool has_position_table() const override { return true; }
  void validate(const HeadShape& shape) const override {
    if (shape.table_length < 1)
      throw std::invalid_argument("table_length (Shaw's clip + 1) must be >= 1, got table_length = " +
                                  std::to_string(shape.table_length));
  }

  bool has_offset_terms() const override { return true; }
  /// terms[r] = q . a_min(r, K) / sqrt(d): the table's rows against q once, then read by offset.
  void offset_terms(const HeadShape& shape, const ConstParameterViews& weights, const double* query,
                    long max_offset, double* terms) const override {
    const ConstRowMap& table = *weights.position_table;
    const Eigen::Map<const Eigen::VectorXd> q(query, shape.width);
    const Eigen::VectorXd per_row = (table * q) / std::sqrt(double(shape.width));
    const long clip = table.rows() - 1;
    for (long r = 0; r <= max_offset; ++r) terms[r] = per_row(shaw_table_row(r, clip));
  }

};

/// The tabulated scores: the content score plus q . a_min(t - j, K) / sqrt(d).
template <class Scalar>
class ShawScores final : public SeparableScores<Scalar> {
 protected:
  /// Forward: position_part[j] = (A q)[min(t - j, K)] / sqrt(d), A the table (offset_terms'
  /// arithmetic, in the pass's scalar).
  void position_part(const TabulatedBatchOf<Scalar>& batch, QueryGroupOf<Scalar>& g) const override {
    const ConstRowMapOf<Scalar>& table = *batch.weights.position_table;
    const ColumnOf<Scalar> per_row =
        (table * g.q) / ScalarOps<Scalar>::sqrt(Scalar(batch.shape.width));
    const long clip = table.rows() - 1;
    for (int j = 0; j <= g.position; ++j) g.position_part(j) = per_row(shaw_table_row(g.position - j, clip));
  }

  /// Backward of position_part: d (A q)[r] gathers d position_part[j] over the keys j at offset
  /// min(t - j, K) = r; then d q += A^T d(A q) / sqrt(d) and d A += d(A q) q^T / sqrt(d).
  void position_part_query_backward(const TabulatedBatchOf<Scalar>& batch, QueryGroupOf<Scalar>& g,
                                    ScoreGradientsOf<Scalar>& gradients) const override {
    const ConstRowMapOf<Scalar>& table = *batch.weights.position_table;
    const long clip = table.rows() - 1;
    ColumnOf<Scalar> d_per_row = ColumnOf<Scalar>::Zero(table.rows());
    for (int j = 0; j <= g.position; ++j) d_per_row(shaw_table_row(g.position - j, clip)) += g.d_position_part(j);
    g.d_query.noalias() += batch.inv_tau * (table.transpose() * d_per_row);
    gradients.position_table->noalias() += batch.inv_tau * d_per_row * g.q.transpose();
  }
};

}  // namespace

std::unique_ptr<PositionSchemeRule> shaw_rule() { return std::make_unique<ShawRule>(); }

template <class Scalar>
std::unique_ptr<TabulatedScores<Scalar>> shaw_scores() {
  return std::make_unique<ShawScores<Scalar>>();
}
template std::unique_ptr<TabulatedScores<double>> shaw_scores<double>();
template std::unique_ptr<TabulatedScores<Symbolic>> shaw_scores<Symbolic>();

}  // namespace pe::experiments
