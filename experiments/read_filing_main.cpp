/// @file
/// @brief pe_read_filing: reads a plain-text document whose company mentions are marked
/// `[[Company Name]]` and says, at each position, which company each trained reader of the
/// finance case study names as the last one named (one column per reader and headline seed,
/// heads trained with the selected recipe).
///
///     pe_read_filing <file> [--reader NAME] [--format tsv|json] [--summary] [--threads N]
///                    [--cache DIR]
///     pe_read_filing --prepare [--cache DIR]   (select the recipe, train or load every head of
///                                              the study and the tournament's headline heads)
///
/// Output (standard output):
/// - `tsv` (the default): a header, then one line per position: position, token, the company
///   named last ("-" before the first mention) and each column's answer;
/// - `json`: one document with the file name, the readers, the seeds, the columns, the
///   companies in order of first appearance and `positions`, one object per position
///   (`position`, `token`, `named_last` or null, `answers` by column name);
/// - `--summary` instead of the positions: for each column, and for each reader's seeds
///   together, the questions (positions from the first mention on), how many it answers with
///   the company literally named last, that accuracy, and the first position it gets wrong.
///
/// More than 8 companies: the heads know 8 company symbols, which tokenize shares out (a newly
/// named company takes the symbol of the company named least recently); an answered symbol
/// names the company holding it at that position (filings_corpus.hpp).
///
/// A read expected to take more than a couple of seconds reports its progress on standard
/// error. Heads come from the sealed cache (trained there if missing or corrupt). Malformed
/// markup, an empty or binary file, an unreadable file, an unknown reader or format print a
/// message (with line:column for markup) and exit with status 2.
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "filing_scan.hpp"
#include "filings_corpus.hpp"
#include "filings_study.hpp"
#include "json_text.hpp"
#include "tournament.hpp"

