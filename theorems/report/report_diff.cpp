#include "report_diff.hpp"

#include "json_text.hpp"

#include <cstdint>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace pe::ledger {

std::map<std::string, ReportedClaim> read_report_claims(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  JsonValue document;
  try {
    document = parse_json(text.str());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path + ": not JSON: " + e.what());
  }
  const JsonValue* claims = document.member("claims");
  if (!claims || claims->kind != JsonValue::Kind::array)
    throw std::invalid_argument(path + ": not a claims report (no \"claims\" array)");
  std::map<std::string, ReportedClaim> out;
  for (const JsonValue& claim : claims->items) {
    const std::string id = claim.text_of("id");
    if (id.empty()) throw std::invalid_argument(path + ": a claim without an id");
    out[id] = {claim.text_of("verdict"), claim.text_of("reproduction"), claim.text_of("class"),
               claim.text_of("article"), claim.text_of("computed")};
  }
  return out;
}

std::string diff_reports(const std::map<std::string, ReportedClaim>& before,
                         const std::map<std::string, ReportedClaim>& after, int& changed) {
  std::ostringstream out;
  changed = 0;
  int compared = 0;
  auto change = [](const std::string& what, const std::string& from, const std::string& to) {
    return from == to ? std::string() : "; " + what + " " + from + " -> " + to;
  };
  for (const auto& [id, old_claim] : before) {
    const auto it = after.find(id);
    if (it == after.end()) {
      out << id << ": only in the old report (" << old_claim.verdict << ")\n";
      ++changed;
      continue;
    }
    ++compared;
    const ReportedClaim& now = it->second;
    const std::string differences = change("verdict", old_claim.verdict, now.verdict) +
                                    change("reproduction", old_claim.reproduction, now.reproduction) +
                                    change("class", old_claim.klass, now.klass) +
                                    change("computed", old_claim.computed, now.computed) +
                                    change("article", old_claim.article, now.article);
    if (differences.empty()) continue;
    out << id << ": " << differences.substr(2) << "\n";
    ++changed;
  }
  for (const auto& [id, new_claim] : after)
    if (!before.count(id)) {
      out << id << ": only in the new report (" << new_claim.verdict << ")\n";
      ++changed;
    }
  out << compared << " claims in both reports; " << changed << " listed (a changed verdict, "
      << "reproduction, class, computed or printed value, or a claim in one report only).\n";
  return out.str();
}

}  // namespace pe::ledger
