#include "statements.hpp"

#include "json_text.hpp"
#include "words.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace pe::ledger {
namespace {

bool matches_pattern(const std::string& pattern, std::string_view id) {
  return fnmatch(pattern.c_str(), std::string(id).c_str(), 0) == 0;
}

}  // namespace

std::string to_string(Evidence evidence) {
  switch (evidence) {
    case Evidence::by_construction: return "by construction";
    case Evidence::trained: return "trained";
    case Evidence::sampled: return "sampled";
    case Evidence::exhaustive: return "exhaustive";
    case Evidence::proved: return "proved";
  }
  return "?";
}

namespace {

/// Whether the words before a mention make it another article's statement.
bool another_articles(std::string_view before) {
  for (std::string_view word : {"its ", "topic’s ", "topic's ", "their "})
    if (before.size() >= word.size() && before.substr(before.size() - word.size()) == word) return true;
  return false;
}

/// The statements "Theorem 3 (iii)" names: that part, or every part of the family named whole.
std::vector<std::string> named_statements(const std::string& kind, const std::string& number, const std::string& part) {
  if (kind == "Figure") return {"figure." + std::string(1, char(std::tolower(static_cast<unsigned char>(number[0]))))};
  const std::string family = (kind == "Definition" ? "def" : kind == "Proposition" ? "prop" : "thm") + number;
  if (!part.empty() && statement_with_id(family + "." + part)) return {family + "." + part};
  std::vector<std::string> out;
  for (const Statement& s : statements())
    if (statement_family(s.id) == family) out.push_back(s.id);
  return out;
}

}  // namespace

std::vector<std::pair<std::size_t, std::string>> section_headings(std::string_view article) {
  std::vector<std::pair<std::size_t, std::string>> out;
  for (const std::string& heading : sections()) {
    const std::string line = "\n" + heading + "\n";
    for (std::size_t at = article.find(line); at != std::string_view::npos; at = article.find(line, at + 1))
      out.push_back({at, heading});
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<TextSpan> statement_spans(std::string_view article) {
  return statement_spans(article, statements(), statement_terminators());
}

std::vector<TextSpan> statement_spans(std::string_view article, const std::vector<Statement>& map,
                                      const std::vector<std::string>& terminators) {
  std::vector<std::size_t> bounds;
  for (const Statement& s : map) bounds.push_back(article.find(s.anchor));
  for (const std::string& t : terminators) bounds.push_back(article.find(t));
  for (const auto& heading : section_headings(article)) bounds.push_back(heading.first);
  std::sort(bounds.begin(), bounds.end());
  std::vector<TextSpan> out;
  for (const Statement& s : map) {
    const std::size_t begin = article.find(s.anchor);
    if (begin == std::string_view::npos) {
      out.push_back({});
      continue;
    }
    const auto next = std::upper_bound(bounds.begin(), bounds.end(), begin);
    out.push_back({begin, next == bounds.end() || *next == std::string_view::npos ? article.size() : *next});
  }
  return out;
}

std::vector<Mention> statement_mentions(std::string_view article) {
  static const std::regex mention(
      R"((Definition|Proposition|Theorem) ([0-9]+)(\.[0-9]+)?(?: \(([ivx]+|[a-c])\))?|Figure ([AB])\b)");
  const std::string text(article);
  const std::vector<TextSpan> spans = statement_spans(article);
  std::vector<Mention> out;
  for (std::sregex_iterator m(text.begin(), text.end(), mention), end; m != end; ++m) {
    const std::size_t at = static_cast<std::size_t>(m->position());
    if ((*m)[3].matched || another_articles(std::string_view(text).substr(0, at))) continue;
    Mention x;
    x.line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
    x.text = m->str();
    for (std::size_t k = 0; k < spans.size(); ++k)
      if (spans[k].begin <= at && at < spans[k].end) x.from = statements()[k].id;
    x.to = (*m)[5].matched ? named_statements("Figure", (*m)[5], "") : named_statements((*m)[1], (*m)[2], (*m)[4]);
    if (x.to.empty()) throw std::logic_error("line " + std::to_string(x.line) + ": '" + x.text + "' names no statement");
    // A statement naming itself or its own family whole ("Theorem 3" inside Theorem 3) is no
    // edge; naming another part of its family ("Proposition 2 (i)" in the generator remark) is.
    const bool own_family = !x.from.empty() && statement_family(x.to.front()) == statement_family(x.from);
    if (own_family && (x.to.size() > 1 || x.to.front() == x.from || !(*m)[4].matched)) continue;
    out.push_back(std::move(x));
  }
  return out;
}

bool joined(const std::vector<Statement>& map, const std::string& from, const std::string& to) {
  const auto has = [](const std::vector<std::string>& v, const std::string& id) {
    return std::find(v.begin(), v.end(), id) != v.end();
  };
  // Between parts of one family only the part's own edges count; across families any part's do.
  const bool within_family = statement_family(from) == statement_family(to);
  for (const Statement& f : map)
    if (within_family ? f.id == from : statement_family(f.id) == statement_family(from)) {
      if (has(f.uses, to) || has(f.explains, to)) return true;
      for (const Statement& t : map)
        if (t.id == to && has(t.explains, f.id)) return true;
    }
  return false;
}

std::vector<std::string> undeclared_mentions(std::string_view article, const std::vector<Statement>& map,
                                             const std::vector<NonEdge>& non_edges) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(article)};
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<std::string> out;
  for (const Mention& m : statement_mentions(article)) {
    const std::string& line = lines.at(m.line - 1);
    const bool declared = std::any_of(non_edges.begin(), non_edges.end(), [&](const NonEdge& n) {
      return n.mention == m.text && line.find(n.phrase) != std::string::npos;
    });
    if (declared) continue;
    const bool edge = !m.from.empty() && std::any_of(m.to.begin(), m.to.end(), [&](const std::string& to) {
      return joined(map, m.from, to);
    });
    if (!edge)
      out.push_back("line " + std::to_string(m.line) + ": '" + m.text + "' " +
                    (m.from.empty() ? std::string("stands in no statement") : "in " + m.from + ", which has no edge to it"));
  }
  return out;
}

