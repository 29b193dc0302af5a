#include "attention_head.hpp"

#include "rope.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace pe::experiments {

// ---- Schemes and shapes --------------------------------------------------------------------

std::string to_string(PositionScheme scheme) {
  switch (scheme) {
    case PositionScheme::none: return "none";
    case PositionScheme::sinusoidal: return "sinusoidal";
    case PositionScheme::learned: return "learned";
    case PositionScheme::rope: return "rope";
    case PositionScheme::alibi: return "alibi";
  }
  return "?";
}

const std::vector<PositionScheme>& all_position_schemes() {
  static const std::vector<PositionScheme> schemes = {
      PositionScheme::none, PositionScheme::sinusoidal, PositionScheme::learned,
      PositionScheme::rope, PositionScheme::alibi};
  return schemes;
}

PositionScheme position_scheme_from_string(const std::string& name) {
  for (PositionScheme s : all_position_schemes())
    if (to_string(s) == name) return s;
  throw std::invalid_argument("unknown position scheme '" + name +
                              "'; valid: none, sinusoidal, learned, rope, alibi");
}

bool adds_position_code(PositionScheme scheme) {
  return scheme == PositionScheme::sinusoidal || scheme == PositionScheme::learned;
}

void HeadShape::validate() const {
  require_even_dimension(width, "width");
  if (symbols < 1)
    throw std::invalid_argument("symbols must be >= 1, got symbols = " + std::to_string(symbols));
  if (classes < 1)
    throw std::invalid_argument("classes must be >= 1, got classes = " + std::to_string(classes));
  if (scheme == PositionScheme::learned && table_length < 1)
    throw std::invalid_argument("table_length must be >= 1, got table_length = " +
                                std::to_string(table_length));
  require_base(base, "base");
  if (scheme == PositionScheme::alibi && !(std::isfinite(alibi_slope) && alibi_slope > 0))
    throw std::invalid_argument("alibi_slope must be finite and > 0, got alibi_slope = " +
                                std::to_string(alibi_slope));
}

int token_index(const Token& token, int symbols) {
  if (token.is_query()) return 2 * symbols;
  if (token.symbol < 0 || token.symbol >= symbols)
    throw std::invalid_argument("token symbol must lie in [0, " + std::to_string(symbols) +
                                "), got symbol = " + std::to_string(token.symbol));
  return 2 * token.symbol + (token.marked ? 1 : 0);
}

namespace {
/// token_index without the call: the hot loops convert every token of every batch.
inline int fast_token_index(const Token& token, int symbols) {
  if (token.symbol == Token::kQuerySymbol) return 2 * symbols;
  if (static_cast<unsigned>(token.symbol) >= static_cast<unsigned>(symbols))
    return token_index(token, symbols);  // throws the descriptive error
  return 2 * token.symbol + (token.marked ? 1 : 0);
}
}  // namespace

Reading Reading::rope(ContextExtension map, int test_length, int training_length) {
  if (training_length < 1 || test_length < 1)
    throw std::invalid_argument("Reading::rope needs positive lengths, got test_length = " +
                                std::to_string(test_length) + ", training_length = " +
                                std::to_string(training_length));
  Reading r;
  r.rope_map = map;
  r.training_length = training_length;
  r.kappa = std::max(1.0, double(test_length) / training_length);
  return r;
}

// ---- Parameters ----------------------------------------------------------------------------

namespace {

std::vector<ParameterBlock> layout(const HeadShape& shape) {
  shape.validate();
  const Eigen::Index d = shape.width;
  std::vector<ParameterBlock> blocks = {{"embedding", 0, shape.embedding_rows(), d},
                                        {"query", 0, d, d},
                                        {"key", 0, d, d},
                                        {"value", 0, d, d},
                                        {"readout", 0, d, shape.classes}};
  if (shape.scheme == PositionScheme::learned)
    blocks.push_back({"position_table", 0, shape.table_length, d});
  Eigen::Index offset = 0;
  for (ParameterBlock& b : blocks) {
    b.offset = offset;
    offset += b.size();
  }
  return blocks;
}

Eigen::Index total_size(const std::vector<ParameterBlock>& blocks) {
  return blocks.back().offset + blocks.back().size();
}

}  // namespace

AttentionHead::AttentionHead(const HeadShape& shape)
    : shape_(shape), blocks_(layout(shape)), parameters_(Eigen::VectorXd::Zero(total_size(blocks_))) {}

AttentionHead::AttentionHead(const HeadShape& shape, Eigen::VectorXd parameters)
    : shape_(shape), blocks_(layout(shape)), parameters_(std::move(parameters)) {
  if (parameters_.size() != total_size(blocks_))
    throw std::invalid_argument("parameters must have " + std::to_string(total_size(blocks_)) +
                                " entries for this head, got parameters.size() = " +
                                std::to_string(parameters_.size()));
}

