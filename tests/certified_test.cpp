// The certified rule helpers' decision procedure: an enclosure inside the printed value's
// rounding interval holds, one wholly outside fails, one straddling an edge is recomputed at a
// higher precision until it decides, and one that never decides falls back on floating point
// and is marked not certified.
#include <gtest/gtest.h>

#include "certified.hpp"
#include "enclosure.hpp"
#include "claims_render.hpp"

namespace pe::ledger {
namespace {

using ledger::Verdict;

TEST(Enclosures, BetweenTwoEndsRefusesThemReversed) {
  const pe::Enclosure x = pe::enclose_between("0.25", "0.75");
  EXPECT_TRUE(lower(x) == 0.25 && upper(x) == 0.75);
  EXPECT_THROW(pe::enclose_between("0.75", "0.25"), std::invalid_argument);
  EXPECT_THROW(pe::enclose_between(0.75, 0.25), std::invalid_argument);
  EXPECT_NO_THROW(pe::enclose_between("0.5", "0.5"));
}

TEST(CertifiedPrinted, AnEnclosureInsideTheRoundingIntervalHolds) {
  const auto o = printed_enclosed(pe::ledger::PrintedValue::of("0.737"), 0.7371, [] { return enclose_decimal("0.7371"); });
  EXPECT_EQ(o.verdict, Verdict::holds);
  EXPECT_TRUE(o.certified);
  EXPECT_NE(o.detail.find("at 30 digits lies inside"), std::string::npos) << o.detail;
}

TEST(CertifiedPrinted, AnEnclosureWhollyOutsideFails) {
  const auto o = printed_enclosed(pe::ledger::PrintedValue::of("0.737"), 0.75, [] { return enclose_decimal("0.75"); });
  EXPECT_EQ(o.verdict, Verdict::fails);
  EXPECT_TRUE(o.certified);
  EXPECT_NE(o.detail.find("wholly outside"), std::string::npos) << o.detail;
}

TEST(CertifiedPrinted, AStraddlingEnclosureIsDecidedAtAHigherPrecision) {
  // 0.7375 - 10^-40 lies inside [0.7365, 0.7375], but at 30 digits its enclosure also covers
  // the edge 0.7375; at 60 digits it no longer does.
  const auto enclose = [] { return enclose_decimal("0.7375") - pow(Enclosure(10), -40); };
  {
    const ScopedEnclosurePrecision precision(30);
    EXPECT_EQ(place(enclose(), "0.737"), Placement::straddles);
  }
  const auto o = printed_enclosed(pe::ledger::PrintedValue::of("0.737"), 0.7375, enclose);
  EXPECT_EQ(o.verdict, Verdict::holds);
  EXPECT_TRUE(o.certified);
  EXPECT_NE(o.detail.find("at 60 digits"), std::string::npos) << o.detail;
  EXPECT_NE(o.detail.find("straddled an edge at 30 digits"), std::string::npos) << o.detail;
}

TEST(CertifiedPrinted, AnEnclosureOnTheEdgeAtEveryPrecisionIsNotCertified) {
  const auto o = printed_enclosed(pe::ledger::PrintedValue::of("0.737"), 0.7375, [] { return enclose_decimal("0.7375"); });
  EXPECT_FALSE(o.certified);
  EXPECT_NE(o.detail.find("undecided"), std::string::npos) << o.detail;
}

TEST(CertifiedBound, EndpointsDecideAndOverlapIsRaisedThenGivenUp) {
  const auto apart = [] { return std::pair{enclose_decimal("1") + pow(Enclosure(10), -40), Enclosure(1)}; };
  const auto greater = bound_enclosed(true, apart, "a", "b");
  EXPECT_EQ(greater.verdict, Verdict::holds);
  EXPECT_TRUE(greater.certified);
  EXPECT_NE(greater.detail.find("at 60 digits"), std::string::npos) << greater.detail;
  const auto refuted = bound_enclosed(true, [] { return std::pair{Enclosure(1), Enclosure(2)}; }, "a", "b");
  EXPECT_EQ(refuted.verdict, Verdict::fails);
  EXPECT_TRUE(refuted.certified);
  const auto equal = bound_enclosed(true, [] { return std::pair{sqrt(Enclosure(2)), sqrt(Enclosure(2))}; }, "a", "b");
  EXPECT_FALSE(equal.certified);
}

TEST(Enclosures, ZeroPrintsWithoutASign) {
  const ScopedEnclosurePrecision precision(30);
  EXPECT_EQ(interval_text(Enclosure(0), 3), "[0.00e+00, 0.00e+00]");
}

TEST(Enclosures, TheMaximumOfIntervalsEnclosesTheLargest) {
  const ScopedEnclosurePrecision precision(30);
  const Enclosure m = enclosure_of_max({enclose_decimal("0.1"), enclose_decimal("0.3"), enclose_decimal("0.2")});
  EXPECT_EQ(place(m, "0.3"), Placement::inside);
  EXPECT_THROW(enclosure_of_max({}), std::invalid_argument);
  EXPECT_THROW(enclose_decimal("zero"), std::invalid_argument);
}

TEST(CertifiedPrinted, AFloatingPointRouteThatRoundsOtherwiseIsRecorded) {
  // 0.7376 lies outside [0.7365, 0.7375] while the enclosure of 0.737 lies inside.
  const auto disagreeing = printed_enclosed(pe::ledger::PrintedValue::of("0.737"), 0.7376, [] { return enclose_decimal("0.737"); });
  EXPECT_EQ(disagreeing.verdict, Verdict::holds);
  EXPECT_NE(disagreeing.floating_disagreement.find("0.7376 lies outside"), std::string::npos)
      << disagreeing.floating_disagreement;
  const auto agreeing = printed_enclosed(pe::ledger::PrintedValue::of("0.737"), 0.7371, [] { return enclose_decimal("0.737"); });
  EXPECT_TRUE(agreeing.floating_disagreement.empty()) << agreeing.floating_disagreement;
  auto second = agreeing;
  compare_floating_route(second, pe::ledger::PrintedValue::of("0.737"), 0.8, "double SVD");
  EXPECT_NE(second.floating_disagreement.find("double SVD 0.8 lies outside"), std::string::npos)
      << second.floating_disagreement;
}

TEST(CertificationLists, ListExactClaimsNotCertifiedAndFloatingRoutesThatDisagree) {
  ledger::Record uncertified, disagreeing, agreeing, experiment;
  uncertified.id = "a.rank";
  uncertified.reproduction = disagreeing.reproduction = agreeing.reproduction = "exact";
  uncertified.certified = "false";
  uncertified.certification = "a statement about floating point";
  disagreeing.id = "b.cond";
  disagreeing.certified = agreeing.certified = "true";
  disagreeing.floating_disagreement = "double JacobiSVD 4e19 lies outside";
  disagreeing.certification = ledger::kDecidedOnEnclosure + "; " + ledger::kFloatingRouteDisagrees +
                              ": " + disagreeing.floating_disagreement;
  agreeing.id = "c.ok";
  agreeing.certification = ledger::kDecidedOnEnclosure;
  experiment.id = "d.trained";
  experiment.reproduction = "reproduces";
  experiment.certified = "false";
  const std::string md = report::certification_markdown({uncertified, disagreeing, agreeing, experiment},
                                                        report::Markdown::github);
  EXPECT_NE(md.find("not certified (1)"), std::string::npos) << md;
  EXPECT_NE(md.find("- `a.rank`: a statement about floating point"), std::string::npos) << md;
  EXPECT_NE(md.find("enclosure (1)"), std::string::npos) << md;
  EXPECT_NE(md.find("- `b.cond`: double JacobiSVD 4e19 lies outside"), std::string::npos) << md;
  EXPECT_EQ(md.find("c.ok"), std::string::npos) << md;
  EXPECT_EQ(md.find("d.trained"), std::string::npos) << md;
  EXPECT_NE(report::certification_markdown({agreeing}, report::Markdown::github).find("- none"), std::string::npos);
}

}  // namespace
}  // namespace pe::ledger
