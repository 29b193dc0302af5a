/// @file
/// @brief What the bag-of-tokens unit decides about the readings of the article: which rules for
/// a sequence without marks reproduce the printed exact reader (claim exp.bag.no_mark_rule).
#pragma once

#include <string>

#include "cue_task.hpp"

namespace pe::theorems {

/// The claim whose printed values decide the no-mark rule.
inline constexpr char kNoMarkRuleClaim[] = "exp.bag.no_mark_rule";

/// True when the exact bag-of-tokens reader under `rule` prints as the article's 0.547 at
/// length 32 and 0.234 at length 256; a reading of the article with another rule is ruled out
/// by the article's own printed values.
bool no_mark_rule_prints_as_article(experiments::NoMarkRule rule);
/// Why a rule does not print as the article ("" when it does): the exact reader's two values.
std::string why_no_mark_rule_is_ruled_out(experiments::NoMarkRule rule);

}  // namespace pe::theorems