void InitialScales::validate() const {
  const std::pair<const char*, double> all[] = {{"embedding", embedding},
                                                {"position_table", position_table},
                                                {"query_key", query_key},
                                                {"value_readout", value_readout}};
  for (const auto& [name, value] : all)
    if (!(std::isfinite(value) && value >= 0))
      throw std::invalid_argument(std::string("initial scale ") + name +
                                  " must be finite and >= 0, got " + name + " = " +
                                  std::to_string(value));
}

AttentionHead AttentionHead::initialised(const HeadShape& shape, Rng& rng,
                                         const InitialScales& scales) {
  scales.validate();
  AttentionHead head(shape);
  const double unit = 1.0 / std::sqrt(double(shape.width));
  for (const ParameterBlock& b : head.blocks_) {
    double scale = scales.value_readout;
    if (b.name == "embedding") scale = scales.embedding;
    else if (b.name == "position_table") scale = scales.position_table;
    else if (b.name == "query" || b.name == "key") scale = scales.query_key;
    scale *= unit;
    for (Eigen::Index i = 0; i < b.size(); ++i) head.parameters_(b.offset + i) = scale * rng.normal();
  }
  return head;
}

const ParameterBlock& AttentionHead::block(const std::string& name) const {
  for (const ParameterBlock& b : blocks_)
    if (b.name == name) return b;
  throw std::invalid_argument("this " + to_string(shape_.scheme) + " head has no parameter block '" +
                              name + "'");
}

ConstRowMap AttentionHead::view(const std::string& name) const {
  const ParameterBlock& b = block(name);
  return ConstRowMap(parameters_.data() + b.offset, b.rows, b.cols);
}

RowMap AttentionHead::view(const std::string& name) {
  const ParameterBlock& b = block(name);
  return RowMap(parameters_.data() + b.offset, b.rows, b.cols);
}

namespace {
void require_table_positions(const HeadShape& shape, long first, long last) {
  if (first < 0 || last >= shape.table_length)
    throw std::invalid_argument(
        "the learned table has positions 0.." + std::to_string(shape.table_length - 1) +
        " only, got positions " + std::to_string(first) + ".." + std::to_string(last) +
        (last >= shape.table_length
             ? " (sequence length " + std::to_string(last + 1) + " exceeds table_length = " +
                   std::to_string(shape.table_length) + ")"
             : ""));
}
}  // namespace

Eigen::VectorXd AttentionHead::position_code(long m) const {
  switch (shape_.scheme) {
    case PositionScheme::sinusoidal:
      return sinusoidal_code(double(m), shape_.width, shape_.base);
    case PositionScheme::learned: {
      require_table_positions(shape_, m, m);
      return view("position_table").row(m).transpose();
    }
    default: return Eigen::VectorXd::Zero(shape_.width);
  }
}

RowMatrix AttentionHead::token_embeddings() const {
  const int S = shape_.symbols;
  const ConstRowMap features = embedding();
  RowMatrix rows(shape_.vocabulary(), shape_.width);
  for (int sym = 0; sym < S; ++sym) {
    rows.row(2 * sym) = features.row(sym);
    rows.row(2 * sym + 1) = features.row(sym) + features.row(S);
  }
  rows.row(2 * S) = features.row(S + 1);
  return rows;
}

Eigen::VectorXd AttentionHead::token_embedding(const Token& token) const {
  const int S = shape_.symbols;
  const int v = token_index(token, S);
  const ConstRowMap features = embedding();
  if (v == 2 * S) return features.row(S + 1).transpose();
  Eigen::VectorXd h = features.row(v / 2).transpose();
  if (v % 2 == 1) h += features.row(S).transpose();
  return h;
}

Eigen::MatrixXd AttentionHead::score_matrix() const {
  return Eigen::MatrixXd(query_map()) * Eigen::MatrixXd(key_map()).transpose();
}

// ---- Tabulated passes ----------------------------------------------------------------------

