/// @file
/// @brief A text's words: its runs of characters between white space, in order, and the same
/// words filled into lines of a given width (the report's prose, the programs' --help).
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace pe {

inline std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

/// Words of `text` in lines of at most `width` bytes, each line ended by '\n'; the first line
/// starts with `first`, the others with `indent`. A word longer than a line stands alone.
inline std::string wrap_words(const std::string& text, std::size_t width, const std::string& first = "",
                              const std::string& indent = "") {
  std::string out = first, line = first;
  bool line_empty = true;
  for (const std::string& word : split_words(text)) {
    if (!line_empty && line.size() + 1 + word.size() > width) {
      out += "\n" + indent;
      line = indent;
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      line += ' ';
    }
    out += word;
    line += word;
    line_empty = false;
  }
  return out + "\n";
}

}  // namespace pe
