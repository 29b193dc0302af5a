/// @file
/// @brief The registry of position schemes, the defaults a rule inherits (no code, no rotation,
/// no bias, no scratch), and the answers only a rule can give about a head: its scheme's name,
/// its shape's checks, its blocks, its added code, the read-time maps it takes.
#include "position_scheme.hpp"
#include "symbolic_identity.hpp"
#include "symbolic_scalar.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace pe::experiments {

void PositionSchemeRule::validate(const HeadShape&) const {}

bool PositionSchemeRule::places(const HeadShape&, long) const { return true; }

RowMatrix PositionSchemeRule::code_rows(const AttentionHead& head, long, int n) const {
  return RowMatrix::Zero(n, head.shape().width);
}

double PositionSchemeRule::score_factor(const HeadShape&, const ReadTimeMap&) const { return 1.0; }

void PositionSchemeRule::place(DenseRows, double, const HeadShape&, const ReadTimeMap&) const {}

void PositionSchemeRule::offset_terms(const HeadShape&, const ConstParameterViews&, const double*,
                                      long max_offset, double* terms) const {
  std::fill(terms, terms + max_offset + 1, 0.0);
}

std::unique_ptr<ScoreStream> PositionSchemeRule::make_stream(const AttentionHead&,
                                                             const ReadTimeMap&) const {
  return nullptr;
}

void PositionSchemeRule::scores_under_read_time_map(const HeadShape&, const ReadTimeMap&,
                                                    const Eigen::VectorXd&, long,
                                                    const RowMatrix&, const int*, double*,
                                                    SchemeScratch*) const {
  throw std::logic_error(std::string("scores_under_read_time_map: the ") + name() +
                         " scheme takes no read-time map of its own per query");
}

std::string to_string(PositionScheme scheme) { return rule_of(scheme).name(); }

PositionScheme position_scheme_from_string(const std::string& name) {
  std::string valid;
  for (PositionScheme s : all_position_schemes()) {
    if (to_string(s) == name) return s;
    valid += (valid.empty() ? "" : ", ") + to_string(s);
  }
  throw std::invalid_argument("unknown position scheme '" + name + "'; valid: " + valid);
}

bool adds_position_code(PositionScheme scheme) { return rule_of(scheme).adds_code(); }

void validate_head_shape(const HeadShape& shape) {
  shape.validate_shared();
  rule_of(shape.scheme).validate(shape);
}

namespace {
/// The position table the scheme's rule asks for, once the shape passes its checks.
PositionTable checked_position_table(const HeadShape& shape) {
  validate_head_shape(shape);
  return rule_of(shape.scheme).has_position_table() ? PositionTable::present
                                                    : PositionTable::absent;
}
}  // namespace

AttentionHead make_head(const HeadShape& shape) {
  return AttentionHead(shape, checked_position_table(shape));
}

AttentionHead make_head(const HeadShape& shape, Eigen::VectorXd parameters) {
  return AttentionHead(shape, checked_position_table(shape), std::move(parameters));
}

AttentionHead initialised_head(const HeadShape& shape, Rng& rng, const InitialScales& scales) {
  scales.validate();  // when both are wrong, the scales' error comes first, as it always has
  return AttentionHead::initialised(shape, checked_position_table(shape), rng, scales);
}

Eigen::VectorXd position_code(const AttentionHead& head, long m) {
  return rule_of(head.shape().scheme).code_rows(head, m, 1).row(0).transpose();
}

void validate_read_time_map(const HeadShape& shape, const ReadTimeMap& read_time_map) {
  if (!rule_of(shape.scheme).takes_context_extension() &&
      read_time_map.rope_map != ContextExtension::none)
    throw std::invalid_argument("a context-extension map reads RoPE heads only, got rope_map = " +
                                to_string(read_time_map.rope_map) + " for a " +
                                to_string(shape.scheme) + " head");
  if (read_time_map.position_position_matrix) {
    if (!adds_position_code(shape.scheme))
      throw std::invalid_argument(
          "position_position_matrix replaces a term of the additive schemes only, got a " +
          to_string(shape.scheme) + " head");
    const Eigen::MatrixXd& m = *read_time_map.position_position_matrix;
    if (m.rows() != shape.width || m.cols() != shape.width)
      throw std::invalid_argument("position_position_matrix must be " +
                                  std::to_string(shape.width) + " x " +
                                  std::to_string(shape.width) + ", got " +
                                  std::to_string(m.rows()) + " x " + std::to_string(m.cols()));
  }
}

double dense_scale(const PositionSchemeRule& rule, const HeadShape& shape,
                   const ReadTimeMap& read_time_map) {
  return 1.0 / std::sqrt(double(shape.width)) * rule.score_factor(shape, read_time_map);
}

