/// @file
/// @brief The tabulated forward and backward passes at each example's last position
/// (HeadEvaluator). With d = 16 everything the head computes can be tabulated per token type
/// and per position: examples that share a query (token, position) share one score table, and
/// the position scheme fills and differentiates that table (position_scheme.hpp). The layers
/// here (grouping, softmax, value mixing, readout and loss) know no scheme.
#include <cmath>
#include <limits>
#include <stdexcept>

#include "head_readers.hpp"
#include "symbolic_head.hpp"
#include "symbolic_scalar.hpp"

namespace pe::experiments {

namespace {

/// token_index without the call: the hot loops convert every token of every batch.
inline int fast_token_index(const Token& token, int symbols) {
  if (token.symbol == Token::kQuerySymbol) return 2 * symbols;
  if (static_cast<unsigned>(token.symbol) >= static_cast<unsigned>(symbols))
    return token_index(token, symbols);  // throws the descriptive error
  return 2 * token.symbol + (token.marked ? 1 : 0);
}

// When the softmax numerator of every example in a group is read off per-group tables of
// exponentials, a numerator can underflow only if the example's largest score lies more than
// about 575 below the table's largest; such an example (sum below this guard) is redone with
// its own maximum, so the weights are exact to rounding either way.
constexpr double kUnderflowGuard = 1e-250;

template <class Scalar>
void exponentiate_shifted(const Scalar* in, Scalar* out, Eigen::Index count) {
  const Scalar top = ScalarOps<Scalar>::softmax_shift(in, count);
  for (Eigen::Index i = 0; i < count; ++i) out[i] = ScalarOps<Scalar>::exp(in[i] - top);
}

const char* const kNoGradientForProbe =
    "no gradient for a read-time map with a replaced position_position_matrix (it is a "
    "forward-only probe)";

}  // namespace

// Mean cross-entropy at the last positions; d loss / d logits = (softmax - one-hot) / B.
template <class Scalar>
Scalar cross_entropy_at_last(const MatrixOf<Scalar>& logits, const std::vector<Example>& examples,
                             RowsOf<Scalar>& d_logits) {
  using Ops = ScalarOps<Scalar>;
  const int B = static_cast<int>(examples.size());
  const int C = static_cast<int>(logits.cols());
  if (logits.rows() != B)
    throw std::invalid_argument("cross_entropy_at_last: " + std::to_string(logits.rows()) +
                                " rows of logits for " + std::to_string(B) + " examples");
  d_logits.resize(B, C);
  Scalar loss = 0;
  for (int b = 0; b < B; ++b) {
    const int target = examples[b].target;
    if (target < 0 || target >= C)
      throw std::invalid_argument("example target must lie in [0, " + std::to_string(C) +
                                  "), got target = " + std::to_string(target) + " (example " +
                                  std::to_string(b) + ")");
    const RowsOf<Scalar> row = logits.row(b);
    const Scalar top = Ops::softmax_shift(row.data(), C);
    Scalar z = 0;
    for (int c = 0; c < C; ++c) z += (d_logits(b, c) = Ops::exp(logits(b, c) - top));
    loss += top + Ops::log(z) - logits(b, target);
    for (int c = 0; c < C; ++c) d_logits(b, c) /= z * B;
    d_logits(b, target) -= Scalar(1) / B;
  }
  return loss / B;
}
template double cross_entropy_at_last<double>(const MatrixOf<double>&, const std::vector<Example>&,
                                              RowsOf<double>&);
template Symbolic cross_entropy_at_last<Symbolic>(const MatrixOf<Symbolic>&,
                                                  const std::vector<Example>&, RowsOf<Symbolic>&);

/// The tabulated passes in the scalar `Scalar`: double for training and reading, Symbolic for
/// the gradient proof (symbolic_head.hpp). The head is given as its shape, its blocks and a
/// flat parameter vector laid out like AttentionHead::parameters().
template <class Scalar>
class HeadWorkspaceOf {
 public:
  using Ops = ScalarOps<Scalar>;
  using Rows = RowsOf<Scalar>;
  using Column = ColumnOf<Scalar>;
  using Views = ParameterViewsOf<ConstRowMapOf<Scalar>>;
  using GradientViews = ParameterViewsOf<RowMapOf<Scalar>>;

