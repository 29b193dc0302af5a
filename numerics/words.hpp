/// @file
/// @brief A text's words: its runs of characters between white space, in order.
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

}  // namespace pe
