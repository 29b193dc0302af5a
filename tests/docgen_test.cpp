// Unit tests of the documentation generator (docs/docgen.hpp) and the figure data
// (docs/figures.hpp): escaping, anchors, unit links, template directives, and the figure
// tables against the numerics they come from.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>
#include <set>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include "clocks.hpp"
#include "context_extension.hpp"
#include "argument_map.hpp"
#include "docgen.hpp"
#include "synthetic_filings.hpp"
#include "figures.hpp"
#include "filing_readers.hpp"
#include "lab.hpp"
#include "clocks_section.hpp"
#include "filings_section.hpp"
#include "order_section.hpp"

#ifndef PE_SOURCE_DIR
#error "PE_SOURCE_DIR must name the source tree"
#endif

namespace {

using pe::docgen::Context;
using pe::ledger::Record;

template <class F>
std::string invalid_argument_message(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no std::invalid_argument)";
}

Record record(const std::string& id, const std::string& section, const std::string& verdict,
              const std::string& expected) {
  return {id, "theorem1", section, "statement of " + id, "0.5", "0.49", "printed", verdict,
          expected, "note"};
}

Context context_with(std::vector<Record> records) {
  Context c;
  c.records = std::move(records);
  c.source_dir = PE_SOURCE_DIR;
  return c;
}

const std::string kClocks = pe::theorems::kClocksSection;

std::string escape_for_doxygen(std::string_view text) {
  return pe::report::escape_markdown(text, pe::report::Markdown::doxygen);
}

// ---- escaping --------------------------------------------------------------------------

TEST(EscapeMarkdown, PlainTextIsUnchanged) {
  EXPECT_EQ(escape_for_doxygen("Theorem 1 (ii): d = 64, Delta = 4"),
            "Theorem 1 (ii): d = 64, Delta = 4");
}

TEST(EscapeMarkdown, DoxygenAndMarkdownCharactersAreEscaped) {
  EXPECT_EQ(escape_for_doxygen("<p(m), p(n)> <= |x| & 5% #1 @a $b \\f$"),
            "\\<p(m), p(n)\\> \\<= \\|x\\| \\& 5\\% \\#1 \\@a \\$b \\\\f\\$");
  EXPECT_EQ(escape_for_doxygen("kappa_d *x* `c` [l](u)"),
            "kappa\\_d \\*x\\* \\`c\\` \\[l\\](u)");
}

TEST(EscapeMarkdown, DashRunsTildesAndNewlines) {
  EXPECT_EQ(escape_for_doxygen("a-b -- c"), "a-b \\-\\- c");
  EXPECT_EQ(escape_for_doxygen("1.2e-3"), "1.2e-3");
  EXPECT_EQ(escape_for_doxygen("~~x"), "<span>~</span><span>~</span>x");
  EXPECT_EQ(escape_for_doxygen("one\ntwo\r"), "one<br>two");
}

TEST(EscapeMarkdown, TheReportEscapesOnlyWhatBreaksATableRow) {
  EXPECT_EQ(pe::report::escape_markdown("a|b *c* <d>\nx\r", pe::report::Markdown::github),
            "a\\|b *c* <d><br>x\r");
}

// In a list item the report prints a '|' as typed: "\\|0.974 - 0.937\\|" read at a terminal was noise.
TEST(EscapeMarkdown, TheReportsListsPrintBarsAsTyped) {
  EXPECT_EQ(pe::report::escape_markdown_text("|a - b| <= c\nd", pe::report::Markdown::github), "|a - b| <= c<br>d");
  EXPECT_EQ(pe::report::escape_markdown_text("|a|", pe::report::Markdown::doxygen),
            pe::report::escape_markdown("|a|", pe::report::Markdown::doxygen));
  pe::ledger::Record r;
  r.id = "consistency.table_ruler.limit_bound.delta1";
  r.consistency = "consistent";
  r.article = "0.974 0.937";
  r.computed = "|0.974 - 0.937| <= 2/|Delta|";
  const std::string md = pe::report::relations_markdown({r}, pe::report::Markdown::github,
                                                        [](const pe::ledger::Record& x) { return x.id; });
  EXPECT_NE(md.find("computed |0.974 - 0.937| <= 2/|Delta|"), std::string::npos) << md;
  // A failing relation names the conclusion it changes (the erratum's reason).
  r.consistency = "changes a conclusion";
  r.verdict = "fails";
  r.note = "Erratum: the heads do not fall back as the paragraph says | details";
  const std::string failing = pe::report::relations_markdown({r}, pe::report::Markdown::github,
                                                             [](const pe::ledger::Record& x) { return x.id; });
  EXPECT_NE(failing.find("the heads do not fall back as the paragraph says"), std::string::npos) << failing;
}

// ---- anchors and unit links ------------------------------------------------------------

TEST(ClaimAnchor, DotsBecomeDashes) {
  EXPECT_EQ(pe::docgen::claim_anchor("thm1.ruler.d512.delta256"), "claim-thm1-ruler-d512-delta256");
  EXPECT_EQ(pe::docgen::claim_anchor("thm5.chen.counterexample_d128"),
            "claim-thm5-chen-counterexample_d128");
}

TEST(ClaimAnchor, DistinctIdsGiveDistinctAnchors) {
  std::set<std::string> anchors;
  const std::vector<std::string> ids = {"a.b_c", "a_b.c", "a.b.c", "a.bc", "ab.c"};
  for (const std::string& id : ids) anchors.insert(pe::docgen::claim_anchor(id));
  EXPECT_EQ(anchors.size(), ids.size());
}

TEST(ClaimAnchor, RejectsNonIds) {
  EXPECT_NE(invalid_argument_message([] { pe::docgen::claim_anchor("thm1 ruler"); })
                .find("id = 'thm1 ruler'"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::claim_anchor(""); }).find("id = ''"),
            std::string::npos);
}

