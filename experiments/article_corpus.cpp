#include "article_corpus.hpp"

#include <stdexcept>
#include <string>

namespace pe::experiments {

const std::vector<ArticleCorpusStatistic>& article_corpus_statistics() {
  static const std::vector<ArticleCorpusStatistic> printed = {
      {"median_length", "198", false},     {"median_mentions", "8", false},
      {"queries", "19285", true},          {"far_queries", "7895", true},
      {"far_share", "0.41", false},        {"first_named_share", "0.766", false},
      {"first_named_far_share", "0.739", false},
  };
  return printed;
}

const ArticleCorpusStatistic& article_corpus_statistic(std::string_view name) {
  for (const ArticleCorpusStatistic& s : article_corpus_statistics())
    if (name == s.name) return s;
  throw std::invalid_argument("article_corpus_statistic: the article prints no corpus statistic '" +
                              std::string(name) + "'");
}

long article_corpus_count(std::string_view name) {
  const ArticleCorpusStatistic& s = article_corpus_statistic(name);
  if (!s.count)
    throw std::invalid_argument("article_corpus_count: '" + std::string(name) + "' (printed " + s.printed +
                                ") is not a count");
  return std::stol(s.printed);
}

}  // namespace pe::experiments
