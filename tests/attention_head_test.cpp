// The attention head of experiments/: the gradient-check module's readings, the
// tabulated last-position pass against the dense one-pass reader and against a reference built
// from numerics/attention.hpp, and the rejection of bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>

#include "attention.hpp"
#include "head_readers.hpp"
#include "constants.hpp"
#include "position_scheme.hpp"
#include "clocks.hpp"
#include "cue_task.hpp"
#include "gradient_check.hpp"
#include "random.hpp"
#include "relative_vectors.hpp"

namespace pe::experiments {
namespace {

using pe::kEps;  // numerics/constants.hpp

HeadShape shape_of(PositionScheme scheme) {
  HeadShape s;
  s.scheme = scheme;
  return s;
}

// ---- Forward passes agree ------------------------------------------------------------------

/// The head's logits at position t, built from numerics/attention.hpp's reference attention
/// with explicit rotation matrices: no tables, no grouping.
Eigen::MatrixXd reference_logits(const AttentionHead& head, const std::vector<Token>& tokens,
                                 const ReadTimeMap& read_time_map) {
  const HeadShape& s = head.shape();
  const int n = static_cast<int>(tokens.size()), d = s.width;
  Eigen::MatrixXd h(n, d);
  for (int i = 0; i < n; ++i) {
    h.row(i) = head.token_embedding(tokens[i]).transpose();
    h.row(i) += position_code(head, i + (adds_position_code(s.scheme) ? read_time_map.position_shift : 0))
                    .transpose();
  }
  const Eigen::MatrixXd wq = head.query_map(), wk = head.key_map(), wv = head.value_map();
  const Eigen::MatrixXd values = h * wv;
  const double tau = std::sqrt(double(d));
  Eigen::MatrixXd scores(n, n);
  if (s.scheme == PositionScheme::rope) {
    const RopeReadTimeMap rr = rope_read_time_map(read_time_map.rope_map, d, s.base, read_time_map.kappa,
                                        read_time_map.training_length);
    for (int t = 0; t < n; ++t)
      for (int j = 0; j < n; ++j) {
        const Eigen::VectorXd q = block_rotation(double(t), rr.frequencies) * (wq.transpose() * h.row(t).transpose());
        const Eigen::VectorXd k = block_rotation(double(j), rr.frequencies) * (wk.transpose() * h.row(j).transpose());
        scores(t, j) = rr.score_scale * q.dot(k) / tau;
      }
  } else {
    scores = h * wq * wk.transpose() * h.transpose() / tau;
    if (s.scheme == PositionScheme::alibi)
      for (int t = 0; t < n; ++t)
        for (int j = 0; j < n; ++j) scores(t, j) -= s.alibi_slope * (t - j);
    if (s.scheme == PositionScheme::shaw) {  // numerics/relative_vectors.hpp's score
      const Eigen::MatrixXd table = *head.weights().position_table;
      for (int t = 0; t < n; ++t)
        for (int j = 0; j <= t; ++j)
          scores(t, j) = shaw_score(wq.transpose() * h.row(t).transpose(),
                                    wk.transpose() * h.row(j).transpose(), table, t, j, tau);
    }
  }
  return causal_attention(scores, values) * Eigen::MatrixXd(head.readout());
}

class ForwardAgreement : public ::testing::TestWithParam<std::tuple<PositionScheme, std::string>> {};

TEST_P(ForwardAgreement, TabulatedDenseAndReferenceAgreeAtEveryPosition) {
  const auto& [scheme, reading_name] = GetParam();
  const AttentionHead head = sharp_head(scheme, 21);
  const ReadTimeMap read_time_map = gradient_read_time_map(reading_name);
  Rng rng(22);
  std::vector<Token> tokens;
  for (int j = 0; j < 26; ++j)
    tokens.push_back(j % 9 == 8 ? Token::query()
                                : random_content_token(rng));
  const Eigen::MatrixXd dense = read_all_positions(head, tokens, read_time_map);
  const Eigen::MatrixXd reference = reference_logits(head, tokens, read_time_map);
  std::vector<Example> prefixes(tokens.size());
  for (std::size_t t = 0; t < tokens.size(); ++t)
    prefixes[t].tokens.assign(tokens.begin(), tokens.begin() + t + 1);
  const Eigen::MatrixXd tabulated = logits_at_last(head, prefixes, read_time_map);
  const double scale = reference.cwiseAbs().maxCoeff();
  // Three evaluations of the same sums in different orders: rounding of a few hundred terms of
  // size up to the largest score (|s| < 100 here), about 1e3 eps relative.
  const double tolerance = 1e3 * kEps * std::max(1.0, scale) * 100;
  EXPECT_LT((dense - reference).cwiseAbs().maxCoeff(), tolerance) << "dense one-pass reader";
  EXPECT_LT((tabulated - reference).cwiseAbs().maxCoeff(), tolerance) << "tabulated last position";
}

INSTANTIATE_TEST_SUITE_P(
    EveryScheme, ForwardAgreement,
    ::testing::Values(std::make_tuple(PositionScheme::none, "plain"),
                      std::make_tuple(PositionScheme::sinusoidal, "plain"),
                      std::make_tuple(PositionScheme::sinusoidal, "shift"),
                      std::make_tuple(PositionScheme::learned, "plain"),
                      std::make_tuple(PositionScheme::learned, "shift"),
                      std::make_tuple(PositionScheme::rope, "plain"),
                      std::make_tuple(PositionScheme::rope, "pi"),
                      std::make_tuple(PositionScheme::rope, "ntk"),
                      std::make_tuple(PositionScheme::rope, "yarn"),
                      std::make_tuple(PositionScheme::alibi, "plain"),
                      std::make_tuple(PositionScheme::shaw, "plain")),
    [](const auto& info) {
      return to_string(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
    });

// Shaw's offsets past the clip K share a_K: with a table of 5 rows (K = 4) and 26 positions most
// keys are past it. The dense reader, the tabulated pass and the reference agree, and the
// table's gradient matches central differences.
TEST(ShawScheme, OffsetsPastTheClipShareTheLastVectorInEveryPassAndTheGradient) {
  HeadShape shape = shape_of(PositionScheme::shaw);
  shape.table_length = 5;
  Rng init(31);
  InitialScales scales;
  scales.embedding = scales.position_table = 4;
  scales.query_key = 2.5;
  AttentionHead head = initialised_head(shape, init, scales);
  Rng rng(32);
  std::vector<Token> tokens;
  for (int j = 0; j < 26; ++j)
    tokens.push_back(j % 9 == 8 ? Token::query()
                                : random_content_token(rng));
  const Eigen::MatrixXd reference = reference_logits(head, tokens, {});
  std::vector<Example> prefixes(tokens.size());
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    prefixes[t].tokens.assign(tokens.begin(), tokens.begin() + t + 1);
    prefixes[t].target = static_cast<int>(t % 8);
  }
  const double tolerance = 1e3 * kEps * std::max(1.0, reference.cwiseAbs().maxCoeff()) * 100;
  EXPECT_LT((read_all_positions(head, tokens, {}) - reference).cwiseAbs().maxCoeff(), tolerance);
  EXPECT_LT((logits_at_last(head, prefixes, {}) - reference).cwiseAbs().maxCoeff(), tolerance);
  Eigen::VectorXd gradient;
  loss_and_gradient(head, prefixes, &gradient, {});
  const ParameterBlock& table = head.block("position_table");
  double worst = 0, largest = 0;
  for (Eigen::Index i = 0; i < table.size(); ++i) {
    const double analytic = gradient(table.offset + i);
    const double saved = head.parameters()(table.offset + i), step = 1e-5;
    head.parameters()(table.offset + i) = saved + step;
    const double up = loss_and_gradient(head, prefixes, nullptr, {});
    head.parameters()(table.offset + i) = saved - step;
    const double down = loss_and_gradient(head, prefixes, nullptr, {});
    head.parameters()(table.offset + i) = saved;
    worst = std::max(worst, std::fabs((up - down) / (2 * step) - analytic));
    largest = std::max(largest, std::fabs(analytic));
  }
  EXPECT_GT(largest, kGradientVanishes);
  EXPECT_LT(worst / largest, kGradientRelativeBound);  // gradient_check.hpp's bound
}

/// Logits at the last position of each example from the dense reader (row n - 1).
Eigen::MatrixXd dense_last(const AttentionHead& head, const std::vector<Example>& examples,
                           const ReadTimeMap& read_time_map) {
  Eigen::MatrixXd out(examples.size(), head.shape().classes);
  for (std::size_t b = 0; b < examples.size(); ++b)
    out.row(b) = read_all_positions(head, examples[b].tokens, read_time_map).bottomRows(1);
  return out;
}

class SharedQueryAgreement : public ::testing::TestWithParam<std::tuple<PositionScheme, double>> {};

// Many examples ending in the query at one position share a table of exponentials; with the
// query and key maps scaled by 40 the scores spread over thousands, the table's products
// underflow for some examples, and those are redone directly. Both must match the dense pass.
TEST_P(SharedQueryAgreement, TablesOfExponentialsMatchTheDensePass) {
  const auto& [scheme, sharpen] = GetParam();
  AttentionHead head = sharp_head(scheme, 61);
  head.weights().query *= sharpen;
  head.weights().key *= sharpen;
  Rng rng(62);
  CueTask task;
  task.length = 32;
  task.mark_probability = 0.3;
  const std::vector<Example> examples = task.sample(rng, 40);  // 40 > 17 token types: tables
  const Eigen::MatrixXd dense = dense_last(head, examples, {});
  const Eigen::MatrixXd tabulated = logits_at_last(head, examples);
  // Same sums in another order: relative rounding of a few hundred terms.
  EXPECT_LT((tabulated - dense).cwiseAbs().maxCoeff(), 1e-11 * std::max(1.0, dense.cwiseAbs().maxCoeff()));
}

INSTANTIATE_TEST_SUITE_P(
    EveryScheme, SharedQueryAgreement,
    ::testing::Combine(::testing::ValuesIn(all_position_schemes()), ::testing::Values(1.0, 40.0)),
    [](const auto& info) {
      return to_string(std::get<0>(info.param)) +
             (std::get<1>(info.param) > 1 ? "_underflowing" : "_moderate");
    });

// The reads the tournament makes past the window: 256 tokens, RoPE plain and under each map,
// and the sinusoidal head shifted so that the query sits at position 31 (positions -224..31).
class LongReadAgreement : public ::testing::TestWithParam<std::tuple<PositionScheme, std::string>> {};

TEST_P(LongReadAgreement, TabulatedMatchesDenseAndReferenceAt256) {
  const auto& [scheme, reading_name] = GetParam();
  const AttentionHead head = sharp_head(scheme, 81);
  ReadTimeMap read_time_map;
  if (reading_name == "shift_back") read_time_map.position_shift = 32 - 256;
  else if (reading_name != "plain")
    read_time_map = ReadTimeMap::rope(context_extension_from_string(reading_name), 256, 32);
  Rng rng(82);
  CueTask task;
  task.length = 256;
  const std::vector<Example> examples = task.sample(rng, 30);
  const Eigen::MatrixXd tabulated = logits_at_last(head, examples, read_time_map);
  const Eigen::MatrixXd dense = dense_last(head, examples, read_time_map);
  Eigen::MatrixXd reference(3, head.shape().classes);
  for (int b = 0; b < 3; ++b)
    reference.row(b) = reference_logits(head, examples[b].tokens, read_time_map).bottomRows(1);
  const double scale = std::max(1.0, dense.cwiseAbs().maxCoeff());
  // Sums of 256 terms in three orders; angles up to 256 rad rounded once each.
  EXPECT_LT((tabulated - dense).cwiseAbs().maxCoeff(), 1e-10 * scale);
  EXPECT_LT((dense.topRows(3) - reference).cwiseAbs().maxCoeff(), 1e-10 * scale);
}

INSTANTIATE_TEST_SUITE_P(
    TournamentReads, LongReadAgreement,
    ::testing::Values(std::make_tuple(PositionScheme::rope, "plain"),
                      std::make_tuple(PositionScheme::rope, "pi"),
                      std::make_tuple(PositionScheme::rope, "ntk"),
                      std::make_tuple(PositionScheme::rope, "yarn"),
                      std::make_tuple(PositionScheme::sinusoidal, "plain"),
                      std::make_tuple(PositionScheme::sinusoidal, "shift_back"),
                      std::make_tuple(PositionScheme::alibi, "plain")),
    [](const auto& info) {
      return to_string(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
    });

TEST(AttentionHead, OneEvaluatorReadsHeadsOfDifferentShapes) {
  // The evaluator caches tables of the code and of RoPE's angles; a head of another width or
  // base must not be read with the previous head's tables.
  Rng rng(91);
  CueTask task;
  task.length = 20;
  const std::vector<Example> examples = task.sample(rng, 40);
  HeadEvaluator shared;
  for (PositionScheme scheme : {PositionScheme::sinusoidal, PositionScheme::rope})
    for (const auto& [width, base] : {std::pair<int, double>{16, 1e4}, {8, 1e4}, {8, 500.0}, {16, 1e4}}) {
      HeadShape shape = shape_of(scheme);
      shape.width = width;
      shape.base = base;
      const AttentionHead head = initialised_head(shape, rng);
      const Eigen::MatrixXd fresh = logits_at_last(head, examples);
      EXPECT_EQ(shared.logits_at_last(head, examples), fresh)
          << to_string(scheme) << " width " << width << " base " << base;
    }
}

TEST(AttentionHead, ReplacingThePositionTermByItselfChangesNothing) {
  const AttentionHead head = sharp_head(PositionScheme::sinusoidal, 31);
  Rng rng(32);
  const std::vector<Example> examples = mixed_examples(rng, 20, 30);
  ReadTimeMap same;
  same.position_position_matrix = head.score_matrix();
  const Eigen::MatrixXd plain = logits_at_last(head, examples);
  EXPECT_LT((logits_at_last(head, examples, same) - plain).cwiseAbs().maxCoeff(),
            1e3 * kEps * plain.cwiseAbs().maxCoeff());
}

TEST(AttentionHead, ReplacedPositionTermAgreesBetweenTabulatedAndDense) {
  const AttentionHead head = sharp_head(PositionScheme::sinusoidal, 33);
  Rng rng(34);
  ReadTimeMap probe;
  probe.position_position_matrix = rng.normal_matrix(16, 16);
  std::vector<Token> tokens;
  for (int j = 0; j < 20; ++j) tokens.push_back(random_content_token(rng));
  tokens.push_back(Token::query());
  const Eigen::MatrixXd dense = read_all_positions(head, tokens, probe);
  const Eigen::MatrixXd last = logits_at_last(head, {Example{tokens, 0}}, probe);
  EXPECT_LT((dense.bottomRows(1) - last).cwiseAbs().maxCoeff(), 1e-10 * dense.cwiseAbs().maxCoeff());
  // And it changed the reading: the probe is not the trained term.
  EXPECT_GT((last - logits_at_last(head, {Example{tokens, 0}})).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(AttentionHead, RopeOffsetScoresAreTheScoresOfProposition3) {
  const AttentionHead head = sharp_head(PositionScheme::rope, 41);
  const ReadTimeMap read_time_map = ReadTimeMap::rope(ContextExtension::yarn, 100, 32);
  const Eigen::VectorXd hq = head.token_embedding(Token::query());
  const Eigen::VectorXd hk = head.token_embedding(Token::content(2, true));
  const RopeOffsetScores s = rope_offset_scores(head, hq, hk, 60, read_time_map);
  const RopeReadTimeMap rr = rope_read_time_map(read_time_map.rope_map, 16, kDefaultBase, read_time_map.kappa, 32);
  const Eigen::VectorXd q = Eigen::MatrixXd(head.query_map()).transpose() * hq;
  const Eigen::VectorXd k = Eigen::MatrixXd(head.key_map()).transpose() * hk;
  for (int r = 0; r <= 60; ++r) {
    // Query at position 100, key at 100 - r: <R(100) q, R(100 - r) k> scaled.
    const double direct = rr.score_scale / 4.0 *
                          (block_rotation(100.0, rr.frequencies) * q)
                              .dot(block_rotation(100.0 - r, rr.frequencies) * k);
    EXPECT_NEAR(s.total()(r), direct, 1e-11 * std::max(1.0, std::fabs(direct))) << "r = " << r;
  }
  for (int p = 0; p < 8; ++p)
    EXPECT_LE(s.plane_terms.col(p).cwiseAbs().maxCoeff(), s.amplitudes(p) * (1 + 1e-12));
  // Exactly one amplitude per plane, each |q_j| |k_j| with the reading's scaling (Proposition 3
  // (iii)); the largest-plane claims read this vector.
  ASSERT_EQ(s.amplitudes.size(), 8);
  ASSERT_EQ(s.plane_terms.cols(), 8);
  for (int p = 0; p < 8; ++p)
    EXPECT_NEAR(s.amplitudes(p), rr.score_scale / 4.0 * q.segment(2 * p, 2).norm() * k.segment(2 * p, 2).norm(),
                1e-12 * (1 + s.amplitudes(p)))
        << "plane " << p;
}

TEST(HeadShape, OneClassIsTheLeastAccepted) {
  // Killed mutant: `classes < 1` -> `classes <= 1` (tests/mutation/results.tsv).
  HeadShape shape;
  shape.classes = 1;
  EXPECT_NO_THROW(validate_head_shape(shape));
  shape.classes = 0;
  EXPECT_THROW(validate_head_shape(shape), std::invalid_argument);
}

TEST(AttentionHead, TheTabulatedSoftmaxRunsWhereItShould) {
  // A batch of 64 cue sequences shares one query group (the query token at position 31), so its
  // exponential tables are built and every example's softmax comes from them; a lone example
  // forms a group of one, for which building tables does not pay, and is recomputed.
  CueTask task;
  Rng rng(8);
  const std::vector<Example> batch = task.sample(rng, 64);
  for (PositionScheme scheme : all_position_schemes()) {
    const AttentionHead head = sharp_head(scheme, 12);
    HeadEvaluator evaluator;
    evaluator.logits_at_last(head, batch);
    EXPECT_EQ(evaluator.softmax_paths().tabulated, 64) << to_string(scheme);
    EXPECT_EQ(evaluator.softmax_paths().recomputed, 0) << to_string(scheme);
    evaluator.logits_at_last(head, {batch.front()});
    EXPECT_EQ(evaluator.softmax_paths().tabulated, 64) << to_string(scheme);
    EXPECT_EQ(evaluator.softmax_paths().recomputed, 1) << to_string(scheme);
  }
}

// ---- Offset profiles ---------------------------------------------------------------------------

// Relative error budget of a few dozen double operations on scores of order 10.
constexpr double kProfileTolerance = 1e-11;

TEST(MarkedKeyScores, RopeProfileIsTheTrigonometricPolynomialAtEveryQueryPosition) {
  const AttentionHead head = sharp_head(PositionScheme::rope, 43);
  const ReadTimeMap read_time_map = ReadTimeMap::rope(ContextExtension::yarn, 100, 32);
  const Eigen::VectorXd polynomial =
      rope_offset_scores(head, head.token_embedding(Token::query()), mean_marked_embedding(head), 40,
                         read_time_map)
          .total();
  for (long query_position : {40L, 97L, 250L}) {
    const Eigen::VectorXd profile = marked_key_scores(head, query_position, 40, read_time_map);
    for (int r = 0; r <= 40; ++r)
      EXPECT_NEAR(profile(r), polynomial(r), kProfileTolerance * std::max(1.0, std::fabs(polynomial(r))))
          << "query at " << query_position << ", r = " << r;
  }
}

TEST(MarkedKeyScores, AddedCodeScoreIsTheBilinearFormAndDriftsWithPosition) {
  const AttentionHead head = sharp_head(PositionScheme::sinusoidal, 47);
  const Eigen::MatrixXd m = head.score_matrix();
  const Eigen::VectorXd key = mean_marked_embedding(head);
  const Eigen::VectorXd query = head.token_embedding(Token::query());
  std::vector<double> at_offset_5;
  for (long t : {10L, 60L, 200L}) {
    const Eigen::VectorXd profile = marked_key_scores(head, t, 10);
    for (int r = 0; r <= 10; ++r) {
      const Eigen::VectorXd hq = query + position_code(head, t);
      const Eigen::VectorXd hk = key + position_code(head, t - r);
      const double direct = hq.dot(m * hk) / 4.0;  // 1/sqrt(d), d = 16
      EXPECT_NEAR(profile(r), direct, kProfileTolerance * std::max(1.0, std::fabs(direct)));
    }
    at_offset_5.push_back(profile(5));
  }
  // The absolute code makes the same offset score differently at different positions.
  EXPECT_GT(std::fabs(at_offset_5[0] - at_offset_5[2]), 1e-3);
}

TEST(MarkedKeyScores, AlibiFallsBySlopePerPositionEverywhere) {
  const AttentionHead head = sharp_head(PositionScheme::alibi, 53);
  const Eigen::VectorXd early = marked_key_scores(head, 20, 20);
  const Eigen::VectorXd late = marked_key_scores(head, 230, 20);
  for (int r = 0; r < 20; ++r) {
    EXPECT_NEAR(early(r) - early(r + 1), head.shape().alibi_slope, kProfileTolerance * 10);
    EXPECT_NEAR(early(r), late(r), kProfileTolerance * std::max(1.0, std::fabs(early(r))));
  }
}

TEST(MarkedKeyScores, LearnedTableHasNoScorePastItsLength) {
  const AttentionHead head = sharp_head(PositionScheme::learned, 59);
  const int length = head.shape().table_length;
  const Eigen::VectorXd inside = marked_key_scores(head, length - 1, length - 1);
  EXPECT_TRUE(inside.allFinite());
  const Eigen::VectorXd outside = marked_key_scores(head, length + 5, 10);
  EXPECT_TRUE(outside.array().isNaN().all());
}

TEST(MarkedKeyScores, RejectsOffsetsBeyondTheQuery) {
  const AttentionHead head = sharp_head(PositionScheme::none, 61);
  EXPECT_THROW(marked_key_scores(head, 5, 6), std::invalid_argument);
  EXPECT_THROW(marked_key_scores(head, 5, -1), std::invalid_argument);
}

TEST(OffsetLandmarks, FindsTroughDiveAndPeak) {
  Eigen::VectorXd s(9);
  s << 5, 3, 4, 1, -2, 0, 6, 2, 1;
  const OffsetLandmarks l = offset_landmarks(s);
  EXPECT_EQ(l.first_trough, 1);
  EXPECT_EQ(l.dive, 4);
  EXPECT_EQ(l.peak, 6);
  Eigen::VectorXd falling(4);
  falling << 3, 2, 1, 0;
  const OffsetLandmarks f = offset_landmarks(falling);
  EXPECT_EQ(f.first_trough, -1);
  EXPECT_EQ(f.dive, 3);
  EXPECT_EQ(f.peak, -1);
  EXPECT_THROW(offset_landmarks(Eigen::VectorXd()), std::invalid_argument);
}

// ---- How the mark is embedded -------------------------------------------------------------------

/// Every token type of `shape`, in token_index order.
std::vector<Token> every_token_type(const HeadShape& shape) {
  std::vector<Token> out;
  for (int s = 0; s < shape.symbols; ++s)
    for (bool marked : {false, true}) out.push_back(Token::content(s, marked));
  out.push_back(Token::query());
  return out;
}

/// The token types whose embedding differs between two heads of one shape.
std::vector<int> moved_types(const AttentionHead& before, const AttentionHead& after) {
  std::vector<int> out;
  for (const Token& t : every_token_type(before.shape()))
    if (before.token_embedding(t) != after.token_embedding(t))
      out.push_back(token_index(t, before.shape().symbols));
  return out;
}

class PairRowsGradient : public ::testing::TestWithParam<PositionScheme> {};

// The verification unit `implementation` checks gradient_cases() on shared_row heads; these are
// the same cases (each block under each reading the scheme is trained or read with) on
// pair_rows heads, whose backward pass folds the token rows into E another way.
TEST_P(PairRowsGradient, EveryBlockAgreesWithCentralDifferences) {
  int cases = 0;
  for (GradientCase c : gradient_cases()) {
    if (c.scheme != GetParam()) continue;
    c.mark_embedding = MarkEmbedding::pair_rows;
    ++cases;
    const GradientAgreement a = check_gradient(c);
    // gradient_check.hpp's bound: central differences at h = 1e-5 err near 1e-10 on these
    // losses of order 1, and the bound leaves three orders of margin for sharp heads.
    EXPECT_LE(a.relative, kGradientRelativeBound) << c.map_name << "/" << c.block;
    EXPECT_LE(a.worst_entry, kGradientRelativeBound) << c.map_name << "/" << c.block;
    EXPECT_GT(a.analytic_norm, kGradientVanishes)
        << c.map_name << "/" << c.block << ": a vanishing gradient would make the check void";
  }
  EXPECT_GT(cases, 0);
}

INSTANTIATE_TEST_SUITE_P(EveryScheme, PairRowsGradient, ::testing::ValuesIn(all_position_schemes()),
                         [](const auto& info) { return to_string(info.param); });

// Under pair_rows E has one row per token type, in token_index order: moving any row moves
// exactly that type's embedding, so (s, marked) and (s, unmarked) are independent.
TEST(MarkEmbedding, PairRowsGiveEveryTokenTypeItsOwnRow) {
  HeadShape shape;
  shape.mark_embedding = MarkEmbedding::pair_rows;
  Rng rng(71);
  const AttentionHead head = initialised_head(shape, rng);
  ASSERT_EQ(shape.embedding_rows(), 2 * shape.symbols + 1);
  ASSERT_EQ(head.block("embedding").rows, shape.embedding_rows());
  for (const Token& t : every_token_type(shape)) {
    const int v = token_index(t, shape.symbols);
    AttentionHead moved = head;
    moved.weights().embedding.row(v).array() += 1.0;
    EXPECT_EQ(moved_types(head, moved), std::vector<int>{v}) << "row " << v;
    if (!t.is_query()) {
      const Token twin = Token::content(t.symbol, !t.marked);
      EXPECT_EQ(moved.token_embedding(twin), head.token_embedding(twin)) << "row " << v;
    }
    EXPECT_EQ(moved.token_embedding(t), Eigen::VectorXd(moved.embedding().row(v).transpose()));
  }
  // The table the tabulated passes read is the same embeddings.
  const RowMatrix table = head.token_embeddings();
  for (const Token& t : every_token_type(shape))
    EXPECT_EQ(Eigen::VectorXd(table.row(token_index(t, shape.symbols)).transpose()), head.token_embedding(t));
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(shape.width);
  for (int s = 0; s < shape.symbols; ++s) mean += head.embedding().row(2 * s + 1).transpose();
  EXPECT_LT((mean_marked_embedding(head) - mean / shape.symbols).cwiseAbs().maxCoeff(), 1e2 * kEps);
}

// The contrast: under shared_row one mark row moves every marked type at once, and a symbol's
// row moves both its tokens.
TEST(MarkEmbedding, SharedRowTiesEveryMarkedTypeToOneRow) {
  const HeadShape shape{};
  Rng rng(72);
  const AttentionHead head = initialised_head(shape, rng);
  ASSERT_EQ(head.block("embedding").rows, shape.symbols + 2);
  AttentionHead moved = head;
  moved.weights().embedding.row(shape.symbols).array() += 1.0;  // the mark row
  std::vector<int> marked;
  for (int s = 0; s < shape.symbols; ++s) marked.push_back(2 * s + 1);
  EXPECT_EQ(moved_types(head, moved), marked);
  moved = head;
  moved.weights().embedding.row(3).array() += 1.0;  // symbol 3's row
  EXPECT_EQ(moved_types(head, moved), (std::vector<int>{6, 7}));
}

TEST(MarkEmbedding, NamesRoundTripAndAnUnknownNameListsTheValidOnes) {
  for (MarkEmbedding m : {MarkEmbedding::shared_row, MarkEmbedding::pair_rows})
    EXPECT_EQ(mark_embedding_from_string(to_string(m)), m);
  EXPECT_EQ(to_string(MarkEmbedding::shared_row), "shared_row");
  EXPECT_EQ(to_string(MarkEmbedding::pair_rows), "pair_rows");
  try {
    mark_embedding_from_string("pairs");
    ADD_FAILURE() << "an unknown mark embedding was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'pairs'; valid: shared_row, pair_rows"), std::string::npos)
        << e.what();
  }
  HeadShape bad;
  bad.mark_embedding = static_cast<MarkEmbedding>(7);
  EXPECT_THROW(make_head(bad), std::invalid_argument);
  try {
    const AttentionHead head = make_head(bad);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("mark_embedding = 7"), std::string::npos) << e.what();
  }
}

// ---- Bad input ---------------------------------------------------------------------------------

TEST(AttentionHeadRejects, OddWidth) {
  HeadShape s;
  s.width = 15;
  EXPECT_THROW(make_head(s), std::invalid_argument);
  try {
    const AttentionHead head = make_head(s);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("width = 15"), std::string::npos) << e.what();
  }
}

TEST(AttentionHeadRejects, UnknownSchemeName) {
  EXPECT_THROW(position_scheme_from_string("t5"), std::invalid_argument);
  try {
    position_scheme_from_string("t5");
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'t5'"), std::string::npos) << e.what();
  }
  for (PositionScheme s : all_position_schemes())
    EXPECT_EQ(position_scheme_from_string(to_string(s)), s);
}

TEST(AttentionHeadRejects, LearnedTableAskedPastItsLength) {
  Rng rng(51);
  const AttentionHead head = initialised_head(shape_of(PositionScheme::learned), rng);
  CueTask task;
  task.length = 64;
  const std::vector<Example> long_examples = task.sample(rng, 3);
  EXPECT_THROW(logits_at_last(head, long_examples), std::invalid_argument);
  EXPECT_THROW(read_all_positions(head, long_examples[0].tokens), std::invalid_argument);
  EXPECT_THROW(position_code(head, 32), std::invalid_argument);
  EXPECT_THROW(position_code(head, -1), std::invalid_argument);
  try {
    logits_at_last(head, long_examples);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("exceeds table_length = 32"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("has positions 0..31 only"), std::string::npos) << e.what();
  }
  task.length = 32;
  EXPECT_NO_THROW(logits_at_last(head, task.sample(rng, 3)));
  ReadTimeMap shifted;
  shifted.position_shift = 1;  // positions 1..32: one past the table
  try {
    logits_at_last(head, task.sample(rng, 3), shifted);
    ADD_FAILURE() << "a shifted reading past the table was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("has positions 0..31 only, got positions 1..32"), std::string::npos)
        << e.what();
  }
}

TEST(ReadTimeMap, RopeMapsAcceptLengthsFromOne) {
  // Both lengths are positive integers; a head trained on one position is a legitimate (if
  // useless) configuration, and kappa is then the test length itself.
  EXPECT_DOUBLE_EQ(ReadTimeMap::rope(ContextExtension::yarn, 4, 1).kappa, 4.0);
  EXPECT_DOUBLE_EQ(ReadTimeMap::rope(ContextExtension::yarn, 1, 1).kappa, 1.0);
  EXPECT_DOUBLE_EQ(ReadTimeMap::rope(ContextExtension::yarn, 16, 32).kappa, 1.0);  // never below 1
  EXPECT_THROW(ReadTimeMap::rope(ContextExtension::yarn, 4, 0), std::invalid_argument);
  EXPECT_THROW(ReadTimeMap::rope(ContextExtension::yarn, 0, 4), std::invalid_argument);
}

TEST(AttentionHeadRejects, MisplacedReadings) {
  Rng rng(52);
  const AttentionHead alibi = initialised_head(shape_of(PositionScheme::alibi), rng);
  const AttentionHead sinusoidal = initialised_head(shape_of(PositionScheme::sinusoidal), rng);
  const std::vector<Example> examples = mixed_examples(rng, 4, 10);
  EXPECT_THROW(logits_at_last(alibi, examples, ReadTimeMap::rope(ContextExtension::yarn, 64, 32)),
               std::invalid_argument);
  ReadTimeMap probe;
  probe.position_position_matrix = Eigen::MatrixXd::Identity(16, 16);
  EXPECT_THROW(logits_at_last(alibi, examples, probe), std::invalid_argument);
  Eigen::VectorXd g;
  EXPECT_THROW(loss_and_gradient(sinusoidal, examples, &g, probe), std::invalid_argument);
  probe.position_position_matrix = Eigen::MatrixXd::Identity(8, 8);
  EXPECT_THROW(logits_at_last(sinusoidal, examples, probe), std::invalid_argument);
  EXPECT_THROW(rope_offset_scores(alibi, Eigen::VectorXd::Zero(16), Eigen::VectorXd::Zero(16), 5),
               std::invalid_argument);
}

TEST(AttentionHeadRejects, MalformedExamplesAndWeights) {
  Rng rng(53);
  const AttentionHead head = initialised_head(shape_of(PositionScheme::rope), rng);
  EXPECT_THROW(logits_at_last(head, {}), std::invalid_argument);
  EXPECT_THROW(logits_at_last(head, {Example{{}, 0}}), std::invalid_argument);
  EXPECT_THROW(logits_at_last(head, {Example{{Token::content(8, false)}, 0}}), std::invalid_argument);
  Eigen::VectorXd g;
  EXPECT_THROW(loss_and_gradient(head, {Example{{Token::query()}, 8}}, &g), std::invalid_argument);
  EXPECT_THROW(make_head(shape_of(PositionScheme::rope), Eigen::VectorXd::Zero(7)),
               std::invalid_argument);
  HeadShape bad = shape_of(PositionScheme::alibi);
  bad.alibi_slope = 0;
  EXPECT_THROW(make_head(bad), std::invalid_argument);
  bad = shape_of(PositionScheme::sinusoidal);
  bad.base = 1;
  EXPECT_THROW(make_head(bad), std::invalid_argument);
}

}  // namespace
// ---- The scheme registry -------------------------------------------------------------------

