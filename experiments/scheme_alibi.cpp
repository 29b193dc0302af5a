/// @file
/// @brief ALiBi (Definition 3): the content score minus slope times the offset. The bias has
/// no parameters, so its backward adds nothing; it admits a streaming reader.
#include <cmath>
#include <stdexcept>
#include <string>

#include "position_scheme.hpp"
#include "symbolic_scalar.hpp"

namespace pe::experiments {
namespace {

/// s_tj = q_t . k_j / sqrt(d) - slope (t - j).
class AlibiRule final : public PositionSchemeRule {
 public:
  PositionScheme scheme() const override { return PositionScheme::alibi; }
  const char* name() const override { return "alibi"; }
  void validate(const HeadShape& shape) const override {
    if (!(std::isfinite(shape.alibi_slope) && shape.alibi_slope > 0))
      throw std::invalid_argument("alibi_slope must be finite and > 0, got alibi_slope = " +
                                  std::to_string(shape.alibi_slope));
  }
  bool has_offset_terms() const override { return true; }
  /// terms[r] = -slope r, whatever the query.
  void offset_terms(const HeadShape& shape, const ConstParameterViews&, const double*,
                    long max_offset, double* terms) const override {
    for (long r = 0; r <= max_offset; ++r) terms[r] = -(shape.alibi_slope * double(r));
  }
  std::unique_ptr<ScoreStream> make_stream(const AttentionHead& head,
                                           const ReadTimeMap&) const override {
    return make_decaying_stream(head, head.shape().alibi_slope);
  }
};

/// The tabulated scores: the content score plus the bias, a constant of the pass.
template <class Scalar>
class AlibiScores final : public SeparableScores<Scalar> {
 protected:
  /// Forward: position_part[j] = -slope (t - j). Backward: none (no parameters, and the bias
  /// does not depend on q).
  void position_part(const TabulatedBatchOf<Scalar>& batch, QueryGroupOf<Scalar>& g) const override {
    for (int j = 0; j <= g.position; ++j)
      g.position_part(j) = ScalarOps<Scalar>::constant(-batch.shape.alibi_slope * (g.position - j));
  }
};

}  // namespace

std::unique_ptr<PositionSchemeRule> alibi_rule() { return std::make_unique<AlibiRule>(); }

template <class Scalar>
std::unique_ptr<TabulatedScores<Scalar>> alibi_scores() {
  return std::make_unique<AlibiScores<Scalar>>();
}
template std::unique_ptr<TabulatedScores<double>> alibi_scores<double>();
template std::unique_ptr<TabulatedScores<Symbolic>> alibi_scores<Symbolic>();

}  // namespace pe::experiments