namespace {

bool has_edge(const Statement& s, const std::string& to) {
  return std::find(s.uses.begin(), s.uses.end(), to) != s.uses.end() ||
         std::find(s.explains.begin(), s.explains.end(), to) != s.explains.end();
}

/// Whether the map without the edge from map[from] to `to` leaves a mention undeclared that
/// `undeclared` (the whole map's) does not list.
bool mention_needs_edge(std::string_view article, const std::vector<Statement>& map, std::size_t from,
                        const std::string& to, const std::vector<NonEdge>& non_edges,
                        const std::vector<std::string>& undeclared) {
  std::vector<Statement> without = map;
  for (auto list : {&Statement::uses, &Statement::explains}) {
    std::vector<std::string>& ids = without[from].*list;
    ids.erase(std::remove(ids.begin(), ids.end(), to), ids.end());
  }
  for (const std::string& problem : undeclared_mentions(article, without, non_edges))
    if (std::find(undeclared.begin(), undeclared.end(), problem) == undeclared.end()) return true;
  return false;
}

/// "thm3" for a part "thm3.ii" of a numbered statement, "" for any other id. The parts share one
/// proof, printed after the last part and so inside that part's span; it speaks for each part.
std::string numbered_whole(const std::string& id) {
  static const std::set<std::string> parts = {"i", "ii", "iii", "iv", "v", "vi"};
  const std::size_t dot = id.rfind('.');
  return dot != std::string::npos && parts.count(id.substr(dot + 1)) ? id.substr(0, dot) : "";
}

/// Whether map[from]'s phrase for `to` stands in its own span, or, for a part of a numbered
/// statement, in the parts' shared proof: the text from "Proof." on in the span of the last part
/// (the one that starts latest).
bool phrase_in_span(std::string_view article, const std::vector<Statement>& map, const std::vector<TextSpan>& spans,
                    std::size_t from, const std::string& to) {
  const auto phrase = map[from].backing.find(to);
  if (phrase == map[from].backing.end() || phrase->second.empty()) return false;
  const auto text_of = [&](std::size_t j) {
    return article.substr(spans[j].begin, spans[j].end - spans[j].begin);
  };
  if (spans[from].begin != std::string::npos && text_of(from).find(phrase->second) != std::string_view::npos) return true;
  const std::string whole = numbered_whole(map[from].id);
  if (whole.empty()) return false;
  std::size_t last = from;
  for (std::size_t j = 0; j < map.size(); ++j)
    if (numbered_whole(map[j].id) == whole && spans[j].begin != std::string::npos &&
        (spans[last].begin == std::string::npos || spans[j].begin > spans[last].begin))
      last = j;
  if (spans[last].begin == std::string::npos) return false;
  const std::string_view span = text_of(last);
  const std::size_t proof = span.find("Proof.");
  return proof != std::string_view::npos && span.substr(proof).find(phrase->second) != std::string_view::npos;
}

}  // namespace

