// pe_report: merges the claim checks' fragments into report/claims.json and report/claims.md.
// `pe_report clear` begins a run (earlier records stay until the run replaces them). Exit status 1 when any claim's
// verdict differs from its expected verdict. `pe_report headline [DOCS_INDEX]` prints the
// report's headline (what `ctest` ends with, through CTestCustom.cmake, after `ctest-begins`). `pe_report diff OLD NEW`
// lists the claims two claims.json reports decide differently. (The harness table is
// pe_harness's, in its section's folder.)
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "annotate.hpp"
#include "claims_render.hpp"
#include "report.hpp"
#include "report_diff.hpp"
#include "sweep.hpp"
#include "utf8_text.hpp"
#include "words.hpp"

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

namespace fs = std::filesystem;

/// The mark `pe_report ctest-begins` leaves for the ctest process that runs it (CTest runs its
/// custom commands as its own children, so both commands of one ctest see the same parent).
fs::path ctest_mark(const std::string& report_dir) {
  return fs::path(report_dir) / ("ctest-" + std::to_string(getppid()) + ".began");
}

std::string utc_time(fs::file_time_type when) {
  const auto since_epoch = when - fs::file_time_type::clock::now() + std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(
      std::chrono::time_point_cast<std::chrono::system_clock::duration>(since_epoch));
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
  return text;
}

/// After a ctest run: its report's headline, or, when the run wrote no report (`ctest -N`, or
/// only tests that check no claim), one line that says so and where the last report is.
int print_headline(const std::string& report_dir, const std::string& docs_index, const std::string& failed_log) {
  const fs::path path = fs::path(report_dir) / "headline.txt", mark = ctest_mark(report_dir);
  std::error_code no_mark;
  const fs::file_time_type run_began = fs::last_write_time(mark, no_mark);
  fs::remove(mark, no_mark);
  std::ifstream in(path);
  if (!in) {
    std::cout << "No verification report yet: no claim check has run in this build tree ("
              << path.string() << " does not exist).\n";
    return 0;
  }
  const fs::file_time_type written = fs::last_write_time(path);
  if (!no_mark && written < run_began) {
    std::cout << "This ctest run checked no claim; the report of " << utc_time(written)
              << " stands: " << (fs::path(report_dir) / "claims.md").string() << "\n";
    return 0;
  }
  std::cout << in.rdbuf();
  const std::string docs = !docs_index.empty() && fs::exists(docs_index) ? "; documentation: " + docs_index : "";
  std::cout << pe::wrap_words("Report: " + (fs::path(report_dir) / "claims.md").string() + " and claims.json, written " +
                                  utc_time(written) + docs,
                              pe::report::kReportWidth, "  ", "    ");
  if (!failed_log.empty()) std::cout << pe::report::ctest_checks_line(failed_log, run_began, !no_mark);
  return 0;
}

const char* const kAnnotateUsage =
    "usage: pe_report annotate ARTICLE.txt [-o OUT.html] [--text] [--strict] [--docs URL]\n"
    "                          [--reference REF.txt]\n"
    "Writes your copy of the article with the verdict of the claim that checks each printed number\n"
    "beside it, and each statement's standing, from this build's report (report/claims.json).\n"
    "  -o OUT      write to OUT instead of standard output\n"
    "  --text      text for a terminal, 100 columns: 0.466[\u2713 exp.tournament.rope.L256] after a\n"
    "              number a claim checks (\u2713 holds, \u2717 fails, ? its seeds cannot decide)\n"
    "              instead of one self-contained HTML page (no file besides it is read)\n"
    "  --docs URL  where the page's links find the documentation's HTML pages (claims.html,\n"
    "              argument.html) and MathJax; default this build's docs/html as a path relative\n"
    "              to OUT's folder; '.' for pages beside them\n"
    "  --strict    exit 1 when the copy differs from the text the claims' places were declared\n"
    "              against (otherwise only reported)\n"
    "  --reference REF  the text the places were declared against; default this build's copy of\n"
    "              the article, when it can be read. Where your copy prints a number fewer or more\n"
    "              times in a statement, the words around each tell which one is gone or added;\n"
    "              without it, a lost one that cannot be named is reported as one of several\n"
    "Every number missing from its place, changed, moved, or not accounted for is listed on standard\n"
    "error with its line (and in the page). Exit status: 0 written; 1 with --strict, the copy\n"
    "differs; 2 an unreadable, empty or non-UTF-8 copy, an unreadable reference or report, or a bad\n"
    "option.\n";

