#include "gradient_check.hpp"

#include <algorithm>
#include <stdexcept>

#include "context_extension.hpp"
#include "position_scheme.hpp"

namespace pe::experiments {

AttentionHead sharp_head(PositionScheme scheme, std::uint64_t seed, MarkEmbedding mark_embedding) {
  Rng rng(seed);
  HeadShape shape;
  shape.scheme = scheme;
  shape.mark_embedding = mark_embedding;
  InitialScales scales;
  scales.embedding = scales.position_table = 4;  // rows of norm about 4
  scales.query_key = 2.5;                         // scores spread by several units
  return initialised_head(shape, rng, scales);
}

Token random_content_token(Rng& rng) {
  const bool marked = rng.bernoulli(0.3);
  const int symbol = static_cast<int>(rng.integer(0, 7));
  return Token::content(symbol, marked);
}

std::vector<Example> mixed_examples(Rng& rng, int count, int max_length) {
  std::vector<Example> out(count);
  for (int i = 0; i < count; ++i) {
    const int n = static_cast<int>(rng.integer(1, max_length));
    out[i].tokens.resize(n);
    for (int j = 0; j < n; ++j) out[i].tokens[j] = random_content_token(rng);
    if (rng.bernoulli(0.6)) out[i].tokens.back() = Token::query();
    out[i].target = static_cast<int>(rng.integer(0, 7));
  }
  return out;
}

ReadTimeMap gradient_read_time_map(const std::string& name) {
  if (name == "plain") return {};
  if (name == "shift") {
    ReadTimeMap r;
    r.position_shift = 5;  // inside the learned table for lengths up to 26
    return r;
  }
  if (name == "pi" || name == "ntk" || name == "yarn")
    return ReadTimeMap::rope(context_extension_from_string(name), 80, 32);  // kappa = 2.5
  throw std::invalid_argument("gradient_read_time_map: unknown map '" + name + "'");
}

std::vector<GradientCase> gradient_cases() {
  std::vector<GradientCase> cases;
  const std::vector<std::string> common = {"embedding", "query", "key", "value", "readout"};
  for (PositionScheme s : all_position_schemes()) {
    std::vector<std::string> blocks = common;
    if (rule_of(s).has_position_table()) blocks.push_back("position_table");
    std::vector<std::string> map_names = {"plain", "batch"};
    if (rule_of(s).takes_context_extension()) map_names = {"plain", "batch", "pi", "ntk", "yarn"};
    if (adds_position_code(s)) map_names = {"plain", "batch", "shift"};
    for (const std::string& r : map_names)
      for (const std::string& b : blocks) cases.push_back({s, r, b});
  }
  return cases;
}

GradientAgreement check_gradient(const GradientCase& c, double step) {
  AttentionHead head = sharp_head(c.scheme, 11, c.mark_embedding);
  Rng rng(12);
  const bool shared_query = c.map_name == "batch";
  CueTask task;
  task.length = 24;
  const std::vector<Example> examples = shared_query ? task.sample(rng, 12) : mixed_examples(rng, 6, 24);
  const ReadTimeMap read_time_map = gradient_read_time_map(shared_query ? "plain" : c.map_name);
  Eigen::VectorXd gradient;
  loss_and_gradient(head, examples, &gradient, read_time_map);
  if (gradient.size() != head.parameters().size())
    throw std::logic_error("check_gradient: the gradient's size differs from the parameters'");

  const ParameterBlock& block = head.block(c.block);
  Eigen::VectorXd numeric(block.size()), analytic(block.size());
  for (Eigen::Index i = 0; i < block.size(); ++i) {
    const Eigen::Index k = block.offset + i;
    const double saved = head.parameters()(k);
    head.parameters()(k) = saved + step;
    const double up = loss_and_gradient(head, examples, nullptr, read_time_map);
    head.parameters()(k) = saved - step;
    const double down = loss_and_gradient(head, examples, nullptr, read_time_map);
    head.parameters()(k) = saved;
    numeric(i) = (up - down) / (2 * step);
    analytic(i) = gradient(k);
  }
  GradientAgreement a;
  a.analytic_norm = analytic.norm();
  a.relative = (numeric - analytic).norm() / std::max(numeric.norm(), analytic.norm());
  a.worst_entry = (numeric - analytic).cwiseAbs().maxCoeff() / analytic.cwiseAbs().maxCoeff();
  return a;
}

}  // namespace pe::experiments
