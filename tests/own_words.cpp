#include "own_words.hpp"

#include <algorithm>
#include <cctype>

namespace pe::own_words {
namespace {

/// Stands for an exempt span (a formula, code) once it is cut out: it breaks a run.
constexpr char kExempt = '\x01';

void push_break(Words& out, int line) {
  if (!out.empty() && !out.back().text.empty()) out.push_back({"", line});
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

/// Appends the words of text with no markup left, counting its newlines into `line`. An
/// apostrophe, straight or curly, joins (so "topic's" and "topic’s" are one word); any other
/// byte that is not a letter or a digit separates, and so does kExempt, which also breaks.
void append_plain(std::string_view s, int& line, Words& out) {
  std::string word, written;
  int word_line = line;
  auto flush = [&] {
    if (!word.empty()) out.push_back({word, word_line, written});
    word.clear();
    written.clear();
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\'') {
      if (!word.empty()) written += '\'';
      continue;
    }
    if (c == 0xE2 && i + 2 < s.size() && s[i + 1] == '\x80' && (s[i + 2] == '\x98' || s[i + 2] == '\x99')) {
      i += 2;  // U+2018, U+2019: the curly apostrophes
      continue;
    }
    const bool decimal_point = c == '.' && !word.empty() && std::isdigit(static_cast<unsigned char>(word.back())) &&
                               i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]));
    if (c < 0x80 && (std::isalnum(c) || decimal_point)) {
      if (word.empty()) word_line = line;
      const char lower = static_cast<char>(std::tolower(c));
      word += lower == 'z' ? 's' : lower;
      written += static_cast<char>(c);
      continue;
    }
    flush();
    if (c == kExempt) push_break(out, line);
    if (c == '\n') ++line;
  }
  flush();
}

/// Where the span opened at `i` by one of the exempt openers closes (one past its closer), or
/// npos when nothing opens there or the opener is never closed (then it is read as text).
std::size_t exempt_end(std::string_view s, std::size_t i, bool markdown) {
  struct Pair {
    std::string_view open, close;
  };
  static constexpr Pair kPairs[] = {{"\\f[", "\\f]"}, {"\\f$", "\\f$"}, {"\\f{", "\\f}"},
                                    {"$$", "$$"},     {"$", "$"},       {"`", "`"}};
  const bool line_start = i == 0 || s[i - 1] == '\n';
  if (markdown && line_start && (starts_with(s.substr(i), "```") || starts_with(s.substr(i), "~~~"))) {
    const std::size_t close = s.find(std::string("\n") + s[i] + s[i] + s[i], i + 3);
    if (close == std::string_view::npos) return std::string_view::npos;
    const std::size_t eol = s.find('\n', close + 1);
    return eol == std::string_view::npos ? s.size() : eol;
  }
  for (const Pair& p : kPairs) {
    if (!starts_with(s.substr(i), p.open)) continue;
    const std::size_t close = s.find(p.close, i + p.open.size());
    return close == std::string_view::npos ? std::string_view::npos : close + p.close.size();
  }
  return std::string_view::npos;
}

/// The text with every formula and code span replaced by kExempt, its newlines kept.
std::string cut_exempt(std::string_view s, bool markdown) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t end = exempt_end(s, i, markdown);
    if (end == std::string_view::npos) {
      out += s[i++];
      continue;
    }
    out += kExempt;
    for (; i < end; ++i)
      if (s[i] == '\n') out += '\n';
  }
  return out;
}

