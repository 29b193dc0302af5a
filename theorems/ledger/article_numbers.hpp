/// @file
/// @brief The article's printed numbers and where they are: each statement's span of text, every
/// number the text prints with its statement (or section) and its occurrence there, and the
/// places claims declare for their printed values (Claim::places).
///
/// What counts as a printed number (printed_numbers):
/// - In prose: a run of digits, with thousands separators ("19,285"), a decimal part and a
///   percent sign, standing as a word: not joined to a letter, a '/', a '^' or a '_' ("2j",
///   "d/2" and "b^(-2j/d)" are formulas). A dotted run such as "6.2.12" is one numeral.
/// - In inline TeX ($...$): the span when it is a number ("0.466", "1{,}500", "41\\%",
///   "3.69 \\times 10^{29}", "10^4", "1/2", "-55.86"); or the right-hand side of a relation when it
///   is a number and the relation is an approximation ("\\delta \\approx 0.968") or an equation
///   whose left side is one symbol ("d = 16", "h_{d/2} = 0"). The constants inside a formula
///   (the 2 of b^{-2j/d}, the 1 of "cos^2 + sin^2 = 1") are the formula's, which its own claim
///   checks, and are not printed numbers; nor is anything on a display-formula line (a line
///   without '$' that holds a TeX command).
/// - A numeral that names a statement or a reference ("Theorem 2", "Proposition 3 (ii)",
///   "Theorem 2.1", "§4.3", "DLMF 6.2.12–13") is a printed number marked `label`: it is
///   accounted for by that rule (non_claims.hpp), never by a claim.
///
/// Each number has a canonical text, compared whole (so "0.46" never matches "0.466"):
/// separators dropped ("19285"), "\\%" as "%" ("41%"), a power of ten as "e" ("3.69e29",
/// "1.15e-4"), a bare power as "10^5", a fraction as "1/2".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ledger.hpp"

namespace pe::ledger {

/// One number as the article prints it.
struct PrintedNumber {
  std::size_t offset = 0, length = 0;  ///< the bytes it takes in the text ($ and TeX included)
  std::string text;                    ///< its canonical text: "0.466", "19285", "3.69e29", "41%"
  bool label = false;                  ///< a numeral naming a statement or a reference
  bool in_formula = false;             ///< it is printed in inline TeX ($...$)
  bool whole_formula = false;          ///< it is all of its $...$ span (whose bytes `offset`, `length` are)
  /// Its statement's id, or the section heading when it lies outside every statement ("" before
  /// the first heading).
  std::string where;
  /// 1-based among the numbers with the same text and the same `where` (0 for labels).
  int occurrence = 0;
};

/// Every printed number of the text, in its order, each with its `where` and occurrence.
std::vector<PrintedNumber> printed_numbers(std::string_view article);

/// A display formula's line: no inline TeX, and a TeX command ("\\kappa_d(\\Delta) = ...").
bool display_formula_line(std::string_view line);

/// The canonical texts of the numbers in a short text written in the project's words (a claim's
/// `article`): prose numerals as above, and also "1e5" and "1/2" forms (a fraction also gives its
/// two parts: "145/145" names 145).
std::vector<std::string> numbers_in(std::string_view words);

/// The value a canonical text denotes ("41%" is 0.41, "10^5" is 1e5, "1/2" is 0.5); NaN for a
/// text that is not one.
double printed_value(const std::string& canonical);
/// Two canonical texts that denote the same number ("41%" and "0.41", "10^5" and "1e5"), up to
/// the rounding of dividing a percentage by 100 (a relative 1e-12).
bool same_printed_value(const std::string& a, const std::string& b);

/// The places a claim's printed value occupies: its declared `places`, or, when it declares none
/// and its `article` is one plain number, the default place: its statement, that text, first
/// occurrence (which the ledger's test requires to be the only one). Empty for a claim whose
/// article is an assertion and that declares no place.
std::vector<Place> places_of(const Claim& claim);
/// True when places_of gives the default place (no place declared).
bool has_default_place(const Claim& claim);

/// The number at a place; nullptr when the text has no such number.
const PrintedNumber* number_at(const std::vector<PrintedNumber>& numbers, const Place& place);

}  // namespace pe::ledger
