/// @file
/// @brief The filings corpus every reader of the case study shares: 300 training and 100
/// held-out filings from seed 20261129 (defined in theorems/filings_corpus.cpp, memoised).
#pragma once

#include "filings_corpus.hpp"

namespace pe::theorems {

/// The case study's corpus, generated once per process.
const filings::Corpus& case_study_corpus();

}  // namespace pe::theorems
