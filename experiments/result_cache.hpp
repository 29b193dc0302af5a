/// @file
/// @brief Plain-text cache entries for experiment results: keyed by a hash of everything that
/// determines them, sealed by a checksum of their content, written atomically.
///
/// An entry is trusted only if it parses completely, its key line matches the key the caller
/// expects, and its checksum matches its text; anything else is treated as missing, so the
/// caller recomputes it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pe::experiments {

/// 64-bit FNV-1a hash of a byte string.
std::uint64_t fnv1a64(std::string_view text);
/// 16 lower-case hex digits.
std::string hex64(std::uint64_t value);
/// splitmix64 of (a, b): derives independent seeds from a root seed and an index.
std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b);

/// Writes `body` followed by a line "checksum <fnv1a64(body)>" to `path`, via a temporary file
/// in the same directory renamed into place, so that a reader never sees half an entry.
void write_sealed(const std::string& path, const std::string& body);
/// The body of a sealed entry, or nothing if the file is missing, unreadable, or its checksum
/// line is absent or does not match.
std::optional<std::string> read_sealed(const std::string& path);

/// A double as a C99 hex-float (exact round trip) and back; parse_double returns nothing for
/// text that is not one complete number.
std::string exact_text(double value);
std::optional<double> parse_double(const std::string& text);

}  // namespace pe::experiments
