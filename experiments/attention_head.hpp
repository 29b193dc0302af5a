/// @file
/// @brief One causal attention head with five ways of adding position, its forward pass and
/// its hand-written backward pass.
///
/// The article gives each token one of the symbols and, sometimes, a mark, but does not say how
/// the mark is embedded; HeadShape::mark_embedding chooses between two readings. shared_row: a
/// token is a feature vector x (the one-hot of its symbol plus a mark flag, or a query flag
/// alone) and its embedding is x E, with one row of E per symbol, one for the mark (shared by
/// every symbol) and one for the query. pair_rows: E has one free row per token type, each
/// (symbol, marked) pair and the query, and a token's embedding is its own row. Either way E[x]
/// is the token's embedding. For the additive schemes the layer reads h_m = E[x_m] + p(m), with
/// p the sinusoidal code (Definition 2) or a learned table (Definition 1, rows 0..L-1 only);
/// otherwise h_m = E[x_m]. Queries, keys and values are q = h W_Q, k = h W_K, v = h W_V, and
/// position t scores key j <= t by
///
///   none, sinusoidal, learned:  s_tj = q_t . k_j / sqrt(d)
///   RoPE (Definition 4):         s_tj = <R(t) q_t, R(j) k_j> / sqrt(d) = q_t^T R(j - t) k_j / sqrt(d)
///   ALiBi (Definition 3):        s_tj = q_t . k_j / sqrt(d) - slope (t - j)
///
/// then softmax over j = 0..t, o_t = sum_j alpha_tj v_j, and logits o_t W_O over the classes.
/// The loss is the mean cross-entropy of the logits at each example's last position.
///
/// Only the last position enters the loss, and with d = 16 the head is small enough that
/// everything it computes can be tabulated per vocabulary entry and per position: for a query
/// (token, position) the score of key j is u[x_j] + w[j] (content part plus position part) for
/// the additive schemes and ALiBi, and a table S[x_j][j] for RoPE; the logits are
/// sum_j alpha_j (E W_V W_O)[x_j] + sum_j alpha_j (P W_V W_O)[j]. The backward pass runs the same
/// tables in reverse. `read_all_positions` is a separate dense implementation (every position a
/// query, one pass) that the tests hold the tabulated one against.
#pragma once

#include <Eigen/Core>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clocks.hpp"
#include "context_extension.hpp"
#include "cue_task.hpp"
#include "random.hpp"

namespace pe::experiments {

enum class PositionScheme { none, sinusoidal, learned, rope, alibi, shaw };

/// How a token's mark enters its embedding (the file comment above describes both readings).
enum class MarkEmbedding {
  shared_row,  ///< E[symbol] + E[mark] for a marked token: one mark row shared by every symbol
  pair_rows,   ///< one free row per (symbol, marked) pair: a token's embedding is its own row
};

/// "shared_row", "pair_rows"; throws std::invalid_argument for a value outside the enum.
std::string to_string(MarkEmbedding embedding);
/// Inverse of to_string; throws std::invalid_argument naming the unknown name and the valid ones.
MarkEmbedding mark_embedding_from_string(const std::string& name);

/// "none", "sinusoidal", "learned", "rope", "alibi", "shaw".
std::string to_string(PositionScheme scheme);
/// Inverse of to_string; throws std::invalid_argument naming the unknown scheme.
PositionScheme position_scheme_from_string(const std::string& name);
/// Every scheme the lab implements.
const std::vector<PositionScheme>& all_position_schemes();
/// The five schemes the article's experiments train (all but Shaw's): the tournament's and
/// the recipe selection's default list.
const std::vector<PositionScheme>& article_position_schemes();
/// True for the schemes that add a code p(m) to the embeddings.
bool adds_position_code(PositionScheme scheme);

/// The head's architecture (not its weights).
struct HeadShape {
  PositionScheme scheme = PositionScheme::none;
  int width = 16;           ///< d; even (RoPE and the sinusoidal code rotate planes)
  int symbols = 8;          ///< content symbols; the vocabulary is 2 symbols + 1 (the query)
  int classes = 8;          ///< readout classes
  /// Rows of the position table: the learned code's positions 0..table_length-1, or Shaw's
  /// offset vectors a_0..a_K with clip K = table_length - 1.
  int table_length = 32;
  double base = kDefaultBase;
  double alibi_slope = 0.5;
  /// The default keeps the key of every head cached before the choice existed.
  MarkEmbedding mark_embedding = MarkEmbedding::shared_row;