namespace {

struct RopeFrequencies {
  std::vector<double> frequencies;
  double scale = 1.0;
};

RopeFrequencies rope_frequencies(const HeadShape& shape, const Reading& reading) {
  const RopeReading r = rope_reading(reading.rope_map, shape.width, shape.base, reading.kappa,
                                     reading.training_length);
  return {r.frequencies, r.score_scale};
}

void validate_reading(const HeadShape& shape, const Reading& reading) {
  if (shape.scheme != PositionScheme::rope && reading.rope_map != ContextExtension::none)
    throw std::invalid_argument("a context-extension map reads RoPE heads only, got rope_map = " +
                                to_string(reading.rope_map) + " for a " +
                                to_string(shape.scheme) + " head");
  if (reading.position_position_matrix) {
    if (!adds_position_code(shape.scheme))
      throw std::invalid_argument(
          "position_position_matrix replaces a term of the additive schemes only, got a " +
          to_string(shape.scheme) + " head");
    const Eigen::MatrixXd& m = *reading.position_position_matrix;
    if (m.rows() != shape.width || m.cols() != shape.width)
      throw std::invalid_argument("position_position_matrix must be " +
                                  std::to_string(shape.width) + " x " +
                                  std::to_string(shape.width) + ", got " +
                                  std::to_string(m.rows()) + " x " + std::to_string(m.cols()));
  }
}

/// Rows p(shift), ..., p(shift + n - 1) of the head's added code (n x d).
RowMatrix position_rows(const AttentionHead& head, long shift, int n) {
  const HeadShape& shape = head.shape();
  RowMatrix p(n, shape.width);
  if (shape.scheme == PositionScheme::learned) {
    require_table_positions(shape, shift, shift + n - 1);
    p = head.view("position_table").middleRows(shift, n);
  } else {
    const std::vector<double> omega = frequencies(shape.width, shape.base);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < shape.width / 2; ++j) {
        const double angle = double(shift + i) * omega[j];
        p(i, 2 * j) = std::cos(angle);
        p(i, 2 * j + 1) = std::sin(angle);
      }
  }
  return p;
}

struct QueryGroup {
  int query_token = 0;  // row of E
  int position = 0;     // t, the last position
  // Separable scores (all but RoPE): s_j = content[x_j] + position_part[j].
  Eigen::VectorXd content, position_part, d_content, d_position_part;
  // RoPE: s_j = table(x_j, j); rotated query rows R(r f) q for j = 0..t.
  RowMatrix table, d_table, rotated_query;
  Eigen::VectorXd q, key_direction;  // q = h_q W_Q, key_direction = W_K q^T
  Eigen::VectorXd query_input;       // h_q
  // Softmax numerators as products of per-group exponentials (see exp_tables_ready).
  int members = 0;
  bool exp_tables_ready = false;
  Eigen::VectorXd exp_content, exp_position;
  RowMatrix exp_table;
};

// When the softmax numerator of every example in a group is read off per-group tables of
// exponentials, a numerator can underflow only if the example's largest score lies more than
// about 575 below the table's largest; such an example (sum below this guard) is redone with
// its own maximum, so the weights are exact to rounding either way.
constexpr double kUnderflowGuard = 1e-250;

inline void exponentiate_shifted(const double* in, double* out, Eigen::Index count) {
  double top = -std::numeric_limits<double>::infinity();
  for (Eigen::Index i = 0; i < count; ++i) top = std::max(top, in[i]);
  for (Eigen::Index i = 0; i < count; ++i) out[i] = std::exp(in[i] - top);
}

}  // namespace

class HeadWorkspace {
 public:
  // Reading-dependent constant tables, rebuilt only when their key changes.
  int sinusoid_rows = -1, sinusoid_width = -1;
  long sinusoid_shift = 0;
  double sinusoid_base = 0;
  RowMatrix sinusoid;
  std::vector<double> rope_key_frequencies;
  int rope_rows = -1;
  RowMatrix rope_cos, rope_sin;  // (offset r) x (plane)

  // Per call.
  RowMatrix token_rows, d_token_rows;  // V x d: the embedding of each token type
  RowMatrix positions;               // n_max x d (additive)
  RowMatrix value_readout;           // W_V W_O (d x C)
  RowMatrix token_values;            // E W_V W_O (V x C)
  RowMatrix position_values;         // P W_V W_O (n_max x C)
  RowMatrix keys;                    // E W_K (V x d), RoPE
  std::vector<QueryGroup> groups;
  std::vector<int> group_of;         // per example
  std::vector<int> ids;              // example-major, n_max per example
  std::vector<int> lengths;
  RowMatrix alpha;                   // B x n_max
  RowMatrix token_weight;            // B x V: sum of alpha over positions holding token v
  Eigen::MatrixXd logits;            // B x C
  RowMatrix d_logits;                // B x C
  RowMatrix d_alpha_token, d_alpha_position;  // B x V, B x n_max
  Eigen::VectorXd gradient;
  double score_scale = 1;
  int n_max = 0;
  SoftmaxPathCounts softmax_paths;   // cumulative over calls

  const RowMatrix& sinusoid_table(const AttentionHead& head, long shift, int n) {
    // Keyed by everything the code depends on: one evaluator may read heads of other shapes.
    const HeadShape& s = head.shape();
    if (sinusoid_rows != n || sinusoid_shift != shift || sinusoid_width != s.width ||
        sinusoid_base != s.base) {
      sinusoid = position_rows(head, shift, n);
      sinusoid_rows = n;
      sinusoid_shift = shift;
      sinusoid_width = s.width;
      sinusoid_base = s.base;
    }
    return sinusoid;
  }

