/// @file
/// @brief The section "Overview & Motivation": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "finance_tables.hpp"
#include "overview_table.hpp"
#include "relation_claims.hpp"
#include "tournament_tables.hpp"

namespace pe::theorems::consistency_overview_claims {
constexpr char kUnit[] = "consistency_overview";
using namespace pe::ledger;

PE_CLAIM(overview_same_runs) {
  return relation_claim(
      Claim("consistency.table_overview.same_runs").in_section(section_of("table.overview"))
          .stating("The overview table repeats runs printed later: each cell equals the tournament table's (RoPE with "
                   "interpolated positions at 32 is RoPE itself, kappa = 1; at 256 it is the rescaling table's PI)")
          .printed_as("0.542 0.237 / 0.996 0.142 / 1.000 0.466 / 1.000 0.917 / 0.999 0.978"),
      [] {
        return same_values({{overview_cell(kOverviewNone, false), tournament_cell(kTournamentNone, 0)},
                            {overview_cell(kOverviewNone, true), tournament_cell(kTournamentNone, 3)},
                            {overview_cell(kOverviewSinusoidal, false), tournament_cell(kTournamentSinusoidal, 0)},
                            {overview_cell(kOverviewSinusoidal, true), tournament_cell(kTournamentSinusoidal, 3)},
                            {overview_cell(kOverviewRope, false), tournament_cell(kTournamentRope, 0)},
                            {overview_cell(kOverviewRope, true), tournament_cell(kTournamentRope, 3)},
                            {overview_cell(kOverviewRopePi, false), tournament_cell(kTournamentRope, 0)},
                            {overview_cell(kOverviewRopePi, true), rescaling_cell(kRescalingPi, 3)},
                            {overview_cell(kOverviewAlibi, false), tournament_cell(kTournamentAlibi, 0)},
                            {overview_cell(kOverviewAlibi, true), tournament_cell(kTournamentAlibi, 3)}});
      });
}

PE_CLAIM(overview_filings_same_values) {
  return relation_claim(
      Claim("consistency.overview_filings.same_values").in_section(section_of("para.overview_filings"))
          .stating("The overview's filings sentence repeats printed values: ALiBi's 0.978 is the tournament's at 256, "
                   "and the filings' 0.986 and 0.580 are the finance table's far queries under PI and ALiBi")
          .printed_as("reads 0.986 ... held at 0.978 ... reads 0.580"),
      [] {
        return same_values({{accuracy("0.978", "ALiBi through the tournament (overview)"), tournament_cell(kTournamentAlibi, 3)},
                            {accuracy("0.986", "RoPE + PI past the window (overview)"), finance_cell(kFinancePi, true)},
                            {accuracy("0.580", "ALiBi past the window (overview)"), finance_cell(kFinanceAlibi, true)}});
      });
}

}  // namespace pe::theorems::consistency_overview_claims