  /// Throws std::invalid_argument naming the offending parameter.
  void validate() const;
  /// Token types: (symbol, marked) pairs and the query.
  int vocabulary() const { return 2 * symbols + 1; }
  /// Rows of E: one per symbol, the mark, the query (shared_row), or one per token type, in
  /// token_index order (pair_rows).
  int embedding_rows() const {
    return mark_embedding == MarkEmbedding::pair_rows ? vocabulary() : symbols + 2;
  }
};

/// Index of a token type, 2 symbol + marked, and 2 symbols for the query; throws std::invalid_argument for a symbol outside [0, symbols).
int token_index(const Token& token, int symbols);

/// How a trained head is read, the read-time map (all defaults: as trained). Named apart from a
/// ModelReading, which is one reading of the article's text.
struct ReadTimeMap {
  /// RoPE only: the per-plane frequencies and logit scale of a context-extension map
  /// (numerics/context_extension.hpp), with kappa = test length / training length.
  ContextExtension rope_map = ContextExtension::none;
  double kappa = 1.0;
  double training_length = 32.0;
  /// Additive schemes only: token j sits at absolute position j + position_shift.
  long position_shift = 0;
  /// Additive schemes only: replaces W_Q W_K^T in the position-position term p(t) M p(j)^T of
  /// the score, leaving the three terms that involve content as trained (forward only).
  std::optional<Eigen::MatrixXd> position_position_matrix;

  /// A RoPE head trained at `training_length` read at `test_length` under `map`.
  static ReadTimeMap rope(ContextExtension map, int test_length, int training_length);
};

/// The Gaussian initialisation: every block's entries have standard deviation scale/sqrt(d),
/// so at the default scales of 1 each row of E and of the learned table has unit expected norm
/// and the maps preserve norms in expectation. Then initial scores are of order 1/sqrt(d),
/// attention starts nearly uniform, and every marked token receives gradient. (With rows of
/// norm sqrt(d), scale 4 here, initial scores spread by about 1, and in some seeds the marked
/// tokens of a few symbols start far behind the rest; their softmax weights and hence their
/// gradients stay near zero. The recipe grid trains both scales, the N(0, 1) rows being scale
/// 4: claims.json's training_selection gives each one's validation loss, in-window accuracy
/// and degenerate heads.)
struct InitialScales {
  double embedding = 1.0;
  double position_table = 1.0;
  double query_key = 1.0;      ///< W_Q and W_K
  double value_readout = 1.0;  ///< W_V and W_O
  /// Throws std::invalid_argument unless every scale is finite and >= 0.
  void validate() const;
};

/// One named block of the flat parameter vector, stored row-major.
struct ParameterBlock {
  std::string name;
  Eigen::Index offset = 0, rows = 0, cols = 0;
  Eigen::Index size() const { return rows * cols; }
};

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMap = Eigen::Map<RowMatrix>;
using ConstRowMap = Eigen::Map<const RowMatrix>;

/// Named row-major views of the head's blocks over one flat vector laid out like the weights
/// (the weights themselves, or a gradient): the code reads `views.query`, never a block name.
template <typename Map>
struct ParameterViewsOf {
  Map embedding, query, key, value, readout;
  std::optional<Map> position_table;  ///< the learned scheme only
};
using ParameterViews = ParameterViewsOf<RowMap>;
using ConstParameterViews = ParameterViewsOf<ConstRowMap>;

/// The head's weights as one flat vector (for the optimiser and the cache) with named
/// row-major views: embedding (embedding_rows() x d), query, key, value (d x d, h -> h W), readout (d x C),
/// and for the learned scheme position_table (L x d), last so that the other blocks of heads
/// initialised from the same seed coincide across schemes.
class AttentionHead {
 public:
  /// All weights zero.
  explicit AttentionHead(const HeadShape& shape);
  /// Given weights; throws std::invalid_argument if the size does not match the shape.
  AttentionHead(const HeadShape& shape, Eigen::VectorXd parameters);
  /// Gaussian initialisation, block by block in layout order, with the given deviations.
  static AttentionHead initialised(const HeadShape& shape, Rng& rng,
                                   const InitialScales& scales = {});

  const HeadShape& shape() const { return shape_; }
  const std::vector<ParameterBlock>& blocks() const { return blocks_; }
  const ParameterBlock& block(const std::string& name) const;
  const Eigen::VectorXd& parameters() const { return parameters_; }
  Eigen::VectorXd& parameters() { return parameters_; }

  /// The weights as named views (valid while parameters() keeps its size and storage).
  ConstParameterViews weights() const { return views_of(parameters_); }
  ParameterViews weights() { return views_of(parameters_); }
  /// Named views of `flat`, a vector laid out like parameters() (a gradient); throws
  /// std::invalid_argument if its size differs.
  ParameterViews views_of(Eigen::VectorXd& flat) const;
  ConstParameterViews views_of(const Eigen::VectorXd& flat) const;
  ConstRowMap embedding() const { return weights().embedding; }
  ConstRowMap query_map() const { return weights().query; }
  ConstRowMap key_map() const { return weights().key; }
  ConstRowMap value_map() const { return weights().value; }
  ConstRowMap readout() const { return weights().readout; }

  /// E[x] for one token: under shared_row its symbol's row plus the mark's row if marked, or
  /// the query's row; under pair_rows its token type's own row.
  Eigen::VectorXd token_embedding(const Token& token) const;
  /// E[x] for every token type, row token_index(token) (vocabulary x d).
  RowMatrix token_embeddings() const;
  /// p(m) as the head adds it (zero for schemes without an added code). Throws
  /// std::invalid_argument for a learned table asked for a position outside 0..L-1.
  Eigen::VectorXd position_code(long m) const;
  /// The score matrix W_Q W_K^T (d x d).
  Eigen::MatrixXd score_matrix() const;

