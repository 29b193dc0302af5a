// libFuzzer target: any bytes as a marked-up document. parse_marked_text either returns a
// document whose tokens are UTF-8 without control characters or throws MarkupError with a line
// and column inside the text; tokenize then either tokenizes it or refuses a document with more
// companies than the readers know. Anything else (a crash, a hang, another exception, a
// position outside the text) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "synthetic_filings.hpp"
#include "utf8_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  long lines = 1;
  for (char c : text) lines += c == '\n';
  try {
    const pe::experiments::Document doc = pe::experiments::parse_marked_text(text, "fuzz");
    if (doc.tokens.empty()) std::abort();  // an empty document must be refused
    for (const pe::experiments::FilingToken& t : doc.tokens) {
      if (t.company >= int(doc.companies.size())) std::abort();
      // What is printed of a document is UTF-8 without control characters (white space too).
      for (std::size_t i = 0; i < t.text.size();) {
        const pe::Utf8Char c = pe::decode_utf8(t.text, i);
        if (c.problem != pe::Utf8Problem::none || pe::is_control(c.code)) std::abort();
        i += std::size_t(c.length);
      }
    }
    try {
      const pe::experiments::CueTokens cue = pe::experiments::tokenize(doc);
      if (cue.symbols.size() != doc.tokens.size()) std::abort();
    } catch (const std::invalid_argument&) {
      if (int(doc.companies.size()) <= pe::experiments::kSymbolCount) std::abort();
    }
  } catch (const pe::experiments::MarkupError& e) {
    if (e.line() < 1 || e.line() > lines || e.column() < 1) std::abort();
  }
  return 0;
}
