/// @file
/// @brief Calibrating the filings generator to the statistics the article prints for its corpus.
///
/// The article describes its corpus by seven numbers (median length and mentions, the query
/// counts, three shares). calibrate_shape moves the generator's own parameters (CorpusShape) by
/// a deterministic coordinate search until the held-out documents of one seeded corpus match
/// each statistic within its tolerance. It reads nothing but corpus statistics: no head is
/// trained or read. pe_calibrate_corpus runs it and prints the shape that filings_corpus.cpp's
/// calibrated_shape() holds; a test reruns it and checks the two agree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "synthetic_filings.hpp"

namespace pe::experiments {

/// One statistic of CorpusStatistics by name: median_length, median_mentions, queries,
/// far_queries, far_share, first_named_share, first_named_far_share. Throws
/// std::invalid_argument for any other name.
double corpus_statistic(const CorpusStatistics& statistics, const std::string& name);

/// A statistic to match: |statistic - value| <= tolerance.
struct StatisticTarget {
  std::string name;
  double value = 0;
  double tolerance = 0;
};

struct CalibrationResult {
  CorpusShape shape;
  CorpusStatistics statistics;  ///< of the held-out documents under `shape`
  bool all_within = false;      ///< every target met
  double loss = 0;              ///< sum over targets of max(0, |statistic - value| / tolerance - 1)^2
  int evaluations = 0;          ///< shapes whose held-out set was generated
  int accepted_moves = 0;
};

/// The search. From `start`, each round tries every parameter in a fixed order, one step up and
/// then one step down, and keeps a move that lowers the loss; a round with no move halves every
/// real step (integer steps stay 1), and six halvings end the search. It stops as soon as every
/// target is met. Deterministic: the same arguments give the same shape.
CalibrationResult calibrate_shape(const CorpusShape& start, std::uint64_t seed, int held_out_count,
                                  const std::vector<StatisticTarget>& targets);

/// The shape as C++ designated-initialiser-free assignments, one field a line
/// ("shape.gap_min = 3;"), the form calibrated_shape() holds.
std::string shape_as_code(const CorpusShape& shape);

}  // namespace pe::experiments
