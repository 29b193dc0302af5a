/// @file
/// @brief own_words: the runs of words the project's prose shares with the article (CTest
/// `docs.own_words`). Reads pages (*.md) and C++ sources (*.cpp, *.hpp), files or folders walked
/// recursively, and prints each run of --min-words or more consecutive words they share with the
/// article as FILE:LINE, outside formulas, code and '>' quotations (tests/own_words.hpp).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "own_words.hpp"

namespace fs = std::filesystem;
using namespace pe::own_words;

namespace {

constexpr int kUsageError = 2;
constexpr int kSkipped = 77;  // CTest's SKIP_RETURN_CODE for docs.own_words
constexpr std::size_t kWidth = 100;  // the width the project's reports are wrapped to

const char kUsage[] =
    "usage: own_words --article[=]ARTICLE.txt [--min-words N] PATH...\n"
    "Prints every run of N (default 12) or more consecutive words that the pages (*.md) and the\n"
    "C++ comments and string literals (*.cpp, *.hpp) under PATH share with the article, as\n"
    "FILE:LINE. Formulas (\\f$..\\f$, \\f[..\\f], $..$), code (`..`, fenced blocks) and quotations\n"
    "are not compared: a Markdown blockquote ('>' starting the line, in a comment after its marker)\n"
    "and a string literal whose last line ends with the comment `// quoted`.\n"
    "Words are compared lower-cased, without punctuation, 'z' read as 's'.\n"
    "Exit status: 0 when no run is found, 1 when one is, 2 on bad arguments, 77 (skipped) when\n"
    "ARTICLE.txt is empty or names no file.\n";

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool prose_file(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".md" || ext == ".cpp" || ext == ".hpp";
}

/// The files named, and those under the folders named, in a stable order.
std::vector<fs::path> files_under(const std::vector<std::string>& roots) {
  std::vector<fs::path> files;
  for (const std::string& root : roots) {
    if (fs::is_regular_file(root)) {
      files.emplace_back(root);
      continue;
    }
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (entry.is_regular_file() && prose_file(entry.path())) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// The run's words, quoted and wrapped under its FILE:LINE at the report's width.
void print_run(const fs::path& file, const SharedRun& run) {
  std::cout << file.generic_string() << ':' << run.line << ": " << run.words
            << " words shared with the article (its line " << run.article_line << "):\n";
  std::istringstream words("\"" + run.text + "\"");
  std::string line = "    ", word;
  while (words >> word) {
    if (line.size() > 4 && line.size() + 1 + word.size() > kWidth) {
      std::cout << line << '\n';
      line = "    ";
    }
    line += (line.size() > 4 ? " " : "") + word;
  }
  std::cout << line << '\n';
}

struct Arguments {
  std::string article;
  int min_words = 12;
  std::vector<std::string> paths;
};

/// The arguments, or an exit status when there is nothing to check.
int parse(int argc, char** argv, Arguments& a) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (arg.rfind("--article=", 0) == 0) {  // the form CMake passes, an empty value included
      a.article = arg.substr(10);
    } else if ((arg == "--article" || arg == "--min-words") && i + 1 < argc) {
      const std::string value = argv[++i];
      if (arg == "--article") a.article = value;
      else if ((a.min_words = std::atoi(value.c_str())) < 2) {
        std::cerr << "own_words: --min-words takes a whole number of at least 2, not '" << value << "'\n";
        return kUsageError;
      }
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << "own_words: unknown option '" << arg << "'\n" << kUsage;
      return kUsageError;
    } else if (!fs::exists(arg)) {
      std::cerr << "own_words: no file or folder '" << arg << "'\n";
      return kUsageError;
    } else {
      a.paths.push_back(arg);
    }
  }
  if (a.paths.empty()) {
    std::cerr << "own_words: name at least one page, source or folder to read\n" << kUsage;
    return kUsageError;
  }
  if (a.article.empty() || !fs::is_regular_file(a.article)) {
    std::cout << "own_words: skipped: no copy of the article to compare with (--article '" << a.article
              << "'; configure with -DPE_ARTICLE=PATH to run this check)\n";
    return kSkipped;
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  Arguments a;
  if (const int status = parse(argc, argv, a); status >= 0) return status;
  const ArticleIndex article(article_words(read(a.article)), a.min_words);
  const std::vector<fs::path> files = files_under(a.paths);
  int runs = 0, files_with_runs = 0;
  for (const fs::path& file : files) {
    const std::string text = read(file);
    const Words words = file.extension() == ".md" ? prose_words(text, 1) : cpp_words(text);
    const std::vector<SharedRun> found = shared_runs(words, article);
    for (const SharedRun& run : found) print_run(file, run);
    runs += static_cast<int>(found.size());
    files_with_runs += !found.empty();
  }
  if (runs == 0) {
    std::cout << "own_words: no run of " << a.min_words << " or more words shared with the article in "
              << files.size() << " files\n";
    return 0;
  }
  std::cout << "own_words: " << runs << (runs == 1 ? " run of " : " runs of ") << a.min_words << " or more words shared with the article, in "
            << files_with_runs << " of " << files.size() << " files:\n"
            << "say them in the project's own words, or mark a quotation with '>' (tests/own_words.hpp)\n";
  return 1;
}
