/// @file
/// @brief What a position scheme contributes to the attention head, behind one interface, and
/// everything that must ask a scheme's rule to be answered.
///
/// The floors: the head (attention_head.hpp) is scheme-blind and sits below this file; the
/// rules sit here; the readers that run a head (head_readers.hpp) sit above and call the rules.
/// Asking the rule is this floor's job alone, so a question such as "does this scheme carry a
/// position table" has one answer, the rule's: a scheme's name (to_string), the checks a shape
/// must pass for its scheme (validate_head_shape), the head with the blocks its scheme needs
/// (make_head, initialised_head), its added code (position_code), and whether a read-time map
/// suits it (validate_read_time_map).
///
/// A scheme enters the head in two places only:
///
/// - the inputs: h_m = x_m E + p(m) for the schemes that add a code p (sinusoidal, learned);
/// - the score of a query at position t against a key at position j: q.k / sqrt(d) for the
///   content-only schemes, <R(t) q, R(j) k> / sqrt(d) for RoPE, q.k / sqrt(d) - slope (t - j)
///   for ALiBi.
///
/// Everything else (softmax, value mixing, readout, cross-entropy, Adam) is shared and knows
/// no scheme. Each scheme is one file: scheme_content.cpp (no position, and the content score
/// the separable schemes share), scheme_added_code.cpp (sinusoidal and learned), scheme_rope.cpp,
/// scheme_alibi.cpp and scheme_shaw.cpp; each has its forward and its backward side by side. A
/// new scheme is a new file with a PositionSchemeRule and a TabulatedScores class template, and
/// one line in each of position_scheme.cpp's two registries (plus its PositionScheme value);
/// Shaw and colleagues' clipped offset vectors were added that way.
///
/// Each scheme serves three readers:
///
/// - the tabulated passes (training and the tournament's test sets), through its
///   TabulatedScores: scores of one query group (query token, position) against every token
///   type and position, and their backward, in double for training and in GiNaC expressions for
///   the gradient proof (head_scalar.hpp);
/// - the dense readers (read_all_positions, read_filing_one_pass, marked_key_scores): queries
///   and keys placed at positions (`place`), a logit factor, and an offset bias;
/// - the streaming reader (make_stream), for the schemes whose scores need no table over
///   positions: state carried from one token to the next.
#pragma once

#include <memory>
#include <string>

#include "attention_head.hpp"

namespace pe::experiments {

/// Everything the tabulated passes share across the query groups of one batch, in the passes'
/// scalar (double for training, Symbolic for the gradient proof; head_scalar.hpp).
template <class Scalar>
struct TabulatedBatchOf {
  const HeadShape& shape;
  const ReadTimeMap& read_time_map;
  ParameterViewsOf<ConstRowMapOf<Scalar>> weights;
  const RowsOf<Scalar>& token_rows;  ///< x E for every token type (V x d)
  const RowsOf<Scalar>& code_rows;   ///< p(shift), ..., p(shift + n_max - 1); empty without a code
  Scalar inv_tau = 0;                ///< 1 / sqrt(d)
};
using TabulatedBatch = TabulatedBatchOf<double>;

/// One query (token, position) of a batch: its scores against every token type and position,
/// in one of two forms. Separable: s_j = content[x_j] + position_part[j] (all but RoPE).
/// Table: s_j = table(x_j, j) (RoPE).
template <class Scalar>
struct QueryGroupOf {
  int query_token = 0;  ///< row of the token table
  int position = 0;     ///< t, the last position
  ColumnOf<Scalar> query_input;     ///< h_q
  ColumnOf<Scalar> q;               ///< h_q W_Q
  ColumnOf<Scalar> key_direction;   ///< W_K q (separable form)
  ColumnOf<Scalar> content, position_part, d_content, d_position_part;
  RowsOf<Scalar> table, d_table, rotated_query;  ///< table form; rotated_query row j = R(t - j) q
  ColumnOf<Scalar> d_query;         ///< d loss / d q, written by the score backward
  // Softmax numerators as products of per-group exponentials (see the tabulated forward).
  int members = 0;
  bool exp_tables_ready = false;
  ColumnOf<Scalar> exp_content, exp_position;
  RowsOf<Scalar> exp_table;
};
using QueryGroup = QueryGroupOf<double>;

/// Where the score backward writes: the token rows x E (V x d), W_K, and the added code's rows
/// (n_max x d, null without a code); the rule folds the code rows into its own parameters.
/// `position_table` is the gradient of the head's position table (null without one), for a
/// rule whose scores read the table directly.
template <class Scalar>
struct ScoreGradientsOf {
  RowsOf<Scalar>& token_rows;
  RowMapOf<Scalar> key;
  RowsOf<Scalar>* code_rows = nullptr;
  RowMapOf<Scalar>* position_table = nullptr;
};
using ScoreGradients = ScoreGradientsOf<double>;

/// Tables a rule keeps between calls of one evaluator (for instance RoPE's cosines).
struct SchemeScratch {
  virtual ~SchemeScratch() = default;
};

/// A streaming reader: tokens pushed one at a time, and after each the logits of the query
/// token read at the next position. State is O(vocabulary), whatever the length.
class ScoreStream {
 public:
  virtual ~ScoreStream() = default;
  virtual void push(const Token& token) = 0;
  /// Logits of the query token at the position after the last token pushed (classes).
  virtual Eigen::VectorXd query_logits() const = 0;
};

/// A dense matrix view the rules place rows of (any storage order or stride).
using DenseRows = Eigen::Ref<Eigen::MatrixXd, 0, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>>;

class PositionSchemeRule {
 public:
  virtual ~PositionSchemeRule() = default;
  virtual PositionScheme scheme() const = 0;
  virtual const char* name() const = 0;

