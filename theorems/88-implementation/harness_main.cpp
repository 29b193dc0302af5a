// pe_harness: the article's harness checks (its Implementation section, split by this project
// into rows) and the CTest tests that run each. `pe_harness` prints them for a terminal,
// `pe_harness --markdown` as the docs' table, and `pe_harness check LIST` checks that every
// row's patterns select tests of the output of `ctest -N` in LIST (tests/harness_rows.cmake).
// A program of this section's folder, so that the report's machinery includes no section.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "harness.hpp"
#include "words.hpp"

namespace {

constexpr std::size_t kTerminalWidth = 100;  // the report's width (claims_render.hpp, kReportWidth)

/// Every pattern of every row selects a test `ctest -N` lists (LIST holds its output). Prints
/// what is wrong; returns the number of problems, or -1 when LIST cannot be read or lists none.
int check_rows(const std::string& ctest_list) {
  std::ifstream in(ctest_list);
  if (!in) {
    std::cerr << "pe_harness: cannot read " << ctest_list << "\n";
    return -1;
  }
  std::vector<std::string> tests;
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(": ");
    if (line.find("Test") != std::string::npos && line.find('#') != std::string::npos && colon != std::string::npos)
      tests.push_back(line.substr(colon + 2));
  }
  if (tests.empty()) {
    std::cerr << ctest_list << ": no test listed\n";
    return -1;
  }
  int problems = 0;
  for (const pe::theorems::HarnessRow& row : pe::theorems::harness_rows())
    for (const std::string& pattern : row.tests)
      if (std::none_of(tests.begin(), tests.end(), [&](const std::string& t) { return pe::theorems::matches(pattern, t); })) {
        std::cerr << "harness row " << row.number << ": '" << pattern << "' selects no test\n";
        ++problems;
      }
  std::cout << tests.size() << " tests listed; " << pe::theorems::harness_rows().size() << " harness rows; "
            << problems << " problem(s)\n";
  return problems;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    // One row a list item, each wrapped to a terminal's width under its text.
    std::cout << "The article's harness, as this project splits it into " << pe::theorems::harness_rows().size()
              << " rows, and the CTest tests that run each:\n";
    std::istringstream items(pe::theorems::harness_list());
    for (std::string item; std::getline(items, item);)
      if (!item.empty()) std::cout << pe::wrap_words(item, kTerminalWidth, "", "  ");
    return 0;
  }
  if (args.size() == 1 && args[0] == "--markdown") {
    std::cout << pe::theorems::harness_markdown();
    return 0;
  }
  if (args.size() == 2 && args[0] == "check") {
    const int problems = check_rows(args[1]);
    return problems == 0 ? 0 : problems < 0 ? 2 : 1;
  }
  const bool help = args.size() == 1 && (args[0] == "--help" || args[0] == "-h");
  (help ? std::cout : std::cerr)
      << "usage: pe_harness              print the harness rows and the tests that run each\n"
         "       pe_harness --markdown   the same as the docs' table\n"
         "       pe_harness check LIST   check that every row's patterns select a test of LIST,\n"
         "                               the output of `ctest -N` (exit 1: a pattern selects none)\n";
  return help ? 0 : 2;
}
