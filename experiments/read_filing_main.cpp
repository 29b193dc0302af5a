/// @file
/// @brief pe_read_filing: reads a plain-text document whose company mentions are marked
/// `[[Company Name]]` and says, at each position, which company each trained reader of the
/// finance case study names as the last one named (the headline seeds of each reader, heads
/// trained with the selected recipe).
///
///     pe_read_filing <file> [--reader NAME] [--format table|tsv|json] [--summary]
///                    [--threads N] [--cache DIR]
///     pe_read_filing --prepare [--cache DIR]   (select the recipe, train or load every head of
///                                              the study and the tournament's headline heads)
///     pe_read_filing --help                    (usage, options, readers and formats)
///
/// Output (standard output):
/// - `table` (the default), for a person at a terminal, at most kTableColumns columns: the
///   companies numbered in order of first appearance, then one line per position: position,
///   token (shortened to fit), the number of the company named last and, per reader, the answer
///   most of its seeds give with how many give it ("ok" when it is the company named last);
/// - `tsv`: a header, then one line per position: position, token, the company named last ("-"
///   before the first mention) and each column's answer, a column per reader and seed;
/// - `json`: one document with the file name, the readers, the seeds, the columns, the
///   companies in order of first appearance and `positions`, one object per position
///   (`position`, `token`, `named_last` or null, `answers` by column name);
/// - `--summary` instead of the positions, in the same format: for each column, and for each
///   reader's seeds together, the questions (positions from the first mention on), how many it
///   answers with the company literally named last, that accuracy, the first position it gets
///   wrong, the accuracy of always naming the first-named company on the same questions (the
///   baseline a reader that lost the trail falls back on) and the reader's accuracy on the
///   case study's held-out filings; before them (table and json), what those filings and the
///   document are like: tokens, company mentions per token, and the share of questions whose
///   answer lies more than the training length back.
///
/// More than 8 companies: the heads know 8 company symbols, which tokenize shares out (a newly
/// named company takes the symbol of the company named least recently); an answered symbol
/// names the company holding it at that position (filings_corpus.hpp).
///
/// Progress goes to standard error: the training of heads the cache lacks (which heads, how
/// many of how many, the time left at the pace so far), a read expected to take more than a
/// minute announced before it starts (with each reader's time alone), and a read taking more
/// than a couple of seconds as it goes. Heads come from the sealed cache (trained there if
/// missing or corrupt). A file that cannot be read gets the operating system's reason ("Is a
/// directory"); malformed markup, bytes that are not UTF-8, a control character other than
/// white space, an empty or binary file, an unknown option, reader or format print a message
/// (with line:column for the document) and exit with status 2. A UTF-8 byte-order mark is
/// skipped.
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "filing_scan.hpp"
#include "synthetic_filings.hpp"
#include "filing_readers.hpp"
#include "json_text.hpp"
#include "length_tournament.hpp"
#include "utf8_text.hpp"
#include "words.hpp"

