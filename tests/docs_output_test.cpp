// Tests of the built documentation (label docs), given the HTML output directory:
// - docs.figure_payload: the figure data shipped with the documentation
//   (html/data/figure-payload.json) equals pe::docgen::figure_payload(records) byte for byte, so the
//   figures cannot drift from the code;
// - docs.sweep_figure: the sweep plot (html/sweep.svg) draws one marker per swept claim, in its
//   class, inside the plot, including claims that hold in no setting;
// - docs.claim_anchors: every claim the ledger declares has its anchor on the page of every
//   claim (html/claims.html) and is linked from a section page, so every claim of the report is
//   reachable from the docs; that page shows the command that reruns a claim exactly as typed;
// - docs.statement_lines: every statement that owns a declared claim opens its claims with one
//   line (standing, evidence) on exactly one page, the anchor the argument map links to;
// - docs.map_edges: no arrow of the argument map is drawn beneath a box it does not join.
//
// Why a fixture and not generate-and-compare: comparing figure_payload() with a file this test
// writes itself through the same writer would only test the writer. The file that matters is
// the one the docs build shipped, so CTest runs the docs build first (fixture docs_html, test
// docs.build) and this test reads its output. Run by hand without that file, the test fails
// and says how to build it; it never passes on a missing file.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <tuple>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "argument_map.hpp"
#include "docgen.hpp"
#include "figures.hpp"
#include "ledger.hpp"
#include "record_fields.hpp"
#include "report.hpp"
#include "statements.hpp"

