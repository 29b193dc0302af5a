/// @file
/// @brief A proved claim's certificate in one line, and the external lemmas it rests on: what a
/// reviewer reads on the card, in claims.md and claims.json before opening the full proof text.
#pragma once

#include <string>
#include <vector>

#include "external_lemmas.hpp"
#include "ledger.hpp"

namespace pe::ledger {

/// The external lemmas a claim's proof cites (cite() is the only way a proof names one), in
/// external_lemmas()'s order; empty for a claim without a proof.
std::vector<const ExternalLemma*> lemmas_cited(const Record& record);

/// What decided a proved claim, in one line: "exact algebra: the difference reduces to 0 using
/// angle addition, parity; block step to every even d, decided at d = 16, 64; lemmas: Isserlis' theorem", or
/// "interval enclosure [a, b]"; "" for a claim whose evidence is not `proved`.
std::string certificate_line(const Record& record);

/// An external lemma and the proved claims that cite it, with the statements those claims belong
/// to (each once, in the records' order): the lemma's node in the argument map and its edges.
struct LemmaUse {
  const ExternalLemma* lemma;
  std::vector<std::string> claims, statements;
};
/// Every external lemma, in external_lemmas()'s order, with its uses among `records`.
std::vector<LemmaUse> lemma_uses(const std::vector<Record>& records);

}  // namespace pe::ledger