std::vector<std::string> misplaced_phrases(std::string_view article, const std::vector<Statement>& map,
                                           const std::vector<std::string>& terminators) {
  const std::vector<TextSpan> spans = statement_spans(article, map, terminators);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < map.size(); ++i)
    for (const auto& [to, phrase] : map[i].backing) {
      if (!has_edge(map[i], to))
        out.push_back(map[i].id + ": phrase \"" + phrase + "\" names " + to + ", which is none of its edges");
      if (!phrase_in_span(article, map, spans, i, to))
        out.push_back(map[i].id + " -> " + to + ": phrase \"" + phrase + "\" is not in its text");
    }
  return out;
}

EdgeBacking edge_backing(std::string_view article, const std::vector<Statement>& map, std::size_t from,
                         const std::string& to, const std::vector<NonEdge>& non_edges,
                         const std::vector<std::string>& terminators) {
  if (mention_needs_edge(article, map, from, to, non_edges, undeclared_mentions(article, map, non_edges)))
    return EdgeBacking::mention;
  return phrase_in_span(article, map, statement_spans(article, map, terminators), from, to) ? EdgeBacking::phrase
                                                                                             : EdgeBacking::none;
}

std::vector<std::string> unbacked_edges(std::string_view article, const std::vector<Statement>& map,
                                        const std::vector<NonEdge>& non_edges,
                                        const std::vector<std::string>& terminators) {
  std::vector<std::string> out = misplaced_phrases(article, map, terminators);
  const std::vector<TextSpan> spans = statement_spans(article, map, terminators);
  const std::vector<std::string> undeclared = undeclared_mentions(article, map, non_edges);
  for (std::size_t i = 0; i < map.size(); ++i)
    for (auto list : {&Statement::uses, &Statement::explains})
      for (const std::string& to : map[i].*list)
        if (!phrase_in_span(article, map, spans, i, to) &&
            !mention_needs_edge(article, map, i, to, non_edges, undeclared))
          out.push_back(map[i].id + " -> " + to + ": backed by no mention that needs it and by no phrase of its text");
  return out;
}

const Statement* statement_with_id(std::string_view id) {
  for (const Statement& s : statements())
    if (s.id == id) return &s;
  return nullptr;
}

std::vector<const Statement*> statements_of_claim(std::string_view claim_id) {
  std::vector<const Statement*> out;
  for (const Statement& s : statements())
    if (std::any_of(s.claims.begin(), s.claims.end(),
                    [&](const std::string& p) { return matches_pattern(p, claim_id); }))
      out.push_back(&s);
  return out;
}

std::string statement_family(std::string_view id) {
  const std::string text(id);
  const auto dot = text.find('.');
  const std::string head = text.substr(0, dot);
  const bool numbered = head.size() > 3 && std::isdigit(static_cast<unsigned char>(head.back()));
  return numbered ? head : text;
}

Evidence evidence_of(const Record& r) {
  const std::vector<const Statement*> owners = statements_of_claim(r.id);
  const Statement* owner = owners.size() == 1 ? owners.front() : nullptr;
  if (owner)
    for (const EvidenceOverride& o : owner->overrides)
      if (matches_pattern(o.pattern, r.id)) return o.kind;
  // The article's corpus is not available; its re-creation was fitted to the printed values.
  if (r.unit == "filings_corpus") return Evidence::by_construction;
  if (!r.seeds.empty() || (!r.reproduction.empty() && r.reproduction != "exact")) return Evidence::trained;
  // A proof with a step that reaches only the sizes it lists (proof_steps.hpp).
  const std::vector<ProofStep> steps = proof_steps_of(r);
  if (std::any_of(steps.begin(), steps.end(), [](const ProofStep& s) { return s.reach == StepReach::listed_only; }))
    return Evidence::exhaustive;
  if (!r.proof.empty() || r.certified == "true") return Evidence::proved;
  if (r.rule == "statistical") return Evidence::sampled;
  return owner ? owner->residual : Evidence::sampled;
}

