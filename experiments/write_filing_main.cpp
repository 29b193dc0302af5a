/// @file
/// @brief pe_write_filing: prints a generated document of a given number of words with its
/// company mentions marked `[[Like This]]`, for trying pe_read_filing at document scale.
///
///     pe_write_filing <words> [--seed N]
#include <iostream>
#include <string>

#include "synthetic_filings.hpp"
#include "words.hpp"

namespace {

int usage(const std::string& message) {
  std::cerr << "pe_write_filing: " << message << "\nusage: pe_write_filing <words> [--seed N]\n";
  return 2;
}

/// A positive integer, or -1.
long positive(const std::string& text) {
  std::size_t used = 0;
  long value = -1;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    return -1;
  }
  return used == text.size() && value > 0 ? value : -1;
}

}  // namespace

int main(int argc, char** argv) {
  long words = -1, seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << "usage: pe_write_filing <words> [--seed N]\n\n"
                << pe::wrap_words("Writes to standard output a generated filing of about <words> words (at "
                                  "most ten million) whose company mentions are marked [[Company Name]], the "
                                  "input pe_read_filing reads; --seed picks another document (default 1).", 80);
      return 0;
    }
    if (arg == "--seed") {
      if (i + 1 >= argc || (seed = positive(argv[++i])) < 0)
        return usage("--seed needs a positive integer");
    } else if (words < 0 && (words = positive(arg)) > 0) {
    } else {
      return usage("expected one positive number of words, got '" + arg + "'");
    }
  }
  if (words < 0) return usage("no number of words given");
  try {
    std::cout << pe::experiments::generated_marked_text(std::uint64_t(seed), words);
  } catch (const std::invalid_argument& e) {
    return usage(e.what());
  }
  return 0;
}
