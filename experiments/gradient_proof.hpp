/// @file
/// @brief The hand-written gradients proved equal to the exact derivatives of the forward pass:
/// the tabulated passes (the code training runs) are run on symbolic weights
/// (symbolic_head.hpp), their forward result is differentiated with GiNaC, and the derivative
/// is compared with their backward result in exact arithmetic.
///
/// The proof has two stages that meet where the code's backward starts:
///
/// - the loss: cross_entropy_at_last on free logit symbols l_bc gives d loss / d l_bc equal to
///   the derivative of its loss;
/// - the head: with d loss / d logits a matrix of free symbols u_bc, the backward from the
///   logits gives, for every parameter w, sum_bc u_bc d logits_bc / d w.
///
/// The code hands the loss's d_logits to the head's backward (HeadWorkspaceOf::backward), so the
/// chain rule composes the two into d loss / d w for every weight and every upstream. Each
/// comparison is a difference reduced to 0 in GiNaC's normal form of rational functions, with the
/// exponentials and logarithms of the pass as atoms that both sides share.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gradient_check.hpp"
#include "symbolic_head.hpp"

namespace pe::experiments {

/// One symbolic run of the head: a scheme under a reading and a mark embedding, at width
/// `width` on the first `examples` of gradient_proof_examples(examples).
struct GradientProofCase {
  PositionScheme scheme = PositionScheme::none;
  std::string reading;  ///< a gradient_read_time_map name
  MarkEmbedding mark_embedding = MarkEmbedding::shared_row;
  int width = 2;
  int examples = 3;
};

/// The examples of a proof run, ending in the query at position 2 except the last, which ends
/// in a content token at position 1: with 3 examples one query group has 2 members (the
/// separable schemes' tabulated softmax) and one example takes the recomputed softmax; with 5
/// the group has 4 members, more than the 3 token types, so RoPE's table of exponentials is
/// used too; with 1 there is one example of 3 tokens. Throws std::invalid_argument for any other
/// count.
std::vector<Example> gradient_proof_examples(int count);

/// The head the proof runs: one symbol (3 token types), 2 classes, the given width; a learned
/// table of 8 rows (the "shift" reading reads positions 5..7), Shaw's clip K = 1 (offset 2
/// shares a_1 with offset 1).
HeadShape gradient_proof_shape(const GradientProofCase& c);

/// Every run, per scheme: each reading gradient_cases() checks by central differences (less
/// "batch", a reading of the examples) at width 2, on 3 examples (5 for RoPE); RoPE again at
/// width 4 on 1 example, so that its plane loop runs past plane 0; and the scheme without
/// position under the pair_rows mark embedding, whose fold of the token rows differs. The
/// sizes keep every run to seconds: the expansion grows with d^4 terms per score.
std::vector<GradientProofCase> gradient_proof_cases(PositionScheme scheme);

/// The outcome of comparing a hand-written gradient with an exact derivative.
struct GradientProof {
  bool holds = false;
  int entries = 0;           ///< scalar derivatives compared
  int nonzero_entries = 0;   ///< of them, not identically 0 (an all-zero gradient proves nothing)
  std::string failure;       ///< the first entry whose difference is not 0, and its remainder
};

/// Compares `gradient[k]` with sum_i upstream[i] d outputs[i] / d variables[k] for every k:
/// the difference must reduce to 0. `names[k]` names variable k in a failure.
GradientProof compare_with_derivative(const std::vector<Symbolic>& outputs,
                                      const std::vector<Symbolic>& upstream,
                                      const std::vector<GiNaC::symbol>& variables,
                                      const std::vector<std::string>& names,
                                      const std::vector<Symbolic>& gradient);

/// The loss stage: cross_entropy_at_last's d_logits against the derivative of its loss, on
/// free logits for the proof's examples. `gradient_edit` may change the code's result before
/// the comparison (a planted error); by default it is compared as computed.
GradientProof prove_loss_gradient(
    const std::function<void(RowsOf<Symbolic>&)>& gradient_edit = nullptr);

/// The head stage for one run. `gradient_edit` as above. The counts of the softmax paths the
/// forward pass took are returned beside the comparison.
struct HeadGradientProof {
  GradientProof comparison;
  SoftmaxPathCounts softmax_paths;
  int parameters = 0;
};
HeadGradientProof prove_head_gradient(const GradientProofCase& c,
                                      const std::function<void(ColumnOf<Symbolic>&)>& gradient_edit = nullptr);

}  // namespace pe::experiments