/// `pe_report annotate ...`: see kAnnotateUsage.
int annotate(const std::vector<std::string>& args, const std::string& report_dir) {
  std::string article_path, out_path, docs, reference_path;
  bool reference_named = false;
  bool text = false, strict = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::cout << kAnnotateUsage;
      return 0;
    }
    if ((a == "-o" || a == "--docs") && i + 1 < args.size()) (a == "-o" ? out_path : docs) = args[++i];
    else if (a == "--reference" && i + 1 < args.size()) reference_path = args[++i], reference_named = true;
    else if (a == "--text") text = true;
    else if (a == "--strict") strict = true;
    else if (!a.empty() && a[0] != '-' && article_path.empty()) article_path = a;
    else {
      std::cerr << "pe_report annotate: unexpected argument '" << a << "'\n" << kAnnotateUsage;
      return 2;
    }
  }
  if (article_path.empty()) {
    std::cerr << "pe_report annotate: name your copy of the article\n" << kAnnotateUsage;
    return 2;
  }
  // A copy saved with CR LF line ends or a byte-order mark reads as the text it holds.
  const auto plain_text = [](std::string raw) {
    raw.erase(std::remove(raw.begin(), raw.end(), '\r'), raw.end());
    if (raw.rfind("\xEF\xBB\xBF", 0) == 0) raw.erase(0, 3);
    return raw;
  };
  const std::string copy = plain_text(read_text(article_path));
  // The reference tells equal numbers apart and orders the places; a build without the article has none.
  if (!reference_named) reference_path = PE_ARTICLE;
  std::string reference;
  if (!reference_path.empty() && (reference_named || fs::exists(reference_path)))
    reference = plain_text(read_text(reference_path));
  if (copy.find_first_not_of(" \t\n") == std::string::npos) {
    std::cerr << "pe_report annotate: " << pe::printable_text(article_path) << " holds no text: nothing to annotate\n";
    return 2;
  }
  // A copy in another encoding (Latin-1, say) would be misread number by number: refused whole.
  for (std::size_t at = 0, line = 1; at < copy.size();) {
    const pe::Utf8Char c = pe::decode_utf8(copy, at);
    if (c.problem != pe::Utf8Problem::none) {
      std::cerr << "pe_report annotate: " << pe::printable_text(article_path) << " line " << line
                << " is not UTF-8 (" << pe::utf8_problem_text(copy, at, c) << "): save the copy as UTF-8\n";
      return 2;
    }
    line += copy[at] == '\n';
    at += std::size_t(c.length);
  }
  const std::string report = (fs::path(report_dir) / "claims.json").string();
  pe::report::ReportFaces faces;  // without a report the places are shown, without verdicts
  if (fs::exists(report)) faces = pe::report::read_report_faces(report);
  else std::cerr << "pe_report annotate: no report at " << report << " yet (run ctest): numbers are marked without verdicts\n";
  const pe::ledger::Accounting accounting = pe::ledger::account_for_numbers(copy, reference);
  for (const pe::ledger::Discrepancy& d : accounting.discrepancies)
    std::cerr << "pe_report annotate: " << article_path << ": " << pe::ledger::describe(d) << "\n";
  if (docs.empty()) {
    // By default the page links to this build's docs by a relative path from where it is written
    // (or from the working directory, for standard output), so it keeps working when both move.
    const fs::path from = out_path.empty() ? fs::current_path() : fs::absolute(out_path).parent_path();
    docs = fs::relative(PE_DOCS_HTML_DIR, from).generic_string();
    if (docs.empty()) docs = PE_DOCS_HTML_DIR;  // no relative path (another root)
  }
  if (!docs.empty() && docs.back() == '/') docs.pop_back();
  const std::string written = text ? pe::report::annotated_text(copy, accounting, faces)
                                   : pe::report::annotated_html(copy, accounting, faces, {docs == "." ? "" : docs});
  if (out_path.empty()) {
    std::cout << written;
  } else {
    std::ofstream out(out_path);
    out << written;
    if (!out) throw std::runtime_error("cannot write " + out_path);
  }
  return strict && !accounting.discrepancies.empty() ? 1 : 0;
}

}  // namespace

