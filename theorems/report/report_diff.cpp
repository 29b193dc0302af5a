#include "report_diff.hpp"

#include "json_text.hpp"
#include "record_fields.hpp"

#include <cstdint>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace pe::report {
using namespace pe::ledger;

std::string ReportedClaim::value_of(const std::string& name) const {
  for (const auto& [field, value] : values)
    if (field == name) return value;
  return "";
}

std::map<std::string, ReportedClaim> read_report_claims(const std::string& path, const RecordFields& fields) {
  const JsonValue document = read_claims_document(path);
  const JsonValue* claims = document.member("claims");
  std::map<std::string, ReportedClaim> out;
  for (const JsonValue& claim : claims->items) {
    const std::string id = claim.text_of("id");
    if (id.empty()) throw std::invalid_argument(path + ": a claim without an id");
    out[id] = {compared_values(claim, fields)};
  }
  return out;
}

std::string diff_reports(const std::map<std::string, ReportedClaim>& before,
                         const std::map<std::string, ReportedClaim>& after, int& changed) {
  std::ostringstream out;
  changed = 0;
  int compared = 0;
  for (const auto& [id, old_claim] : before) {
    const auto it = after.find(id);
    if (it == after.end()) {
      out << id << ": only in the old report (" << old_claim.value_of("verdict") << ")\n";
      ++changed;
      continue;
    }
    ++compared;
    const ReportedClaim& now = it->second;
    std::string differences;
    for (const auto& [field, from] : old_claim.values)
      if (const std::string to = now.value_of(field); to != from) differences += "; " + field + " " + from + " -> " + to;
    if (differences.empty()) continue;
    out << id << ": " << differences.substr(2) << "\n";
    ++changed;
  }
  for (const auto& [id, new_claim] : after)
    if (!before.count(id)) {
      out << id << ": only in the new report (" << new_claim.value_of("verdict") << ")\n";
      ++changed;
    }
  std::string fields;
  const std::map<std::string, ReportedClaim>& either = before.empty() ? after : before;
  if (!either.empty())
    for (const auto& [field, value] : either.begin()->second.values) fields += (fields.empty() ? "" : ", ") + field;
  out << compared << " claims in both reports; " << changed << " listed (a change of " << fields
      << ", or a claim in one report only).\n";
  return out.str();
}

}  // namespace pe::report
