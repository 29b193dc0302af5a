/// @file
/// @brief The largest sizes the project's entry points accept, and the one check that enforces
/// them. Each limit admits every use the article and this project make, with room to spare, and
/// keeps a request past it from allocating without bound: it is refused with
/// std::invalid_argument naming the value instead.
#pragma once

#include <stdexcept>
#include <string>

namespace pe {

/// Tokens in one cue-task sequence or rows of a position table. The article's longest test
/// sequence has 2048 tokens; a tournament holds test_sequences of this length per test length,
/// so 65,536 keeps one test set of 2,000 sequences under about 1 GiB. (Whole documents read by
/// the filing reader are bounded by their size in bytes, kMaxDocumentBytes, instead.)
inline constexpr long kMaxSequenceLength = 65536;
/// The width d of a code or a head; the article's widest code has d = 512.
inline constexpr long kMaxWidth = 16384;
/// Decimal digits of a run-time-precision computation (MPFR, MPFI); the report uses 300 at
/// most. At this limit one number takes about 40 KiB.
inline constexpr long kMaxDigits = 100000;
/// Positions in a window matrix (rows of P); the article's longest window has 4,096.
inline constexpr long kMaxWindowPositions = 1 << 20;
/// Training seeds of one configuration; the article uses 3 and the sweep 20.
inline constexpr long kMaxSeeds = 10000;

/// Throws std::invalid_argument "<function>: <name> must be <= <limit>, got <name> = <value>"
/// when value > limit.
inline void require_at_most(long value, long limit, const char* name, const char* function) {
  if (value > limit)
    throw std::invalid_argument(std::string(function) + ": " + name + " must be <= " +
                                std::to_string(limit) + ", got " + name + " = " +
                                std::to_string(value));
}

}  // namespace pe
