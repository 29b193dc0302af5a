/// @file
/// @brief Claim cards for the documentation: a claim's anchor, the links of its card (its
/// declaration's source line, its verification unit, its test), the cards themselves, and the
/// context every generated page reads. The pages (docgen.hpp) and the argument map
/// (argument_map.hpp) both stand on it, and it on neither.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ledger.hpp"
#include "statements.hpp"

namespace pe::docgen {

/// The Doxygen anchor of a claim: "claim-" followed by the id with '.' as '-'.
/// Throws std::invalid_argument when the id is not a ledger id ([a-z0-9_] parts joined by dots).
std::string claim_anchor(std::string_view id);

/// A reference to the unit's file: `\ref theorems/<unit>.cpp` (Doxygen reads theorems/). Throws
/// std::invalid_argument for a unit name that is not [a-z0-9_]+ or whose file does not exist
/// under `<source_dir>/theorems/`.
std::string unit_reference(const std::string& unit, const std::string& source_dir);

/// Which claim cards to render.
enum class CardKind {
  section,  ///< id links to the claim's anchor on the all-claims page
  all,      ///< id carries the claim's anchor
  errata,   ///< as section, with each erratum's reason shown beside its values
};

/// A link to Doxygen's source page of a claim's declaration ("theorems/theorem1.cpp:142"), at
/// that line. Throws std::invalid_argument for a source not of the form dir/file.ext:line.
std::string source_link(const std::string& source);

/// One card per record (report::claims_listing); its detail also links the claim's source line
/// and verification unit and names the claim's test.
std::string claim_cards(const std::vector<const ledger::Record*>& records, CardKind kind,
                         const std::string& source_dir);

/// Everything a template expansion reads.
struct Context {
  std::vector<ledger::Record> records;  ///< every claim's record from the report, in ledger order
  std::string source_dir;
  std::vector<std::string> page_labels;  ///< for [[pages]], in order
  std::string training_selection;        ///< markdown for [[training-selection]]
  /// ledger::evaluate_statements(records); empty, the pages have no statement lines.
  std::vector<ledger::StatementResult> statements;
  std::map<std::string, std::string> section_pages;  ///< ledger section -> label of the page showing its claims
  /// For [[annotated-article]]: the accounting line of the annotated copy written beside the pages
  /// (article.html), or "" when the build annotates none (the CMake cache variable PE_ARTICLE).
  std::string annotated_article;
};

}  // namespace pe::docgen