TEST(SourceLink, PointsAtDoxygensSourcePageAtTheDeclaringLine) {
  EXPECT_EQ(pe::docgen::source_link("theorems/30-clocks/theorem1.cpp:142"),
            "<a href=\"theorem1_8cpp_source.html#l00142\">theorem1.cpp:142</a>");
  EXPECT_EQ(pe::docgen::source_link("theorems/lab/lab.cpp:7"),
            "<a href=\"lab_8cpp_source.html#l00007\">lab.cpp:7</a>");
  EXPECT_EQ(pe::docgen::source_link("theorems/20-order/bag_of_tokens.cpp:123456"),
            "<a href=\"bag__of__tokens_8cpp_source.html#l123456\">bag_of_tokens.cpp:123456</a>");
  EXPECT_NE(invalid_argument_message([] { pe::docgen::source_link("theorem1.cpp"); })
                .find("source = 'theorem1.cpp'"),
            std::string::npos);
}

TEST(UnitReference, LinksExistingUnitsOnly) {
  EXPECT_EQ(pe::docgen::unit_reference("theorem1", PE_SOURCE_DIR),
            "\\ref theorems/30-clocks/theorem1.cpp \"theorems/30-clocks/theorem1.cpp\"");
  EXPECT_NE(invalid_argument_message([] { pe::docgen::unit_reference("no_such_unit", PE_SOURCE_DIR); })
                .find("theorems/*/no_such_unit.cpp"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::unit_reference("../x", PE_SOURCE_DIR); })
                .find("unit = '../x'"),
            std::string::npos);
}

// ---- summaries and tables --------------------------------------------------------------

// An exact claim that fails is an error of the article's mathematics unless it is about the
// article's corpus, which is checked on this project's re-creation of it.
TEST(ClaimCards, CardsCarryLinksAnchorsAndVerdicts) {
  const Record r = record("thm1.ruler.d64", kClocks, "fails", "holds");
  const std::string section = pe::docgen::claim_cards({&r}, pe::docgen::CardKind::section, PE_SOURCE_DIR);
  EXPECT_NE(section.find("\\ref claim-thm1-ruler-d64 \"thm1.ruler.d64\""), std::string::npos);
  EXPECT_NE(section.find("\\ref theorems/30-clocks/theorem1.cpp"), std::string::npos);
  EXPECT_NE(section.find("pe-fails pe-mismatch"), std::string::npos);
  EXPECT_NE(section.find("<details>"), std::string::npos);  // the detail is folded
  EXPECT_EQ(section.find("pe-claim-reason"), std::string::npos);
  const std::string all = pe::docgen::claim_cards({&r}, pe::docgen::CardKind::all, PE_SOURCE_DIR);
  EXPECT_NE(all.find("\\anchor claim-thm1-ruler-d64 `thm1.ruler.d64`"), std::string::npos);
  // One card.
  EXPECT_EQ(all.find("class=\"pe-claim\"", all.find("class=\"pe-claim\"") + 1), std::string::npos);
}

TEST(ClaimCards, AnErratumShowsItsReasonAndFoldsItsEvidence) {
  Record r = record("thm1.ruler.d64", kClocks, "fails", "fails");
  r.note = "Erratum: the reason | per-seed evidence";
  const std::string errata = pe::docgen::claim_cards({&r}, pe::docgen::CardKind::errata, PE_SOURCE_DIR);
  const auto reason = errata.find("<b>Reason:</b> Erratum: the reason</div>");
  const auto details = errata.find("<details>");
  const auto evidence = errata.find("<b>evidence</b> per-seed evidence");
  ASSERT_NE(reason, std::string::npos) << errata;
  ASSERT_NE(evidence, std::string::npos) << errata;
  EXPECT_LT(reason, details);
  EXPECT_LT(details, evidence);
}

// ---- templates -------------------------------------------------------------------------

TEST(Template, LabelAndSectionAreRead) {
  const std::string text = "# Clocks {#clocks}\n[[section " + kClocks + "]]\n";
  EXPECT_EQ(pe::docgen::page_label(text, "t.md"), "clocks");
  EXPECT_EQ(pe::docgen::page_section(text, "t.md"), kClocks);
  EXPECT_EQ(pe::docgen::page_section("# A {#a}\n", "t.md"), "");
  // Without a name: the section declared in the page's own folder.
  EXPECT_EQ(pe::docgen::page_section("[[section]]\n", "theorems/30-clocks/30-clocks.md"), kClocks);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::page_section("[[section]]\n", "docs/t.md"); })
                .find("declares no section"),
            std::string::npos);
}

TEST(Template, MissingLabelOrUnknownSectionIsAnError) {
  EXPECT_NE(invalid_argument_message([] { pe::docgen::page_label("# Clocks\n", "t.md"); })
                .find("t.md"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::page_label("text\n", "t.md"); })
                .find("no '# Title {#label}'"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message(
                [] { pe::docgen::page_section("[[section Not a section]]\n", "t.md"); })
                .find("'Not a section' is not one of"),
            std::string::npos);
}

TEST(Template, PrefixTablesThenTheRest) {
  const Context c = context_with({record("thm1.a", kClocks, "holds", "holds"),
                                  record("thm2.b", kClocks, "holds", "holds"),
                                  record("prop1.c", std::string(pe::theorems::kOrderSection), "holds", "holds")});
  const std::string text = "# Clocks {#clocks}\n[[section " + kClocks +
                           "]]\nIntro [[unit theorem1]].\n[[claims thm1.]]\n[[claims-rest]]\n";
  const pe::docgen::Page page = pe::docgen::expand_template(text, "20-clocks.md", c);
  EXPECT_EQ(page.label, "clocks");
  EXPECT_EQ(page.section, kClocks);
  EXPECT_NE(page.text.find("Intro \\ref theorems/30-clocks/theorem1.cpp"), std::string::npos);
  const auto first = page.text.find("\"thm1.a\"");
  const auto rest = page.text.find("## Other claims of this section");
  const auto second = page.text.find("\"thm2.b\"");
  ASSERT_NE(first, std::string::npos);
  ASSERT_NE(rest, std::string::npos);
  ASSERT_NE(second, std::string::npos);
  EXPECT_LT(first, rest);
  EXPECT_LT(rest, second);
  EXPECT_EQ(page.text.find("\"thm1.a\"", first + 1), std::string::npos) << "thm1.a shown twice";
  EXPECT_EQ(page.text.find("prop1.c"), std::string::npos) << "another section's claim";
  EXPECT_EQ(page.text.find("[["), std::string::npos);
}

