/// @file
/// @brief The content score q.k / sqrt(d) that every separable scheme shares, the scheme with
/// no position at all, and the streaming reader of the schemes with an offset-linear bias.
#include <cmath>
#include <limits>

#include "position_scheme.hpp"

namespace pe::experiments {

// ---- The content score, forward and backward -------------------------------------------------

void SeparableRule::score_group(const TabulatedBatch& batch, SchemeScratch*, QueryGroup& g) const {
  // key_direction = W_K q, content[v] = (x_v E) . key_direction / sqrt(d)
  g.key_direction.noalias() = batch.weights.key * g.q;
  g.content.noalias() = batch.inv_tau * (batch.token_rows * g.key_direction);
  g.position_part.resize(g.position + 1);
  position_part(batch, g);
}

void SeparableRule::score_group_backward(const TabulatedBatch& batch, SchemeScratch*,
                                         QueryGroup& g, ScoreGradients& gradients) const {
  // content[v] = (x_v E) . key_direction / sqrt(d): to key_direction and to the token rows.
  Eigen::VectorXd d_key_direction = batch.inv_tau * (batch.token_rows.transpose() * g.d_content);
  gradients.token_rows.noalias() += batch.inv_tau * g.d_content * g.key_direction.transpose();
  position_part_backward(batch, g, d_key_direction, gradients);
  // key_direction = W_K q: to W_K and to q.
  gradients.key.noalias() += d_key_direction * g.q.transpose();
  g.d_query.noalias() = batch.weights.key.transpose() * d_key_direction;
  position_part_query_backward(batch, g, gradients);
}

void SeparableRule::position_part_backward(const TabulatedBatch&, const QueryGroup&,
                                           Eigen::VectorXd&, ScoreGradients&) const {}

void SeparableRule::position_part_query_backward(const TabulatedBatch&, QueryGroup&,
                                                 ScoreGradients&) const {}

// ---- No position -------------------------------------------------------------------------

namespace {

/// s_tj = q_t . k_j / sqrt(d): order enters only through the causal mask.
class NoPositionRule final : public SeparableRule {
 public:
  PositionScheme scheme() const override { return PositionScheme::none; }
  const char* name() const override { return "none"; }
  std::unique_ptr<ScoreStream> make_stream(const AttentionHead& head,
                                           const ReadTimeMap&) const override {
    return make_decaying_stream(head, 0.0);
  }

 protected:
  void position_part(const TabulatedBatch&, QueryGroup& g) const override {
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

}  // namespace pe::experiments
