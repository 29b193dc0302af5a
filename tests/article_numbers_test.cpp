// The article's printed numbers: what counts as one (article_numbers.hpp), that every claim's
// place holds its number in the article, that every number is accounted for (non_claims.hpp),
// and the annotated copy a reader gets (annotate.hpp), on small texts and on the article itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "annotate.hpp"
#include "article_numbers.hpp"
#include "ledger.hpp"
#include "utf8_text.hpp"
#include "non_claims.hpp"
#include "statements.hpp"
#include "clocks_section.hpp"

using namespace pe::ledger;
using namespace pe::report;

namespace {

std::string article_text() {
  std::ifstream in(PE_ARTICLE_PATH);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> texts_of(const std::vector<PrintedNumber>& numbers, bool labels = false) {
  std::vector<std::string> out;
  for (const PrintedNumber& n : numbers)
    if (n.label == labels) out.push_back(n.text);
  return out;
}

/// The discrepancies of these kinds, one line each (empty: none).
std::string lines_of(const Accounting& a, std::set<Discrepancy::Kind> kinds) {
  std::string out;
  for (const Discrepancy& d : a.discrepancies)
    if (kinds.count(d.kind)) out += "  " + describe(d) + "\n";
  return out;
}

/// Every claim holding, exact: faces for pages whose verdicts a test does not look at.
ReportFaces all_holding() {
  ReportFaces faces;
  for (const Claim& c : all_claims()) faces.claims[c.id] = {"holds", "holds", "exact", "", c.article, c.article};
  for (const Statement& s : statements()) faces.statements[s.id] = {s.label, "holds", "holds"};
  return faces;
}

/// The 1-based line of the first `what` in `text`.
int line_of(const std::string& text, const std::string& what) {
  const std::size_t at = text.find(what);
  return at == std::string::npos ? 0 : 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
}

/// The article with the sentence that begins with `opening` (through its ". ") taken out.
std::string without_sentence(std::string text, const std::string& opening) {
  const std::size_t at = text.find(opening);
  if (at == std::string::npos) return "";
  return text.erase(at, text.find(". ", at) + 2 - at);
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

// ---- What a printed number is --------------------------------------------------------------

TEST(PrintedNumbers, AreWholeNumbersSoAShorterOneNeverMatchesInsideALongerOne) {
  const std::vector<PrintedNumber> n = printed_numbers("Held at $0.466$ and $0.46$, then 0.466 again.\n");
  EXPECT_EQ(texts_of(n), (std::vector<std::string>{"0.466", "0.46", "0.466"}));
  EXPECT_NE(number_at(n, {"", "0.46", 1}), nullptr);
  EXPECT_EQ(number_at(n, {"", "0.46", 2}), nullptr);  // the other two are 0.466
  EXPECT_EQ(number_at(n, {"", "0.466", 2})->offset, std::string("Held at $0.466$ and $0.46$, then ").size());
}

TEST(PrintedNumbers, ReadTexLiteralsInTheirCanonicalForm) {
  const std::string text =
      "a $3.69 \\times 10^{29}$ b $1.15 \\times 10^{-4}$ c $1{,}500$ d $41\\%$ e $10^4$ f $-55.86$ g $1/2$ "
      "h $\\delta \\approx 0.968$ i $d = 16$ j $h_{d/2} = 0$ k $\\ln 2/\\ln b \\approx 0.075$ l 19,285 m 76.6%\n";
  EXPECT_EQ(texts_of(printed_numbers(text)),
            (std::vector<std::string>{"3.69e29", "1.15e-4", "1500", "41%", "10^4", "-55.86", "1/2", "0.968", "16",
                                      "0", "0.075", "19285", "76.6%"}));
}

TEST(PrintedNumbers, LeaveAFormulasOwnConstantsAlone) {
  const std::string text =
      "give $\\omega_j = b^{-2j/d}$ and $\\lVert e \\rVert = 1$ and $\\cos^2 + \\sin^2 = 1$ and $[0, 31]$ and "
      "$E\\,\\delta^2 = 1 - 1/d$, a rate b^(-2j/d), a mean (d/2), a word x2\n"
      "\\kappa_d(\\Delta) = \\sum_{j=0}^{d/2-1} \\cos(\\Delta\\omega_j) + 7\n";
  EXPECT_TRUE(printed_numbers(text).empty()) << texts_of(printed_numbers(text)).size() << " found";
  EXPECT_TRUE(display_formula_line("\\frac{2}{d}\\,\\kappa_d(\\Delta) \\to 1"));
  EXPECT_FALSE(display_formula_line("at $d = 16$ the \\cos"));
}

TEST(PrintedNumbers, MarkTheNumeralsThatNameAStatementOrAReference) {
  const std::vector<PrintedNumber> n = printed_numbers(
      "By Theorem 2, Proposition 3 (ii), their Theorem 2.1, §4.3 and DLMF 6.2.12–13, with 8-K filings and "
      "seed 2.\n");
  EXPECT_EQ(texts_of(n, true), (std::vector<std::string>{"2", "3", "2.1", "4.3", "6.2.12", "13"}));
  EXPECT_EQ(texts_of(n, false), (std::vector<std::string>{"8", "2"}));
}

TEST(PrintedNumbers, NamesTheNumbersOfAClaimsOwnWords) {
  EXPECT_EQ(numbers_in("Fenwick at 145/145 positions, more than 8,000 each, 1e5, -55.86, 42%"),
            (std::vector<std::string>{"145/145", "145", "145", "8000", "1e5", "-55.86", "42%"}));
  EXPECT_DOUBLE_EQ(printed_value("41%"), 0.41);
  EXPECT_DOUBLE_EQ(printed_value("10^5"), 1e5);
  EXPECT_DOUBLE_EQ(printed_value("1/2"), 0.5);
  EXPECT_DOUBLE_EQ(printed_value("3.69e29"), 3.69e29);
}

TEST(PrintedNumbers, ATableCellsOccurrenceCountsTheEqualCellsBeforeIt) {
  const std::vector<std::string> cells = {"0.974", "0.771", "0.974", "0.335", "0.974"};
  EXPECT_EQ(occurrence_in(cells, 0), 1);
  EXPECT_EQ(occurrence_in(cells, 1), 1);
  EXPECT_EQ(occurrence_in(cells, 4), 3);
}

// ---- Every claim's place, every number, against the article ----------------------------------

TEST(PrintedNumbers, EveryClaimsPrintedValueIsAtItsDeclaredPlace) {
  const std::string article = article_text();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  using K = Discrepancy::Kind;
  const Accounting a = account_for_numbers(article);
  EXPECT_EQ(lines_of(a, {K::missing_statement, K::missing_place, K::foreign_place}), "");
  // A claim whose printed value is one number has a place that prints it.
  for (const Claim& c : all_claims()) {
    const std::vector<std::string> own = numbers_in(c.article);
    if (own.empty() || own.front() != c.article) continue;
    const std::vector<Place> places = places_of(c);
    EXPECT_TRUE(std::any_of(places.begin(), places.end(), [&](const Place& p) {
      return p.text.empty() || same_printed_value(p.text, c.article);
    })) << c.id << " prints " << c.article << " at none of its places";
  }
}

TEST(PrintedNumbers, EveryDefaultPlaceIsTheOnlyOccurrenceOfItsTextInItsStatement) {
  const std::string article = article_text();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  EXPECT_EQ(lines_of(account_for_numbers(article), {Discrepancy::Kind::ambiguous_default}), "");
}

TEST(PrintedNumbers, EveryPrintedNumberIsAtAClaimsPlaceOrDeclaredNoClaim) {
  const std::string article = article_text();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  const Accounting a = account_for_numbers(article);
  EXPECT_EQ(lines_of(a, {Discrepancy::Kind::unaccounted, Discrepancy::Kind::accounted_twice}), "");
  EXPECT_EQ(a.accounted() + a.unchecked, a.printed) << accounting_line(a);
  EXPECT_GT(a.by_claims, a.printed / 2) << "most printed numbers are claims' values: " << accounting_line(a);
  RecordProperty("printed_numbers", a.printed);
  RecordProperty("by_claims", a.by_claims);
  RecordProperty("declared_non_claims", a.by_non_claims);
  RecordProperty("unchecked", a.unchecked);
}

TEST(PrintedNumbers, EveryDeclaredNonClaimPointsAtANumberWithAReason) {
  const std::string article = article_text();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  EXPECT_EQ(lines_of(account_for_numbers(article), {Discrepancy::Kind::missing_non_claim}), "");
  for (const NonClaim& n : non_claims()) {
    EXPECT_FALSE(n.reason.empty()) << n.where << " " << n.text;
    EXPECT_FALSE(n.occurrences.empty()) << n.where << " " << n.text;
    EXPECT_NE(n.kind, NonClaimKind::label) << n.where << " " << n.text << ": labels are accounted for by rule";
  }
}

// ---- The annotated copy ---------------------------------------------------------------------

TEST(AnnotatedArticle, ASmallTextGetsItsBadgeAndItsMissingAndExtraNumbersReported) {
  // One statement's opening words (thm1.readings) and the one number its claim places there.
  const std::string copy = "Title\n\n" + std::string(pe::theorems::kClocksSection) + "\n\nTwo readings. First, by doubling: each "
                           "doubling costs $\\ln 2/\\ln b \\approx 0.075$ of similarity, and $42$ more.\n";
  const Accounting a = account_for_numbers(copy);
  ASSERT_EQ(a.printed, 2);
  EXPECT_EQ(a.numbers[0].claims.size(), 1u);
  EXPECT_EQ(a.numbers[0].claims[0]->id, "thm1.doubling_cost");
  EXPECT_FALSE(a.numbers[1].accounted());
  ReportFaces faces;
  faces.claims["thm1.doubling_cost"] = {"fails", "holds", "exact", "", "0.075", "0.0753"};
  faces.statements["thm1.readings"] = {"Theorem 1, its two readings", "fails", "fails"};
  const std::string page = annotated_html(copy, a, faces, {"docs"});
  EXPECT_NE(page.find("href=\"docs/claims.html#claim-thm1-doubling_cost\""), std::string::npos) << page;
  // The badge names its claim, and the number keeps its marks inside the typeset formula.
  EXPECT_NE(page.find("\u2717 thm1.doubling_cost: exact</a>"), std::string::npos);
  EXPECT_NE(page.find("\\(\\ln 2/\\ln b \\approx \\class{pe-n pe-claimed pe-v-fails}{0.075}\\)"), std::string::npos)
      << page;
  EXPECT_NE(page.find("href=\"docs/argument.html#map-statement-thm1-readings\""), std::string::npos);
  EXPECT_NE(page.find("Theorem 1, its two readings: fails"), std::string::npos);
  EXPECT_NE(page.find("not accounted for: 42 (#1) in thm1.readings"), std::string::npos);
  // Every other statement is missing from this copy, and the places of its claims with it.
  EXPECT_NE(page.find("missing statement: table.ruler"), std::string::npos);
  EXPECT_NE(page.find("missing: 0.966 (#1) in table.ruler, the place of thm1.ruler.d64.delta1"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos) << "the page reads no other file but MathJax";
  EXPECT_EQ(count_of(page, "<script"), 2u) << "MathJax's configuration and MathJax";
  EXPECT_NE(page.find("<script async src=\"docs/mathjax/MathJax.js?config=TeX-AMS_HTML\">"), std::string::npos);
  const std::string text = annotated_text(copy, a, faces);
  EXPECT_NE(text.find("0.075$[\u2717 thm1.doubling_cost]"), std::string::npos) << text;
  EXPECT_NE(text.find("$42$[not accounted for]"), std::string::npos) << text;
  EXPECT_NE(text.find("[Theorem 1, its two readings: fails] Two readings."), std::string::npos) << text;
  // A value the project built to match supports nothing: its badge says so instead of its class.
  faces.claims["thm1.doubling_cost"] = {"holds", "holds", "exact", "", "0.075", "0.075", false, "by construction"};
  EXPECT_NE(annotated_html(copy, a, faces, {"docs"}).find("\u2713 thm1.doubling_cost: by construction</a>"), std::string::npos);
}

TEST(AnnotatedArticle, TheArticleCarriesABadgeForEveryPlaceAndItsStatementsStandings) {
  const std::string article = article_text();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  const Accounting a = account_for_numbers(article);
  std::size_t placed = 0;
  for (const NumberAccount& n : a.numbers) placed += n.claims.size();
  const std::string page = annotated_html(article, a, all_holding(), {""});
  EXPECT_EQ(count_of(page, "class=\"pe-badge "), placed);
  EXPECT_EQ(count_of(page, "class=\"pe-standing "), statements().size());
  // Numbers in running text are spans; inside formulas MathJax's \\class carries the same marks.
  EXPECT_EQ(count_of(page, "class=\"pe-n ") + count_of(page, "\\class{pe-n "), a.numbers.size());
  EXPECT_EQ(count_of(page, "pe-unaccounted"), 1u) << "only the stylesheet's rule: no number unaccounted for";
  EXPECT_NE(page.find("This copy prints every number where the claims and the declarations place it."),
            std::string::npos);
}

TEST(AnnotatedArticle, ACopyThatDiffersIsReportedNumberByNumber) {
  std::string copy = article_text();
  if (copy.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  // The overview table's RoPE read at 256 misprinted, and the ruler table's first cell gone.
  const std::string row = "RoPE (rotations)\t$1.000$\t$0.466$";
  ASSERT_NE(copy.find(row), std::string::npos);
  copy.replace(copy.find(row), row.size(), "RoPE (rotations)\t$1.000$\t$0.467$");
  const std::string cell = "$d = 64$\t$0.966$\t";
  ASSERT_NE(copy.find(cell), std::string::npos);
  copy.replace(copy.find(cell), cell.size(), "$d = 64$\t\t");
  const Accounting a = account_for_numbers(copy);
  const std::string lines =
      lines_of(a, {Discrepancy::Kind::missing_place, Discrepancy::Kind::unaccounted, Discrepancy::Kind::changed});
  EXPECT_NE(lines.find("changed: 0.466 -> 0.467 (#1) in table.overview, line " +
                       std::to_string(line_of(copy, "$0.467$")) + ", the place of exp.tournament.rope.L256"),
            std::string::npos) << lines;
  EXPECT_NE(lines.find("missing: 0.966 (#1) in table.ruler, the place of thm1.ruler.d64.delta1"), std::string::npos)
      << lines;
  EXPECT_NE(annotated_html(copy, a, all_holding(), {""}).find("This copy differs"), std::string::npos);
}

TEST(AnnotatedArticle, AChangedNumberIsOneEventThatNamesItsLine) {
  const std::string article = article_text();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  using K = Discrepancy::Kind;
  const std::string rope = "RoPE (rotations)\t$1.000$\t$0.466$", pi = "RoPE, positions interpolated\t$1.000$\t$0.917$";
  ASSERT_NE(article.find(rope), std::string::npos);
  ASSERT_NE(article.find(pi), std::string::npos);
  std::string copy = article;
  copy.replace(copy.find(rope), rope.size(), "RoPE (rotations)\t$1.000$\t$0.467$");
  const std::string changed = "changed: 0.466 -> 0.467 (#1) in table.overview, line " +
                              std::to_string(line_of(copy, "$0.467$")) + ", the place of exp.tournament.rope.L256\n";
  // One change, with or without the declared text: one event, and nothing else about it.
  for (const std::string_view reference : {std::string_view(), std::string_view(article)}) {
    const Accounting a = account_for_numbers(copy, reference);
    EXPECT_EQ(lines_of(a, {K::changed, K::missing_place, K::missing_non_claim, K::unaccounted}), "  " + changed);
    EXPECT_EQ(a.discrepancies.size(), 1u);
  }
  // Two in one statement: without the declared text no order says which became which, so each is
  // reported alone, the copy's numbers with their lines; with it, each pairs in its own row.
  copy.replace(copy.find(pi), pi.size(), "RoPE, positions interpolated\t$1.000$\t$0.918$");
  const std::string alone = lines_of(account_for_numbers(copy), {K::changed, K::missing_place, K::unaccounted});
  EXPECT_EQ(alone.find("changed:"), std::string::npos) << alone;
  EXPECT_NE(alone.find("not accounted for: 0.467 (#1) in table.overview, line " +
                       std::to_string(line_of(copy, "$0.467$"))),
            std::string::npos) << alone;
  EXPECT_NE(alone.find("not accounted for: 0.918 (#1) in table.overview, line " +
                       std::to_string(line_of(copy, "$0.918$"))),
            std::string::npos) << alone;
  EXPECT_NE(alone.find("missing: 0.466 (#1) in table.overview, the place of exp.tournament.rope.L256"),
            std::string::npos) << alone;
  const std::string paired = lines_of(account_for_numbers(copy, article), {K::changed, K::missing_place, K::unaccounted});
  EXPECT_NE(paired.find(changed), std::string::npos) << paired;
  EXPECT_NE(paired.find("changed: 0.917 -> 0.918 (#1) in table.overview, line " +
                        std::to_string(line_of(copy, "$0.918$")) + ", the place of "),
            std::string::npos) << paired;
  EXPECT_EQ(paired.find("missing:"), std::string::npos) << paired;
  EXPECT_EQ(paired.find("not accounted for:"), std::string::npos) << paired;
}

TEST(AnnotatedArticle, ADeletedSentenceNamesTheNumbersItTookNotTheNextEqualOnes) {
  const std::string article = article_text();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  using K = Discrepancy::Kind;
  const std::set<K> missing = {K::missing_place, K::missing_non_claim, K::missing_one_of};
  // The projected head's sentence holds the first 64 and 256 of its statement; the shifted head's
  // sentence after it holds the second ones.
  const std::string projected =
      without_sentence(article, "Replace only the position-against-position term with its projection");
  ASSERT_FALSE(projected.empty());
  const std::string read_at = "declared no claim (a length the heads are read at (the ";
  std::string lines = lines_of(account_for_numbers(projected, article), missing);
  for (const char* length : {"64", "128", "256"})
    EXPECT_NE(lines.find("missing: " + std::string(length) + " (#1) in exp.added_code, " + read_at + "projected head))"),
              std::string::npos) << lines;
  EXPECT_EQ(lines.find("shifted head"), std::string::npos) << lines;
  // Without the declared text the copy cannot tell which 64 is gone, and says so.
  lines = lines_of(account_for_numbers(projected), missing);
  EXPECT_NE(lines.find("missing: one of 64 (#1, #2) in exp.added_code (this copy prints 1, from line " +
                       std::to_string(line_of(projected, "reads $0.769$ at $64$")) +
                       "); without the declared text this copy cannot tell which: #1 " + read_at + "projected head)); #2 " +
                       read_at + "shifted head))"),
            std::string::npos) << lines;
  EXPECT_EQ(lines.find("missing: 64 (#2)"), std::string::npos) << lines;
  EXPECT_EQ(lines.find("missing: 256 (#2)"), std::string::npos) << lines;
  // The rebound paragraph's first "1" is a setting; its second is a claim's place, which must not
  // be reported missing when the first one's sentence goes.
  const std::string seed0 = without_sentence(article, "In seed $0$ the score falls from");
  ASSERT_FALSE(seed0.empty());
  lines = lines_of(account_for_numbers(seed0, article), missing);
  EXPECT_NE(lines.find("missing: 1 (#1) in exp.rebound, declared no claim (the offset r the first score is read at)"),
            std::string::npos) << lines;
  EXPECT_NE(lines.find("missing: 34 (#1) in exp.rebound, the place of exp.rebound.seeds.first_trough"),
            std::string::npos) << lines;
  EXPECT_EQ(lines.find("thm5.census.full_turn_planes"), std::string::npos) << lines;
  lines = lines_of(account_for_numbers(seed0), missing);
  EXPECT_NE(lines.find("missing: one of 1 (#1, #2) in exp.rebound"), std::string::npos) << lines;
  EXPECT_EQ(lines.find("missing: 1 (#2) in exp.rebound"), std::string::npos) << lines;
  // Where the words around the one left agree as well with either, the reference cannot tell either.
  const std::string head = "Title\n\nProposition 1 (A causal layer counts but does not order).\n\n(i) Suppose ";
  lines = lines_of(account_for_numbers(head + "$0$ one two three four.\n", head + "$0$ $0$ one two three four.\n"),
                   missing);
  EXPECT_NE(lines.find("missing: one of 0 (#1, #2) in prop1.i (this copy prints 1, from line 5); the words around "
                       "them cannot tell which: #1 declared no claim (Proposition 1 (i)'s instance"),
            std::string::npos) << lines;
  // A reference that is not the declared text there (the copy itself) is not read for that text.
  lines = lines_of(account_for_numbers(seed0, seed0), missing);
  EXPECT_NE(lines.find("missing: one of 1 (#1, #2) in exp.rebound"), std::string::npos) << lines;
}

TEST(AnnotatedArticle, ANumberMovedToAnotherStatementIsReportedAsMoved) {
  std::string copy = article_text();
  if (copy.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  // The doubling cost taken out of its sentence and printed in the next paragraph (the columns remark).
  const std::string cost = " \\approx 0.075$";
  ASSERT_NE(copy.find(cost), std::string::npos);
  copy.replace(copy.find(cost), cost.size(), "$");
  const std::string remark = "Note also what the table says against";
  copy.insert(copy.find(remark) + remark.size(), " ($0.075$)");
  const std::string lines = lines_of(account_for_numbers(copy), {Discrepancy::Kind::missing_place});
  EXPECT_NE(lines.find("missing: 0.075 (#1) in thm1.readings, the place of thm1.doubling_cost; this text prints "
                       "0.075 unaccounted for in thm1.columns (#1), line " + std::to_string(line_of(copy, "($0.075$)"))),
            std::string::npos) << lines;
}

TEST(AnnotatedArticle, TheTextFormFitsOneHundredColumns) {
  const std::string article = article_text();
  if (article.empty()) GTEST_SKIP() << "the article is not at " << PE_ARTICLE_PATH << ": nothing to check";
  std::istringstream text(annotated_text(article, account_for_numbers(article), all_holding()));
  int lines = 0;
  for (std::string line; std::getline(text, line); ++lines) {
    EXPECT_LE(pe::code_points(line), 100u) << line;
  }
  EXPECT_GT(lines, 400);
}