/// Doxygen commands and Markdown markup that are not prose: a command whose argument is a name
/// (\ref, \anchor, ...) becomes a break with its argument; any other command, an HTML tag, a
/// link's target and a heading's {#anchor} are dropped.
std::string strip_markup(std::string_view line) {
  static constexpr std::string_view kNamed[] = {"ref", "anchor", "page", "subpage", "section",
                                                "subsection", "cite", "image", "file", "copydoc"};
  std::string out;
  for (std::size_t i = 0; i < line.size();) {
    const char c = line[i];
    const bool command = (c == '\\' || c == '@') && i + 1 < line.size() &&
                         std::isalpha(static_cast<unsigned char>(line[i + 1]));
    if (command) {
      std::size_t end = i + 1;
      while (end < line.size() && std::isalpha(static_cast<unsigned char>(line[end]))) ++end;
      const std::string_view name = line.substr(i + 1, end - i - 1);
      bool named = false;
      for (std::string_view n : kNamed) named = named || n == name;
      if (named) {  // skip the argument: blanks, then a name
        while (end < line.size() && line[end] == ' ') ++end;
        while (end < line.size() && line[end] != ' ' && line[end] != ')' && line[end] != ',') ++end;
        out += kExempt;
      }
      out += ' ';
      i = end;
      continue;
    }
    const std::size_t close = c == '<' ? line.find('>', i) : c == '{' && starts_with(line.substr(i), "{#")
                                                               ? line.find('}', i)
                                                               : std::string_view::npos;
    if (close != std::string_view::npos) {
      out += ' ';
      i = close + 1;
      continue;
    }
    if (c == ']' && i + 1 < line.size() && line[i + 1] == '(') {  // [text](target): keep the text
      const std::size_t end = line.find(')', i);
      if (end != std::string_view::npos) {
        out += ' ';
        i = end + 1;
        continue;
      }
    }
    out += c;
    ++i;
  }
  return out;
}

std::string_view trimmed(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \t");
  return b == std::string_view::npos ? std::string_view() : s.substr(b);
}

bool list_item(std::string_view t) {
  if (starts_with(t, "- ") || starts_with(t, "* ") || starts_with(t, "+ ")) return true;
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  return i > 0 && starts_with(t.substr(i), ". ");
}

/// One line of a page: a blockquote, a directive or a blank line breaks the run and is not read;
/// a heading or a list item starts a new run.
void markdown_line(std::string_view raw, int line, Words& out) {
  const std::string_view t = trimmed(raw);
  if (t.empty() || t[0] == '>' || starts_with(t, "[[")) {
    push_break(out, line);
    return;
  }
  if (t[0] == '#' || list_item(t)) push_break(out, line);
  std::string_view prose = t;
  if (starts_with(t, "\\image ")) {  // only the caption is prose
    const std::size_t quote = t.find('"');
    prose = quote == std::string_view::npos ? std::string_view() : t.substr(quote);
  }
  const std::string plain = strip_markup(prose);
  int counted = line;
  append_plain(plain, counted, out);
  if (t[0] == '#') push_break(out, line);
}


/// A stretch of a C++ source read as prose: a comment paragraph or a group of adjacent literals.
struct Piece {
  int line;
  std::string text;
  bool markdown;  // a comment may quote with '>'; a literal is plain text
  bool quoted = false;  // a literal marked with a trailing `// quoted`
};

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// Scans a C++ source for its comments and string literals.
class CppScanner {
 public:
  explicit CppScanner(std::string_view s) : s_(s) {}

  std::vector<Piece> pieces() {
    while (i_ < s_.size()) step();
    return std::move(pieces_);
  }

 private:
  void step() {
    const char c = s_[i_];
    if (c == '\n') {
      ++line_;
      code_on_line_ = false;
      ++i_;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i_;
    } else if (starts_with(s_.substr(i_), "//")) {
      line_comment();
    } else if (starts_with(s_.substr(i_), "/*")) {
      block_comment();
    } else if (c == '"' || (c == 'R' && i_ + 1 < s_.size() && s_[i_ + 1] == '"' &&
                            (i_ == 0 || !identifier_char(s_[i_ - 1])))) {
      literal();
    } else {
      if (c == '\'' && !(i_ > 0 && std::isxdigit(static_cast<unsigned char>(s_[i_ - 1]))))
        char_literal();  // else a digit separator, 1'000
      else
        ++i_;
      code_on_line_ = true;
      group_ = -1;
      paragraph_ = -1;
    }
  }

