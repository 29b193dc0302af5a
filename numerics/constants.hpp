/// @file
/// @brief Numeric constants shared by the numerics and the verification units.
#pragma once

#include <limits>

namespace pe {

/// Double precision's machine epsilon, 2^-52: the unit in which exact claims state their
/// tolerances.
inline constexpr double kEps = std::numeric_limits<double>::epsilon();

}  // namespace pe