  // Per scheme: the rule's tables, kept between calls.
  std::vector<std::unique_ptr<SchemeScratch>> scratch_by_scheme;

  // Per call.
  const PositionSchemeRule* rule = nullptr;
  const TabulatedScores<Scalar>* scores = nullptr;
  SchemeScratch* scratch = nullptr;
  std::optional<TabulatedBatchOf<Scalar>> batch;
  std::optional<Views> weights;
  long shift = 0;                    // position of token 0 (added codes only)
  Rows token_rows, d_token_rows;     // V x d: the embedding of each token type
  const Rows* code = nullptr;        // n_max x d: p(shift + i) (added codes)
  Rows no_code;
  Rows value_readout;                // W_V W_O (d x C)
  Rows token_values;                 // E W_V W_O (V x C)
  Rows code_values;                  // P W_V W_O (n_max x C)
  std::vector<QueryGroupOf<Scalar>> groups;
  std::vector<int> group_of;         // per example
  std::vector<int> ids;              // example-major, n_max per example
  std::vector<int> lengths;
  Rows alpha;                        // B x n_max
  Rows token_weight;                 // B x V: sum of alpha over positions holding token v
  MatrixOf<Scalar> logits;           // B x C
  Rows d_logits;                     // B x C
  Rows d_alpha_token, d_alpha_code;  // B x V, B x n_max
  Rows d_code;                       // n_max x d: d loss / d p(shift + i)
  Column gradient;
  int n_max = 0;
  SoftmaxPathCounts softmax_paths;   // cumulative over calls

  void forward(const HeadShape& shape, const std::vector<ParameterBlock>& blocks,
               const Column& parameters, const std::vector<Example>& examples,
               const ReadTimeMap& read_time_map);
  /// The loss and, if `gradient_out` is non-null, its gradient: d_logits from the loss, then
  /// backward_from_logits.
  Scalar backward(const HeadShape& shape, const std::vector<ParameterBlock>& blocks,
                  const std::vector<Example>& examples, const ReadTimeMap& read_time_map,
                  Column* gradient_out);
  /// The gradient of sum_bc d_logits(b, c) logits(b, c) with respect to the parameters, for
  /// the d_logits this workspace holds.
  void backward_from_logits(const HeadShape& shape, const std::vector<ParameterBlock>& blocks,
                            const ReadTimeMap& read_time_map, Column* gradient_out);

 private:
  void read_tokens(const HeadShape& shape, const std::vector<Example>& examples);
  void prepare_inputs(const HeadShape& shape, const ReadTimeMap& read_time_map);
  void group_queries();
  void score_groups();
  void attention_weights();
  void mix_values();
  void mix_values_backward(GradientViews& grad);
  void attention_weights_backward();
  void score_groups_backward(GradientViews& grad);
  void fold_token_rows(const HeadShape& shape, GradientViews& grad);
};

/// The workspace HeadEvaluator keeps (declared in head_readers.hpp).
class HeadWorkspace : public HeadWorkspaceOf<double> {};

// ---- Forward -------------------------------------------------------------------------------

template <class Scalar>
void HeadWorkspaceOf<Scalar>::forward(const HeadShape& shape,
                                      const std::vector<ParameterBlock>& blocks,
                                      const Column& parameters,
                                      const std::vector<Example>& examples,
                                      const ReadTimeMap& read_time_map) {
  validate_read_time_map(shape, read_time_map);
  if (examples.empty()) throw std::invalid_argument("examples must not be empty");
  weights.emplace(views_over<Views>(blocks, parameters.data()));
  read_tokens(shape, examples);
  prepare_inputs(shape, read_time_map);
  group_queries();
  score_groups();
  attention_weights();
  mix_values();
}

template <class Scalar>
void HeadWorkspaceOf<Scalar>::read_tokens(const HeadShape& shape,
                                          const std::vector<Example>& examples) {
  const int B = static_cast<int>(examples.size());
  n_max = 0;
  lengths.resize(B);
  for (int b = 0; b < B; ++b) {
    const int n = static_cast<int>(examples[b].tokens.size());
    if (n == 0) throw std::invalid_argument("every example needs at least one token, example " +
                                            std::to_string(b) + " has none");
    lengths[b] = n;
    n_max = std::max(n_max, n);
  }
  ids.resize(std::size_t(B) * n_max);
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < lengths[b]; ++j)
      ids[std::size_t(b) * n_max + j] = fast_token_index(examples[b].tokens[j], shape.symbols);
}

