/// @file
/// @brief The statements of the section kImplementationSection (implementation_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "implementation_section.hpp"

#include "section_registry.hpp"

namespace pe::theorems::implementation_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kImplementationSection);

PE_STATEMENTS(statements) {
  return {
      statement("impl.harness").label("the implementation harness").kind("implementation")
          .anchor("The companion notebook (notebookPath)").claims({"impl.*", "consistency.impl_harness.*"})
          .evidence(E::exhaustive, "every harness row")
          .override_evidence("impl.gradients.*", E::exhaustive,
              "exact on the head's own passes run on GiNaC at width 2 (RoPE also at width 4); other widths are "
              "not decided by code"),
      statement("impl.tests").label("the implementation's list of what its tests cover").kind("implementation")
          .anchor("Proposition 1 exactly, and the heads")
          .uses({"prop1.i", "prop1.ii", "prop2.i", "thm1.i", "thm1.ii", "thm2", "thm3.i", "prop3.i", "thm4",
                 "prop4.i", "prop4.iii", "thm5.i", "thm5.iv"})
          .because("prop1.i", "Proposition 1 exactly")
          .because("prop1.ii", "the best multiset reader")
          .because("thm1.i", "Proposition 2 and Theorem 1 on random instances")
          .because("thm1.ii", "the cosine-integral limit")
          .because("prop4.i", "Proposition 4 by Monte Carlo")
          .because("prop4.iii", "the counterexample that makes (iii) need independent planes")
          .because("thm5.i", "Theorem 5’s census")
          .because("thm5.iv", "the interpolation bound on random instances")
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("8192").in("impl.tests").setting("the dimension at which the harness checks the limit"),
      non_claim("200").in("impl.tests").setting("the digits of the notebook's arithmetic"),
      non_claim("8192").in("impl.tests").at({2}).setting("the longest length of Theorem 3's random instances")
  };
}

// What follows the list of what the tests cover.
PE_TERMINATORS(after_the_test_list) { return {"The laboratory reads its data from a JSON file"}; }

}  // namespace pe::theorems::implementation_section_claims