  /// A comment on a line of its own joins the paragraph of whole-line comments just above it.
  void line_comment() {
    std::size_t end = s_.find('\n', i_);
    if (end == std::string_view::npos) end = s_.size();
    std::size_t body = i_ + 2;
    while (body < end && (s_[body] == '/' || s_[body] == '!' || s_[body] == '<')) ++body;
    const std::string text(s_.substr(body, end - body));
    if (code_on_line_ && trimmed(text) == "quoted" && last_group_ >= 0 && group_line_ == line_)
      pieces_[last_group_].quoted = true;
    if (!code_on_line_ && paragraph_ >= 0 && paragraph_line_ == line_ - 1) {
      pieces_[paragraph_].text += "\n" + text;
    } else {
      pieces_.push_back({line_, text, true});
      paragraph_ = code_on_line_ ? -1 : static_cast<int>(pieces_.size()) - 1;
    }
    paragraph_line_ = line_;
    i_ = end;
  }

  void block_comment() {
    std::size_t end = s_.find("*/", i_ + 2);
    if (end == std::string_view::npos) end = s_.size();
    std::string text;
    for (std::size_t j = i_ + 2; j < end; ++j) {
      if (s_[j] == '\n') {  // drop a continuation line's leading " * "
        text += '\n';
        std::size_t k = j + 1;
        while (k < end && (s_[k] == ' ' || s_[k] == '\t')) ++k;
        if (k < end && s_[k] == '*') j = k;
        continue;
      }
      text += s_[j];
    }
    pieces_.push_back({line_, text, true});
    for (std::size_t j = i_; j < end; ++j) line_ += s_[j] == '\n';
    paragraph_ = -1;
    i_ = std::min(end + 2, s_.size());
  }

  /// A string literal; one that follows another with only blanks or comments between continues
  /// its text, as the compiler joins them.
  void literal() {
    const int start = line_;
    std::string text;
    if (s_[i_] == 'R') {
      const std::size_t paren = s_.find('(', i_ + 2);
      const std::string close = ")" + std::string(s_.substr(i_ + 2, paren - i_ - 2)) + "\"";
      std::size_t end = s_.find(close, paren);
      if (end == std::string_view::npos) end = s_.size();
      text = std::string(s_.substr(paren + 1, end - paren - 1));
      for (char ch : text) line_ += ch == '\n';
      i_ = std::min(end + close.size(), s_.size());
    } else {
      std::size_t j = i_ + 1;
      for (; j < s_.size() && s_[j] != '"' && s_[j] != '\n'; ++j) {
        if (s_[j] == '\\' && j + 1 < s_.size()) {  // an escape: \" and \\ stand for themselves
          ++j;
          text += (s_[j] == '"' || s_[j] == '\\') ? s_[j] : ' ';
        } else {
          text += s_[j];
        }
      }
      i_ = j + 1;
    }
    if (group_ >= 0) {
      Piece& piece = pieces_[group_];
      piece.text += std::string(static_cast<std::size_t>(start - group_line_), '\n') + text;
    } else {
      pieces_.push_back({start, text, false});
      group_ = static_cast<int>(pieces_.size()) - 1;
    }
    last_group_ = group_;
    group_line_ = line_;
    code_on_line_ = true;
    paragraph_ = -1;
  }

  void char_literal() {
    std::size_t j = i_ + 1;
    while (j < s_.size() && s_[j] != '\'' && s_[j] != '\n') j += s_[j] == '\\' ? 2 : 1;
    i_ = j + 1;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  int line_ = 1;
  bool code_on_line_ = false;
  std::vector<Piece> pieces_;
  int paragraph_ = -1, paragraph_line_ = 0;  // the open comment paragraph and its last line
  int group_ = -1, group_line_ = 0;          // the open literal group and the line it has reached
  int last_group_ = -1;                      // the latest literal group, open or not
};

}  // namespace