TEST(Template, RestIsAppendedWhenAbsentAndEmptyPrefixIsNoted) {
  const Context c = context_with({record("thm2.b", kClocks, "holds", "holds")});
  const std::string text = "# Clocks {#clocks}\n[[section " + kClocks + "]]\n[[claims thm9.]]\n";
  const pe::docgen::Page page = pe::docgen::expand_template(text, "t.md", c);
  EXPECT_NE(page.text.find("No claim with an id starting `thm9.`"), std::string::npos);
  EXPECT_NE(page.text.find("## Claims of this section"), std::string::npos);
  EXPECT_NE(page.text.find("\"thm2.b\""), std::string::npos);
}

TEST(Template, ExcludedPrefixesAndEmptySections) {
  const Context c = context_with({record("thm2.defect", kClocks, "holds", "holds"),
                                  record("thm2.cond.n16", kClocks, "holds", "holds")});
  const std::string text = "# Clocks {#clocks}\n[[section " + kClocks + "]]\n[[claims thm2. !thm2.cond.]]\n";
  const pe::docgen::Page page = pe::docgen::expand_template(text, "t.md", c);
  const auto defect = page.text.find("\"thm2.defect\"");
  const auto rest = page.text.find("## Other claims of this section");
  const auto cond = page.text.find("\"thm2.cond.n16\"");
  ASSERT_NE(defect, std::string::npos);
  ASSERT_NE(rest, std::string::npos);
  ASSERT_NE(cond, std::string::npos);
  EXPECT_LT(defect, rest);
  EXPECT_LT(rest, cond);
  const std::string filings = pe::theorems::kFilingsSection;
  const pe::docgen::Page empty =
      pe::docgen::expand_template("# F {#f}\n[[section " + filings + "]]\n", "f.md", c);
  EXPECT_NE(empty.text.find("No claims of this section are declared in this build yet"),
            std::string::npos);
}