  void rope_tables(const std::vector<double>& f, int n) {
    if (rope_rows >= n && rope_key_frequencies == f) return;
    rope_key_frequencies = f;
    rope_rows = n;
    rope_cos.resize(n, f.size());
    rope_sin.resize(n, f.size());
    for (int r = 0; r < n; ++r)
      for (std::size_t j = 0; j < f.size(); ++j) {
        rope_cos(r, j) = std::cos(r * f[j]);
        rope_sin(r, j) = std::sin(r * f[j]);
      }
  }

  void forward(const AttentionHead& head, const std::vector<Example>& examples,
               const Reading& reading);
  double backward(const AttentionHead& head, const std::vector<Example>& examples,
                  const Reading& reading, Eigen::VectorXd* gradient_out);
};

void HeadWorkspace::forward(const AttentionHead& head, const std::vector<Example>& examples,
                            const Reading& reading) {
  const HeadShape& shape = head.shape();
  validate_reading(shape, reading);
  if (examples.empty()) throw std::invalid_argument("examples must not be empty");
  const int d = shape.width, V = shape.vocabulary();
  const double inv_tau = 1.0 / std::sqrt(double(d));
  const bool additive = adds_position_code(shape.scheme);
  const bool rope = shape.scheme == PositionScheme::rope;
  const bool alibi = shape.scheme == PositionScheme::alibi;
  const long shift = additive ? reading.position_shift : 0;

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

  token_rows = head.token_embeddings();
  const RowMatrix& E = token_rows;  // one row per token type
  const ConstRowMap WQ = head.query_map(), WK = head.key_map(), WV = head.value_map(),
                    WO = head.readout();
  if (additive) {
    if (shape.scheme == PositionScheme::learned) positions = position_rows(head, shift, n_max);
    else positions = sinusoid_table(head, shift, n_max);
  }
  value_readout.noalias() = WV * WO;
  token_values.noalias() = E * value_readout;
  if (additive) position_values.noalias() = positions * value_readout;

  RopeFrequencies rf;
  score_scale = 1;
  if (rope) {
    rf = rope_frequencies(shape, reading);
    score_scale = rf.scale;
    rope_tables(rf.frequencies, n_max);
    keys.noalias() = E * WK;
  }

  // Group the examples by their query (token, position): one score table per group.
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
  for (QueryGroup& g : groups) {
    const int n = g.position + 1;
    g.query_input = E.row(g.query_token).transpose();
    if (additive) g.query_input += positions.row(g.position).transpose();
    g.q.noalias() = WQ.transpose() * g.query_input;
    if (rope) {
      g.rotated_query.resize(n, d);
      for (int j = 0; j < n; ++j) {
        const int r = g.position - j;
        for (int p = 0; p < d / 2; ++p) {
          const double c = rope_cos(r, p), s = rope_sin(r, p);
          const double a = g.q(2 * p), bq = g.q(2 * p + 1);
          g.rotated_query(j, 2 * p) = a * c - bq * s;
          g.rotated_query(j, 2 * p + 1) = a * s + bq * c;
        }
      }
      g.table.noalias() = (score_scale * inv_tau) * (keys * g.rotated_query.transpose());
    } else {
      g.key_direction.noalias() = WK * g.q;
      g.content.noalias() = inv_tau * (E * g.key_direction);
      g.position_part.resize(n);
      if (additive) {
        if (reading.position_position_matrix) {
          // Keep query-content against key-position; replace position against position.
          const Eigen::VectorXd content_query = WQ.transpose() * E.row(g.query_token).transpose();
          const Eigen::VectorXd content_direction = WK * content_query;
          const Eigen::VectorXd pp_direction =
              reading.position_position_matrix->transpose() * positions.row(g.position).transpose();
          g.position_part.noalias() =
              inv_tau * (positions.topRows(n) * (content_direction + pp_direction));
        } else {
          g.position_part.noalias() = inv_tau * (positions.topRows(n) * g.key_direction);
        }
      } else if (alibi) {
        for (int j = 0; j < n; ++j) g.position_part(j) = -shape.alibi_slope * (g.position - j);
      } else {
        g.position_part.setZero();
      }
    }
  }

  // Tables of exponentials pay off once they replace more exponentials than they cost.
  for (QueryGroup& g : groups) {
    const int n = g.position + 1;
    g.exp_tables_ready = rope ? g.members > V : g.members > 1;
    if (!g.exp_tables_ready) continue;
    if (rope) {
      g.exp_table.resize(V, n);
      exponentiate_shifted(g.table.data(), g.exp_table.data(), g.table.size());
    } else {
      g.exp_content.resize(V);
      g.exp_position.resize(n);
      exponentiate_shifted(g.content.data(), g.exp_content.data(), V);
      exponentiate_shifted(g.position_part.data(), g.exp_position.data(), n);
    }
  }

  // Per example: scores, softmax, and the attention mass on each token and position.
  alpha.setZero(B, n_max);
  token_weight.setZero(B, V);
  for (int b = 0; b < B; ++b) {
    const QueryGroup& g = groups[group_of[b]];
    const int n = lengths[b];
    const int* x = &ids[std::size_t(b) * n_max];
    double* a = alpha.row(b).data();
    double* tw = token_weight.row(b).data();
    if (g.exp_tables_ready) {
      double z = 0;
      if (rope) {
        for (int j = 0; j < n; ++j) z += (a[j] = g.exp_table(x[j], j));
      } else {
        const double* eu = g.exp_content.data();
        const double* ew = g.exp_position.data();
        for (int j = 0; j < n; ++j) z += (a[j] = eu[x[j]] * ew[j]);
      }
      if (z >= kUnderflowGuard) {
        const double inv_z = 1 / z;
        for (int j = 0; j < n; ++j) {
          a[j] *= inv_z;
          tw[x[j]] += a[j];
        }
        ++softmax_paths.tabulated;
        continue;
      }
    }
    ++softmax_paths.recomputed;
    double top = -std::numeric_limits<double>::infinity();
    if (rope) {
      for (int j = 0; j < n; ++j) a[j] = g.table(x[j], j);
    } else {
      const double* u = g.content.data();
      const double* w = g.position_part.data();
      for (int j = 0; j < n; ++j) a[j] = u[x[j]] + w[j];
    }
    for (int j = 0; j < n; ++j) top = std::max(top, a[j]);
    double z = 0;
    for (int j = 0; j < n; ++j) z += (a[j] = std::exp(a[j] - top));
    const double inv_z = 1 / z;
    for (int j = 0; j < n; ++j) {
      a[j] *= inv_z;
      tw[x[j]] += a[j];
    }
  }
  logits.noalias() = token_weight * token_values;
  if (additive) logits.noalias() += alpha * position_values;
}

