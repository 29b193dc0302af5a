/// @file
/// @brief pe_calibrate_corpus: fits the filings generator to the article's corpus statistics.
///
///     pe_calibrate_corpus
///
/// Runs calibrate_shape from the hand-set CorpusShape{} on the held-out filings of the case
/// study's seed, against article_corpus_targets(), and prints each statistic (article,
/// reached, tolerance) and the fitted shape as the lines calibrated_shape() holds. Exits 1 when
/// the search ends with a target unmet.
#include <cstdio>
#include <iostream>
#include <string>

#include "headline_runs.hpp"
#include "corpus_calibration.hpp"
#include "words.hpp"

int main(int argc, char** argv) {
  const char* usage = "usage: pe_calibrate_corpus\n";
  if (argc > 1) {
    const std::string arg = argv[1];
    if (arg == "--help" || arg == "-h") {
      std::cout << usage << "\n"
                << pe::wrap_words("Fits the filings generator's shape to the article's corpus statistics (a "
                                  "seeded search that reads corpus statistics only) and prints each statistic "
                                  "against the article's with its tolerance, then the fitted shape as "
                                  "calibrated_shape() holds it. Exits 1 when a target is left unmet.", 80);
      return 0;
    }
    std::cerr << "pe_calibrate_corpus: takes no argument, got '" << arg << "'\n" << usage;
    return 2;
  }
  using namespace pe;
  const experiments::CalibrationResult result =
      experiments::calibrate_shape(experiments::CorpusShape{}, experiments::kCaseStudyCorpusSeed,
                               experiments::kCaseStudyHeldOutDocuments, experiments::article_corpus_targets());
  std::printf("%-24s %12s %12s %12s\n", "statistic", "article", "reached", "tolerance");
  for (const experiments::StatisticTarget& t : experiments::article_corpus_targets())
    std::printf("%-24s %12.6g %12.6g %12.6g\n", t.name.c_str(), t.value,
                experiments::corpus_statistic(result.statistics, t.name), t.tolerance);
  std::printf("%d shapes evaluated, %d moves accepted, loss %.6g: %s\n", result.evaluations,
              result.accepted_moves, result.loss,
              result.all_within ? "every statistic within its tolerance" : "SOME STATISTIC OUTSIDE ITS TOLERANCE");
  std::cout << "\n" << experiments::shape_as_code(result.shape);
  return result.all_within ? 0 : 1;
}
