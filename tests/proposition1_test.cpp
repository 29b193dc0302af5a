// Proposition 1 (ii): without positions, one causal layer's output at t depends on the prefix
// only through its multiset (given the token at t).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "attention.hpp"
#include "random.hpp"
#include "symbolic_identity.hpp"
#include "proposition1.hpp"

RC_GTEST_PROP(Proposition1, CausalOutputSeesOnlyTheMultisetOfItsPrefix, ()) {
  const int n = *rc::gen::inRange(2, 40);
  const int d = 2 * *rc::gen::inRange(1, 9);
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  pe::Rng rng(seed);
  const Eigen::MatrixXd embeddings = rng.normal_matrix(8, d);   // 8 token types
  const Eigen::MatrixXd m = rng.normal_matrix(d, d, 0.3);
  const Eigen::MatrixXd wv = rng.normal_matrix(d, d);
  std::vector<int> tokens(n);
  for (int& t : tokens) t = static_cast<int>(rng.integer(0, 7));
  auto output_at_end = [&](const std::vector<int>& seq) {
    Eigen::MatrixXd h(n, d);
    for (int i = 0; i < n; ++i) h.row(i) = embeddings.row(seq[i]);
    return Eigen::VectorXd(pe::causal_self_attention(h, m, 4.0, h * wv).row(n - 1).transpose());
  };
  std::vector<int> shuffled = tokens;
  rng.shuffle(shuffled.begin(), shuffled.end() - 1);  // keep the token at t
  const double gap = (output_at_end(tokens) - output_at_end(shuffled)).cwiseAbs().maxCoeff();
  // Reordering a softmax-weighted sum of n terms changes only its rounding: n * 8 eps of the
  // largest value entry (|entries| stay below about 40 here).
  RC_ASSERT(gap <= n * 8 * 40 * std::numeric_limits<double>::epsilon());
}

// ---- The exact proof of (ii) refuses a layer that sees positions ---------------------------
// proposition1.cpp proves (ii) with pe::prove_prefix_symmetry and no bias; an ALiBi bias
// -s (t - j) makes the output depend on where each prefix token stands, and a swap must be
// refused there.
TEST(Proposition1Proofs, ALayerWithAPositionBiasIsRefused) {
  const GiNaC::ex s = pe::named_symbol("s");
  EXPECT_TRUE(pe::prove_prefix_symmetry(4, 2, [](int, int) { return GiNaC::ex(0); }).zero);
  const pe::MatrixIdentityProof biased =
      pe::prove_prefix_symmetry(4, 2, [&s](int t, int j) { return -s * (t - j); });
  EXPECT_FALSE(biased.zero);
  EXPECT_NE(biased.remainder.find("swapped"), std::string::npos) << biased.remainder;
}

// Proposition 1 (i) through the routine its claims call: the output e/(t + 1) passes every step;
// e/t (one position short) is refused at the listed positions and at every t, and so is the
// recovery of t from it; the normaliser's induction and the numerator's count still hold.
TEST(Proposition1Proofs, AnOutputOnePositionShortIsRefused) {
  const pe::MatrixIdentityProof& proved = pe::theorems::equal_score_counting_proof();
  EXPECT_TRUE(proved.zero) << proved.remainder;
  const pe::MatrixIdentityProof short_by_one = pe::theorems::equal_score_counting_proof(
      [](const GiNaC::ex& t, const GiNaC::matrix& e) { return GiNaC::matrix(2, 1, GiNaC::lst{e(0, 0) / t, e(1, 0) / t}); });
  EXPECT_FALSE(short_by_one.zero);
  std::vector<pe::StepKind> refused;
  for (const pe::ProofStep& s : short_by_one.steps)
    if (s.reach == pe::StepReach::failed) refused.push_back(s.kind);
  EXPECT_EQ(refused, (std::vector<pe::StepKind>{pe::StepKind::identity, pe::StepKind::identity, pe::StepKind::identity}));
}
