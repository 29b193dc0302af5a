/// @file
/// @brief The statistics the article prints for its own held-out filings, as printed, written once:
/// the re-created corpus is calibrated to them (headline_runs.hpp), the corpus claims check them,
/// and the finance table's relations read its two question counts from here.
#pragma once

#include <string_view>
#include <vector>

namespace pe::experiments {

/// One statistic the article prints for its held-out filings, as printed.
struct ArticleCorpusStatistic {
  const char* name;
  const char* printed;
  bool count;  ///< decided within kCorpusCountTolerance, not at the printed digit
};
/// The seven statistics, in the article's order.
const std::vector<ArticleCorpusStatistic>& article_corpus_statistics();
/// The statistic named `name` ("queries", "far_share", ...); throws std::invalid_argument for a
/// name the article prints no statistic under.
const ArticleCorpusStatistic& article_corpus_statistic(std::string_view name);
/// A count the article prints ("queries": 19285 as printed) as an integer; throws
/// std::invalid_argument for a statistic that is not a count.
long article_corpus_count(std::string_view name);

}  // namespace pe::experiments
