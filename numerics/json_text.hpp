/// @file
/// @brief The project's one JSON writer's quoting (the claims report and the figure payload)
/// and its one JSON reader (pe_report diff reads reports, the docs read recorded benchmarks).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "utf8_text.hpp"

namespace pe {

/// `text` as a JSON string literal, valid JSON for any bytes: quotes and backslashes escaped,
/// newline and tab as \\n and \\t, other control characters (C0, DEL, C1) as \\u00XX so that
/// none reaches a terminal raw, each sequence of bytes that is not UTF-8 (decode_utf8) as U+FFFD,
/// the replacement character, in UTF-8; other UTF-8 as is. Quoting what parse_json reads back
/// gives the same literal again.
inline std::string json_quoted(std::string_view text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Char c = decode_utf8(text, i);
    if (c.problem != Utf8Problem::none) {
      out += "\xEF\xBF\xBD";
    } else if (c.code == '"' || c.code == '\\') {
      out += '\\';
      out += static_cast<char>(c.code);
    } else if (c.code == '\n') {
      out += "\\n";
    } else if (c.code == '\t') {
      out += "\\t";
    } else if (is_control(c.code)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c.code));
      out += buf;
    } else {
      out.append(text.substr(i, std::size_t(c.length)));
    }
    i += std::size_t(c.length);
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
