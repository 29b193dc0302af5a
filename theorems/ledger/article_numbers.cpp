#include "article_numbers.hpp"

#include "statements.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <regex>
#include <utility>

namespace pe::ledger {
namespace {

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool starts(std::string_view text, std::size_t at, std::string_view prefix) {
  return text.compare(at, prefix.size(), prefix) == 0;
}
std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

/// The words after which a numeral names a statement or a reference.
const char* const kLabelWords[] = {"Theorem ", "Proposition ", "Definition ", "Example ", "\u00a7", "DLMF "};
const std::string kEnDash = "\u2013";

}  // namespace

bool display_formula_line(std::string_view line) {
  if (line.find('$') != std::string_view::npos) return false;
  for (std::size_t i = 0; i + 1 < line.size(); ++i)
    if (line[i] == '\\' && std::isalpha(static_cast<unsigned char>(line[i + 1]))) return true;
  return false;
}

namespace {

/// A TeX exponent at `at`: "{-4}", "{29}" or one digit; advances `at` past it.
std::optional<std::string> tex_exponent(std::string_view s, std::size_t& at) {
  if (at < s.size() && digit(s[at])) return std::string(1, s[at++]);
  if (at >= s.size() || s[at] != '{') return std::nullopt;
  const std::size_t close = s.find('}', at);
  if (close == std::string_view::npos) return std::nullopt;
  std::string inner(s.substr(at + 1, close - at - 1));
  const std::size_t first = inner.size() > 1 && inner[0] == '-' ? 1 : 0;
  if (inner.size() == first || !std::all_of(inner.begin() + first, inner.end(), digit)) return std::nullopt;
  at = close + 1;
  return inner;
}

std::size_t skip_spaces(std::string_view s, std::size_t at) {
  while (at < s.size() && s[at] == ' ') ++at;
  return at;
}

/// The canonical text of a TeX span that is one number, or nothing.
std::optional<std::string> tex_number(std::string_view s) {
  s = trimmed(s);
  std::size_t at = 0;
  auto digits = [&] {
    const std::size_t from = at;
    while (at < s.size() && digit(s[at])) ++at;
    return std::string(s.substr(from, at - from));
  };
  if (starts(s, 0, "10^")) {
    at = 3;
    if (const auto e = tex_exponent(s, at); e && skip_spaces(s, at) == s.size()) return "10^" + *e;
    at = 0;
  }
  std::string out;
  if (at < s.size() && s[at] == '-') out += s[at++];
  const std::string whole = digits();
  if (whole.empty()) return std::nullopt;
  out += whole;
  if (at < s.size() && s[at] == '/') {
    ++at;
    const std::string below = digits();
    if (below.empty() || at != s.size()) return std::nullopt;
    return out + "/" + below;
  }
  while (starts(s, at, "{,}")) {
    at += 3;
    const std::string group = digits();
    if (group.size() != 3) return std::nullopt;
    out += group;
  }
  if (at < s.size() && s[at] == '.') {
    ++at;
    const std::string fraction = digits();
    if (fraction.empty()) return std::nullopt;
    out += "." + fraction;
  }
  at = skip_spaces(s, at);
  if (starts(s, at, "\\times")) {
    at = skip_spaces(s, at + 6);
    if (!starts(s, at, "10^")) return std::nullopt;
    at += 3;
    const auto e = tex_exponent(s, at);
    if (!e) return std::nullopt;
    out += "e" + *e;
    at = skip_spaces(s, at);
  }
  if (starts(s, at, "\\%")) {
    out += "%";
    at = skip_spaces(s, at + 2);
  }
  return at == s.size() ? std::optional<std::string>(out) : std::nullopt;
}

/// One symbol, such as d, \\delta, h_{d/2} or \\omega_0: the left side of an equation that sets it.
bool one_symbol(std::string_view s) {
  static const std::regex symbol(R"((\\[A-Za-z]+|[A-Za-z])('|_[A-Za-z0-9]|_\{[^{}]*\})?)");
  const std::string text(trimmed(s));
  return std::regex_match(text, symbol);
}

/// The numbers of one inline TeX span (its text between the dollars), as printed_numbers
/// counts them; `open` is the offset of its first '$' and `close` of its last.
void tex_numbers(std::string_view article, std::size_t open, std::size_t close, std::vector<PrintedNumber>& out) {
  const std::string_view tex = article.substr(open + 1, close - open - 1);
  if (const auto whole = tex_number(tex)) {
    out.push_back({open, close + 1 - open, *whole, false, true, true});
    return;
  }
  // The last relation at the top level (outside braces).
  std::size_t relation = std::string_view::npos, after = 0;
  bool approx = false;
  int depth = 0;
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] == '{') ++depth;
    else if (tex[i] == '}') --depth;
    else if (depth == 0 && tex[i] == '=') relation = i, after = i + 1, approx = false;
    else if (depth == 0 && starts(tex, i, "\\approx")) relation = i, after = i + 7, approx = true;
  }
  if (relation == std::string_view::npos) return;
  const std::string_view rhs = tex.substr(after);
  const auto value = tex_number(rhs);
  if (!value || !(approx || one_symbol(tex.substr(0, relation)))) return;
  const std::size_t lead = rhs.find_first_not_of(' ');
  out.push_back({open + 1 + after + lead, trimmed(rhs).size(), *value, false, true, false});
}