  /// Throws std::invalid_argument naming a shape parameter the scheme cannot take (the
  /// checks every scheme shares are HeadShape::validate_shared's).
  virtual void validate(const HeadShape& shape) const;
  /// True if a context-extension map (numerics/context_extension.hpp) can read the scheme.
  virtual bool takes_context_extension() const { return false; }

  // ---- The inputs -----------------------------------------------------------------------
  /// True if the scheme adds a code p(m) to the inputs.
  virtual bool adds_code() const { return false; }
  /// True if the added code's rows are trained parameters (the learned table).
  virtual bool code_has_parameters() const { return false; }
  /// True if the head has a `position_table` block of table_length rows: the learned code's
  /// rows, or a table the scores read (Shaw's offset vectors).
  virtual bool has_position_table() const { return code_has_parameters(); }
  /// Whether the head can place position m (a learned table only has rows 0..L-1).
  virtual bool places(const HeadShape& shape, long m) const;
  /// p(first), ..., p(first + n - 1) (n x d); zero rows without a code. Throws
  /// std::invalid_argument for positions the head cannot place.
  virtual RowMatrix code_rows(const AttentionHead& head, long first, int n) const;

  // ---- Dense scores: scale * <place(q, t), place(k, j)> + offset term (t - j) --------------
  /// The factor on q.k / sqrt(d) under a read-time map (RoPE's logit scale; 1 otherwise).
  virtual double score_factor(const HeadShape& shape, const ReadTimeMap& read_time_map) const;
  /// Row i of `rows` moved to position first + i (RoPE rotates; the others leave rows alone).
  virtual void place(DenseRows rows, double first, const HeadShape& shape,
                     const ReadTimeMap& read_time_map) const;
  /// True if the scores carry a term in the offset t - j: ALiBi's bias -slope (t - j), or
  /// Shaw's q . a_min(t - j, K) / sqrt(d), which also reads the query.
  virtual bool has_offset_terms() const { return false; }
  /// terms[r], r = 0..max_offset: the term added to the score of a key r positions before a
  /// query whose placed query vector is `query` (length d). The default adds nothing.
  virtual void offset_terms(const HeadShape& shape, const ConstParameterViews& weights,
                            const double* query, long max_offset, double* terms) const;

  /// Tables the rule keeps between calls of one reader (RoPE's scan tables).
  virtual std::unique_ptr<SchemeScratch> new_scratch() const { return nullptr; }

