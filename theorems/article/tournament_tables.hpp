/// @file
/// @brief The window section's printed tables, written once: the length tournament's and the
/// rescaling table's accuracies, Theorem 5's census of wavelengths at d = 16 and NTK-aware
/// scaling's per-plane factors at kappa = 4, and the words for the lengths the tournament is read
/// at. Several sections read them (the overview, the order, the side-by-side, the filings and the
/// caveats sections' relations), so they sit below the section folders, in theorems/article/.
#pragma once

#include <string>

#include "printed_relations.hpp"

namespace pe::theorems {

/// What the length tournament is read at (the tables' columns, the paragraphs' "at 64"): the
/// reasons of non-claims wherever the article reads its heads.
inline const std::string kReadAt = "a length the heads are read at";
inline const std::string kTrainedAt = "the training length, 32 tokens";

/// One row of a printed accuracy table: its name as printed and its cells (null where the table
/// prints none).
struct PrintedAccuracyRow {
  const char* name;
  const char* at[4];
};

/// The tournament table: accuracy at 32, 64, 128, 256, one row per scheme in the order of
/// experiments::article_position_schemes().
inline constexpr int kTournamentLengths[] = {32, 64, 128, 256};
inline constexpr PrintedAccuracyRow kTournamentTable[] = {{"no position", {"0.542", "0.367", "0.286", "0.237"}},
                                                          {"sinusoidal", {"0.996", "0.201", "0.134", "0.142"}},
                                                          {"learned table", {"0.989", nullptr, nullptr, nullptr}},
                                                          {"RoPE", {"1.000", "0.947", "0.872", "0.466"}},
                                                          {"ALiBi", {"0.999", "0.979", "0.978", "0.978"}}};
inline constexpr int kTournamentNone = 0, kTournamentSinusoidal = 1, kTournamentLearned = 2, kTournamentRope = 3,
                     kTournamentAlibi = 4;
/// A tournament cell as a printed accuracy, named for the relations that read it.
inline Printed tournament_cell(int row, int length_index) {
  return accuracy(kTournamentTable[row].at[length_index],
                  std::string(kTournamentTable[row].name) + " at " +
                      std::to_string(kTournamentLengths[length_index]) + " (tournament table)");
}

/// The rescaling table: the RoPE heads under each map at 64, 128, 256 (its plain row is the
/// tournament's), with each map's name in experiments' spelling beside the printed one.
inline constexpr PrintedAccuracyRow kRescalingTable[] = {{"PI", {"0.998", "0.980", "0.917"}},
                                                         {"NTK-aware", {"0.970", "0.966", "0.977"}},
                                                         {"YaRN", {"0.998", "0.979", "0.914"}}};
inline constexpr const char* kRescalingMapNames[] = {"pi", "ntk", "yarn"};
inline constexpr int kRescalingPi = 0, kRescalingNtk = 1, kRescalingYarn = 2;
/// A rescaling cell at the tournament's length index 1 to 3.
inline Printed rescaling_cell(int map, int length_index) {
  return accuracy(kRescalingTable[map].at[length_index - 1],
                  std::string("RoPE + ") + kRescalingTable[map].name + " at " +
                      std::to_string(kTournamentLengths[length_index]) + " (rescaling table)");
}

/// The census's wavelengths at d = 16, planes 0 to 7.
inline constexpr const char* kCensusWavelengths[] = {"6.3", "19.9", "62.8", "198.7", "628.3", "1987", "6283", "19869"};
inline Printed census_wavelength(int plane) {
  return rounded(kCensusWavelengths[plane], "wavelength of plane " + std::to_string(plane) + " (census)");
}

/// NTK-aware scaling's per-plane factors at kappa = 4; plane 0's is exactly 1 (Theorem 5 (iii)).
inline constexpr const char* kPrintedNtkFactors[] = {"1", "0.820", "0.673", "0.552", "0.453", "0.371", "0.305", "0.250"};
inline Printed printed_ntk_factor(int plane) {
  const std::string what = "NTK-aware factor of plane " + std::to_string(plane);
  return plane == 0 ? count(1, what + ", unchanged") : rounded(kPrintedNtkFactors[plane], what);
}

}  // namespace pe::theorems
