/// @file
/// @brief The readers of a head, over the scheme rules: the tabulated passes that train and test
/// it (HeadEvaluator, tabulated_passes.cpp) and the dense one-pass readers (head_readers.cpp).
///
/// For the additive schemes the layer reads h_m = E[x_m] + p(m), with p the sinusoidal code
/// (Definition 2) or a learned table (Definition 1, rows 0..L-1 only); otherwise h_m = E[x_m].
/// Queries, keys and values are q = h W_Q, k = h W_K, v = h W_V, and position t scores key
/// j <= t by
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
/// query, one pass) that the tests hold the tabulated one against. Both ask the scheme's rule
/// (position_scheme.hpp) for every scheme-dependent step; this header brings the rules' public
/// functions (scheme names, make_head) with it.
#pragma once

#include <Eigen/Core>
#include <memory>
#include <vector>

#include "attention_head.hpp"
#include "position_scheme.hpp"

namespace pe::experiments {

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
                                        const ReadTimeMap& read_time_map = {});
  /// Mean cross-entropy at the last positions; if `gradient` is non-null it receives the
  /// gradient with respect to head.parameters() (resized as needed). Throws
  /// std::invalid_argument for a read-time map with a replaced position-position matrix.
  double loss_and_gradient(const AttentionHead& head, const std::vector<Example>& examples,
                           Eigen::VectorXd* gradient, const ReadTimeMap& read_time_map = {});
  /// Number of examples whose largest logit (first on ties) is the target.
  long count_correct(const AttentionHead& head, const std::vector<Example>& examples,
                     const ReadTimeMap& read_time_map = {});
  /// The softmax paths taken by this evaluator's forward passes so far.
  const SoftmaxPathCounts& softmax_paths() const;

 private:
  std::unique_ptr<HeadWorkspace> work_;
};

/// Convenience wrappers with a temporary evaluator.
Eigen::MatrixXd logits_at_last(const AttentionHead& head, const std::vector<Example>& examples,
                               const ReadTimeMap& read_time_map = {});
double loss_and_gradient(const AttentionHead& head, const std::vector<Example>& examples,
                         Eigen::VectorXd* gradient, const ReadTimeMap& read_time_map = {});
/// The loss stage of the tabulated passes: the mean cross-entropy of `logits` (examples x
/// classes) against the examples' targets, and d loss / d logits in `d_logits`, in double or
/// Symbolic (symbolic_head.hpp). Throws std::invalid_argument for a target outside
/// [0, classes) or a row count other than the examples'.
template <class Scalar>
Scalar cross_entropy_at_last(const MatrixOf<Scalar>& logits, const std::vector<Example>& examples,
                             RowsOf<Scalar>& d_logits);

/// Fraction of examples answered correctly.
double accuracy(const AttentionHead& head, const std::vector<Example>& examples,
                const ReadTimeMap& read_time_map = {});

/// Every position of one sequence read as a query, in one dense pass: row t holds the logits
/// at position t (n x classes).
Eigen::MatrixXd read_all_positions(const AttentionHead& head, const std::vector<Token>& tokens,
                                   const ReadTimeMap& read_time_map = {});

/// A RoPE head's score of a key input h_k at offset r = 0..max_offset behind a query input
/// h_q (inputs are token embeddings or their averages), split by plane: entry (r, j) is plane j's
/// term, after 1/sqrt(d) and the read-time map's logit scale, so each row sums to the score, the
/// trigonometric polynomial of Proposition 3 (iii). `amplitudes` holds each plane's
/// |q_j| |k_j| with the same scaling.
struct RopeOffsetScores {
  Eigen::MatrixXd plane_terms;
  Eigen::VectorXd amplitudes;
  Eigen::VectorXd total() const { return plane_terms.rowwise().sum(); }
};
RopeOffsetScores rope_offset_scores(const AttentionHead& head, const Eigen::VectorXd& query_input,
                                    const Eigen::VectorXd& key_input, int max_offset,
                                    const ReadTimeMap& read_time_map = {});

/// Any scheme's pre-softmax score (as the forward pass computes it, read-time map included) of the
/// query token at absolute position `query_position` against the mean marked token r positions
/// back, for r = 0..max_offset. Relative schemes give the same profile at every query position;
/// an added code does not. Entries are NaN where the head cannot place a position (a learned
/// table past its length). Throws std::invalid_argument for max_offset < 0 or
/// max_offset > query_position.
Eigen::VectorXd marked_key_scores(const AttentionHead& head, long query_position, int max_offset,
                                  const ReadTimeMap& read_time_map = {});

}  // namespace pe::experiments