  // ---- Streaming -------------------------------------------------------------------------
  /// A streaming reader, or null for schemes that need every position's score afresh.
  virtual std::unique_ptr<ScoreStream> make_stream(const AttentionHead& head,
                                                   const ReadTimeMap& read_time_map) const;

  // ---- One query under a read-time map of its own (the document scan's rescaled readers) ---
  /// scores[j] = dense_scale <place(q, m), place(k_j, j)> for j = 0..m-1, where key j is row
  /// types[j] of `type_keys` (unplaced, one row per token type), under `read_time_map`;
  /// except that a key whose score provably lies more than kNegligibleScoreGap below the
  /// largest of them may get -infinity instead (its softmax weight counts as 0 either way).
  /// Only for schemes whose keys depend on position through `place` alone and that take a
  /// context-extension map; the default throws std::logic_error.
  virtual void scores_under_read_time_map(const HeadShape& shape,
                                          const ReadTimeMap& read_time_map,
                                          const Eigen::VectorXd& q, long m,
                                          const RowMatrix& type_keys, const int* types,
                                          double* scores, SchemeScratch* scratch) const;
};

/// The document scan (filing_scan.hpp) gives a key whose score lies this far below the
/// position's largest a softmax weight of 0: e^-50 = 1.9e-22, so such keys together weigh less
/// than a tenth of the total's rounding unit for a million keys.
inline constexpr double kNegligibleScoreGap = 50.0;

/// The rule of a scheme (a registered singleton).
const PositionSchemeRule& rule_of(PositionScheme scheme);

/// "none", "sinusoidal", "learned", "rope", "alibi", "shaw": the rule's name.
std::string to_string(PositionScheme scheme);
/// Inverse of to_string; throws std::invalid_argument naming the unknown scheme.
PositionScheme position_scheme_from_string(const std::string& name);
/// True for the schemes that add a code p(m) to the embeddings.
bool adds_position_code(PositionScheme scheme);

/// Throws std::invalid_argument naming the offending parameter: the checks every scheme shares
/// (HeadShape::validate_shared), then the scheme's own.
void validate_head_shape(const HeadShape& shape);
/// A head of `shape` with the blocks its scheme asks for (a position table or not), all weights
/// zero; throws std::invalid_argument for a shape its scheme cannot take.
AttentionHead make_head(const HeadShape& shape);
/// The same with given weights; throws std::invalid_argument if their size does not match.
AttentionHead make_head(const HeadShape& shape, Eigen::VectorXd parameters);
/// The same with the Gaussian initialisation of AttentionHead::initialised.
AttentionHead initialised_head(const HeadShape& shape, Rng& rng, const InitialScales& scales = {});
/// p(m) as the head adds it (zero for schemes without an added code). Throws
/// std::invalid_argument for a learned table asked for a position outside 0..L-1.
Eigen::VectorXd position_code(const AttentionHead& head, long m);

/// Throws std::invalid_argument for a read-time map the head's scheme cannot take (a
/// context-extension map on a non-RoPE head; a position-position matrix on a scheme without an
/// added code, or of the wrong size).
void validate_read_time_map(const HeadShape& shape, const ReadTimeMap& read_time_map);

/// The dense readers' factor on q.k: 1 / sqrt(d) times the rule's logit factor.
double dense_scale(const PositionSchemeRule& rule, const HeadShape& shape,
                   const ReadTimeMap& read_time_map);
/// Scores of queries at positions query_first, query_first + 1, ... against keys at key_first,
/// ... before the causal mask: dense_scale <place(q_t), place(k_j)> plus the offset terms where
/// the key is not after the query. `q` and `k` are placed in place.
Eigen::MatrixXd dense_scores(const PositionSchemeRule& rule, const HeadShape& shape,
                             const ConstParameterViews& weights, const ReadTimeMap& read_time_map,
                             Eigen::MatrixXd& q, double query_first, Eigen::MatrixXd& k,
                             double key_first);

/// The tabulated passes' side of a scheme (tabulated_passes.cpp): scores of one query group
/// (query token, position) against every token type and position, their backward, and the
/// added code's rows, in the passes' scalar. Each scheme's file defines its class template
/// beside its rule and instantiates it for double (training) and Symbolic (the gradient proof).
template <class Scalar>
class TabulatedScores {
 public:
  using Batch = TabulatedBatchOf<Scalar>;
  using Group = QueryGroupOf<Scalar>;
  using Gradients = ScoreGradientsOf<Scalar>;
  using Views = ParameterViewsOf<ConstRowMapOf<Scalar>>;
  using GradientViews = ParameterViewsOf<RowMapOf<Scalar>>;

