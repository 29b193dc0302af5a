/// @file
/// @brief The schemes that add a code to the inputs, h_m = x_m E + p(m): the sinusoidal code
/// (Definition 2) and a learned table (Definition 1). The score is the content score of
/// h_t W_Q against h_j W_K, whose position part is P (W_K q) / sqrt(d).
#include <stdexcept>

#include "position_scheme.hpp"
#include "symbolic_scalar.hpp"

namespace pe::experiments {
namespace {

void require_places(const HeadShape& shape, long first, long last) {
  if (first < 0 || last >= shape.table_length)
    throw std::invalid_argument(
        "the learned table has positions 0.." + std::to_string(shape.table_length - 1) +
        " only, got positions " + std::to_string(first) + ".." + std::to_string(last) +
        (last >= shape.table_length
             ? " (sequence length " + std::to_string(last + 1) + " exceeds table_length = " +
                   std::to_string(shape.table_length) + ")"
             : ""));
}

/// p(first), ..., p(first + n - 1) of the sinusoidal code (n x d).
RowMatrix sinusoidal_rows(const HeadShape& shape, long first, int n) {
  const std::vector<double> omega = frequencies(shape.width, shape.base);
  RowMatrix p(n, shape.width);
  for (int i = 0; i < n; ++i) p.row(i) = sinusoidal_code(double(first + i), omega).transpose();
  return p;
}

class AddedCodeRule final : public PositionSchemeRule {
 public:
  explicit AddedCodeRule(bool learned) : learned_(learned) {}
  PositionScheme scheme() const override {
    return learned_ ? PositionScheme::learned : PositionScheme::sinusoidal;
  }
  const char* name() const override { return learned_ ? "learned" : "sinusoidal"; }
  bool adds_code() const override { return true; }
  bool code_has_parameters() const override { return learned_; }

  void validate(const HeadShape& shape) const override {
    if (learned_ && shape.table_length < 1)
      throw std::invalid_argument("table_length must be >= 1, got table_length = " +
                                  std::to_string(shape.table_length));
  }

  bool places(const HeadShape& shape, long m) const override {
    return !learned_ || (m >= 0 && m < shape.table_length);
  }

  RowMatrix code_rows(const AttentionHead& head, long first, int n) const override {
    const HeadShape& shape = head.shape();
    if (learned_) {
      require_places(shape, first, first + n - 1);
      return head.weights().position_table->middleRows(first, n);
    }
    return sinusoidal_rows(shape, first, n);
  }

 private:
  bool learned_;
};

/// The code rows of a batch, kept while their key (first, n, width, base) is unchanged: one
/// evaluator may read heads of other shapes. A learned table's rows are read afresh.
template <class Scalar>
struct CodeScratch final : SchemeScratch {
  RowsOf<Scalar> rows;
  int n = -1, width = -1;
  long first = 0;
  double base = 0;
};

/// The tabulated scores: the content score of h_t W_Q against h_j W_K splits into the content
/// part and the position part P (W_K q) / sqrt(d); the passes add the code to the inputs.
template <class Scalar>
class AddedCodeScores final : public SeparableScores<Scalar> {
 public:
  using typename TabulatedScores<Scalar>::Batch;
  using typename TabulatedScores<Scalar>::Group;
  using typename TabulatedScores<Scalar>::Gradients;
  using typename TabulatedScores<Scalar>::Views;
  using typename TabulatedScores<Scalar>::GradientViews;

  explicit AddedCodeScores(bool learned) : learned_(learned) {}

  std::unique_ptr<SchemeScratch> new_scratch() const override {
    return std::make_unique<CodeScratch<Scalar>>();
  }

  const RowsOf<Scalar>& batch_code_rows(const HeadShape& shape, const Views& weights, long first,
                                        int n, SchemeScratch* scratch) const override {
    auto& s = static_cast<CodeScratch<Scalar>&>(*scratch);
    if (learned_) {
      require_places(shape, first, first + n - 1);
      s.rows = weights.position_table->middleRows(first, n);
      s.n = -1;  // a table's rows change with every step
    } else if (s.n != n || s.first != first || s.width != shape.width || s.base != shape.base) {
      s.rows = sinusoidal_rows(shape, first, n).unaryExpr(&ScalarOps<Scalar>::constant);
      s.n = n;
      s.first = first;
      s.width = shape.width;
      s.base = shape.base;
    }
    return s.rows;
  }

  /// Backward of the code rows: a learned table receives its rows' gradients; a fixed code nothing.
  void code_rows_backward(const RowsOf<Scalar>& d_rows, long first,
                          GradientViews& gradient) const override {
    if (learned_) gradient.position_table->middleRows(first, d_rows.rows()) += d_rows;
  }

 protected:
  /// Forward: position_part = P (W_K q) / sqrt(d) over the rows 0..t of the batch's code. A
  /// reading may replace W_Q W_K^T in the position-position term p(t) M p(j)^T (a forward-only
  /// probe): then position_part = P (W_K W_Q^T (x_q E) + M^T p(t)) / sqrt(d).
  void position_part(const Batch& batch, Group& g) const override {
    const int n = g.position + 1;
    const RowsOf<Scalar>& P = batch.code_rows;
    if (batch.read_time_map.position_position_matrix) {
      const MatrixOf<Scalar> M =
          batch.read_time_map.position_position_matrix->unaryExpr(&ScalarOps<Scalar>::constant);
      const ColumnOf<Scalar> content_query =
          batch.weights.query.transpose() * batch.token_rows.row(g.query_token).transpose();
      const ColumnOf<Scalar> content_direction = batch.weights.key * content_query;
      const ColumnOf<Scalar> pp_direction = M.transpose() * P.row(g.position).transpose();
      g.position_part.noalias() = batch.inv_tau * (P.topRows(n) * (content_direction + pp_direction));
    } else {
      g.position_part.noalias() = batch.inv_tau * (P.topRows(n) * g.key_direction);
    }
  }

  /// Backward of position_part = P (key_direction) / sqrt(d): to key_direction, and to the code
  /// rows when they are parameters.
  void position_part_backward(const Batch& batch, const Group& g, ColumnOf<Scalar>& d_key_direction,
                              Gradients& gradients) const override {
    const int n = g.position + 1;
    d_key_direction.noalias() +=
        batch.inv_tau * (batch.code_rows.topRows(n).transpose() * g.d_position_part);
    if (gradients.code_rows)
      gradients.code_rows->topRows(n).noalias() +=
          batch.inv_tau * g.d_position_part * g.key_direction.transpose();
  }

 private:
  bool learned_;
};

}  // namespace

std::unique_ptr<PositionSchemeRule> sinusoidal_rule() {
  return std::make_unique<AddedCodeRule>(false);
}
std::unique_ptr<PositionSchemeRule> learned_rule() { return std::make_unique<AddedCodeRule>(true); }

template <class Scalar>
std::unique_ptr<TabulatedScores<Scalar>> added_code_scores(bool learned) {
  return std::make_unique<AddedCodeScores<Scalar>>(learned);
}
template std::unique_ptr<TabulatedScores<double>> added_code_scores<double>(bool);
template std::unique_ptr<TabulatedScores<Symbolic>> added_code_scores<Symbolic>(bool);

}  // namespace pe::experiments
