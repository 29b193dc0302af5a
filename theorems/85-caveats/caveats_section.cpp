/// @file
/// @brief The statements of the section kCaveatsSection (caveats_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "caveats_section.hpp"

#include "section_registry.hpp"

namespace pe::theorems::caveats_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kCaveatsSection);

PE_STATEMENTS(statements) {
  return {
      statement("caveat.decay").label("the caveat: long-term decay").kind("remark")
          .anchor("Long-term decay is about envelopes and matched pairs")
          .uses({"prop4.i", "prop4.ii", "prop4.iii"})
          .because("prop4.i", "Long-term decay is about envelopes")
          .because("prop4.ii", "and matched pairs")
          .because("prop4.iii", "RoPE does not make unrelated keys fade"),
      statement("caveat.fragile").label("the caveat: the commutant theorem is fragile").kind("remark")
          .anchor("The commutant theorem is exact but fragile")
          .claims({"thm2.cond.caveat.*", "consistency.caveat_fragile.*"}).uses({"thm2", "thm2.condition"})
          .because("thm2", "Theorem 2 holds in exact arithmetic")
          .because("thm2.condition", "exact condition numbers from")
          .evidence(E::exhaustive, "the printed windows"),
      // Results the proofs cite: external, so nothing here checks them; the edge says who rests on them.
      statement("caveat.cited").label("the caveat: three cited results").kind("remark")
          .anchor("Three results are cited, not proved").uses({"thm1.i", "thm4", "thm1.ii"}),
      // Caveats that restate printed numbers: their claims are relations among those numbers
      // (consistency_caveats.cpp).
      statement("caveat.heuristics").label("the caveat: the rescalings are heuristics").kind("remark")
          .anchor("The rescalings are heuristics.").claims({"consistency.caveat_heuristics.*"})
          .uses({"exp.rescaled", "table.finance"})
          .because("exp.rescaled", "NTK-aware scaling on the synthetic stream")
          .because("table.finance", "PI on the filings")
          .reads("exp.rescaled", {"exp.rescaled.ntk_best_at_256", "consistency.exp_rescaled.ntk_best_at_256"})
          .reads("table.finance", {"filings.acc.rope_*", "filings.shape.pi_*"}),
      statement("caveat.toy").label("the caveat: the tournament is a toy").kind("remark")
          .anchor("The tournament is a toy.").claims({"consistency.caveat_toy.*"}).uses({"table.tournament"})
          .because("table.tournament", "The tournament is a toy")
          .reads("table.tournament", {}),  // the setup (width, symbols, seeds), none of its numbers
      statement("caveat.common").label("the caveat: a common claim, corrected").kind("remark")
          .anchor("A common claim, corrected.").claims({"consistency.caveat_common.*"})
          .uses({"thm1.i", "table.tournament"})
          .because("table.tournament", "The added code here falls from")
          .reads("table.tournament", {"exp.tournament.sinusoidal.L32", "exp.tournament.sinusoidal.L64"}),
      statement("caveat.chen").label("the caveat: a published bound, corrected").kind("remark")
          .anchor("A published bound, corrected").claims({"thm5.chen.refuted_up_to_d128"})
          .uses({"thm5.iv", "thm5.chen"}).evidence(E::exhaustive, "every d up to 128")
          .because("thm5.chen", "Chen and colleagues’ Theorem 2.1 is false as stated"),
      statement("caveat.horizon").label("the caveat: the horizon bounds a weight").kind("remark")
          .anchor("The horizon bounds a weight, not an answer").claims({"consistency.caveat_horizon.*"})
          .uses({"thm3.iii", "filings.horizon"})
          .because("filings.horizon", "still reads depends on what the nearer values carry")
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("16").in("caveat.fragile").setting("a window's length in positions"),
      non_claim("64").in("caveat.fragile").setting("a window's length in positions"),
      non_claim("16").in("caveat.fragile").at({2}).setting("the code's dimension d"),
      non_claim("16").in("caveat.toy").setting("the tournament head's width d")
  };
}

// A caveat without a printed relation: no statement of its own.
PE_TERMINATORS(caveats_without_claims) { return {"The filings are synthetic."}; }

}  // namespace pe::theorems::caveats_section_claims
