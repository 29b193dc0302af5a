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

// Every edge is justified by the text: a numbered mention needs it, or a phrase of the from-
// statement's own text shows it (`because`). Each is load-bearing: the map without it fails the
// check, by a mention left undeclared or by a phrase left naming no edge.
TEST(ArgumentMap, EveryEdgeIsBackedByAMentionOrAPhraseOfItsText) {
  const std::string article = read_article();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  for (const std::string& problem :
       unbacked_edges(article, statements(), mention_non_edges(), statement_terminators()))
    ADD_FAILURE() << problem;
  // Against the whole map's own problems, so that one already there does not pass for a catch.
  const std::size_t undeclared = undeclared_mentions(article, statements(), mention_non_edges()).size();
  const std::size_t misplaced = misplaced_phrases(article, statements(), statement_terminators()).size();
  int edges = 0, by_mention = 0, by_phrase = 0, load_bearing = 0;
  for (std::size_t i = 0; i < statements().size(); ++i)
    for (auto list : {&Statement::uses, &Statement::explains})
      for (std::size_t k = 0; k < (statements()[i].*list).size(); ++k) {
        ++edges;
        const std::string& to = (statements()[i].*list)[k];
        const EdgeBacking backing =
            edge_backing(article, statements(), i, to, mention_non_edges(), statement_terminators());
        by_mention += backing == EdgeBacking::mention;
        by_phrase += backing == EdgeBacking::phrase;
        std::vector<Statement> map = statements();
        (map[i].*list).erase((map[i].*list).begin() + static_cast<long>(k));
        const bool caught = undeclared_mentions(article, map, mention_non_edges()).size() > undeclared ||
                            misplaced_phrases(article, map, statement_terminators()).size() > misplaced;
        if (caught) ++load_bearing;
        else ADD_FAILURE() << statements()[i].id << " -> " << to << ": the map without it still passes";
      }
  std::cout << edges << " edges: " << by_mention << " backed by a mention, " << by_phrase << " by a phrase\n";
  EXPECT_EQ(load_bearing, edges);
}

// The check on a hand-written map: a phrase not in its statement's text, a phrase naming no
// edge, and an edge with neither a mention nor a phrase are each reported.
TEST(ArgumentMap, UnbackedEdgesReportsMisplacedPhrasesAndBareEdges) {
  // No numbered mention ("Theorem 1") in it: phrases alone back its edges.
  const std::string article =
      "Lemma on clocks. A clock ticks once per step.\n"
      "Claim on rulers. A ruler reads the clock, as the lemma shows.\n"
      "Remark on tables. The table counts what the claim reads.\n";
  Statement lemma, claim, remark;
  lemma.id = "lemma", lemma.anchor = "Lemma on clocks";
  claim.id = "claim", claim.anchor = "Claim on rulers";
  remark.id = "remark", remark.anchor = "Remark on tables";
  claim.uses = {"lemma"};
  claim.backing["lemma"] = "as the lemma shows";
  remark.uses = {"claim"};
  const auto reported = [&](const std::vector<Statement>& map, const std::string& words) {
    const std::vector<std::string> problems = unbacked_edges(article, map, {}, {});
    return std::any_of(problems.begin(), problems.end(),
                       [&](const std::string& p) { return p.find(words) != std::string::npos; });
  };
  // remark -> claim has no phrase: reported; claim -> lemma is backed.
  EXPECT_TRUE(reported({lemma, claim, remark}, "remark -> claim: backed by no mention"));
  EXPECT_FALSE(reported({lemma, claim, remark}, "claim -> lemma"));
  EXPECT_EQ(unbacked_edges(article, {lemma, claim, remark}, {}, {}).size(), 1u);
  // A phrase from the next statement's text is not in this one's.
  Statement elsewhere = remark;
  elsewhere.backing["claim"] = "A ruler reads the clock";
  EXPECT_TRUE(reported({lemma, claim, elsewhere}, "remark -> claim: phrase \"A ruler reads the clock\" is not"));
  // A phrase naming a statement that is none of its edges.
  Statement stray = claim;
  stray.backing["remark"] = "A ruler reads";
  EXPECT_TRUE(reported({lemma, stray, remark}, "claim: phrase \"A ruler reads\" names remark, which is none"));
  // With its phrase in its own text, the bare edge is backed too.
  Statement backed = remark;
  backed.backing["claim"] = "what the claim reads";
  EXPECT_TRUE(unbacked_edges(article, {lemma, claim, backed}, {}, {}).empty());
}

// A part of a numbered statement may show its edge in the parts' shared proof, which follows the
// last part, but not in a sibling part's own statement.
TEST(ArgumentMap, APartsPhraseCountsInTheSharedProofOnly) {
  const std::string article =
      "Lemma on clocks. A clock ticks once per step.\n"
      "Theorem 9 (i) Rulers are straight, as the lemma shows.\n"
      "(ii) Rulers are long.\n"
      "Proof. By the lemma on clocks, each tick adds a unit.\n";
  Statement lemma, first, second;
  lemma.id = "lemma", lemma.anchor = "Lemma on clocks";
  first.id = "thm9.i", first.anchor = "Theorem 9 (i)";
  second.id = "thm9.ii", second.anchor = "(ii) Rulers are long";
  second.uses = {"lemma"};
  const auto misplaced = [&](const std::string& phrase) {
    Statement part = second;
    part.backing["lemma"] = phrase;
    return misplaced_phrases(article, {lemma, first, part}, {}).size();
  };
  EXPECT_EQ(misplaced("each tick adds a unit"), 0u);  // in the proof after the last part
  EXPECT_EQ(misplaced("as the lemma shows"), 1u);     // in part (i)'s statement, not the proof
  first.uses = {"lemma"};
  first.backing["lemma"] = "each tick adds a unit";  // (i) reaches the shared proof too
  EXPECT_TRUE(misplaced_phrases(article, {lemma, first, second}, {}).empty());
}