TEST(Template, UnknownDirectivesNameFileAndLine) {
  const Context c = context_with({});
  EXPECT_NE(invalid_argument_message([&] {
              pe::docgen::expand_template("# A {#a}\n\n[[claim thm1.]]\n", "x.md", c);
            }).find("x.md:3: unknown or misplaced directive"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([&] {
              pe::docgen::expand_template("# A {#a}\n[[claims thm1. !]]\n", "x.md", c);
            }).find("x.md:2: [[claims]] needs id prefixes"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([&] {
              pe::docgen::expand_template("# A {#a}\n[[claims-rest]]\n", "x.md", c);
            }).find("x.md:2: [[claims-rest]] needs a [[section]]"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([&] {
              pe::docgen::expand_template("# A {#a}\nsee [[unit Bad-Name]]\n", "x.md", c);
            }).find("x.md:2: unit must match"),
            std::string::npos);
}

// ---- filings --------------------------------------------------------------------------

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(FilingMarkup, MentionsAreHighlightedWithTheirFirstAppearanceIndex) {
  const pe::experiments::Document exhibit = pe::experiments::exhibit_filing();
  const std::string md = pe::docgen::filing_markup(exhibit, "Exhibit", 0);
  // The exhibit names Marrow Freight six times and three other companies once each.
  EXPECT_EQ(count_of(md, "<span class=\"pe-mention\""), 9u);
  EXPECT_EQ(count_of(md, ">Marrow Freight<sub>0</sub></span>"), 6u);
  EXPECT_NE(md.find("title=\"token 64, company 3\">Fenwick Logistics<sub>3</sub></span>"),
            std::string::npos);
  EXPECT_NE(md.find("209 tokens"), std::string::npos);
  EXPECT_NE(md.find("0 Marrow Freight, 1 Dunmore Aerospace, 2 Siskin Apparel, 3 Fenwick Logistics"),
            std::string::npos);
  EXPECT_NE(md.find("disappointing"), std::string::npos);
  EXPECT_EQ(md.find("shown"), std::string::npos);  // the whole filing
}

TEST(FilingMarkup, FirstTokensOnlyAndTextIsEscaped) {
  pe::experiments::Document d;
  d.companies = {"A&B <Holdings>", "Kite_Works"};
  d.tokens = {{"A&B <Holdings>", 0}, {"paid", -1}, {"$5", -1}, {"*bonus*", -1},
              {"Kite_Works", 1}, {"<script>", -1}};
  const std::string md = pe::docgen::filing_markup(d, "Test", 5);
  EXPECT_NE(md.find("6 tokens, the first 5 shown"), std::string::npos);
  EXPECT_NE(md.find("A\\&B \\<Holdings\\><sub>0</sub>"), std::string::npos) << md;
  EXPECT_NE(md.find("\\$5 \\*bonus\\*"), std::string::npos) << md;
  EXPECT_NE(md.find("Kite\\_Works<sub>1</sub>"), std::string::npos) << md;
  EXPECT_EQ(md.find("script"), std::string::npos);  // token 5 is not shown
  EXPECT_NE(md.find("Kite\\_Works<sub>1</sub></span> \u2026\n</div>"), std::string::npos) << md;
  d.tokens.push_back({"Ghost Corp", 2});
  EXPECT_NE(invalid_argument_message([&] { pe::docgen::filing_markup(d, "Test", 0); })
                .find("company 2"),
            std::string::npos);
}

TEST(Template, FilingDirectives) {
  const Context c = context_with({});
  const std::string head = "# Filings {#filings_test}\n";
  const pe::docgen::Page exhibit =
      pe::docgen::expand_template(head + "Text.\n[[filing exhibit 70]]\n", "f.md", c);
  EXPECT_NE(exhibit.text.find("209 tokens, the first 70 shown"), std::string::npos);
  EXPECT_NE(exhibit.text.find("Fenwick Logistics<sub>3</sub>"), std::string::npos);  // token 64
  const pe::docgen::Page held =
      pe::docgen::expand_template(head + "[[filing heldout 99]]\n", "f.md", c);
  EXPECT_NE(held.text.find("Held-out filing 99 of the case study"), std::string::npos);
  EXPECT_GT(count_of(held.text, "pe-mention"), 0u);
  EXPECT_EQ(held.text.find("shown"), std::string::npos);
  // Bad arguments name the file and line.
  for (const std::string bad :
       {"[[filing]]", "[[filing heldout]]", "[[filing heldout 100]]", "[[filing heldout -1]]",
        "[[filing heldout x]]", "[[filing exhibit 0]]", "[[filing exhibit ten]]",
        "[[filing exhibit 5 6]]", "[[filing heldout 1 2 3]]", "[[filing train 0]]",
        "[[filing exhibit"}) {
    const std::string message = invalid_argument_message(
        [&] { pe::docgen::expand_template(head + "\n" + bad + "\n", "f.md", c); });
    EXPECT_NE(message.find("f.md:3: "), std::string::npos) << bad << ": " << message;
  }
  EXPECT_NE(invalid_argument_message([&] {
              pe::docgen::expand_template(head + "[[filing heldout 100]]\n", "f.md", c);
            }).find("[0, 100)"),
            std::string::npos);
}

TEST(GeneratedPages, EveryClaimHasOneAnchorAndErrataAreListed) {
  const Context c = context_with({record("thm1.a", kClocks, "holds", "holds"),
                                  record("thm1.b", kClocks, "fails", "fails"),
                                  record("thm1.c", kClocks, "fails", "holds")});
  const std::string all = pe::docgen::all_claims_page(c).text;
  for (const char* anchor : {"\\anchor claim-thm1-a ", "\\anchor claim-thm1-b ", "\\anchor claim-thm1-c "}) {
    const auto at = all.find(anchor);
    ASSERT_NE(at, std::string::npos) << anchor;
    EXPECT_EQ(all.find(anchor, at + 1), std::string::npos) << anchor;
  }
  const std::string errata = pe::docgen::errata_page(c).text;
  EXPECT_EQ(errata.find("\"thm1.a\""), std::string::npos);
  EXPECT_NE(errata.find("\"thm1.b\""), std::string::npos);
  EXPECT_NE(errata.find("\"thm1.c\""), std::string::npos);
}

// ---- the argument map --------------------------------------------------------------------

// Claims of Proposition 2 (i) and (iii), evaluated, with the map's page for their section.
Context context_with_statements(std::vector<Record> records) {
  Context c = context_with(std::move(records));
  c.statements = pe::ledger::evaluate_statements(c.records);
  c.section_pages[kClocks] = "clocks";
  return c;
}

TEST(ArgumentMap, OneNodePerStatementEachLinkingToItsLineOrRow) {
  const Context c = context_with_statements({record("prop2.shift_is_rotation", kClocks, "holds", "holds")});
  const std::string dot = pe::docgen::argument_dot(c);
  std::set<std::string> nodes;
  static const std::regex node(R"re(\[id="map-([^"]+)", label="[^"]*", URL="([^"]+)")re");
  for (std::sregex_iterator it(dot.begin(), dot.end(), node), end; it != end; ++it) {
    EXPECT_TRUE(nodes.insert((*it)[1]).second) << "two nodes for " << (*it)[1];
    const std::string expected = (*it)[1] == "prop2.i" ? "clocks.html#statement-prop2-i"
                                                       : "argument.html#" + pe::docgen::statement_row_anchor((*it)[1].str());
    EXPECT_EQ((*it)[2], expected) << (*it)[1];
  }
  EXPECT_EQ(nodes.size(), pe::ledger::statements().size());
}

TEST(ArgumentMap, StandingPicksTheColourClass) {
  std::vector<Record> records = {record("prop2.shift_is_rotation", kClocks, "holds", "holds"),
                                 record("prop2.sphere", kClocks, "fails", "holds")};
  for (Record& r : records) r.reproduction = "exact";
  const Context c = context_with_statements(records);
  for (const pe::ledger::StatementResult& r : c.statements) {
    const std::string& name = pe::docgen::standing_of(r).name;
    if (r.statement->id == "prop2.i") EXPECT_EQ(name, "holds, and everything it uses holds");
    else if (r.statement->id == "prop2.iii") EXPECT_EQ(name, "fails: the article's mathematics or its own numbers");
    else EXPECT_EQ(name, "not checked: no claim") << r.statement->id;
  }
  // The same failure read off trained heads is an experiment that does not reproduce, drawn apart.
  records[1].reproduction = "does-not-reproduce";
  for (const pe::ledger::StatementResult& r : context_with_statements(records).statements)
    if (r.statement->id == "prop2.iii")
      EXPECT_EQ(pe::docgen::standing_of(r).name, "fails: an experiment that does not reproduce here");
}

TEST(ArgumentMap, EachStatementOpensItsCardsOnceOnItsSectionsPage) {
  const Context c = context_with_statements({record("prop2.shift_is_rotation", kClocks, "holds", "holds"),
                                             record("prop2.sphere", kClocks, "holds", "holds"),
                                             record("prop2.injective", kClocks, "holds", "holds")});
  const std::string text = "# Clocks {#clocks}\n[[section " + kClocks +
                           "]]\n[[claims prop2.sphere]]\n[[claims prop2.]]\n";
  const std::string page = pe::docgen::expand_template(text, "30-clocks.md", c).text;
  for (const char* anchor : {"\\anchor statement-prop2-i\n", "\\anchor statement-prop2-iii\n",
                             "\\anchor statement-prop2-iv\n"}) {
    const auto at = page.find(anchor);
    ASSERT_NE(at, std::string::npos) << anchor;
    EXPECT_EQ(page.find(anchor, at + 1), std::string::npos) << anchor << " twice";
  }
  const auto line = page.find("\\anchor statement-prop2-iii\n");
  EXPECT_NE(page.find("Standing: holds, and everything it uses holds", line), std::string::npos);
  EXPECT_LT(line, page.find("\"prop2.sphere\"")) << "the line comes before its cards";
  EXPECT_NE(page.find("Evidence: sampled"), std::string::npos);
}

// ---- figure data -----------------------------------------------------------------------

TEST(Figures, ClocksGramIsTheStationaryKernel) {
  const pe::docgen::FigureData fig = pe::docgen::clocks_figure(16, 3, 10, 24);
  ASSERT_EQ(fig.tables.size(), 2u);
  const pe::docgen::DataTable& gram = fig.tables[1];
  ASSERT_EQ(gram.rows.size(), 24u * 24u);
  for (const auto& row : gram.rows) {
    const double kernel = pe::stationary_kernel(row[1] - row[0], 16, pe::kDefaultBase);
    // Both sides sum 8 products of O(1) numbers at positions below 24: 64 eps covers it.
    EXPECT_NEAR(row[2], kernel, 64 * std::numeric_limits<double>::epsilon());
    EXPECT_DOUBLE_EQ(row[3], row[2] / 8);
  }
  const pe::docgen::DataTable& hands = fig.tables[0];
  ASSERT_EQ(hands.rows.size(), 8u);
  EXPECT_DOUBLE_EQ(hands.rows[0][2], std::cos(3.0));  // plane 0 turns one radian per step
  EXPECT_DOUBLE_EQ(hands.rows[0][5], std::sin(10.0));
}

TEST(Figures, KernelCurvesAreTheNumericsValues) {
  const pe::docgen::FigureData fig = pe::docgen::kernel_figure({64, 512}, 300);
  const pe::docgen::DataTable& curves = fig.tables.at(0);
  ASSERT_EQ(curves.columns, (std::vector<std::string>{"delta", "d64", "d512", "limit", "ruler"}));
  ASSERT_EQ(curves.rows.size(), 300u);
  for (int delta : {1, 4, 16, 64, 256}) {
    const auto& row = curves.rows[delta - 1];
    EXPECT_EQ(row[0], delta);
    // Same sum in the same order as numerics, up to the order-independent 1e-13 of 256 terms.
    EXPECT_NEAR(row[1], 2.0 / 64 * pe::stationary_kernel(double(delta), 64, pe::kDefaultBase), 1e-13);
    EXPECT_NEAR(row[2], 2.0 / 512 * pe::stationary_kernel(double(delta), 512, pe::kDefaultBase), 1e-13);
    EXPECT_EQ(row[3], pe::kernel_limit(double(delta), pe::kDefaultBase));
    EXPECT_EQ(row[4], pe::logarithmic_ruler(delta, pe::kDefaultBase));
  }
}

TEST(Figures, CensusIsTheRopeReadingOfEachPlane) {
  const pe::docgen::FigureData fig = pe::docgen::census_figure(16, 32, 4);
  const pe::docgen::DataTable& planes = fig.tables.at(0);
  ASSERT_EQ(planes.rows.size(), 8u);
  const auto ntk = pe::rope_read_time_map(pe::ContextExtension::ntk_aware, 16, pe::kDefaultBase, 4, 32);
  int full_turns = 0;
  for (const auto& row : planes.rows) {
    const int j = static_cast<int>(row[0]);
    EXPECT_DOUBLE_EQ(row[2] * row[1], 2 * std::acos(-1.0));  // wavelength * theta = 2 pi
    EXPECT_EQ(row[5], ntk.factors[j]);
    EXPECT_DOUBLE_EQ(row[4], 0.25);  // PI divides every plane by kappa
    if (row[3] >= 1) ++full_turns;
  }
  EXPECT_EQ(full_turns, 2);  // Theorem 5 (i) at d = 16, L = 32: planes 0 and 1 only
}

TEST(Figures, BadArgumentsAreRejected) {
  EXPECT_NE(invalid_argument_message([] { pe::docgen::census_figure(15, 32, 4); }).find("15"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::census_figure(16, 32, 0.5); }).find("0.5"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::census_figure(16, 0, 4); }).find("0"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::clocks_figure(15, 1, 2, 8); }).find("d = 15"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::clocks_figure(16, -1, 2, 8); }).find("m = -1"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::clocks_figure(16, 1, -2, 8); }).find("n = -2"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::clocks_figure(16, 1, 2, 1); }).find("grid = 1"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::kernel_figure({64}, 0); }).find("max_delta = 0"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::kernel_figure({}, 4); }).find("dimensions"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { pe::docgen::kernel_figure({63}, 4); }).find("dimension = 63"),
            std::string::npos);
}

