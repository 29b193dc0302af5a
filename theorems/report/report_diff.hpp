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

/// One line per claim whose compared fields (record_fields.hpp) differ between the two reports
/// (both values given), or that only one report has; then a count line. Empty list: the count
/// line only. `changed` is set to the number of claims listed.
std::string diff_reports(const std::map<std::string, ReportedClaim>& before,
                         const std::map<std::string, ReportedClaim>& after, int& changed);

}  // namespace pe::report