namespace {

std::string g_html_dir;

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Byte equality of a shipped file with what the code computes, reporting the first difference
/// (more useful than two 400 kB strings).
void expect_shipped_equals(const std::string& shipped_path, const std::string& expected) {
  std::ifstream in(shipped_path, std::ios::binary);
  ASSERT_TRUE(in.good()) << shipped_path
                         << " does not exist: build the docs first (cmake --build --preset docs)";
  std::ostringstream shipped;
  shipped << in.rdbuf();
  ASSERT_FALSE(expected.empty());
  const std::string& s = shipped.str();
  EXPECT_EQ(s.size(), expected.size()) << shipped_path;
  std::size_t first = 0;
  while (first < s.size() && first < expected.size() && s[first] == expected[first]) ++first;
  EXPECT_TRUE(s == expected) << shipped_path << ": first difference at byte " << first
                             << ": shipped '" << s.substr(first, 60) << "' vs computed '"
                             << expected.substr(first, 60) << "'";
}

TEST(FigurePayload, ShippedFileEqualsFigurePayload) {
  const std::string expected = pe::docgen::figure_payload(pe::report::read_report_records(PE_REPORT_DIR));
  expect_shipped_equals(g_html_dir + "/data/figure-payload.json", expected);
  expect_shipped_equals(g_html_dir + "/data/figure-payload.js",
                        pe::docgen::figure_payload_script(expected));
}

TEST(ClaimPages, EveryClaimHasAnAnchorAndASectionPageLink) {
  namespace fs = std::filesystem;
  const fs::path claims_page = fs::path(g_html_dir) / "claims.html";
  ASSERT_TRUE(fs::exists(claims_page))
      << claims_page << " does not exist: build the docs first (cmake --build --preset docs)";
  const std::string all = read_text(claims_page);
  // Every link into the page of every claim, from any other generated page.
  std::string links;
  for (const auto& entry : fs::directory_iterator(g_html_dir))
    if (entry.path().extension() == ".html" && entry.path().filename() != "claims.html")
      links += read_text(entry.path());
  const auto& claims = pe::ledger::all_claims();
  ASSERT_FALSE(claims.empty());
  int missing_anchor = 0, missing_link = 0;
  for (const pe::ledger::Claim& claim : claims) {
    const std::string anchor = pe::docgen::claim_anchor(claim.id);
    if (all.find("id=\"" + anchor + "\"") == std::string::npos) {
      ++missing_anchor;
      ADD_FAILURE() << "claim " << claim.id << " has no anchor " << anchor << " in claims.html";
    }
    if (links.find("href=\"claims.html#" + anchor + "\"") == std::string::npos) {
      ++missing_link;
      ADD_FAILURE() << "claim " << claim.id << " is not linked from any section page";
    }
  }
  std::cout << claims.size() << " claims; " << missing_anchor << " without an anchor, "
            << missing_link << " without a link from a section page\n";
}

// The README tells a reader how a claim's id becomes its anchor, with an example: the example
// follows claim_anchor and lands on the page of every claim.
TEST(ClaimPages, TheReadmesAnchorExampleLandsOnItsClaim) {
  const std::string readme = read_text(std::string(PE_SOURCE_DIR) + "/README.md");
  std::smatch id, anchor;
  ASSERT_TRUE(std::regex_search(readme, id, std::regex(R"(grep -n '([A-Za-z0-9_.]+)' build/release/report)")))
      << "README.md: the audit example's grep of a claim id is gone";
  ASSERT_TRUE(std::regex_search(readme, anchor, std::regex(R"(claims\.html#(claim-[A-Za-z0-9_-]+))")))
      << "README.md: no example of a claim's anchor (claims.html#claim-...)";
  EXPECT_EQ(anchor[1].str(), pe::docgen::claim_anchor(id[1].str()));
  const std::string all = read_text(std::filesystem::path(g_html_dir) / "claims.html");
  EXPECT_NE(all.find("id=\"" + anchor[1].str() + "\""), std::string::npos)
      << anchor[1] << " is not an anchor of claims.html";
}

TEST(ClaimPages, EveryDeclarationLinkLandsOnItsLine) {
  // The "declared in" cells link to Doxygen's source pages: each target page must exist and
  // hold the line's anchor (Doxygen names a page by directory when a file name repeats).
  namespace fs = std::filesystem;
  const fs::path claims_page = fs::path(g_html_dir) / "claims.html";
  ASSERT_TRUE(fs::exists(claims_page)) << "build the docs first (cmake --build --preset docs)";
  const std::string all = read_text(claims_page);
  static const std::regex link("<a href=\"([a-z0-9_]+_source\\.html)#(l[0-9]+)\">[a-z0-9_.]+:[0-9]+</a>");
  int links = 0, broken = 0;
  for (std::sregex_iterator it(all.begin(), all.end(), link), end; it != end; ++it) {
    ++links;
    const fs::path target = fs::path(g_html_dir) / (*it)[1].str();
    if (!fs::exists(target) || read_text(target).find("id=\"" + (*it)[2].str() + "\"") == std::string::npos) {
      ++broken;
      ADD_FAILURE() << "declaration link " << (*it)[0] << " does not land on a line of " << target;
    }
  }
  EXPECT_EQ(links, static_cast<int>(pe::ledger::all_claims().size()));
  std::cout << links << " declaration links, " << broken << " broken\n";
}

TEST(StatementLines, EveryStatementWithClaimsHasExactlyOneLine) {
  namespace fs = std::filesystem;
  std::string pages;
  for (const auto& entry : fs::directory_iterator(g_html_dir))
    if (entry.path().extension() == ".html") pages += read_text(entry.path());
  ASSERT_NE(pages.find("id=\"statement-"), std::string::npos)
      << "no statement line in " << g_html_dir << ": build the docs first (cmake --build --preset docs)";
  std::set<std::string> owning;  // statements with at least one declared claim
  for (const pe::ledger::Claim& claim : pe::ledger::all_claims())
    for (const pe::ledger::Statement* s : pe::ledger::statements_of_claim(claim.id)) owning.insert(s->id);
  ASSERT_FALSE(owning.empty());
  for (const std::string& id : owning) {
    const std::string anchor = "id=\"" + pe::docgen::statement_anchor(id) + "\"";
    const auto at = pages.find(anchor);
    EXPECT_NE(at, std::string::npos) << "statement " << id << " has no line on any page";
    if (at != std::string::npos)
      EXPECT_EQ(pages.find(anchor, at + 1), std::string::npos) << "statement " << id << " has two lines";
  }
  std::cout << owning.size() << " statements with claims checked for one line each\n";
}

/// The closed rectangles gnuplot draws (d='M x0,y0 L x0,y1 L x1,y1 L x1,y0 L x0,y0 Z'), as
/// {x0, y0, x1, y1}: the plot's border and the key's box.
std::vector<std::array<double, 4>> svg_rectangles(const std::string& svg) {
  static const std::regex rect(
      "d='M([0-9.]+),([0-9.]+) L\\1,([0-9.]+) L([0-9.]+),\\3 L\\4,\\2 L\\1,\\2 Z");
  std::vector<std::array<double, 4>> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), rect), end; it != end; ++it)
    out.push_back({std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[4]), std::stod((*it)[3])});
  return out;
}

