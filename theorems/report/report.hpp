/// @file
/// @brief The verification report: each claim's evaluated record kept as a fragment under
/// `<dir>/claims.d/`, runs, and the merge of the fragments into claims.json, claims.md and the
/// headline.
#pragma once

#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ledger.hpp"

namespace pe::report {

/// What the report adds to the claims' own records: the sweep's fields per claim, extra
/// top-level JSON members (each `"name": value`), and Markdown sections placed after the
/// counts of claims.md.
struct ReportAnnotations {
  std::function<void(ledger::Record&)> annotate;
  std::vector<std::string> top_level_json;
  std::vector<std::string> markdown_sections;
  /// What built and wrote the report (commit, tree, date, compiler, build type), as name and
  /// value: claims.json's "build" object and claims.md's first lines.
  std::vector<std::pair<std::string, std::string>> build;
  /// A copy of the article (the CMake cache variable PE_ARTICLE): when it names a readable file,
  /// the report accounts for every number it prints (non_claims.hpp); "" when there is none.
  std::string article;
};

/// Writes `<dir>/claims.d/<id>.rec`, one evaluated claim, stamped with the current run.
void write_fragment(const std::string& report_dir, const ledger::Record& record);
/// Begins a run: the next run number in `<dir>/run.txt`. Earlier records stay, so that checking
/// one claim updates its record and leaves the others; the headline counts the records of this
/// run and of earlier ones.
void begin_run(const std::string& report_dir);
/// The current run's number ("" before any run began).
std::string current_run(const std::string& report_dir);
/// Merges the fragments into `<dir>/claims.json` and `<dir>/claims.md`; claims declared but
/// not evaluated in this run are listed as such. Also writes `<dir>/headline.txt`, the few
/// lines `ctest` ends with (CTestCustom.cmake). Returns the number of disagreements.
int write_report(const std::string& report_dir, const ReportAnnotations& annotations = {});
/// A report that cannot stand for this build: missing, not covering the claims it declares, or
/// older than what it is made from. The message says what to run.
struct StaleReport : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The headline's last line: the checks of this ctest run that failed or did not run, as CTest
/// lists them in `failed_log` ("N:name" a line) before its post-test command. CTest leaves an
/// older list in place when every check passed, so a list older than `run_began` means none
/// failed; without the run's mark (`have_mark` false) the line is empty.
std::string ctest_checks_line(const std::filesystem::path& failed_log, std::filesystem::file_time_type run_began,
                              bool have_mark);

/// The records of `<dir>/claims.json`, as the report wrote them (every field of record_fields()
/// that claims.json keeps), in the ledger's order (all_claims()): what the pages and the figures
/// render, so that they cannot say otherwise than the report. Throws StaleReport when there is no
/// report, when its claims are not exactly the declared ones, when a record is older than the
/// test program that wrote it (rebuilt since) or claims.json older than a record or the sweep.
std::vector<ledger::Record> read_report_records(const std::string& report_dir);

/// The argument map at a terminal (`pe_report map`): one line per statement of the article, as
/// claims.md's "The argument" shows it, from the records in `<dir>/claims.d/`.
std::string argument_map(const std::string& report_dir, const ReportAnnotations& annotations = {});

}  // namespace pe::report