double HeadWorkspace::backward(const AttentionHead& head, const std::vector<Example>& examples,
                               const Reading& reading, Eigen::VectorXd* gradient_out) {
  const HeadShape& shape = head.shape();
  const int d = shape.width, C = shape.classes;
  const int B = static_cast<int>(examples.size());
  const double inv_tau = 1.0 / std::sqrt(double(d));
  const bool additive = adds_position_code(shape.scheme);
  const bool learned = shape.scheme == PositionScheme::learned;
  const bool rope = shape.scheme == PositionScheme::rope;

  // Loss and d loss / d logits = (softmax - one-hot) / B.
  d_logits.resize(B, C);
  double loss = 0;
  for (int b = 0; b < B; ++b) {
    const int target = examples[b].target;
    if (target < 0 || target >= C)
      throw std::invalid_argument("example target must lie in [0, " + std::to_string(C) +
                                  "), got target = " + std::to_string(target) + " (example " +
                                  std::to_string(b) + ")");
    const double top = logits.row(b).maxCoeff();
    double z = 0;
    for (int c = 0; c < C; ++c) z += (d_logits(b, c) = std::exp(logits(b, c) - top));
    loss += top + std::log(z) - logits(b, target);
    for (int c = 0; c < C; ++c) d_logits(b, c) /= z * B;
    d_logits(b, target) -= 1.0 / B;
  }
  loss /= B;
  if (!gradient_out) return loss;
  if (reading.position_position_matrix)
    throw std::invalid_argument("no gradient for a reading with a replaced "
                                "position_position_matrix (it is a forward-only probe)");

  gradient.setZero(head.parameters().size());
  auto grad = [&](const char* name) {
    const ParameterBlock& blk = head.block(name);
    return RowMap(gradient.data() + blk.offset, blk.rows, blk.cols);
  };
  RowMap dWQ = grad("query"), dWK = grad("key"), dWV = grad("value"), dWO = grad("readout");
  // Gradients reach the token rows first and are folded into E's feature rows at the end.
  const RowMatrix& E = token_rows;
  d_token_rows.setZero(E.rows(), d);
  RowMatrix& dE = d_token_rows;
  const ConstRowMap WQ = head.query_map(), WK = head.key_map(), WV = head.value_map(),
                    WO = head.readout();
  std::optional<RowMap> dP;
  if (learned) dP.emplace(grad("position_table"));
  const long shift = additive ? reading.position_shift : 0;

  // Values and readout.
  const RowMatrix d_token_values = token_weight.transpose() * d_logits;  // V x C
  RowMatrix d_value_readout = E.transpose() * d_token_values;           // d x C
  dE.noalias() += d_token_values * value_readout.transpose();
  d_alpha_token.noalias() = d_logits * token_values.transpose();         // B x V
  if (additive) {
    const RowMatrix d_position_values = alpha.transpose() * d_logits;   // n_max x C
    d_value_readout.noalias() += positions.transpose() * d_position_values;
    if (learned)
      dP->middleRows(shift, n_max).noalias() += d_position_values * value_readout.transpose();
    d_alpha_position.noalias() = d_logits * position_values.transpose();  // B x n_max
  }
  dWV.noalias() += d_value_readout * WO.transpose();
  dWO.noalias() += WV.transpose() * d_value_readout;

  // Softmax: d s_j = alpha_j (d alpha_j - sum_k alpha_k d alpha_k).
  for (QueryGroup& g : groups) {
    const int n = g.position + 1;
    if (rope) g.d_table.setZero(shape.vocabulary(), n);
    else {
      g.d_content.setZero(shape.vocabulary());
      g.d_position_part.setZero(n);
    }
  }
  for (int b = 0; b < B; ++b) {
    QueryGroup& g = groups[group_of[b]];
    const int n = lengths[b];
    const int* x = &ids[std::size_t(b) * n_max];
    const double* a = alpha.row(b).data();
    const double* dt = d_alpha_token.row(b).data();
    const double* dp = additive ? d_alpha_position.row(b).data() : nullptr;
    double mean = 0;
    for (int j = 0; j < n; ++j) mean += a[j] * (dt[x[j]] + (dp ? dp[j] : 0.0));
    for (int j = 0; j < n; ++j) {
      const double ds = a[j] * (dt[x[j]] + (dp ? dp[j] : 0.0) - mean);
      if (rope) g.d_table(x[j], j) += ds;
      else {
        g.d_content(x[j]) += ds;
        g.d_position_part(j) += ds;
      }
    }
  }

  // Score tables back to the queries, keys and embeddings.
  RowMatrix d_keys;
  if (rope) d_keys.setZero(shape.vocabulary(), d);
  for (QueryGroup& g : groups) {
    const int n = g.position + 1;
    Eigen::VectorXd dq;
    if (rope) {
      const double c_s = score_scale * inv_tau;
      d_keys.noalias() += c_s * (g.d_table * g.rotated_query);
      const RowMatrix d_rotated = c_s * (g.d_table.transpose() * keys);  // n x d
      dq.setZero(d);
      for (int j = 0; j < n; ++j) {
        const int r = g.position - j;
        for (int p = 0; p < d / 2; ++p) {
          const double c = rope_cos(r, p), s = rope_sin(r, p);
          const double da = d_rotated(j, 2 * p), db = d_rotated(j, 2 * p + 1);
          dq(2 * p) += c * da + s * db;
          dq(2 * p + 1) += -s * da + c * db;
        }
      }
    } else {
      // content = E k / tau and position_part = P k / tau with k = W_K q.
      Eigen::VectorXd d_key_direction = inv_tau * (E.transpose() * g.d_content);
      dE.noalias() += inv_tau * g.d_content * g.key_direction.transpose();
      if (additive) {
        d_key_direction.noalias() += inv_tau * (positions.topRows(n).transpose() * g.d_position_part);
        if (learned)
          dP->middleRows(shift, n).noalias() +=
              inv_tau * g.d_position_part * g.key_direction.transpose();
      }
      dWK.noalias() += d_key_direction * g.q.transpose();
      dq.noalias() = WK.transpose() * d_key_direction;
    }
    // q = h_q W_Q, h_q = E[v_q] + p(t).
    dWQ.noalias() += g.query_input * dq.transpose();
    const Eigen::VectorXd d_query_input = WQ * dq;
    dE.row(g.query_token) += d_query_input.transpose();
    if (learned) dP->row(shift + g.position) += d_query_input.transpose();
  }
  if (rope) {
    dWK.noalias() += E.transpose() * d_keys;
    dE.noalias() += d_keys * WK.transpose();
  }
  RowMap d_features = grad("embedding");
  const int S = shape.symbols;
  for (int sym = 0; sym < S; ++sym) {
    d_features.row(sym) += dE.row(2 * sym) + dE.row(2 * sym + 1);
    d_features.row(S) += dE.row(2 * sym + 1);  // the mark feature
  }
  d_features.row(S + 1) += dE.row(2 * S);      // the query feature
  *gradient_out = gradient;
  return loss;
}

