#include "argument_map.hpp"

#include "annotate.hpp"
#include "certificate.hpp"

#include "words.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

namespace pe::docgen {
namespace {

using report::Markdown;
using ledger::Record;
using ledger::StatementResult;

std::string map_literal(std::string_view text) { return report::escape_markdown(text, Markdown::doxygen); }

/// Text inside a double-quoted dot string.
std::string dot_string(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// Labels wrapped at 12 columns keep each of the drawing's ranks narrow, so that it fits an 800 px
// window; where it is still wider than the window it scrolls inside its frame (docs.map reports it).
constexpr std::size_t kLabelColumns = 12;

std::string wrapped_label(const std::string& label) {
  std::string text = dot_string(pe::wrap_words(label, kLabelColumns));
  text.pop_back();  // wrap_words ends every line, the last too
  std::string out;
  for (char c : text) out += c == '\n' ? std::string("\\n") : std::string(1, c);
  return out;
}

bool flagged(const StatementResult& r, const std::string& experiment) {
  return std::any_of(r.flagged.begin(), r.flagged.end(), [&](const std::string& f) {
    return f.rfind("explains " + experiment + " (", 0) == 0;
  });
}

void write_node(std::ostream& dot, const StatementResult& r, const Context& context) {
  const Standing& s = standing_of(r);
  const std::string& id = r.statement->id;
  // The last line names the weakest evidence behind the verdict (none without a claim).
  const std::string evidence = r.claims.empty() ? "" : "\\n[" + to_string(r.weakest) + "]";
  dot << "  \"" << dot_string(id) << "\" [id=\"map-" << dot_string(id) << "\", label=\""
      << wrapped_label(r.statement->label) << evidence << "\", URL=\"" << statement_href(r, context) << "\", tooltip=\""
      << dot_string(r.statement->label + " (" + r.statement->section + "): " + r.verdict_text + "; " + r.standing)
      << "\", fillcolor=\""
      << s.fill << "\", color=\"" << s.border << "\", style=\"filled,rounded," << s.style << "\"];\n";
}

/// Every statement, in the article's order (which breaks ties within a rank).
void write_nodes(std::ostream& dot, const Context& context) {
  for (const StatementResult& r : context.statements) write_node(dot, r, context);
}

/// An edge from `from` to `to`, arrow at `to`. A uses-edge places `to` a rank further right
/// (`ranks`); an explains-edge does not constrain the layout, so the ranks are the depth of
/// the proofs alone and the drawing stays four or five ranks wide.
void write_edge(std::ostream& dot, const std::map<std::string, std::size_t>& order, const std::string& from,
                const std::string& to, const std::string& attributes, bool ranks) {
  if (!order.count(from) || !order.count(to))
    throw std::invalid_argument("argument map: an edge between '" + from + "' and '" + to +
                                "' names an id that is not a statement");
  dot << "  \"" << dot_string(from) << "\" -> \"" << dot_string(to) << "\" [" << (ranks ? "" : "constraint=false, ")
      << attributes << "];\n";
}

/// Markdown of one statement's opening line.
std::string statement_opening(const StatementResult& r) {
  std::string line = "\\anchor " + statement_anchor(r.statement->id) + "\n<b>" + map_literal(r.statement->label) +
                     "</b> · Standing: " + map_literal(r.standing) + " · Evidence: " + map_literal(r.evidence_text);
  for (const std::string& f : r.flagged) line += " · " + map_literal(f);
  return line + " · \\ref argument \"on the map\"\n\n";
}

}  // namespace

std::string statement_anchor(std::string_view id) { return "statement" + claim_anchor(id).substr(5); }

std::string statement_row_anchor(std::string_view id) { return report::statement_map_anchor(id); }

const std::vector<Standing>& standings() {
  // Pale fills under dark text; the border's style tells the classes apart without colour.
  static const std::vector<Standing> all = {
      {"holds, and everything it uses holds", "#d8f0d2", "#2e7d32", "solid"},
      {"holds, but rests on a failing or inconclusive statement", "#fff0bf", "#a86b00", "bold"},
      {"holds by construction only: no support", "#eef1f4", "#5f6b7a", "dashed"},
      {"fails: the article's mathematics or its own numbers", "#f8cccc", "#b71c1c", "bold"},
      {"fails: an experiment that does not reproduce here", "#fde3c8", "#b45309", "bold"},
      {"fails: the corpus as re-created here", "#e9e2d8", "#6d5843", "bold"},
      {"inconclusive", "#e3dcf3", "#5e4b8b", "dashed"},
      {"not checked: no claim", "#ffffff", "#777777", "dotted"},
  };
  return all;
}

const Standing& standing_of(const StatementResult& r) {
  const auto& s = standings();
  if (r.verdict == "not checked") return s[7];
  if (r.verdict == "fails") {
    // Coloured by what failed: a false theorem or a misprinted number outweighs an experiment,
    // which outweighs the re-created corpus (whose failure is this project's re-creation's).
    bool experiment = false;
    for (const Record* c : r.claims) {
      if (c->verdict != "fails") continue;
      const std::string cause = report::failure_cause(*c);
      if (cause == "mathematics" || cause == "printed-numbers") return s[3];
      experiment = experiment || cause != "recreated-corpus";
    }
    return experiment ? s[4] : s[5];
  }
  if (r.verdict == "inconclusive") return s[6];
  if (r.standing.rfind("holds by construction only", 0) == 0) return s[2];
  if (r.standing.rfind("holds, but rests on", 0) == 0) return s[1];
  return s[0];
}

namespace {
/// Whether the statement owns this claim (its patterns select it), rather than printing the
/// claim's value again (Claim::places): a section page groups each claim under its owner.
bool owns(const StatementResult& r, const Record& claim) {
  return ledger::statements_of_claim(claim.id) == std::vector<const ledger::Statement*>{r.statement};
}
}  // namespace

std::string statement_href(const StatementResult& r, const Context& context) {
  const auto page = context.section_pages.find(r.statement->section);
  const bool owns_a_claim = std::any_of(r.claims.begin(), r.claims.end(), [&](const Record* c) { return owns(r, *c); });
  if (!owns_a_claim || page == context.section_pages.end())
    return std::string(kMapPage) + "#" + statement_row_anchor(r.statement->id);
  return page->second + ".html#" + statement_anchor(r.statement->id);
}

std::string argument_dot(const Context& context) {
  std::map<std::string, std::size_t> order;
  for (const StatementResult& r : context.statements) order.emplace(r.statement->id, order.size());
  std::ostringstream dot;
  // Sizes in points; the SVG keeps them as its user units (1 pt = 4/3 CSS px at scale 1). Laid
  // out by dependency, left to right (a statement left of what it uses), with edges routed
  // around the boxes: an arrow passes beneath no box it does not join (docs.map_edges measures
  // it). Drawn in the article's sections, straight arrows crossed up to 12 boxes each.
  dot << "digraph argument {\n  id=\"pe-map\";\n"
         "  graph [fontname=\"DejaVu Sans\", fontsize=11, nodesep=0.15, ranksep=0.15, margin=0, rankdir=LR, "
         "splines=true, outputorder=edgesfirst];\n"
         "  node [shape=box, fontname=\"DejaVu Sans\", fontsize=10, margin=\"0.04,0.03\", height=0.3];\n"
         "  edge [arrowsize=0.6, color=\"#555555\"];\n";
  write_nodes(dot, context);
  for (const StatementResult& r : context.statements) {
    const std::string& id = r.statement->id;
    for (const std::string& used : r.statement->uses) write_edge(dot, order, id, used, "style=solid", true);
    for (const std::string& e : r.statement->explains)
      write_edge(dot, order, id, e,
                 flagged(r, e) ? "style=dashed, color=\"#c62828\", penwidth=2.5" : "style=dashed", false);
  }
  dot << "}\n";
  return dot.str();
}

std::string argument_map_markdown(const Context& context) {
  std::map<const Standing*, int> count;
  int flags = 0;
  for (const StatementResult& r : context.statements) {
    ++count[&standing_of(r)];
    flags += static_cast<int>(r.flagged.size());
  }
  std::ostringstream md;
  md << "\\htmlonly\n<div class=\"pe-map-legend\">\n";
  for (const Standing& s : standings())
    md << "<span class=\"pe-map-key\"><span class=\"pe-map-swatch\" style=\"background:" << s.fill
       << "; border: 2px " << (s.style == "bold" ? "solid" : s.style) << " " << s.border << "\"></span>"
       << report::html_escaped(s.name) << " (" << count[&s] << ")</span>\n";
  md << "<span class=\"pe-map-key\"><span class=\"pe-map-line\"></span>uses (arrow at the statement used)</span>\n"
        "<span class=\"pe-map-key\"><span class=\"pe-map-line pe-map-dashed\"></span>explains (arrow at the "
        "experiment it accounts for)</span>\n"
        "<span class=\"pe-map-key\"><span class=\"pe-map-line pe-map-flagged\"></span>explains, but the theorem "
        "holds and the experiment does not ("
     << flags << ")</span>\n</div>\n\\endhtmlonly\n\n\\htmlinclude[block] argument-map.html\n\n";
  return md.str();
}

std::string argument_table_markdown(const Context& context) {
  std::ostringstream md;
  md << "| statement | section | verdict | evidence | standing |\n|---|---|---|---|---|\n";
  for (const StatementResult& r : context.statements) {
    const std::string& id = r.statement->id;
    // Statement ids in the standing ("rests on table.tournament (fails)") are set as code, which
    // may break anywhere, as the flags' ids are below.
    std::string standing;
    for (const std::string& word : pe::split_words(r.standing)) {
      const std::string bare = word.back() == ',' ? word.substr(0, word.size() - 1) : word;
      const bool id = ledger::statement_with_id(bare) != nullptr;
      standing += (standing.empty() ? "" : " ") +
                  (id ? "<code>" + map_literal(bare) + "</code>" + (bare.size() < word.size() ? "," : "")
                      : map_literal(word));
    }
    // A flag reads "explains ID (verdict)": the id is set as code, which may break anywhere, so
    // the column stays narrow enough for an 800 px window (style.css).
    for (const std::string& f : r.flagged) {
      const std::size_t id_start = f.find(' ') + 1, id_end = f.find(" (");
      standing += "; " + map_literal(f.substr(0, id_start)) + "<code>" +
                  map_literal(f.substr(id_start, id_end - id_start)) + "</code>" + map_literal(f.substr(id_end));
    }
    const std::string href = statement_href(r, context);
    const bool here = href.rfind(kMapPage, 0) == 0;
    md << "| \\anchor " << statement_row_anchor(id) << " "
       << (here ? map_literal(r.statement->label) : "<a href=\"" + href + "\">" + map_literal(r.statement->label) + "</a>")
       << " | " << map_literal(r.statement->section) << " | " << map_literal(r.verdict_text) << " | "
       << (r.evidence_text.empty() ? std::string("none: no claim") : map_literal(r.evidence_text)) << " | " << standing
       << " |\n";
  }
  return md.str() + "\n";
}

std::string external_lemmas_markdown(const Context& context) {
  std::ostringstream md;
  for (const ledger::LemmaUse& u : ledger::lemma_uses(context.records)) {
    if (u.claims.empty()) continue;
    if (md.tellp() == 0) md << "| lemma | where it is proved | cited by | in the statements |\n|---|---|---|---|\n";
    std::string statements;
    for (const std::string& id : u.statements) {
      const ledger::Statement* s = ledger::statement_with_id(id);
      statements += (statements.empty() ? "" : ", ") + ("\\ref " + statement_row_anchor(id) + " \"" +
                                                        map_literal(s ? s->label : id) + "\"");
    }
    md << "| " << map_literal(u.lemma->name) << " | " << map_literal(u.lemma->citation) << " | " << u.claims.size()
       << (u.claims.size() == 1 ? " claim" : " claims") << " | " << statements << " |\n";
  }
  if (md.tellp() == 0) return "No proof in this report cites an external lemma.\n\n";
  return md.str() + "\n";
}

std::string statement_blocks(const std::vector<const Record*>& rows, const std::string& page_section,
                             const Context& context, std::set<std::string>& opened) {
  if (context.statements.empty()) return claim_cards(rows, CardKind::section, context.source_dir);
  // Groups in the order of their first claim; a claim of no statement is a group of its own.
  std::vector<std::pair<const StatementResult*, std::vector<const Record*>>> groups;
  for (const Record* record : rows) {
    const StatementResult* owner = nullptr;
    for (const StatementResult& r : context.statements)
      if (owns(r, *record)) owner = &r;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return owner && x.first == owner; });
    if (g == groups.end()) groups.push_back({owner, {record}});
    else g->second.push_back(record);
  }
  std::string out;
  for (const auto& [owner, records] : groups) {
    if (owner && owner->statement->section == page_section && opened.insert(owner->statement->id).second)
      out += statement_opening(*owner);
    out += claim_cards(records, CardKind::section, context.source_dir);
  }
  return out;
}

}  // namespace pe::docgen