  virtual ~TabulatedScores() = default;
  virtual std::unique_ptr<SchemeScratch> new_scratch() const { return nullptr; }
  /// p(first), ..., p(first + n - 1) (n x d) for a scheme that adds a code, through the
  /// scratch (a fixed code is computed once). Throws std::invalid_argument for positions the
  /// head cannot place; the default throws std::logic_error (no code).
  virtual const RowsOf<Scalar>& batch_code_rows(const HeadShape& shape, const Views& weights,
                                                long first, int n, SchemeScratch* scratch) const;
  /// Backward of batch_code_rows: d loss / d p rows into the parameters (a learned table).
  virtual void code_rows_backward(const RowsOf<Scalar>&, long, GradientViews&) const {}
  /// Called once per batch before score_group (RoPE builds its rotations and keys here).
  virtual void prepare_batch(const Batch&, int, SchemeScratch*) const {}
  /// True for the separable form (content + position_part), false for a table.
  virtual bool separable_scores() const { return true; }
  /// Forward: the group's scores from g.q.
  virtual void score_group(const Batch& batch, SchemeScratch* scratch, Group& g) const = 0;
  /// Backward: from g's score gradients to g.d_query and the gradients of the token rows,
  /// W_K and the code rows.
  virtual void score_group_backward(const Batch& batch, SchemeScratch* scratch, Group& g,
                                    Gradients& gradients) const = 0;
  /// After every group's backward (RoPE folds its key gradients here).
  virtual void finish_score_backward(const Batch&, SchemeScratch*, Gradients&) const {}
};

/// A scheme whose tabulated score is separable, s_j = content[x_j] + position_part[j]: no
/// position, an added code, ALiBi, Shaw. The content part, q.k / sqrt(d) summed per token type,
/// is written once here (scheme_content.cpp); each scheme adds its position part.
template <class Scalar>
class SeparableScores : public TabulatedScores<Scalar> {
 public:
  using typename TabulatedScores<Scalar>::Batch;
  using typename TabulatedScores<Scalar>::Group;
  using typename TabulatedScores<Scalar>::Gradients;
  void score_group(const Batch& batch, SchemeScratch* scratch, Group& g) const final;
  void score_group_backward(const Batch& batch, SchemeScratch* scratch, Group& g,
                            Gradients& gradients) const final;

 protected:
  /// g.position_part (t + 1 entries), given g.q and g.key_direction.
  virtual void position_part(const Batch& batch, Group& g) const = 0;
  /// Backward of position_part: adds to d loss / d key_direction and to the code rows'
  /// gradient. Parameter-free parts (ALiBi's bias, no position) add nothing.
  virtual void position_part_backward(const Batch&, const Group&, ColumnOf<Scalar>&,
                                      Gradients&) const {}
  /// Backward of a position part that reads q directly (Shaw's q . a): adds to g.d_query, once
  /// it holds the content's share, and to the table's gradient. The default adds nothing.
  virtual void position_part_query_backward(const Batch&, Group&, Gradients&) const {}
};

/// The tabulated side of a scheme in the scalar `Scalar` (double or Symbolic): a registered
/// singleton per scalar, in PositionScheme order like rule_of.
template <class Scalar>
const TabulatedScores<Scalar>& tabulated_scores(PositionScheme scheme);

/// A streaming reader for a scheme whose score is content plus a bias linear in the offset,
/// -slope (t - j) (ALiBi; slope 0 for no position): each token type's weight decays by
/// exp(-slope) per step, so the state is one number per token type.
std::unique_ptr<ScoreStream> make_decaying_stream(const AttentionHead& head, double slope);

}  // namespace pe::experiments