HeadEvaluator::HeadEvaluator() : work_(std::make_unique<HeadWorkspace>()) {}

const SoftmaxPathCounts& HeadEvaluator::softmax_paths() const { return work_->softmax_paths; }
HeadEvaluator::~HeadEvaluator() = default;
HeadEvaluator::HeadEvaluator(HeadEvaluator&&) noexcept = default;
HeadEvaluator& HeadEvaluator::operator=(HeadEvaluator&&) noexcept = default;

const Eigen::MatrixXd& HeadEvaluator::logits_at_last(const AttentionHead& head,
                                                     const std::vector<Example>& examples,
                                                     const Reading& reading) {
  work_->forward(head, examples, reading);
  return work_->logits;
}

double HeadEvaluator::loss_and_gradient(const AttentionHead& head,
                                        const std::vector<Example>& examples,
                                        Eigen::VectorXd* gradient, const Reading& reading) {
  if (gradient && reading.position_position_matrix)
    throw std::invalid_argument("no gradient for a reading with a replaced "
                                "position_position_matrix (it is a forward-only probe)");
  work_->forward(head, examples, reading);
  return work_->backward(head, examples, reading, gradient);
}

long HeadEvaluator::count_correct(const AttentionHead& head, const std::vector<Example>& examples,
                                  const Reading& reading) {
  const Eigen::MatrixXd& logits = logits_at_last(head, examples, reading);
  long correct = 0;
  for (Eigen::Index b = 0; b < logits.rows(); ++b) {
    Eigen::Index best = 0;
    logits.row(b).maxCoeff(&best);
    if (best == examples[b].target) ++correct;
  }
  return correct;
}