std::string evidence_note(const Record& r) {
  const std::vector<const Statement*> owners = statements_of_claim(r.id);
  if (owners.size() != 1) return "";
  for (const EvidenceOverride& o : owners.front()->overrides)
    if (matches_pattern(o.pattern, r.id)) return o.why;
  const Evidence e = evidence_of(r);
  return e == Evidence::sampled || e == Evidence::exhaustive ? owners.front()->domain : "";
}

namespace {

bool is_inconclusive(const Record& r) { return !r.inconclusive.empty() || r.reproduction == "inconclusive"; }

void decide_verdict(StatementResult& out) {
  const int n = static_cast<int>(out.claims.size());
  int fails = 0, errata = 0, inconclusive = 0;
  for (const Record* r : out.claims) {
    if (is_inconclusive(*r)) ++inconclusive;
    else if (r->verdict != "holds") {
      ++fails;
      errata += r->expected == "fails";
    }
  }
  const std::string of = " of " + std::to_string(n) + (n == 1 ? " claim " : " claims ");
  if (n == 0) out.verdict = out.verdict_text = "not checked";
  else if (fails > 0) {
    out.verdict = "fails";
    out.verdict_text = std::to_string(fails) + of + (fails == 1 ? "fails" : "fail");
    if (errata) out.verdict_text += " (" + std::to_string(errata) + " errata, expected)";
  } else if (inconclusive > 0) {
    out.verdict = "inconclusive";
    out.verdict_text = std::to_string(inconclusive) + of + "inconclusive";
  } else {
    out.verdict = out.verdict_text = "holds";
  }
}

void summarise_evidence(StatementResult& out) {
  for (const Record* r : out.claims) {
    const Evidence e = evidence_of(*r);
    ++out.mix[e];
    out.weakest = std::min(out.weakest, e);
  }
  if (out.claims.empty()) return;
  std::ostringstream text;
  text << to_string(out.weakest) << " (";
  bool first = true;
  for (auto it = out.mix.rbegin(); it != out.mix.rend(); ++it, first = false)
    text << (first ? "" : ", ") << it->second << " " << to_string(it->first);
  text << ")";
  const Statement& s = *out.statement;
  const bool instances = out.mix.count(Evidence::sampled) || out.mix.count(Evidence::exhaustive);
  if (instances && !s.domain.empty()) text << "; instances: " << s.domain;
  out.evidence_text = text.str();
}

bool does_not_hold(const StatementResult& r) { return r.verdict == "fails" || r.verdict == "inconclusive"; }

void decide_standing(std::vector<StatementResult>& results) {
  // What an error brings down, claim by claim: the statements that read a failing or inconclusive
  // claim of this one, and onward; each kept with the chain that carries it from here.
  for (StatementResult& r : results) {
    if (!does_not_hold(r)) continue;
    for (const Record* c : r.claims) {
      if (c->verdict == "holds" && !is_inconclusive(*c)) continue;
      for (const Downstream& d : claim_brings_down(c->id)) {
        const auto here = std::find(d.path.begin(), d.path.end(), r.statement->id);
        if (here == d.path.end() || here + 1 == d.path.end() || r.brings_down_path.count(d.statement)) continue;
        r.brings_down_path[d.statement] = std::vector<std::string>(here, d.path.end());
      }
    }
    for (const Statement& s : statements())  // in the article's order
      if (r.brings_down_path.count(s.id)) r.brings_down.push_back(s.id);
  }
  std::map<std::string, const StatementResult*> by_id;
  for (const StatementResult& r : results) by_id[r.statement->id] = &r;
  for (StatementResult& r : results) {
    if (r.verdict != "holds") {
      r.standing = r.verdict;
      continue;
    }
    if (r.weakest == Evidence::by_construction && r.mix.size() == 1) {
      r.standing = "holds by construction only: no support";
      continue;
    }
    std::string weak;
    for (const StatementResult& other : results)
      if (does_not_hold(other) && other.brings_down_path.count(r.statement->id))
        weak += (weak.empty() ? "" : ", ") + other.statement->id + " (" + other.verdict + ")";
    r.standing = weak.empty() ? "holds, and everything it uses holds" : "holds, but rests on " + weak;
    for (const std::string& e : r.statement->explains) {
      const auto it = by_id.find(e);
      if (it != by_id.end() && does_not_hold(*it->second))
        r.flagged.push_back("explains " + e + " (" + it->second->verdict + ")");
    }
  }
}

}  // namespace