namespace {

using namespace pe::experiments;
using Clock = std::chrono::steady_clock;

/// The widest line of the table format: a terminal of 100 columns shows it unwrapped.
constexpr std::size_t kTableColumns = 100;

const std::vector<std::string> kFormats = {"table", "tsv", "json"};

const char* const kUsage =
    "usage: pe_read_filing <file> [--reader NAME] [--format table|tsv|json] [--summary]\n"
    "                      [--threads N] [--cache DIR]\n"
    "       pe_read_filing --prepare [--cache DIR]\n"
    "       pe_read_filing --help\n";

int usage(const std::string& message) {
  std::cerr << "pe_read_filing: " << message << "\n" << kUsage;
  return 2;
}

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

void print_help(std::ostream& out) {
  const FilingsStudyConfig study = article_filings_study();
  out << kUsage << "\n"
      << "Reads a plain-text document whose company mentions are marked [[Company Name]] and says,\n"
         "at each position, which company each reader of the finance case study names as the one\n"
         "named last. A reader reads the heads of seeds 0-"
      << kHeadlineSeeds - 1
      << " of its scheme, trained with the recipe the\n"
         "selection rule picks.\n\n"
         "Options:\n"
         "  --reader NAME  read with this reader only (default: every reader)\n"
         "  --format F     how to print (default: table); see Formats\n"
         "  --summary      instead of the positions, one row per reader and seed and per reader's\n"
         "                 seeds together: the questions (positions from the first mention on),\n"
         "                 how many it answers with the company named last, that accuracy, the\n"
         "                 first position it gets wrong, the accuracy of always naming the\n"
         "                 first-named company on the same questions (a baseline), and the\n"
         "                 reader's accuracy on the case study's held-out filings, beside what\n"
         "                 those filings and the document are like (tokens, company mentions\n"
         "                 per token, answers named more than "
      << study.window << " tokens back)\n"
         "  --threads N    read with N threads (default: one per hardware thread)\n"
         "  --cache DIR    where trained heads are kept; heads missing there are trained\n"
         "                 first, once, with progress on standard error (default: the build's\n"
         "                 cache, relative to the project's checkout: "
      << PE_CACHE_DIR_SHOWN << ")\n"
         "  --prepare      train or load every head of the case study (all seeds) and the\n"
         "                 tournament's headline heads, then exit\n"
         "  -h, --help     print this help and exit\n\n"
         "Readers (--reader):\n";
  for (FilingReader r : all_filing_readers()) {
    std::string name = to_string(r);
    name.resize(std::max<std::size_t>(name.size(), 12), ' ');
    out << "  " << name << "heads of scheme " << to_string(scheme_of(r))
        << (map_of(r) == pe::ContextExtension::none
                ? ", as trained"
                : " under the " + pe::to_string(map_of(r)) + " map, kappa = max(1, (t + 2) / " +
                      std::to_string(study.window) + ") at position t")
        << "\n";
  }
  out << "\nFormats (--format):\n"
         "  table  for a terminal, at most "
      << kTableColumns
      << " columns: the companies numbered in order of first\n"
         "         appearance, then per position: position, token (shortened to fit), the company\n"
         "         named last, and per reader the answer most of its seeds give and how many give\n"
         "         it (ok: the company named last; ?: a symbol no company holds yet; split: no\n"
         "         answer is given more often than the others)\n"
         "  tsv    tab-separated, names in full: per position, one column per reader and seed\n"
         "  json   one document: the file, readers, seeds, columns, companies, and one object per\n"
         "         position (or per summary row)\n\n"
         "Exit status: 0 when read, 2 for a bad argument, a file that cannot be read, or a\n"
         "document that is not UTF-8 text with well-formed markup (the message says where,\n"
         "naming bad bytes in hex). Tab, line feed, carriage return, vertical tab and form feed\n"
         "separate words; any other control character is refused.\n";
}

// ---- the document ---------------------------------------------------------------------------

/// The whole file. Refused with the operating system's reason ("cannot read 'x': Is a
/// directory"), or when longer than the reader takes (a regular file before it is read).
std::string read_file(const std::string& path) {
  const auto refusal = [&](int error) {
    return std::runtime_error("cannot read '" + pe::printable_text(path) + "': " + std::strerror(error));
  };
  const auto too_long = [&](const std::string& size) {
    return std::invalid_argument(pe::printable_text(path) + ": " + size + " bytes; the reader takes documents of at most " +
                                 std::to_string(pe::experiments::kMaxDocumentBytes) + " bytes (64 MiB)");
  };
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw refusal(errno);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw refusal(errno);
  if (S_ISREG(info.st_mode) && std::uintmax_t(info.st_size) > pe::experiments::kMaxDocumentBytes)
    throw too_long(std::to_string(info.st_size));
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw refusal(errno);  // a directory fails here: EISDIR
    if (got == 0) return text;
    text.append(buffer, std::size_t(got));
    // A pipe or device has no size to check beforehand: stop once past the limit.
    if (text.size() > pe::experiments::kMaxDocumentBytes)
      throw too_long("more than " + std::to_string(pe::experiments::kMaxDocumentBytes));
  }
}

// ---- progress on standard error -------------------------------------------------------------