TEST(SchemeRegistry, EverySchemeHasItsOwnRule) {
  for (PositionScheme s : all_position_schemes()) {
    EXPECT_EQ(rule_of(s).scheme(), s);
    EXPECT_EQ(position_scheme_from_string(rule_of(s).name()), s);
    EXPECT_EQ(rule_of(s).adds_code(), s == PositionScheme::sinusoidal || s == PositionScheme::learned);
  }
  EXPECT_THROW((void)rule_of(static_cast<PositionScheme>(99)), std::invalid_argument);
}

}  // namespace pe::experiments

namespace {
using pe::experiments::RowMatrix;

/// RoPE's scores under a rescaled reading for one query over `types` (m = types.size()).
std::vector<double> rescaled_scores(const RowMatrix& type_keys, const Eigen::VectorXd& q,
                                    const std::vector<int>& types) {
  using namespace pe::experiments;
  HeadShape shape;
  shape.scheme = PositionScheme::rope;
  const PositionSchemeRule& rule = rule_of(PositionScheme::rope);
  const auto scratch = rule.new_scratch();
  const long m = static_cast<long>(types.size());
  std::vector<double> scores(std::size_t(m + 1), 0.0);
  rule.scores_under_read_time_map(shape, ReadTimeMap::rope(pe::ContextExtension::yarn, int(m + 1), 32), q, m, type_keys,
                            types.data(), scores.data(), scratch.get());
  scores.pop_back();
  return scores;
}
}  // namespace