/// The first line a shell command prints, "" when it fails or prints nothing.
std::string first_line_of(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen((command + " 2>/dev/null").c_str(), "r"), pclose);
  if (!pipe) return "";
  char buffer[256];
  std::string line = std::fgets(buffer, sizeof buffer, pipe.get()) ? buffer : "";
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return line;
}

/// What built this report: the source tree's commit and whether it had changes, the day the
/// report was written (UTC), the compiler and the build type with its flags.
std::vector<std::pair<std::string, std::string>> build_stamp() {
  const std::string git = "git -C '" + std::string(PE_SOURCE_DIR) + "' ";
  std::string commit = first_line_of(git + "rev-parse HEAD");
  if (commit.empty()) commit = "unknown (not a git checkout)";
  else commit += first_line_of(git + "status --porcelain --untracked-files=no").empty() ? " (clean tree)"
                                                                                       : " (tree with changes)";
  const std::time_t now = std::time(nullptr);
  char day[16];
  std::strftime(day, sizeof day, "%Y-%m-%d", std::gmtime(&now));
  return {{"commit", commit}, {"date", day}, {"compiler", PE_COMPILER}, {"build type", PE_BUILD_TYPE}};
}

int main(int argc, char** argv) try {
  const std::string report_dir = PE_REPORT_DIR;
  const std::string mode = argc > 1 ? argv[1] : "write";
  if (mode == "clear") {
    // A new run; the records and the sweep of earlier runs stay until this run replaces them.
    pe::report::begin_run(report_dir);
    return 0;
  }
  if (mode == "ctest-begins") {
    // CTEST_CUSTOM_PRE_TEST: a mark named after the ctest process, read by its POST_TEST.
    fs::create_directories(report_dir);
    std::ofstream(ctest_mark(report_dir));
    return 0;
  }
  if (mode == "headline") return print_headline(report_dir, argc > 2 ? argv[2] : "", argc > 3 ? argv[3] : "");
  if (mode == "map") {
    std::cout << pe::report::argument_map(report_dir, pe::report::report_annotations(report_dir));
    return 0;
  }
  if (mode == "annotate") return annotate(std::vector<std::string>(argv + 2, argv + argc), report_dir);
  if (mode == "diff" && argc == 4) {
    int changed = 0, statements_changed = 0;
    std::cout << pe::report::diff_reports(pe::report::read_report_claims(argv[2]),
                                          pe::report::read_report_claims(argv[3]), changed)
              << pe::report::diff_statements(pe::report::read_report_statements(argv[2]),
                                             pe::report::read_report_statements(argv[3]), statements_changed);
    return changed + statements_changed == 0 ? 0 : 1;  // as diff(1): 1 when the reports differ
  }
  const char* usage =
      "usage: pe_report [write]                 merge the claim records into report/claims.{json,md}\n"
      "       pe_report clear                   begin a run (earlier records stay)\n"
      "       pe_report headline [DOCS_INDEX [FAILED_LOG]]  print the report's headline (after\n"
      "                                         ctest-begins: only when this ctest run wrote the\n"
      "                                         report) and the checks CTest's FAILED_LOG lists\n"
      "       pe_report ctest-begins            mark the start of a ctest run (CTestCustom.cmake)\n"
      "       pe_report diff OLD.json NEW.json  list the claims whose verdict, class or value differ\n"
      "                                         (exit 0: none, 1: some, 2: an unreadable report)\n"
      "       pe_report map                     print the argument: totals, then each statement's verdict,\n"
      "                                         evidence, standing and edges (at most 100 columns)\n"
      "       pe_report annotate ARTICLE.txt [-o OUT] [--text] [--strict] [--docs URL]\n"
      "                                         your copy of the article with each number's verdict\n"
      "                                         (pe_report annotate --help)\n";
  if (mode == "--help" || mode == "-h") {
    std::cout << usage;
    return 0;
  }
  if (mode != "write") {
    std::cerr << "pe_report: unknown command or arguments: " << mode << "\n" << usage;
    return 2;
  }
  pe::report::ReportAnnotations annotations = pe::report::report_annotations(report_dir);
  annotations.build = build_stamp();
  annotations.article = PE_ARTICLE;
  const int disagreements = pe::report::write_report(report_dir, annotations);
  std::cout << "wrote " << report_dir << "/claims.json and claims.md; " << disagreements
            << " claim(s) disagree with their expected verdict\n";
  return disagreements == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "pe_report: " << e.what() << "\n";
  return 2;
}