TEST(Figures, JsonRejectsBadNamesAndRaggedTables) {
  pe::docgen::FigureData bad_name{"Kernel", "", {}, {}};
  EXPECT_NE(invalid_argument_message([&] { pe::docgen::figures_json({bad_name}); })
                .find("figure name = 'Kernel'"),
            std::string::npos);
  pe::docgen::FigureData ragged{"f", "", {}, {{"t", "", {"a", "b"}, {{1, 2}, {3}}}}};
  EXPECT_NE(invalid_argument_message([&] { pe::docgen::figures_json({ragged}); })
                .find("row 1 has 1 entries, expected 2"),
            std::string::npos);
}

TEST(Figures, JsonLayoutAndNumberFormat) {
  pe::docgen::FigureData f{"f", "a \"quoted\" line", {{"d", 16}}, {{"t", "rows", {"x", "y"}, {{1, 0.1}, {2, NAN}}}}};
  const std::string json = pe::docgen::figures_json({f});
  EXPECT_NE(json.find("\"description\": \"a \\\"quoted\\\" line\""), std::string::npos);
  EXPECT_NE(json.find("\"parameters\": {\"d\": 16}"), std::string::npos);
  EXPECT_NE(json.find("\"x\": [1,2]"), std::string::npos);
  EXPECT_NE(json.find("\"y\": [0.1,null]"), std::string::npos);
  EXPECT_NE(json.find("\"texts\": {}"), std::string::npos);
  f.texts = {{"tokens", {"Marrow \"Freight\"", "x"}}};
  EXPECT_NE(pe::docgen::figures_json({f}).find("\"tokens\": [\"Marrow \\\"Freight\\\"\",\"x\"]"),
            std::string::npos);
  f.texts = {{"Bad Name", {}}};
  EXPECT_THROW(pe::docgen::figures_json({f}), std::invalid_argument);
  EXPECT_EQ(pe::docgen::format_number(1.0 / 3), "0.333333333");
  EXPECT_EQ(pe::docgen::format_number(NAN), "nan");
}

