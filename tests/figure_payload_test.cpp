// docs.figure_payload: the figure data shipped with the documentation
// (html/data/figure-payload.json) equals pe::figures::figure_payload() byte for byte, so the
// figures cannot drift from the code.
//
// Why a fixture and not generate-and-compare: comparing figure_payload() with a file this test
// writes itself through the same writer would only test the writer. The file that matters is
// the one the docs build shipped, so CTest runs the docs build first (fixture docs_html, test
// docs.build) and this test reads its output. Run by hand without that file, the test fails
// and says how to build it; it never passes on a missing file.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "figures.hpp"

namespace {

std::string g_shipped_path;

TEST(FigurePayload, ShippedFileEqualsFigurePayload) {
  std::ifstream in(g_shipped_path, std::ios::binary);
  ASSERT_TRUE(in.good()) << g_shipped_path
                         << " does not exist: build the docs first (cmake --build --preset docs)";
  std::ostringstream shipped;
  shipped << in.rdbuf();
  const std::string expected = pe::figures::figure_payload();
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(shipped.str().size(), expected.size());
  // A first differing offset is more useful than two 400 kB strings.
  const std::string& s = shipped.str();
  std::size_t first = 0;
  while (first < s.size() && first < expected.size() && s[first] == expected[first]) ++first;
  EXPECT_TRUE(s == expected) << "first difference at byte " << first << ": shipped '"
                             << s.substr(first, 60) << "' vs figure_payload() '"
                             << expected.substr(first, 60) << "'";
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc != 2) {
    std::cerr << "usage: figure_payload_test <html>/data/figure-payload.json\n";
    return 2;
  }
  g_shipped_path = argv[1];
  return RUN_ALL_TESTS();
}
