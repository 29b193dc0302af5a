/// @file
/// @brief The statements of the section kSideBySideSection (side_by_side_section.hpp), in the article's order, and
/// the printed numbers in it that are no claim, each with its reason (section_registry.hpp).
#include "side_by_side_section.hpp"
#include "tournament_tables.hpp"  // kReadAt, kTrainedAt

#include "section_registry.hpp"

namespace pe::theorems::side_by_side_section_claims {
using ::pe::ledger::non_claim;
using ::pe::ledger::non_edge;
using ::pe::ledger::statement;
using E = ::pe::ledger::Evidence;

PE_SECTION(kSideBySideSection);

PE_STATEMENTS(statements) {
  return {
      statement("figure.a").label("Figure A").kind("figure").anchor("A · Clocks and kernels")
          .claims({"thm1.figure_a.*"}).evidence(E::exhaustive, "the figure's one readout"),
      statement("figure.b").label("Figure B").kind("figure").anchor("B · Past the training window")
          .claims({"exp.rebound.article.s31", "consistency.figure_b.*"})
  };
}

PE_NON_CLAIMS(printed_numbers) {
  return {
      non_claim("3").in("figure.a").figure("the slider's initial position m"),
      non_claim("10").in("figure.a").figure("the slider's initial position n"),
      non_claim("32").in("figure.b").setting(kTrainedAt),
      non_claim("32").in("figure.b").at({2}).heading("a readout's label: " + kReadAt),
      non_claim("64").in("figure.b").heading("a readout's label: " + kReadAt),
      non_claim("128").in("figure.b").heading("a readout's label: " + kReadAt),
      non_claim("256").in("figure.b").heading("a readout's label: " + kReadAt),
      non_claim("1").in("figure.b").setting("the offset r of the first readout"),
      non_claim("31").in("figure.b").setting("the offset r of the window's edge"),
      non_claim("0").in("figure.b").setting("the first offset training sees"),
      non_claim("31").in("figure.b").at({2, 3}).setting("the last offset training sees"),
      non_claim("256").in("figure.b").at({2})
          .setting("the length of the sequence the absolute codes are drawn for")
  };
}

PE_NON_EDGES(guide_to_the_figures) {
  const std::string guide =
      "the laboratory's guide to its figures, which are statements of their own; it claims nothing of them";
  return {
      non_edge("Figure A").in_line_with("The laboratory has two figures.").because(guide),
      non_edge("Figure B").in_line_with("The laboratory has two figures.").because(guide),
  };
}

}  // namespace pe::theorems::side_by_side_section_claims