TEST(RescaledRopeScan, SkipsOnlyKeysWhoseTypeCannotComeWithinTheNegligibleGap) {
  // Type 0 keys are loud and the other types' keys nearly silent. With loud keys among the most
  // recent, every silent key beyond the first block is bounded far below the largest score and
  // gets -infinity; with no loud key, nothing is skipped and every score is computed. The
  // scores computed in both are the same numbers.
  using namespace pe::experiments;
  pe::Rng rng(20261201);
  const int vocabulary = HeadShape{}.vocabulary(), d = HeadShape{}.width;
  RowMatrix type_keys = rng.normal_matrix(vocabulary, d, 1e-3);
  type_keys.row(0) = rng.normal_vector(d, 100.0).transpose();
  const Eigen::VectorXd q = rng.normal_vector(d, 3.0);
  const long m = 400;
  std::vector<int> quiet(std::size_t(m), 1), loud = quiet;
  for (long r = 1; r <= 5; ++r) loud[std::size_t(m - r)] = 0;
  // A score is linear in its key: the loud key's sign is chosen so that the most recent loud
  // key scores high.
  if (rescaled_scores(type_keys, q, loud)[std::size_t(m - 1)] < 0) type_keys.row(0) *= -1;
  const std::vector<double> with_loud = rescaled_scores(type_keys, q, loud);
  const std::vector<double> all_quiet = rescaled_scores(type_keys, q, quiet);
  double largest = -std::numeric_limits<double>::infinity();
  for (double s : with_loud) largest = std::max(largest, s);
  ASSERT_GT(largest, kNegligibleScoreGap) << "the loud keys must stand far above the quiet ones";
  long skipped = 0;
  for (long j = 0; j < m; ++j) {
    ASSERT_TRUE(std::isfinite(all_quiet[std::size_t(j)])) << "nothing to skip without a loud key, key " << j;
    if (std::isinf(with_loud[std::size_t(j)])) {
      ++skipped;
      EXPECT_LT(with_loud[std::size_t(j)], 0);
      EXPECT_EQ(loud[std::size_t(j)], 1) << "a loud key skipped, key " << j;
      EXPECT_LT(all_quiet[std::size_t(j)], largest - kNegligibleScoreGap) << "key " << j;
    } else if (loud[std::size_t(j)] == 1) {
      EXPECT_EQ(with_loud[std::size_t(j)], all_quiet[std::size_t(j)]) << "key " << j;
    }
  }
  // Block 0 holds the ceil(sqrt(m + 1)) - 1 most recent keys, all scored; the rest are skipped.
  const long block = long(std::ceil(std::sqrt(double(m + 1))));
  EXPECT_EQ(skipped, m - (block - 1));
}
