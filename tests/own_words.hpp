/// @file
/// @brief The project's prose against the article's: the runs of consecutive words they share.
///
/// The project says things in its own words (shared/STYLE.md); formulas, figures, facts and a
/// marked quotation may carry over. This finds every run of at least `min_words` consecutive
/// words that a narrative page, a comment or a string literal (a claim's note, its statement)
/// shares with the article, outside what is exempt:
///   - formulas: Doxygen's \f$...\f$, \f[...\f], \f{...}{...\f}, TeX's $...$ and $$...$$;
///   - code: fenced blocks and `inline code`;
///   - marked quotations: a line whose text starts with '>' (a Markdown blockquote; in a comment,
///     after the comment marker), the way the pages quote a statement of the article; and a
///     string literal (adjacent literals read as one) whose last line ends with the comment
///     `// quoted`, the way a claim gives the article's assertion as printed (Claim::article).
/// Words are compared lower-cased, with punctuation and apostrophes dropped ("article's" is
/// "articles"), 'z' read as 's' (so "generalization" is "generalisation"), and a decimal number
/// as one word. In the article a formula of one number or symbol counts as a word, so that
/// "sequences of $32$ tokens" there meets "sequences of 32 tokens" in plain prose; a larger one
/// breaks a run there too.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pe::own_words {

/// One normalised word and the line it starts on; an empty word breaks a run (a formula, a
/// paragraph's end, code between two comments).
struct Word {
  std::string text;
  int line = 0;
  std::string written;  ///< as the file spells it, for the report
};
using Words = std::vector<Word>;

/// Prose as the pages write it: Markdown with Doxygen commands and formulas. With `markdown`
/// false, only formulas and code are exempt (a string literal has no blockquotes or headings).
Words prose_words(std::string_view text, int first_line, bool markdown = true);

/// The prose of a C++ source: its comments (consecutive whole-line comments read as one
/// paragraph) and its string literals (adjacent literals read as one, code between two breaks).
Words cpp_words(std::string_view source);

/// The article's words, each with its line; a formula of one number or symbol is a word, a larger
/// one a break.
Words article_words(std::string_view article);

/// Every run of `min_words` consecutive article words, keyed by the words joined with spaces, with
/// the article line where it first starts.
class ArticleIndex {
 public:
  ArticleIndex(const Words& article, int min_words);
  /// The article line where these `min_words` words occur, or 0.
  int line_of(const Words& words, std::size_t first) const;
  int min_words() const { return min_words_; }

 private:
  int min_words_;
  std::unordered_map<std::string, int> lines_;
};

/// A maximal run of words shared with the article.
struct SharedRun {
  int line = 0;          ///< where it starts in the file read
  int article_line = 0;  ///< where its first `min_words` words stand in the article
  std::string text;      ///< its words as the file spells them
  int words = 0;
};

std::vector<SharedRun> shared_runs(const Words& mine, const ArticleIndex& article);

}  // namespace pe::own_words
