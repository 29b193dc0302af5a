// Theorem 3 (ii) and (iii) as RapidCheck properties on queries of length up to 8192, (i) on
// small random heads, and the ALiBi library's domain checks.
#include "power_series_kernel.hpp"
#include "symbolic_identity.hpp"
#include "constants.hpp"
#include "expect_invalid.hpp"
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "alibi.hpp"
#include "theorem3.hpp"
#include "attention.hpp"
#include "random.hpp"
#include "subspaces.hpp"

using pe::testing::expect_invalid;

namespace {

using pe::kEps;  // numerics/constants.hpp

struct Instance {
  Eigen::VectorXd content;  // by offset, inside [low, low + width]
  double width, slope;
};

/// A query of random length up to 8192: content scores drawn from a seeded generator inside an
/// interval of width W (uniform, or the adversarial split that puts W on every offset >= far),
/// and a slope either ALiBi's or arbitrary.
Instance gen_instance() {
  const long length = *rc::gen::inRange(1L, 8193L);
  const double width = *rc::gen::inRange(0, 3001) / 100.0;
  const bool alibi = *rc::gen::arbitrary<bool>();
  const double slope = alibi ? pe::alibi_slope(*rc::gen::inRange(1, 9), 8) : *rc::gen::inRange(1, 3001) / 1000.0;
  const double low = *rc::gen::inRange(-50, 51);
  const bool adversarial = *rc::gen::arbitrary<bool>();
  const long far = *rc::gen::inRange(0L, length);
  pe::Rng rng(*rc::gen::inRange(0, 1 << 30));
  Instance out{Eigen::VectorXd(length), width, slope};
  for (long r = 0; r < length; ++r)
    out.content(r) = low + (adversarial ? (r >= far ? width : 0.0) : rng.uniform(0, width));
  return out;
}


}  // namespace

/// Rounding budget of one query's log-weights: scores and their log-sum-exp off by a few eps
/// times their size, the sum of L terms by L eps.
double log_budget(const Instance& x) {
  const double size = x.content.cwiseAbs().maxCoeff() + x.slope * double(x.content.size()) + x.width + 1;
  return 8 * kEps * size + 2 * double(x.content.size()) * kEps;
}

// Log space throughout: e^{-sr} underflows double once sr > 745, and lengths reach 8192.
RC_GTEST_PROP(Theorem3, FarWeightIsBoundedAtEveryLength, ()) {
  const Instance x = gen_instance();
  const Eigen::VectorXd log_alpha = pe::alibi_offset_log_weights(x.content, x.slope);
  RC_ASSERT(std::fabs(pe::alibi_offset_weights(x.content, x.slope).sum() - 1) <= log_alpha.size() * kEps);
  double log_tail = -std::numeric_limits<double>::infinity();
  for (long r = log_alpha.size() - 1; r >= 0; --r) {
    const double top = std::max(log_tail, log_alpha(r));
    log_tail = top + std::log1p(std::exp(std::min(log_tail, log_alpha(r)) - top));
    RC_ASSERT(log_tail <= pe::alibi_log_far_weight_bound(x.width, x.slope, double(r)) + log_budget(x));
  }
}

RC_GTEST_PROP(Theorem3, EachOffsetIsBoundedByTheQuerysOwnWeight, ()) {
  const Instance x = gen_instance();
  const Eigen::VectorXd log_alpha = pe::alibi_offset_log_weights(x.content, x.slope);
  for (long r = 0; r < log_alpha.size(); ++r) {
    RC_ASSERT(log_alpha(r) - log_alpha(0) <= x.width - x.slope * double(r) + 2 * log_budget(x));
    // Beyond the horizon the key weighs less than the query's own position (strictly, once
    // the margin s r - W exceeds the rounding).
    if (x.slope * double(r) - x.width > 2 * log_budget(x)) RC_ASSERT(log_alpha(r) < log_alpha(0));
  }
}

RC_GTEST_PROP(Theorem3, AlibiAttentionIsTheProductKernelSmoother, ()) {
  const int n = *rc::gen::inRange(1, 65), width = 4;
  const double slope = pe::alibi_slope(*rc::gen::inRange(1, 9), 8);
  pe::Rng rng(*rc::gen::inRange(0, 1 << 30));
  const Eigen::MatrixXd q = rng.normal_matrix(n, width), k = rng.normal_matrix(n, width);
  const Eigen::MatrixXd v = rng.normal_matrix(n, 3);
  const Eigen::MatrixXd content = q * k.transpose() / 2.0;
  std::vector<double> positions(n);
  for (int t = 0; t < n; ++t) positions[t] = t;
  const Eigen::MatrixXd kernel = content.array().exp().matrix().cwiseProduct(pe::exponential_kernel(positions, slope));
  const Eigen::MatrixXd gap = pe::causal_attention(content + pe::alibi_bias(n, slope), v) -
                              pe::causal_kernel_smoother(kernel, v);
  RC_ASSERT(gap.cwiseAbs().maxCoeff() <= 8 * n * kEps * v.cwiseAbs().maxCoeff());
}

