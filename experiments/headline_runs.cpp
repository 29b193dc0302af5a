#include "headline_runs.hpp"

#include "printed_decimal.hpp"

#ifndef PE_CACHE_DIR
#error "PE_CACHE_DIR must name the experiment cache directory"
#endif

namespace pe::experiments {

const Corpus& case_study_corpus() {
  static const Corpus corpus =
      generate_corpus(kCaseStudyCorpusSeed, kCaseStudyTrainDocuments, kCaseStudyHeldOutDocuments);
  return corpus;
}

const std::vector<StatisticTarget>& article_corpus_targets() {
  static const std::vector<StatisticTarget> targets = [] {
    std::vector<StatisticTarget> t;
    for (const ArticleCorpusStatistic& p : article_corpus_statistics()) {
      const double value = value_of_printed(p.printed);
      t.push_back({p.name, value, p.count ? kCorpusCountTolerance * value : half_unit_of_printed(p.printed)});
    }
    return t;
  }();
  return targets;
}

const RecipeSelection& tournament_selection() {
  static const RecipeSelection s = tournament_recipe_selection(PE_CACHE_DIR);
  return s;
}

const RecipeSelection& filings_selection() {
  static const RecipeSelection s = filings_recipe_selection(case_study_corpus(), PE_CACHE_DIR);
  return s;
}

const Tournament& headline_tournament() {
  static const Tournament t = run_tournament(selected_tournament(PE_CACHE_DIR), PE_CACHE_DIR);
  return t;
}

const FilingsStudy& headline_filings_study() {
  static const FilingsStudy s = run_filings_study(
      selected_filings_study(case_study_corpus(), PE_CACHE_DIR), case_study_corpus(), PE_CACHE_DIR);
  return s;
}

}  // namespace pe::experiments