TEST(Figures, PayloadIsDeterministicAndHoldsEveryFigure) {
  const std::string payload = pe::docgen::figure_payload({});
  EXPECT_EQ(payload, pe::docgen::figure_payload({}));
  EXPECT_NE(payload.find("\"clocks\": {"), std::string::npos);
  EXPECT_NE(payload.find("\"kernel\": {"), std::string::npos);
  EXPECT_NE(payload.find("\"d8192\": ["), std::string::npos);
  EXPECT_NE(payload.find("\"census\": {"), std::string::npos);
  EXPECT_EQ(std::count(payload.begin(), payload.end(), '{'),
            std::count(payload.begin(), payload.end(), '}'));
  EXPECT_EQ(std::count(payload.begin(), payload.end(), '['),
            std::count(payload.begin(), payload.end(), ']'));
}

// ---- Figures of the trained heads (the tournament and filings fixtures have trained them) ----

/// A table's column by name.
std::vector<double> column(const pe::docgen::FigureData& fig, const std::string& table,
                           const std::string& name) {
  for (const auto& t : fig.tables)
    if (t.name == table)
      for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c] == name) {
          std::vector<double> out;
          for (const auto& row : t.rows) out.push_back(row[c]);
          return out;
        }
  throw std::invalid_argument("no column " + table + "." + name);
}

double parameter(const pe::docgen::FigureData& fig, const std::string& name) {
  for (const auto& [key, value] : fig.parameters)
    if (key == name) return value;
  throw std::invalid_argument("no parameter " + name);
}

// Scores are sums of 16 products of order-10 numbers: 1e-9 absolute is far above rounding.
constexpr double kScoreTolerance = 1e-9;

TEST(TrainedFigures, DriftIsFlatForRelativeSchemesOnly) {
  const auto fig = pe::docgen::drift_figure(pe::theorems::lab::headline_runs().tournament(), 8, 0);
  for (const std::string scheme : {"rope", "alibi"}) {
    const std::vector<double> s = column(fig, "scores", scheme);
    const auto [lo, hi] = std::minmax_element(s.begin(), s.end());
    EXPECT_LT(*hi - *lo, kScoreTolerance) << scheme;
  }
  const std::vector<double> sinusoidal = column(fig, "scores", "sinusoidal");
  const auto [lo, hi] = std::minmax_element(sinusoidal.begin(), sinusoidal.end());
  EXPECT_GT(*hi - *lo, 0.1) << "the added code's score should move with the query's position";
  EXPECT_EQ(sinusoidal.size(), 256u - 8u);
  EXPECT_THROW(pe::docgen::drift_figure(pe::theorems::lab::headline_runs().tournament(), 256, 0), std::invalid_argument);
  EXPECT_THROW(pe::docgen::drift_figure(pe::theorems::lab::headline_runs().tournament(), 8,
                                         pe::theorems::lab::headline_runs().tournament().config.seeds),
               std::invalid_argument);
}

TEST(TrainedFigures, OffsetsRopeColumnIsTheRotationPolynomialWithItsLandmarks) {
  using namespace pe::experiments;
  const Tournament& t = pe::theorems::lab::headline_runs().tournament();
  const auto fig = pe::docgen::offsets_figure(t, 0);
  const AttentionHead head = t.trained_head(PositionScheme::rope, 0);
  const Eigen::VectorXd polynomial =
      rope_offset_scores(head, head.token_embedding(Token::query()), mean_marked_embedding(head), 255)
          .total();
  const std::vector<double> rope = column(fig, "scores", "rope");
  ASSERT_EQ(rope.size(), 256u);
  for (int r = 0; r < 256; ++r) EXPECT_NEAR(rope[r], polynomial(r), kScoreTolerance) << "r = " << r;
  const int peak = static_cast<int>(parameter(fig, "rope_peak"));
  EXPECT_GE(peak, 32);
  for (int r = 32; r < 256; ++r) EXPECT_LE(rope[r], rope[peak]);
  EXPECT_EQ(parameter(fig, "rope_peak_score"), rope[peak]);
  EXPECT_EQ(parameter(fig, "rope_score_edge"), rope[31]);
  const std::vector<double> learned = column(fig, "scores", "learned");
  EXPECT_TRUE(std::isfinite(learned[31]));
  EXPECT_TRUE(std::isnan(learned[32]));
}

