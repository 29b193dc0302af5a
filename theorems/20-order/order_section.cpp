/// @file
/// @brief The statements of the section kOrderSection (order_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "order_section.hpp"
#include "tournament_tables.hpp"  // kReadAt, kTrainedAt

#include "section_registry.hpp"

namespace pe::theorems::order_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kOrderSection);

PE_STATEMENTS(statements) {
  return {
      statement("prop1.i").label("Proposition 1 (i)").kind("proposition").anchor("Proposition 1 (A causal layer")
          .claims({"prop1.output_is_e_over_t_plus_1", "prop1.position_*"})
          .evidence(E::proved),
      statement("prop1.ii").label("Proposition 1 (ii)").kind("proposition")
          .anchor("(ii) In general, given the token").claims({"prop1.prefix_multiset"}).explains({"exp.bag"})
          .because("exp.bag", "its order is invisible")
          .evidence(E::exhaustive, "every t <= 6, tokens of 2 symbolic entries")
          .override_evidence("prop1.prefix_multiset", E::exhaustive,
              "exact algebra at every t <= 6 with tokens of 2 symbolic entries; that each prefix token enters "
              "through one term of each sum, which carries it to every t and width, is argued in words"),
      statement("exp.bag").label("the bag-of-tokens reader paragraph").kind("experiment")
          .anchor("So the causal mask itself leaks position").claims({"exp.bag.*", "consistency.exp_bag.*"})
          .uses({"table.tournament"})
          .because("table.tournament", "the trained heads without positions reach")
          .reads("table.tournament", {"exp.tournament.none.L32", "exp.tournament.none.L256"})
          .evidence(E::exhaustive, "the exact multiset reader, every bag counted")
          .override_evidence("exp.bag.article_heads.*", E::exhaustive,
              "the exact reader's expected accuracy, every bag counted (no sample on this side); the tolerance "
              "is the sampling error of the article's means, each over 2,000 test sequences")
          .override_evidence("exp.bag.exact.*", E::by_construction,
              "the no-mark convention was chosen because under it the exact reader prints these values")
          .override_evidence("exp.bag.no_mark_rule", E::by_construction, "the check that chose that convention")
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("0").in("prop1.i").at({1, 2})
          .definition("Proposition 1 (i)'s instance: e at position 0, every other value 0"),
      non_claim("0").in("prop1.ii").definition("the same instance, in the proof of (i)"),
      non_claim("2022").in("exp.bag").citation("Haviv and colleagues' year"),
      non_claim("2023").in("exp.bag").citation("Kazemnejad and colleagues' year"),
      non_claim("32").in("exp.bag").setting(kReadAt + ": the exact reader's first length"),
      non_claim("256").in("exp.bag").setting(kReadAt + ": the exact reader's last length")
  };
}

}  // namespace pe::theorems::order_section_claims
