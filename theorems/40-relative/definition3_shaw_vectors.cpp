/// @file
/// @brief Definition 3, Shaw and colleagues' clipped relative vectors: relative by construction,
/// and blind past the clip.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (40-relative.md, \ref relative); this file is how they are checked.
///
/// **What is computed.** numerics/relative_vectors.hpp scores from the positions themselves;
/// the checks shift both positions of seeded pairs by up to 10^6 and compare the scores bit for
/// bit, then count the distinct scores over offsets 0 .. 10^4 with a seeded table.
#include <set>

#include "ledger.hpp"
#include "random.hpp"
#include "relative_vectors.hpp"
#include "relative_section.hpp"

namespace pe::theorems {
namespace {

constexpr int kWidth = 16;
constexpr long kClip = 16;
constexpr double kTau = 4;  // sqrt(d)

struct ShawSample {
  Eigen::VectorXd q, k;
  Eigen::MatrixXd table;
};

ShawSample shaw_sample(unsigned seed) {
  Rng rng(seed);
  ShawSample s{Eigen::VectorXd(kWidth), Eigen::VectorXd(kWidth), Eigen::MatrixXd(kClip + 1, kWidth)};
  for (int i = 0; i < kWidth; ++i) s.q(i) = rng.normal(), s.k(i) = rng.normal();
  for (long r = 0; r <= kClip; ++r)
    for (int i = 0; i < kWidth; ++i) s.table(r, i) = rng.normal();
  return s;
}

}  // namespace
}  // namespace pe::theorems

namespace pe::theorems::definition3_shaw_vectors_claims {
constexpr char kUnit[] = "definition3_shaw_vectors";
using namespace pe::ledger;
using namespace pe::theorems;
const std::string section = kRelativeSection;

PE_CLAIM(shaw_relative) {
  return Claim("def3.shaw.relative").in_section(section)
      .stating("Definition 3 (Shaw and colleagues): the score depends on the positions only through "
      "the offset: 1,000 seeded (t, j) pairs, t <= 10^6, each moved together by a seeded "
      "shift up to 10^6; computed: the largest |s(t, j) - s(t + c, j + c)|")
      .printed_as("s_tj = q_t (k_j + a_min(r, K))^T / tau").decided_by([] {
        const ShawSample s = shaw_sample(3);
        pe::Rng rng(4);
        double worst = 0;
        for (int i = 0; i < 1000; ++i) {
          const long t = rng.integer(0, 1000000), j = t - rng.integer(0, std::min(t, 64L));
          const long c = rng.integer(0, 1000000);
          worst = std::max(worst, std::abs(pe::shaw_score(s.q, s.k, s.table, t, j, kTau) -
                                           pe::shaw_score(s.q, s.k, s.table, t + c, j + c, kTau)));
        }
        return identity(worst, 0, 0,
                        "exact: both scores are the same floating-point operations on the "
                        "same table row");
      });
}

PE_CLAIM(shaw_blind_past_clip) {
  return Claim("def3.shaw.blind_past_clip").in_section(section)
      .stating("Definition 3 (Shaw and colleagues), past the clip: with K = 16 and a seeded table, "
      "the offsets 0 .. 10^4 give exactly K + 1 distinct scores, and every offset from K on "
      "scores as offset K does")
      .printed_as("one vector per offset up to a clip K").decided_by([] {
        const ShawSample s = shaw_sample(5);
        const long t = 20000;
        std::set<double> distinct;
        bool past_clip_alike = true;
        const double at_clip = pe::shaw_score(s.q, s.k, s.table, t, t - kClip, kTau);
        for (long r = 0; r <= 10000; ++r) {
          const double score = pe::shaw_score(s.q, s.k, s.table, t, t - r, kTau);
          distinct.insert(score);
          if (r >= kClip) past_clip_alike = past_clip_alike && score == at_clip;
        }
        return shape(distinct.size() == std::size_t(kClip + 1) && past_clip_alike,
                     std::to_string(distinct.size()) + " distinct scores",
                     "must be K + 1 = " + std::to_string(kClip + 1) +
                         ", with every offset >= K scoring as offset K");
      });
}

}  // namespace pe::theorems::definition3_shaw_vectors_claims