TEST(SweepFigure, EverySweptClaimHasAVisibleMarkerOfItsClass) {
  // The figure as shipped (gnuplot's SVG): one plot group per class, titled by it and its count
  // ("reproduces (N)"); a marker is a point symbol whose centre lies inside the plot's border,
  // the largest rectangle drawn (the key's samples lie outside it). A claim that holds nowhere
  // must be a marker too.
  const pe::docgen::FigureData fig = pe::docgen::sweep_figure(pe::report::read_report_records(PE_REPORT_DIR));
  ASSERT_FALSE(fig.tables.at(0).rows.empty()) << PE_REPORT_DIR "/claims.json has no swept claim: run the sweep first";
  const auto texts = std::find_if(fig.texts.begin(), fig.texts.end(), [](const auto& t) { return t.first == "classes"; });
  ASSERT_NE(texts, fig.texts.end()) << "the sweep figure names no classes";
  const std::vector<std::string>& classes = texts->second;
  std::map<std::string, int> expected, drawn;
  for (const auto& row : fig.tables.at(0).rows) ++expected[classes.at(std::size_t(row.at(3)))];
  const std::string svg = read_text(std::filesystem::path(g_html_dir) / "sweep.svg");
  ASSERT_FALSE(svg.empty()) << g_html_dir << "/sweep.svg: build the docs first (cmake --build --preset docs)";
  std::array<double, 4> frame{};
  for (const auto& r : svg_rectangles(svg))
    if ((r[2] - r[0]) * (r[3] - r[1]) > (frame[2] - frame[0]) * (frame[3] - frame[1])) frame = r;
  static const std::regex group("<g id=\"gnuplot_plot_[0-9]+\" ><title>([^<( ]*)[^<]*</title>");
  static const std::regex marker("<use xlink:href='#gpPt[0-9]+' transform='translate\\(([0-9.]+),([0-9.]+)\\)");
  std::vector<std::pair<std::string, std::size_t>> starts;
  for (std::sregex_iterator it(svg.begin(), svg.end(), group), end; it != end; ++it)
    starts.push_back({(*it)[1].str(), std::size_t(it->position())});
  for (std::size_t g = 0; g < starts.size(); ++g) {
    const std::size_t from = starts[g].second, to = g + 1 < starts.size() ? starts[g + 1].second : svg.size();
    for (std::sregex_iterator it(svg.begin() + from, svg.begin() + to, marker), end; it != end; ++it) {
      const double x = std::stod((*it)[1]), y = std::stod((*it)[2]);
      if (x >= frame[0] && x <= frame[2] && y >= frame[1] && y <= frame[3]) ++drawn[starts[g].first];
    }
  }
  for (const std::string& name : classes)
    EXPECT_EQ(drawn[name], expected[name]) << "markers of class " << name << " in sweep.svg";
  std::cout << fig.tables[0].rows.size() << " swept claims; markers in the plot:";
  for (const auto& [name, n] : drawn) std::cout << " " << name << " " << n;
  std::cout << "\n";
}