Eigen::MatrixXd logits_at_last(const AttentionHead& head, const std::vector<Example>& examples,
                               const Reading& reading) {
  HeadEvaluator evaluator;
  return evaluator.logits_at_last(head, examples, reading);
}

double loss_and_gradient(const AttentionHead& head, const std::vector<Example>& examples,
                         Eigen::VectorXd* gradient, const Reading& reading) {
  HeadEvaluator evaluator;
  return evaluator.loss_and_gradient(head, examples, gradient, reading);
}

double accuracy(const AttentionHead& head, const std::vector<Example>& examples,
                const Reading& reading) {
  HeadEvaluator evaluator;
  return double(evaluator.count_correct(head, examples, reading)) / examples.size();
}

// ---- Dense one-pass reader -----------------------------------------------------------------

namespace {
/// Rotates each plane of row i of `m` by angle position(i) * f_p.
/// Rotates plane p of `row` by position * f[p]: RoPE's R(position) applied to one row.
template <typename Row>
void rotate_row(Row&& row, double position, const std::vector<double>& f) {
  for (std::size_t p = 0; p < f.size(); ++p) {
    const double angle = position * f[p], c = std::cos(angle), s = std::sin(angle);
    const double a = row(2 * p), b = row(2 * p + 1);
    row(2 * p) = c * a - s * b;
    row(2 * p + 1) = s * a + c * b;
  }
}

/// Row i rotated to position i.
void rotate_rows(Eigen::MatrixXd& m, const std::vector<double>& f) {
  for (Eigen::Index i = 0; i < m.rows(); ++i) rotate_row(m.row(i), double(i), f);
}
}  // namespace

Eigen::MatrixXd read_all_positions(const AttentionHead& head, const std::vector<Token>& tokens,
                                   const Reading& reading) {
  const HeadShape& shape = head.shape();
  validate_reading(shape, reading);
  const int n = static_cast<int>(tokens.size());
  if (n == 0) throw std::invalid_argument("read_all_positions needs at least one token");
  const int d = shape.width;
  const bool additive = adds_position_code(shape.scheme);
  Eigen::MatrixXd h(n, d);
  for (int i = 0; i < n; ++i) h.row(i) = head.token_embedding(tokens[i]).transpose();
  Eigen::MatrixXd p;
  if (additive) {
    p = position_rows(head, reading.position_shift, n);
    h += p;
  }
  Eigen::MatrixXd q = h * head.query_map(), k = h * head.key_map();
  const Eigen::MatrixXd v = h * head.value_map();
  double scale = 1.0 / std::sqrt(double(d));
  if (shape.scheme == PositionScheme::rope) {
    const RopeFrequencies rf = rope_frequencies(shape, reading);
    rotate_rows(q, rf.frequencies);
    rotate_rows(k, rf.frequencies);
    scale *= rf.scale;
  }
  Eigen::MatrixXd scores = scale * (q * k.transpose());
  if (additive && reading.position_position_matrix)
    scores += scale * (p * (*reading.position_position_matrix - head.score_matrix()) * p.transpose());
  if (shape.scheme == PositionScheme::alibi)
    for (int t = 0; t < n; ++t)
      for (int j = 0; j <= t; ++j) scores(t, j) -= shape.alibi_slope * (t - j);
  Eigen::MatrixXd out(n, d);
  for (int t = 0; t < n; ++t) {
    const double top = scores.row(t).head(t + 1).maxCoeff();
    Eigen::VectorXd w = (scores.row(t).head(t + 1).array() - top).exp().transpose();
    w /= w.sum();
    out.row(t) = w.transpose() * v.topRows(t + 1);
  }
  return out * head.readout();
}

