/// @file
/// @brief Definition 3, T5's relative-position buckets: exact for small offsets, logarithmic
/// after, and one last bucket for everything far.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (40-relative.md, \ref relative); this file is how they are checked.
///
/// **What is computed.** numerics/relative_buckets.hpp implements T5's reference formula; the checks
/// scan offsets 0 .. 10^6 and read off the exact range, the bucket starts and the first offset
/// of the last bucket. Beyond the scan the bucket is constant because the formula is
/// nondecreasing in r and clipped at 31 (tests/t5_buckets_test.cpp checks monotonicity). The
/// bucket count and the last bucket's first offset are certified: each offset's floor is decided
/// on an MPFI enclosure of the logarithm, up to the first offset in the last bucket.
#include <cmath>
#include <set>
#include <vector>

#include "certified.hpp"
#include "ledger.hpp"
#include "relative_buckets.hpp"
#include "relative_section.hpp"

namespace pe::theorems {
namespace {

constexpr long kScan = 1000000;

/// Buckets of offsets 0 .. kScan under T5's causal defaults.
const std::vector<int>& scanned_buckets() {
  static const std::vector<int> buckets = [] {
    std::vector<int> out(kScan + 1);
    for (long r = 0; r <= kScan; ++r) out[r] = t5_bucket(r);
    return out;
  }();
  return buckets;
}

/// The causal defaults' buckets decided on enclosures, offset by offset from 0 until the
/// first offset in the last bucket (the map is nondecreasing and clipped, so every later offset
/// stays there): the number of distinct buckets used and that first offset, or `decided` false
/// when some offset's floor could not be decided at the precision in force.
struct EnclosedBuckets {
  bool decided = true;
  int distinct = 0;
  long first_in_last = -1;
};

EnclosedBuckets enclosed_buckets() {
  const T5BucketSpec spec;
  const int exact = spec.num_buckets / 2, last = spec.num_buckets - 1;
  EnclosedBuckets out;
  std::set<int> used;
  for (long r = 0; r <= spec.max_distance; ++r) {
    int bucket = static_cast<int>(r);
    if (r >= exact) {
      // exact + floor((num_buckets - exact) ln(r / exact) / ln(max_distance / exact)), clipped.
      const Enclosure scaled = (spec.num_buckets - exact) * log(Enclosure(r) / exact) /
                               log(Enclosure(spec.max_distance) / exact);
      const auto low = floor(lower(scaled)), high = floor(upper(scaled));
      if (lower(scaled) >= last - exact) bucket = last;
      else if (low == high) bucket = exact + static_cast<int>(low);
      else return {false, 0, -1};  // an offset whose floor the enclosure does not decide
    }
    used.insert(bucket);
    if (bucket == last) {
      out.first_in_last = r;
      break;
    }
  }
  const bool contiguous = !used.empty() && *used.begin() == 0 && *used.rbegin() == int(used.size()) - 1;
  out.distinct = contiguous ? int(used.size()) : -1;
  return out;
}

long first_offset_in(int bucket) {
  const std::vector<int>& b = scanned_buckets();
  for (long r = 0; r <= kScan; ++r)
    if (b[r] == bucket) return r;
  return -1;
}

}  // namespace
}  // namespace pe::theorems

