/// @file
/// @brief The overview table as printed, written once: accuracy at the training length and at
/// 256 of the heads the topic builds toward. The tournament's unit places its claims at these
/// cells and the overview's relation sets them against the tables they repeat.
#pragma once

#include <string>

#include "printed_relations.hpp"

namespace pe::theorems {

/// One row: its name as the relations describe it, the read-time map it is read under
/// ("plain", or a map's name in experiments' spelling), and its two printed cells.
struct PrintedOverviewRow {
  const char* name;
  const char* map_name;
  const char* at32;
  const char* at256;
};
inline constexpr PrintedOverviewRow kOverviewTable[] = {{"no position", "plain", "0.542", "0.237"},
                                                        {"sinusoidal", "plain", "0.996", "0.142"},
                                                        {"RoPE", "plain", "1.000", "0.466"},
                                                        {"RoPE, interpolated,", "pi", "1.000", "0.917"},
                                                        {"ALiBi", "plain", "0.999", "0.978"}};
inline constexpr int kOverviewNone = 0, kOverviewSinusoidal = 1, kOverviewRope = 2, kOverviewRopePi = 3,
                     kOverviewAlibi = 4;
/// An overview cell as a printed accuracy, at 32 or at 256.
inline Printed overview_cell(int row, bool at256) {
  return accuracy(at256 ? kOverviewTable[row].at256 : kOverviewTable[row].at32,
                  std::string(kOverviewTable[row].name) + (at256 ? " at 256" : " at 32") + " (overview)");
}

}  // namespace pe::theorems
