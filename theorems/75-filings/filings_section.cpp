/// @file
/// @brief The statements of the section kFilingsSection (filings_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "filings_section.hpp"

#include "section_registry.hpp"

namespace pe::theorems::filings_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kFilingsSection);

PE_STATEMENTS(statements) {
  return {
      statement("filings.corpus").label("the corpus statistics paragraph").kind("experiment")
          .anchor("The documents are the shared synthetic corpus")
          .claims({"filings.corpus.*", "consistency.filings_corpus.*"}).evidence(E::by_construction)
          .override_evidence("filings.corpus.*", E::by_construction,
              "the corpus re-created here was fitted to these statistics on the seed they are read on"),
      statement("table.finance").label("the finance table").kind("table").anchor("reader\tall queries")
          .claims({"filings.acc.*", "filings.shape.pi_*", "consistency.table_finance.*"}),
      statement("filings.far").label("the far-queries paragraph").kind("experiment")
          .anchor("ALiBi, which held at every length of the tournament")
          .claims({"filings.shape.alibi_loses_far", "consistency.filings_far.*"}).uses({"table.finance"})
          .because("table.finance", "of the filing’s far queries")
          .reads("table.finance", {"filings.acc.alibi.*"}),
      statement("table.horizon").label("the horizon table").kind("table").anchor("trained on\thorizon")
          .claims({"filings.horizon.filings.*", "filings.horizon.synthetic.*"}),
      statement("filings.horizon").label("the horizon paragraph").kind("experiment")
          .anchor("Inside half the horizon every head answers")
          .claims({"filings.horizon.inside_half_*", "filings.horizon.beyond_degrades",
                   "filings.horizon.quiet_values", "filings.horizon.filings_above_synthetic",
                   "consistency.filings_horizon.*"})
          .uses({"table.horizon", "thm3.iii", "filings.corpus"})
          .because("table.horizon", "Inside half the horizon every head answers every query")
          .because("filings.corpus", "The heads trained on filings saw long stretches without a mention")
          .reads("filings.corpus", {"filings.corpus.bursts_and_long_gaps"}),
      statement("filings.exhibit").label("the exhibit filing paragraph").kind("experiment")
          .anchor("One held-out filing, the one in the laboratory")
          .claims({"filings.exhibit.*", "filings.shape.first_named_fallback", "consistency.filings_exhibit.*"})
          .uses({"filings.corpus", "table.finance"})
          .because("filings.corpus", "One held-out filing")
          .because("table.finance", "the heads without position, with the added code, with RoPE")
          .reads("filings.corpus", {"filings.corpus.first_named_share", "filings.corpus.first_named_far_share"})
          .reads("table.finance", {})  // the heads, not the table's numbers
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("8").in("filings.corpus").name("the 8-K, a form of filing"),
      non_claim("300").in("filings.corpus").setting("the filings trained on"),
      non_claim("100").in("filings.corpus").setting("the filings held out"),
      non_claim("32").in("filings.corpus").setting("the filings heads' training windows, 32 tokens"),
      non_claim("32").in("filings.corpus").at({2}).setting("the distance that makes a question far"),
      non_claim("32").in("table.finance").heading("the far column: answers more than 32 tokens back"),
      non_claim("0").in("table.horizon").at({1, 2}).heading("a row's seed"),
      non_claim("1").in("table.horizon").at({1, 2}).heading("a row's seed"),
      non_claim("2").in("table.horizon").at({1, 2}).heading("a row's seed"),
      non_claim("64").in("filings.exhibit").at({1, 2})
          .setting("the token at which the exhibit filing names Fenwick Logistics (the filing's own text)"),
      non_claim("0").in("filings.exhibit").setting("the seed whose answers are told"),
      non_claim("1").in("filings.exhibit").setting("a seed whose answers split"),
      non_claim("2").in("filings.exhibit").setting("a seed whose answers split"),
      non_claim("12").in("filings.exhibit").setting("the answers counted: four plain readers in three seeds")
  };
}

}  // namespace pe::theorems::filings_section_claims