/// An HTML fragment's text: tags dropped and the entities Doxygen writes decoded.
std::string html_text(const std::string& html) {
  static const std::vector<std::pair<std::string, std::string>> entities = {
      {"&quot;", "\""}, {"&#39;", "'"}, {"&apos;", "'"}, {"&lt;", "<"}, {"&gt;", ">"},
      {"&lsquo;", "\u2018"}, {"&rsquo;", "\u2019"}, {"&ldquo;", "\u201c"}, {"&rdquo;", "\u201d"},
      {"&ndash;", "\u2013"}, {"&mdash;", "\u2014"}, {"&amp;", "&"}};
  std::string text = std::regex_replace(html, std::regex("<[^>]*>"), "");
  for (const auto& [entity, character] : entities)
    for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + character.size()))
      text.replace(at, entity.size(), character);
  return text;
}

TEST(ClaimPages, RerunCommandIsShownAsTyped) {
  // A reader copies the command from the page: it must be one code element (span or block)
  // holding exactly docgen::kRerunCommand, not prose with typographic quotes or dashes.
  const std::string all = read_text(std::filesystem::path(g_html_dir) / "claims.html");
  ASSERT_FALSE(all.empty()) << "build the docs first (cmake --build --preset docs)";
  static const std::regex code("<code>([^]*?)</code>|<pre class=\"fragment\">([^]*?)\n?</pre>");
  for (std::sregex_iterator it(all.begin(), all.end(), code), end; it != end; ++it)
    if (html_text((*it)[1].str() + (*it)[2].str()) == pe::docgen::kRerunCommand) return;
  const auto at = all.find("ctest");
  ADD_FAILURE() << "claims.html shows no code element holding " << pe::docgen::kRerunCommand
                << "; the page near 'ctest': "
                << (at == std::string::npos ? std::string("(absent)") : html_text(all.substr(at, 160)));
}

}  // namespace

// ---- The pages render the report's records (docs.follows_report) -------------------------

namespace {
namespace fs = std::filesystem;

/// A copy of this build's report in a fresh folder, times kept (a stale copy must read as stale).
fs::path copy_of_report(const std::string& name) {
  const fs::path copy = fs::temp_directory_path() / name;
  fs::remove_all(copy);
  fs::create_directories(copy);
  for (const char* item : {"claims.json", "claims.d", "headline.txt", "sweep.txt"})
    if (fs::exists(fs::path(PE_REPORT_DIR) / item))
      fs::copy(fs::path(PE_REPORT_DIR) / item, copy / item,
               fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  // fs::copy gives new times: set each file's time back to the original's.
  for (const auto& entry : fs::recursive_directory_iterator(copy))
    if (entry.is_regular_file())
      fs::last_write_time(entry.path(), fs::last_write_time(fs::path(PE_REPORT_DIR) / fs::relative(entry.path(), copy)));
  return copy;
}

/// Replaces `from` by `to` once, in the claims.json line of claim `id` (one claim a line).
void plant(std::string& json, const std::string& id, const std::string& from, const std::string& to) {
  const std::size_t line = json.find("{\"id\": \"" + id + "\"");
  ASSERT_NE(line, std::string::npos) << id << " is not in the report";
  const std::size_t at = json.find(from, line);
  ASSERT_LT(at, json.find('\n', line)) << id << "'s record has no " << from;
  json.replace(at, from.size(), to);
}

/// pe_docgen on `report`, writing into `out`: its exit status and everything it printed.
std::pair<int, std::string> run_docgen(const fs::path& report, const fs::path& out) {
  std::string command = std::string("'") + PE_DOCGEN + "' --source '" + PE_SOURCE_DIR + "' --out '" +
                        (out / "generated").string() + "' --html '" + (out / "html").string() + "' --report '" +
                        report.string() + "'";
  command += std::string(" --narrative '") + PE_SOURCE_DIR + "/docs/narrative'";
  for (const auto& entry : fs::directory_iterator(fs::path(PE_SOURCE_DIR) / "theorems"))
    if (entry.is_directory() && std::isdigit(static_cast<unsigned char>(entry.path().filename().string()[0])))
      command += " --narrative '" + entry.path().string() + "'";
  std::string printed;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return {-1, "cannot run " + command};
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe)) printed += buffer;
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, printed};
}

