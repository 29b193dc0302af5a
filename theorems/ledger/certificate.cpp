#include "certificate.hpp"

#include <algorithm>
#include <regex>

#include "statements.hpp"
#include "symbolic_identity.hpp"

namespace pe::ledger {

std::vector<const ExternalLemma*> lemmas_cited(const Record& record) {
  std::vector<const ExternalLemma*> out;
  if (record.proof.empty()) return out;
  for (const ExternalLemma* lemma : external_lemmas())
    if (record.proof.find(cite(*lemma)) != std::string::npos) out.push_back(lemma);
  return out;
}

namespace {

/// "angle addition" for "angle addition: cos(a + b) = ...": the name a rule is stated under.
std::string rule_name(const std::string& rule) { return rule.substr(0, rule.find(':')); }

/// The names of the stated reduction rules (kTrigRules, kExponentialRule) the proof text uses.
std::string rules_named(const std::string& proof) {
  std::vector<std::string> rules = kTrigRules;
  rules.push_back(kExponentialRule);
  std::string out;
  for (const std::string& rule : rules)
    if (proof.find(rule) != std::string::npos) out += (out.empty() ? "" : ", ") + rule_name(rule);
  return out;
}

/// The line of an exact proof: its method, its key value or rules, the dimensions its block
/// lemma is checked at, induction where it carries the statement, and the lemmas it cites.
std::string proof_line(const Record& r) {
  const std::string& proof = r.proof;
  std::string line;
  if (proof.rfind("exact expectation: ", 0) == 0 || proof.rfind("exact witness: ", 0) == 0) {
    // Its value or witness: "exact expectation: E delta^2 = ... = 15/16 at d = 16", before how it
    // was reduced.
    line = proof.substr(0, std::min(proof.find(';'), proof.find(": the value")));
  } else {
    const std::string rules = rules_named(proof);
    line = std::string(proof.rfind("counting: ", 0) == 0 ? "counting and exact algebra" : "exact algebra") +
           ": the difference reduces to 0" + (rules.empty() ? "" : " using " + rules);
  }
  static const std::regex block_step(R"(block step: at d = ([0-9]+(, [0-9]+)*))");
  std::smatch m;
  if (std::regex_search(proof, m, block_step)) line += "; block step to every even d, decided at d = " + m[1].str();
  if (proof.find("induction") != std::string::npos) line += "; induction to every size";
  std::string lemmas;
  for (const ExternalLemma* lemma : lemmas_cited(r)) lemmas += (lemmas.empty() ? "" : ", ") + lemma->name;
  return line + (lemmas.empty() ? "" : "; lemmas: " + lemmas);
}

}  // namespace

std::string certificate_line(const Record& record) {
  if (evidence_of(record) != Evidence::proved) return "";
  if (!record.proof.empty()) return proof_line(record);
  if (!record.enclosure.empty()) return "interval enclosure " + record.enclosure;
  // A relation among printed numbers: every value each printed number's digits allow is one box.
  if (!record.consistency.empty()) return "interval arithmetic over every value the printed digits allow";
  return record.certification;
}

std::vector<LemmaUse> lemma_uses(const std::vector<Record>& records) {
  std::vector<LemmaUse> out;
  for (const ExternalLemma* lemma : external_lemmas()) out.push_back({lemma, {}, {}});
  for (const Record& r : records) {
    if (evidence_of(r) != Evidence::proved) continue;
    const std::vector<const Statement*> owners = statements_of_claim(r.id);
    for (const ExternalLemma* lemma : lemmas_cited(r)) {
      LemmaUse& use = *std::find_if(out.begin(), out.end(), [&](const LemmaUse& u) { return u.lemma == lemma; });
      use.claims.push_back(r.id);
      for (const Statement* s : owners)
        if (std::find(use.statements.begin(), use.statements.end(), s->id) == use.statements.end())
          use.statements.push_back(s->id);
    }
  }
  return out;
}

}  // namespace pe::ledger