std::vector<std::string> uses_path(const std::string& from, const std::string& to) {
  std::map<std::string, std::string> came_from = {{from, ""}};
  std::vector<std::string> frontier = {from};
  for (std::size_t i = 0; i < frontier.size(); ++i) {  // breadth first: the first path is a shortest
    const Statement* s = statement_with_id(frontier[i]);
    if (!s) continue;
    for (const std::string& u : s->uses)
      if (came_from.emplace(u, frontier[i]).second) frontier.push_back(u);
  }
  if (!came_from.count(to) || from == to) return {};
  std::vector<std::string> path;
  for (std::string at = to; !at.empty(); at = came_from.at(at)) path.insert(path.begin(), at);
  return path;
}

std::string downstream_text(const std::vector<Downstream>& down) {
  std::string out;
  for (const Downstream& d : down) {
    out += (out.empty() ? "" : "; ") + d.statement;
    if (d.path.size() > 2) {
      out += " (through ";
      for (std::size_t i = 1; i + 1 < d.path.size(); ++i) out += (i > 1 ? ", " : "") + d.path[i];
      out += ")";
    }
  }
  return out.empty() ? "nothing" : out;
}

std::string brings_down_text(const StatementResult& result) {
  std::vector<Downstream> down;
  for (const std::string& id : result.brings_down) down.push_back({id, result.brings_down_path.at(id)});
  return downstream_text(down);
}

bool reads_claim(const Statement& reader, const std::string& used, std::string_view claim_id) {
  if (std::find(reader.uses.begin(), reader.uses.end(), used) == reader.uses.end()) return false;
  const auto listed = reader.reads.find(used);
  if (listed == reader.reads.end()) return true;
  return std::any_of(listed->second.begin(), listed->second.end(),
                     [&](const std::string& pattern) { return matches_pattern(pattern, claim_id); });
}

namespace {

/// The statements each claim's printed value is placed in besides its own (a value printed twice
/// is one decision shown at both places, and bears on both statements).
const std::map<std::string, std::set<std::string>>& placed_in() {
  static const std::map<std::string, std::set<std::string>> places = [] {
    std::map<std::string, std::set<std::string>> out;
    for (const Claim& c : all_claims())
      for (const Place& p : c.places)  // a claim without declared places sits in its own statement only
        if (statement_with_id(p.where)) out[c.id].insert(p.where);
    return out;
  }();
  return places;
}

}  // namespace

std::vector<Downstream> claim_brings_down(std::string_view claim_id) {
  std::vector<Downstream> out;
  std::set<std::string> reached;
  const auto reach = [&](const std::string& id, std::vector<std::string> path) {
    if (!reached.insert(id).second) return;
    path.push_back(id);
    out.push_back({id, std::move(path)});
  };
  const std::vector<const Statement*> owners = statements_of_claim(claim_id);
  if (owners.size() != 1) return out;
  const std::string owner = owners.front()->id;
  reached.insert(owner);
  // Those that print the value again, then those that read it where it is printed.
  std::vector<std::string> printing = {owner};
  if (const auto placed = placed_in().find(std::string(claim_id)); placed != placed_in().end())
    for (const std::string& place : placed->second)
      if (place != owner) {
        reach(place, {owner});
        printing.push_back(place);
      }
  for (const std::string& where : printing)
    for (const Statement& s : statements())
      if (reads_claim(s, where, claim_id)) reach(s.id, where == owner ? std::vector<std::string>{owner}
                                                                       : std::vector<std::string>{owner, where});
  // Onward, breadth first: a statement brought down as a whole reaches whatever reads any of it.
  for (std::size_t i = 0; i < out.size(); ++i)
    for (const Statement& s : statements()) {
      const auto listed = s.reads.find(out[i].statement);
      const bool reads_some = std::find(s.uses.begin(), s.uses.end(), out[i].statement) != s.uses.end() &&
                              (listed == s.reads.end() || !listed->second.empty());
      if (reads_some) reach(s.id, out[i].path);
    }
  return out;
}