/// "8 s", "2 min 5 s", "1 h 4 min".
std::string duration_text(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  if (s < 60) return std::to_string(s) + " s";
  if (s < 3600) return std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
  return std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The time left when `done` of `total` took `elapsed` seconds, at that pace.
std::string time_left_text(double elapsed, double done, double total) {
  if (done <= 0) return "time left not known yet";
  return "about " + duration_text(elapsed * (total - done) / done) + " left";
}

/// Progress on standard error. On a terminal one line rewritten in place (cut to the
/// terminal's width, or the next rewrite would not cover it), at most every second; in a log a
/// line at most every five seconds. Lines of their own (headings, totals) always show.
class ProgressLine {
 public:
  double interval() const { return terminal_ ? 1.0 : 5.0; }

  /// Shows `text` when the last report is at least interval() old.
  void report(const std::string& text) {
    if (reported_ && seconds_since(last_) < interval()) return;
    reported_ = true;
    last_ = Clock::now();
    if (!terminal_) {
      std::cerr << "pe_read_filing: " << text << '\n';
      return;
    }
    std::string line = "pe_read_filing: " + text;
    if (winsize size{}; ::ioctl(2, TIOCGWINSZ, &size) == 0 && size.ws_col > 1)
      line.resize(std::min<std::size_t>(line.size(), size.ws_col - 1u));
    std::cerr << '\r' << line << "\033[K" << std::flush;  // erase what a longer line left
    open_ = true;
  }

  /// Shows `text` on a line of its own, which no report overwrites.
  void line(const std::string& text) {
    std::cerr << (open_ ? "\r\033[K" : "") << "pe_read_filing: " << text << '\n' << std::flush;
    open_ = false;
    reported_ = false;
  }

  ~ProgressLine() {
    if (open_) std::cerr << '\n';
  }

 private:
  bool terminal_ = ::isatty(2) != 0, reported_ = false, open_ = false;
  Clock::time_point last_;
};

/// Training as it goes (TrainingStatus, from the selection and the studies): a heading when a
/// kind of heads starts training, then how many are trained, the time so far and the time
/// left at the pace so far, and a closing line with the count and the time taken.
class TrainingReport {
 public:
  TrainingReport(ProgressLine& progress, std::string cache_dir)
      : progress_(progress), cache_dir_(std::move(cache_dir)) {}

  void operator()(const TrainingStatus& status) {
    if (status.what != what_ || closed_) {
      finish();
      what_ = status.what;
      closed_ = false;
      start_ = Clock::now();
      progress_.line("training " + what_ + ": the cache " + cache_dir_ +
                     " lacks them; later runs load them");
    }
    trained_ = status.trained;
    const double elapsed = seconds_since(start_);
    if (status.trained >= status.to_train) {
      finish();
      return;
    }
    progress_.report(std::to_string(status.trained) + " of " + std::to_string(status.to_train) +
                     " heads trained, " + duration_text(elapsed) + " so far, " +
                     time_left_text(elapsed, double(status.trained), double(status.to_train)) +
                     (status.detail.empty() ? "" : "; " + status.detail));
  }

  /// Closes the heads being trained, if any, with how many were trained and how long it took.
  void finish() {
    if (what_.empty() || closed_) return;
    closed_ = true;
    progress_.line("trained " + std::to_string(trained_) + " " + what_ + " in " +
                   duration_text(seconds_since(start_)));
  }

 private:
  ProgressLine& progress_;
  std::string cache_dir_, what_;
  bool closed_ = false;
  long trained_ = 0;
  Clock::time_point start_;
};

/// The case study's corpus: its training filings and the held-out filings its readers'
/// held-out accuracy is measured on.
pe::experiments::Corpus study_corpus() {
  const FilingsStudyConfig base = article_filings_study();
  return pe::experiments::generate_corpus(base.corpus_seed, base.train_documents, base.held_out_documents);
}

/// The trained heads of the case study in the selected recipe (the selection trains its grid
/// on first use), `seeds` seeds of each scheme that one of `readers` reads (every scheme when
/// empty), training reported to `report`.
FilingsStudy load_study(const pe::experiments::Corpus& corpus, const std::string& cache_dir, int seeds,
                        TrainingReport& report, const std::vector<FilingReader>& readers = {}) {
  FilingsStudyConfig config = selected_filings_study(corpus, cache_dir, seeds, {}, std::ref(report));
  if (!readers.empty()) {
    // Only the heads the readers read: a head's cache key does not depend on which others run.
    std::vector<PositionScheme> read;
    for (PositionScheme s : config.schemes)
      for (FilingReader r : readers)
        if (scheme_of(r) == s && std::find(read.begin(), read.end(), s) == read.end()) read.push_back(s);
    config.schemes = read;
  }
  const std::string what =
      "filings heads of the selected recipe (seeds 0-" + std::to_string(seeds - 1) + ")";
  FilingsStudy study =
      run_filings_study(config, corpus, cache_dir, 0, [&](std::size_t trained, std::size_t missing) {
        report({what, "", long(trained), long(missing)});
      });
  report.finish();
  return study;
}

struct Options {
  std::string file, cache_dir = PE_CACHE_DIR, format = "table";
  std::vector<FilingReader> readers = all_filing_readers();
  bool prepare = false, summary = false, help = false;
  int threads = 0;
};

/// What was read: the document, each column's answers as company indices (-1: a symbol no
/// company holds yet), the company literally named last at each position (-1 before any),
/// each column's head's accuracy on the case study's held-out filings, and what those filings
/// and this document are like (lengths, mentions, how far back the answers lie).
struct DocumentScan {
  pe::experiments::Document document;
  pe::experiments::CorpusStatistics held_out, this_document;
  int window = 0;  ///< the training length: "far" answers lie more than this many tokens back
  int seeds = 0;
  std::vector<std::string> columns;
  std::vector<FilingReader> column_readers;
  std::vector<std::vector<int>> answers;
  std::vector<int> named_last;
  std::vector<double> held_out_accuracy;
};

/// A read expected to take longer than this is announced before it starts (a choice: long
/// enough to be worth a word, short enough that nobody waits it out wondering).
constexpr double kLongReadSeconds = 60;

/// Says on standard error, before a long read starts, how long it will take and how long each
/// reader alone would take (--reader NAME), fastest first.
void warn_if_long(const std::vector<ReaderColumn>& columns, const std::vector<Token>& tokens,
                  int training_length, int threads, ProgressLine& progress) {
  const std::vector<double> seconds = estimated_column_seconds(columns, tokens, training_length);
  const double wall = estimated_wall_seconds(seconds, threads);
  if (wall < kLongReadSeconds) return;
  std::vector<std::pair<double, std::string>> readers;
  for (std::size_t c = 0; c < columns.size();) {
    const std::size_t first = c;
    std::vector<double> same;
    while (c < columns.size() && columns[c].reader == columns[first].reader) same.push_back(seconds[c++]);
    readers.push_back({estimated_wall_seconds(same, threads), to_string(columns[first].reader)});
  }
  std::sort(readers.begin(), readers.end());
  std::string each;
  for (const auto& [time, name] : readers) each += (each.empty() ? "" : ", ") + name + " " + duration_text(time);
  progress.line("reading " + std::to_string(tokens.size()) + " tokens with " + std::to_string(columns.size()) +
                " head-readers will take about " + duration_text(wall) +
                " (the prefix-scanning readers' time grows with the square of the length)" +
                (readers.size() > 1 ? "; one reader alone (--reader NAME): " + each : ""));
}

DocumentScan read(const Options& options) {
  DocumentScan out;
  const std::string file_shown = pe::printable_text(options.file);
  out.document = pe::experiments::parse_marked_text(read_file(options.file), file_shown);
  const pe::experiments::CueTokens cue = pe::experiments::tokenize(out.document);
  const long n = static_cast<long>(cue.symbols.size());
  if (out.document.companies.empty())
    std::cerr << "pe_read_filing: note: " << file_shown
              << " marks no company ([[Name]]); no position has a company named last\n";

  // The headline seeds of the selected recipe: one column per reader and seed.
  ProgressLine progress;
  TrainingReport training(progress, options.cache_dir);
  const pe::experiments::Corpus corpus = study_corpus();
  const FilingsStudy study = load_study(corpus, options.cache_dir, kHeadlineSeeds, training, options.readers);
  out.seeds = study.config.seeds;
  out.window = study.config.window;
  out.held_out = pe::experiments::statistics(corpus.held_out, out.window);
  std::vector<pe::experiments::Document> alone(1);  // moved in and out: a long document is not copied
  alone[0] = std::move(out.document);
  out.this_document = pe::experiments::statistics(alone, out.window);
  out.document = std::move(alone[0]);
  std::vector<ReaderColumn> columns;
  for (FilingReader r : options.readers)
    for (int k = 0; k < study.config.seeds; ++k) {
      columns.push_back({r, study.trained_head(scheme_of(r), k)});
      out.columns.push_back(to_string(r) + "/seed" + std::to_string(k));
      out.column_readers.push_back(r);
      out.held_out_accuracy.push_back(study.held_out_accuracy(r, k));
    }
  const std::vector<Token> tokens = filing_tokens(cue);
  warn_if_long(columns, tokens, study.config.window, options.threads, progress);
  // Quiet for a read of a couple of seconds; after that, how far and how long to go.
  const Clock::time_point start = Clock::now();
  const auto on_read = [&](double fraction) {
    const double elapsed = seconds_since(start);
    if (elapsed < 2.0) return;
    progress.report("reading " + std::to_string(n) + " tokens with " + std::to_string(columns.size()) +
                    " head-readers: " + std::to_string(int(100 * fraction)) + "% after " +
                    duration_text(elapsed) + ", " + time_left_text(elapsed, fraction, 1.0));
  };
  const std::vector<std::vector<int>> symbols = read_document(
      columns, tokens, study.config.window, options.threads, on_read, progress.interval());

  const std::vector<int> holders = pe::experiments::symbol_holders(out.document, cue);
  for (const std::vector<int>& column : symbols) {
    std::vector<int> companies(column.size());
    for (std::size_t t = 0; t < column.size(); ++t)
      companies[t] = holders[t * pe::experiments::kSymbolCount + std::size_t(column[t])];
    out.answers.push_back(std::move(companies));
  }
  int last = -1;
  for (const pe::experiments::FilingToken& token : out.document.tokens) {
    if (token.company >= 0) last = token.company;
    out.named_last.push_back(last);
  }
  return out;
}

std::string company_name(const DocumentScan& r, int company) {
  return company >= 0 ? r.document.companies[std::size_t(company)] : "(no company holds this symbol yet)";
}

// ---- the summary ----------------------------------------------------------------------------

/// Questions, right answers and the first wrong position of some columns taken together; how
/// many of the same questions the first-named company answers; the columns' mean held-out
/// accuracy.
struct Score {
  long questions = 0, right = 0, first_wrong = -1, first_named_right = 0;
  double held_out_accuracy = 0;
};

Score score(const DocumentScan& r, const std::vector<std::size_t>& columns) {
  Score s;
  for (std::size_t t = 0; t < r.named_last.size(); ++t) {
    if (r.named_last[t] < 0) continue;
    for (std::size_t c : columns) {
      ++s.questions;
      s.first_named_right += r.named_last[t] == 0;  // companies are in order of first appearance
      if (r.answers[c][t] == r.named_last[t]) ++s.right;
      else if (s.first_wrong < 0) s.first_wrong = long(t);
    }
  }
  for (std::size_t c : columns) s.held_out_accuracy += r.held_out_accuracy[c] / double(columns.size());
  return s;
}

/// Each column alone, then each reader's columns together.
std::vector<std::pair<std::string, Score>> summary(const DocumentScan& r) {
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

std::string fixed4(double value) {
  std::ostringstream out;
  out.precision(4);
  out << std::fixed << value;
  return out.str();
}

/// `right` of `questions` as an accuracy, or `none` when nothing was asked.
std::string share_text(long right, long questions, const std::string& none) {
  return questions == 0 ? none : fixed4(double(right) / double(questions));
}

std::string first_wrong_text(const Score& s) {
  return s.first_wrong < 0 ? "-" : std::to_string(s.first_wrong);
}

// ---- the table format -----------------------------------------------------------------------

/// `text` cut to at most `width` columns, an ellipsis marking the cut.
std::string shortened(const std::string& text, std::size_t width) {
  if (pe::code_points(text) <= width) return text;
  std::string out;
  std::size_t used = 0;
  for (char c : text) {
    if (!pe::is_continuation_byte(c) && ++used > width - 1) break;
    out += c;
  }
  return out + "\u2026";
}

/// One line of fields, each padded to its width, two spaces apart (right-aligned where
/// `right`); no trailing spaces.
void write_padded(std::ostream& out, const std::vector<std::string>& fields,
                  const std::vector<std::size_t>& widths, const std::vector<bool>& right) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string pad(widths[i] - std::min(widths[i], pe::code_points(fields[i])), ' ');
    line += (i ? "  " : "") + (right[i] ? pad + fields[i] : fields[i] + pad);
  }
  line.erase(line.find_last_not_of(' ') + 1);
  out << line << '\n';
}