RC_GTEST_PROP(Theorem3, ExponentialKernelIsPositiveDefinite, ()) {
  const int n = *rc::gen::inRange(1, 40);
  const double slope = *rc::gen::inRange(10, 3001) / 1000.0;
  std::vector<double> x;
  double at = *rc::gen::inRange(-100, 101);
  for (int i = 0; i < n; ++i) x.push_back(at += *rc::gen::inRange(10, 500) / 100.0);
  const Eigen::MatrixXd k = pe::exponential_kernel(x, slope);
  const Eigen::VectorXd eig = pe::symmetric_eigenvalues(k);
  // Positive, and clear of the eigensolver's error n eps lambda_max so the sign means something.
  RC_ASSERT(eig(0) > n * kEps * eig(n - 1));
}

TEST(Alibi, RejectsBadArguments) {
  expect_invalid([] { pe::alibi_slope(1, 0); }, "H = 0");
  expect_invalid([] { pe::alibi_slope(0, 8); }, "h = 0");
  expect_invalid([] { pe::alibi_slope(9, 8); }, "h = 9");
  expect_invalid([] { pe::alibi_slopes(-1); }, "H = -1");
  expect_invalid([] { pe::alibi_far_weight_bound(20, 0, 40); }, "s = 0");
  expect_invalid([] { pe::alibi_far_weight_bound(20, -0.5, 40); }, "s = -0.5");
  expect_invalid([] { pe::alibi_far_weight_bound(-1, 0.5, 40); }, "W = -1");
  expect_invalid([] { pe::alibi_far_weight_bound(20, 0.5, -3); }, "D = -3");
  expect_invalid([] { pe::alibi_ratio_bound(20, 0.5, -1); }, "r = -1");
  expect_invalid([] { pe::alibi_offset_weights(Eigen::VectorXd(), 0.5); }, "non-empty");
  expect_invalid([] { pe::alibi_offset_weights(Eigen::VectorXd::Ones(3), 0); }, "s = 0");
  expect_invalid([] { pe::alibi_offset_log_weights(Eigen::VectorXd::Ones(3), -2); }, "s = -2");
  expect_invalid([] { pe::alibi_log_far_weight_bound(20, 0.5, -1); }, "D = -1");
  Eigen::VectorXd infinite = Eigen::VectorXd::Ones(3);
  infinite(1) = std::numeric_limits<double>::infinity();
  expect_invalid([&] { pe::alibi_offset_weights(infinite, 0.5); }, "finite");
  expect_invalid([] { pe::alibi_bias(0, 0.5); }, "n = 0");
  expect_invalid([] { pe::exponential_kernel({1, 2}, -1); }, "s = -1");
  expect_invalid([] { pe::causal_kernel_smoother(Eigen::MatrixXd::Ones(2, 2), Eigen::MatrixXd::Ones(3, 1)); }, "3 x 3");
  expect_invalid([] { pe::causal_kernel_smoother(-Eigen::MatrixXd::Ones(2, 2), Eigen::MatrixXd::Ones(2, 1)); }, "K(0, 0)");
}

TEST(Alibi, LogBoundMatchesTheBoundWhereBothAreRepresentable) {
  for (double d : {0.0, 40.0, 60.0, 80.0, 500.0})
    EXPECT_NEAR(std::exp(pe::alibi_log_far_weight_bound(20, 0.5, d)), pe::alibi_far_weight_bound(20, 0.5, d),
                1e-13 * pe::alibi_far_weight_bound(20, 0.5, d));
  const Eigen::VectorXd c = Eigen::VectorXd::LinSpaced(50, -3, 4);
  EXPECT_LE((pe::alibi_offset_log_weights(c, 0.25).array().exp().matrix() - pe::alibi_offset_weights(c, 0.25))
                .cwiseAbs().maxCoeff(), 1e-15);
}

TEST(Alibi, SlopesAreGeometric) {
  const std::vector<double> s = pe::alibi_slopes(16);
  for (int h = 1; h <= 16; ++h) EXPECT_DOUBLE_EQ(s[h - 1], std::pow(2.0, -8.0 * h / 16));
}

