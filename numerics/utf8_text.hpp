/// @file
/// @brief UTF-8 as RFC 3629 defines it: one character decoded or what is wrong with its bytes,
/// and which characters are control characters (never printed raw).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace pe {

/// A byte 10xxxxxx, which continues a character rather than starting one.
inline bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

/// The characters of a UTF-8 text, counted by the bytes that start one: the columns it takes on a
/// terminal, one per character (the wide East Asian characters, which take two, count one).
inline std::size_t code_points(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation_byte(c); }));
}

/// What decode_utf8 found where a character should start.
enum class Utf8Problem {
  none,
  stray_continuation,  ///< 10xxxxxx, which only continues a character
  never_used,          ///< 0xC0, 0xC1, 0xF5-0xFF: no UTF-8 text holds them
  not_continued,       ///< a first byte not followed by as many 10xxxxxx as it announces
  cut_off,             ///< the text ends inside a character
  overlong,            ///< a longer form than the code point needs
  surrogate,           ///< U+D800-U+DFFF, UTF-16's halves, which UTF-8 does not carry
  too_large,           ///< past U+10FFFF
};

/// One character, or the bytes that fail to be one: `length` bytes from where it starts (for
/// not_continued, the byte after them is the one that does not continue it).
struct Utf8Char {
  char32_t code = 0;
  int length = 1;
  int announced = 1;  ///< the bytes the first byte announces
  Utf8Problem problem = Utf8Problem::none;
};

/// The character at text[at] (at < text.size()).
inline Utf8Char decode_utf8(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  Utf8Char c;
  const unsigned char first = byte(at);
  if (first < 0x80) {
    c.code = first;
    return c;
  }
  if (first < 0xC0) c.problem = Utf8Problem::stray_continuation;
  else if (first < 0xC2 || first > 0xF4) c.problem = Utf8Problem::never_used;
  if (c.problem != Utf8Problem::none) return c;
  c.announced = first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4;
  c.code = first & (0x7F >> c.announced);
  for (int k = 1; k < c.announced; ++k) {
    c.length = k;
    if (at + std::size_t(k) >= text.size()) {
      c.problem = Utf8Problem::cut_off;
      return c;
    }
    if ((byte(at + std::size_t(k)) & 0xC0) != 0x80) {
      c.problem = Utf8Problem::not_continued;
      return c;
    }
    c.code = (c.code << 6) | (byte(at + std::size_t(k)) & 0x3F);
  }
  c.length = c.announced;
  static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (c.code < kSmallest[c.announced]) c.problem = Utf8Problem::overlong;
  else if (c.code >= 0xD800 && c.code <= 0xDFFF) c.problem = Utf8Problem::surrogate;
  else if (c.code > 0x10FFFF) c.problem = Utf8Problem::too_large;
  return c;
}

/// C0 controls, DEL and the C1 controls (U+0080-U+009F): a terminal acts on them (ESC starts
/// colour and cursor codes, U+009B is an 8-bit CSI) instead of showing them.
inline bool is_control(char32_t code) { return code < 0x20 || (code >= 0x7F && code < 0xA0); }

/// "0xE9", "U+00E9".
inline std::string hex_byte(unsigned char byte) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0x%02X", byte);
  return buffer;
}
inline std::string code_point_text(char32_t code) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "U+%04X", unsigned(code));
  return buffer;
}

/// What is wrong with the bytes decode_utf8 refused at text[at], naming them in hex: "byte 0xE9
/// starts a 3-byte character but 0x20 does not continue it".
inline std::string utf8_problem_text(std::string_view text, std::size_t at, const Utf8Char& c) {
  std::string bytes = c.length == 1 ? "byte" : "bytes";
  for (int k = 0; k < c.length; ++k) bytes += " " + hex_byte(static_cast<unsigned char>(text[at + std::size_t(k)]));
  const std::string starts = (c.length == 1 ? " starts a " : " start a ") +
                             std::to_string(c.announced) + "-byte character";
  switch (c.problem) {
    case Utf8Problem::none: break;
    case Utf8Problem::stray_continuation: return bytes + " continues a character, but none starts before it";
    case Utf8Problem::never_used: return bytes + " never appears in UTF-8";
    case Utf8Problem::not_continued:
      return bytes + starts + " but " + hex_byte(static_cast<unsigned char>(text[at + std::size_t(c.length)])) +
             " does not continue it";
    case Utf8Problem::cut_off: return bytes + starts + " but the text ends";
    case Utf8Problem::overlong: return bytes + " are an overlong form of " + code_point_text(c.code);
    case Utf8Problem::surrogate:
      return bytes + " encode " + code_point_text(c.code) + ", a UTF-16 surrogate, which UTF-8 does not carry";
    case Utf8Problem::too_large: return bytes + " encode " + code_point_text(c.code) + ", past U+10FFFF";
  }
  return bytes;
}

/// `text` safe to print on a terminal: UTF-8 kept, but every control character (as its UTF-8
/// bytes) and every byte that is not UTF-8 written as \\xHH. For names that come from outside
/// the text read, such as a file name.
inline std::string printable_text(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Char c = decode_utf8(text, i);
    const bool raw = c.problem == Utf8Problem::none && !is_control(c.code);
    for (int k = 0; k < c.length; ++k) {
      const unsigned char byte = static_cast<unsigned char>(text[i + std::size_t(k)]);
      if (raw) {
        out += static_cast<char>(byte);
      } else {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, "\\x%02X", byte);
        out += buffer;
      }
    }
    i += std::size_t(c.length);
  }
  return out;
}

}  // namespace pe