namespace pe::theorems::definition3_t5_buckets_claims {
constexpr char kUnit[] = "definition3_t5_buckets";
using namespace pe::ledger;
using namespace pe::theorems;
const std::string section = kRelativeSection;

PE_CLAIM(t5_bucket_count) {
  return Claim("def3.t5.bucket_count").in_section(section)
      .stating("Definition 3 (T5): with the causal defaults (32 buckets, max distance 128) the "
      "offsets 0..10^6 use exactly the buckets 0..31; computed: how many distinct buckets")
      .printed_as("32").decided_by([](const PrintedValue& article) {
        const std::vector<int>& b = scanned_buckets();
        const std::set<int> used(b.begin(), b.end());
        const bool contiguous = *used.begin() == 0 && *used.rbegin() == int(used.size()) - 1;
        auto o = printed_enclosed(article, double(used.size()), [] {
          const EnclosedBuckets e = enclosed_buckets();
          if (!e.decided || e.distinct < 0) return pe::enclose_between(0.0, 32.0);
          return pe::Enclosure(e.distinct);
        });
        o.computed = std::to_string(used.size());
        if (!contiguous) {
          o.verdict = Verdict::fails;
          o.detail += "; but the buckets used are not 0..n-1";
        }
        return o;
      });
}

PE_CLAIM(t5_exact_below_16) {
  return printed_at(Claim("def3.t5.exact_below_16").in_section(section)
      .stating("Definition 3 (T5): offsets below 16 each get their own bucket (bucket(r) = r), and "
      "no offset from 16 on falls into buckets 0..15")
      .printed_as("offsets below 16 exact").decided_by([] {
        const std::vector<int>& b = scanned_buckets();
        bool holds = true;
        for (long r = 0; r < 16; ++r) holds = holds && b[r] == r;
        long first_shared = -1;
        for (long r = 16; r <= kScan; ++r)
          if (b[r] < 16) { holds = false; first_shared = r; break; }
        return shape(holds, "bucket(r) = r for r < 16; bucket(16) = " + std::to_string(b[16]),
                       first_shared < 0 ? "offsets 16..10^6 all land in buckets >= 16"
                                        : "offset " + std::to_string(first_shared) + " lands below 16");
      }), {{"def3.t5", "16"}});
}

PE_CLAIM(t5_last_bucket_start) {
  return Claim("def3.t5.last_bucket_start").in_section(section)
      .stating("Definition 3 (T5): the first offset in the last bucket (31), found by scanning")
      .printed_as("113").decided_by([](const PrintedValue& article) {
        const long first = first_offset_in(31);
        auto o = printed_enclosed(article, double(first), [] {
          const EnclosedBuckets e = enclosed_buckets();
          if (!e.decided || e.first_in_last < 0) return pe::enclose_between(0.0, 1e6);
          return pe::Enclosure(e.first_in_last);
        });
        o.computed = std::to_string(first);
        o.detail += "; bucket(112) = " + std::to_string(pe::t5_bucket(112));
        return o;
      });
}

PE_CLAIM(t5_last_bucket_holds_all) {
  return printed_at(Claim("def3.t5.last_bucket_holds_all").in_section(section)
      .stating("Definition 3 (T5): the last bucket holds every offset from 113 on (scan to 10^6; "
      "the formula is nondecreasing and clipped, so it stays there)")
      .printed_as("every offset from 113 on").decided_by([] {
        const std::vector<int>& b = scanned_buckets();
        long exception = -1;
        for (long r = 113; r <= kScan; ++r)
          if (b[r] != 31) { exception = r; break; }
        return shape(exception < 0, exception < 0 ? "bucket 31 for 113..10^6" : std::to_string(exception),
                       exception < 0 ? "no exception up to 10^6"
                                     : "offset " + std::to_string(exception) + " is not in bucket 31");
      }), {{"def3.t5", "113"}});
}

PE_CLAIM(t5_last_bucket_onset) {
  return Claim("def3.t5.last_bucket_onset").in_section(section)
      .stating("Definition 3 (T5): the logarithmic map reaches the last bucket at 16 * 8^(15/16) "
      "(the clip, not the max distance 128)")
      .printed_as("112.4").decided_by([](const PrintedValue& article) {
        return printed_enclosed(article, pe::t5_last_bucket_onset(), [] {
          return 16 * pow(pe::Enclosure(8), pe::Enclosure(15) / 16);  // the causal defaults
        });
      });
}

PE_CLAIM(t5_not_at_max_distance) {
  return printed_at(Claim("def3.t5.not_at_max_distance").in_section(section)
      .stating("Definition 3 (T5): the last bucket begins before 128 = max distance; offsets 113..127 "
      "are already in it")
      .printed_as("not at 128").decided_by([] {
        const long first = first_offset_in(31);
        return shape(first < 128 && pe::t5_bucket(127) == 31, std::to_string(first),
                       "first offset of bucket 31 is " + std::to_string(first) + " < 128");
      }), {{"def3.t5", "128"}});
}

PE_CLAIM(t5_log_spaced) {
  return Claim("def3.t5.log_spaced").in_section(section)
      .stating("Definition 3 (T5): the buckets 16..31 start at ceil(16 * 8^((k-16)/16)), a "
      "geometric progression (logarithmic spacing)")
      .printed_as("log-spaced buckets").decided_by([] {
        std::string starts;
        bool holds = true;
        for (int k = 16; k < 32; ++k) {
          const long first = first_offset_in(k);
          const long expected = static_cast<long>(std::ceil(16 * std::pow(8.0, (k - 16) / 16.0)));
          holds = holds && first == expected;
          starts += (starts.empty() ? "" : " ") + std::to_string(first);
        }
        return shape(holds, starts, "first offsets of buckets 16..31; each must equal "
                                      "ceil(16 * 8^((k-16)/16))");
      });
}

}  // namespace pe::theorems::definition3_t5_buckets_claims

