#include "report_diff.hpp"

#include <cstdint>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace pe::ledger {
namespace {

/// A JSON value as the reader keeps it: strings and the text of numbers and literals as
/// `text`, objects as members in order, arrays as items.
struct Json {
  enum class Kind { scalar, object, array } kind = Kind::scalar;
  std::string text;
  std::vector<std::pair<std::string, Json>> members;
  std::vector<Json> items;

  const Json* member(const std::string& name) const {
    for (const auto& [key, value] : members)
      if (key == name) return &value;
    return nullptr;
  }
};

/// A recursive-descent reader of the JSON that pe_report writes (and any other JSON).
class JsonReader {
 public:
  explicit JsonReader(std::string text) : text_(std::move(text)) {}

  Json document() {
    Json value = read_value(0);
    skip_space();
    if (at_ < text_.size()) fail("text after the document");
    return value;
  }

 private:
  static constexpr int kMaxDepth = 64;  // a report nests three levels

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

  Json read_value(int depth) {
    if (depth > kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth));
    Json value;
    const char c = peek();
    if (c == '{') {
      value.kind = Json::Kind::object;
      ++at_;
      if (peek() == '}') return ++at_, value;
      for (;;) {
        if (peek() != '"') fail("expected a member name");
        std::string name = read_string();
        expect(':');
        value.members.emplace_back(std::move(name), read_value(depth + 1));
        if (peek() == ',') { ++at_; continue; }
        expect('}');
        return value;
      }
    }
    if (c == '[') {
      value.kind = Json::Kind::array;
      ++at_;
      if (peek() == ']') return ++at_, value;
      for (;;) {
        value.items.push_back(read_value(depth + 1));
        if (peek() == ',') { ++at_; continue; }
        expect(']');
        return value;
      }
    }
    if (c == '"') {
      value.text = read_string();
      return value;
    }
    const std::size_t start = at_;
    while (at_ < text_.size() && std::string("+-.0123456789eEtruefalsn").find(text_[at_]) != std::string::npos) ++at_;
    if (at_ == start) fail(std::string("unexpected '") + c + "'");
    value.text = text_.substr(start, at_ - start);
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
          const std::uint32_t code = static_cast<std::uint32_t>(std::stoul(text_.substr(at_, 4), nullptr, 16));
          at_ += 4;
          // The report escapes only control characters this way; others are kept as UTF-8.
          if (code < 0x80) out += static_cast<char>(code);
          else if (code < 0x800) out += {static_cast<char>(0xC0 | code >> 6), static_cast<char>(0x80 | (code & 0x3F))};
          else out += {static_cast<char>(0xE0 | code >> 12), static_cast<char>(0x80 | (code >> 6 & 0x3F)),
                       static_cast<char>(0x80 | (code & 0x3F))};
          break;
        }
        default: out += c;  // \" \\ \/
      }
    }
    if (at_ >= text_.size()) fail("an unterminated string");
    ++at_;  // the closing quote
    return out;
  }

  std::string text_;
  std::size_t at_ = 0;
};

std::string field(const Json& claim, const std::string& name) {
  const Json* value = claim.member(name);
  return value ? value->text : "";
}

}  // namespace

std::map<std::string, ReportedClaim> read_report_claims(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  Json document;
  try {
    document = JsonReader(text.str()).document();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path + ": not JSON: " + e.what());
  }
  const Json* claims = document.member("claims");
  if (!claims || claims->kind != Json::Kind::array)
    throw std::invalid_argument(path + ": not a claims report (no \"claims\" array)");
  std::map<std::string, ReportedClaim> out;
  for (const Json& claim : claims->items) {
    const std::string id = field(claim, "id");
    if (id.empty()) throw std::invalid_argument(path + ": a claim without an id");
    out[id] = {field(claim, "verdict"), field(claim, "reproduction"), field(claim, "article"),
               field(claim, "computed")};
  }
  return out;
}

std::string diff_reports(const std::map<std::string, ReportedClaim>& before,
                         const std::map<std::string, ReportedClaim>& after, int& changed) {
  std::ostringstream out;
  changed = 0;
  int compared = 0;
  auto change = [](const std::string& what, const std::string& from, const std::string& to) {
    return from == to ? std::string() : "; " + what + " " + from + " -> " + to;
  };
  for (const auto& [id, old_claim] : before) {
    const auto it = after.find(id);
    if (it == after.end()) {
      out << id << ": only in the old report (" << old_claim.verdict << ")\n";
      ++changed;
      continue;
    }
    ++compared;
    const ReportedClaim& now = it->second;
    const std::string differences = change("verdict", old_claim.verdict, now.verdict) +
                                    change("class", old_claim.reproduction, now.reproduction) +
                                    change("computed", old_claim.computed, now.computed) +
                                    change("article", old_claim.article, now.article);
    if (differences.empty()) continue;
    out << id << ": " << differences.substr(2) << "\n";
    ++changed;
  }
  for (const auto& [id, new_claim] : after)
    if (!before.count(id)) {
      out << id << ": only in the new report (" << new_claim.verdict << ")\n";
      ++changed;
    }
  out << compared << " claims in both reports; " << changed << " listed (a changed verdict, class, "
      << "computed or printed value, or a claim in one report only).\n";
  return out.str();
}

}  // namespace pe::ledger
