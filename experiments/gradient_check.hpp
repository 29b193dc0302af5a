/// @file
/// @brief Every hand-written gradient of the attention head against central differences: the
/// cases (scheme x read-time map x parameter block), the heads and batches they run on, and the
/// comparison. The verification unit `implementation` decides one claim per scheme from these;
/// the head's own tests reuse the same heads and batches.
#pragma once

#include <string>
#include <vector>

#include "head_readers.hpp"
#include "cue_task.hpp"
#include "random.hpp"

namespace pe::experiments {

/// A head with sharper scores than at initialisation (rows of norm about 4, scores spread by
/// several units), so that softmax weights are far from uniform and every term of the backward
/// pass matters.
AttentionHead sharp_head(PositionScheme scheme, std::uint64_t seed,
                         MarkEmbedding mark_embedding = MarkEmbedding::shared_row);

/// A content token of a type in [0, 7], marked with probability 0.3. The mark is drawn first and
/// the type second, one statement each: the two as arguments of one call would be drawn in the
/// order the compiler chooses (GCC and clang differ), and so would the tokens.
Token random_content_token(Rng& rng);

/// Examples of mixed lengths (1..max_length) whose last tokens are the query or content tokens,
/// so that the tabulated pass forms several query groups.
std::vector<Example> mixed_examples(Rng& rng, int count, int max_length);

/// The read-time maps the cases use: "plain", "shift" (the added code read 5 positions later), and
/// "pi", "ntk", "yarn" (RoPE rescaled from a training length of 32 to 80, kappa = 2.5).
/// Throws std::invalid_argument for any other name.
ReadTimeMap gradient_read_time_map(const std::string& name);

struct GradientCase {
  PositionScheme scheme;
  /// A gradient_read_time_map name on mixed examples, or "batch": cue-task sequences that all
  /// end in the query at one position, so that the softmax runs on per-group tables.
  std::string map_name;
  std::string block;  ///< a ParameterBlock name
  /// gradient_cases() lists shared_row heads, the reading the verification unit checks.
  MarkEmbedding mark_embedding = MarkEmbedding::shared_row;
};

/// Every case: each scheme's parameter blocks under "plain" and "batch", RoPE's under its three
/// rescalings, and the added codes' under "shift".
std::vector<GradientCase> gradient_cases();

struct GradientAgreement {
  double relative = 0;       ///< |numeric - analytic| / max(|numeric|, |analytic|) over the block
  double worst_entry = 0;    ///< max |numeric_i - analytic_i| / max |analytic_i|
  double analytic_norm = 0;  ///< |analytic|: a vanishing gradient would make the check void
};

/// The block's gradient from the backward pass against central differences at step `step`.
GradientAgreement check_gradient(const GradientCase& c, double step = 1e-5);

/// The bound both relative errors are held to. Central differences at h = 1e-5 carry truncation
/// h^2 |f'''| / 6 and rounding eps |f| / h, both near 1e-10 for these losses of order 1; the
/// bound leaves three orders of margin for the growth of f''' on sharp heads.
inline constexpr double kGradientRelativeBound = 1e-7;
/// A block gradient smaller than this makes its check void.
inline constexpr double kGradientVanishes = 1e-6;

}  // namespace pe::experiments
