// pe_test_result RESULTS.json SUITE.NAME: one CTest test of a GoogleTest program whose tests ran
// together in one process (tests/batch_run.cmake wrote RESULTS.json). Prints the test's recorded
// properties (a claim's article, computed value, verdict and note) and failures as the test
// itself would have, and exits as it would have: 0 passed, 1 failed or missing, 77 skipped
// (CTest's SKIP_RETURN_CODE). The program pays its start-up once for all its tests.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "json_text.hpp"

namespace {

const pe::JsonValue* find_test(const pe::JsonValue& document, const std::string& full_name) {
  const pe::JsonValue* suites = document.member("testsuites");
  if (!suites) return nullptr;
  for (const pe::JsonValue& suite : suites->items) {
    const pe::JsonValue* tests = suite.member("testsuite");
    if (!tests) continue;
    for (const pe::JsonValue& test : tests->items)
      if (suite.text_of("name") + "." + test.text_of("name") == full_name) return &test;
  }
  return nullptr;
}

void print_claim(const pe::JsonValue& test) {
  if (test.text_of("claim").empty()) return;
  std::cout << "claim " << test.text_of("claim") << " [" << test.text_of("rule") << "]: article "
            << test.text_of("article") << ", computed " << test.text_of("computed") << ", verdict "
            << test.text_of("verdict") << " (expected " << test.text_of("expected") << ")\n  "
            << test.text_of("note") << "\n";
  try {
    std::size_t used = 0;
    const double value = std::stod(test.text_of("computed"), &used);
    std::cout << "<CTestMeasurement type=\"numeric/double\" name=\"computed\">" << value
              << "</CTestMeasurement>\n";
  } catch (const std::exception&) {
    // A shape claim's computed value is a description, not a number.
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: pe_test_result RESULTS.json SUITE.NAME\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cout << "FAIL: no results at " << argv[1] << ": the test program's batch did not finish\n";
    return 1;
  }
  std::ostringstream text;
  text << in.rdbuf();
  pe::JsonValue document;
  try {
    document = pe::parse_json(text.str());
  } catch (const std::exception& e) {
    std::cout << "FAIL: " << argv[1] << " is not GoogleTest's JSON: " << e.what() << "\n";
    return 1;
  }
  const pe::JsonValue* test = find_test(document, argv[2]);
  if (!test || test->text_of("status") != "RUN") {
    std::cout << "FAIL: " << argv[2] << " did not run in the batch (" << argv[1] << ")\n";
    return 1;
  }
  print_claim(*test);
  std::cout << argv[2] << ": " << test->text_of("result") << " in " << test->text_of("time")
            << " of its program's one run (" << argv[1] << ")\n";
  const pe::JsonValue* failures = test->member("failures");
  if (failures && !failures->items.empty()) {
    for (const pe::JsonValue& f : failures->items) std::cout << f.text_of("failure") << "\n";
    return 1;
  }
  return test->text_of("result") == "SKIPPED" ? 77 : 0;
}
