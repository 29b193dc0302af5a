/// @file
/// @brief The dense one-pass readers of a head (every position a query, or one query against
/// keys at chosen offsets), over the scheme rules.
#include "head_readers.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "attention.hpp"
#include "rope.hpp"

namespace pe::experiments {

Eigen::MatrixXd read_all_positions(const AttentionHead& head, const std::vector<Token>& tokens,
                                   const ReadTimeMap& read_time_map) {
  const HeadShape& shape = head.shape();
  validate_read_time_map(shape, read_time_map);
  const int n = static_cast<int>(tokens.size());
  if (n == 0) throw std::invalid_argument("read_all_positions needs at least one token");
  const PositionSchemeRule& rule = rule_of(shape.scheme);
  const ConstParameterViews w = head.weights();
  Eigen::MatrixXd h(n, shape.width);
  for (int i = 0; i < n; ++i) h.row(i) = head.token_embedding(tokens[i]).transpose();
  Eigen::MatrixXd p;
  if (rule.adds_code()) {
    p = rule.code_rows(head, read_time_map.position_shift, n);
    h += p;
  }
  Eigen::MatrixXd q = h * w.query, k = h * w.key;
  const Eigen::MatrixXd v = h * w.value;
  Eigen::MatrixXd scores = dense_scores(rule, shape, w, read_time_map, q, 0, k, 0);
  if (read_time_map.position_position_matrix) {
    const double scale = 1.0 / std::sqrt(double(shape.width));
    const Eigen::MatrixXd& replaced = *read_time_map.position_position_matrix;
    scores += scale * (p * (replaced - head.score_matrix()) * p.transpose());
  }
  return causal_attention(scores, v) * w.readout;
}

RopeOffsetScores rope_offset_scores(const AttentionHead& head, const Eigen::VectorXd& query_input,
                                    const Eigen::VectorXd& key_input, int max_offset,
                                    const ReadTimeMap& read_time_map) {
  const HeadShape& shape = head.shape();
  if (shape.scheme != PositionScheme::rope)
    throw std::invalid_argument("rope_offset_scores needs a RoPE head, got a " +
                                to_string(shape.scheme) + " head");
  validate_read_time_map(shape, read_time_map);
  if (max_offset < 0)
    throw std::invalid_argument("max_offset must be >= 0, got max_offset = " +
                                std::to_string(max_offset));
  const int d = shape.width;
  if (query_input.size() != d || key_input.size() != d)
    throw std::invalid_argument("query_input and key_input must have width " + std::to_string(d));
  const RopeReadTimeMap rf = rope_read_time_map(read_time_map.rope_map, d, shape.base,
                                                read_time_map.kappa, read_time_map.training_length);
  const double c_s = rf.score_scale / std::sqrt(double(d));
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

Eigen::VectorXd marked_key_scores(const AttentionHead& head, long query_position, int max_offset,
                                  const ReadTimeMap& read_time_map) {
  const HeadShape& shape = head.shape();
  validate_read_time_map(shape, read_time_map);
  if (max_offset < 0)
    throw std::invalid_argument("max_offset must be >= 0, got max_offset = " +
                                std::to_string(max_offset));
  if (max_offset > query_position)
    throw std::invalid_argument("max_offset must be <= query_position = " +
                                std::to_string(query_position) + ", got max_offset = " +
                                std::to_string(max_offset));
  if (read_time_map.position_position_matrix)
    throw std::invalid_argument("marked_key_scores does not take a replaced position-position matrix");
  const PositionSchemeRule& rule = rule_of(shape.scheme);
  const long shift = rule.adds_code() ? read_time_map.position_shift : 0;
  Eigen::VectorXd scores(max_offset + 1);
  if (!rule.places(shape, query_position + shift))
    return scores.setConstant(std::numeric_limits<double>::quiet_NaN());

  // The query token at query_position against the mean marked token r positions back: the
  // dense form of the forward pass's scaling, placement and bias, one key at a time.
  const ConstParameterViews w = head.weights();
  const auto input = [&](const Eigen::VectorXd& embedding, long position) {
    Eigen::RowVectorXd h = embedding.transpose();
    if (rule.adds_code()) h += rule.code_rows(head, position + shift, 1);
    return h;
  };
  const Eigen::VectorXd marked_key = mean_marked_embedding(head);
  const double scale = dense_scale(rule, shape, read_time_map);
  Eigen::RowVectorXd q = input(head.token_embedding(Token::query()), query_position) * w.query;
  rule.place(q, double(query_position), shape, read_time_map);
  std::vector<double> terms(max_offset + 1, 0.0);
  rule.offset_terms(shape, w, q.data(), max_offset, terms.data());
  for (int r = 0; r <= max_offset; ++r) {
    const long key_position = query_position - r;
    if (!rule.places(shape, key_position + shift)) {
      scores(r) = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    Eigen::RowVectorXd k = input(marked_key, key_position) * w.key;
    rule.place(k, double(key_position), shape, read_time_map);
    scores(r) = scale * q.dot(k);
    if (rule.has_offset_terms()) scores(r) += terms[r];
  }
  return scores;
}

}  // namespace pe::experiments
