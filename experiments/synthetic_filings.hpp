/// @file
/// @brief A synthetic corpus of company filings (MD&A sections, earnings-call excerpts and 8-K
/// reports) with every company mention annotated, its tokenizer into the cue task's format,
/// and a reader of plain text whose mentions are marked as `[[Company Name]]`.
///
/// A document names a parent company, then subsidiaries and competitors, and keeps referring
/// back to "the company". Mentions come in bursts (a sentence that names two or three
/// companies, perhaps a follow-up naming one) separated by long stretches of ordinary
/// sentences about revenue, liquidity, segments, guidance and material events. Everything is
/// generated from a seed; the company names are invented.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace pe::experiments {

/// One token of a filing: an ordinary word, or a whole company name (one token per mention).
/// The readers see a filing as the cue task's Tokens (cue_task.hpp), after tokenize.
struct FilingToken {
  std::string text;
  int company = -1;  ///< order of first appearance in its document (0, 1, ...), or -1
};

enum class DocumentKind { mdna, earnings_call, form_8k };
std::string to_string(DocumentKind kind);

struct Document {
  DocumentKind kind = DocumentKind::mdna;
  std::string title;
  std::vector<std::string> companies;  ///< by order of first appearance
  std::vector<FilingToken> tokens;
};

struct Corpus {
  std::vector<Document> train;
  std::vector<Document> held_out;
};

/// The readers know this many company symbols (and hash every other word to one of as many).
inline constexpr int kSymbolCount = 8;

/// The longest text parse_marked_text reads: 64 MiB, about ten million words, fifty times an
/// annual report of 200,000 words. Reading it at every position is another matter: the
/// scanning readers' time grows with the square of the length (filing_scan.hpp).
inline constexpr std::size_t kMaxDocumentBytes = std::size_t(64) << 20;

/// How the generator lays out a filing: every field is a probability or a size of the text,
/// and none is read from a trained head. calibrated_shape() holds the values that
/// pe_calibrate_corpus finds (experiments/corpus_calibration.hpp); the defaults here are the
/// hand-set shape that search starts from.
struct CorpusShape {
  /// Document kinds: MD&A sections and earnings calls; the rest are 8-K reports.
  double mdna_share = 0.45, call_share = 0.35;
  /// Each document's target length in tokens: normal around its kind's mean with one spread,
  /// clipped to [length_min, length_max]; writing stops at the end of the first ordinary
  /// sentence that reaches it (a burst of mentions is always finished).
  double mdna_length = 178, call_length = 178, form_8k_length = 178, length_spread = 45;
  double length_min = 110, length_max = 320;
  /// Chance that an ordinary sentence comes from its kind's own pool (call remarks, 8-K items)
  /// rather than the shared one.
  double kind_sentence = 0.25;
  /// Ordinary sentences between the opening (which names the parent) and the first burst, and
  /// between later bursts: uniform in [min, max].
  int opening_gap_min = 1, opening_gap_max = 4;
  int gap_min = 4, gap_max = 9;
  /// A burst's first sentence names the parent alone, the parent then another company, another
  /// then the parent, or (the rest) the parent and two others.
  double parent_only = 0.25, parent_first = 0.15, parent_last = 0.3;
  /// Chance that a burst's other company is one the document has not named yet.
  double new_company = 0.6;
  /// Up to max_follow_ups sentences continue a burst, each with chance follow_up; each names
  /// the parent with chance follow_up_by_parent, else the burst's other company.
  double follow_up = 0.8, follow_up_by_parent = 0.9;
  int max_follow_ups = 3;
  /// Chance that a burst then closes with a sentence about its other company, so that the
  /// stretch of ordinary text after it answers with that company rather than the parent.
  double other_closes = 0.3;
  /// The parent and two to four (uniform in [min, max]) subsidiaries or competitors.
  int others_min = 2, others_max = 4;
};

/// The shape the case study's corpus is generated with (experiments/corpus_calibration.cpp).
const CorpusShape& calibrated_shape();

/// Throws std::invalid_argument, naming the field, for a shape outside its range (a
/// probability outside [0, 1], burst shares summing past 1, min > max, a negative size).
void validate(const CorpusShape& shape);

/// The corpus of `train_count` + `held_out_count` documents drawn from `seed`. Each document
/// has a random stream of its own (training document i from mix_seed(mix_seed(seed, 0), i),
/// held-out document j from mix_seed(mix_seed(seed, 1), j)), so the held-out set does not
/// depend on train_count and a small change of shape changes each document only locally.
Corpus generate_corpus(std::uint64_t seed, int train_count = 300, int held_out_count = 100,
                       const CorpusShape& shape = calibrated_shape());
