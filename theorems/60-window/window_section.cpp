/// @file
/// @brief The statements of the section kWindowSection (window_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "window_section.hpp"
#include "tournament_tables.hpp"  // kReadAt, kTrainedAt

#include "section_registry.hpp"

namespace pe::theorems::window_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kWindowSection);

const std::string census = "every plane and offset at d = 16, L = 32, kappa = 4";

PE_STATEMENTS(statements) {
  return {
      statement("table.tournament").label("the tournament table").kind("table")
          .anchor("Now train. The task needs")
          .claims({"exp.tournament.*.L32", "exp.tournament.*.L64", "exp.tournament.*.L128",
                   "exp.tournament.*.L256", "consistency.table_tournament.*"}),
      statement("exp.tournament_window").label("the tournament paragraph: within and past the window")
          .kind("experiment").anchor("Every scheme but the first reads the task")
          .claims({"exp.tournament.reads_within_window", "exp.tournament.learned.nothing_past_window",
                   "exp.tournament.sinusoidal.collapses_at_2x"}).uses({"table.tournament"})
          .because("table.tournament", "Every scheme but the first reads the task within the window")
          .reads("table.tournament", {"exp.tournament.*.L32", "exp.tournament.learned.*",
                                      "exp.tournament.sinusoidal.L64"}),
      statement("exp.added_code").label("the added code's collapse, projected and shifted").kind("experiment")
          .anchor("Theorem 2 accounts for one part")
          .claims({"exp.sinusoidal.projected.*", "exp.sinusoidal.shifted.*", "exp.sinusoidal.spreads",
                   "consistency.exp_added_code.*"}).uses({"table.tournament"})
          .because("table.tournament", "and the head still reads")
          .reads("table.tournament", {"exp.tournament.sinusoidal.*"}),
      statement("exp.tournament_past").label("the tournament paragraph: ALiBi holds, RoPE degrades")
          .kind("experiment").anchor("ALiBi holds, as Theorem 3 (ii) predicts")
          .claims({"exp.tournament.alibi.holds", "exp.tournament.rope.degrades_steadily",
                   "exp.tournament.rope.seeds_spread_at_256", "exp.tournament.rope.L256_*",
                   "consistency.exp_tournament_past.*"}).uses({"table.tournament"})
          .because("table.tournament", "RoPE degrades steadily")
          .reads("table.tournament", {"exp.tournament.alibi.*", "exp.tournament.rope.*"}),
      statement("exp.rebound").label("the RoPE rebound paragraph").kind("experiment")
          .anchor("Why does a relative encoding fail to generalize")
          .claims({"exp.rebound.article.dive*", "exp.rebound.article.first_trough", "exp.rebound.article.peak",
                   "exp.rebound.article.plane2_bottom", "exp.rebound.article.s1", "exp.rebound.seeds.[!n]*",
                   "thm5.census.plane2.*", "consistency.exp_rebound.*"}).uses({"prop3.iii"})
          .evidence(E::exhaustive, "plane 2 at d = 16"),
      statement("def5").label("Definition 5").kind("definition").anchor("Definition 5 (Context-extension maps)")
          .claims({"thm5.yarn.logit_scale.*"}).evidence(E::exhaustive, "the printed kappa"),
      statement("thm5.i").label("Theorem 5 (i)").kind("theorem").anchor("Theorem 5 (Wavelength census")
          .claims({"thm5.census.full_turn*", "thm5.census.unseen_angles.*"}).explains({"exp.rebound"})
          .evidence(E::exhaustive, census)
          .override_evidence("thm5.census.unseen_angles.*", E::exhaustive,
              "every plane and every test offset r = 32 .. 255 at d = 16, L = 32"),
      statement("thm5.ii").label("Theorem 5 (ii)").kind("theorem").anchor("(ii) PI maps test offsets")
          .claims({"thm5.pi.*"}).uses({"def5"}).evidence(E::proved)
          .because("def5", "PI maps test offsets"),
      statement("thm5.iii").label("Theorem 5 (iii)").kind("theorem").anchor("(iii) NTK-aware scaling gives plane")
          .claims({"thm5.ntk.base_change", "thm5.ntk.plane0_unchanged", "thm5.ntk.slowest_divided_by_kappa"})
          .uses({"def5"}).evidence(E::proved)
          .because("def5", "NTK-aware scaling gives plane $j$ the frequency"),
      statement("thm5.iv").label("Theorem 5 (iv)").kind("theorem").anchor("(iv) For $a(\\Delta) =")
          .claims({"thm5.interpolation_bound", "thm5.sum_theta_squared"}).uses({"prop4.i"})
          .evidence(E::proved),
      statement("thm5.factors").label("the census and rescaling factors paragraph").kind("remark")
          .anchor("At $d = 16$ and $L = 32$ the wavelengths")
          .claims({"thm5.census.wavelength.*", "thm5.ntk.factor.*", "thm5.yarn.factor.*",
                   "consistency.thm5_factors.*"}).uses({"thm5.i", "def5"}).because("thm5.i", "so two planes of eight complete a turn")
          .because("def5", "PI keeps every angle in range at a cost in resolution"),
      statement("thm5.chen").label("the Chen constant paragraph").kind("remark")
          .anchor("Part (iv) is the reason interpolation")
          .claims({"thm5.extrapolation_reaches_sum", "thm5.chen.c*", "thm5.chen.p*", "thm5.chen.ratio*",
                   "consistency.thm5_chen.*"}).uses({"thm5.iv"})
          .because("thm5.iv", "Part (iv) is the reason interpolation is safer than extrapolation")
          .evidence(E::exhaustive, "the printed instances, d = 16 and 128")
          .override_evidence("thm5.chen.proof_step_reversed", E::exhaustive,
              "every even d = 2 .. 4096 at c = b = 10^4, x = -4/d"),
      statement("table.rescaling").label("the rescaling table").kind("table")
          .anchor("Re-reading the trained RoPE heads")
          .claims({"exp.rescaled.*.L*", "consistency.table_rescaling.*"}).uses({"table.tournament"})
          .because("table.tournament", "Re-reading the trained RoPE heads with each map")
          .reads("table.tournament", {"exp.tournament.rope.*"}),
      statement("exp.rescaled").label("the rescaling paragraph").kind("experiment")
          .anchor("Each map rescues the head")
          .claims({"exp.rescaled.each_map_rescues", "exp.rescaled.ntk_*",
                   "exp.rebound.seeds.ntk_pushes_rebound_past_256", "consistency.exp_rescaled.*"})
          .uses({"thm5.iii", "table.rescaling", "table.finance"})
          .because("thm5.iii", "it stretches the slow planes just enough").because("table.rescaling", "Each map rescues the head")
          .because("table.finance", "The next section’s task ranks them differently")
          .reads("table.finance", {"filings.acc.rope_*"})
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("8").in("table.tournament").setting("the cue task's number of symbols"),
      non_claim("0.1").in("table.tournament").setting("the cue task's probability of a mark"),
      non_claim("16").in("table.tournament").setting("the head's width d"),
      non_claim("1500").in("table.tournament").setting("the Adam steps of training"),
      non_claim("32").in("table.tournament").setting(kTrainedAt),
      non_claim("2000").in("table.tournament").setting("the fresh test sequences per length"),
      non_claim("32").in("table.tournament").at({2}).heading(kReadAt),
      non_claim("64").in("table.tournament").heading(kReadAt),
      non_claim("128").in("table.tournament").heading(kReadAt),
      non_claim("256").in("table.tournament").heading(kReadAt),
      non_claim("64").in("exp.added_code").setting(kReadAt + " (the projected head)"),
      non_claim("128").in("exp.added_code").setting(kReadAt + " (the projected head)"),
      non_claim("256").in("exp.added_code").setting(kReadAt + " (the projected head)"),
      non_claim("32").in("exp.added_code").setting(kTrainedAt),
      non_claim("31").in("exp.added_code").setting("the query's position in training, the last of 32"),
      non_claim("64").in("exp.added_code").at({2}).setting(kReadAt + " (the shifted head)"),
      non_claim("256").in("exp.added_code").at({2}).setting(kReadAt + " (the shifted head)"),
      non_claim("256").in("exp.tournament_past").setting(kReadAt + ": where the seeds' range is taken"),
      non_claim("256").in("exp.rescaled").setting(kReadAt + ": where the maps are compared"),
      non_claim("64").in("table.rescaling").heading(kReadAt),
      non_claim("128").in("table.rescaling").heading(kReadAt),
      non_claim("256").in("table.rescaling").heading(kReadAt),
      non_claim("0").in("exp.rebound").setting("the first offset training sees"),
      non_claim("31").in("exp.rebound").setting("the last offset training sees"),
      non_claim("0").in("exp.rebound").at({2, 4}).setting("the article's seed the profile is of"),
      non_claim("1").in("exp.rebound").setting("the offset r the first score is read at"),
      non_claim("32").in("exp.rebound").at({2}).setting(kTrainedAt + ", over which the census counts turns"),
      non_claim("2").in("exp.rebound")
          .unchecked(
              "that the head's sense of recency lives in planes 2 and 3: the census makes it plausible and "
              "exp.rebound.seeds.* check the dive, trough and peak it explains, but no claim measures which "
              "planes carry the score's fall across the window"),
      non_claim("3").in("exp.rebound").at({2}).unchecked("as the 2 before it: planes 2 and 3 carrying recency"),
      non_claim("2").in("exp.rebound").at({2}).setting("the plane whose first bottom is dated"),
      non_claim("2023").in("def5").at({1, 2}).citation("Chen and colleagues' and bloc97's year"),
      non_claim("2024").in("def5").citation("Peng and colleagues' year"),
      non_claim("0").in("def5").definition("the start of YaRN's ramp gamma_j"),
      non_claim("1").in("def5").definition("the end of YaRN's ramp gamma_j"),
      non_claim("1").in("def5").at({2}).elsewhere("YaRN's published ramp: from one turn in training ..."),
      non_claim("32").in("def5").elsewhere("... to 32 turns (Peng and colleagues' alpha and beta)"),
      non_claim("1").in("thm5.iv").definition("a step of the proof of (iii): plane 0's factor"),
      non_claim("0").in("thm5.iv").definition("a step of the proof of (iii): plane j = 0"),
      non_claim("16").in("thm5.factors").setting("the census's dimension d"),
      non_claim("32").in("thm5.factors").setting("the census's training length L"),
      non_claim("4").in("thm5.factors").setting("the extension factor kappa of the factors"),
      non_claim("2023").in("thm5.chen").citation("Chen and colleagues' year"),
      non_claim("16").in("thm5.chen").setting("a dimension d the ratio is given at"),
      non_claim("128").in("thm5.chen").at({1, 2})
          .setting("the dimension d of the ratio and of the counterexample"),
      non_claim("1").in("thm5.chen").setting("the counterexample's instance: every h_j = 1"),
      non_claim("1/2").in("thm5.chen").setting("the counterexample's offset Delta")
  };
}

}  // namespace pe::theorems::window_section_claims
