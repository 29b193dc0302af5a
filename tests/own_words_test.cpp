// The reading behind docs.own_words (tests/own_words.hpp), on a made-up "article": which words
// are compared, which are exempt, and where a shared run is reported.
#include <gtest/gtest.h>

#include "own_words.hpp"

namespace pe::own_words {
namespace {

// Fourteen words on its second line, a formula, then a curly apostrophe and a 'z'.
const char kArticle[] =
    "Title\n"
    "One two three four five six seven eight nine ten eleven twelve thirteen fourteen.\n"
    "Heads read $32$ -token windows and the topic’s generalization holds far beyond them all.\n"
    "Of all the queries in the held out set $41\\%$ lie far back and the score $s(r) = \\sum_j h_j$ is a trigonometric "
    "polynomial of the offset when the window is long enough to hold it.\n";

std::vector<SharedRun> runs_in_page(const std::string& page) {
  return shared_runs(prose_words(page, 1), ArticleIndex(article_words(kArticle), 12));
}

std::vector<SharedRun> runs_in_source(const std::string& source) {
  return shared_runs(cpp_words(source), ArticleIndex(article_words(kArticle), 12));
}

TEST(OwnWords, ReportsARunAtItsLineWithItsLength) {
  const auto runs = runs_in_page("# Page\n\nSo: ONE two, three four five six seven eight nine\nten eleven twelve thirteen.\n");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].line, 3);
  EXPECT_EQ(runs[0].article_line, 2);
  EXPECT_EQ(runs[0].words, 13);
  EXPECT_EQ(runs[0].text, "ONE two three four five six seven eight nine ten eleven twelve thirteen");
}

TEST(OwnWords, ElevenWordsAreNotARun) {
  EXPECT_TRUE(runs_in_page("one two three four five six seven eight nine ten eleven and more\n").empty());
}

TEST(OwnWords, ApostrophesSpellingAndFormulasOfTheArticleCompareAsWords) {
  const auto runs =
      runs_in_page("Heads read 32-token windows, and the topic's generalisation holds far beyond them.\n");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].words, 13);
}

TEST(OwnWords, ALargerFormulaOfTheArticleBreaksARunThere) {
  // Sixteen words up to the article's formula s(r) = ..., the percentage read as its number.
  auto runs = runs_in_page("So: of all the queries in the held-out set 41% lie far back, and the score s(r) is\n");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].words, 16);
  // Past the formula: twelve words from "is" on.
  runs = runs_in_page("x: it is a trigonometric polynomial of the offset when the window is long\n");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].words, 12);
  EXPECT_TRUE(runs_in_page("far back and the score s r is a trigonometric polynomial of\n").empty());
}

TEST(OwnWords, QuotationsFormulasCodeAndParagraphsBreakARun) {
  EXPECT_TRUE(runs_in_page("> one two three four five six seven eight nine ten eleven twelve\n").empty());
  EXPECT_TRUE(runs_in_page("one two three four five six \\f$seven\\f$ eight nine ten eleven twelve\n").empty());
  EXPECT_TRUE(runs_in_page("one two three four five six `seven` eight nine ten eleven twelve\n").empty());
  EXPECT_TRUE(runs_in_page("one two three four five six\n\nseven eight nine ten eleven twelve\n").empty());
  EXPECT_TRUE(runs_in_page("one two three four five six\n- seven eight nine ten eleven twelve\n").empty());
  EXPECT_TRUE(runs_in_page("```\none two three four five six seven eight nine ten eleven twelve\n```\n").empty());
  EXPECT_TRUE(runs_in_page("one two three four five six \\f[\nx\n\\f] seven eight nine ten eleven twelve\n").empty());
}

TEST(OwnWords, CommentsJoinAcrossLinesAndLiteralsAcrossAdjacency) {
  auto runs = runs_in_source("int a;\n/// one two three four five six\n/// seven eight nine ten eleven twelve\n");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].line, 2);
  runs = runs_in_source("f(\"one two three four five six \"\n  \"seven eight nine ten eleven twelve\");\n");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].line, 1);
}

TEST(OwnWords, CodeBetweenCommentsOrLiteralsBreaksARun) {
  EXPECT_TRUE(runs_in_source("// one two three four five six\nint a;\n// seven eight nine ten eleven twelve\n").empty());
  EXPECT_TRUE(runs_in_source("f(\"one two three four five six \" + g() + \" seven eight nine ten eleven twelve\");\n").empty());
  EXPECT_TRUE(runs_in_source("int a;  // one two three four five six\n// seven eight nine ten eleven twelve\n").empty());
  EXPECT_TRUE(runs_in_source("/// > one two three four five six seven eight nine ten eleven twelve\n").empty());
}

TEST(OwnWords, ALiteralEndingBesideQuotedIsAQuotation) {
  EXPECT_TRUE(runs_in_source("f(\"own\",\n  \"one two three four five six \"\n"
                             "  \"seven eight nine ten eleven twelve\", 3);  // quoted\n").empty());
  // Only the literal that ends on the marked line.
  EXPECT_EQ(runs_in_source("f(\"one two three four five six seven eight nine ten eleven twelve\",\n"
                           "  \"own\");  // quoted\n").size(), 1u);
  EXPECT_EQ(runs_in_source("f(\"one two three four five six seven eight nine ten eleven twelve\");  // quote\n")
                .size(), 1u);
}

TEST(OwnWords, CodeItselfIsNotProse) {
  EXPECT_TRUE(runs_in_source("one two three four five six seven eight nine ten eleven twelve;\n").empty());
  EXPECT_TRUE(runs_in_source("char c = '\"'; int one_two = 1'000;\n").empty());
}

}  // namespace
}  // namespace pe::own_words