// Theorem 3 (i)'s determinant formula is proved by exact algebra (theorem3.cpp); the same
// reduction refuses the formula without the square, prod (1 - u_i), on three sorted points.
TEST(Theorem3Proofs, TheDeterminantWithoutTheSquareIsRefused) {
  const GiNaC::ex u1 = pe::named_symbol("u_1"), u2 = pe::named_symbol("u_2");
  const GiNaC::matrix k(3, 3, GiNaC::lst{1, u1, u1 * u2, u1, 1, u2, u1 * u2, u2, 1});
  EXPECT_TRUE(pe::reduce_trig(k.determinant() - (1 - u1 * u1) * (1 - u2 * u2)).zero);
  const pe::TrigReduction wrong = pe::reduce_trig(k.determinant() - (1 - u1) * (1 - u2));
  EXPECT_FALSE(wrong.zero);
  EXPECT_NE(wrong.remainder.find("u_1"), std::string::npos) << wrong.remainder;
}

// (i)'s product kernel: softmax of c_j - s (x_t - x_j) against the smoother of e^{c_j}
// e^{-s (x_t - x_j)}, reduced with the exponential law. The planted twin's kernel grows with
// distance, e^{c_j} e^{+s (x_t - x_j)}, and must be refused at two keys already.
TEST(Theorem3Proofs, AKernelThatGrowsWithDistanceIsRefused) {
  const GiNaC::ex s = pe::named_symbol("s"), xt = pe::named_symbol("x_1");
  for (const int sign : {1, -1}) {
    GiNaC::ex attention_total = 0, smoother_total = 0;
    std::vector<GiNaC::ex> attention, smoother;
    for (int j = 0; j < 2; ++j) {
      const GiNaC::ex c = pe::named_symbol("c_" + std::to_string(j)), x = pe::named_symbol("x_" + std::to_string(j));
      attention.push_back(GiNaC::exp(c - s * (xt - x)));
      smoother.push_back(GiNaC::exp(c) * GiNaC::exp(-sign * s * (xt - x)));
      attention_total += attention.back();
      smoother_total += smoother.back();
    }
    const pe::TrigReduction r = pe::reduce_exponentials(attention[0] / attention_total - smoother[0] / smoother_total);
    EXPECT_EQ(r.zero, sign == 1) << r.remainder;
    if (sign == 1) {
      ASSERT_EQ(r.rules_used.size(), 1u);
      EXPECT_EQ(r.rules_used[0], pe::kExponentialRule);
    }
  }
}

// (ii) and (iii) rest on alpha_r / alpha_0 = e^{(c_r - c_0) - s r} and on the geometric sums.
// Planted: the ratio with the slope's sign flipped, and a geometric sum one power short.
TEST(Theorem3Proofs, ARatioThatGrowsWithOffsetAndAShortGeometricSumAreRefused) {
  const GiNaC::ex s = pe::named_symbol("s"), u = pe::named_symbol("u");
  for (const int sign : {1, -1}) {
    GiNaC::ex total = 0;
    for (int r = 0; r < 3; ++r) total += GiNaC::exp(pe::named_symbol("c_" + std::to_string(r)) - s * r);
    const GiNaC::ex ratio = GiNaC::exp(pe::named_symbol("c_2") - 2 * s) / GiNaC::exp(pe::named_symbol("c_0"));
    const pe::TrigReduction r = pe::reduce_exponentials(
        ratio - GiNaC::exp(pe::named_symbol("c_2") - pe::named_symbol("c_0") - sign * 2 * s));
    EXPECT_EQ(r.zero, sign == 1) << r.remainder;
  }
  GiNaC::ex sum = 0;
  for (int m = 0; m <= 5; ++m) sum += GiNaC::pow(u, m);
  EXPECT_TRUE(pe::reduce_trig((1 - u) * sum - (1 - GiNaC::pow(u, 6))).zero);
  EXPECT_FALSE(pe::reduce_trig((1 - u) * sum - (1 - GiNaC::pow(u, 5))).zero);
}