RopeOffsetScores rope_offset_scores(const AttentionHead& head, const Eigen::VectorXd& query_input,
                                    const Eigen::VectorXd& key_input, int max_offset,
                                    const Reading& reading) {
  const HeadShape& shape = head.shape();
  if (shape.scheme != PositionScheme::rope)
    throw std::invalid_argument("rope_offset_scores needs a RoPE head, got a " +
                                to_string(shape.scheme) + " head");
  validate_reading(shape, reading);
  if (max_offset < 0)
    throw std::invalid_argument("max_offset must be >= 0, got max_offset = " +
                                std::to_string(max_offset));
  const int d = shape.width;
  if (query_input.size() != d || key_input.size() != d)
    throw std::invalid_argument("query_input and key_input must have width " + std::to_string(d));
  const RopeFrequencies rf = rope_frequencies(shape, reading);
  const double c_s = rf.scale / std::sqrt(double(d));
  const Eigen::VectorXd q = head.query_map().transpose() * query_input;
  const Eigen::VectorXd k = head.key_map().transpose() * key_input;
  // A key r positions before the query is scored <q, R(-r) k>: Proposition 3 (iii) at -r.
  const TrigonometricPolynomial poly = offset_score_polynomial(q, k, rf.frequencies);
  RopeOffsetScores out;
  out.plane_terms.resize(max_offset + 1, d / 2);
  out.amplitudes.resize(d / 2);
  for (int p = 0; p < d / 2; ++p) {
    out.amplitudes(p) = c_s * poly.amplitudes[p];
    for (int r = 0; r <= max_offset; ++r)
      out.plane_terms(r, p) = c_s * poly.amplitudes[p] * std::cos(-r * poly.frequencies[p] + poly.phases[p]);
  }
  return out;
}

Eigen::VectorXd mean_marked_embedding(const AttentionHead& head) {
  const int symbols = head.shape().symbols;
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(head.shape().width);
  for (int s = 0; s < symbols; ++s) mean += head.token_embedding(Token::content(s, true));
  return mean / symbols;
}

Eigen::VectorXd marked_key_scores(const AttentionHead& head, long query_position, int max_offset,
                                  const Reading& reading) {
  const HeadShape& shape = head.shape();
  validate_reading(shape, reading);
  if (max_offset < 0)
    throw std::invalid_argument("max_offset must be >= 0, got max_offset = " +
                                std::to_string(max_offset));
  if (max_offset > query_position)
    throw std::invalid_argument("max_offset must be <= query_position = " +
                                std::to_string(query_position) + ", got max_offset = " +
                                std::to_string(max_offset));
  if (reading.position_position_matrix)
    throw std::invalid_argument("marked_key_scores does not take a replaced position-position matrix");
  const int d = shape.width;
  const bool additive = adds_position_code(shape.scheme);
  const long shift = additive ? reading.position_shift : 0;
  const Eigen::VectorXd query_token = head.token_embedding(Token::query());
  const Eigen::VectorXd marked_key = mean_marked_embedding(head);
  const bool learned = shape.scheme == PositionScheme::learned;
  const auto placeable = [&](long position) {
    return !learned || (position + shift >= 0 && position + shift < shape.table_length);
  };
  Eigen::VectorXd scores(max_offset + 1);
  if (!placeable(query_position)) return scores.setConstant(std::numeric_limits<double>::quiet_NaN());

  // One row per position: row 0 the query, row 1 + r the key r back; then exactly the forward
  // pass's scaling, rotation and bias.
  const auto as_row = [](const Eigen::VectorXd& v) { return Eigen::RowVectorXd(v.transpose()); };
  Eigen::RowVectorXd hq = as_row(query_token);
  if (additive) hq += as_row(head.position_code(query_position + shift));
  Eigen::RowVectorXd q = hq * head.query_map();
  double scale = 1.0 / std::sqrt(double(d));
  std::vector<double> frequencies;
  if (shape.scheme == PositionScheme::rope) {
    const RopeFrequencies rf = rope_frequencies(shape, reading);
    frequencies = rf.frequencies;
    scale *= rf.scale;
  }
  rotate_row(q, double(query_position), frequencies);
  for (int r = 0; r <= max_offset; ++r) {
    const long key_position = query_position - r;
    if (!placeable(key_position)) {
      scores(r) = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    Eigen::RowVectorXd hk = as_row(marked_key);
    if (additive) hk += as_row(head.position_code(key_position + shift));
    Eigen::RowVectorXd k = hk * head.key_map();
    rotate_row(k, double(key_position), frequencies);
    scores(r) = scale * q.dot(k);
    if (shape.scheme == PositionScheme::alibi) scores(r) -= shape.alibi_slope * r;
  }
  return scores;
}

OffsetLandmarks offset_landmarks(const Eigen::VectorXd& score) {
  OffsetLandmarks out;
  const Eigen::Index n = score.size();
  if (n == 0) throw std::invalid_argument("offset_landmarks needs at least one offset");
  for (Eigen::Index k = 1; k + 1 < n; ++k)
    if (score(k) < score(k - 1) && score(k) <= score(k + 1)) {
      out.first_trough = static_cast<int>(k);
      break;
    }
  Eigen::Index i = 0;
  score.minCoeff(&i);
  out.dive = static_cast<int>(i);
  if (out.dive + 1 < n) {
    score.tail(n - 1 - out.dive).maxCoeff(&i);
    out.peak = out.dive + 1 + static_cast<int>(i);
  }
  return out;
}

}  // namespace pe::experiments
