// The machinery that sets the article's printed numbers against each other
// (numerics/printed_relations.hpp): printed intervals, exact interval arithmetic, the decision
// and its grade; and the sections' relations (consistency_NAME.cpp) against what they compute.
#include <gtest/gtest.h>

#include <stdexcept>

#include "ledger.hpp"
#include "printed_relations.hpp"
#include "statements.hpp"

namespace {

using namespace pe;

Relation three_turns(const std::string& turns) {
  return {{rounded("62.8", "wavelength of plane 2"), rounded(turns, "three turns of plane 2")},
          [](const Box& b) { return equal(constant(3) * b[0], b[1]); }};
}

TEST(PrintedNumbers, AreReadAtTheirLastDigit) {
  EXPECT_EQ(rounded("62.8", "").interval().lo, Rational(6275, 100));
  EXPECT_EQ(rounded("62.8", "").interval().hi, Rational(6285, 100));
  EXPECT_EQ(rounded("1.15e-4", "").unit, Rational(1, 1000000));
  // An accuracy is clipped to [0, 1]: 1.000 allows [0.9995, 1].
  EXPECT_EQ(accuracy("1.000", "").interval().hi, Rational(1));
  EXPECT_EQ(percent("41", "").interval().lo, Rational(405, 1000));
  EXPECT_EQ(percent("41", "").text, "41%");
  // "near 180": a trailing zero of an integer places it, so 180 is read to the ten.
  EXPECT_EQ(approximate("180", "near", "").interval().lo, Rational(175));
  EXPECT_EQ(approximate("27", "near", "").interval().lo, Rational(53, 2));
  EXPECT_EQ(approximate("0.31", "about", "").unit, Rational(1, 100));
  EXPECT_EQ(count(19285, "").text, "19,285");
  EXPECT_EQ(count(19285, "").interval().lo, count(19285, "").interval().hi);
  EXPECT_EQ(count(12, "").neighbourhood().hi, Rational(13));
  EXPECT_EQ(rounded("0.580", "").text_at(rounded("0.580", "").moved_value(-1)), "0.579");
  EXPECT_EQ(percent("41", "").text_at(percent("41", "").moved_value(-1)), "40%");
  // Scientific notation keeps its exponent (it printed 30 digits before).
  EXPECT_EQ(rounded("3.69e29", "").text_at(rounded("3.69e29", "").moved_value(-1)), "3.68e29");
  EXPECT_EQ(approximate("27", "near r =", "").text_at(Rational(28)), "28");
}

TEST(PrintedNumbers, ExactDecimalsAreExact) {
  EXPECT_EQ(exact_decimal("0.748"), Rational(748, 1000));
  EXPECT_EQ(exact_decimal("3.69e29"), Rational(369) * Rational(boost::multiprecision::pow(
                                                            boost::multiprecision::mpz_int(10), 27)));
  EXPECT_EQ(exact_decimal("-55.86"), Rational(-5586, 100));
  EXPECT_THROW(exact_decimal("19,285"), std::invalid_argument);
}

// 3 x [62.75, 62.85] = [188.25, 188.55] meets [188.45, 188.55]: consistent, though 3 x 62.8 is
// 188.4, not 188.5. Evaluated at the printed values instead of their intervals, it would fail.
TEST(Relations, HoldOnlyInsideTheRoundingIntervals) {
  const Decision d = decide(three_turns("188.5"));
  EXPECT_EQ(d.grade, Grade::consistent);
  EXPECT_FALSE(d.at_printed_values);
  ASSERT_TRUE(d.printed.quantity.has_value());
  // The check bites: another printed value of three turns would break it.
  EXPECT_NE(d.bite.find("it would fail with"), std::string::npos) << d.bite;
}

// 1 - 0.590 = [0.4095, 0.4105] misses 42% = [0.415, 0.425]; 42% off by one in its last digit
// (41% to 43%: [0.405, 0.435]) makes it hold: a wrong digit, and only that number repairs it.
TEST(Relations, OneDigitOffGradesWrongDigit) {
  const Relation complement{{accuracy("0.590", "far accuracy"), percent("42", "share lost")},
                            [](const Box& b) { return equal(constant(1) - b[0], b[1]); }};
  const Decision d = decide(complement);
  EXPECT_EQ(d.printed.satisfiable, Answer::no);
  EXPECT_EQ(d.grade, Grade::wrong_digit);
  ASSERT_EQ(d.repairs.size(), 1u);
  EXPECT_EQ(d.repairs.front().rfind("42%", 0), 0u) << d.repairs.front();
}

// A head that can answer a constant right on 0.766 of the items, scoring 0.613: no one-digit
// slip of either number closes a gap of 0.153.
TEST(Relations, FarOffGradesChangesAConclusion) {
  const Relation floor{{accuracy("0.766", "constant answer"), accuracy("0.613", "trained head")},
                       [](const Box& b) { return at_most(b[0], b[1]); }};
  const Decision d = decide(floor);
  EXPECT_EQ(d.grade, Grade::changes_conclusion);
  EXPECT_TRUE(d.repairs.empty());
}

// Three seeds x 2,000 sequences: every three-decimal accuracy lies within half a unit of some
// K/6000, whatever its digits, so the check cannot bite; against a grid of 1/8 it can.
TEST(Relations, AGranularityFinerThanThePrintedDigitsCannotBite) {
  const Relation fine{{accuracy("0.542", "mean of three seeds")}, [](const Box& b) { return on_grid(b[0], 6000); }};
  const Decision d = decide(fine);
  EXPECT_EQ(d.grade, Grade::cannot_bite);
  EXPECT_NE(d.bite.find("every value at its precision"), std::string::npos) << d.bite;
  const Relation coarse{{accuracy("0.500", "an accuracy")}, [](const Box& b) { return on_grid(b[0], 8); }};
  EXPECT_EQ(decide(coarse).grade, Grade::consistent);
}

TEST(Relations, TiesAreDecidedExactly) {
  // 0.991 and 0.990 share the end 0.9905: <= holds there, < nowhere; 0.991 > 0.990 somewhere.
  const Box box{{accuracy("0.991", "").interval(), accuracy("0.990", "").interval()}};
  EXPECT_EQ(at_most(box[0], box[1]).satisfiable, Answer::yes);
  EXPECT_EQ(less(box[0], box[1]).satisfiable, Answer::no);
  EXPECT_EQ(less(box[1], box[0]).satisfiable, Answer::yes);
  EXPECT_FALSE(less(box[1], box[0]).everywhere);
}

// One quantity printed twice: 0.541 against 0.542 meet only in the tie 0.5415, which no single
// rounding rule prints both ways; the same digits, a coarser printing, or an exact count agree.
TEST(Relations, NeighbouringPrintingsOfOneQuantityDisagree) {
  const auto same = [](const Printed& a, const Printed& b) {
    const Box box{{a.interval(), b.interval()}};
    return same_quantity(box[0], box[1]).satisfiable;
  };
  EXPECT_EQ(same(accuracy("0.541", ""), accuracy("0.542", "")), Answer::no);
  EXPECT_EQ(same(accuracy("0.542", ""), accuracy("0.541", "")), Answer::no);
  EXPECT_EQ(same(accuracy("0.542", ""), accuracy("0.542", "")), Answer::yes);
  EXPECT_EQ(same(accuracy("0.54", ""), accuracy("0.542", "")), Answer::yes);
  EXPECT_EQ(same(count(16, ""), count(16, "")), Answer::yes);
  // equal() alone lets the tie through: the slip the rule exists for.
  const Box box{{accuracy("0.541", "").interval(), accuracy("0.542", "").interval()}};
  EXPECT_EQ(equal(box[0], box[1]).satisfiable, Answer::yes);
  // A relation of printed pairs built on it grades the slip as a wrong digit.
  const Relation slip{{accuracy("0.541", "table"), accuracy("0.542", "text")},
                      [](const Box& b) { return same_quantity(b[0], b[1]); }};
  EXPECT_EQ(decide(slip).grade, Grade::wrong_digit);
}

TEST(Relations, ANumberReadTwiceInOneQuantityIsRefused) {
  const Box box{{accuracy("0.5", "").interval()}};
  EXPECT_THROW(box[0] - box[0], std::logic_error);
  EXPECT_THROW(equal(box[0], box[0]), std::logic_error);
}

// Adjacent pairs can each be in order while the chain is not: [1, 2] > [0, 3] > [2.5, 4] needs
// the first above the third.
TEST(Relations, AChainIsDecidedJointly) {
  const Box box{{Range{1, 2}, Range{0, 3}, Range{Rational(5, 2), 4}}};
  EXPECT_EQ(less(box[1], box[0]).satisfiable, Answer::yes);
  EXPECT_EQ(less(box[2], box[1]).satisfiable, Answer::yes);
  EXPECT_EQ(decreasing({box[0], box[1], box[2]}, true).satisfiable, Answer::no);
}

// "In order for every allowed value" compares each number with the next: separated ranges are in
// order everywhere; one pair that overlaps makes the order hold only for some allowed values.
TEST(Relations, AChainIsInOrderEverywhereOnlyWhenEveryNextPairIsSeparated) {
  const Box separated{{Range{5, 6}, Range{3, 4}, Range{1, 2}}};
  const Check everywhere = decreasing({separated[0], separated[1], separated[2]}, true);
  EXPECT_EQ(everywhere.satisfiable, Answer::yes);
  EXPECT_TRUE(everywhere.everywhere);
  EXPECT_NE(everywhere.how.find("in order for every allowed value"), std::string::npos) << everywhere.how;
  for (const Range& last : {Range{Rational(7, 2), Rational(19, 5)}, Range{Rational(5, 2), 3}}) {
    const Box overlapping{{Range{5, 6}, Range{3, 4}, last}};
    const Check somewhere = decreasing({overlapping[0], overlapping[1], overlapping[2]}, true);
    EXPECT_EQ(somewhere.satisfiable, Answer::yes);
    EXPECT_FALSE(somewhere.everywhere) << somewhere.how;
  }
  // Touching ranges are in order everywhere only when the order is not strict.
  const Box touching{{Range{5, 6}, Range{3, 4}, Range{Rational(5, 2), 3}}};
  EXPECT_TRUE(decreasing({touching[0], touching[1], touching[2]}, false).everywhere);
  const Box first_overlaps{{Range{5, 6}, Range{Rational(9, 2), Rational(11, 2)}, Range{1, 2}}};
  EXPECT_FALSE(decreasing({first_overlaps[0], first_overlaps[1], first_overlaps[2]}, true).everywhere);
}

TEST(Relations, ChecksSharingANumberAreDecidedOnlyWhenAllButOneHoldEverywhere) {
  const Box box{{Range{0, 1}, Range{Rational(1, 2), Rational(1, 2)}}};
  // x < 1/2 and x > 1/2 each hold somewhere in [0, 1], never together.
  EXPECT_EQ(all_of({less(box[0], box[1]), less(box[1], box[0])}).satisfiable, Answer::undecided);
  // x <= 2 holds everywhere, so x > 1/2 alone decides.
  EXPECT_EQ(all_of({at_most(box[0], constant(2)), less(box[1], box[0])}).satisfiable, Answer::yes);
  // Disjoint numbers are independent.
  const Box two{{Range{0, 1}, Range{0, 1}}};
  EXPECT_EQ(all_of({less(two[0], constant(Rational(1, 2))), less(constant(Rational(1, 2)), two[1])}).satisfiable,
            Answer::yes);
}

TEST(Relations, AConstantKnownByItsEnclosureMustDecideAlikeAtBothEnds) {
  const Box box{{Range{1, 2}}};
  EXPECT_EQ(with_constant(Range{Rational(3, 2), Rational(3, 2)},
                          [&](const Term& c) { return at_most(box[0], c); })
                .satisfiable,
            Answer::yes);
  EXPECT_EQ(with_constant(Range{Rational(1, 2), Rational(3, 2)},
                          [&](const Term& c) { return less(c, box[0] - constant(Rational(1, 1))); })
                .satisfiable,
            Answer::undecided);
}

TEST(Relations, SamplingErrorIsTheLargestTheDigitsAllow) {
  // p (1 - p) / 2000 is at most 1/8000 at p = 1/2: 3 se = 0.0335; 0.542 against 0.547 holds.
  const Box box{{accuracy("0.542", "").interval(), accuracy("0.547", "").interval()}};
  EXPECT_EQ(within_sampling_error(box[0], box[1], 1, 2000, 3).satisfiable, Answer::yes);
  const Box far{{accuracy("0.542", "").interval(), accuracy("0.600", "").interval()}};
  EXPECT_EQ(within_sampling_error(far[0], far[1], 1, 2000, 3).satisfiable, Answer::no);
}

// CLOSURE: the printed mean 0.466 of three seeds on 2,000 sequences, with the lowest about 0.31
// and the highest about 0.68 (each to +-0.005), leaves every total from 2,793 to 2,799 and puts
// the middle seed between 793 and 839 sequences right.
TEST(SeedTriples, AMeanAndARangeLeaveAFiniteListOfSeeds) {
  const Range mean = accuracy("0.466", "").interval();
  const Range low = approximate("0.31", "about", "").interval(), high = approximate("0.68", "about", "").interval();
  const SeedTriples t = seed_triples(mean, low, high, 2000);
  EXPECT_EQ(t.least[1], 793);
  EXPECT_EQ(t.most[1], 839);
  EXPECT_EQ(t.least[0], 610);
  EXPECT_EQ(t.most[2], 1370);
  EXPECT_EQ(t.count, 21 * 21 * 7);  // every lowest, every highest, every total: the middle always fits
  const Box box{{mean, low, high}};
  EXPECT_EQ(seed_triples_exist(box[0], box[1], box[2], 2000).satisfiable, Answer::yes);
  // 1.000 over 3 x 2,000: a total of at least 5,997, so at most 3 errors, each seed at least 1,997.
  const SeedTriples perfect = seed_triples(accuracy("1.000", "").interval(), std::nullopt, std::nullopt, 2000);
  EXPECT_EQ(perfect.least[0], 1997);
  // Totals 6,000 (one triple), 5,999 (one), 5,998 (two) and 5,997 (three).
  EXPECT_EQ(perfect.count, 7);
  // A range the mean cannot sit in.
  const Box off{{accuracy("0.200", "").interval(), low, high}};
  EXPECT_EQ(seed_triples_exist(off[0], off[1], off[2], 2000).satisfiable, Answer::no);
}

// The unit's declarations: an expected failure names the grade its relation computes, and a
// relation's section is its statement's.
TEST(ConsistencyClaims, EachErratumNamesTheGradeItsRelationComputes) {
  int errata = 0;
  std::size_t relations = 0;
  for (const pe::ledger::Claim& each : pe::ledger::all_claims()) {
    if (each.id.rfind("consistency.", 0) != 0) continue;
    const pe::ledger::Claim* claim = &each;
    ++relations;
    const auto owners = pe::ledger::statements_of_claim(claim->id);
    ASSERT_EQ(owners.size(), 1u) << claim->id;
    EXPECT_EQ(owners.front()->section, claim->section) << claim->id;
    if (claim->expected != pe::ledger::Verdict::fails) continue;
    ++errata;
    const pe::ledger::Record r = pe::ledger::evaluate_record(*claim);
    EXPECT_FALSE(r.consistency.empty()) << claim->id;
    EXPECT_NE(claim->erratum.find(r.consistency), std::string::npos)
        << claim->id << ": erratum '" << claim->erratum << "' against the computed grade " << r.consistency;
  }
  EXPECT_GE(relations, 1u);
  RecordProperty("errata", errata);
}

}  // namespace