Eigen::MatrixXd dense_scores(const PositionSchemeRule& rule, const HeadShape& shape,
                             const ConstParameterViews& weights, const ReadTimeMap& read_time_map,
                             Eigen::MatrixXd& q, double query_first, Eigen::MatrixXd& k,
                             double key_first) {
  const double scale = dense_scale(rule, shape, read_time_map);
  rule.place(q, query_first, shape, read_time_map);
  rule.place(k, key_first, shape, read_time_map);
  Eigen::MatrixXd scores = scale * (q * k.transpose());
  if (!rule.has_offset_terms()) return scores;
  // Each query's terms over its offsets, added where the key is not after the query.
  const long lead = long(query_first - key_first);
  std::vector<double> terms(std::max<long>(0, lead + scores.rows()));
  for (Eigen::Index t = 0; t < scores.rows(); ++t) {
    if (lead + t < 0) continue;
    const Eigen::RowVectorXd query = q.row(t);
    rule.offset_terms(shape, weights, query.data(), lead + t, terms.data());
    for (Eigen::Index j = 0; j < scores.cols() && j <= lead + t; ++j)
      scores(t, j) += terms[lead + t - j];
  }
  return scores;
}

// Each scheme file defines its rule's factory.
std::unique_ptr<PositionSchemeRule> no_position_rule();
std::unique_ptr<PositionSchemeRule> sinusoidal_rule();
std::unique_ptr<PositionSchemeRule> learned_rule();
std::unique_ptr<PositionSchemeRule> rope_rule();
std::unique_ptr<PositionSchemeRule> alibi_rule();
std::unique_ptr<PositionSchemeRule> shaw_rule();

const PositionSchemeRule& rule_of(PositionScheme scheme) {
  // The registry, in PositionScheme order: one line per scheme.
  static const std::array<std::unique_ptr<PositionSchemeRule>, 6> rules = {
      no_position_rule(), sinusoidal_rule(), learned_rule(), rope_rule(), alibi_rule(),
      shaw_rule()};
  const auto index = static_cast<std::size_t>(scheme);
  if (index >= rules.size() || rules[index]->scheme() != scheme)
    throw std::invalid_argument("no rule registered for position scheme " +
                                std::to_string(static_cast<int>(scheme)));
  return *rules[index];
}

template <class Scalar>
const RowsOf<Scalar>& TabulatedScores<Scalar>::batch_code_rows(const HeadShape& shape, const Views&,
                                                               long, int, SchemeScratch*) const {
  throw std::logic_error("the " + to_string(shape.scheme) + " scheme adds no code to its inputs");
}
template class TabulatedScores<double>;
template class TabulatedScores<Symbolic>;

Symbolic ScalarOps<Symbolic>::constant(double x) {
  if (!std::isfinite(x)) throw std::invalid_argument("a constant of the tabulated passes is not finite");
  if (x == std::floor(x) && std::fabs(x) <= 1024) return GiNaC::numeric(static_cast<int>(x));
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  char name[32];
  std::snprintf(name, sizeof name, "const_%016llx", static_cast<unsigned long long>(bits));
  return named_symbol(name);
}

template <class Scalar> std::unique_ptr<TabulatedScores<Scalar>> no_position_scores();
template <class Scalar> std::unique_ptr<TabulatedScores<Scalar>> added_code_scores(bool learned);
template <class Scalar> std::unique_ptr<TabulatedScores<Scalar>> rope_scores();
template <class Scalar> std::unique_ptr<TabulatedScores<Scalar>> alibi_scores();
template <class Scalar> std::unique_ptr<TabulatedScores<Scalar>> shaw_scores();

template <class Scalar>
const TabulatedScores<Scalar>& tabulated_scores(PositionScheme scheme) {
  // The registry, in PositionScheme order: one line per scheme, as rule_of's.
  static const std::array<std::unique_ptr<TabulatedScores<Scalar>>, 6> scores = {
      no_position_scores<Scalar>(), added_code_scores<Scalar>(false), added_code_scores<Scalar>(true),
      rope_scores<Scalar>(), alibi_scores<Scalar>(), shaw_scores<Scalar>()};
  const auto index = static_cast<std::size_t>(scheme);
  if (index >= scores.size()) throw std::invalid_argument("tabulated_scores: unknown position scheme");
  return *scores[index];
}
template const TabulatedScores<double>& tabulated_scores<double>(PositionScheme);
template const TabulatedScores<Symbolic>& tabulated_scores<Symbolic>(PositionScheme);

}  // namespace pe::experiments
