// T5's buckets: the reference formula's properties, agreement between double and float32
// (the reference implementations compute the logarithm in float32), and domain checks.
#include "expect_invalid.hpp"
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "relative_buckets.hpp"

using pe::testing::expect_invalid;

namespace {

/// The reference formula evaluated in float32, as mesh-tensorflow and Hugging Face do.
int bucket_in_float32(long offset) {
  const long n = std::max(offset, 0L);
  if (n < 16) return static_cast<int>(n);
  const float scaled = std::log(static_cast<float>(n) / 16.0f) / std::log(128.0f / 16.0f) * 16.0f;
  return static_cast<int>(std::min<long>(16 + static_cast<long>(scaled), 31));
}


}  // namespace

RC_GTEST_PROP(T5Buckets, AreNondecreasingAndInRange, ()) {
  const long r = *rc::gen::inRange(0L, 100000000L);
  const long step = *rc::gen::inRange(1L, 1000L);
  const int b = pe::t5_bucket(r);
  RC_ASSERT(b >= 0);
  RC_ASSERT(b <= 31);
  RC_ASSERT(pe::t5_bucket(r + step) >= b);
}

RC_GTEST_PROP(T5Buckets, SmallOffsetsAreExactAndFarOnesShareTheLastBucket, ()) {
  const long small = *rc::gen::inRange(0L, 16L);
  RC_ASSERT(pe::t5_bucket(small) == small);
  const long far = *rc::gen::inRange(113L, 1000000000L);
  RC_ASSERT(pe::t5_bucket(far) == 31);
}

RC_GTEST_PROP(T5Buckets, BidirectionalSplitsTheBucketsByDirection, ()) {
  const pe::T5BucketSpec spec{32, 128, true};
  const long r = *rc::gen::inRange(1L, 100000L);
  const int past = pe::t5_bucket(r, spec), future = pe::t5_bucket(-r, spec);
  RC_ASSERT(past < 16);
  RC_ASSERT(future >= 16);
  RC_ASSERT(future - 16 == past);  // same magnitude, other half
}

TEST(T5Buckets, DoubleAgreesWithTheFloat32Reference) {
  for (long r = 0; r <= 1000000; ++r) ASSERT_EQ(pe::t5_bucket(r), bucket_in_float32(r)) << "offset " << r;
}

TEST(T5Buckets, CausalModeClampsFutureKeysToBucketZero) {
  EXPECT_EQ(pe::t5_bucket(-5), 0);
  EXPECT_EQ(pe::t5_bucket(0), 0);
}

TEST(T5Buckets, RejectsBadSpecs) {
  expect_invalid([] { pe::t5_bucket(3, {1, 128, false}); }, "num_buckets = 1");
  expect_invalid([] { pe::t5_bucket(3, {31, 128, true}); }, "num_buckets = 31");
  expect_invalid([] { pe::t5_bucket(3, {32, 16, false}); }, "max_distance = 16");
  expect_invalid([] { pe::t5_last_bucket_onset({32, 8, true}); }, "max_distance = 8");
  // The boundaries themselves are accepted: 2 buckets causal, 4 bidirectional (two a side).
  EXPECT_NO_THROW(pe::t5_bucket(3, {2, 128, false}));
  EXPECT_NO_THROW(pe::t5_bucket(3, {4, 128, true}));
  expect_invalid([] { pe::t5_bucket(3, {2, 128, true}); }, "num_buckets = 2");
}
