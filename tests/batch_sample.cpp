// A GoogleTest program with one test of each outcome, for the test of the batch machinery
// (batch_check.cmake): passed, failed, skipped, and one that records a claim's properties.
// It is never a test of the project itself; PE_BATCH_SAMPLE_CRASH=1 makes it abort mid-run, and
// PE_BATCH_SAMPLE_NO_FAILURE=1 leaves out the planted failure (a run whose results may be reused).
#include <gtest/gtest.h>

#include <cstdlib>

TEST(Sample, Passes) { SUCCEED(); }
TEST(Sample, FailsWithAMessage) {
  if (!std::getenv("PE_BATCH_SAMPLE_NO_FAILURE")) ADD_FAILURE() << "planted failure";
}
TEST(Sample, IsSkipped) { GTEST_SKIP() << "planted skip"; }
TEST(Sample, RecordsAClaim) {
  RecordProperty("claim", "sample.claim");
  RecordProperty("article", "0.5");
  RecordProperty("computed", "0.5004");
  RecordProperty("rule", "printed");
  RecordProperty("verdict", "holds");
  RecordProperty("expected", "holds");
  RecordProperty("note", "within half a unit of the last printed digit");
}
TEST(Sample, CrashesWhenAsked) {
  if (std::getenv("PE_BATCH_SAMPLE_CRASH")) std::abort();
}
