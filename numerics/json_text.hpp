/// @file
/// @brief The project's one JSON writer's quoting (the claims report and the figure payload)
/// and its one JSON reader (pe_report diff reads reports, the docs read recorded benchmarks).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

/// A JSON value as parse_json keeps it: strings, numbers and literals as their text (a string
/// unescaped, a number or `true`/`false`/`null` as written), objects as members in order,
/// arrays as items.
struct JsonValue {
  enum class Kind { scalar, object, array } kind = Kind::scalar;
  std::string text;
  std::vector<std::pair<std::string, JsonValue>> members;
  std::vector<JsonValue> items;

  /// The member named `name`, or nullptr.
  const JsonValue* member(const std::string& name) const;
  /// The member's text, or "" when there is no such member.
  std::string text_of(const std::string& name) const;
};

/// Reads one JSON document. Throws std::invalid_argument naming the byte offset of what is not
/// JSON (nesting deeper than 64 levels included).
JsonValue parse_json(std::string_view text);

}  // namespace pe
