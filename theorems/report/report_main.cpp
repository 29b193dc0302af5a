// pe_report: merges the claim checks' fragments into report/claims.json and report/claims.md.
// `pe_report clear` begins a run (earlier records stay until the run replaces them). Exit status 1 when any claim's
// verdict differs from its expected verdict. `pe_report headline [DOCS_INDEX]` prints the
// report's headline (what `ctest` ends with, through CTestCustom.cmake). `pe_report diff OLD NEW`
// lists the claims two claims.json reports decide differently. `pe_report harness`
// prints the table of the article's 24 harness checks; `pe_report harness-check LIST` checks
// that each row's patterns select tests of the output of `ctest -N` in LIST (tests/harness_rows.cmake).
#include <sys/stat.h>

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

#include "harness.hpp"
#include "report.hpp"
#include "report_diff.hpp"
#include "sweep.hpp"

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Every pattern of every harness row selects a test `ctest -N` lists (LIST holds its output).
/// Prints what is wrong; returns the number of problems.
int harness_check(const std::string& ctest_list) {
  std::vector<std::string> tests;
  std::istringstream list(read_text(ctest_list));
  for (std::string line; std::getline(list, line);) {
    const auto colon = line.find(": ");
    if (line.find("Test") != std::string::npos && line.find('#') != std::string::npos &&
        colon != std::string::npos)
      tests.push_back(line.substr(colon + 2));
  }
  int problems = 0;
  if (tests.empty()) {
    std::cerr << ctest_list << ": no test listed\n";
    return 1;
  }
  for (const pe::theorems::HarnessRow& row : pe::theorems::harness_rows())
    for (const std::string& pattern : row.tests) {
      const long n = std::count_if(tests.begin(), tests.end(), [&](const std::string& t) {
        return pe::theorems::matches(pattern, t);
      });
      if (n == 0) {
        std::cerr << "harness row " << row.number << ": '" << pattern << "' selects no test\n";
        ++problems;
      }
    }
  std::cout << tests.size() << " tests listed; " << pe::theorems::harness_rows().size()
            << " harness rows; " << problems << " problem(s)\n";
  return problems;
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
  namespace fs = std::filesystem;
  if (mode == "clear") {
    // A new run; the records and the sweep of earlier runs stay until this run replaces them.
    pe::ledger::begin_run(report_dir);
    return 0;
  }
  if (mode == "headline") {
    // After any ctest run: a run that checked no claim leaves the last report in place, so
    // the headline says when that report was written.
    const fs::path path = fs::path(report_dir) / "headline.txt";
    std::ifstream in(path);
    if (!in) {
      std::cout << "No verification report yet: no claim check has run in this build tree ("
                << path.string() << " does not exist).\n";
      return 0;
    }
    struct stat status {};
    stat(path.c_str(), &status);
    const std::time_t t = status.st_mtime;
    char when[32];
    std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
    std::cout << "\n" << in.rdbuf() << "  (report written " << when << ")\n";
    if (argc > 2 && fs::exists(argv[2])) std::cout << "  Documentation: " << argv[2] << "\n";
    return 0;
  }
  if (mode == "harness") {
    std::cout << pe::theorems::harness_markdown();
    return 0;
  }
  if (mode == "map") {
    std::cout << pe::ledger::argument_map(report_dir, pe::theorems::report_annotations(report_dir));
    return 0;
  }
  if (mode == "harness-check" && argc == 3) return harness_check(argv[2]) == 0 ? 0 : 1;
  if (mode == "diff" && argc == 4) {
    int changed = 0;
    std::cout << pe::ledger::diff_reports(pe::ledger::read_report_claims(argv[2]),
                                          pe::ledger::read_report_claims(argv[3]), changed);
    return changed == 0 ? 0 : 1;  // as diff(1): 1 when the reports differ
  }
  const char* usage =
      "usage: pe_report [write]                 merge the claim records into report/claims.{json,md}\n"
      "       pe_report clear                   begin a run (earlier records stay)\n"
      "       pe_report headline [DOCS_INDEX]   print the report's headline\n"
      "       pe_report diff OLD.json NEW.json  list the claims whose verdict, class or value differ\n"
      "                                         (exit 0: none, 1: some, 2: an unreadable report)\n"
      "       pe_report harness                 print the table of the article's 24 harness checks\n"
      "       pe_report harness-check CTEST_LIST  check that every harness row selects a test\n"
      "       pe_report map                     print the article's statements: verdict, evidence, standing\n";
  if (mode == "--help" || mode == "-h") {
    std::cout << usage;
    return 0;
  }
  if (mode != "write") {
    std::cerr << "pe_report: unknown command or arguments: " << mode << "\n" << usage;
    return 2;
  }
  pe::ledger::ReportAnnotations annotations = pe::theorems::report_annotations(report_dir);
  annotations.build = build_stamp();
  const int disagreements = pe::ledger::write_report(report_dir, annotations);
  std::cout << "wrote " << report_dir << "/claims.json and claims.md; " << disagreements
            << " claim(s) disagree with their expected verdict\n";
  return disagreements == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "pe_report: " << e.what() << "\n";
  return 2;
}