/// `words` as lines of at most kTableColumns columns, broken only between words (a word
/// longer than a line is shortened).
void write_wrapped(std::ostream& out, const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& word : words) {
    const std::string w = shortened(word, kTableColumns);
    if (!line.empty() && pe::code_points(line) + 1 + pe::code_points(w) > kTableColumns) {
      out << line << '\n';
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  if (!line.empty()) out << line << '\n';
}

/// The answer most of `answers` give and how many give it; count 0 when the most common answer
/// is not alone (the seeds split).
struct Vote {
  int answer = -1, count = 0;
};

Vote majority(const std::vector<int>& answers) {
  Vote best;
  bool tied = false;
  for (int a : answers) {
    const int n = int(std::count(answers.begin(), answers.end(), a));
    if (n > best.count) {
      best = {a, n};
      tied = false;
    } else if (n == best.count && a != best.answer) {
      tied = true;
    }
  }
  if (tied) best.count = 0;
  return best;
}

std::string company_number(int company) { return "#" + std::to_string(company + 1); }

std::string vote_text(const Vote& vote, int named_last, int seeds) {
  if (vote.count == 0) return "split";
  const std::string who = vote.answer < 0             ? "?"
                          : vote.answer == named_last ? "ok"
                                                      : company_number(vote.answer);
  return who + " " + std::to_string(vote.count) + "/" + std::to_string(seeds);
}

/// A reader's name over two header lines where it has a '+' ("rope" over "+pi"), so that its
/// column is no wider than its answers.
std::pair<std::string, std::string> header_lines(const std::string& name) {
  const std::size_t plus = name.find('+');
  if (plus == std::string::npos) return {"", name};
  return {name.substr(0, plus), name.substr(plus)};
}

void write_table(const DocumentScan& r, std::ostream& out) {
  const std::size_t companies = r.document.companies.size();
  std::vector<std::string> legend =
      pe::split_words(std::to_string(companies) + (companies == 1 ? " company" : " companies") +
               (companies ? ", numbered in order of first appearance:" : "."));
  for (std::size_t c = 0; c < companies; ++c)
    legend.push_back(company_number(int(c)) + " " + r.document.companies[c] +
                     (c + 1 < companies ? "," : "."));
  write_wrapped(out, legend);
  write_wrapped(out, pe::split_words("Per reader: the answer most of its " + std::to_string(r.seeds) +
                              " seeds give, and how many give it (ok: the company named last; ?: a "
                              "symbol no company holds yet; split: no answer is given more often "
                              "than the others)."));
  out << '\n';

  // Readers' columns: one per reader, its seeds' columns folded into a vote.
  std::vector<std::vector<std::size_t>> reader_columns;
  std::vector<std::string> top = {"", "", "named"}, header = {"position", "token", "last"};
  for (std::size_t c = 0; c < r.columns.size(); ++c) {
    if (c == 0 || r.column_readers[c] != r.column_readers[c - 1]) {
      reader_columns.emplace_back();
      const auto [first, second] = header_lines(to_string(r.column_readers[c]));
      top.push_back(first);
      header.push_back(second);
    }
    reader_columns.back().push_back(c);
  }
  // Every width is known before the rows: the widest answer is a company's number or "split".
  const std::size_t n = r.named_last.size();
  const std::string widest_vote = company_number(int(companies)) + " " + std::to_string(r.seeds) + "/" +
                                  std::to_string(r.seeds);
  std::vector<std::size_t> widths;
  for (std::size_t i = 0; i < header.size(); ++i)
    widths.push_back(std::max(pe::code_points(top[i]), pe::code_points(header[i])));
  widths[0] = std::max(widths[0], std::to_string(n - 1).size());
  widths[2] = std::max(widths[2], company_number(int(companies)).size());
  for (std::size_t i = 3; i < widths.size(); ++i)
    widths[i] = std::max({widths[i], widest_vote.size(), std::string("split").size()});
  // The token takes what is left of the line.
  std::size_t others = 0;
  for (std::size_t i = 0; i < widths.size(); ++i) others += i == 1 ? 0 : widths[i] + 2;
  std::size_t longest_token = pe::code_points(header[1]);
  for (const pe::experiments::FilingToken& token : r.document.tokens)
    longest_token = std::max(longest_token, pe::code_points(token.text));
  widths[1] = std::min(longest_token, kTableColumns - std::min(kTableColumns - 5, others));

  const std::vector<bool> right = [&] {
    std::vector<bool> v(widths.size(), false);
    v[0] = true;
    return v;
  }();
  write_padded(out, top, widths, right);
  write_padded(out, header, widths, right);
  std::vector<std::string> fields(widths.size());
  std::vector<int> seed_answers;
  for (std::size_t t = 0; t < n; ++t) {
    fields[0] = std::to_string(t);
    fields[1] = shortened(r.document.tokens[t].text, widths[1]);
    fields[2] = r.named_last[t] < 0 ? "-" : company_number(r.named_last[t]);
    for (std::size_t k = 0; k < reader_columns.size(); ++k) {
      seed_answers.clear();
      for (std::size_t c : reader_columns[k]) seed_answers.push_back(r.answers[c][t]);
      fields[3 + k] = vote_text(majority(seed_answers), r.named_last[t], int(seed_answers.size()));
    }
    write_padded(out, fields, widths, right);
  }
}

/// A median of lengths: 181, or 180.5 between two.
std::string number_text(double value) {
  if (value == std::floor(value)) return std::to_string(static_cast<long long>(value));
  std::ostringstream out;
  out.precision(1);
  out << std::fixed << value;
  return out.str();
}

/// What the held-out accuracy was measured on beside this document, one row each: tokens,
/// company mentions per token, and the share of questions whose answer lies far back.
std::vector<std::vector<std::string>> reference_rows(const DocumentScan& r) {
  const auto row = [](const std::string& name, const pe::experiments::CorpusStatistics& s) {
    const std::string tokens =
        s.documents == 1 ? std::to_string(s.tokens)
                         : "median " + number_text(s.median_length) + ", " +
                               std::to_string(s.min_length) + " to " + std::to_string(s.max_length);
    return std::vector<std::string>{
        name, tokens, share_text(s.mentions, s.tokens, "-"),
        share_text(s.far_queries, s.queries, "-") + " (" + std::to_string(s.far_queries) + " of " +
            std::to_string(s.queries) + ")"};
  };
  return {{"", "tokens", "mentions", "far"},
          row(std::to_string(r.held_out.documents) + " held-out filings", r.held_out),
          row("this document", r.this_document)};
}

void write_summary_table(const DocumentScan& r, std::ostream& out) {
  write_wrapped(out, pe::split_words(
      "Questions: the positions from the first mention on. right: answered with the company named "
      "last. first-named: the accuracy of always naming the first-named company on the same "
      "questions. held-out: the reader's accuracy on the case study's held-out filings."));
  out << '\n';
  write_wrapped(out, pe::split_words(
      "The held-out filings beside this document (mentions: company mentions per token; far: the "
      "share of questions whose answer was named more than " + std::to_string(r.window) +
      " tokens back, beyond the heads' training windows):"));
  out << '\n';
  const std::vector<std::vector<std::string>> reference = reference_rows(r);
  std::vector<std::size_t> reference_widths(reference[0].size(), 0);
  for (const auto& row : reference)
    for (std::size_t i = 0; i < row.size(); ++i)
      reference_widths[i] = std::max(reference_widths[i], pe::code_points(row[i]));
  for (const auto& row : reference)
    write_padded(out, row, reference_widths, std::vector<bool>(row.size(), false));
  out << '\n';
  const std::vector<std::string> header = {"head-reader", "questions", "right", "accuracy",
                                           "first wrong", "first-named", "held-out"};
  std::vector<std::vector<std::string>> rows;
  for (const auto& [name, s] : summary(r))
    rows.push_back({name, std::to_string(s.questions), std::to_string(s.right),
                    share_text(s.right, s.questions, "-"), first_wrong_text(s),
                    share_text(s.first_named_right, s.questions, "-"), fixed4(s.held_out_accuracy)});
  std::vector<std::size_t> widths;
  for (const std::string& h : header) widths.push_back(pe::code_points(h));
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], pe::code_points(row[i]));
  std::vector<bool> right(header.size(), true);
  right[0] = false;
  write_padded(out, header, widths, right);
  for (const auto& row : rows) write_padded(out, row, widths, right);
}

