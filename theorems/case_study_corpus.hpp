/// @file
/// @brief The filings corpus every reader of the case study shares: 300 training and 100
/// held-out filings from seed 20261129 in the calibrated shape (defined in
/// theorems/filings_corpus.cpp, memoised), and the article's statistics for it.
#pragma once

#include <cstdint>
#include <vector>

#include "corpus_calibration.hpp"
#include "filings_corpus.hpp"

namespace pe::theorems {

inline constexpr std::uint64_t kCaseStudyCorpusSeed = 20261129;
inline constexpr int kCaseStudyTrainDocuments = 300, kCaseStudyHeldOutDocuments = 100;

/// The case study's corpus, generated once per process.
const filings::Corpus& case_study_corpus();

/// The seven statistics the article prints for its held-out filings, each with the tolerance
/// its claim decides by: half a unit of the printed last digit for the medians and shares, 1%
/// (relative) for the two counts. pe_calibrate_corpus fits the generator to these.
const std::vector<filings::StatisticTarget>& article_corpus_targets();

}  // namespace pe::theorems
