/// @file
/// @brief The statements of the section kClocksSection (clocks_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "clocks_section.hpp"

#include "section_registry.hpp"

namespace pe::theorems::clocks_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kClocksSection);

const std::string prop2_domain = "200 seeded cases, d <= 64";

PE_STATEMENTS(statements) {
  return {
      statement("def1").label("Definition 1").kind("definition")
          .anchor("Definition 1 (Absolute additive encoding)"),
      statement("def2").label("Definition 2").kind("definition").anchor("Definition 2 (Sinusoidal code)")
          .claims({"prop2.sine_first_reflection"}).evidence(E::sampled, prop2_domain),
      statement("prop2.i").label("Proposition 2 (i)").kind("proposition")
          .anchor("Proposition 2 (Shift is a rotation)").claims({"prop2.shift_is_rotation"})
          .explains({"figure.a"}).evidence(E::sampled, prop2_domain),
      statement("prop2.ii").label("Proposition 2 (ii)").kind("proposition")
          .anchor("(ii) The map $k \\mapsto R_\\omega(k)$")
          .claims({"prop2.homomorphism", "prop2.transpose_inverse", "prop2.determinant_one"})
          .evidence(E::sampled, prop2_domain),
      statement("prop2.iii").label("Proposition 2 (iii)").kind("proposition")
          .anchor("(iii) Every position lies on the same").claims({"prop2.sphere"})
          .evidence(E::sampled, prop2_domain),
      statement("prop2.iv").label("Proposition 2 (iv)").kind("proposition").anchor("(iv) The code is injective")
          .claims({"prop2.injective"}).evidence(E::sampled, prop2_domain),
      statement("prop2.generator").label("Proposition 2, the generator remark").kind("remark")
          .anchor("Vaswani and colleagues chose the code because").claims({"prop2.generator_exponential"})
          .uses({"prop2.ii", "prop2.i"}).evidence(E::sampled, prop2_domain)
          .because("prop2.ii", "Since every $R_\\omega(k)$ is orthogonal")
          .because("prop2.i", "(i) is that claim"),
      statement("thm1.i").label("Theorem 1 (i)").kind("theorem").anchor("Theorem 1 (The stationary kernel")
          .claims({"thm1.stationary", "thm1.gram_*", "thm1.characteristic_function"}).explains({"figure.a"})
          .evidence(E::sampled, "100 to 200 seeded cases, d <= 128"),
      statement("thm1.ii").label("Theorem 1 (ii)").kind("theorem").anchor("(ii) Fix $b$ and $\\Delta \\ne 0$")
          .claims({"thm1.limit.*", "thm1.limit_bound.*"}).uses({"thm1.i"})
          .because("thm1.i", "\\frac{2}{d}\\,\\kappa_d(\\Delta) \\;\\to\\; I_b(\\Delta)")
          .evidence(E::proved),
      statement("thm1.readings").label("Theorem 1, its two readings").kind("remark")
          .anchor("Two readings. First, by").claims({"thm1.doubling_cost", "consistency.thm1_readings.*"})
          .uses({"thm1.i", "thm1.ii"})
          .because("thm1.i", "a stationary position code is a choice of spectral measure")
          .because("thm1.ii", "(ii) says the similarity of two positions is a logarithmic ruler"),
      statement("table.ruler").label("the ruler table").kind("table").anchor("The notebook computes:")
          .claims({"thm1.ruler.*", "thm1.nonuniform.*", "consistency.table_ruler.*"}).uses({"thm1.ii"})
          .because("thm1.ii", "limit $I_b(\\Delta)$")
          .evidence(E::exhaustive, "the table's cells"),
      statement("thm1.columns").label("the columns remark").kind("remark")
          .anchor("Note also what the table says against").claims({"thm1.columns.*"})
          .uses({"thm1.i", "table.ruler"})
          .because("thm1.i", "The Gram matrix of the positions is $PP^\\top = [\\kappa_d(m - n)]$")
          .because("table.ruler", "which is what the table shows"),
      // Theorems 2 and 4 are equivalences: each claim checks an implication between parts, not a
      // part alone, so each is one statement.
      statement("thm2").label("Theorem 2").kind("theorem").anchor("Theorem 2 (Which score matrices")
          .claims({"thm2.offset_only", "thm2.commutes", "thm2.score_formula", "thm2.window.*", "thm2.commutator.*"})
          .uses({"prop2.i"}).explains({"exp.added_code"})
          .evidence(E::sampled,
              "200 seeded cases, d <= 30, |m|, |n| <= 5000; windows reduced exactly at d = 2, 4, 8 and 16 for every "
              "frequency set"),
      statement("thm2.defect").label("the relativity defect paragraph").kind("remark")
          .anchor("The theorem says that adding a stationary code").claims({"thm2.projection.*", "thm2.defect.*"})
          .uses({"thm2"}).evidence(E::sampled, "200 seeded Gaussian M, d <= 64; 20000 Gaussian 16 x 16 matrices; the "
                                                 "projector against the d = 8 window reduced exactly at d = 8")
          .because("thm2", "The theorem says that adding a stationary code")
          .override_evidence("thm2.defect.monte_carlo.d16", E::sampled,
              "stays sampled: a seeded Monte Carlo mean (20000 Gaussian 16 x 16 matrices), the cross-check of "
              "the exact mean thm2.defect.mean.d16"),
      statement("exp.sinusoidal_defect").label("the sinusoidal heads' defects").kind("experiment")
          .anchor("The three sinusoidal heads of the tournament").claims({"exp.sinusoidal.defect.*"})
          .uses({"thm2.defect"}).evidence(E::sampled, "seeded Gaussian 16 x 16 matrices")
          .because("thm2.defect", "after training, have $\\delta")
          .override_evidence("exp.sinusoidal.defect.article_values_random_like", E::exhaustive,
              "each of the six printed defects against the exact mean and standard deviation of a Gaussian "
              "matrix's defect (the Beta law of thm2.defect), no sample"),
      statement("thm2.condition").label("the condition-number paragraph").kind("remark")
          .anchor("The attention topic’s trained circle denoiser")
          .claims({"thm2.cond.n*", "thm2.rank.*", "consistency.thm2_condition.*"}).uses({"thm2"})
          .because("thm2", "which lies in the commutant of a single plane")
          .evidence(E::exhaustive, "the four printed windows, in 200-digit arithmetic with its error bound")
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("10^4").in(kClocksSection).setting("the frequencies' default base b"),
      non_claim("1").in(kClocksSection).definition("omega_0 = b^0 = 1, by the frequencies' definition"),
      non_claim("2017").in("def2").citation("Vaswani and colleagues' year"),
      non_claim("0").in("prop2.iv").setting("the plane the injectivity proof reads"),
      non_claim("1").in("prop2.iv").definition("omega_0 = 1, by definition"),
      non_claim("1991").in("thm1.readings").citation("Brockwell and Davis's year"),
      non_claim("2007").in("thm1.readings").citation("Rahimi and Recht's year"),
      non_claim("1").in("table.ruler").heading("an offset Delta the table is read at"),
      non_claim("4").in("table.ruler").heading("an offset Delta the table is read at"),
      non_claim("16").in("table.ruler").heading("an offset Delta the table is read at"),
      non_claim("1024").in("table.ruler").heading("an offset Delta the table is read at"),
      non_claim("256").in("table.ruler").heading("an offset Delta the table is read at"),
      non_claim("64").in("table.ruler").heading("an offset Delta the table is read at"),
      non_claim("64").in("table.ruler").at({2}).heading("a dimension d the table is read at"),
      non_claim("512").in("table.ruler").heading("a dimension d the table is read at"),
      non_claim("8192").in("table.ruler").heading("a dimension d the table is read at"),
      non_claim("256").in("table.ruler").at({2})
          .setting("the offset at which the remark compares d = 512 with d = 64 (thm1.nonuniform.delta256)"),
      non_claim("512").in("table.ruler").at({2})
          .setting("a dimension the remark compares (thm1.nonuniform.delta256)"),
      non_claim("64").in("table.ruler").at({3})
          .setting("a dimension the remark compares (thm1.nonuniform.delta256)"),
      non_claim("16").in("thm1.columns").setting("the code's dimension d"),
      non_claim("64").in("thm1.columns").setting("the positions the first cosine is taken over"),
      non_claim("4096").in("thm1.columns").setting("the positions the second cosine is taken over"),
      non_claim("2021").in("thm2.defect").citation("Ke, He and Liu's year"),
      non_claim("16").in("thm2.defect").setting("the dimension d of the random matrix"),
      non_claim("16").in("thm2.condition").setting("the code's dimension d"),
      non_claim("64").in("thm2.condition").setting("the window whose numerical rank is given"),
      non_claim("16").in("thm2.condition").at({2}).setting("a window's length in positions"),
      non_claim("64").in("thm2.condition").at({2}).setting("a window's length in positions"),
      non_claim("256").in("thm2.condition").setting("a window's length in positions"),
      non_claim("4096").in("thm2.condition").setting("a window's length in positions"),
      non_claim("200").in("thm2.condition").setting("the digits of the notebook's arithmetic")
  };
}

// The paragraph that leads from Theorem 1 to Theorem 2 belongs to neither.
PE_TERMINATORS(bridge_to_theorem2) { return {"The kernel is stationary, but attention does not compare"}; }

}  // namespace pe::theorems::clocks_section_claims
