#include "certificate.hpp"

#include <algorithm>

#include "statements.hpp"

namespace pe::ledger {

std::vector<const ExternalLemma*> lemmas_cited(const Record& record) {
  std::vector<const ExternalLemma*> out;
  for (const ProofStep& step : proof_steps_of(record))
    if (step.kind == StepKind::lemma)
      for (const ExternalLemma* lemma : external_lemmas())
        if (lemma->name == step.what) out.push_back(lemma);
  return out;
}

namespace {

/// An exact proof's line, read off its steps: each step "kind: what" (with its reach when it
/// does not cover its whole domain) in order, then the lemmas it cites.
std::string proof_line(const Record& r) {
  std::string line, lemmas;
  for (const ProofStep& step : proof_steps_of(r)) {
    if (step.kind == StepKind::lemma) {
      lemmas += (lemmas.empty() ? "" : ", ") + step.what;
      continue;
    }
    line += std::string(line.empty() ? "" : "; ") + to_string(step.kind) + ": " + step.what +
            (step.reach == StepReach::decided ? "" : std::string(" (") + to_string(step.reach) + ")");
  }
  return line + (lemmas.empty() ? "" : "; lemmas: " + lemmas);
}

}  // namespace

std::string certificate_line(const Record& record) {
  if (evidence_of(record) != Evidence::proved) return "";
  if (!record.proof_steps.empty()) return proof_line(record);
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