// The inputs h = x E (+ p), the values read out, and the rule's per-batch tables.
template <class Scalar>
void HeadWorkspaceOf<Scalar>::prepare_inputs(const HeadShape& shape,
                                             const ReadTimeMap& read_time_map) {
  rule = &rule_of(shape.scheme);
  scores = &tabulated_scores<Scalar>(shape.scheme);
  const auto index = static_cast<std::size_t>(shape.scheme);
  if (scratch_by_scheme.size() <= index) scratch_by_scheme.resize(index + 1);
  if (!scratch_by_scheme[index]) scratch_by_scheme[index] = scores->new_scratch();
  scratch = scratch_by_scheme[index].get();

  const Views& w = *weights;
  token_rows = token_rows_of<Scalar>(shape, w.embedding);
  shift = rule->adds_code() ? read_time_map.position_shift : 0;
  code = rule->adds_code() ? &scores->batch_code_rows(shape, w, shift, n_max, scratch) : &no_code;
  value_readout.noalias() = w.value * w.readout;
  token_values.noalias() = token_rows * value_readout;
  if (rule->adds_code()) code_values.noalias() = *code * value_readout;
  batch.emplace(TabulatedBatchOf<Scalar>{shape, read_time_map, w, token_rows, *code,
                                         Scalar(1) / Ops::sqrt(Scalar(shape.width))});
  scores->prepare_batch(*batch, n_max, scratch);
}

// Examples that end in the same query (token, position) share one score table.
template <class Scalar>
void HeadWorkspaceOf<Scalar>::group_queries() {
  const int B = static_cast<int>(lengths.size());
  groups.clear();
  group_of.resize(B);
  for (int b = 0; b < B; ++b) {
    const int vq = ids[std::size_t(b) * n_max + lengths[b] - 1], t = lengths[b] - 1;
    int g = 0;
    while (g < int(groups.size()) && !(groups[g].query_token == vq && groups[g].position == t)) ++g;
    if (g == int(groups.size())) {
      groups.emplace_back();
      groups.back().query_token = vq;
      groups.back().position = t;
      groups.back().members = 0;
    }
    group_of[b] = g;
    ++groups[g].members;
  }
}

// q = h_q W_Q with h_q = x_q E (+ p(t)), then the rule's scores; then, where they pay off
// (more exponentials replaced than they cost), the group's tables of exponentials.
template <class Scalar>
void HeadWorkspaceOf<Scalar>::score_groups() {
  const int V = static_cast<int>(token_rows.rows());
  const bool separable = scores->separable_scores();
  for (QueryGroupOf<Scalar>& g : groups) {
    g.query_input = token_rows.row(g.query_token).transpose();
    if (rule->adds_code()) g.query_input += code->row(g.position).transpose();
    g.q.noalias() = batch->weights.query.transpose() * g.query_input;
    scores->score_group(*batch, scratch, g);
  }
  for (QueryGroupOf<Scalar>& g : groups) {
    const int n = g.position + 1;
    g.exp_tables_ready = separable ? g.members > 1 : g.members > V;
    if (!g.exp_tables_ready) continue;
    if (separable) {
      g.exp_content.resize(V);
      g.exp_position.resize(n);
      exponentiate_shifted(g.content.data(), g.exp_content.data(), V);
      exponentiate_shifted(g.position_part.data(), g.exp_position.data(), n);
    } else {
      g.exp_table.resize(V, n);
      exponentiate_shifted(g.table.data(), g.exp_table.data(), g.table.size());
    }
  }
}

