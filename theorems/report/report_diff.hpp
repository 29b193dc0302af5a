/// @file
/// @brief `pe_report diff OLD.json NEW.json`: which claims two reports decide differently.
#pragma once

#include <map>
#include <string>

namespace pe::ledger {

/// What a report says of one claim, as far as a comparison looks. `klass` is the claim's
/// `class` field (experiment claims only; empty where the report has none), `reproduction` its
/// `reproduction` field: the two are compared apart, so that neither can change unseen.
struct ReportedClaim {
  std::string verdict, reproduction, klass, article, computed;
};

/// The claims of a claims.json report by id. Throws std::runtime_error for a file that cannot be
/// read and std::invalid_argument (with the byte offset) for text that is not a claims report.
std::map<std::string, ReportedClaim> read_report_claims(const std::string& path);

/// One line per claim whose verdict, reproduction, class, computed or printed value differs between the two reports
/// (both values given), or that only one report has; then a count line. Empty list: the count
/// line only. `changed` is set to the number of claims listed.
std::string diff_reports(const std::map<std::string, ReportedClaim>& before,
                         const std::map<std::string, ReportedClaim>& after, int& changed);

}  // namespace pe::ledger
