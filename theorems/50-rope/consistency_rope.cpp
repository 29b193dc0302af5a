/// @file
/// @brief The section "Rotations: RoPE": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "relation_claims.hpp"

namespace pe::theorems::consistency_rope_claims {
constexpr char kUnit[] = "consistency_rope";
using namespace pe::ledger;

PE_CLAIM(envelope_per_plane_delta1) {
  return relation_claim(
      Claim("consistency.prop4_envelope.per_plane_delta1").in_section(section_of("prop4.envelope"))
          .stating("The envelope's mean at Delta = 1, per plane, is its total over the d/2 = 64 planes")
          .printed_as("2018 ... or 31.5 per plane"),
      [] {
        return Relation{{rounded("2018", "envelope at Delta = 1"), count(64, "planes, d/2"),
                         rounded("31.5", "per plane")},
                        [](const Box& b) { return equal(b[0] / b[1], b[2]); }};
      });
}

PE_CLAIM(envelope_per_plane_octave) {
  return relation_claim(
      Claim("consistency.prop4_envelope.per_plane_octave2048").in_section(section_of("prop4.envelope"))
          .stating("The envelope's mean over offsets 2048 to 4095, per plane, is its total over the 64 planes")
          .printed_as("312 ... or 4.9 per plane"),
      [] {
        return Relation{{rounded("312", "envelope over 2048 to 4095"), count(64, "planes, d/2"),
                         rounded("4.9", "per plane")},
                        [](const Box& b) { return equal(b[0] / b[1], b[2]); }};
      });
}

PE_CLAIM(envelope_triangle_ceiling) {
  return relation_claim(
      Claim("consistency.prop4_envelope.triangle_ceiling").in_section(section_of("prop4.envelope"))
          .stating("The envelope sum_j |S_j| is at most sum_j j = 64 x 65 / 2 at d = 128, each S_j a sum of j unit "
                   "vectors; the printed mean at Delta = 1 is below it")
          .printed_as("2018 at Delta = 1, d = 128"),
      [] {
        return Relation{{rounded("2018", "envelope at Delta = 1")},
                        [](const Box& b) { return at_most(b[0], constant(64 * 65 / 2)); }};
      });
}

}  // namespace pe::theorems::consistency_rope_claims