namespace {

using namespace pe::experiments;

int usage(const std::string& message) {
  std::cerr << "pe_read_filing: " << message << "\n"
            << "usage: pe_read_filing <file> [--reader NAME] [--format tsv|json] [--summary]\n"
            << "                      [--threads N] [--cache DIR]\n"
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

struct Options {
  std::string file, cache_dir = PE_CACHE_DIR, format = "tsv";
  std::vector<FilingReader> readers = all_filing_readers();
  bool prepare = false, summary = false;
  int threads = 0;
};

/// What was read: the document, each column's answers as company indices (-1: a symbol no
/// company holds yet) and the company literally named last at each position (-1 before any).
struct DocumentReading {
  pe::filings::Document document;
  std::vector<std::string> columns;
  std::vector<FilingReader> column_readers;
  std::vector<std::vector<int>> answers;
  std::vector<int> named_last;
};

/// Progress on standard error, once the read has run for `quiet_seconds`: one updated line on a
/// terminal, a line per report otherwise.
class ProgressLine {
 public:
  ProgressLine(long tokens, std::size_t columns) : tokens_(tokens), columns_(columns) {}
  void operator()(double fraction) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (elapsed < kQuietSeconds) return;
    std::cerr << (terminal_ ? "\r" : "") << "pe_read_filing: reading " << tokens_
              << " tokens with " << columns_ << " head-readers: " << int(100 * fraction) << "% after "
              << int(elapsed) << " s" << (terminal_ ? "" : "\n") << std::flush;
    shown_ = true;
  }
  ~ProgressLine() {
    if (shown_ && terminal_) std::cerr << '\n';
  }
  double interval() const { return terminal_ ? 1.0 : 5.0; }

 private:
  static constexpr double kQuietSeconds = 2.0;
  long tokens_;
  std::size_t columns_;
  bool terminal_ = isatty(2) != 0, shown_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

DocumentReading read(const Options& options) {
  std::ifstream in(options.file, std::ios::binary | std::ios::ate);
  if (!in) throw std::invalid_argument("cannot read '" + options.file + "'");
  // Refused before it is read into memory (parse_marked_text states the limit).
  const std::streamoff size = in.tellg();
  if (size > std::streamoff(pe::filings::kMaxDocumentBytes))
    throw std::invalid_argument(options.file + ": " + std::to_string(size) +
                                " bytes; the reader takes documents of at most " +
                                std::to_string(pe::filings::kMaxDocumentBytes) + " bytes (64 MiB)");
  in.seekg(0);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  DocumentReading out;
  out.document = pe::filings::parse_marked_text(text, options.file);
  const pe::filings::CueTokens cue = pe::filings::tokenize(out.document);
  const long n = static_cast<long>(cue.symbols.size());
  if (out.document.companies.empty())
    std::cerr << "pe_read_filing: note: " << options.file
              << " marks no company ([[Name]]); no position has a company named last\n";

  // The headline seeds 0..2 of the selected recipe: one column per reader and seed.
  const FilingsStudy study = load_study(options.cache_dir, kHeadlineSeeds);
  std::vector<ReaderColumn> columns;
  for (FilingReader r : options.readers)
    for (int k = 0; k < study.config.seeds; ++k) {
      columns.push_back({r, study.trained_head(scheme_of(r), k)});
      out.columns.push_back(to_string(r) + "/seed" + std::to_string(k));
      out.column_readers.push_back(r);
    }
  ProgressLine progress(n, columns.size());
  const std::vector<std::vector<int>> symbols =
      read_document(columns, filing_tokens(cue), study.config.window, options.threads,
                    std::ref(progress), progress.interval());

  const std::vector<int> holders = pe::filings::symbol_holders(out.document, cue);
  for (const std::vector<int>& column : symbols) {
    std::vector<int> companies(column.size());
    for (std::size_t t = 0; t < column.size(); ++t)
      companies[t] = holders[t * pe::filings::kSymbolCount + std::size_t(column[t])];
    out.answers.push_back(std::move(companies));
  }
  int last = -1;
  for (const pe::filings::Token& token : out.document.tokens) {
    if (token.company >= 0) last = token.company;
    out.named_last.push_back(last);
  }
  return out;
}

std::string company_name(const DocumentReading& r, int company) {
  return company >= 0 ? r.document.companies[std::size_t(company)] : "(no company holds this symbol yet)";
}

/// Questions, right answers and the first wrong position of some columns taken together.
struct Score {
  long questions = 0, right = 0, first_wrong = -1;
};

Score score(const DocumentReading& r, const std::vector<std::size_t>& columns) {
  Score s;
  for (std::size_t t = 0; t < r.named_last.size(); ++t) {
    if (r.named_last[t] < 0) continue;
    for (std::size_t c : columns) {
      ++s.questions;
      if (r.answers[c][t] == r.named_last[t]) ++s.right;
      else if (s.first_wrong < 0) s.first_wrong = long(t);
    }
  }
  return s;
}

/// Each column alone, then each reader's columns together.
std::vector<std::pair<std::string, Score>> summary(const DocumentReading& r) {
  std::vector<std::pair<std::string, Score>> rows;
  for (std::size_t c = 0; c < r.columns.size(); ++c) rows.push_back({r.columns[c], score(r, {c})});
  for (std::size_t c = 0; c < r.columns.size();) {
    std::vector<std::size_t> same;
    for (std::size_t k = c; k < r.columns.size() && r.column_readers[k] == r.column_readers[c]; ++k)
      same.push_back(k);
    rows.push_back({to_string(r.column_readers[c]) + "/seeds 0-" + std::to_string(same.size() - 1),
                    score(r, same)});
    c += same.size();
  }
  return rows;
}

std::string accuracy_text(const Score& s) {
  if (s.questions == 0) return "-";
  std::ostringstream out;
  out.precision(4);
  out << std::fixed << double(s.right) / double(s.questions);
  return out.str();
}

void write_tsv(const DocumentReading& r, bool with_summary, std::ostream& out) {
  if (with_summary) {
    out << "head-reader\tquestions\tright\taccuracy\tfirst wrong position\n";
    for (const auto& [name, s] : summary(r))
      out << name << '\t' << s.questions << '\t' << s.right << '\t' << accuracy_text(s) << '\t'
          << (s.first_wrong < 0 ? "-" : std::to_string(s.first_wrong)) << '\n';
    return;
  }
  out << "position\ttoken\tnamed last";
  for (const std::string& h : r.columns) out << '\t' << h;
  out << '\n';
  for (std::size_t t = 0; t < r.named_last.size(); ++t) {
    out << t << '\t' << r.document.tokens[t].text << '\t'
        << (r.named_last[t] < 0 ? "-" : company_name(r, r.named_last[t]));
    for (const auto& column : r.answers) out << '\t' << company_name(r, column[t]);
    out << '\n';
  }
}

std::string json_company(const DocumentReading& r, int company) {
  return company < 0 ? "null" : pe::json_quoted(r.document.companies[std::size_t(company)]);
}

void write_json(const DocumentReading& r, const Options& options, bool with_summary,
                std::ostream& out) {
  out << "{\n  \"file\": " << pe::json_quoted(options.file) << ",\n  \"readers\": [";
  for (std::size_t i = 0; i < options.readers.size(); ++i)
    out << (i ? ", " : "") << pe::json_quoted(to_string(options.readers[i]));
  out << "],\n  \"seeds\": [";
  for (int k = 0; k < kHeadlineSeeds; ++k) out << (k ? ", " : "") << k;
  out << "],\n  \"columns\": [";
  for (std::size_t i = 0; i < r.columns.size(); ++i)
    out << (i ? ", " : "") << pe::json_quoted(r.columns[i]);
  out << "],\n  \"companies\": [";
  for (std::size_t i = 0; i < r.document.companies.size(); ++i)
    out << (i ? ", " : "") << pe::json_quoted(r.document.companies[i]);
  out << "],\n";
  if (with_summary) {
    out << "  \"summary\": [";
    bool first = true;
    for (const auto& [name, s] : summary(r)) {
      out << (first ? "\n" : ",\n") << "    {\"head_reader\": " << pe::json_quoted(name)
          << ", \"questions\": " << s.questions << ", \"right\": " << s.right
          << ", \"accuracy\": " << (s.questions ? accuracy_text(s) : "null")
          << ", \"first_wrong_position\": "
          << (s.first_wrong < 0 ? "null" : std::to_string(s.first_wrong)) << "}";
      first = false;
    }
    out << "\n  ]\n}\n";
    return;
  }
  out << "  \"positions\": [";
  for (std::size_t t = 0; t < r.named_last.size(); ++t) {
    out << (t ? ",\n" : "\n") << "    {\"position\": " << t
        << ", \"token\": " << pe::json_quoted(r.document.tokens[t].text)
        << ", \"named_last\": " << json_company(r, r.named_last[t]) << ", \"answers\": {";
    for (std::size_t c = 0; c < r.columns.size(); ++c)
      out << (c ? ", " : "") << pe::json_quoted(r.columns[c]) << ": "
          << json_company(r, r.answers[c][t]);
    out << "}}";
  }
  out << "\n  ]\n}\n";
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--reader" || arg == "--cache" || arg == "--format" || arg == "--threads") {
        if (i + 1 >= argc) return usage(arg + " needs a value");
        const std::string value = argv[++i];
        if (arg == "--reader") {
          options.readers = {filing_reader_from_string(value)};
        } else if (arg == "--cache") {
          options.cache_dir = value;
        } else if (arg == "--format") {
          if (value != "tsv" && value != "json")
            return usage("unknown format '" + value + "'; valid formats: tsv, json");
          options.format = value;
        } else {
          std::size_t used = 0;
          int threads = -1;
          try {
            threads = std::stoi(value, &used);
          } catch (const std::exception&) {
          }
          if (used != value.size() || threads < 1)
            return usage("--threads needs a positive integer, got '" + value + "'");
          options.threads = threads;
        }
      } else if (arg == "--prepare") {
        options.prepare = true;
      } else if (arg == "--summary") {
        options.summary = true;
      } else if (!arg.empty() && arg[0] == '-') {
        return usage("unknown option '" + arg + "'");
      } else if (options.file.empty()) {
        options.file = arg;
      } else {
        return usage("more than one file given");
      }
    }
  } catch (const std::invalid_argument& e) {
    return usage(e.what());
  }

  try {
    if (options.prepare) {
      const FilingsStudy study = load_study(options.cache_dir, kSelectedSeeds);
      const Tournament tour = run_tournament(selected_tournament(options.cache_dir), options.cache_dir);
      std::cout << "filings study: " << study.heads.size() << " heads (" << study.trained
                << " trained) in " << study.seconds << " s; tournament: " << tour.heads.size()
                << " heads (" << tour.trained << " trained) in " << tour.seconds << " s\n";
      return 0;
    }
    if (options.file.empty()) return usage("no file given");
    const DocumentReading reading = read(options);
    if (options.format == "json") write_json(reading, options, options.summary, std::cout);
    else write_tsv(reading, options.summary, std::cout);
    return 0;
  } catch (const std::invalid_argument& e) {
    if (std::string(e.what()).rfind("cannot read", 0) == 0) return usage(e.what());
    std::cerr << "pe_read_filing: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "pe_read_filing: " << e.what() << '\n';
    return 2;
  }
}
