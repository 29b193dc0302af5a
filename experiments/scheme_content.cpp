/// @file
/// @brief The content score q.k / sqrt(d) that every separable scheme shares, the scheme with
/// no position at all, and the streaming reader of the schemes with an offset-linear bias.
#include <cmath>
#include <limits>

#include "position_scheme.hpp"
#include "symbolic_scalar.hpp"

namespace pe::experiments {

// ---- The content score, forward and backward -------------------------------------------------

template <class Scalar>
void SeparableScores<Scalar>::score_group(const Batch& batch, SchemeScratch*, Group& g) const {
  // key_direction = W_K q, content[v] = (x_v E) . key_direction / sqrt(d)
  g.key_direction.noalias() = batch.weights.key * g.q;
  g.content.noalias() = batch.inv_tau * (batch.token_rows * g.key_direction);
  g.position_part.resize(g.position + 1);
  position_part(batch, g);
}

template <class Scalar>
void SeparableScores<Scalar>::score_group_backward(const Batch& batch, SchemeScratch*, Group& g,
                                                   Gradients& gradients) const {
  // content[v] = (x_v E) . key_direction / sqrt(d): to key_direction and to the token rows.
  ColumnOf<Scalar> d_key_direction = batch.inv_tau * (batch.token_rows.transpose() * g.d_content);
  gradients.token_rows.noalias() += batch.inv_tau * g.d_content * g.key_direction.transpose();
  position_part_backward(batch, g, d_key_direction, gradients);
  // key_direction = W_K q: to W_K and to q.
  gradients.key.noalias() += d_key_direction * g.q.transpose();
  g.d_query.noalias() = batch.weights.key.transpose() * d_key_direction;
  position_part_query_backward(batch, g, gradients);
}

template class SeparableScores<double>;
template class SeparableScores<Symbolic>;

// ---- No position -------------------------------------------------------------------------

namespace {

/// s_tj = q_t . k_j / sqrt(d): order enters only through the causal mask.
class NoPositionRule final : public PositionSchemeRule {
 public:
  PositionScheme scheme() const override { return PositionScheme::none; }
  const char* name() const override { return "none"; }
  std::unique_ptr<ScoreStream> make_stream(const AttentionHead& head,
                                           const ReadTimeMap&) const override {
    return make_decaying_stream(head, 0.0);
  }
};

/// The tabulated scores without position: the content score alone.
template <class Scalar>
class NoPositionScores final : public SeparableScores<Scalar> {
 protected:
  void position_part(const TabulatedBatchOf<Scalar>&, QueryGroupOf<Scalar>& g) const override {
    g.position_part.setZero();
  }
};

// ---- Streaming with an offset-linear bias ---------------------------------------------------

/// The query token at position n scores a key of type v at position j by u_v - slope (n - j),
/// and itself by u_query. With w_v = sum over keys of type v of exp(-slope (n - j)), its output
/// is (sum_v w_v e^{u_v} y_v + e^{u_query} y_query) / (sum_v w_v e^{u_v} + e^{u_query}), y_v the
/// value of type v read out. Pushing a token multiplies w by exp(-slope) and adds exp(-slope)
/// to the token's own weight; weights that underflow belong to keys whose softmax weight is
/// below 1e-300 of the query's own.
class DecayingStream final : public ScoreStream {
 public:
  DecayingStream(const AttentionHead& head, double slope)
      : symbols_(head.shape().symbols), decay_(std::exp(-slope)) {
    const RowMatrix tokens = head.token_embeddings();
    const ConstParameterViews w = head.weights();
    const Eigen::VectorXd q = w.query.transpose() * tokens.row(2 * symbols_).transpose();
    const Eigen::VectorXd scores =
        (tokens * (w.key * q)) / std::sqrt(double(head.shape().width));
    exp_scores_ = (scores.array() - scores.maxCoeff()).exp().matrix();
    readout_values_ = tokens * (RowMatrix(w.value) * w.readout);
    weights_ = Eigen::VectorXd::Zero(tokens.rows());
  }
  void push(const Token& token) override {
    const int v = token_index(token, symbols_);
    weights_ *= decay_;
    weights_(v) += decay_;
  }
  Eigen::VectorXd query_logits() const override {
    const int query = 2 * symbols_;
    Eigen::VectorXd mass = weights_.cwiseProduct(exp_scores_);
    mass(query) += exp_scores_(query);
    return (readout_values_.transpose() * mass) / mass.sum();
  }

 private:
  int symbols_;
  double decay_;
  Eigen::VectorXd exp_scores_, weights_;
  RowMatrix readout_values_;  // (x_v E) W_V W_O, one row per token type
};

}  // namespace

std::unique_ptr<ScoreStream> make_decaying_stream(const AttentionHead& head, double slope) {
  return std::make_unique<DecayingStream>(head, slope);
}

std::unique_ptr<PositionSchemeRule> no_position_rule() { return std::make_unique<NoPositionRule>(); }

template <class Scalar>
std::unique_ptr<TabulatedScores<Scalar>> no_position_scores() {
  return std::make_unique<NoPositionScores<Scalar>>();
}
template std::unique_ptr<TabulatedScores<double>> no_position_scores<double>();
template std::unique_ptr<TabulatedScores<Symbolic>> no_position_scores<Symbolic>();

}  // namespace pe::experiments
