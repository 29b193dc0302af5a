/// @file
/// @brief A relation among the article's printed numbers as a ledger claim. Each section folder
/// declares, beside its units, every arithmetic relation its statements state or imply among the
/// article's own numbers (consistency_NAME.cpp), one claim each, decided without running anything.
///
/// Result. Every relation found holds for some values the printed digits allow, except the
/// errata this unit declares. A few relations cannot bite at the printed precision (a mean of
/// 3 x 2,000 reads is a multiple of 1/6,000, finer than three decimals) and are reported as such,
/// neither holding nor failing.
///
/// One standard of reading. A relation carries only what the article states: each sentence is
/// read as narrowly as its words allow and no premise of the harness's own is added (the filings
/// unit reads "NTK-aware scaling on the synthetic stream" at length 256 by the same standard). So
/// the finance table's no-position row below the first-named company's share is no relation: it
/// would contradict the exhibit paragraph only if those heads had lost the trail at every query,
/// which the article does not say. A derivation that no printed value could break (the seed
/// triples a mean of 1.000 allows, a bound thousands of times wider than its side) is no relation
/// either, and is not declared.
///
/// Same quantity. Two printings of one quantity agree when their intervals share a value both
/// could round to; neighbouring values at one precision share only the tie between them, which
/// one rounding rule sends one way, so a one-digit slip between copies is a wrong digit
/// (printed_relations.hpp, same_quantity).
///
/// How. Each printed number is the interval its digits allow (half a unit of its last digit; a
/// number the article calls "about" or "near" at its last nonzero digit; a count exactly), and
/// each relation is decided in exact rational interval arithmetic (numerics/printed_relations.hpp):
/// it fails only when no allowed values satisfy it. A failure is a *wrong digit* when one number's
/// last digit off by one (its interval widened to +- 3/2 units) repairs it, and otherwise
/// *changes a conclusion*. A relation that no change of one printed number to another value at
/// its precision could break *cannot bite*. Sampling error, where the article invokes it, is k = 3
/// binomial standard errors at the largest p (1 - p) the digits allow, over the 2,000 test
/// sequences the three seeds share (the project's convention, exp.bag.article_heads.*).
///
/// Which relations. Relations between two or more printed numbers, or a printed number and a
/// count or floor printed elsewhere. A printed number against a formula of printed parameters
/// (a slope 2^(-8h/H), a wavelength 2 pi / theta_j) is a computation, claimed by its section's
/// unit, and not repeated. Each claim belongs to the statement that states the relation, and
/// reads the printed tables from the header of the section that prints them (for example
/// article/tournament_tables.hpp), where the units' claims read them too.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "enclosure.hpp"
#include "ledger.hpp"
#include "printed_relations.hpp"

namespace pe::ledger {

/// The section of the statement a relation belongs to, so that the two cannot disagree.
std::string section_of(std::string_view statement);

/// A relation decided: holds when consistent or unable to bite, with the grade in
/// Outcome::consistency; `implication` adds what the printed numbers imply.
Decided<Rule::bound> decided(const Relation& relation, const std::string& implication = "");

/// A relation's claim: `declared` names its fields (its section the one of the statement that
/// states it, section_of), and it is decided on the printed intervals of `relation`.
Claim relation_claim(Claim declared, std::function<Relation()> relation,
                     std::function<std::string(const Relation&)> implication = {});

/// Every check of a list at once.
Check every(const Box& b, std::size_t pairs, const std::function<Check(const Box&, int)>& check);

/// Pairs of printed numbers that print the same quantity: numbers 2i and 2i + 1 agree
/// (same_quantity: a lone tie between neighbouring values is no agreement).
Relation same_values(const std::vector<std::pair<Printed, Printed>>& pairs);

/// Every printed number a multiple of 1/denominator within its interval.
Relation on_one_grid(std::vector<Printed> numbers, long denominator);

/// 200-digit enclosures of the constants some relations read.
Range enclosed(const std::function<Enclosure()>& value);

}  // namespace pe::ledger