// Per example: softmax over its positions, from the group's exponentials when they are built
// and do not underflow, else from its scores; and the attention mass on each token type.
template <class Scalar>
void HeadWorkspaceOf<Scalar>::attention_weights() {
  const int B = static_cast<int>(lengths.size());
  const bool separable = scores->separable_scores();
  alpha.setZero(B, n_max);
  token_weight.setZero(B, token_rows.rows());
  for (int b = 0; b < B; ++b) {
    const QueryGroupOf<Scalar>& g = groups[group_of[b]];
    const int n = lengths[b];
    const int* x = &ids[std::size_t(b) * n_max];
    Scalar* a = alpha.row(b).data();
    Scalar* tw = token_weight.row(b).data();
    if (g.exp_tables_ready) {
      Scalar z = 0;
      if (separable) {
        const Scalar* eu = g.exp_content.data();
        const Scalar* ew = g.exp_position.data();
        for (int j = 0; j < n; ++j) z += (a[j] = eu[x[j]] * ew[j]);
      } else {
        for (int j = 0; j < n; ++j) z += (a[j] = g.exp_table(x[j], j));
      }
      if (!Ops::underflows(z, kUnderflowGuard)) {
        const Scalar inv_z = Scalar(1) / z;
        for (int j = 0; j < n; ++j) {
          a[j] *= inv_z;
          tw[x[j]] += a[j];
        }
        ++softmax_paths.tabulated;
        continue;
      }
    }
    ++softmax_paths.recomputed;
    if (separable) {
      const Scalar* u = g.content.data();
      const Scalar* w = g.position_part.data();
      for (int j = 0; j < n; ++j) a[j] = u[x[j]] + w[j];
    } else {
      for (int j = 0; j < n; ++j) a[j] = g.table(x[j], j);
    }
    const Scalar top = Ops::softmax_shift(a, n);
    Scalar z = 0;
    for (int j = 0; j < n; ++j) z += (a[j] = Ops::exp(a[j] - top));
    const Scalar inv_z = Scalar(1) / z;
    for (int j = 0; j < n; ++j) {
      a[j] *= inv_z;
      tw[x[j]] += a[j];
    }
  }
}

// logits = sum_j alpha_j (x_j E + p_j) W_V W_O, summed per token type and per position.
template <class Scalar>
void HeadWorkspaceOf<Scalar>::mix_values() {
  logits.noalias() = token_weight * token_values;
  if (rule->adds_code()) logits.noalias() += alpha * code_values;
}

// ---- Backward ------------------------------------------------------------------------------

template <class Scalar>
Scalar HeadWorkspaceOf<Scalar>::backward(const HeadShape& shape,
                                         const std::vector<ParameterBlock>& blocks,
                                         const std::vector<Example>& examples,
                                         const ReadTimeMap& read_time_map, Column* gradient_out) {
  const Scalar loss = cross_entropy_at_last(logits, examples, d_logits);
  if (gradient_out) backward_from_logits(shape, blocks, read_time_map, gradient_out);
  return loss;
}

template <class Scalar>
void HeadWorkspaceOf<Scalar>::backward_from_logits(const HeadShape& shape,
                                                   const std::vector<ParameterBlock>& blocks,
                                                   const ReadTimeMap& read_time_map,
                                                   Column* gradient_out) {
  if (read_time_map.position_position_matrix) throw std::invalid_argument(kNoGradientForProbe);
  Eigen::Index size = 0;
  for (const ParameterBlock& block : blocks) size += block.size();
  gradient.setZero(size);
  GradientViews grad = views_over<GradientViews>(blocks, gradient.data());
  // Gradients reach the token rows and the code rows first and are folded into the
  // parameters at the end.
  d_token_rows.setZero(token_rows.rows(), shape.width);
  if (rule->code_has_parameters()) d_code.setZero(n_max, shape.width);
  mix_values_backward(grad);
  attention_weights_backward();
  score_groups_backward(grad);
  fold_token_rows(shape, grad);
  if (rule->code_has_parameters()) scores->code_rows_backward(d_code, shift, grad);
  *gradient_out = gradient;
}