/// The card head of claim `id` on the page of every claim.
std::string card_head(const fs::path& out, const std::string& id) {
  const std::string page = read_text(out / "generated" / "pages" / "95-claims.md");
  const std::size_t at = page.find("\\anchor " + pe::report::card_anchor(id) + " ");
  return at == std::string::npos ? "" : page.substr(at, page.find('\n', at) - at);
}
}  // namespace

TEST(FollowsReport, ThePagesShowWhatTheReportSaysNotAnEvaluationOfTheirOwn) {
  // A verdict and a class planted in a copy of the report, which no evaluation would give: the
  // pages built from the copy show them.
  const fs::path report = copy_of_report("pe-follows-report"), out = report / "docs";
  std::string json = read_text(report / "claims.json");
  const std::string exact = "prop1.position_exact";
  plant(json, exact, "\"verdict\": \"holds\"", "\"verdict\": \"fails\"");
  std::string swept_id;
  for (const pe::ledger::Record& r : pe::report::read_report_records(PE_REPORT_DIR))
    if (pe::report::swept(r) && r.reproduction != "fragile" && swept_id.empty()) swept_id = r.id;
  ASSERT_FALSE(swept_id.empty()) << "no swept claim in the report: run the sweep first";
  const pe::ledger::Record before = [&] {
    for (const pe::ledger::Record& r : pe::report::read_report_records(PE_REPORT_DIR))
      if (r.id == swept_id) return r;
    return pe::ledger::Record{};
  }();
  plant(json, swept_id, "\"reproduction\": \"" + before.reproduction + "\"", "\"reproduction\": \"fragile\"");
  plant(json, swept_id, "\"class\": \"" + before.reproduction + "\"", "\"class\": \"fragile\"");
  std::ofstream(report / "claims.json", std::ios::binary) << json;
  // The edit is the newest merge: not stale.
  fs::last_write_time(report / "headline.txt", fs::file_time_type::clock::now());
  const auto [status, printed] = run_docgen(report, out);
  ASSERT_EQ(status, 0) << printed;
  // A planted "fails" against an expected "holds" is also shown as a mismatch.
  EXPECT_NE(card_head(out, exact).find("<span class=\"pe-verdict pe-fails pe-mismatch\">fails</span>"),
            std::string::npos)
      << card_head(out, exact);
  EXPECT_NE(card_head(out, swept_id).find("<span class=\"pe-class\">fragile"), std::string::npos)
      << card_head(out, swept_id);
  fs::remove_all(report);
}

TEST(FollowsReport, AMissingOrStaleReportStopsTheDocsSayingWhatToRun) {
  const fs::path report = copy_of_report("pe-stale-report"), out = report / "docs";
  // A record missing from claims.json: its claim would have no card.
  std::string json = read_text(report / "claims.json");
  plant(json, "prop1.position_exact", "{\"id\": \"prop1.position_exact\"", "{\"id\": \"prop1.no_such_claim\"");
  std::ofstream(report / "claims.json", std::ios::binary) << json;
  fs::last_write_time(report / "headline.txt", fs::file_time_type::clock::now());
  auto [status, printed] = run_docgen(report, out);
  EXPECT_EQ(status, 1) << printed;
  EXPECT_NE(printed.find("1 without a record: prop1.position_exact"), std::string::npos) << printed;
  EXPECT_NE(printed.find("ctest --preset release"), std::string::npos) << printed;
  // A record written after the last merge.
  fs::copy(fs::path(PE_REPORT_DIR) / "claims.json", report / "claims.json", fs::copy_options::overwrite_existing);
  const fs::path fragment = report / "claims.d" / "prop1.position_exact.rec";
  fs::last_write_time(fragment, fs::last_write_time(report / "headline.txt") + std::chrono::seconds(5));
  std::tie(status, printed) = run_docgen(report, out);
  EXPECT_EQ(status, 1) << printed;
  EXPECT_NE(printed.find("older than the records"), std::string::npos) << printed;
  // No report at all.
  fs::remove(report / "claims.json");
  std::tie(status, printed) = run_docgen(report, out);
  EXPECT_EQ(status, 1) << printed;
  EXPECT_NE(printed.find("no report at"), std::string::npos) << printed;
  fs::remove_all(report);
}

