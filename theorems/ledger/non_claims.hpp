/// @file
/// @brief The article's printed numbers that no claim checks, each declared with its reason, and
/// the accounting of every printed number: located by a claim's place, declared here, or not
/// accounted for.
///
/// The declarations are data reviewed like code, in each section's theorems/NN-*/NAME_section.cpp
/// (section_registry.hpp). A number that states a
/// checkable fact about the article's mathematics or experiments belongs to a claim, not here;
/// what is here is a statement's or a reference's number, a year, a parameter or label of a
/// setup, a value fixed by a definition, a value taken from elsewhere, or part of a name. A
/// number that says where or at what a value is read (a length, dimension, offset, window, seed
/// or plane) is a setting; where the number is itself what was found (the offset at which a
/// trained score dives), it is the place of the claim that checks it. A checkable number no claim
/// checks is declared `unchecked`: listed with its reason and never counted as accounted for.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "article_numbers.hpp"
#include "ledger.hpp"

namespace pe::ledger {

/// Why a printed number is no claim.
enum class NonClaimKind {
  label,       ///< names a statement or a reference ("Theorem 2", "§4.3"): by rule, article_numbers.hpp
  citation,    ///< a year or number of a citation
  setting,     ///< a parameter of a setup, or the length, dimension, offset, seed or plane a value is read at
  heading,     ///< a table's row or column heading
  definition,  ///< fixed by a definition or a proof's convention (omega_0 = 1, h_{d/2} = 0)
  elsewhere,   ///< taken from elsewhere: another topic, a published method, a convention of the field
  figure,      ///< a control's setting in the interactive figure
  name,        ///< part of a name ("8-K")
  /// A checkable value that no claim checks yet: declared so that it is listed, never counted as
  /// accounted for (Accounting::unchecked).
  unchecked,
};
std::string to_string(NonClaimKind kind);
/// The kinds in the order the report lists them.
const std::vector<NonClaimKind>& non_claim_kinds();

/// One declared non-claim: the printed text (canonical, article_numbers.hpp) at these occurrences
/// of its statement (or section) is no claim, for this reason.
struct NonClaim {
  std::string where;             ///< a statement's id, or a section heading outside every statement
  std::string text;              ///< the canonical printed text
  std::vector<int> occurrences;  ///< which occurrences there, 1-based
  NonClaimKind kind;
  std::string reason;            ///< in the project's words
};

/// Every declared non-claim, in the article's order (the sections' PE_NON_CLAIMS blocks).
const std::vector<NonClaim>& non_claims();

/// How one printed number is accounted for.
struct NumberAccount {
  PrintedNumber number;
  std::vector<const Claim*> claims;     ///< the claims with a place at it
  const NonClaim* non_claim = nullptr;  ///< the declaration covering it
  bool accounted() const {
    return !claims.empty() || number.label || (non_claim && non_claim->kind != NonClaimKind::unchecked);
  }
  bool unchecked() const { return claims.empty() && non_claim && non_claim->kind == NonClaimKind::unchecked; }
};

/// Where the text and the declarations disagree, one number (or statement) each.
struct Discrepancy {
  enum class Kind {
    missing_statement,  ///< a statement's anchor is not in the text
    missing_place,      ///< a claim's place has no such number
    ambiguous_default,  ///< a default place whose text occurs more than once in its statement
    foreign_place,      ///< a place whose text is no number of the claim's own words
    missing_non_claim,  ///< a declared non-claim whose number is not there
    unaccounted,        ///< a number neither at a claim's place nor declared
    accounted_twice,    ///< a number both placed and declared, or declared twice
    changed,            ///< a place (claimed or declared) whose number the copy prints as another
    /// Fewer occurrences of a text in a statement than declared, and which are gone cannot be told.
    missing_one_of,
  };
  Kind kind;
  std::string where, text;
  /// The occurrence it concerns; for ambiguous_default the number of occurrences, for
  /// missing_one_of how many are gone.
  int occurrence = 0;
  std::string by;         ///< the claim id, or the non-claim's reason; for missing_one_of, the candidates
  std::string elsewhere;  ///< for a missing number: where this copy prints that text unaccounted for
  int line = 0;           ///< the copy's line (1-based) of the number it concerns; 0 when the copy has none
  std::string now;        ///< for `changed`: what the copy prints instead
  int of = 0;             ///< for missing_one_of: how many the declarations place there
};
/// One line: "missing: 0.466 (#1) in table.overview, the place of exp.tournament.rope.L256; this
/// text prints 0.466 unaccounted for in figure.b (#2), line 341", "changed: 0.466 -> 0.467 (#1) in
/// table.overview, line 12, the place of exp.tournament.rope.L256".
std::string describe(const Discrepancy& d);

/// Every printed number of a text with what accounts for it, and the discrepancies.
struct Accounting {
  std::vector<NumberAccount> numbers;
  std::vector<Discrepancy> discrepancies;
  int printed = 0, by_claims = 0, by_non_claims = 0;
  int unchecked = 0;                    ///< declared checkable but unchecked: not accounted for
  std::map<NonClaimKind, int> by_kind;  ///< numbers declared non-claims (labels by rule), by kind
  int accounted() const { return by_claims + by_non_claims; }
};
/// Accounts for every printed number of `article` against the claims' places and non_claims().
/// `reference`, when given, is the text the places were declared against: where the article prints
/// fewer or more occurrences of a text in a statement than it, the words around each occurrence
/// say which declared occurrence each one is (non_claims.cpp, aligned_occurrences). Without it,
/// occurrences count in order and a lost one that cannot be named is reported as missing_one_of.
Accounting account_for_numbers(std::string_view article, std::string_view reference = {});

/// The headline's line: "Printed numbers accounted for: N of M (C claims, D declared
/// non-claims)", then "; U checkable but unchecked" when there are such.
std::string accounting_line(const Accounting& accounting);

}  // namespace pe::ledger
