/// @file
/// @brief T5's relative-position buckets (Raffel et al. 2020; Definition 3).
///
/// T5 adds a learned scalar per bucket of the offset. With B buckets for one direction (all
/// 32 in the causal case, 16 per direction in the bidirectional case) the first B/2 offsets
/// are exact, and an offset r >= B/2 goes to bucket
/// \f$B/2 + \lfloor \ln(r/(B/2)) / \ln(D_{\max}/(B/2)) \cdot B/2 \rfloor\f$, clipped to B - 1,
/// where \f$D_{\max}\f$ is the `max_distance` (128). The clip is reached once that logarithm
/// crosses B/2 - 1, at \f$r = (B/2) (D_{\max}/(B/2))^{(B/2-1)/(B/2)}\f$, which is
/// \f$16 \cdot 8^{15/16} \approx 112.4\f$ for the causal defaults, not \f$D_{\max}\f$.
///
/// This follows the reference implementation (mesh-tensorflow's and Hugging Face's
/// `_relative_position_bucket`), which computes the logarithm in float32; the tests check that
/// double and float32 agree on every offset they try.
#pragma once

namespace pe {

/// T5's bucket parameters.
struct T5BucketSpec {
  int num_buckets = 32;    ///< total buckets (split between the directions if bidirectional)
  long max_distance = 128; ///< the offset the logarithmic spacing is scaled to
  bool bidirectional = false;
};

/// The bucket of offset r = t - j (positive: the key lies before the query). In the causal
/// (unidirectional) case a negative offset, a future key, is clamped to 0 as in T5. Throws
/// std::invalid_argument unless num_buckets >= 2 (>= 4 and even when bidirectional) and
/// max_distance exceeds the number of exact buckets.
int t5_bucket(long offset, const T5BucketSpec& spec = {});

/// The real offset at which the logarithmic map reaches the last bucket of one direction,
/// \f$e (D_{\max}/e)^{(e-1)/e}\f$ with e the number of exact buckets. Same checks as t5_bucket.
double t5_last_bucket_onset(const T5BucketSpec& spec = {});

}  // namespace pe