// The geometric sums' induction, through the routine the claims call (theorem3.hpp): the sums'
// own recursion proves it; a step one term short (S_{m+1} = S_m), a step adding the wrong term
// (S_m + u^{m+2}) and a power that does not advance are refused at the step, with its remainder.
TEST(Theorem3Proofs, AnInductionStepThatDoesNotCarryTheSumsOverIsRefused) {
  using pe::theorems::GeometricRecursion;
  const pe::MatrixIdentityProof proved = pe::theorems::geometric_sum_proof();
  EXPECT_TRUE(proved.zero) << proved.remainder;
  EXPECT_NE(proved.certificate.find("by induction on m"), std::string::npos) << proved.certificate;
  const auto refused = [](const GeometricRecursion& planted, const char* what) {
    const pe::MatrixIdentityProof p = pe::theorems::geometric_sum_proof(planted);
    EXPECT_FALSE(p.zero) << "planted: " << what;
    EXPECT_NE(p.remainder.find("induction step"), std::string::npos) << what << ": " << p.remainder;
  };
  GeometricRecursion one_term_short = pe::theorems::geometric_recursion();
  one_term_short.next_sum = [](const GiNaC::ex& sum, const GiNaC::ex&, const GiNaC::ex&) { return sum; };
  refused(one_term_short, "S_{m+1} = S_m");
  GeometricRecursion wrong_term = pe::theorems::geometric_recursion();
  wrong_term.next_sum = [](const GiNaC::ex& sum, const GiNaC::ex& power, const GiNaC::ex& u) { return sum + power * u; };
  refused(wrong_term, "S_{m+1} = S_m + u^{m+2}");
  GeometricRecursion stuck_power = pe::theorems::geometric_recursion();
  stuck_power.next_power = [](const GiNaC::ex&, const GiNaC::ex& power, const GiNaC::ex&) { return power; };
  refused(stuck_power, "u^{m+2} = u^{m+1}");
}

// Theorem 3 (i)'s determinant induction, through the routine the claims call: the kernel's own
// run rule (each gap multiplies the run by its factor) is decided at every n; a rule that squares
// each gap's factor and one that adds it are refused, and the induction step itself is what fails.
TEST(Theorem3Proofs, ADeterminantInductionOnAWrongRunRuleIsRefusedAtTheStep) {
  using pe::theorems::KernelRunRule;
  const auto induction_reach = [](const pe::MatrixIdentityProof& p) {
    for (const pe::ProofStep& s : p.steps)
      if (s.kind == pe::StepKind::induction) return s.reach;
    ADD_FAILURE() << "no induction step";
    return pe::StepReach::failed;
  };
  const pe::MatrixIdentityProof& proved = pe::theorems::time_kernel_determinant_proof();
  EXPECT_TRUE(proved.zero) << proved.remainder;
  EXPECT_EQ(induction_reach(proved), pe::StepReach::decided);
  const KernelRunRule squared{[](const GiNaC::ex& run, const GiNaC::ex& gap) { return run * gap * gap; }};
  const KernelRunRule added{[](const GiNaC::ex& run, const GiNaC::ex& gap) { return run + gap; }};
  for (const auto& [rule, what] : {std::pair{squared, "run u^2"}, std::pair{added, "run + u"}}) {
    const pe::MatrixIdentityProof p = pe::theorems::time_kernel_determinant_proof(rule);
    EXPECT_FALSE(p.zero) << "planted: " << what;
    EXPECT_EQ(induction_reach(p), pe::StepReach::failed) << "planted: " << what;
  }
}

// Theorem 3 (ii)'s tail step, through the routine thm3.far_weight_bound calls: the article's
// e^W u^D / (1 - u) is decided above the exact sum's bound; a bound tightened below it (e^W u^D,
// dropping 1/(1 - u)) and one at the sum of the first term only (e^W u^D (1 - u)) are refused.
TEST(Theorem3Proofs, ATailBoundTightenedBelowTheSumIsRefused) {
  const GiNaC::ex e_w = pe::named_symbol("eW"), u = pe::named_symbol("u"), d = pe::named_symbol("D");
  EXPECT_TRUE(pe::theorems::far_weight_sign_step().positive) << pe::theorems::far_weight_sign_step().normal_form;
  EXPECT_FALSE(pe::theorems::far_weight_sign_step(e_w * GiNaC::pow(u, d)).positive) << "planted: e^W u^D";
  EXPECT_FALSE(pe::theorems::far_weight_sign_step(e_w * GiNaC::pow(u, d) * (1 - u)).positive)
      << "planted: e^W u^D (1 - u)";
}