/// The held-out documents alone, as generate_corpus draws them.
std::vector<Document> generate_held_out(std::uint64_t seed, int count, const CorpusShape& shape);

/// The hand-built held-out filing of the case study: Marrow Freight named six times, Dunmore
/// Aerospace and Siskin Apparel once each, Fenwick Logistics once at token 64, the clause "a
/// result the company called disappointing" 45 tokens later, 209 tokens in all.
Document exhibit_filing();

/// The company a reader's answer names in `document`: its company with that symbol (company
/// order), or "(symbol N, no company here)" when the answer is a symbol no company of the
/// document holds (a head may answer any of kSymbolCount symbols).
std::string answered_company(const Document& document, int answer);

/// The cue task's format: a symbol and a mark per token.
struct CueTokens {
  std::vector<int> symbols;   ///< company order for a mention, a hashed symbol otherwise
  std::vector<char> marked;   ///< 1 for a company mention
};

/// Any word carries a hash of its lower-cased letters and digits modulo kSymbolCount. A company
/// mention carries the symbol its company holds. The first kSymbolCount companies named take
/// symbols 0, 1, ... in order of first appearance, so a document naming at most kSymbolCount
/// companies has symbol = company order. A company named when every symbol is held (or named
/// again after its symbol was given away) takes the symbol whose holder was named least
/// recently: the question is only which company was named last, and the least recently named
/// one is the least likely answer. An answered symbol at position t therefore means the company
/// holding it at t, the most recent company given that symbol (see symbol_holders).
CueTokens tokenize(const Document& document);

/// The hashed symbol of an ordinary word.
int word_symbol(const std::string& word);

/// The company holding each symbol after each token (n x kSymbolCount, row-major; -1 where no
/// company holds it yet): an answer `s` at position t names company holders[t * kSymbolCount + s].
std::vector<int> symbol_holders(const Document& document, const CueTokens& cue);

/// One query: at `position`, which company was named last (at or before it)?
struct Query {
  int position;
  int answer;    ///< company order
  int distance;  ///< position minus the position of that mention
};

/// Every position from the first company mention on: the article's "every held-out position
/// after the first mention", read as including the mention's own position, where the question
/// already has its answer (the company just named, distance 0).
std::vector<Query> queries(const Document& document);

/// The article's "answer more than 32 tokens back", in its own words: the distance from the
/// queried position back to the mention exceeds `window` (distance > window).
bool is_far(const Query& query, int window = 32);

struct CorpusStatistics {
  int documents = 0;
  double median_length = 0;
  double median_mentions = 0;
  long min_length = 0, max_length = 0;  ///< tokens of the shortest and the longest document
  long tokens = 0, mentions = 0;        ///< in all documents together
  long queries = 0;
  long far_queries = 0;  ///< is_far with the window statistics() is given
  long first_named = 0;      ///< queries whose answer is the first-named company
  long first_named_far = 0;  ///< the same among far queries
  double first_named_share = 0;      ///< first_named / queries
  double first_named_far_share = 0;  ///< first_named_far / far_queries
};

CorpusStatistics statistics(const std::vector<Document>& documents, int window = 32);

/// The document as text; with `highlight`, each company mention is wrapped as [[Name]].
std::string render(const Document& document, bool highlight);

/// Generated filings (seed `seed`), each rendered with its mentions marked and separated by a
/// blank line, until the text holds `words` white-space separated words (the last filing cut
/// after a whole token): a document of any length, naming many companies, for reading at
/// document scale. Throws std::invalid_argument for words < 1 or more than
/// kMaxGeneratedWords.
std::string generated_marked_text(std::uint64_t seed, long words);
/// Ten million words: about the longest text parse_marked_text takes.
inline constexpr long kMaxGeneratedWords = 10'000'000;

/// A malformed marked-up document: says where.
class MarkupError : public std::runtime_error {
 public:
  MarkupError(const std::string& source, int line, int column, const std::string& what);
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  int line_, column_;
};

/// Reads plain UTF-8 text whose company mentions are marked `[[Company Name]]`. Words are split
/// on white space (tab, line feed, vertical tab, form feed, carriage return, space); a UTF-8
/// byte-order mark opening the text is skipped. Throws MarkupError, at the first offence, for
/// bytes that are not UTF-8 (named in hex), a NUL byte (binary input) or another control
/// character, an empty input, a `[[` never closed (at it), a `[[` inside a mention (at the
/// inner one), a stray `]]` or an empty name; its line and column count characters. Any
/// number of distinct companies (tokenize shares the symbols among them). Throws
/// std::invalid_argument, naming the size, for a text longer than kMaxDocumentBytes.
Document parse_marked_text(const std::string& text, const std::string& source_name);

}  // namespace pe::experiments
