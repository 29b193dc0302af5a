/// @file
/// @brief The title of the section this folder holds, written once: every file that names the
/// section uses this constant.
#pragma once

#include <string>

namespace pe::theorems {

/// The section's title, as the article prints it.
inline constexpr char kWindowSection[] = "Past the training window";

}  // namespace pe::theorems