namespace {

/// What a page says of a claim right after naming it, `\ref claim-... "ID", WORDS)`, set against
/// the claim's record: a class word (reproduces, fragile, setting-dependent, does not reproduce,
/// inconclusive), a verdict (holds, fails), an evidence kind (proved, exhaustive, sampled) or the
/// reading flag (reading-dependent) that the record contradicts is listed as "ID: the page says
/// WORD, the report CLASS" (each a mismatch; an id the report lacks is listed too).
std::vector<std::string> prose_contradicting_report(const std::string& page,
                                                    const std::map<std::string, pe::ledger::Record>& records) {
  static const std::regex named("\\\\ref claim-[A-Za-z0-9_-]+ \"([^\"]+)\"((?:, +[a-z -]+)*)[);]");
  static const std::vector<std::string> classes = {"does not reproduce", "setting-dependent", "reproduces", "fragile",
                                                   "inconclusive"};
  std::vector<std::string> out;
  std::string text = page;  // a sentence may break its line anywhere
  std::replace(text.begin(), text.end(), '\n', ' ');
  for (std::sregex_iterator it(text.begin(), text.end(), named), end; it != end; ++it) {
    const std::string id = (*it)[1], words = (*it)[2];
    if (words.empty()) continue;
    const auto record = records.find(id);
    if (record == records.end()) {
      out.push_back(id + ": named with \"" + words.substr(2) + "\", but the report has no such claim");
      continue;
    }
    const pe::ledger::Record& r = record->second;
    const auto says = [&words](const std::string& word) {
      return std::regex_search(words, std::regex("(^|, |[ -])" + word + "($|,| )"));
    };
    for (const std::string& c : classes)
      if (words.find(c) != std::string::npos) {
        const std::string shown = c == "does not reproduce" ? "does-not-reproduce" : c;
        if (r.reproduction != shown) out.push_back(id + ": the page says " + c + ", the report " + r.reproduction);
        break;
      }
    for (const char* verdict : {"holds", "fails"})
      if (says(verdict) && r.verdict != verdict)
        out.push_back(id + ": the page says " + verdict + ", the report " + r.verdict);
    for (const char* kind : {"proved", "exhaustive", "sampled"})
      if (says(kind) && pe::ledger::to_string(pe::ledger::evidence_of(r)) != kind)
        out.push_back(id + ": the page says " + kind + ", the report " +
                      pe::ledger::to_string(pe::ledger::evidence_of(r)));
    if (says("reading-dependent") && !r.reading_dependent)
      out.push_back(id + ": the page says reading-dependent, the report does not");
  }
  return out;
}

std::map<std::string, pe::ledger::Record> records_by_id() {
  std::map<std::string, pe::ledger::Record> out;
  for (const pe::ledger::Record& r : pe::report::read_report_records(PE_REPORT_DIR)) out[r.id] = r;
  return out;
}

}  // namespace

// A planted stale sentence is caught: a class, a verdict, an evidence kind and the reading flag
// that the record contradicts, and an id the report lacks; words the record agrees with pass.
TEST(ProseFollowsReport, APlantedStaleSentenceIsListed) {
  pe::ledger::Record fragile;
  fragile.id = "exp.a";
  fragile.verdict = "holds";
  fragile.reproduction = "fragile";
  fragile.seeds = "20";
  std::map<std::string, pe::ledger::Record> records = {{"exp.a", fragile}};
  const std::string agreeing = "(\\ref claim-exp-a \"exp.a\", fragile; and more)";
  EXPECT_TRUE(prose_contradicting_report(agreeing, records).empty());
  const std::vector<std::string> stale = prose_contradicting_report(
      "(\\ref claim-exp-a \"exp.a\", inconclusive) and (\\ref claim-exp-a \"exp.a\", fails) and "
      "(\\ref claim-exp-a \"exp.a\", fragile, reading-dependent) and (\\ref claim-exp-b \"exp.b\", holds)",
      records);
  ASSERT_EQ(stale.size(), 4u);
  EXPECT_NE(stale[0].find("the page says inconclusive, the report fragile"), std::string::npos) << stale[0];
  EXPECT_NE(stale[1].find("the page says fails, the report holds"), std::string::npos) << stale[1];
  EXPECT_NE(stale[2].find("reading-dependent"), std::string::npos) << stale[2];
  EXPECT_NE(stale[3].find("no such claim"), std::string::npos) << stale[3];
}

