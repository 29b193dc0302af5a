// The argument map against the article: every reference a statement's text makes to another
// numbered statement of this article has an edge (uses or explains).
//
// A statement's text runs from its anchor to the next anchor, terminator or section heading.
// References to other articles' statements are left out by the word before them: "its" (formalML's
// and formalRAG's "its Definition 2"), "topic’s" (the attention topic's Proposition 3, "that
// topic’s Proposition 2"), "their" (Chen and colleagues'), and any dotted number ("Theorem 2.1").
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "article_numbers.hpp"
#include "ledger.hpp"
#include "statements.hpp"

using namespace pe::ledger;

namespace {

std::string read_article() {
  std::ifstream in(PE_ARTICLE_PATH);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool other_article(const std::string& before) {
  for (const char* word : {"its ", "topic’s ", "topic's ", "their "})
    if (before.size() >= std::string(word).size() &&
        before.compare(before.size() - std::string(word).size(), std::string::npos, word) == 0)
      return true;
  return false;
}

bool has_edge(const Statement& from, const Statement& to) {
  const auto has = [](const std::vector<std::string>& v, const std::string& id) {
    return std::find(v.begin(), v.end(), id) != v.end();
  };
  return has(from.uses, to.id) || has(from.explains, to.id) || has(to.explains, from.id);
}

/// The statements a reference names: "thm3.iii" for "Theorem 3 (iii)", every part of Theorem 3
/// for "Theorem 3".
std::vector<const Statement*> targets(const std::string& kind, const std::string& number, const std::string& part) {
  const std::string family = (kind == "Definition" ? "def" : kind == "Proposition" ? "prop" : "thm") + number;
  if (!part.empty())
    if (const Statement* s = statement_with_id(family + "." + part)) return {s};
  std::vector<const Statement*> out;
  for (const Statement& s : statements())
    if (statement_family(s.id) == family) out.push_back(&s);
  return out;
}

}  // namespace

TEST(ArgumentMap, AnchorsAreInTheArticleOnceAndInOrder) {
  const std::string article = read_article();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  std::size_t last = 0;
  for (const Statement& s : statements()) {
    const std::size_t at = article.find(s.anchor);
    ASSERT_NE(at, std::string::npos) << s.id << ": anchor not in the article: " << s.anchor;
    EXPECT_EQ(article.find(s.anchor, at + 1), std::string::npos) << s.id << ": anchor found twice";
    EXPECT_GE(at, last) << s.id << ": out of the article's order";
    last = at;
  }
  for (const std::string& t : statement_terminators()) EXPECT_NE(article.find(t), std::string::npos) << t;
}

TEST(ArgumentMap, EveryReferenceToAnotherStatementHasAnEdge) {
  const std::string article = read_article();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  const std::regex reference("(Definition|Proposition|Theorem) ([0-9]+)(\\.[0-9]+)?(?: \\(([ivx]+|[a-c])\\))?");
  const std::vector<TextSpan> all_spans = statement_spans(article);
  int references = 0;
  for (std::size_t i = 0; i < statements().size(); ++i) {
    const Statement& s = statements()[i];
    const std::string text = article.substr(all_spans[i].begin, all_spans[i].end - all_spans[i].begin);
    for (std::sregex_iterator m(text.begin(), text.end(), reference), end; m != end; ++m) {
      const std::string before = text.substr(0, m->position());
      if ((*m)[3].matched || other_article(before)) continue;
      const auto named = targets((*m)[1], (*m)[2], (*m)[4]);
      ASSERT_FALSE(named.empty()) << s.id << ": '" << m->str() << "' names no statement";
      if (statement_family(named.front()->id) == statement_family(s.id)) continue;  // itself
      ++references;
      bool found = false;
      for (const Statement& from : statements())
        if (statement_family(from.id) == statement_family(s.id))
          for (const Statement* to : named) found = found || has_edge(from, *to);
      EXPECT_TRUE(found) << s.id << " (" << s.label << ") cites '" << m->str() << "' with no uses or explains edge";
    }
  }
  EXPECT_GT(references, 0) << "no reference found: is the article the right one?";
}