// ---- tsv and json ---------------------------------------------------------------------------

void write_tsv(const DocumentScan& r, bool with_summary, std::ostream& out) {
  if (with_summary) {
    out << "head-reader\tquestions\tright\taccuracy\tfirst wrong position\tfirst-named accuracy"
           "\theld-out accuracy\n";
    for (const auto& [name, s] : summary(r))
      out << name << '\t' << s.questions << '\t' << s.right << '\t'
          << share_text(s.right, s.questions, "-") << '\t' << first_wrong_text(s) << '\t'
          << share_text(s.first_named_right, s.questions, "-") << '\t' << fixed4(s.held_out_accuracy)
          << '\n';
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

std::string json_company(const DocumentScan& r, int company) {
  return company < 0 ? "null" : pe::json_quoted(r.document.companies[std::size_t(company)]);
}

void write_json(const DocumentScan& r, const Options& options, bool with_summary,
                std::ostream& out) {
  out << "{\n  \"file\": " << pe::json_quoted(options.file) << ",\n  \"readers\": [";
  for (std::size_t i = 0; i < options.readers.size(); ++i)
    out << (i ? ", " : "") << pe::json_quoted(to_string(options.readers[i]));
  out << "],\n  \"seeds\": [";
  for (int k = 0; k < r.seeds; ++k) out << (k ? ", " : "") << k;
  out << "],\n  \"columns\": [";
  for (std::size_t i = 0; i < r.columns.size(); ++i)
    out << (i ? ", " : "") << pe::json_quoted(r.columns[i]);
  out << "],\n  \"companies\": [";
  for (std::size_t i = 0; i < r.document.companies.size(); ++i)
    out << (i ? ", " : "") << pe::json_quoted(r.document.companies[i]);
  out << "],\n";
  if (with_summary) {
    const auto figures = [&](const pe::experiments::CorpusStatistics& s) {
      return "{\"documents\": " + std::to_string(s.documents) +
             ", \"median_tokens\": " + number_text(s.median_length) +
             ", \"min_tokens\": " + std::to_string(s.min_length) +
             ", \"max_tokens\": " + std::to_string(s.max_length) +
             ", \"mentions_per_token\": " + share_text(s.mentions, s.tokens, "null") +
             ", \"questions\": " + std::to_string(s.queries) +
             ", \"far_questions\": " + std::to_string(s.far_queries) +
             ", \"far_share\": " + share_text(s.far_queries, s.queries, "null") + "}";
    };
    out << "  \"far_window\": " << r.window
        << ",\n  \"held_out_filings\": " << figures(r.held_out)
        << ",\n  \"this_document\": " << figures(r.this_document) << ",\n";
    out << "  \"summary\": [";
    bool first = true;
    for (const auto& [name, s] : summary(r)) {
      out << (first ? "\n" : ",\n") << "    {\"head_reader\": " << pe::json_quoted(name)
          << ", \"questions\": " << s.questions << ", \"right\": " << s.right
          << ", \"accuracy\": " << share_text(s.right, s.questions, "null")
          << ", \"first_wrong_position\": "
          << (s.first_wrong < 0 ? "null" : std::to_string(s.first_wrong))
          << ", \"first_named_accuracy\": " << share_text(s.first_named_right, s.questions, "null")
          << ", \"held_out_accuracy\": " << fixed4(s.held_out_accuracy) << "}";
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
          if (std::find(kFormats.begin(), kFormats.end(), value) == kFormats.end())
            return usage("unknown format '" + value + "'; valid formats: " + joined(kFormats, ", "));
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
      } else if (arg == "--help" || arg == "-h") {
        options.help = true;
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
  if (options.help) {
    print_help(std::cout);
    return 0;
  }

  try {
    if (options.prepare) {
      ProgressLine progress;
      TrainingReport training(progress, options.cache_dir);
      const FilingsStudy study = load_study(study_corpus(), options.cache_dir, kSelectedSeeds, training);
      const TournamentConfig config =
          selected_tournament(options.cache_dir, kSelectedSeeds, {}, std::ref(training));
      const std::string what =
          "tournament heads of the selected recipe (seeds 0-" + std::to_string(config.seeds - 1) + ")";
      const Tournament tour =
          run_tournament(config, options.cache_dir, 0, [&](std::size_t trained, std::size_t missing) {
            training({what, "", long(trained), long(missing)});
          });
      training.finish();
      std::cout << "filings study: " << study.heads.size() << " heads (" << study.trained
                << " trained) in " << study.seconds << " s; tournament: " << tour.heads.size()
                << " heads (" << tour.trained << " trained) in " << tour.seconds << " s\n";
      return 0;
    }
    if (options.file.empty()) return usage("no file given");
    const DocumentScan scan = read(options);
    if (options.format == "json") write_json(scan, options, options.summary, std::cout);
    else if (options.format == "tsv") write_tsv(scan, options.summary, std::cout);
    else if (options.summary) write_summary_table(scan, std::cout);
    else write_table(scan, std::cout);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "pe_read_filing: " << e.what() << '\n';
    return 2;
  }
}