// Every page's narrative (the section pages beside the units, the project's own pages) says of a
// claim it names only what the report says of it.
TEST(ProseFollowsReport, NoPageContradictsTheReport) {
  namespace fs = std::filesystem;
  const std::map<std::string, pe::ledger::Record> records = records_by_id();
  ASSERT_FALSE(records.empty()) << PE_REPORT_DIR "/claims.json has no claim: run the claim checks first";
  int pages = 0;
  for (const fs::path& folder : {fs::path(PE_SOURCE_DIR) / "theorems", fs::path(PE_SOURCE_DIR) / "docs" / "narrative"})
    for (const auto& entry : fs::recursive_directory_iterator(folder))
      if (entry.path().extension() == ".md") {
        ++pages;
        for (const std::string& mismatch : prose_contradicting_report(read_text(entry.path()), records))
          ADD_FAILURE() << fs::relative(entry.path(), PE_SOURCE_DIR).string() << ": " << mismatch;
      }
  EXPECT_GT(pages, 10);
}

namespace {

struct Box {
  double left, top, right, bottom;
};

/// The numbers of an SVG path or points list, in order ("M1,2C3,4 ..." gives 1 2 3 4 ...).
std::vector<double> svg_numbers(const std::string& text) {
  static const std::regex number("-?[0-9]+(?:\\.[0-9]+)?");
  std::vector<double> out;
  for (auto m = std::sregex_iterator(text.begin(), text.end(), number); m != std::sregex_iterator(); ++m)
    out.push_back(std::stod(m->str()));
  return out;
}

/// For each edge of a Graphviz SVG (a <g class="edge"> titled "a->b" with one cubic Bezier
/// path), the boxes of other nodes it passes beneath: points sampled along every curve segment,
/// a box's inside shrunk by one unit so that touching a border does not count.
std::map<std::string, std::set<std::string>> edges_beneath_boxes(const std::string& svg) {
  static const std::regex group("<g id=\"[^\"]*\" class=\"(node|edge)\">\\s*<title>([^<]*)</title>([\\s\\S]*?)</g>");
  static const std::regex shape("\\s(?:points|d)=\"([^\"]*)\"");
  const auto unescaped = [](std::string t) {
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"&#45;", "-"}, {"&gt;", ">"}, {"&amp;", "&"}})
      for (std::size_t at; (at = t.find(from)) != std::string::npos;) t.replace(at, from.size(), to);
    return t;
  };
  std::map<std::string, Box> boxes;
  std::vector<std::pair<std::string, std::vector<double>>> edges;
  for (auto g = std::sregex_iterator(svg.begin(), svg.end(), group); g != std::sregex_iterator(); ++g) {
    const std::string kind = (*g)[1], title = unescaped((*g)[2]), body = (*g)[3];
    std::smatch first;
    if (!std::regex_search(body, first, shape)) continue;
    const std::vector<double> v = svg_numbers(first[1]);
    if (kind == "edge") {
      edges.emplace_back(title, v);
      continue;
    }
    Box b{1e300, 1e300, -1e300, -1e300};
    for (std::size_t i = 0; i + 1 < v.size(); i += 2)
      b = {std::min(b.left, v[i]), std::min(b.top, v[i + 1]), std::max(b.right, v[i]), std::max(b.bottom, v[i + 1])};
    boxes[title] = b;
  }
  std::map<std::string, std::set<std::string>> out;
  for (const auto& [title, v] : edges) {
    const std::string from = title.substr(0, title.find("->")), to = title.substr(title.find("->") + 2);
    std::vector<std::pair<double, double>> samples;
    for (std::size_t i = 0; i + 7 < v.size(); i += 6)  // each segment: its start and three more points
      for (int k = 0; k <= 40; ++k) {
        const double u = k / 40.0, a = (1 - u) * (1 - u) * (1 - u), b = 3 * (1 - u) * (1 - u) * u,
                     c = 3 * (1 - u) * u * u, d = u * u * u;
        samples.emplace_back(a * v[i] + b * v[i + 2] + c * v[i + 4] + d * v[i + 6],
                             a * v[i + 1] + b * v[i + 3] + c * v[i + 5] + d * v[i + 7]);
      }
    out[title];
    for (const auto& [node, box] : boxes) {
      if (node == from || node == to) continue;
      for (const auto& [x, y] : samples)
        if (box.left + 1 < x && x < box.right - 1 && box.top + 1 < y && y < box.bottom - 1) {
          out[title].insert(node);
          break;
        }
    }
  }
  return out;
}

}  // namespace

