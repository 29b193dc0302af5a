#include "gradient_proof.hpp"

#include <functional>
#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "position_scheme.hpp"
#include "symbolic_identity.hpp"

namespace pe::experiments {

HeadShape gradient_proof_shape(const GradientProofCase& c) {
  HeadShape shape;
  shape.scheme = c.scheme;
  shape.width = c.width;
  shape.symbols = 1;
  shape.classes = 2;
  shape.table_length = c.scheme == PositionScheme::shaw ? 2 : 8;
  shape.mark_embedding = c.mark_embedding;
  return shape;
}

std::vector<Example> gradient_proof_examples(int count) {
  if (count != 1 && count != 3 && count != 5)
    throw std::invalid_argument("gradient_proof_examples: count must be 1, 3 or 5, got " +
                                std::to_string(count));
  const Token a = Token::content(0, false), marked = Token::content(0, true), q = Token::query();
  const std::vector<std::vector<Token>> ending_in_query = {
      {a, marked, q}, {marked, a, q}, {a, a, q}, {marked, marked, q}};
  std::vector<Example> examples;
  const int in_group = count == 1 ? 1 : count - 1;
  for (int b = 0; b < in_group; ++b) examples.push_back({ending_in_query[std::size_t(b)], b % 2});
  if (count > 1) examples.push_back({{a, marked}, 1});
  return examples;
}

std::vector<GradientProofCase> gradient_proof_cases(PositionScheme scheme) {
  std::vector<std::string> readings;
  for (const GradientCase& c : gradient_cases())
    if (c.scheme == scheme && c.map_name != "batch" &&
        std::find(readings.begin(), readings.end(), c.map_name) == readings.end())
      readings.push_back(c.map_name);
  const int examples = scheme == PositionScheme::rope ? 5 : 3;
  std::vector<GradientProofCase> cases;
  for (const std::string& r : readings) cases.push_back({scheme, r, MarkEmbedding::shared_row, 2, examples});
  if (scheme == PositionScheme::rope) cases.push_back({scheme, "plain", MarkEmbedding::shared_row, 4, 1});
  if (scheme == PositionScheme::none) cases.push_back({scheme, "plain", MarkEmbedding::pair_rows, 2, 3});
  return cases;
}

GradientProof compare_with_derivative(const std::vector<Symbolic>& outputs,
                                      const std::vector<Symbolic>& upstream,
                                      const std::vector<GiNaC::symbol>& variables,
                                      const std::vector<std::string>& names,
                                      const std::vector<Symbolic>& gradient) {
  if (outputs.size() != upstream.size() || variables.size() != gradient.size() ||
      names.size() != variables.size())
    throw std::invalid_argument("compare_with_derivative: sizes differ");
  GradientProof proof;
  proof.holds = true;
  for (std::size_t k = 0; k < variables.size(); ++k) {
    Symbolic derivative = 0;
    for (std::size_t i = 0; i < outputs.size(); ++i)
      derivative += upstream[i] * outputs[i].diff(variables[k]);
    // Expanded, the exponentials, logarithms and powers of softmax sums are atoms both sides
    // share (the code's backward reads the forward's weights): no common denominator is formed.
    const Symbolic expanded = derivative.expand();
    const Symbolic difference = expanded - gradient[k].expand();
    ++proof.entries;
    if (!expanded.is_zero()) ++proof.nonzero_entries;
    if (!difference.is_zero() && proof.holds) {
      proof.holds = false;
      std::ostringstream remainder;
      remainder << difference;
      std::string text = remainder.str();
      if (text.size() > 160) text = text.substr(0, 157) + "...";
      proof.failure = names[k] + ": derivative - gradient = " + text;
    }
  }
  return proof;
}

namespace {

/// One symbol per parameter, named BLOCK_row_col (embedding E, query Q, key K, value V,
/// readout O, position_table P).
std::vector<GiNaC::symbol> parameter_symbols(const std::vector<ParameterBlock>& blocks,
                                             std::vector<std::string>& names) {
  const auto letter = [](const std::string& block) -> std::string {
    if (block == "embedding") return "E";
    if (block == "query") return "Q";
    if (block == "key") return "K";
    if (block == "value") return "V";
    if (block == "readout") return "O";
    if (block == "position_table") return "P";
    throw std::logic_error("parameter_symbols: unknown block " + block);
  };
  std::vector<GiNaC::symbol> symbols;
  for (const ParameterBlock& block : blocks)
    for (Eigen::Index r = 0; r < block.rows; ++r)
      for (Eigen::Index c = 0; c < block.cols; ++c) {
        names.push_back(letter(block.name) + "_" + std::to_string(r) + "_" + std::to_string(c));
        symbols.push_back(named_symbol("grad_" + names.back()));
      }
  return symbols;
}

std::vector<Symbolic> entries_of(const MatrixOf<Symbolic>& m) {
  std::vector<Symbolic> out;
  for (Eigen::Index b = 0; b < m.rows(); ++b)
    for (Eigen::Index c = 0; c < m.cols(); ++c) out.push_back(m(b, c));
  return out;
}

}  // namespace

GradientProof prove_loss_gradient(const std::function<void(RowsOf<Symbolic>&)>& gradient_edit) {
  const std::vector<Example> examples = gradient_proof_examples(5);
  const int B = static_cast<int>(examples.size()), C = 2;
  MatrixOf<Symbolic> logits(B, C);
  std::vector<GiNaC::symbol> variables;
  std::vector<std::string> names;
  for (int b = 0; b < B; ++b)
    for (int c = 0; c < C; ++c) {
      names.push_back("l_" + std::to_string(b) + "_" + std::to_string(c));
      variables.push_back(named_symbol("grad_" + names.back()));
      logits(b, c) = variables.back();
    }
  RowsOf<Symbolic> d_logits;
  const Symbolic loss = cross_entropy_at_last(logits, examples, d_logits);
  if (gradient_edit) gradient_edit(d_logits);
  std::vector<Symbolic> gradient;
  for (int b = 0; b < B; ++b)
    for (int c = 0; c < C; ++c) gradient.push_back(d_logits(b, c));
  return compare_with_derivative({loss}, {Symbolic(1)}, variables, names, gradient);
}

HeadGradientProof prove_head_gradient(const GradientProofCase& c,
                                      const std::function<void(ColumnOf<Symbolic>&)>& gradient_edit) {
  const HeadShape shape = gradient_proof_shape(c);
  const AttentionHead layout = make_head(shape);
  std::vector<std::string> names;
  const std::vector<GiNaC::symbol> variables = parameter_symbols(layout.blocks(), names);
  ColumnOf<Symbolic> parameters(static_cast<Eigen::Index>(variables.size()));
  for (std::size_t k = 0; k < variables.size(); ++k) parameters(Eigen::Index(k)) = variables[k];
  const std::vector<Example> examples = gradient_proof_examples(c.examples);
  const int B = static_cast<int>(examples.size());
  RowsOf<Symbolic> upstream(B, shape.classes);
  std::vector<Symbolic> upstream_entries;
  for (int b = 0; b < B; ++b)
    for (int k = 0; k < shape.classes; ++k) {
      upstream(b, k) = named_symbol("grad_u_" + std::to_string(b) + "_" + std::to_string(k));
      upstream_entries.push_back(upstream(b, k));
    }
  SymbolicHeadPass pass = symbolic_head_pass(shape, layout.blocks(), parameters, examples,
                                             gradient_read_time_map(c.reading), upstream);
  if (gradient_edit) gradient_edit(pass.gradient);
  const std::vector<Symbolic> gradient(pass.gradient.data(), pass.gradient.data() + pass.gradient.size());
  HeadGradientProof proof;
  proof.comparison = compare_with_derivative(entries_of(pass.logits), upstream_entries, variables, names, gradient);
  proof.softmax_paths = pass.softmax_paths;
  proof.parameters = static_cast<int>(variables.size());
  return proof;
}

}  // namespace pe::experiments