TEST(TrainedFigures, TournamentMeansAreTheLedgersAllSeedMeans) {
  using pe::experiments::PositionScheme;
  const auto fig = pe::docgen::tournament_figure(pe::theorems::lab::headline_runs().tournament());
  const std::vector<double> lengths = column(fig, "accuracy", "length");
  ASSERT_EQ(lengths, (std::vector<double>{32, 64, 128, 256}));
  const std::vector<double> ntk = column(fig, "accuracy", "rope_ntk");
  const std::vector<double> alibi = column(fig, "accuracy", "alibi");
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const int length = static_cast<int>(lengths[i]);
    // Every seed, as the claims read them (lab::SeedValues), not the three headline seeds.
    EXPECT_NEAR(ntk[i], pe::theorems::lab::seed_values(pe::theorems::lab::headline_runs(), PositionScheme::rope, "ntk", length).mean(), 1e-12);
    EXPECT_NEAR(alibi[i], pe::theorems::lab::seed_values(pe::theorems::lab::headline_runs(), PositionScheme::alibi, "plain", length).mean(), 1e-12);
  }
  EXPECT_EQ(parameter(fig, "seeds"), double(pe::theorems::lab::headline_runs().tournament().config.seeds));
  EXPECT_TRUE(std::isnan(column(fig, "accuracy", "learned")[3]));  // no table rows past 32
}

TEST(TrainedFigures, FilingFigureHoldsTheExhibitAndEveryAnswer) {
  using namespace pe::experiments;
  const FilingsStudy& study = pe::theorems::lab::headline_runs().filings_study();
  const auto fig = pe::docgen::filing_figure(study);
  const pe::experiments::Document exhibit = pe::experiments::exhibit_filing();
  EXPECT_EQ(parameter(fig, "positions"), double(exhibit.tokens.size()));
  const std::vector<double> truth = column(fig, "answers", "truth");
  const std::vector<pe::experiments::Query> queries = pe::experiments::queries(exhibit);
  ASSERT_EQ(truth.size(), exhibit.tokens.size());
  for (const auto& q : queries) EXPECT_EQ(truth[q.position], q.answer);
  EXPECT_EQ(std::count(truth.begin(), truth.end(), -1.0), long(exhibit.tokens.size() - queries.size()));
  const std::vector<double> pi = column(fig, "answers", "rope_pi_s2");
  for (std::size_t q = 0; q < queries.size(); ++q)
    EXPECT_EQ(pi[queries[q].position],
              study.run(PositionScheme::rope, 2).exhibit(FilingReader::rope_pi).at(q));
}

TEST(Figures, PlotDataFilesHaveOneLinePerRow) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "pe_docgen_test_plot_data";
  std::filesystem::remove_all(dir);
  const auto files = pe::docgen::write_plot_data({pe::docgen::clocks_figure(16, 3, 10, 4)}, dir.string());
  ASSERT_EQ(files.size(), 3u);
  std::ifstream gram(dir / "clocks.gram.dat");
  int data_lines = 0;
  for (std::string line; std::getline(gram, line);)
    if (!line.empty() && line[0] != '#') ++data_lines;
  EXPECT_EQ(data_lines, 16);
  std::ifstream params(dir / "clocks.parameters.gnuplot");
  std::string first;
  std::getline(params, first);
  EXPECT_EQ(first, "d = 16");
  std::filesystem::remove_all(dir);
}

TEST(Figures, PlotParametersCarryTextListsAsQuotedStrings) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "pe_docgen_test_plot_texts";
  std::filesystem::remove_all(dir);
  pe::docgen::FigureData f{"f", "texts", {{"n", 2}}, {}, {{"companies", {"Marrow Freight", "O'Hara Mills"}}}};
  pe::docgen::write_plot_data({f}, dir.string());
  std::ifstream in(dir / "f.parameters.gnuplot");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  EXPECT_EQ(lines, (std::vector<std::string>{"n = 2", "companies_count = 2",
                                             "companies_0 = 'Marrow Freight'",
                                             "companies_1 = 'O''Hara Mills'"}));
  std::filesystem::remove_all(dir);
}

}  // namespace

// ---- the recorded CI run ([[ci-costs]]) -----------------------------------------------------

TEST(CiCosts, StepsTakeTheTimeToTheNextStepAndCrossMidnight) {
  const pe::docgen::CiRun run = pe::docgen::parse_ci_run(
      "commit 0123456789abcdef0123456789abcdef01234567\n"
      "CI: release: configure, build (23:58:00)\n"
      "CI: release: the README's test command (23:59:30)\n"
      "Test #655: sweep.run ... Passed  321.51 sec\n"
      "100% tests passed, 0 tests failed out of 737\n"
      "Total Test time (real) = 481.97 sec\n"
      "CI: sanitize: tests (00:10:00)\n"
      "98% tests passed, 2 tests failed out of 100\n"
      "Total Test time (real) = 60 sec\n"
      "CI: done (00:12:03)\n");
  ASSERT_EQ(run.steps.size(), 3u);
  EXPECT_EQ(run.steps[0].second, 90);
  EXPECT_EQ(run.steps[1].second, 630);  // across midnight
  EXPECT_EQ(run.steps[2].second, 123);
  EXPECT_EQ(run.total_seconds, 843);
  ASSERT_EQ(run.tests.size(), 2u);
  EXPECT_EQ(run.tests[0].run, "release: the README's test command");
  EXPECT_EQ(run.tests[1].run, "sanitize: tests");
  EXPECT_EQ(run.tests[0].passed, 737);
  ASSERT_EQ(run.tests[0].named.size(), 1u);
  EXPECT_DOUBLE_EQ(run.tests[0].named[0].second, 321.51);
  EXPECT_EQ(run.tests[1].passed, 98);
  const std::string md = pe::docgen::ci_costs_markdown(run);
  EXPECT_NE(md.find("| release: the README's test command | 10 min 30 s |"), std::string::npos) << md;
  EXPECT_NE(md.find("| all of `.ci/run` | 14 min 3 s |"), std::string::npos) << md;
  EXPECT_NE(md.find("`sweep.run` 5 min 22 s"), std::string::npos) << md;
  EXPECT_NE(md.find("commit 0123456"), std::string::npos) << md;
}

