/// @file
/// @brief The statements of the section kRopeSection (rope_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "rope_section.hpp"

#include "section_registry.hpp"

namespace pe::theorems::rope_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kRopeSection);

const std::string prop3_domain = "200 seeded cases, d <= 64; 50 seeded sequences in a head";
const std::string prop4_domain = "200 seeded instances, d <= 128, |Delta| <= 5000; 20000 draws per Monte Carlo";

PE_STATEMENTS(statements) {
  return {
      statement("rope.motivation").label("the RoPE section's opening").kind("remark")
          .anchor("Theorem 2 says an added code makes the score relative").uses({"thm2"}),
      statement("def4").label("Definition 4").kind("definition").anchor("Definition 4 (Rotary position embedding")
          .claims({"prop3.sinusoidal_code"}).uses({"def2"}).evidence(E::sampled, prop3_domain),
      statement("prop3.i").label("Proposition 3 (i)").kind("proposition")
          .anchor("Proposition 3 (RoPE is relative").claims({"prop3.relative", "prop3.attention.*"})
          .uses({"prop2.ii"}).because("prop2.ii", "R_\\theta(n - m)$ by Proposition 2 (ii)")
          .evidence(E::sampled, prop3_domain),
      statement("prop3.ii").label("Proposition 3 (ii)").kind("proposition").anchor("(ii) $\\lVert R_\\theta(m) q")
          .claims({"prop3.isometric"}).uses({"prop2.ii"})
          .because("prop2.ii", "Part (ii) holds because rotations are orthogonal")
          .evidence(E::sampled, prop3_domain),
      statement("prop3.iii").label("Proposition 3 (iii)").kind("proposition")
          .anchor("(iii) For fixed $q$ and $k$").claims({"prop3.trig_polynomial", "prop3.amplitudes_phases"})
          .explains({"figure.b"}).evidence(E::sampled, prop3_domain),
      statement("thm4").label("Theorem 4").kind("theorem").anchor("Theorem 4 (RoPE is the general linear")
          .claims({"thm4.*"}).evidence(E::sampled, "60 seeded orthogonal U, n <= 15")
          .override_evidence("thm4.c.structure", E::sampled,
              "stays sampled: integers read back exactly, on the seeded cases only; the real Schur form of an "
              "orthogonal matrix is a classical theorem, checked on instances")
          .override_evidence("thm4.c.rope_spectrum", E::sampled,
              "stays sampled: R_theta(1) at d = 16, b = 10^4 conjugated by one seeded random Q; the real Schur "
              "form of an orthogonal matrix is a classical theorem, not proved here")
          .override_evidence("thm4.c.*", E::sampled,
              "stays sampled: the real Schur form of an orthogonal matrix (Theorem 4 (c)) is a classical "
              "theorem, checked on 60 seeded orthogonal U, n <= 15, not proved here"),
      statement("rope.reading").label("the reading of Theorem 4").kind("remark")
          .anchor("The orthogonal $Q$ is absorbed").uses({"thm4", "def2"})
          .because("thm4", "The orthogonal $Q$ is absorbed by the learned maps"),
      statement("prop4.i").label("Proposition 4 (i)").kind("proposition")
          .anchor("Proposition 4 (What long-term decay")
          .claims({"prop4.complex_form", "prop4.summation_by_parts"}).evidence(E::sampled, prop4_domain),
      statement("prop4.ii").label("Proposition 4 (ii)").kind("proposition")
          .anchor("(ii) If $q = k$ and each plane").claims({"prop4.matched.*"}).uses({"thm1.i"})
          .because("thm1.i", "\\sigma^2 \\kappa_d(\\Delta)")
          .evidence(E::sampled, prop4_domain)
          .override_evidence("prop4.matched.monte_carlo", E::sampled,
              "stays sampled: a Monte Carlo cross-check (20000 draws at d = 64) of the expectation "
              "prop4.matched.exact proves"),
      statement("prop4.iii").label("Proposition 4 (iii)").kind("proposition")
          .anchor("(iii) If $q$ and $k$ are independent").claims({"prop4.unrelated.*"})
          .evidence(E::sampled, prop4_domain),
      statement("prop4.envelope").label("the envelope paragraph").kind("remark")
          .anchor("The bound in (i) depends on").claims({"prop4.envelope.*", "consistency.prop4_envelope.*"})
          .uses({"prop4.i"}).evidence(E::exhaustive, "every offset 1 to 4095 at d = 128")
          .because("prop4.i", "The bound in (i) depends on $\\Delta$ through the envelope"),
      statement("prop4.independence").label("the independence counterexample").kind("remark")
          .anchor("The independence in (iii) is needed").claims({"prop4.counterexample.*"}).uses({"prop4.iii"})
          .because("prop4.iii", "The independence in (iii) is needed")
          .evidence(E::sampled, "the d = 4 instance: 20000 seeded draws per offset")
          .override_evidence("prop4.counterexample.d4.variance_monte_carlo", E::sampled,
              "stays sampled: a Monte Carlo cross-check (20000 draws at each of 8 offsets) of the variance "
              "prop4.counterexample.d4.variance_exact proves")
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("2024").in("def4").citation("Su and colleagues' year"),
      non_claim("0").in("thm4").definition("a step of the proof: taking m = 0"),
      non_claim("2013").in("thm4").citation("Horn and Johnson's year"),
      non_claim("0").in("prop4.i").definition("the convention h_{d/2} = 0 of the summation by parts"),
      non_claim("0").in("prop4.iii").at({1, 2}).definition("the proof's conventions S_0 = 0 and h_{d/2} = 0"),
      non_claim("128").in("prop4.envelope").setting("the dimension d of the envelope"),
      non_claim("1").in("prop4.envelope").setting("the offset of the first octave"),
      non_claim("2048").in("prop4.envelope").setting("the first offset of the last octave"),
      non_claim("4095").in("prop4.envelope").setting("the last offset of the last octave"),
      non_claim("4").in("prop4.independence").setting("the counterexample's dimension d")
  };
}

}  // namespace pe::theorems::rope_section_claims
