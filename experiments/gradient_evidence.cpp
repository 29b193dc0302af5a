#include "gradient_evidence.hpp"

#include <algorithm>
#include <istream>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "gradient_check.hpp"
#include "gradient_proof.hpp"

namespace pe::experiments {

namespace {
std::string run_name(const GradientProofCase& c) {
  return c.reading + " at d = " + std::to_string(c.width) +
         (c.mark_embedding == MarkEmbedding::pair_rows ? " (pair_rows)" : "") + " on " +
         std::to_string(c.examples) + " example" + (c.examples == 1 ? "" : "s");
}

void add_central_differences(GradientEvidence& e) {
  e.smallest_norm = 1e300;
  for (const GradientCase& c : gradient_cases()) {
    if (c.scheme != e.scheme) continue;
    ++e.difference_cases;
    const GradientAgreement a = check_gradient(c);
    const double error = std::max(a.relative, a.worst_entry);
    const std::string name = c.map_name + "/" + c.block;
    if (error > e.worst_relative || e.worst_case.empty()) e.worst_relative = error, e.worst_case = name;
    if (a.analytic_norm < e.smallest_norm) e.smallest_norm = a.analytic_norm, e.smallest_case = name;
  }
}
}  // namespace

GradientEvidence gradient_evidence(PositionScheme scheme) {
  GradientEvidence e;
  e.scheme = scheme;
  const GradientProof loss = prove_loss_gradient();
  if (!loss.holds) e.loss_failure = loss.failure.empty() ? "not proved" : loss.failure;
  for (const GradientProofCase& c : gradient_proof_cases(scheme)) {
    const HeadGradientProof p = prove_head_gradient(c);
    e.entries += p.comparison.entries;
    e.nonzero_entries += p.comparison.nonzero_entries;
    e.tabulated += p.softmax_paths.tabulated;
    e.recomputed += p.softmax_paths.recomputed;
    e.runs.push_back(run_name(c));
    if (!p.comparison.holds && e.head_failure.empty())
      e.head_failure = e.runs.back() + ": " + (p.comparison.failure.empty() ? "not proved" : p.comparison.failure);
  }
  add_central_differences(e);
  return e;
}

void write_gradient_evidence(std::ostream& out, const std::vector<GradientEvidence>& evidence) {
  out.precision(17);
  for (const GradientEvidence& e : evidence) {
    out << "scheme\t" << to_string(e.scheme) << "\nloss_failure\t" << e.loss_failure << "\nentries\t"
        << e.entries << "\nnonzero_entries\t" << e.nonzero_entries << "\ntabulated\t" << e.tabulated
        << "\nrecomputed\t" << e.recomputed << "\n";
    for (const std::string& run : e.runs) out << "run\t" << run << "\n";
    out << "head_failure\t" << e.head_failure << "\ndifference_cases\t" << e.difference_cases
        << "\nworst_relative\t" << e.worst_relative << "\nworst_case\t" << e.worst_case << "\nsmallest_norm\t"
        << e.smallest_norm << "\nsmallest_case\t" << e.smallest_case << "\nend\n\n";
  }
}

namespace {
// The fields of one scheme's block, in the order written; "run" may repeat.
const std::vector<std::string> kFields = {"scheme", "loss_failure", "entries", "nonzero_entries",
                                          "tabulated", "recomputed", "head_failure", "difference_cases",
                                          "worst_relative", "worst_case", "smallest_norm", "smallest_case"};

GradientEvidence from_fields(const std::map<std::string, std::string>& f, const std::vector<std::string>& runs) {
  GradientEvidence e;
  e.scheme = position_scheme_from_string(f.at("scheme"));
  e.loss_failure = f.at("loss_failure");
  e.entries = std::stoi(f.at("entries"));
  e.nonzero_entries = std::stoi(f.at("nonzero_entries"));
  e.tabulated = std::stol(f.at("tabulated"));
  e.recomputed = std::stol(f.at("recomputed"));
  e.runs = runs;
  e.head_failure = f.at("head_failure");
  e.difference_cases = std::stoi(f.at("difference_cases"));
  e.worst_relative = std::stod(f.at("worst_relative"));
  e.worst_case = f.at("worst_case");
  e.smallest_norm = std::stod(f.at("smallest_norm"));
  e.smallest_case = f.at("smallest_case");
  return e;
}
}  // namespace

std::vector<GradientEvidence> read_gradient_evidence(std::istream& in) {
  std::vector<GradientEvidence> evidence;
  std::map<std::string, std::string> fields;
  std::vector<std::string> runs;
  int number = 0;
  const auto fail = [&number](const std::string& why) {
    throw std::invalid_argument("gradient evidence, line " + std::to_string(number) + ": " + why);
  };
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty()) continue;
    const auto tab = line.find('\t');
    if (tab == std::string::npos) {
      if (line != "end") fail("not a field: " + line);
      for (const std::string& name : kFields)
        if (!fields.count(name)) fail("the block ends without its field " + name);
      try {
        evidence.push_back(from_fields(fields, runs));
      } catch (const std::exception& e) {
        fail(std::string("a field does not parse: ") + e.what());
      }
      fields.clear();
      runs.clear();
      continue;
    }
    const std::string key = line.substr(0, tab), value = line.substr(tab + 1);
    if (key == "run") runs.push_back(value);
    else if (std::find(kFields.begin(), kFields.end(), key) == kFields.end()) fail("unknown field " + key);
    else if (!fields.emplace(key, value).second) fail("field " + key + " given twice");
  }
  if (!fields.empty() || !runs.empty()) fail("the last block has no end (a product cut short)");
  return evidence;
}

}  // namespace pe::experiments
