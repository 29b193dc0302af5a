#include "relative_buckets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace pe {
namespace {

/// Buckets of one direction, after validating the spec.
int directional_buckets(const T5BucketSpec& spec) {
  if (spec.bidirectional && (spec.num_buckets < 4 || spec.num_buckets % 2 != 0))
    throw std::invalid_argument(
        "t5_bucket: num_buckets must be even and >= 4 when bidirectional, got num_buckets = " +
        std::to_string(spec.num_buckets));
  if (spec.num_buckets < 2)
    throw std::invalid_argument("t5_bucket: num_buckets must be >= 2, got num_buckets = " +
                                std::to_string(spec.num_buckets));
  const int buckets = spec.bidirectional ? spec.num_buckets / 2 : spec.num_buckets;
  const int exact = buckets / 2;
  if (spec.max_distance <= exact)
    throw std::invalid_argument("t5_bucket: max_distance must exceed the " + std::to_string(exact) +
                                " exact buckets, got max_distance = " +
                                std::to_string(spec.max_distance));
  return buckets;
}

}  // namespace

int t5_bucket(long offset, const T5BucketSpec& spec) {
  const int buckets = directional_buckets(spec);
  int bucket = 0;
  long n = offset;  // T5 negates (memory - query) = -offset, so its n is our offset
  if (spec.bidirectional) {
    if (n < 0) bucket += buckets;
    n = std::labs(n);
  } else {
    n = std::max(n, 0L);
  }
  const int exact = buckets / 2;
  if (n < exact) return bucket + static_cast<int>(n);
  const double scaled = std::log(double(n) / exact) / std::log(double(spec.max_distance) / exact) *
                        (buckets - exact);
  const long large = exact + static_cast<long>(scaled);  // truncation, as T5's cast to int
  return bucket + static_cast<int>(std::min<long>(large, buckets - 1));
}

double t5_last_bucket_onset(const T5BucketSpec& spec) {
  const int buckets = directional_buckets(spec);
  const double exact = buckets / 2;
  const double span = buckets - exact;
  return exact * std::pow(double(spec.max_distance) / exact, (span - 1) / span);
}

}  // namespace pe
