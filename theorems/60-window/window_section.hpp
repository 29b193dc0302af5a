/// @file
/// @brief The title of the section this folder holds, written once: every file that names the
/// section uses this constant.
#pragma once

#include <string>

namespace pe::theorems {

/// The section's title, as the article prints it.
inline constexpr char kWindowSection[] = "Past the training window";

/// What the length tournament is read at (the tables' columns, the paragraphs' "at 64"): the
/// reasons of non-claims wherever the article reads its heads.
inline const std::string kReadAt = "a length the heads are read at";
inline const std::string kTrainedAt = "the training length, 32 tokens";

}  // namespace pe::theorems
