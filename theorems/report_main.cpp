// pe_report: merges the claim checks' fragments into report/claims.json and report/claims.md.
// `pe_report clear` removes stale fragments before a run. Exit status 1 when any claim's
// verdict differs from its expected verdict. `pe_report headline [DOCS_INDEX]` prints the
// report's headline (what `ctest` ends with, through CTestCustom.cmake).
#include <sys/stat.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "ledger.hpp"
#include "sweep.hpp"

int main(int argc, char** argv) {
  const std::string report_dir = PE_REPORT_DIR;
  const std::string mode = argc > 1 ? argv[1] : "write";
  namespace fs = std::filesystem;
  if (mode == "clear") {
    fs::remove_all(fs::path(report_dir) / "claims.d");
    fs::remove(fs::path(report_dir) / "sweep.txt");
    fs::remove(fs::path(report_dir) / "headline.txt");
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
  if (mode != "write") {
    std::cerr << "usage: pe_report [write|clear|headline [DOCS_INDEX]]\n";
    return 2;
  }
  const int disagreements =
      pe::ledger::write_report(report_dir, pe::theorems::report_annotations(report_dir));
  std::cout << "wrote " << report_dir << "/claims.json and claims.md; " << disagreements
            << " claim(s) disagree with their expected verdict\n";
  return disagreements == 0 ? 0 : 1;
}
