/// @file
/// @brief The case study's corpus, re-created: how close the synthetic filings come to the
/// statistics the article reports for its own.
///
/// The article's filings come from a shared synthetic corpus that is not part of the article.
/// experiments/filings_corpus.cpp re-creates one from the article's description (parents,
/// subsidiaries and competitors, mentions in bursts, long gaps), drawn from seed 20261129:
/// 300 training and 100 held-out documents. The generator's shape parameters were set, before
/// any head was trained on it, so that the held-out set lands within 10% of each statistic the
/// article prints; these claims check that design target and show both values.
#include <cmath>

#include "case_study_corpus.hpp"
#include "filings_corpus.hpp"
#include "ledger.hpp"

namespace pe::theorems {

const filings::Corpus& case_study_corpus() {
  static const filings::Corpus corpus = filings::generate_corpus(20261129, 300, 100);
  return corpus;
}

namespace {
const filings::CorpusStatistics& held_out_statistics() {
  static const filings::CorpusStatistics s = filings::statistics(case_study_corpus().held_out);
  return s;
}

/// Within 10% (relative) of the article's value: the re-created corpus' design target.
ledger::Outcome near_article(const std::string& article, double computed) {
  const double target = ledger::value_of_printed(article);
  const double relative = std::fabs(computed - target) / std::fabs(target);
  return ledger::shape(relative <= 0.10, ledger::format(computed),
                         "relative difference " + ledger::format(relative) +
                             (relative <= 0.10 ? " <= " : " > ") +
                             "0.10, the design target of the re-created corpus");
}
}  // namespace

}  // namespace pe::theorems

PE_VERIFICATION_UNIT(filings_corpus) {
  using namespace pe::ledger;
  using namespace pe::theorems;
  const std::string section = "Finance case study: which company was named last?";
  claims.add({"filings.corpus.median_length", section,
              "Corpus: median length of the 100 held-out filings, in tokens (one token per "
              "entity mention)",
              "198", Rule::shape, [] { return near_article("198", held_out_statistics().median_length); }});
  claims.add({"filings.corpus.median_mentions", section,
              "Corpus: median number of company mentions per held-out filing", "8", Rule::shape,
              [] { return near_article("8", held_out_statistics().median_mentions); }});
  claims.add({"filings.corpus.queries", section,
              "Corpus: queries (held-out positions from the first company mention on)", "19285",
              Rule::shape, [] { return near_article("19285", double(held_out_statistics().queries)); }});
  claims.add({"filings.corpus.far_queries", section,
              "Corpus: queries whose answer is more than 32 tokens back (distance > 32)",
              "7895", Rule::shape,
              [] { return near_article("7895", double(held_out_statistics().far_queries)); }});
  claims.add({"filings.corpus.far_share", section,
              "Corpus: share of queries whose answer is more than 32 tokens back", "0.41",
              Rule::shape, [] {
                const auto& s = held_out_statistics();
                return near_article("0.41", double(s.far_queries) / double(s.queries));
              }});
  claims.add({"filings.corpus.first_named_share", section,
              "Corpus: the first-named company is the answer to this share of held-out queries",
              "0.766", Rule::shape,
              [] { return near_article("0.766", held_out_statistics().first_named_share); }});
  claims.add({"filings.corpus.first_named_far_share", section,
              "Corpus: the first-named company is the answer to this share of far queries",
              "0.739", Rule::shape,
              [] { return near_article("0.739", held_out_statistics().first_named_far_share); }});
}
