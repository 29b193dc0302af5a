// The gradient proof of experiments/gradient_proof.hpp: the tabulated passes run on symbolic
// weights compute the double passes' function, the proof holds on the code as it is, and it
// refuses planted errors of the shape it guards against (a gradient term with its sign flipped,
// the loss's one-hot with its sign flipped, an entry negated).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "gradient_proof.hpp"
#include "position_scheme.hpp"
#include "symbolic_identity.hpp"

namespace pe::experiments {
namespace {

const GradientProofCase kShawCase = {PositionScheme::shaw, "plain", MarkEmbedding::shared_row, 2, 3};

TEST(GradientProof, HoldsOnTheCodeAndTakesBothSoftmaxPaths) {
  const HeadGradientProof p = prove_head_gradient(kShawCase);
  EXPECT_TRUE(p.comparison.holds) << p.comparison.failure;
  EXPECT_EQ(p.comparison.entries, p.parameters);
  EXPECT_GT(p.comparison.nonzero_entries, 0);
  EXPECT_GT(p.softmax_paths.tabulated, 0);
  EXPECT_GT(p.softmax_paths.recomputed, 0);
  const GradientProof loss = prove_loss_gradient();
  EXPECT_TRUE(loss.holds) << loss.failure;
  EXPECT_EQ(loss.nonzero_entries, loss.entries);
}

// One term of one entry (a query weight) with its sign flipped: the entry differs from the
// derivative by twice that term.
TEST(GradientProof, RefusesAGradientWithOneTermsSignFlipped) {
  const HeadGradientProof p = prove_head_gradient(kShawCase, [](ColumnOf<Symbolic>& g) {
    const HeadShape shape = gradient_proof_shape(kShawCase);
    const Eigen::Index k = make_head(shape).block("query").offset;
    const Symbolic expanded = g(k).expand();
    ASSERT_TRUE(GiNaC::is_a<GiNaC::add>(expanded));
    g(k) = expanded - 2 * expanded.op(0);
  });
  EXPECT_FALSE(p.comparison.holds);
  EXPECT_EQ(p.comparison.failure.rfind("Q_0_0: ", 0), 0u) << p.comparison.failure;
}

TEST(GradientProof, RefusesANegatedEntry) {
  const HeadGradientProof p = prove_head_gradient(
      {PositionScheme::rope, "yarn", MarkEmbedding::shared_row, 2, 5},
      [](ColumnOf<Symbolic>& g) { g(g.size() - 1) = -g(g.size() - 1); });
  EXPECT_FALSE(p.comparison.holds);
  EXPECT_EQ(p.comparison.failure.rfind("O_1_1: ", 0), 0u) << p.comparison.failure;
}

// d loss / d logit of the target is softmax - 1 (over B); with + 1 the loss stage is refused.
TEST(GradientProof, RefusesALossGradientWithTheOneHotSignFlipped) {
  const std::vector<Example> examples = gradient_proof_examples(5);
  const GradientProof p = prove_loss_gradient([&](RowsOf<Symbolic>& d_logits) {
    const int B = static_cast<int>(examples.size());
    d_logits(0, examples[0].target) += Symbolic(2) / B;
  });
  EXPECT_FALSE(p.holds);
  EXPECT_EQ(p.failure.rfind("l_0_0: ", 0), 0u) << p.failure;
}

// The symbolic run is the double run's code: its logits, with the weights and the pass's
// constants put back as the doubles they stand for, are the double pass's logits.
TEST(GradientProof, SymbolicLogitsEvaluateToTheDoublePass) {
  for (const GradientProofCase& c : {kShawCase,
                                     GradientProofCase{PositionScheme::sinusoidal, "shift", MarkEmbedding::shared_row, 2, 3},
                                     GradientProofCase{PositionScheme::rope, "ntk", MarkEmbedding::shared_row, 4, 1},
                                     GradientProofCase{PositionScheme::alibi, "plain", MarkEmbedding::shared_row, 2, 3}}) {
    const HeadShape shape = gradient_proof_shape(c);
    Rng rng(5);
    const AttentionHead head = initialised_head(shape, rng);
    const std::vector<Example> examples = gradient_proof_examples(c.examples);
    const ReadTimeMap map = gradient_read_time_map(c.reading);
    ColumnOf<Symbolic> weights(head.parameters().size());
    GiNaC::exmap values;
    for (Eigen::Index k = 0; k < weights.size(); ++k) {
      const GiNaC::symbol& w = named_symbol("test_w_" + std::to_string(k));
      weights(k) = w;
      values[w] = GiNaC::numeric(head.parameters()(k));
    }
    const RowsOf<Symbolic> upstream = RowsOf<Symbolic>::Zero(int(examples.size()), shape.classes);
    const SymbolicHeadPass pass = symbolic_head_pass(shape, head.blocks(), weights, examples, map, upstream);
    const Eigen::MatrixXd expected = logits_at_last(head, examples, map);
    for (Eigen::Index b = 0; b < expected.rows(); ++b)
      for (Eigen::Index k = 0; k < expected.cols(); ++k) {
        GiNaC::ex value = pass.logits(b, k);
        for (GiNaC::const_preorder_iterator i = value.preorder_begin(); i != value.preorder_end(); ++i) {
          if (!GiNaC::is_a<GiNaC::symbol>(*i)) continue;
          const std::string name = GiNaC::ex_to<GiNaC::symbol>(*i).get_name();
          if (name.rfind("const_", 0) != 0) continue;
          const std::uint64_t bits = std::stoull(name.substr(6), nullptr, 16);
          double x = 0;
          std::memcpy(&x, &bits, sizeof x);
          values[*i] = GiNaC::numeric(x);
        }
        const double got = GiNaC::ex_to<GiNaC::numeric>(value.subs(values).evalf()).to_double();
        // Both sides round the same function: a few units of the last place of logits of order 1.
        EXPECT_NEAR(got, expected(b, k), 1e-12) << to_string(c.scheme) << " " << c.reading << " " << b << "," << k;
      }
  }
}

TEST(GradientProof, ConstantsOfThePassAreFreeSymbolsExceptSmallIntegers) {
  EXPECT_EQ(ScalarOps<Symbolic>::constant(3.0), Symbolic(3));
  EXPECT_EQ(ScalarOps<Symbolic>::constant(-1.0), Symbolic(-1));
  EXPECT_TRUE(GiNaC::is_a<GiNaC::symbol>(ScalarOps<Symbolic>::constant(0.5)));
  EXPECT_EQ(ScalarOps<Symbolic>::constant(0.1), ScalarOps<Symbolic>::constant(0.1));
  EXPECT_NE(ScalarOps<Symbolic>::constant(0.1), ScalarOps<Symbolic>::constant(0.2));
  EXPECT_THROW(gradient_proof_examples(2), std::invalid_argument);
}

}  // namespace
}  // namespace pe::experiments