// The measure itself, on a drawing made by hand: an edge straight through a third box is found
// beneath it, one that goes round it is not, and touching the joined boxes does not count.
TEST(MapEdges, TheMeasureFindsAnEdgeDrawnBeneathABox) {
  const std::string svg =
      "<g id=\"n1\" class=\"node\">\n<title>a</title>\n<polygon points=\"0,0 10,0 10,10 0,10 0,0\"/>\n</g>\n"
      "<g id=\"n2\" class=\"node\">\n<title>b</title>\n<polygon points=\"0,100 10,100 10,110 0,110 0,100\"/>\n</g>\n"
      "<g id=\"n3\" class=\"node\">\n<title>c</title>\n"
      "<path d=\"M0,50C0,50 10,50 10,50 10,50 10,60 10,60 10,60 0,60 0,60\"/>\n</g>\n"
      "<g id=\"e1\" class=\"edge\">\n<title>a&#45;&gt;b</title>\n<path d=\"M5,10C5,40 5,70 5,100\"/>\n</g>\n"
      "<g id=\"e2\" class=\"edge\">\n<title>b&#45;&gt;a</title>\n<path d=\"M10,105C40,80 40,30 10,5\"/>\n</g>\n";
  const auto beneath = edges_beneath_boxes(svg);
  ASSERT_EQ(beneath.size(), 2u);
  EXPECT_EQ(beneath.at("a->b"), std::set<std::string>{"c"});
  EXPECT_TRUE(beneath.at("b->a").empty());
}

// The argument map as shipped: every edge is drawn and none passes beneath a box it does not join.
TEST(MapEdges, NoEdgePassesBeneathABoxItDoesNotJoin) {
  const std::string page = read_text(std::filesystem::path(g_html_dir) / "argument.html");
  ASSERT_FALSE(page.empty()) << g_html_dir << "/argument.html is missing: build the docs first";
  const auto beneath = edges_beneath_boxes(page);
  std::size_t declared = 0;
  for (const pe::ledger::Statement& s : pe::ledger::statements()) declared += s.uses.size() + s.explains.size();
  EXPECT_EQ(beneath.size(), declared) << "every declared edge is drawn once";
  for (const auto& [edge, boxes] : beneath)
    for (const std::string& box : boxes) ADD_FAILURE() << edge << " passes beneath " << box;
}

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc != 2) {
    std::cerr << "usage: docs_output_test <build>/docs/html\n";
    return 2;
  }
  g_html_dir = argv[1];
  const int status = RUN_ALL_TESTS();
  // CTest selects one test per entry with --gtest_filter; a filter that matches nothing (a
  // renamed test) must fail rather than pass with nothing checked.
  if (testing::UnitTest::GetInstance()->test_to_run_count() == 0) {
    std::cerr << "no test matched the filter\n";
    return 1;
  }
  return status;
}
