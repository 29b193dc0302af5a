/// @file
/// @brief pe_read_filing: reads a plain-text document whose company mentions are marked
/// `[[Company Name]]` and prints, at each position, the company each trained reader of the
/// finance case study names as the last one named (one column per reader and headline seed,
/// heads trained with the selected recipe).
///
///     pe_read_filing <file> [--reader NAME] [--cache DIR]
///     pe_read_filing --prepare [--cache DIR]   (select the recipe, train or load every head of
///                                              the study and the tournament's headline heads)
///
/// Heads come from the sealed cache (trained there if missing or corrupt). Malformed markup,
/// an empty or binary file, an unreadable file or an unknown reader print a message (with
/// line:column for markup) and exit with status 2.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "filings_corpus.hpp"
#include "filings_study.hpp"
#include "tournament.hpp"

namespace {

using namespace pe::experiments;

int usage(const std::string& message) {
  std::cerr << "pe_read_filing: " << message << "\n"
            << "usage: pe_read_filing <file> [--reader NAME] [--cache DIR]\n"
            << "       pe_read_filing --prepare [--cache DIR]\n";
  return 2;
}

/// The case study's heads in the selected recipe (the selection trains its grid on first use),
/// `seeds` seeds per scheme.
FilingsStudy load_study(const std::string& cache_dir, int seeds) {
  const FilingsStudyConfig base = article_filings_study();
  const pe::filings::Corpus corpus =
      pe::filings::generate_corpus(base.corpus_seed, base.train_documents, base.held_out_documents);
  return run_filings_study(selected_filings_study(corpus, cache_dir, seeds), corpus, cache_dir);
}

}  // namespace

int main(int argc, char** argv) {
  std::string file, cache_dir = PE_CACHE_DIR;
  std::vector<FilingReader> readers = all_filing_readers();
  bool prepare = false;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--reader" || arg == "--cache") {
        if (i + 1 >= argc) return usage(arg + " needs a value");
        const std::string value = argv[++i];
        if (arg == "--reader") readers = {filing_reader_from_string(value)};
        else cache_dir = value;
      } else if (arg == "--prepare") {
        prepare = true;
      } else if (!arg.empty() && arg[0] == '-') {
        return usage("unknown option '" + arg + "'");
      } else if (file.empty()) {
        file = arg;
      } else {
        return usage("more than one file given");
      }
    }
  } catch (const std::invalid_argument& e) {
    return usage(e.what());
  }

  try {
    if (prepare) {
      const FilingsStudy study = load_study(cache_dir, kSelectedSeeds);
      const Tournament tour = run_tournament(selected_tournament(cache_dir), cache_dir);
      std::cout << "filings study: " << study.heads.size() << " heads (" << study.trained
                << " trained) in " << study.seconds << " s; tournament: " << tour.heads.size()
                << " heads (" << tour.trained << " trained) in " << tour.seconds << " s\n";
      return 0;
    }
    if (file.empty()) return usage("no file given");
    std::ifstream in(file, std::ios::binary);
    if (!in) return usage("cannot read '" + file + "'");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const pe::filings::Document document = pe::filings::parse_marked_text(text, file);
    const pe::filings::CueTokens cue = pe::filings::tokenize(document);
    const int n = static_cast<int>(cue.symbols.size());

    // The headline seeds 0..2 of the selected recipe: one column per reader and seed.
    const FilingsStudy study = load_study(cache_dir, kHeadlineSeeds);
    std::vector<int> positions(n);
    for (int t = 0; t < n; ++t) positions[t] = t;
    std::vector<std::string> headers;
    std::vector<std::vector<int>> columns;
    for (FilingReader r : readers)
      for (int k = 0; k < study.config.seeds; ++k) {
        headers.push_back(to_string(r) + "/seed" + std::to_string(k));
        columns.push_back(read_filing(study.trained_head(scheme_of(r), k), r, document, positions,
                                      study.config.window));
      }
    auto name = [&](int company) {
      return company >= 0 && company < static_cast<int>(document.companies.size())
                 ? document.companies[company]
                 : "(company #" + std::to_string(company) + ", not named here)";
    };
    std::cout << "position\ttoken\tnamed last";
    for (const std::string& h : headers) std::cout << '\t' << h;
    std::cout << '\n';
    int last = -1;
    for (int t = 0; t < n; ++t) {
      if (document.tokens[t].company >= 0) last = document.tokens[t].company;
      std::cout << t << '\t' << document.tokens[t].text << '\t' << (last < 0 ? "-" : name(last));
      for (const auto& c : columns) std::cout << '\t' << name(c[t]);
      std::cout << '\n';
    }
    return 0;
  } catch (const pe::filings::MarkupError& e) {
    std::cerr << "pe_read_filing: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "pe_read_filing: " << e.what() << '\n';
    return 2;
  }
}
