/// @file
/// @brief The runs the article's experiment claims are decided on: the case study's corpus
/// (300 training and 100 held-out filings from seed 20261129 in the calibrated shape), the
/// article's statistics of its own corpus that the shape was fitted to, the recipes chosen by
/// experiments/recipes.hpp's rule, and the headline tournament and filings study trained in
/// them (each cached under PE_CACHE_DIR and memoised per process).
#pragma once

#include <cstdint>
#include <vector>

#include "article_corpus.hpp"
#include "corpus_calibration.hpp"
#include "filing_readers.hpp"
#include "length_tournament.hpp"
#include "recipes.hpp"
#include "synthetic_filings.hpp"

namespace pe::experiments {

inline constexpr std::uint64_t kCaseStudyCorpusSeed = 20261129;
inline constexpr int kCaseStudyTrainDocuments = 300, kCaseStudyHeldOutDocuments = 100;

/// The case study's corpus, generated once per process.
const Corpus& case_study_corpus();

/// The counts' tolerance: 1% (relative) for a count the article prints to the unit; a corpus of
/// another draw moves them by more.
inline constexpr double kCorpusCountTolerance = 0.01;
/// The same statistics as targets with the tolerance each is decided by: half a unit of the
/// printed last digit for the medians and shares, kCorpusCountTolerance for the two counts.
/// pe_calibrate_corpus fits the generator to these.
const std::vector<StatisticTarget>& article_corpus_targets();

/// The recipes chosen by the rule.
const RecipeSelection& tournament_selection();
const RecipeSelection& filings_selection();
/// The headline runs: the selected recipes, kSelectedSeeds seeds each.
const Tournament& headline_tournament();
const FilingsStudy& headline_filings_study();

}  // namespace pe::experiments
