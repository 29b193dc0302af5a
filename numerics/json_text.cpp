#include "json_text.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace pe {
namespace {

/// A recursive-descent reader of one JSON document.
class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : text_(text) {}

  JsonValue document() {
    JsonValue value = read_value(0);
    skip_space();
    if (at_ < text_.size()) fail("text after the document");
    return value;
  }

 private:
  static constexpr int kMaxDepth = 64;  // a claims report nests three levels

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument(what + " at byte " + std::to_string(at_));
  }
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
      ++at_;
  }
  char peek() {
    skip_space();
    if (at_ >= text_.size()) fail("unexpected end of the document");
    return text_[at_];
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++at_;
  }

  JsonValue read_value(int depth) {
    if (depth > kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth));
    JsonValue value;
    const char c = peek();
    if (c == '{') {
      value.kind = JsonValue::Kind::object;
      ++at_;
      if (peek() == '}') {
        ++at_;
        return value;
      }
      for (;;) {
        if (peek() != '"') fail("expected a member name");
        std::string name = read_string();
        expect(':');
        value.members.emplace_back(std::move(name), read_value(depth + 1));
        if (peek() != ',') break;
        ++at_;
      }
      expect('}');
      return value;
    }
    if (c == '[') {
      value.kind = JsonValue::Kind::array;
      ++at_;
      if (peek() == ']') {
        ++at_;
        return value;
      }
      for (;;) {
        value.items.push_back(read_value(depth + 1));
        if (peek() != ',') break;
        ++at_;
      }
      expect(']');
      return value;
    }
    if (c == '"') {
      value.text = read_string();
      return value;
    }
    const std::size_t start = at_;
    while (at_ < text_.size() && std::string_view("+-.0123456789eEtruefalsn").find(text_[at_]) != std::string_view::npos)
      ++at_;
    if (at_ == start) fail(std::string("unexpected '") + c + "'");
    value.text = std::string(text_.substr(start, at_ - start));
    return value;
  }

  std::string read_string() {
    ++at_;  // the opening quote
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) break;
      c = text_[at_++];
      switch (c) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (at_ + 4 > text_.size()) fail("a short \\u escape");
          std::uint32_t code = 0;
          for (int k = 0; k < 4; ++k) {
            const char h = text_[at_++];
            const int digit = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
            if (digit < 0) fail("a \\u escape that is not hexadecimal");
            code = code * 16 + static_cast<std::uint32_t>(digit);
          }
          // UTF-8 of a code point in the basic plane (the project writes only control characters
          // this way; a surrogate pair is kept as two three-byte sequences).
          if (code < 0x80) {
            out += static_cast<char>(code);
          } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
          }
          break;
        }
        default: out += c;  // \" \\ \/
      }
    }
    if (at_ >= text_.size()) fail("an unterminated string");
    ++at_;  // the closing quote
    return out;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

const JsonValue* JsonValue::member(const std::string& name) const {
  for (const auto& [key, value] : members)
    if (key == name) return &value;
  return nullptr;
}

std::string JsonValue::text_of(const std::string& name) const {
  const JsonValue* value = member(name);
  return value ? value->text : "";
}

JsonValue parse_json(std::string_view text) { return JsonReader(text).document(); }

}  // namespace pe
