/// @file
/// @brief The article's argument in the documentation: the map page's graph (Graphviz dot,
/// drawn by the docs build), its legend and table, and the line that opens each statement's
/// block of claim cards on its section's page. All of it is read off
/// ledger::evaluate_statements, the verdicts the report gives.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cards.hpp"
#include "statements.hpp"

namespace pe::docgen {

/// The anchor of a statement's line on its section's page: "statement-" followed by the id
/// with '.' as '-'. Throws std::invalid_argument as claim_anchor does.
std::string statement_anchor(std::string_view id);

/// The anchor of a statement's row in the map page's table: "map-" + statement_anchor(id).
std::string statement_row_anchor(std::string_view id);

/// The map page's file (its template's label is "argument").
inline const char* const kMapPage = "argument.html";

/// One colour class of the map: what a statement's verdict rests on.
struct Standing {
  std::string name;    ///< the legend's words
  std::string fill;    ///< node fill, "#rrggbb"
  std::string border;  ///< node border
  std::string style;   ///< the border's dot style: "solid", "dashed", "dotted" or "bold"
};

/// Every class, in the legend's order.
const std::vector<Standing>& standings();

/// The class of one evaluated statement (from its verdict and standing).
const Standing& standing_of(const ledger::StatementResult& result);

/// Where a statement's node links: its line on its section's page when it has claims shown
/// there, else its row in the map page's table.
std::string statement_href(const ledger::StatementResult& result, const Context& context);

/// The map as Graphviz dot: one node per statement (its label wrapped, coloured by
/// standing_of, linking to statement_href, id "map-ID"), one cluster per section, the
/// section's statements in rows in the article's order; solid edges for uses (arrow at the
/// statement used), dashed for explains (arrow at the experiment), flagged explains-edges red.
/// Throws std::invalid_argument for an edge to an id that is not a statement.
std::string argument_dot(const Context& context);

/// [[argument-map]]: the legend (counts per class) and the drawn map, which the docs build
/// makes from argument_dot as `argument-map.html` (Doxygen's EXAMPLE_PATH).
std::string argument_map_markdown(const Context& context);

/// [[argument-table]]: one row per statement: label (linking as the node does), section,
/// verdict, evidence, standing and flagged explains-edges.
std::string argument_table_markdown(const Context& context);

/// [[external-lemmas]]: one row per external lemma the proofs cite: its name, where it is
/// proved, how many proved claims cite it and the statements they belong to (linking to their
/// rows); a note when no proof cites one.
std::string external_lemmas_markdown(const Context& context);

/// Claim cards grouped by statement, each group opened by its statement's line (anchor,
/// standing, evidence) the first time the statement's claims are shown on its own section's
/// page; `opened` holds the statements whose line a page already has. Without
/// Context::statements, the cards alone.
std::string statement_blocks(const std::vector<const ledger::Record*>& rows, const std::string& page_section,
                             const Context& context, std::set<std::string>& opened);

}  // namespace pe::docgen