TEST(CiCosts, RefusesAnUnfinishedOrForeignRecord) {
  EXPECT_THROW(pe::docgen::parse_ci_run("CI: release: configure, build (01:00:00)\n"), std::invalid_argument);
  EXPECT_NE(invalid_argument_message([] {
              pe::docgen::parse_ci_run("CI: a (01:00:00)\nsomething else\nCI: done (01:00:01)\n");
            }).find("ci.log:2"),
            std::string::npos);
}

// The README gives the first command's duration only as the recorded CI run measured it: the
// step "the README's first command" of docs/measurements/ci.log, in whole minutes (rounded).
TEST(CiCosts, TheReadmeStatesTheFirstCommandsRecordedDuration) {
  std::ifstream log(std::string(PE_SOURCE_DIR) + "/docs/measurements/ci.log"),
      readme(std::string(PE_SOURCE_DIR) + "/README.md");
  ASSERT_TRUE(log && readme);
  std::ostringstream log_text, readme_text;
  log_text << log.rdbuf();
  readme_text << readme.rdbuf();
  const pe::docgen::CiRun run = pe::docgen::parse_ci_run(log_text.str());
  const auto step = std::find_if(run.steps.begin(), run.steps.end(),
                                 [](const auto& s) { return s.first == "the README's first command"; });
  std::smatch stated;
  const std::string text = readme_text.str();
  const bool states = std::regex_search(text, stated, std::regex(R"(took about ([0-9]+) minutes)"));
  if (step == run.steps.end()) {
    EXPECT_FALSE(states) << "README.md states a duration the recorded run did not measure";
    return;
  }
  ASSERT_TRUE(states) << "README.md does not say how long the first command took (\"took about N minutes\")";
  EXPECT_EQ(std::stol(stated[1]), std::lround(step->second / 60.0))
      << "the recorded run's first command took " << pe::docgen::minutes_text(step->second);
}

TEST(CiCosts, TheRecordedRunParses) {
  std::ifstream in(std::string(PE_SOURCE_DIR) + "/docs/measurements/ci.log");
  ASSERT_TRUE(in) << "docs/measurements/ci.log is missing";
  std::ostringstream text;
  text << in.rdbuf();
  const pe::docgen::CiRun run = pe::docgen::parse_ci_run(text.str());
  EXPECT_EQ(run.commit.size(), 40u);
  EXPECT_GE(run.tests.size(), 2u);
  for (const auto& t : run.tests) EXPECT_EQ(t.passed, t.total) << "a recorded run passes every test";
}

// ---- recorded benchmarks ([[benchmarks NAME]]) ------------------------------------------------

TEST(Benchmarks, ATableOfEachRunWithItsCountersAndWhereItRan) {
  const std::string json = R"({
    "context": {"date": "2026-12-02T06:30:00+00:00", "num_cpus": 2, "load_avg": [1.5, 1.2, 1.0],
                "library_build_type": "release"},
    "benchmarks": [
      {"name": "BM_Read/10000", "run_name": "BM_Read/10000", "run_type": "iteration", "iterations": 1,
       "real_time": 4.41e9, "cpu_time": 8.2e9, "time_unit": "ns", "tokens": 9.637e+03},
      {"name": "BM_Ci/30", "iterations": 271, "real_time": 2.53, "cpu_time": 2.5, "time_unit": "ms"}]})";
  const std::string md = pe::docgen::benchmarks_markdown("bench_x", json);
  EXPECT_NE(md.find("| `BM_Read/10000` | 1 | 4.41 s | 8.2 s | tokens 9637 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| `BM_Ci/30` | 271 | 2.53 ms | 2.5 ms |  |"), std::string::npos) << md;
  EXPECT_NE(md.find("2 CPUs, load average 1.5, 1.2, 1;"), std::string::npos) << md;
  EXPECT_NE(md.find("`docs/measurements/bench_x.json`"), std::string::npos) << md;
  EXPECT_THROW(pe::docgen::benchmarks_markdown("bench_x", R"({"benchmarks": []})"), std::invalid_argument);
  EXPECT_THROW(pe::docgen::benchmarks_markdown("bench_x", "{"), std::invalid_argument);
}

// ---- recorded profiles ([[recorded FILE]]) ----------------------------------------------------

TEST(RecordedProfile, ShowsCommentsAndTableAndCountsTheDetailLinesLeftInTheFile) {
  const std::filesystem::path root =
      std::filesystem::temp_directory_path() / ("pe_docgen_recorded_" + std::to_string(::getpid()));
  std::filesystem::create_directories(root / "docs" / "measurements");
  std::ofstream(root / "docs" / "measurements" / "profile.txt")
      << "# Tool: ctest\ntest   wall\ndocs.a  1.5\n    docs.a page 1\n    docs.a page 2\ndocs.b  2.0\n";
  Context c = context_with({});
  c.source_dir = root.string();
  const std::string page =
      pe::docgen::expand_template("# P {#p}\n[[recorded profile.txt]]\n", "p.md", c).text;
  EXPECT_NE(page.find("```\n# Tool: ctest\ntest   wall\ndocs.a  1.5\ndocs.b  2.0\n```\n"), std::string::npos)
      << page;
  EXPECT_EQ(page.find("page 1"), std::string::npos) << page;
  EXPECT_NE(page.find("*2 detail lines are in `docs/measurements/profile.txt`.*"), std::string::npos) << page;
  EXPECT_THROW(pe::docgen::expand_template("[[recorded missing.txt]]\n", "p.md", c), std::invalid_argument);
  EXPECT_THROW(pe::docgen::expand_template("[[recorded ../x]]\n", "p.md", c), std::invalid_argument);
  std::filesystem::remove_all(root);
}
