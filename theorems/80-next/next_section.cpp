/// @file
/// @brief The statements of the section kNextSection (next_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "next_section.hpp"

#include "section_registry.hpp"

namespace pe::theorems::next_section_claims {
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kNextSection);

PE_STATEMENTS(statements) {
  return {
      statement("next.block").label(std::string(kNextSection) + ": the transformer block").kind("remark")
          .anchor("The transformer block.").uses({"prop1.i"}),
      statement("next.contextual").label(std::string(kNextSection) + ": contextual embeddings").kind("remark")
          .anchor("Contextual embeddings. BERT adds").uses({"def1"}),
      statement("next.long_contexts").label(std::string(kNextSection) + ": long contexts").kind("remark")
          .anchor("Long contexts. formalRAG").uses({"thm3.iii"}),
      statement("next.cycles").label(std::string(kNextSection) + ": graphs and grids").kind("remark")
          .anchor("Graphs and grids.").claims({"thm1.cycle.*"}).uses({"thm1.i"})
          .because("thm1.i", "a stationary kernel is diagonalized by the discrete Fourier basis")
          .evidence(E::exhaustive, "every Fourier vector of a cycle of 64 positions")
  };
}

}  // namespace pe::theorems::next_section_claims
