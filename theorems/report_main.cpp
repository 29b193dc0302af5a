// pe_report: merges the claim checks' fragments into report/claims.json and report/claims.md.
// `pe_report clear` removes stale fragments before a run. Exit status 1 when any claim's
// verdict differs from its expected verdict.
#include <filesystem>
#include <iostream>
#include <string>

#include "ledger.hpp"
#include "sweep.hpp"

int main(int argc, char** argv) {
  const std::string report_dir = PE_REPORT_DIR;
  const std::string mode = argc > 1 ? argv[1] : "write";
  if (mode == "clear") {
    std::filesystem::remove_all(std::filesystem::path(report_dir) / "claims.d");
    std::filesystem::remove(std::filesystem::path(report_dir) / "sweep.txt");
    return 0;
  }
  if (mode != "write") {
    std::cerr << "usage: pe_report [write|clear]\n";
    return 2;
  }
  const int disagreements =
      pe::ledger::write_report(report_dir, pe::theorems::report_annotations(report_dir));
  std::cout << "wrote " << report_dir << "/claims.json and claims.md; " << disagreements
            << " claim(s) disagree with their expected verdict\n";
  return disagreements == 0 ? 0 : 1;
}