 private:
  HeadShape shape_;
  std::vector<ParameterBlock> blocks_;
  Eigen::VectorXd parameters_;
};

/// Reusable buffers for the tabulated forward and backward passes; one per thread.
class HeadWorkspace;

/// How many examples' softmax the tabulated forward pass took from its precomputed
/// exponential tables, and how many it recomputed from the scores (when the tables are not
/// built for the query's group, or their sum underflows). Results are the same either way; the
/// counts let a test see that the fast path runs where it should.
struct SoftmaxPathCounts {
  long tabulated = 0;
  long recomputed = 0;
};

/// The tabulated passes at each example's last position, with reusable buffers.
class HeadEvaluator {
 public:
  HeadEvaluator();
  ~HeadEvaluator();
  HeadEvaluator(HeadEvaluator&&) noexcept;
  HeadEvaluator& operator=(HeadEvaluator&&) noexcept;

  /// Logits at each example's last position (examples x classes).
  const Eigen::MatrixXd& logits_at_last(const AttentionHead& head,
                                        const std::vector<Example>& examples,
                                        const ReadTimeMap& reading = {});
  /// Mean cross-entropy at the last positions; if `gradient` is non-null it receives the
  /// gradient with respect to head.parameters() (resized as needed). Throws
  /// std::invalid_argument for a reading with a replaced position-position matrix.
  double loss_and_gradient(const AttentionHead& head, const std::vector<Example>& examples,
                           Eigen::VectorXd* gradient, const ReadTimeMap& reading = {});
  /// Number of examples whose largest logit (first on ties) is the target.
  long count_correct(const AttentionHead& head, const std::vector<Example>& examples,
                     const ReadTimeMap& reading = {});
  /// The softmax paths taken by this evaluator's forward passes so far.
  const SoftmaxPathCounts& softmax_paths() const;

 private:
  std::unique_ptr<HeadWorkspace> work_;
};

/// Convenience wrappers with a temporary evaluator.
Eigen::MatrixXd logits_at_last(const AttentionHead& head, const std::vector<Example>& examples,
                               const ReadTimeMap& reading = {});
double loss_and_gradient(const AttentionHead& head, const std::vector<Example>& examples,
                         Eigen::VectorXd* gradient, const ReadTimeMap& reading = {});
/// Fraction of examples answered correctly.
double accuracy(const AttentionHead& head, const std::vector<Example>& examples,
                const ReadTimeMap& reading = {});

/// Every position of one sequence read as a query, in one dense pass: row t holds the logits
/// at position t (n x classes).
Eigen::MatrixXd read_all_positions(const AttentionHead& head, const std::vector<Token>& tokens,
                                   const ReadTimeMap& reading = {});

/// A RoPE head's score of a key input h_k at offset r = 0..max_offset behind a query input
/// h_q (inputs are token embeddings or their averages), split by plane: entry (r, j) is plane j's
/// term, after 1/sqrt(d) and the reading's logit scale, so each row sums to the score, the
/// trigonometric polynomial of Proposition 3 (iii). `amplitudes` holds each plane's
/// |q_j| |k_j| with the same scaling.
struct RopeOffsetScores {
  Eigen::MatrixXd plane_terms;
  Eigen::VectorXd amplitudes;
  Eigen::VectorXd total() const { return plane_terms.rowwise().sum(); }
};
RopeOffsetScores rope_offset_scores(const AttentionHead& head, const Eigen::VectorXd& query_input,
                                    const Eigen::VectorXd& key_input, int max_offset,
                                    const ReadTimeMap& reading = {});

/// E[x] of a marked token averaged over the symbols (under either mark embedding): the key the
/// offset profiles score. Since a score is linear in its key, its score is the mean of the
/// marked tokens' scores.
Eigen::VectorXd mean_marked_embedding(const AttentionHead& head);

/// Any scheme's pre-softmax score (as the forward pass computes it, reading included) of the
/// query token at absolute position `query_position` against the mean marked token r positions
/// back, for r = 0..max_offset. Relative schemes give the same profile at every query position;
/// an added code does not. Entries are NaN where the head cannot place a position (a learned
/// table past its length). Throws std::invalid_argument for max_offset < 0 or
/// max_offset > query_position.
Eigen::VectorXd marked_key_scores(const AttentionHead& head, long query_position, int max_offset,
                                  const ReadTimeMap& reading = {});

/// Landmarks of a score profile s(0..n-1) over offsets: the first local minimum over r >= 1
/// (-1 if none), the lowest point over all offsets, and the highest point after it (-1 when the
/// lowest point is the last offset).
struct OffsetLandmarks {
  int first_trough = -1;
  int dive = -1;
  int peak = -1;
};
OffsetLandmarks offset_landmarks(const Eigen::VectorXd& score);

}  // namespace pe::experiments
