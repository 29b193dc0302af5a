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

namespace pe::filings {

/// One token: an ordinary word, or a whole company name (one token per mention).
struct Token {
  std::string text;
  int company = -1;  ///< order of first appearance in its document (0, 1, ...), or -1
};

enum class DocumentKind { mdna, earnings_call, form_8k };
std::string to_string(DocumentKind kind);

struct Document {
  DocumentKind kind = DocumentKind::mdna;
  std::string title;
  std::vector<std::string> companies;  ///< by order of first appearance
  std::vector<Token> tokens;
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

/// The corpus of `train_count` + `held_out_count` documents drawn from `seed`.
Corpus generate_corpus(std::uint64_t seed, int train_count = 300, int held_out_count = 100);

/// The hand-built held-out filing of the case study: Marrow Freight named six times, Dunmore
/// Aerospace and Siskin Apparel once each, Fenwick Logistics once at token 64, the clause "a
/// result the company called disappointing" 45 tokens later, 209 tokens in all.
Document exhibit_filing();

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
  long queries = 0;
  long far_queries = 0;  ///< with window 32
  double first_named_share = 0;      ///< queries whose answer is the first-named company
  double first_named_far_share = 0;  ///< the same among far queries
};

CorpusStatistics statistics(const std::vector<Document>& documents);

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

/// Reads plain text whose company mentions are marked `[[Company Name]]`. Words are split on
/// white space. Throws MarkupError for an empty or binary input, an unclosed `[[`, a stray
/// `]]`, a nested `[[` or an empty name; its line and column count characters (UTF-8). Any
/// number of distinct companies (tokenize shares the symbols among them). Throws
/// std::invalid_argument, naming the size, for a text longer than kMaxDocumentBytes.
Document parse_marked_text(const std::string& text, const std::string& source_name);

}  // namespace pe::filings