// Backward of mix_values: to W_V, W_O, the token and code rows, and the attention weights.
template <class Scalar>
void HeadWorkspaceOf<Scalar>::mix_values_backward(GradientViews& grad) {
  const Views& w = batch->weights;
  const Rows d_token_values = token_weight.transpose() * d_logits;  // V x C
  Rows d_value_readout = token_rows.transpose() * d_token_values;  // d x C
  d_token_rows.noalias() += d_token_values * value_readout.transpose();
  d_alpha_token.noalias() = d_logits * token_values.transpose();   // B x V
  if (rule->adds_code()) {
    const Rows d_code_values = alpha.transpose() * d_logits;       // n_max x C
    d_value_readout.noalias() += code->transpose() * d_code_values;
    if (rule->code_has_parameters()) d_code.noalias() += d_code_values * value_readout.transpose();
    d_alpha_code.noalias() = d_logits * code_values.transpose();   // B x n_max
  }
  grad.value.noalias() += d_value_readout * w.readout.transpose();
  grad.readout.noalias() += w.value.transpose() * d_value_readout;
}

// Softmax: d s_j = alpha_j (d alpha_j - sum_k alpha_k d alpha_k), gathered per group in the
// form of its scores.
template <class Scalar>
void HeadWorkspaceOf<Scalar>::attention_weights_backward() {
  const int V = static_cast<int>(token_rows.rows());
  const bool separable = scores->separable_scores();
  for (QueryGroupOf<Scalar>& g : groups) {
    const int n = g.position + 1;
    if (separable) {
      g.d_content.setZero(V);
      g.d_position_part.setZero(n);
    } else {
      g.d_table.setZero(V, n);
    }
  }
  const int B = static_cast<int>(lengths.size());
  const Scalar no_code_share = 0;
  for (int b = 0; b < B; ++b) {
    QueryGroupOf<Scalar>& g = groups[group_of[b]];
    const int n = lengths[b];
    const int* x = &ids[std::size_t(b) * n_max];
    const Scalar* a = alpha.row(b).data();
    const Scalar* dt = d_alpha_token.row(b).data();
    const Scalar* dp = rule->adds_code() ? d_alpha_code.row(b).data() : nullptr;
    Scalar mean = 0;
    for (int j = 0; j < n; ++j) mean += a[j] * (dt[x[j]] + (dp ? dp[j] : no_code_share));
    for (int j = 0; j < n; ++j) {
      const Scalar ds = a[j] * (dt[x[j]] + (dp ? dp[j] : no_code_share) - mean);
      if (separable) {
        g.d_content(x[j]) += ds;
        g.d_position_part(j) += ds;
      } else {
        g.d_table(x[j], j) += ds;
      }
    }
  }
}

// The rule's score backward gives d q; q = h_q W_Q with h_q = x_q E (+ p(t)).
template <class Scalar>
void HeadWorkspaceOf<Scalar>::score_groups_backward(GradientViews& grad) {
  ScoreGradientsOf<Scalar> gradients{d_token_rows, grad.key,
                                     rule->code_has_parameters() ? &d_code : nullptr,
                                     grad.position_table ? &*grad.position_table : nullptr};
  for (QueryGroupOf<Scalar>& g : groups) {
    scores->score_group_backward(*batch, scratch, g, gradients);
    grad.query.noalias() += g.query_input * g.d_query.transpose();
    const Column d_query_input = batch->weights.query * g.d_query;
    d_token_rows.row(g.query_token) += d_query_input.transpose();
    if (gradients.code_rows) d_code.row(g.position) += d_query_input.transpose();
  }
  scores->finish_score_backward(*batch, scratch, gradients);
}

// Under pair_rows token row v is E's row v. Under shared_row token row 2s is symbol s's feature
// row, 2s + 1 adds the mark's, 2S is the query's.
template <class Scalar>
void HeadWorkspaceOf<Scalar>::fold_token_rows(const HeadShape& shape, GradientViews& grad) {
  const Rows& dE = d_token_rows;
  if (shape.mark_embedding == MarkEmbedding::pair_rows) {
    grad.embedding += dE;
    return;
  }
  const int S = shape.symbols;
  for (int sym = 0; sym < S; ++sym) {
    grad.embedding.row(sym) += dE.row(2 * sym) + dE.row(2 * sym + 1);
    grad.embedding.row(S) += dE.row(2 * sym + 1);  // the mark feature
  }
  grad.embedding.row(S + 1) += dE.row(2 * S);      // the query feature
}

