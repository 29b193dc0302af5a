/// @file
/// @brief The tabulated passes (tabulated_passes.cpp), the code training runs, run on exact
/// symbolic weights: the gradient proof differentiates their forward result with GiNaC and
/// compares it with their hand-written backward result (theorems/88-implementation).
#pragma once

#include <vector>

#include "head_readers.hpp"
#include "symbolic_scalar.hpp"

namespace pe::experiments {

/// What the tabulated passes compute on a symbolic parameter vector.
struct SymbolicHeadPass {
  MatrixOf<Symbolic> logits;    ///< the forward pass at each example's last position (B x C)
  ColumnOf<Symbolic> gradient;  ///< the backward pass from `upstream` as d loss / d logits
  SoftmaxPathCounts softmax_paths;  ///< the softmax paths the forward pass took
};

/// The forward pass of a head of `shape` with blocks `blocks` and weights `parameters` (laid
/// out like AttentionHead::parameters()) on `examples`, and the backward pass from the logits
/// with d loss / d logits = `upstream` (B x C): the gradient of sum_bc upstream(b, c)
/// logits(b, c) as the hand-written code computes it. Throws std::invalid_argument where the
/// double passes do, and for an upstream of another shape than the logits.
SymbolicHeadPass symbolic_head_pass(const HeadShape& shape, const std::vector<ParameterBlock>& blocks,
                                    const ColumnOf<Symbolic>& parameters,
                                    const std::vector<Example>& examples,
                                    const ReadTimeMap& read_time_map,
                                    const RowsOf<Symbolic>& upstream);

}  // namespace pe::experiments
