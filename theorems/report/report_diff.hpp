/// @file
/// @brief `pe_report diff OLD.json NEW.json`: which claims two reports decide differently.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "record_fields.hpp"

namespace pe::report {

/// What a report says of one claim, as far as a comparison looks: the value of each field the
/// record schema marks as compared (record_fields.hpp), by name, in the schema's order; the
/// class and the reproduction are two fields, so that neither can change unseen.
struct ReportedClaim {
  std::vector<std::pair<std::string, std::string>> values;
  /// The value of field `name`, "" when the report has none.
  std::string value_of(const std::string& name) const;
};

/// The claims of a claims.json report by id. Throws std::runtime_error for a file that cannot be
/// read and std::invalid_argument (with the byte offset) for text that is not a claims report.
std::map<std::string, ReportedClaim> read_report_claims(const std::string& path,
                                                       const RecordFields& fields = record_fields());

/// One entry per claim whose compared fields (record_fields.hpp) differ between the two reports
/// (both values given; a residual with its unit; a class change once, not again as the
/// reproduction it equals), or that only one report has; then a count line. Empty list: the count
/// line only. An entry longer than the report's width (kReportWidth) goes on over indented lines.
/// `changed` is set to the number of claims listed.
std::string diff_reports(const std::map<std::string, ReportedClaim>& before,
                         const std::map<std::string, ReportedClaim>& after, int& changed);

/// The argument map's fields a comparison looks at, for each statement of claims.json's
/// "statements" block: a change of any of them can change what the map shows.
inline constexpr const char* kComparedStatementFields[] = {"verdict", "standing", "flags", "brings_down",
                                                           "uses", "explains", "claims", "reprints",
                                                           "evidence"};

/// The statements of a claims.json report by id, each with kComparedStatementFields as one line
/// of text each (a list as "[a, b]", the evidence block as "{name: value}"); empty for a report
/// without a "statements" block. Throws as read_report_claims.
std::map<std::string, ReportedClaim> read_report_statements(const std::string& path);

/// As diff_reports, for the statements: one line "statement ID: field from -> to; ..." each.
std::string diff_statements(const std::map<std::string, ReportedClaim>& before,
                            const std::map<std::string, ReportedClaim>& after, int& changed);

}  // namespace pe::report