std::string brings_down_json(const std::vector<Downstream>& down) {
  std::string out = "[";
  for (const Downstream& d : down) {
    std::string path;
    for (const std::string& id : d.path) path += (path.empty() ? "" : ", ") + json_quoted(id);
    out += std::string(out.size() > 1 ? ", " : "") + "{\"statement\": " + json_quoted(d.statement) + ", \"path\": [" + path + "]}";
  }
  return out + "]";
}

std::vector<StatementResult> evaluate_statements(const std::vector<Record>& records) {
  std::vector<StatementResult> results;
  for (const Statement& s : statements()) {
    StatementResult r;
    r.statement = &s;
    for (const Record& record : records) {
      const std::vector<const Statement*> owners = statements_of_claim(record.id);
      // A relation that cannot bite says nothing for or against its statement, nor on what evidence.
      if (record.consistency == "cannot bite") {
        if (owners.size() == 1 && owners.front() == &s) r.cannot_bite.push_back(&record);
        continue;
      }
      const auto placed = placed_in().find(record.id);
      if ((owners.size() == 1 && owners.front() == &s) ||
          (placed != placed_in().end() && placed->second.count(s.id)))
        r.claims.push_back(&record);
    }
    decide_verdict(r);
    summarise_evidence(r);
    results.push_back(std::move(r));
  }
  decide_standing(results);
  return results;
}

std::string statement_line(const StatementResult& r) {
  constexpr std::size_t kWidth = 100, kIdColumn = 24;
  std::ostringstream line;
  line << r.statement->label << ": " << r.verdict_text;
  if (!r.claims.empty()) {
    line << " | " << to_string(r.weakest);
    if (r.mix.size() > 1) {
      line << " (";
      bool first = true;
      for (auto it = r.mix.rbegin(); it != r.mix.rend(); ++it, first = false)
        line << (first ? "" : " + ") << it->second << " " << to_string(it->first);
      line << ")";
    }
  }
  if (r.verdict == "holds" && r.standing != "holds, and everything it uses holds") {
    const auto comma = r.standing.find(", ");
    line << " | " << (comma == std::string::npos ? r.standing : r.standing.substr(comma + 2));
  }
  if (r.verdict == "fails" || r.verdict == "inconclusive") {
    line << " | brings down ";
    line << brings_down_text(r);
  }
  for (std::size_t i = 0; i < r.flagged.size(); ++i)  // "explains a (fails), b (fails)"
    line << (i ? ", " + r.flagged[i].substr(std::string("explains ").size()) : " | " + r.flagged[i]);
  // The edges themselves, so that the terminal shows the argument and not only its verdicts.
  const auto edges = [&line](const char* name, const std::vector<std::string>& ids) {
    for (std::size_t i = 0; i < ids.size(); ++i) line << (i ? ", " : std::string(" | ") + name + " ") << ids[i];
  };
  edges("uses", r.statement->uses);
  std::vector<std::string> unflagged;  // a flagged explains-edge is named above already
  for (const std::string& e : r.statement->explains)
    if (std::none_of(r.flagged.begin(), r.flagged.end(),
                     [&](const std::string& f) { return f.rfind("explains " + e + " (", 0) == 0; }))
      unflagged.push_back(e);
  edges(r.flagged.empty() ? "explains" : "also explains", unflagged);
  // Wrapped under the id column, never cut: a cut line could end inside a count. The mark before
  // the id: "x" fails, "?" inconclusive, "^" holds but rests on one that does not, "-" no claim.
  const char mark = r.verdict == "fails" ? 'x' : r.verdict == "inconclusive" ? '?' : r.verdict == "not checked" ? '-'
                    : r.standing.rfind("holds, but rests on", 0) == 0 ? '^' : ' ';
  const std::string id = std::string(1, mark) + " " + r.statement->id;
  const std::string first = id + std::string(id.size() < kIdColumn ? kIdColumn - id.size() : 1, ' ');
  std::string text = pe::wrap_words(line.str(), kWidth, first, std::string(kIdColumn, ' '));
  text.pop_back();  // wrap_words ends with a newline; a line is joined by its caller
  return text;
}

}  // namespace pe::ledger
