/// @file
/// @brief The evidence behind each scheme's gradient claim, computed once per build: the exact
/// proof (gradient_proof.hpp) and the central-difference cross-check (gradient_check.hpp),
/// gathered per scheme and written to a build product that the claim reads.
///
/// The proof depends only on the experiments' sources, so the build runs it (pe_prove_gradients,
/// experiments/CMakeLists.txt) exactly when one of them changes, and never in a test run whose
/// sources are unchanged; the claim then decides its verdict on what the product says.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "position_scheme.hpp"

namespace pe::experiments {

/// One scheme's gradient evidence.
struct GradientEvidence {
  PositionScheme scheme = PositionScheme::none;
  std::string loss_failure;  ///< empty when the loss stage is proved
  int entries = 0;           ///< derivatives compared, over every run of the head stage
  int nonzero_entries = 0;   ///< of them, not identically 0
  long tabulated = 0;        ///< softmax rows the runs took by the tabulated path
  long recomputed = 0;       ///< and by the recomputed path
  std::vector<std::string> runs;  ///< each proof run: reading, width, mark embedding, examples
  std::string head_failure;  ///< the first run whose comparison failed, and why; empty if none
  int difference_cases = 0;  ///< central-difference cases (reading x parameter block, d = 16)
  double worst_relative = 0; ///< their largest relative error
  std::string worst_case;
  double smallest_norm = 0;  ///< their smallest block gradient
  std::string smallest_case;
};

/// Runs the proof and the cross-check of one scheme (seconds: the symbolic expansion).
GradientEvidence gradient_evidence(PositionScheme scheme);

/// The product's text: one "key<TAB>value" line a field, a blank line between schemes.
void write_gradient_evidence(std::ostream& out, const std::vector<GradientEvidence>& evidence);
/// Reads what write_gradient_evidence wrote. Throws std::invalid_argument naming the line for
/// anything else (a product cut short, a field unknown or missing).
std::vector<GradientEvidence> read_gradient_evidence(std::istream& in);

}  // namespace pe::experiments
