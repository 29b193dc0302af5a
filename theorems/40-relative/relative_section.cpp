/// @file
/// @brief The statements of the section kRelativeSection (relative_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "relative_section.hpp"

#include "section_registry.hpp"

namespace pe::theorems::relative_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kRelativeSection);

const std::string thm3_domain = "seeded heads and queries up to length 8192 (random and adversarial)";

PE_STATEMENTS(statements) {
  return {
      statement("def3").label("Definition 3").kind("definition")
          .anchor("Definition 3 (Relative-position schemes)").claims({"def3.shaw.*", "thm3.slopes.*"})
          .evidence(E::sampled, "1,000 seeded (t, j) pairs, t <= 10^6")
          .override_evidence("def3.shaw.blind_past_clip", E::exhaustive,
              "every offset 0 to 10^4 of one seeded table")
          .override_evidence("def3.shaw.relative", E::sampled,
              "stays sampled: the definition reads positions only through min(t - j, K); what is checked is "
              "that the implementation does, bit for bit, on 1,000 seeded pairs")
          .override_evidence("thm3.slopes.*", E::exhaustive,
              "every head of the printed H = 8: each slope a power of two, exact in binary floating point"),
      statement("def3.t5").label("the T5 buckets paragraph").kind("remark")
          .anchor("T5’s buckets show the pattern").claims({"def3.t5.*", "thm3.slope.*", "consistency.def3_t5.*"})
          .uses({"def3"}).evidence(E::exhaustive, "every offset 0 to 10^6")
          .because("def3", "T5’s buckets show the pattern")
          .override_evidence("thm3.slope.*", E::exhaustive,
              "the printed H = 8: exp2 of an integer, exact in binary floating point"),
      statement("thm3.i").label("Theorem 3 (i)").kind("theorem").anchor("Theorem 3 (ALiBi is a product kernel)")
          .claims({"thm3.product_kernel*", "thm3.time_kernel_*"}).uses({"def3"})
          .because("def3", "Let one causal ALiBi head with slope")
          .evidence(E::sampled, thm3_domain),
      statement("thm3.ii").label("Theorem 3 (ii)").kind("theorem").anchor("(ii) At every length, the weight on")
          .claims({"thm3.far_weight_bound", "thm3.length_independence*"}).uses({"thm3.iii"})
          .because("thm3.iii", "For (ii), sum (iii) over")
          .explains({"exp.tournament_past"}).evidence(E::sampled, thm3_domain),
      statement("thm3.iii").label("Theorem 3 (iii)").kind("theorem").anchor("(iii) For every offset $r$")
          .claims({"thm3.ratio_bound", "thm3.horizon"}).explains({"filings.far"})
          .evidence(E::sampled, thm3_domain),
      statement("thm3.bound_values").label("the ALiBi bound values paragraph").kind("remark")
          .anchor("Parts (ii) and (iii) are one inequality")
          .claims({"thm3.bound.*", "consistency.thm3_bound_values.*"}).uses({"thm3.ii", "thm3.iii"})
          .because("thm3.ii", "Read as (ii), it is a guarantee")
          .because("thm3.iii", "Read as (iii), it is a limit")
          .evidence(E::exhaustive, "every D from 0 to 41 at W = 20, s = 1/2")
          .override_evidence("thm3.bound.worst_case.D60", E::exhaustive,
              "one worst-case content (W on every offset >= D, 0 nearer) at D = 60, length 10^4, W = 20, s = 1/2")
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("2018").in("def3").citation("Shaw, Uszkoreit and Vaswani's year"),
      non_claim("2020").in("def3").citation("Raffel and colleagues' year"),
      non_claim("128").in("def3").elsewhere("T5's largest bucketed distance, from its paper"),
      non_claim("2022").in("def3").citation("Press, Smith and Lewis's year"),
      non_claim("2019").in("def3.t5").citation("Dai and colleagues' year"),
      non_claim("8").in("def3.t5").setting("the number of heads H whose first slope is used"),
      non_claim("1/2").in("thm3.iii")
          .elsewhere("the Matern smoothness of the exponential kernel, a fact of Gaussian-process theory"),
      non_claim("2023").in("thm3.bound_values").citation("Chi and colleagues' year"),
      non_claim("20").in("thm3.bound_values").setting("the content width W the bound is evaluated at"),
      non_claim("1/2").in("thm3.bound_values").setting("the slope s the bound is evaluated at"),
      non_claim("40").in("thm3.bound_values").setting("an offset D the bound is evaluated at"),
      non_claim("60").in("thm3.bound_values").setting("an offset D the bound is evaluated at"),
      non_claim("80").in("thm3.bound_values").setting("an offset D the bound is evaluated at")
  };
}

}  // namespace pe::theorems::relative_section_claims