// An inequality step's plain check, read back as a second system would: GiNaC's parser reads the
// expression, and at a grid of values of its positive symbols the true tail bound's difference is
// positive everywhere, while the planted bound tightened below the sum (e^W u^D) goes negative.
TEST(Theorem3Proofs, AnInequalitysPlainCheckParsesBackAndItsSignShowsOnTheDomain) {
  const auto smallest_on_grid = [](const std::string& check) {
    const std::size_t relation = check.find(" > 0");
    EXPECT_NE(relation, std::string::npos) << check;
    EXPECT_EQ(check.find(" && "), std::string::npos) << check;
    const std::size_t positive_at = check.find("; positive: ");
    EXPECT_NE(positive_at, std::string::npos) << check;
    const std::string names_text = check.substr(positive_at + 12, check.find("; real: ") - positive_at - 12);
    GiNaC::symtab table;
    std::vector<GiNaC::symbol> names;
    std::istringstream list(names_text);
    for (std::string name; std::getline(list, name, ',');) {
      name.erase(0, name.find_first_not_of(' '));
      names.emplace_back(name);
      table[name] = names.back();
    }
    EXPECT_EQ(check.find("; real: "), std::string::npos) << "every symbol of this step is positive: " << check;
    GiNaC::parser read(table, true);
    const GiNaC::ex expression = read(check.substr(0, relation));
    const double grid[] = {0.05, 0.5, 1.0, 3.0, 20.0};
    double smallest = std::numeric_limits<double>::infinity();
    std::vector<std::size_t> at(names.size(), 0);
    for (bool more = true; more;) {
      GiNaC::lst values;
      for (std::size_t i = 0; i < names.size(); ++i) values.append(names[i] == grid[at[i]]);
      smallest = std::min(smallest, GiNaC::ex_to<GiNaC::numeric>(GiNaC::evalf(expression.subs(values))).to_double());
      more = false;
      for (std::size_t i = 0; i < names.size() && !more; ++i) more = ++at[i] < std::size(grid) || (at[i] = 0, false);
    }
    return smallest;
  };
  const pe::SignDecision proved = pe::theorems::far_weight_sign_step();
  ASSERT_TRUE(proved.positive);
  EXPECT_GT(smallest_on_grid(proved.plain), 0) << proved.plain;
  const GiNaC::ex e_w = pe::named_symbol("eW"), u = pe::named_symbol("u"), d = pe::named_symbol("D");
  const pe::SignDecision planted = pe::theorems::far_weight_sign_step(e_w * GiNaC::pow(u, d));
  ASSERT_FALSE(planted.positive);
  EXPECT_LT(smallest_on_grid(planted.plain), 0) << planted.plain;
}

// The horizon W/s for every W > 0 and s > 0, through the routine thm3.horizon calls: the true
// exponent W - s r is decided; a planted exponent one too large (W - s r + 1, whose sign beyond
// W/s depends on s t) and one with the slope's sign flipped are refused.
TEST(Theorem3Proofs, AHorizonOnAWrongExponentIsRefused) {
  const GiNaC::ex w = pe::named_symbol("W"), s = pe::named_symbol("s"), r = pe::named_symbol("r");
  const pe::theorems::HorizonProof proved = pe::theorems::horizon_proof();
  EXPECT_TRUE(proved.decided) << proved.refusal;
  EXPECT_NE(proved.certificate.find("at r = W/s + t"), std::string::npos) << proved.certificate;
  EXPECT_FALSE(pe::theorems::horizon_proof(w - s * r + 1).decided) << "planted: W - s r + 1";
  EXPECT_FALSE(pe::theorems::horizon_proof(w + s * r).decided) << "planted: W + s r";
}

// (i)'s content kernel f(<h_a, h_b>) is positive semidefinite when no Taylor coefficient of f is
// negative. Planted: e^{-x} (its coefficients alternate), 1 - x (f'/f is not a constant) and
// -e^x (f(0) < 0) must be refused; e^x and e^{2x} pass.
TEST(Theorem3Proofs, AContentKernelWithANegativeTaylorCoefficientIsRefused) {
  const GiNaC::symbol& x = pe::named_symbol("x");
  EXPECT_TRUE(pe::prove_power_series_kernel(GiNaC::exp(x), x, "K").zero);
  EXPECT_TRUE(pe::prove_power_series_kernel(GiNaC::exp(2 * x), x, "K").zero);
  const pe::MatrixIdentityProof alternating = pe::prove_power_series_kernel(GiNaC::exp(-x), x, "K");
  EXPECT_FALSE(alternating.zero);
  EXPECT_NE(alternating.remainder.find("alternate"), std::string::npos) << alternating.remainder;
  EXPECT_FALSE(pe::prove_power_series_kernel(1 - x, x, "K").zero);
  EXPECT_FALSE(pe::prove_power_series_kernel(-GiNaC::exp(x), x, "K").zero);
}
