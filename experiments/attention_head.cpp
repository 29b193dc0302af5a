/// @file
/// @brief The scheme-blind head: shapes, the parameter layout, token embeddings.
#include "attention_head.hpp"

#include "limits.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pe::experiments {

// ---- Schemes and shapes --------------------------------------------------------------------

const std::vector<PositionScheme>& all_position_schemes() {
  static const std::vector<PositionScheme> schemes = {
      PositionScheme::none, PositionScheme::sinusoidal, PositionScheme::learned,
      PositionScheme::rope, PositionScheme::alibi, PositionScheme::shaw};
  return schemes;
}

const std::vector<PositionScheme>& article_position_schemes() {
  static const std::vector<PositionScheme> schemes(all_position_schemes().begin(),
                                                   all_position_schemes().begin() + 5);
  return schemes;
}

std::string to_string(MarkEmbedding embedding) {
  switch (embedding) {
    case MarkEmbedding::shared_row: return "shared_row";
    case MarkEmbedding::pair_rows: return "pair_rows";
  }
  throw std::invalid_argument("mark_embedding must be shared_row or pair_rows, got mark_embedding = " +
                              std::to_string(static_cast<int>(embedding)));
}

MarkEmbedding mark_embedding_from_string(const std::string& name) {
  std::string valid;
  for (MarkEmbedding m : {MarkEmbedding::shared_row, MarkEmbedding::pair_rows}) {
    if (to_string(m) == name) return m;
    valid += (valid.empty() ? "" : ", ") + to_string(m);
  }
  throw std::invalid_argument("unknown mark embedding '" + name + "'; valid: " + valid);
}

void HeadShape::validate_shared() const {
  require_even_dimension(width, "width");
  if (symbols < 1)
    throw std::invalid_argument("symbols must be >= 1, got symbols = " + std::to_string(symbols));
  if (classes < 1)
    throw std::invalid_argument("classes must be >= 1, got classes = " + std::to_string(classes));
  require_base(base, "base");
  require_at_most(table_length, kMaxSequenceLength, "table_length", "head shape");
  (void)to_string(mark_embedding);  // refuses a value outside the enum
}

int token_index(const Token& token, int symbols) {
  if (token.is_query()) return 2 * symbols;
  if (token.symbol < 0 || token.symbol >= symbols)
    throw std::invalid_argument("token symbol must lie in [0, " + std::to_string(symbols) +
                                "), got symbol = " + std::to_string(token.symbol));
  return 2 * token.symbol + (token.marked ? 1 : 0);
}

ReadTimeMap ReadTimeMap::rope(ContextExtension map, int test_length, int training_length) {
  if (training_length < 1 || test_length < 1)
    throw std::invalid_argument("ReadTimeMap::rope needs positive lengths, got test_length = " +
                                std::to_string(test_length) + ", training_length = " +
                                std::to_string(training_length));
  ReadTimeMap r;
  r.rope_map = map;
  r.training_length = training_length;
  r.kappa = std::max(1.0, double(test_length) / training_length);
  return r;
}

// ---- Parameters ----------------------------------------------------------------------------

namespace {

std::vector<ParameterBlock> layout(const HeadShape& shape, PositionTable table) {
  shape.validate_shared();
  const Eigen::Index d = shape.width;
  std::vector<ParameterBlock> blocks = {{"embedding", 0, shape.embedding_rows(), d},
                                        {"query", 0, d, d},
                                        {"key", 0, d, d},
                                        {"value", 0, d, d},
                                        {"readout", 0, d, shape.classes}};
  if (table == PositionTable::present)
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

AttentionHead::AttentionHead(const HeadShape& shape, PositionTable table)
    : shape_(shape),
      blocks_(layout(shape, table)),
      parameters_(Eigen::VectorXd::Zero(total_size(blocks_))) {}

AttentionHead::AttentionHead(const HeadShape& shape, PositionTable table,
                             Eigen::VectorXd parameters)
    : shape_(shape), blocks_(layout(shape, table)), parameters_(std::move(parameters)) {
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

AttentionHead AttentionHead::initialised(const HeadShape& shape, PositionTable table, Rng& rng,
                                         const InitialScales& scales) {
  scales.validate();
  AttentionHead head(shape, table);
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
  std::string present;
  for (const ParameterBlock& b : blocks_) present += (present.empty() ? "" : ", ") + b.name;
  throw std::invalid_argument("this head has no parameter block '" + name + "' (its blocks: " +
                              present + ")");
}

namespace {
void require_layout(Eigen::Index expected, Eigen::Index size) {
  if (size != expected)
    throw std::invalid_argument("a vector laid out like this head's parameters needs " +
                                std::to_string(expected) + " entries, got " + std::to_string(size));
}
}  // namespace

ParameterViews AttentionHead::views_of(Eigen::VectorXd& flat) const {
  require_layout(parameters_.size(), flat.size());
  return views_over<ParameterViews>(blocks_, flat.data());
}

ConstParameterViews AttentionHead::views_of(const Eigen::VectorXd& flat) const {
  require_layout(parameters_.size(), flat.size());
  return views_over<ConstParameterViews>(blocks_, flat.data());
}

RowMatrix AttentionHead::token_embeddings() const {
  return token_rows_of<double>(shape_, embedding());
}

Eigen::VectorXd AttentionHead::token_embedding(const Token& token) const {
  const int S = shape_.symbols;
  const int v = token_index(token, S);
  const ConstRowMap features = embedding();
  if (shape_.mark_embedding == MarkEmbedding::pair_rows) return features.row(v).transpose();
  if (v == 2 * S) return features.row(S + 1).transpose();
  Eigen::VectorXd h = features.row(v / 2).transpose();
  if (v % 2 == 1) h += features.row(S).transpose();
  return h;
}

Eigen::MatrixXd AttentionHead::score_matrix() const {
  return Eigen::MatrixXd(query_map()) * Eigen::MatrixXd(key_map()).transpose();
}

Eigen::VectorXd mean_marked_embedding(const AttentionHead& head) {
  const int symbols = head.shape().symbols;
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(head.shape().width);
  for (int s = 0; s < symbols; ++s) mean += head.token_embedding(Token::content(s, true));
  return mean / symbols;
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
