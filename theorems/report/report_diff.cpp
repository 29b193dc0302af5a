#include "report_diff.hpp"

#include "claims_render.hpp"
#include "json_text.hpp"
#include "record_fields.hpp"
#include "words.hpp"

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

namespace {

/// A JSON value as one line of text: a scalar's text, an array as "[a, b]", an object as
/// "{name: value, ...}", so that a list or a block compares as a whole.
std::string flattened(const JsonValue& v) {
  switch (v.kind) {
    case JsonValue::Kind::scalar: return v.text;
    case JsonValue::Kind::array: {
      std::string out;
      for (const JsonValue& item : v.items) out += (out.empty() ? "" : ", ") + flattened(item);
      return "[" + out + "]";
    }
    case JsonValue::Kind::object: {
      std::string out;
      for (const auto& [name, value] : v.members) out += (out.empty() ? "" : ", ") + name + ": " + flattened(value);
      return "{" + out + "}";
    }
  }
  return v.text;
}

/// A field's change as listed: a residual carries its unit, which a bare number does not say.
std::string change_text(const std::string& field, const std::string& from, const std::string& to,
                        const ReportedClaim& before, const ReportedClaim& after) {
  std::string text = field + " " + from + " -> " + to;
  if (field == "residual") {
    const std::string unit = after.value_of("residual_unit").empty() ? before.value_of("residual_unit")
                                                                     : after.value_of("residual_unit");
    if (!unit.empty()) text += " (" + unit + ")";
  }
  return text;
}

/// One line per entry of `before` or `after` whose values differ, or that one side lacks, each
/// line starting with `prefix` and the id; `changed` counts the lines. A swept claim's class is
/// its reproduction under another name: when both move alike the change is listed once, as the
/// class.
std::string listed_differences(const std::map<std::string, ReportedClaim>& before,
                               const std::map<std::string, ReportedClaim>& after, const std::string& prefix,
                               int& changed, int& compared) {
  std::ostringstream out;
  for (const auto& [id, old_entry] : before) {
    const auto it = after.find(id);
    if (it == after.end()) {
      out << prefix << id << ": only in the old report (" << old_entry.value_of("verdict") << ")\n";
      ++changed;
      continue;
    }
    ++compared;
    const ReportedClaim& now = it->second;
    std::string differences;
    for (const auto& [field, from] : old_entry.values) {
      const std::string to = now.value_of(field);
      if (to == from) continue;
      if (field == "reproduction" && old_entry.value_of("class") == from && now.value_of("class") == to) continue;
      differences += "; " + change_text(field, from, to, old_entry, now);
    }
    if (differences.empty()) continue;
    out << prefix << id << ": " << differences.substr(2) << "\n";
    ++changed;
  }
  for (const auto& [id, new_entry] : after)
    if (!before.count(id)) {
      out << prefix << id << ": only in the new report (" << new_entry.value_of("verdict") << ")\n";
      ++changed;
    }
  return out.str();
}

std::string field_names(const std::map<std::string, ReportedClaim>& before,
                        const std::map<std::string, ReportedClaim>& after) {
  std::string fields;
  const std::map<std::string, ReportedClaim>& either = before.empty() ? after : before;
  if (!either.empty())
    for (const auto& [field, value] : either.begin()->second.values) fields += (fields.empty() ? "" : ", ") + field;
  return fields;
}

}  // namespace

std::map<std::string, ReportedClaim> read_report_statements(const std::string& path) {
  const JsonValue document = read_claims_document(path);
  std::map<std::string, ReportedClaim> out;
  const JsonValue* statements = document.member("statements");
  if (!statements) return out;  // a report from before the argument map
  for (const JsonValue& statement : statements->items) {
    const std::string id = statement.text_of("id");
    if (id.empty()) throw std::invalid_argument(path + ": a statement without an id");
    ReportedClaim& entry = out[id];
    for (const char* field : kComparedStatementFields) {
      const JsonValue* value = statement.member(field);
      entry.values.emplace_back(field, value ? flattened(*value) : "");
    }
  }
  return out;
}

namespace {
/// The listed differences and the count line, for entries called `noun` ("claim", "statement");
/// a statement's lines start with the word.
std::string diff_entries(const std::map<std::string, ReportedClaim>& before,
                         const std::map<std::string, ReportedClaim>& after, const std::string& noun, int& changed) {
  changed = 0;
  int compared = 0;
  const std::string listed = listed_differences(before, after, noun == "claim" ? "" : noun + " ", changed, compared);
  std::istringstream lines(listed + std::to_string(compared) + " " + noun + "s in both reports; " +
                           std::to_string(changed) + " listed (a change of " + field_names(before, after) + ", or a " +
                           noun + " in one report only).");
  std::string out;  // each line within the report's width, its continuation indented under it
  for (std::string line; std::getline(lines, line);)
    out += line.size() <= kReportWidth ? line + "\n" : pe::wrap_words(line, kReportWidth, "", "    ");
  return out;
}
}  // namespace

std::string diff_reports(const std::map<std::string, ReportedClaim>& before,
                         const std::map<std::string, ReportedClaim>& after, int& changed) {
  return diff_entries(before, after, "claim", changed);
}

std::string diff_statements(const std::map<std::string, ReportedClaim>& before,
                            const std::map<std::string, ReportedClaim>& after, int& changed) {
  return diff_entries(before, after, "statement", changed);
}

}  // namespace pe::report
