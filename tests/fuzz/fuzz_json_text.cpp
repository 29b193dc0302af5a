// libFuzzer target: any bytes as a JSON document for pe::parse_json, the one reader of
// claims.json, the benchmark recordings and pe_report diff's inputs. It either returns a value or
// throws std::invalid_argument (never another exception, never a crash); an accepted document,
// written out again with pe::json_quoted, is UTF-8 without raw control characters and reads back
// the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "json_text.hpp"

namespace {
/// The value written as JSON again: scalars as their kept text (strings quoted).
std::string written(const pe::JsonValue& v, bool quoted_scalar) {
  switch (v.kind) {
    case pe::JsonValue::Kind::scalar:
      return quoted_scalar ? pe::json_quoted(v.text) : v.text;
    case pe::JsonValue::Kind::object: {
      std::string out = "{";
      for (std::size_t i = 0; i < v.members.size(); ++i)
        out += (i ? "," : "") + pe::json_quoted(v.members[i].first) + ":" + written(v.members[i].second, true);
      return out + "}";
    }
    case pe::JsonValue::Kind::array: {
      std::string out = "[";
      for (std::size_t i = 0; i < v.items.size(); ++i) out += (i ? "," : "") + written(v.items[i], true);
      return out + "]";
    }
  }
  return "";
}

/// Structure only: the same kinds, member names and counts at every level. Names are compared
/// as written: json_quoted writes bytes that are not UTF-8 as U+FFFD, so such a name reads back
/// as another one that is written the same.
bool same_shape(const pe::JsonValue& a, const pe::JsonValue& b) {
  if (a.kind != b.kind || a.members.size() != b.members.size() || a.items.size() != b.items.size()) return false;
  for (std::size_t i = 0; i < a.members.size(); ++i)
    if (pe::json_quoted(a.members[i].first) != pe::json_quoted(b.members[i].first) ||
        !same_shape(a.members[i].second, b.members[i].second))
      return false;
  for (std::size_t i = 0; i < a.items.size(); ++i)
    if (!same_shape(a.items[i], b.items[i])) return false;
  return true;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  pe::JsonValue value;
  try {
    value = pe::parse_json(text);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  // A scalar's kept text does not say whether it was a string, so only containers are written
  // back (their scalars quoted), and compared by shape.
  if (value.kind == pe::JsonValue::Kind::scalar) return 0;
  const std::string again = written(value, true);
  // Whatever the strings held, the writer's JSON is UTF-8 with no raw control character.
  for (std::size_t i = 0; i < again.size();) {
    const pe::Utf8Char c = pe::decode_utf8(again, i);
    if (c.problem != pe::Utf8Problem::none || pe::is_control(c.code)) std::abort();
    i += std::size_t(c.length);
  }
  try {
    if (!same_shape(value, pe::parse_json(again))) std::abort();
  } catch (const std::invalid_argument&) {
    std::abort();  // what the reader accepted, written out again, must read again
  }
  return 0;
}