bool ends_a_label(std::string_view before) {
  for (const char* word : kLabelWords) {
    const std::string_view w(word);
    if (before.size() >= w.size() && before.substr(before.size() - w.size()) == w) return true;
  }
  return false;
}

/// The prose numerals of article[from, to), appended to `out`.
void prose_numbers(std::string_view article, std::size_t from, std::size_t to, std::vector<PrintedNumber>& out) {
  for (std::size_t i = from; i < to; ++i) {
    if (!digit(article[i])) continue;
    const char before = i > 0 ? article[i - 1] : ' ';
    std::size_t end = i;
    while (end < to && digit(article[end])) ++end;
    if (word_char(before) || before == '.' || before == '/' || before == '^' || before == ',') {
      i = end - 1;
      continue;
    }
    std::string text(article.substr(i, end - i));
    // Thousands groups, then dotted parts, then a percent sign.
    while (end + 3 < to && article[end] == ',' && digit(article[end + 1]) && digit(article[end + 2]) &&
           digit(article[end + 3]) && !(end + 4 < to && digit(article[end + 4]))) {
      text += article.substr(end + 1, 3);
      end += 4;
    }
    while (end + 1 < to && article[end] == '.' && digit(article[end + 1])) {
      std::size_t part = end + 1;
      while (part < to && digit(article[part])) ++part;
      text += article.substr(end, part - end);
      end = part;
    }
    if (end < to && article[end] == '%') text += article[end++];
    const char next = end < to ? article[end] : ' ';
    if (!(word_char(next) || next == '/' || next == '^')) {
      PrintedNumber n{i, end - i, text};
      const std::string_view left = article.substr(0, i);
      n.label = ends_a_label(left) ||
                (left.size() >= kEnDash.size() && left.substr(left.size() - kEnDash.size()) == kEnDash &&
                 !out.empty() && out.back().label && out.back().offset + out.back().length + kEnDash.size() == i);
      out.push_back(std::move(n));
    }
    i = end - 1;
  }
}

/// Every number of the text with its offset and text, in order; `where` and `occurrence` unset.
std::vector<PrintedNumber> scan(std::string_view article) {
  std::vector<PrintedNumber> out;
  for (std::size_t start = 0; start < article.size();) {
    std::size_t end = article.find('\n', start);
    if (end == std::string_view::npos) end = article.size();
    if (!display_formula_line(article.substr(start, end - start))) {
      std::size_t at = start;
      while (at < end) {
        const std::size_t open = article.find('$', at);
        const std::size_t close = open < end ? article.find('$', open + 1) : std::string_view::npos;
        if (open >= end || close >= end) {
          prose_numbers(article, at, end, out);
          break;
        }
        prose_numbers(article, at, open, out);
        tex_numbers(article, open, close, out);
        at = close + 1;
      }
    }
    start = end + 1;
  }
  return out;
}