Words prose_words(std::string_view text, int first_line, bool markdown) {
  const std::string cut = cut_exempt(text, markdown);
  Words out;
  int line = first_line;
  if (!markdown) {
    append_plain(strip_markup(cut), line, out);
    push_break(out, line);
    return out;
  }
  std::size_t begin = 0;
  while (begin <= cut.size()) {
    std::size_t end = cut.find('\n', begin);
    if (end == std::string::npos) end = cut.size();
    markdown_line(std::string_view(cut).substr(begin, end - begin), line, out);
    ++line;
    begin = end + 1;
  }
  push_break(out, line);
  return out;
}

Words cpp_words(std::string_view source) {
  Words out;
  for (const Piece& piece : CppScanner(source).pieces()) {
    if (piece.quoted) continue;
    const Words words = prose_words(piece.text, piece.line, piece.markdown);
    out.insert(out.end(), words.begin(), words.end());
    push_break(out, piece.line);
  }
  return out;
}

Words article_words(std::string_view article) {
  // A formula that is one number or one symbol ($32$, $d$, $\Delta$) reads as a word, so that
  // plain prose with the number meets it; any larger formula breaks a run, as the project's do.
  std::string text;
  for (std::size_t i = 0; i < article.size(); ++i) {
    const std::size_t close = article[i] == '$' ? article.find('$', i + 1) : std::string_view::npos;
    if (close == std::string_view::npos) {
      text += article[i];
      continue;
    }
    std::string_view inner = trimmed(article.substr(i + 1, close - i - 1));
    inner = inner.substr(0, inner.find_last_not_of(" \t") + 1);
    if (!inner.empty() && inner[0] == '\\') inner.remove_prefix(1);
    if (inner.size() > 2 && inner.substr(inner.size() - 2) == "\\%") inner.remove_suffix(2);  // $41\%$
    const bool one_word = !inner.empty() && std::all_of(inner.begin(), inner.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '.';
    });
    text += one_word ? std::string(inner) : std::string(1, kExempt);
    i = close;
  }
  Words out;
  int line = 1;
  append_plain(text, line, out);
  return out;
}

ArticleIndex::ArticleIndex(const Words& article, int min_words) : min_words_(min_words) {
  for (std::size_t i = 0; i + min_words <= article.size(); ++i) {
    std::string key;
    std::size_t j = i;
    for (; j < i + min_words && !article[j].text.empty(); ++j) key += (j == i ? "" : " ") + article[j].text;
    if (j == i + min_words) lines_.emplace(std::move(key), article[i].line);  // no break inside
  }
}

int ArticleIndex::line_of(const Words& words, std::size_t first) const {
  if (first + min_words_ > words.size()) return 0;
  std::string key;
  for (std::size_t j = first; j < first + min_words_; ++j) {
    if (words[j].text.empty()) return 0;
    key += (j == first ? "" : " ") + words[j].text;
  }
  const auto it = lines_.find(key);
  return it == lines_.end() ? 0 : it->second;
}

std::vector<SharedRun> shared_runs(const Words& mine, const ArticleIndex& article) {
  std::vector<SharedRun> runs;
  const int k = article.min_words();
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const int article_line = article.line_of(mine, i);
    if (article_line == 0) continue;
    std::size_t last = i;  // the last window of the run that starts here
    while (article.line_of(mine, last + 1) != 0) ++last;
    SharedRun run{mine[i].line, article_line, "", static_cast<int>(last - i) + k};
    for (std::size_t j = i; j < last + k; ++j) run.text += (j == i ? "" : " ") + mine[j].written;
    runs.push_back(std::move(run));
    i = last;  // a later window that overlaps this run's tail starts a run of its own
  }
  return runs;
}

}  // namespace pe::own_words
