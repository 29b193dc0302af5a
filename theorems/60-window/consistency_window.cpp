/// @file
/// @brief The section "Past the training window": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "relation_claims.hpp"
#include "tournament_tables.hpp"

namespace pe::theorems::consistency_window_claims {
constexpr char kUnit[] = "consistency_window";
using namespace pe::ledger;

PE_CLAIM(tournament_granularity) {
  return relation_claim(
      Claim("consistency.table_tournament.granularity").in_section(section_of("table.tournament"))
          .stating("A mean of three seeds each read on 2,000 sequences is a multiple of 1/6,000: every printed cell of the "
                   "tournament table is one within its rounding")
          .printed_as("three seeds per scheme ... 2,000 fresh sequences at each length"),
      [] {
        std::vector<Printed> cells;
        for (int row = 0; row < 5; ++row)
          for (int i = 0; i < 4; ++i)
            if (kTournamentTable[row].at[i]) cells.push_back(tournament_cell(row, i));
        return on_one_grid(std::move(cells), 6000);
      });
}

/// CLOSURE's list of the seed triples a relation's printed mean (number 0) and, when given, its
/// lowest and highest seed (numbers 1 and 2) leave, as text.
std::string seed_list(const Relation& r, long n) {
  const bool ranged = r.numbers.size() >= 3;
  const SeedTriples t = seed_triples(r.numbers[0].interval(), ranged ? std::optional(r.numbers[1].interval()) : std::nullopt,
                                     ranged ? std::optional(r.numbers[2].interval()) : std::nullopt, n);
  const auto share = [n](long k) { return decimal_text(Rational(k, n), 6, false); };
  std::string out = std::to_string(t.count) + " triples of counts out of " + std::to_string(n) + " fit;";
  const char* names[] = {"lowest", "middle", "highest"};
  for (int i = 0; i < 3; ++i)
    out += std::string(" ") + names[i] + " " + std::to_string(t.least[i]) + " to " + std::to_string(t.most[i]) +
           " (" + share(t.least[i]) + " to " + share(t.most[i]) + ")" + (i < 2 ? "," : ";");
  out += " first:";
  for (const auto& k : t.first)
    out += " (" + std::to_string(k[0]) + ", " + std::to_string(k[1]) + ", " + std::to_string(k[2]) + ")";
  return out + "; totals " + std::to_string(t.least_total) + " to " + std::to_string(t.most_total) + " of " +
         std::to_string(3 * n) + ": at most " + std::to_string(3 * n - t.least_total) + " reads wrong in all";
}

PE_CLAIM(added_code_projected_within_sampling_error) {
  return relation_claim(
      Claim("consistency.exp_added_code.projected_within_sampling_error").in_section(section_of("exp.added_code"))
          .stating("With its position-against-position term projected, the added code still reads what the table prints "
                   "for it at 64, 128 and 256, within 3 binomial se of the difference of two means over 2,000 sequences")
          .printed_as("still reads 0.202, 0.136, 0.143; the table 0.201, 0.134, 0.142"),
      [] {
        return Relation{{accuracy("0.202", "projected at 64"), tournament_cell(kTournamentSinusoidal, 1),
                         accuracy("0.136", "projected at 128"), tournament_cell(kTournamentSinusoidal, 2),
                         accuracy("0.143", "projected at 256"), tournament_cell(kTournamentSinusoidal, 3)},
                        [](const Box& b) {
                          return every(b, 3, [](const Box& x, int i) {
                            return within_sampling_error(x[2 * i], x[2 * i + 1], 3, 2000, 3);
                          });
                        }};
      });
}

PE_CLAIM(added_code_shifted_lower_at_256) {
  return relation_claim(
      Claim("consistency.exp_added_code.shifted_lower_at_256").in_section(section_of("exp.added_code"))
          .stating("The shifted read at 256 is below the shifted read at 64")
          .printed_as("0.769 at 64, but only 0.313 at 256"),
      [] {
        return Relation{{accuracy("0.313", "shifted at 256"), accuracy("0.769", "shifted at 64")},
                        [](const Box& b) { return less(b[0], b[1]); }};
      });
}

PE_CLAIM(rope_falls) {
  return relation_claim(
      Claim("consistency.exp_tournament_past.rope_falls").in_section(section_of("exp.tournament_past"))
          .stating("RoPE's printed accuracy falls at every step from 32 to 256")
          .printed_as("degrades steadily, from 0.947 to 0.466"),
      [] {
        return Relation{{tournament_cell(kTournamentRope, 0), tournament_cell(kTournamentRope, 1), tournament_cell(kTournamentRope, 2), tournament_cell(kTournamentRope, 3)},
                        [](const Box& b) { return decreasing({b[0], b[1], b[2], b[3]}, true); }};
      });
}

PE_CLAIM(rope_L256_seeds) {
  return relation_claim(
      Claim("consistency.exp_tournament_past.rope_L256_seeds").in_section(section_of("exp.tournament_past"))
          .stating("CLOSURE: RoPE's mean 0.466 at 256 and its seeds' range, about 0.31 to 0.68, leave seed triples of counts "
                   "out of 2,000; the middle seed is what they imply")
          .printed_as("0.466; its three seeds range from about 0.31 to 0.68"),
      [] {
        return Relation{{tournament_cell(kTournamentRope, 3), approximate("0.31", "about", "lowest seed at 256"),
                         approximate("0.68", "about", "highest seed at 256")},
                        [](const Box& b) { return seed_triples_exist(b[0], b[1], b[2], 2000); }};
      },
      [](const Relation& r) { return seed_list(r, 2000); });
}

PE_CLAIM(rebound_seed0_within_ranges) {
  return relation_claim(
      Claim("consistency.exp_rebound.seed0_within_seed_ranges").in_section(section_of("exp.rebound"))
          .stating("Seed 0's landmarks fall inside the ranges printed for all three seeds: its first trough, its dive (both "
                   "offset and depth) and its peak")
          .printed_as("r = 34, -55.86 at r = 90, r = 181; troughs at 32 to 34, -55.86, -38.96, -19.39 at 89 to 90, peaks at "
      "181 to 182"),
      [] {
        return Relation{{count(32, "earliest first trough"), count(34, "seed 0's first trough"),
                         count(34, "latest first trough"), count(89, "earliest dive"), count(90, "seed 0's dive"),
                         count(90, "latest dive"), count(181, "earliest peak"), count(181, "seed 0's peak"),
                         count(182, "latest peak"), rounded("-55.86", "seed 0's dive depth"),
                         rounded("-55.86", "the first of the three seeds' depths")},
                        [](const Box& b) {
                          std::vector<Check> checks;
                          for (int i = 0; i < 9; i += 3) {
                            checks.push_back(at_most(b[i], b[i + 1]));
                            checks.push_back(at_most(b[i + 1], b[i + 2]));
                          }
                          checks.push_back(same_quantity(b[9], b[10]));  // one depth printed twice
                          return all_of(checks);
                        }};
      });
}

PE_CLAIM(rebound_falls_to_first_trough) {
  return relation_claim(
      Claim("consistency.exp_rebound.falls_to_first_trough").in_section(section_of("exp.rebound"))
          .stating("Falling from r = 1 to its first trough at r = 34, seed 0's score passes r = 31 (Figure B's window edge) "
                   "between the two")
          .printed_as("114.10 at r = 1, 7.70 at r = 31, a first trough of 5.91 at r = 34"),
      [] {
        return Relation{{rounded("114.10", "score at r = 1"), rounded("7.70", "score at r = 31 (Figure B)"),
                         rounded("5.91", "first trough, r = 34")},
                        [](const Box& b) { return decreasing({b[0], b[1], b[2]}, false); }};
      });
}

PE_CLAIM(rebound_peak_above_window_edge) {
  return relation_claim(
      Claim("consistency.exp_rebound.peak_above_window_edge").in_section(section_of("exp.rebound"))
          .stating("The peak past the window outscores a recent marked token sixteen or more back: the printed score at "
                   "r = 31 (Figure B) is one")
          .printed_as("84.14 at r = 181, higher than ... sixteen or more back; 7.70 at r = 31"),
      [] {
        return Relation{{rounded("7.70", "score at r = 31 (Figure B)"), rounded("84.14", "peak at r = 181")},
                        [](const Box& b) { return less(b[0], b[1]); }};
      });
}

PE_CLAIM(rebound_plane2_one_turn) {
  return relation_claim(
      Claim("consistency.exp_rebound.plane2_one_turn").in_section(section_of("exp.rebound"))
          .stating("Plane 2 bottoms again one wavelength after its first bottom")
          .printed_as("bottoms near r = 27 ... One turn later ... near r = 90; wavelength 62.8"),
      [] {
        return Relation{{approximate("27", "near", "plane 2's first bottom"), rounded("62.8", "plane 2's wavelength"),
                         approximate("90", "near", "its next bottom")},
                        [](const Box& b) { return equal(b[0] + b[1], b[2]); }};
      });
}

PE_CLAIM(rebound_plane2_three_turns) {
  return relation_claim(
      Claim("consistency.exp_rebound.plane2_three_turns").in_section(section_of("exp.rebound"))
          .stating("Three turns of plane 2 span three of its wavelengths")
          .printed_as("three turns of plane 2 (188.5 positions); wavelength 62.8"),
      [] {
        return Relation{{rounded("62.8", "plane 2's wavelength"), rounded("188.5", "three turns of plane 2")},
                        [](const Box& b) { return equal(constant(3) * b[0], b[1]); }};
      });
}

PE_CLAIM(rebound_plane2_half_wavelength) {
  return relation_claim(
      Claim("consistency.exp_rebound.plane2_half_wavelength").in_section(section_of("exp.rebound"))
          .stating("Plane 2's half wavelength is half of its wavelength")
          .printed_as("its half wavelength of 31.4; wavelength 62.8"),
      [] {
        return Relation{{rounded("62.8", "plane 2's wavelength"), rounded("31.4", "its half wavelength")},
                        [](const Box& b) { return equal(b[0] / constant(2), b[1]); }};
      });
}

PE_CLAIM(rebound_wavelengths_match_census) {
  return relation_claim(
      Claim("consistency.exp_rebound.wavelengths_match_census").in_section(section_of("exp.rebound"))
          .stating("The wavelengths the rebound paragraph gives planes 2 and 3 are the census's")
          .printed_as("whose wavelengths, 62.8 and 198.7"),
      [] {
        return same_values({{rounded("62.8", "plane 2 (rebound paragraph)"), census_wavelength(2)},
                            {rounded("198.7", "plane 3 (rebound paragraph)"), census_wavelength(3)}});
      });
}

PE_CLAIM(rebound_plane2_crest) {
  return relation_claim(
      Claim("consistency.exp_rebound.plane2_crest").in_section(section_of("exp.rebound"))
          .stating("Plane 2's term is a sinusoid in r: it crests half a wavelength after each bottom, so two and a half "
                   "wavelengths after its first bottom, near the printed crest")
          .printed_as("plane 2 bottoms near r = 27; both crest near r = 180; wavelength 62.8"),
      [] {
        return Relation{{approximate("27", "near", "plane 2's first bottom"), rounded("62.8", "plane 2's wavelength"),
                         approximate("180", "near", "the crest")},
                        [](const Box& b) { return equal(b[0] + constant(Rational(5, 2)) * b[1], b[2]); }};
      });
}

PE_CLAIM(rebound_plane3_falling_at_trough) {
  return relation_claim(
      Claim("consistency.exp_rebound.plane3_falling_at_trough").in_section(section_of("exp.rebound"))
          .stating("Plane 3, cresting near r = 180 with wavelength 198.7, falls between its crest one wavelength earlier and "
                   "its bottom half a wavelength earlier: the first trough at r = 34 lies in that stretch")
          .printed_as("plane 3, still falling, carries the sum to the first trough (r = 34); both crest near r = 180"),
      [] {
        return Relation{{approximate("180", "near", "plane 3's crest"), rounded("198.7", "plane 3's wavelength"),
                         count(34, "first trough")},
                        [](const Box& b) {
                          return all_of({less(b[0] - b[1], b[2]), less(b[2], b[0] - b[1] / constant(2))});
                        }};
      });
}

/// Every second plane's wavelength is ten times longer: lambda_j = 2 pi b^(2j/d), b^(4/d) = 10 at d = 16.
Claim wavelength_decade(const int& plane) {
  return relation_claim(
      Claim("consistency.thm5_factors.wavelength_decade.plane" + std::to_string(plane)).in_section(section_of("thm5.factors"))
          .stating("The census's wavelength of plane " + std::to_string(plane + 2) + " is ten times plane " +
          std::to_string(plane) + "'s (b^(4/d) = 10 at b = 10^4, d = 16)")
          .printed_as(std::string(kCensusWavelengths[plane]) + " and " + kCensusWavelengths[plane + 2]),
      [plane] {
        return Relation{{census_wavelength(plane), census_wavelength(plane + 2)},
                        // Plane j + 2's wavelength is plane j's times 10 exactly: one quantity printed twice.
                        [](const Box& b) { return same_quantity(constant(10) * b[0], b[1]); }};
      });
}
PE_CLAIM_FAMILY(wavelength_decades, ledger::indices(6), &wavelength_decade);

PE_CLAIM(census_whole_turns) {
  return relation_claim(
      Claim("consistency.thm5_factors.whole_turns").in_section(section_of("thm5.factors"))
          .stating("By Theorem 5 (i) a plane turns a whole circle over offsets 0 to L - 1 = 31 exactly when its wavelength "
                   "is at most 31: of the eight printed wavelengths, the first two are and the other six are not")
          .printed_as("two planes of eight complete a turn; only planes 0 and 1 turn a whole circle in 32 positions"),  // quoted
      [] {
        Relation r;
        for (int plane = 0; plane < 8; ++plane) r.numbers.push_back(census_wavelength(plane));
        r.numbers.push_back(count(32, "training length L"));
        r.check = [](const Box& b) {
          std::vector<Check> checks;
          for (int plane = 0; plane < 8; ++plane)
            checks.push_back(plane < 2 ? at_most(b[plane], b[8] - constant(1)) : less(b[8] - constant(1), b[plane]));
          return all_of(checks);
        };
        return r;
      });
}

/// NTK-aware factors are kappa^(-2j/(d-2)), a geometric sequence: f_(j-1) f_(j+1) = f_j^2.
Claim ntk_geometric(const int& plane) {
  return relation_claim(
      Claim("consistency.thm5_factors.ntk_geometric.plane" + std::to_string(plane)).in_section(section_of("thm5.factors"))
          .stating("NTK-aware scaling's factors kappa^(-2j/(d-2)) are geometric in the plane: the factors of planes " +
          std::to_string(plane - 1) + " and " + std::to_string(plane + 1) + " multiply to the square of plane " +
          std::to_string(plane) + "'s")
          .printed_as(std::string(kPrintedNtkFactors[plane - 1]) + " x " + kPrintedNtkFactors[plane + 1] + " = " + kPrintedNtkFactors[plane] + "^2"),
      [plane] {
        return Relation{{printed_ntk_factor(plane - 1), printed_ntk_factor(plane + 1), printed_ntk_factor(plane)},
                        [](const Box& b) { return equal(b[0] * b[1], square(b[2])); }};
      });
}
PE_CLAIM_FAMILY(ntk_geometric_factors, std::vector<int>({1, 2, 3, 4, 5, 6}), &ntk_geometric);

/// YaRN's factor for a plane that turned L / lambda times in training, at kappa = 4, L = 32:
/// 1/kappa + (1 - 1/kappa) gamma, gamma = (L/lambda - 1) / 31 (Definition 5), for 1 <= L/lambda <= 32.
Claim yarn_factor(const int& plane) {
  const char* printed_factor = plane == 0 ? "0.349" : "0.265";
  return relation_claim(
      Claim("consistency.thm5_factors.yarn_plane" + std::to_string(plane)).in_section(section_of("thm5.factors"))
          .stating("YaRN's factor for plane " + std::to_string(plane) + " follows from its printed wavelength by Definition 5 "
                   "(gamma rises linearly from 0 to 1 as L/lambda goes from 1 to 32; kappa = 4, L = 32)")
          .printed_as(std::string(printed_factor) + " from the wavelength " + kCensusWavelengths[plane]),
      [plane, printed_factor] {
        return Relation{{census_wavelength(plane), rounded(printed_factor, "YaRN factor of plane " + std::to_string(plane))},
                        [](const Box& b) {
                          const Term turns = constant(32) / b[0];
                          const Term gamma = (turns - constant(1)) * constant(Rational(1, 31));
                          const Term turns_again = constant(32) / b[0];
                          return all_of({within(turns_again, Range{1, 32}),
                                         equal(constant(Rational(1, 4)) + constant(Rational(3, 4)) * gamma, b[1])});
                        }};
      });
}
PE_CLAIM_FAMILY(yarn_factors, ledger::indices(2), &yarn_factor);

PE_CLAIM(yarn_slow_planes) {
  return relation_claim(
      Claim("consistency.thm5_factors.yarn_slow_planes").in_section(section_of("thm5.factors"))
          .stating("Planes 2 to 7 turn at most once in training (L/lambda <= 1), so YaRN gives them gamma = 0 and PI's "
                   "factor 1/kappa = 0.25")
          .printed_as("then 0.25 in every other plane"),
      [] {
        Relation r;
        for (int plane = 2; plane < 8; ++plane) r.numbers.push_back(census_wavelength(plane));
        r.numbers.push_back(rounded("0.25", "YaRN factor of planes 2 to 7"));
        r.check = [](const Box& b) {
          std::vector<Check> checks;
          for (int i = 0; i < 6; ++i) checks.push_back(at_most(constant(32) / b[i], constant(1)));
          checks.push_back(equal(constant(Rational(1, 4)), b[6]));
          return all_of(checks);
        };
        return r;
      });
}

PE_CLAIM(chen_ratio_d128) {
  return relation_claim(
      Claim("consistency.thm5_chen.ratio_d128").in_section(section_of("thm5.chen"))
          .stating("The corrected bound over the stated one at d = 128 is the printed factor by which the stated constant "
                   "is too small (both bounds share every other factor)")
          .printed_as("1.15 times at d = 128; the stated bound 0.434, the corrected 0.500"),
      [] {
        return Relation{{rounded("0.500", "corrected bound"), rounded("0.434", "stated bound"),
                         rounded("1.15", "factor at d = 128")},
                        [](const Box& b) { return equal(b[0] / b[1], b[2]); }};
      });
}

PE_CLAIM(chen_ordering_d128) {
  return relation_claim(
      Claim("consistency.thm5_chen.ordering_d128").in_section(section_of("thm5.chen"))
          .stating("The printed error breaks the stated bound and keeps the corrected one")
          .printed_as("error 0.459, stated bound 0.434, corrected 0.500"),
      [] {
        return Relation{{rounded("0.434", "stated bound"), rounded("0.459", "interpolation error"),
                         rounded("0.500", "corrected bound")},
                        [](const Box& b) { return all_of({less(b[0], b[1]), at_most(b[1], b[2])}); }};
      });
}

PE_CLAIM(rescaling_plain_row) {
  return relation_claim(
      Claim("consistency.table_rescaling.plain_row").in_section(section_of("table.rescaling"))
          .stating("The rescaling table's unmapped row is the tournament's RoPE row")
          .printed_as("nothing: 0.947 0.872 0.466"),
      [] {
        return same_values({{accuracy("0.947", "unmapped at 64 (rescaling table)"), tournament_cell(kTournamentRope, 1)},
                            {accuracy("0.872", "unmapped at 128 (rescaling table)"), tournament_cell(kTournamentRope, 2)},
                            {accuracy("0.466", "unmapped at 256 (rescaling table)"), tournament_cell(kTournamentRope, 3)}});
      });
}

PE_CLAIM(rescaling_granularity) {
  return relation_claim(
      Claim("consistency.table_rescaling.granularity").in_section(section_of("table.rescaling"))
          .stating("Each mapped read is a mean of three seeds on 2,000 sequences: a multiple of 1/6,000 within its rounding")
          .printed_as("PI, NTK-aware, YaRN at 64, 128, 256"),
      [] {
        std::vector<Printed> cells;
        for (int map = 0; map < 3; ++map)
          for (int i = 1; i < 4; ++i) cells.push_back(rescaling_cell(map, i));
        return on_one_grid(std::move(cells), 6000);
      });
}

Claim map_rescues(const int& map) {
  return relation_claim(
      Claim(std::string("consistency.exp_rescaled.rescues.") + (map == kRescalingPi ? "pi" : map == kRescalingNtk ? "ntk" : "yarn")).in_section(section_of("exp.rescaled"))
          .stating(std::string("The ") + kRescalingTable[map].name + " read lies above the unmapped read at 64, 128 and 256")
          .printed_as(std::string(kRescalingTable[map].name) + " " + kRescalingTable[map].at[0] + ", " + kRescalingTable[map].at[1] + ", " +
          kRescalingTable[map].at[2] + " against 0.947, 0.872, 0.466"),
      [map] {
        Relation r;
        for (int i = 1; i < 4; ++i) {
          r.numbers.push_back(tournament_cell(kTournamentRope, i));
          r.numbers.push_back(rescaling_cell(map, i));
        }
        r.check = [](const Box& b) { return every(b, 3, [](const Box& x, int i) { return less(x[2 * i], x[2 * i + 1]); }); };
        return r;
      });
}
PE_CLAIM_FAMILY(maps_rescue, std::vector<int>({kRescalingPi, kRescalingNtk, kRescalingYarn}), &map_rescues);

PE_CLAIM(rescaled_ntk_best_at_256) {
  return relation_claim(
      Claim("consistency.exp_rescaled.ntk_best_at_256").in_section(section_of("exp.rescaled"))
          .stating("At 256 the NTK-aware read lies above both other maps'")
          .printed_as("NTK-aware 0.977 against PI 0.917 and YaRN 0.914"),
      [] {
        return Relation{{rescaling_cell(kRescalingPi, 3), rescaling_cell(kRescalingYarn, 3), rescaling_cell(kRescalingNtk, 3)},
                        [](const Box& b) { return less(maximum({b[0], b[1]}), b[2]); }};
      });
}

PE_CLAIM(rescaled_ntk_ties_alibi) {
  return relation_claim(
      Claim("consistency.exp_rescaled.ntk_ties_alibi").in_section(section_of("exp.rescaled"))
          .stating("At 256 NTK-aware scaling ties ALiBi within sampling error: 3 binomial se of the difference of two means "
                   "over the 2,000 shared sequences")
          .printed_as("its 0.977 ties ALiBi's 0.978 within sampling error"),
      [] {
        return Relation{{rescaling_cell(kRescalingNtk, 3), tournament_cell(kTournamentAlibi, 3)},
                        [](const Box& b) { return within_sampling_error(b[0], b[1], 3, 2000, 3); }};
      });
}

}  // namespace pe::theorems::consistency_window_claims