template class HeadWorkspaceOf<double>;
template class HeadWorkspaceOf<Symbolic>;

// ---- The evaluator -------------------------------------------------------------------------

HeadEvaluator::HeadEvaluator() : work_(std::make_unique<HeadWorkspace>()) {}
HeadEvaluator::~HeadEvaluator() = default;
HeadEvaluator::HeadEvaluator(HeadEvaluator&&) noexcept = default;
HeadEvaluator& HeadEvaluator::operator=(HeadEvaluator&&) noexcept = default;

const SoftmaxPathCounts& HeadEvaluator::softmax_paths() const { return work_->softmax_paths; }

const Eigen::MatrixXd& HeadEvaluator::logits_at_last(const AttentionHead& head,
                                                     const std::vector<Example>& examples,
                                                     const ReadTimeMap& read_time_map) {
  work_->forward(head.shape(), head.blocks(), head.parameters(), examples, read_time_map);
  return work_->logits;
}

double HeadEvaluator::loss_and_gradient(const AttentionHead& head,
                                        const std::vector<Example>& examples,
                                        Eigen::VectorXd* gradient,
                                        const ReadTimeMap& read_time_map) {
  if (gradient && read_time_map.position_position_matrix)
    throw std::invalid_argument(kNoGradientForProbe);
  work_->forward(head.shape(), head.blocks(), head.parameters(), examples, read_time_map);
  return work_->backward(head.shape(), head.blocks(), examples, read_time_map, gradient);
}

long HeadEvaluator::count_correct(const AttentionHead& head, const std::vector<Example>& examples,
                                  const ReadTimeMap& read_time_map) {
  const Eigen::MatrixXd& logits = logits_at_last(head, examples, read_time_map);
  long correct = 0;
  for (Eigen::Index b = 0; b < logits.rows(); ++b) {
    Eigen::Index best = 0;
    logits.row(b).maxCoeff(&best);
    if (best == examples[b].target) ++correct;
  }
  return correct;
}

Eigen::MatrixXd logits_at_last(const AttentionHead& head, const std::vector<Example>& examples,
                               const ReadTimeMap& read_time_map) {
  HeadEvaluator evaluator;
  return evaluator.logits_at_last(head, examples, read_time_map);
}

double loss_and_gradient(const AttentionHead& head, const std::vector<Example>& examples,
                         Eigen::VectorXd* gradient, const ReadTimeMap& read_time_map) {
  HeadEvaluator evaluator;
  return evaluator.loss_and_gradient(head, examples, gradient, read_time_map);
}

SymbolicHeadPass symbolic_head_pass(const HeadShape& shape, const std::vector<ParameterBlock>& blocks,
                                    const ColumnOf<Symbolic>& parameters,
                                    const std::vector<Example>& examples,
                                    const ReadTimeMap& read_time_map,
                                    const RowsOf<Symbolic>& upstream) {
  HeadWorkspaceOf<Symbolic> work;
  work.forward(shape, blocks, parameters, examples, read_time_map);
  if (upstream.rows() != work.logits.rows() || upstream.cols() != work.logits.cols())
    throw std::invalid_argument("symbolic_head_pass: upstream is " + std::to_string(upstream.rows()) +
                                " x " + std::to_string(upstream.cols()) + ", the logits " +
                                std::to_string(work.logits.rows()) + " x " +
                                std::to_string(work.logits.cols()));
  work.d_logits = upstream;
  SymbolicHeadPass pass;
  pass.logits = work.logits;
  pass.softmax_paths = work.softmax_paths;
  work.backward_from_logits(shape, blocks, read_time_map, &pass.gradient);
  return pass;
}

double accuracy(const AttentionHead& head, const std::vector<Example>& examples,
                const ReadTimeMap& read_time_map) {
  HeadEvaluator evaluator;
  return double(evaluator.count_correct(head, examples, read_time_map)) / examples.size();
}

}  // namespace pe::experiments
