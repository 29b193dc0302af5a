/// @file
/// @brief The statements of the section kOverviewSection (overview_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "overview_section.hpp"
#include "tournament_tables.hpp"  // kReadAt, kTrainedAt

#include "section_registry.hpp"

namespace pe::theorems::overview_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;

PE_SECTION(kOverviewSection);

PE_STATEMENTS(statements) {
  return {
      statement("table.overview").label("the overview table").kind("table")
          .anchor("Here is the experiment the topic builds toward")
          .claims({"exp.overview.*", "consistency.table_overview.*"}).uses({"table.tournament"})
          .because("table.tournament", "Here is the experiment the topic builds toward")
          .reads("table.tournament", {"exp.tournament.none.L32", "exp.tournament.none.L256",
                                      "exp.tournament.sinusoidal.L32", "exp.tournament.sinusoidal.L256",
                                      "exp.tournament.rope.L32", "exp.tournament.rope.L256",
                                      "exp.tournament.alibi.L32", "exp.tournament.alibi.L256"}),
      // its numbers are the finance table's claims, placed here
      statement("para.overview_filings").label("the overview's filings paragraph").kind("experiment")
          .anchor("Then we take the heads to text.").claims({"consistency.overview_filings.*"})
          .uses({"table.finance", "table.tournament"})
          .because("table.finance", "Past the training window, RoPE with interpolated positions reads")
          .because("table.tournament", "through the length tournament")
          .reads("table.finance", {"filings.acc.rope_pi.far", "filings.acc.alibi.far"})
          .reads("table.tournament", {"exp.tournament.alibi.*"})
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("32").in("table.overview").setting(kTrainedAt),
      non_claim("256").in("table.overview").setting(kReadAt),
      non_claim("32").in("table.overview").at({2}).heading("the column of accuracies at the training length"),
      non_claim("256").in("table.overview").at({2}).heading("the column of accuracies at 256"),
      non_claim("32").in("para.overview_filings").setting("the filings heads' training windows, 32 tokens")
  };
}

// The overview's bullets read statements that come later and belong to none of them.
PE_TERMINATORS(bullets) { return {"Sinusoids are a stationary kernel."}; }

}  // namespace pe::theorems::overview_section_claims