/// Every occurrence of a section heading on a line of its own, with its heading, in order.
}  // namespace

std::vector<PrintedNumber> printed_numbers(std::string_view article) {
  std::vector<PrintedNumber> numbers = scan(article);
  const std::vector<TextSpan> spans = statement_spans(article);
  const auto section_heads = section_headings(article);
  std::map<std::pair<std::string, std::string>, int> seen;
  for (PrintedNumber& n : numbers) {
    for (std::size_t k = 0; k < spans.size() && n.where.empty(); ++k)
      if (spans[k].begin <= n.offset && n.offset < spans[k].end) n.where = statements()[k].id;
    if (n.where.empty())
      for (const auto& [at, heading] : section_heads)
        if (at < n.offset) n.where = heading;
    if (!n.label) n.occurrence = ++seen[{n.where, n.text}];
  }
  return numbers;
}

std::vector<std::string> numbers_in(std::string_view words) {
  static const std::regex number(R"((^|[^A-Za-z0-9_.])(-?[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?(?:e-?[0-9]+)?(?:/[0-9]+)?%?)(?![A-Za-z0-9_]))");
  std::vector<std::string> out;
  const std::string text(words);
  for (auto m = std::sregex_iterator(text.begin(), text.end(), number); m != std::sregex_iterator(); ++m) {
    std::string n = (*m)[2];
    n.erase(std::remove(n.begin(), n.end(), ','), n.end());
    out.push_back(n);
    if (const auto slash = n.find('/'); slash != std::string::npos) {  // "145/145" also names 145
      out.push_back(n.substr(0, slash));
      out.push_back(n.substr(slash + 1));
    }
  }
  return out;
}

double printed_value(const std::string& canonical) {
  const double nan = std::nan("");
  if (canonical.empty()) return nan;
  if (canonical.back() == '%') return printed_value(canonical.substr(0, canonical.size() - 1)) / 100;
  if (starts(canonical, 0, "10^")) return std::pow(10.0, std::atof(canonical.c_str() + 3));
  if (const auto slash = canonical.find('/'); slash != std::string::npos) {
    const double below = std::atof(canonical.c_str() + slash + 1);
    return below == 0 ? nan : std::atof(canonical.substr(0, slash).c_str()) / below;
  }
  char* end = nullptr;
  const double value = std::strtod(canonical.c_str(), &end);
  return end && *end == '\0' ? value : nan;
}

bool same_printed_value(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const double x = printed_value(a), y = printed_value(b);
  return std::isfinite(x) && std::isfinite(y) && std::abs(x - y) <= 1e-12 * std::max(1.0, std::abs(x));
}

std::vector<Place> places_of(const Claim& claim) {
  if (!claim.places.empty()) return claim.places;
  const std::vector<std::string> numbers = numbers_in(claim.article);
  if (numbers.empty() || numbers.front() != trimmed(claim.article)) return {};  // not one plain number
  const std::vector<const Statement*> owners = statements_of_claim(claim.id);
  if (owners.size() != 1) return {};
  return {{owners.front()->id, numbers.front(), 1}};
}

bool has_default_place(const Claim& claim) { return claim.places.empty() && !places_of(claim).empty(); }

const PrintedNumber* number_at(const std::vector<PrintedNumber>& numbers, const Place& place) {
  for (const PrintedNumber& n : numbers)
    if (!n.label && n.where == place.where && n.text == place.text && n.occurrence == place.occurrence) return &n;
  return nullptr;
}

}  // namespace pe::ledger
