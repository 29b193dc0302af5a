// The argument map against the article: every mention the article makes of one of its own
// numbered statements, wherever it stands, is an edge (uses or explains) or a declared non-edge.
//
// A statement's text runs from its anchor to the next anchor, terminator or section heading.
// References to other articles' statements are left out by the word before them: "its" (formalML's
// and formalRAG's "its Definition 2"), "topic’s" (the attention topic's Proposition 3, "that
// topic’s Proposition 2"), "their" (Chen and colleagues'), and any dotted number ("Theorem 2.1").
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
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

// Every mention of one of the article's own statements, wherever it stands (caveats, "where
// next", the implementation's list included), is an edge or a declared non-edge.
TEST(ArgumentMap, EveryMentionInTheWholeTextIsAnEdgeOrADeclaredNonEdge) {
  const std::string article = read_article();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  const std::vector<Mention> mentions = statement_mentions(article);
  EXPECT_GT(mentions.size(), 0u);
  for (const std::string& problem : undeclared_mentions(article, statements(), mention_non_edges()))
    ADD_FAILURE() << problem;
  // The recall a reviewer asks for: every mention accounted for, and how many are non-edges.
  std::size_t outside = 0;
  for (const Mention& m : mentions) outside += m.from.empty();
  std::cout << mentions.size() << " mentions of the article's own statements (" << outside
            << " outside every statement), " << mention_non_edges().size() << " declared non-edges\n";
}

// Each edge a mention needs is load-bearing: the map without it leaves that mention undeclared.
// The edges no mention backs are the ones the article implies without naming a statement
// ("(iii)" alone, an experiment a theorem accounts for): counted, and each one's removal shown.
TEST(ArgumentMap, RemovingAnyEdgeAMentionNeedsLeavesThatMentionUndeclared) {
  const std::string article = read_article();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  int caught = 0, implied = 0;
  for (std::size_t i = 0; i < statements().size(); ++i)
    for (auto list : {&Statement::uses, &Statement::explains})
      for (std::size_t k = 0; k < (statements()[i].*list).size(); ++k) {
        std::vector<Statement> map = statements();
        (map[i].*list).erase((map[i].*list).begin() + static_cast<long>(k));
        if (undeclared_mentions(article, map, mention_non_edges()).empty()) ++implied;
        else ++caught;
      }
  std::cout << caught << " edges backed by a mention, " << implied << " implied without one\n";
  EXPECT_GT(caught, 0);
}

