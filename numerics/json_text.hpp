/// @file
/// @brief The one JSON string quoting of the project's output files (the claims report and
/// the figure payload).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace pe {

/// `text` as a JSON string literal: quotes and backslashes escaped, newline and tab as \\n
/// and \\t, other control characters as \\u00XX; every other byte (UTF-8 included) as is.
inline std::string json_quoted(std::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

}  // namespace pe
