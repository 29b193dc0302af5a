#include "report.hpp"

#include "certificate.hpp"

#include "claims_render.hpp"
#include "json_text.hpp"
#include "non_claims.hpp"
#include "record_fields.hpp"
#include "statements.hpp"
#include "words.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace pe::report {
using namespace pe::ledger;

namespace {
}  // namespace

void write_fragment(const std::string& report_dir, const Record& record) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(report_dir) / "claims.d";
  fs::create_directories(dir);
  const fs::path final_path = dir / (record.id + ".rec");
  const fs::path tmp_path = dir / (record.id + ".rec.tmp");
  {
    std::ofstream out(tmp_path);
    Record copy = record;
    copy.run = current_run(report_dir);
    std::error_code no_link;  // a system without /proc: the record says no program, never stale by it
    copy.program = fs::read_symlink("/proc/self/exe", no_link).string();
    out << fragment_text(copy);
    if (!out) throw std::runtime_error("cannot write " + tmp_path.string());
  }
  fs::rename(tmp_path, final_path);  // atomic: a reader never sees half a record
}

std::string current_run(const std::string& report_dir) {
  std::ifstream in(std::filesystem::path(report_dir) / "run.txt");
  std::string run;
  std::getline(in, run);
  return run;
}

void begin_run(const std::string& report_dir) {
  namespace fs = std::filesystem;
  fs::create_directories(report_dir);
  long previous = 0;
  try {
    previous = std::stol(current_run(report_dir));
  } catch (const std::exception&) {
    previous = 0;  // no run yet, or an unreadable file: start again
  }
  const fs::path final_path = fs::path(report_dir) / "run.txt", tmp_path = fs::path(report_dir) / "run.txt.tmp";
  {
    std::ofstream out(tmp_path);
    out << previous + 1 << "\n";
    if (!out) throw std::runtime_error("cannot write " + tmp_path.string());
  }
  fs::rename(tmp_path, final_path);
}

namespace {
Record read_fragment(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return record_from_fragment(text.str());
}
}  // namespace

namespace {
/// Writes `text` to `path` unless the file already holds exactly it: an unchanged report keeps
/// its file and modification time, so what is built from it (the docs) is not redone.
void write_if_changed(const std::filesystem::path& path, const std::string& text) {
  {
    std::ifstream in(path, std::ios::binary);
    if (in) {
      std::ostringstream old;
      old << in.rdbuf();
      if (old.str() == text) return;
    }
  }
  const std::filesystem::path tmp_path = path.string() + ".tmp";
  {
    std::ofstream out(tmp_path, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + tmp_path.string());
  }
  std::filesystem::rename(tmp_path, path);  // atomic: a reader never sees half a report
}

/// Every printed number of the configured copy of the article, accounted for; none without one.
std::optional<Accounting> account_for_article(const std::string& path) {
  if (path.empty()) return std::nullopt;
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return account_for_numbers(text.str());
}

/// claims.json's "printed_numbers": the accounting's counts, or null without a copy of the article.
std::string printed_numbers_json(const std::optional<Accounting>& a) {
  if (!a) return "null";
  std::ostringstream json;
  json << "{\"printed\": " << a->printed << ", \"accounted\": " << a->accounted() << ", \"claims\": " << a->by_claims
       << ", \"non_claims\": " << a->by_non_claims << ", \"unchecked\": " << a->unchecked
       << ", \"discrepancies\": " << a->discrepancies.size() << ", \"non_claims_by_kind\": {";
  bool first = true;
  for (const auto& [kind, count] : a->by_kind) {
    json << (first ? "" : ", ") << pe::json_quoted(to_string(kind)) << ": " << count;
    first = false;
  }
  json << "}}";
  return json.str();
}

/// The headline's and claims.md's line on the printed numbers.
std::string printed_numbers_line(const std::optional<Accounting>& a) {
  return a ? accounting_line(*a) + (a->discrepancies.empty() ? "" : "; " + std::to_string(a->discrepancies.size()) +
                                                                        " discrepancies with the declarations")
           : "Printed numbers: not counted (no article: set PE_ARTICLE)";
}

/// claims.md's section on the printed numbers: the counts by reason, the checkable numbers no
/// claim checks, and where the configured copy disagrees with the declarations.
std::string printed_numbers_markdown(const std::optional<Accounting>& a) {
  std::ostringstream md;
  md << "## The article's printed numbers\n\n" << printed_numbers_line(a) << ".\n\n";
  if (!a) return md.str();
  md << "Each printed number is at a claim's place (Claim::places) or declared no claim, with its reason "
        "(its section's theorems/NN-*/NAME_section.cpp); `pe_report annotate` shows them in a copy of the article.\n\n"
        "| declared no claim, because | numbers |\n|---|---|\n";
  for (NonClaimKind kind : non_claim_kinds())
    if (kind != NonClaimKind::unchecked) md << "| " << to_string(kind) << " | " << (a->by_kind.count(kind) ? a->by_kind.at(kind) : 0) << " |\n";
  md << "\nCheckable numbers no claim checks yet (" << a->unchecked << "):\n\n";
  for (const NumberAccount& n : a->numbers)
    if (n.unchecked())
      md << "- " << n.number.text << " (#" << n.number.occurrence << ") in " << n.number.where << ": "
         << escape_markdown_text(n.non_claim->reason, Markdown::github) << "\n";
  if (a->unchecked == 0) md << "- none\n";
  md << "\nDiscrepancies between the copy and the declarations (" << a->discrepancies.size() << "):\n\n";
  for (const Discrepancy& d : a->discrepancies) md << "- " << escape_markdown_text(describe(d), Markdown::github) << "\n";
  if (a->discrepancies.empty()) md << "- none\n";
  return md.str() + "\n";
}

/// The evaluated records in the article's section order and, within a section, the declared
/// order; claims declared but without a record; fragments no claim declares any more (from a
/// stale build) are dropped.
struct CollectedRecords {
  std::vector<Record> records;
  std::vector<const Claim*> not_run;
};

CollectedRecords collect_records(const std::string& report_dir, const ReportAnnotations& annotations) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(report_dir) / "claims.d";
  std::map<std::string, Record> evaluated;
  if (fs::exists(dir))
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path().extension() == ".rec") {
        Record r = read_fragment(entry.path());
        evaluated[r.id] = r;
      }
  CollectedRecords out;
  for (const std::string& section : sections())
    for (const Claim& c : all_claims())
      if (c.section == section) {
        auto it = evaluated.find(c.id);
        if (it != evaluated.end()) out.records.push_back(it->second);
        else out.not_run.push_back(&c);
      }
  for (Record& r : out.records)
    if (annotations.annotate) annotations.annotate(r);
  return out;
}

struct ReadingCounts;
ReadingCounts reading_counts(const std::vector<Record>& records);
void write_reading_counts_json(std::ostream& json, const std::vector<Record>& records);

void write_summary_json(std::ostream& json, const Summary& s, const std::optional<Accounting>& printed,
                        const std::vector<Record>& records) {
  json << "{\n  \"summary\": {\"claims\": " << s.claims << ", \"holds\": " << s.holds
       << ", \"fails\": " << s.fails + s.errors << ", \"cannot_bite\": " << s.cannot_bite << ", \"errata\": " << s.errata
       << ", \"disagreements\": " << s.disagreements << ", \"not_run\": " << s.not_run
       << ", \"fails_article_mathematics\": " << s.fails_mathematics
       << ", \"fails_printed_numbers_inconsistent\": " << s.fails_printed_numbers
       << ", \"fails_recreated_corpus\": " << s.fails_recreated_corpus
       << ", \"fails_setting_dependent\": " << s.fails_setting_dependent
       << ", \"fails_in_every_setting\": " << s.fails_everywhere
       << ", \"fails_inconclusive\": " << s.fails_inconclusive
       << ", \"fails_not_swept\": " << s.fails_not_swept
       << ",\n    \"mathematics_checked\": " << s.mathematics_checked
       << ", \"mathematics_holding\": " << s.mathematics_holding << ", \"corpus_checked\": " << s.corpus_checked
       << ", \"corpus_holding\": " << s.corpus_holding << ", \"experiments\": {\"reproduces\": " << s.reproduces
       << ", \"fragile\": " << s.fragile << ", \"setting_dependent\": " << s.setting_dependent
       << ", \"does_not_reproduce\": " << s.does_not_reproduce << ", \"inconclusive\": " << s.inconclusive
       << ", \"not_swept\": " << s.not_swept;
  write_reading_counts_json(json, records);
  json << "}, \"overprecise_printed_values\": " << s.overprecise
       << ", \"deterministic_printed_or_bound\": " << s.deterministic
       << ", \"certified\": " << s.certified
       << ", \"certified_by_construction\": " << s.certified_by_construction
       << ",\n    \"printed_relations\": {\"relations\": " << s.relations << ", \"consistent\": " << s.relations_consistent
       << ", \"inconsistent\": " << s.relations_wrong_digit + s.relations_changing_conclusion
       << ", \"changes_a_conclusion\": " << s.relations_changing_conclusion
       << ", \"wrong_digit\": " << s.relations_wrong_digit << ", \"cannot_bite\": " << s.relations_cannot_bite
       << "},\n    \"printed_numbers\": " << printed_numbers_json(printed) << "},\n";
}

std::string json_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + pe::json_quoted(items[i]);
  return out + "]";
}

/// claims.json's "statements": the argument map, one object per statement in the article's order.
void write_statements_json(std::ostream& json, const std::vector<StatementResult>& results) {
  json << "  \"statements\": [\n";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const StatementResult& r = results[i];
    const Statement& s = *r.statement;
    // "claims": the statement's own, each claim under exactly one statement (its statement_id),
    // those that cannot bite included; "reprints": other statements' claims whose printed value
    // this one prints again, which its verdict also rests on.
    std::vector<std::string> claims, reprints;
    for (const Record* c : r.claims) {
      const std::vector<const Statement*> owners = statements_of_claim(c->id);
      (owners.size() == 1 && owners.front() == &s ? claims : reprints).push_back(c->id);
    }
    for (const Record* c : r.cannot_bite) claims.push_back(c->id);
    json << "    {\"id\": " << pe::json_quoted(s.id) << ", \"label\": " << pe::json_quoted(s.label)
         << ", \"kind\": " << pe::json_quoted(s.kind) << ", \"section\": " << pe::json_quoted(s.section)
         << ", \"claims\": " << json_list(claims) << ", \"reprints\": " << json_list(reprints)
         << ", \"uses\": " << json_list(s.uses)
         << ", \"explains\": " << json_list(s.explains) << ", \"verdict\": " << pe::json_quoted(r.verdict)
         << ", \"verdict_text\": " << pe::json_quoted(r.verdict_text)
         << ", \"standing\": " << pe::json_quoted(r.standing) << ", \"flags\": " << json_list(r.flagged) << ", \"brings_down\": " << json_list(r.brings_down)
         << ", \"evidence\": {\"weakest\": "
         << pe::json_quoted(r.claims.empty() ? "" : to_string(r.weakest)) << ", \"mix\": {";
    bool first = true;
    for (auto it = r.mix.rbegin(); it != r.mix.rend(); ++it, first = false)
      json << (first ? "" : ", ") << pe::json_quoted(to_string(it->first)) << ": " << it->second;
    json << "}, \"text\": " << pe::json_quoted(r.evidence_text) << "}}" << (i + 1 < results.size() ? ",\n" : "\n");
  }
  json << "  ],\n";
}

/// claims.md's "The argument" and `pe_report map`: one line per statement, at most 100 columns.
std::string argument_lines(const std::vector<StatementResult>& results) {
  std::map<std::string, int> verdicts;
  int resting = 0, edges = 0;
  for (const StatementResult& r : results) {
    ++verdicts[r.verdict];
    resting += r.standing.rfind("holds, but rests on", 0) == 0;
    edges += static_cast<int>(r.statement->uses.size() + r.statement->explains.size());
  }
  std::string out = pe::wrap_words(
      std::to_string(results.size()) + " statements, " + std::to_string(edges) + " edges: " +
          std::to_string(verdicts["holds"]) + " hold (" + std::to_string(resting) + " of them rest on one that does "
          "not, marked ^), " + std::to_string(verdicts["fails"]) + " fail (x), " + std::to_string(verdicts["inconclusive"]) +
          " inconclusive (?), " + std::to_string(verdicts["not checked"]) + " without a claim (-). A uses-edge points "
          "at what a statement's proof or text relies on; an explains-edge at an experiment a theorem accounts for.",
      100, "", "");
  for (const StatementResult& r : results) out += statement_line(r) + "\n";
  return out;
}

/// How many external lemmas the proofs cite, and how many claims cite one.
std::pair<int, int> cited_lemmas(const std::vector<ledger::LemmaUse>& uses) {
  std::set<std::string> citing;
  int cited = 0;
  for (const ledger::LemmaUse& u : uses) {
    citing.insert(u.claims.begin(), u.claims.end());
    cited += !u.claims.empty();
  }
  return {cited, static_cast<int>(citing.size())};
}

/// The external lemmas as nodes of the argument map: what each is, where it is proved, and the
/// proved claims and statements that rest on it. "" when no proof cites one.
std::string lemma_lines(const std::vector<Record>& records) {
  const std::vector<ledger::LemmaUse> uses = ledger::lemma_uses(records);
  const auto [cited, citing] = cited_lemmas(uses);
  if (!cited) return "";
  std::string out = pe::wrap_words("External lemmas: " + std::to_string(cited) + " classical results the proofs cite "
                                   "without checking them, cited by " + std::to_string(citing) +
                                   " proved claims (L marks one).", 100, "", "");
  for (const ledger::LemmaUse& u : uses) {
    if (u.claims.empty()) continue;
    std::string used_by;
    for (const std::string& id : u.statements) used_by += (used_by.empty() ? "" : ", ") + id;
    out += pe::wrap_words("L " + u.lemma->name + " (" + u.lemma->citation + "): used by " +
                              std::to_string(u.claims.size()) + (u.claims.size() == 1 ? " claim" : " claims") +
                              " of " + used_by, 100, "", "    ");
  }
  return out;
}

/// claims.json's "external_lemmas": each lemma's name, citation and the claims and statements
/// that cite it.
void write_lemmas_json(std::ostream& json, const std::vector<Record>& records) {
  const std::vector<ledger::LemmaUse> uses = ledger::lemma_uses(records);
  json << "  \"external_lemmas\": [\n";
  for (std::size_t i = 0; i < uses.size(); ++i)
    json << "    {\"name\": " << pe::json_quoted(uses[i].lemma->name) << ", \"citation\": "
         << pe::json_quoted(uses[i].lemma->citation) << ", \"claims\": " << json_list(uses[i].claims)
         << ", \"statements\": " << json_list(uses[i].statements) << "}" << (i + 1 < uses.size() ? ",\n" : "\n");
  json << "  ],\n";
}

void write_claims_json(const std::filesystem::path& path, const Summary& s, const CollectedRecords& collected,
                       const ReportAnnotations& annotations, const std::optional<Accounting>& printed) {
  const std::vector<Record>& records = collected.records;
  std::ostringstream json;
  write_summary_json(json, s, printed, records);
  json << "  \"build\": {";
  for (std::size_t i = 0; i < annotations.build.size(); ++i)
    json << (i ? ", " : "") << pe::json_quoted(annotations.build[i].first) << ": "
         << pe::json_quoted(annotations.build[i].second);
  json << "},\n";
  for (const std::string& member : annotations.top_level_json) json << "  " << member << ",\n";
  write_statements_json(json, evaluate_statements(records));
  write_lemmas_json(json, records);
  json << "  \"claims\": [\n";
  for (std::size_t i = 0; i < records.size(); ++i) {
    json << "    {" << record_json(records[i]) << (i + 1 < records.size() ? "},\n" : "}\n");
  }
  json << "  ],\n  \"not_run\": [";
  for (std::size_t i = 0; i < collected.not_run.size(); ++i)
    json << (i ? ", " : "") << pe::json_quoted(collected.not_run[i]->id);
  json << "]\n}\n";
  write_if_changed(path, json.str());
}

void write_claims_markdown(const std::filesystem::path& path, const Summary& s, const CollectedRecords& collected,
                           const ReportAnnotations& annotations, const std::optional<Accounting>& printed) {
  const std::vector<Record>& records = collected.records;
  const std::vector<const Claim*>& not_run = collected.not_run;
  std::ostringstream md;
  md << "# Verification report\n\n";
  for (const auto& [name, value] : annotations.build) md << "- " << name << ": " << value << "\n";
  md << "\n## Summary\n\n" << printed_numbers_line(printed) << ".\n\n" << summary_markdown(s, Markdown::github) << "\n"
     << "## What the article gets wrong\n\n"
     << "Every claim that fails, or whose failure its seeds cannot decide, one line each; the "
        "direction says whether this project's value lies above or below the article's. Each "
        "claim's detail is in the section \"Errata and claims that do not reproduce\" below.\n\n"
     << wrong_list_markdown(records, Markdown::github, [](const Record& r) { return "`" + r.id + "`"; })
     << "## Claims that hold, but that their seeds cannot decide\n\n"
     << "Not wrong, and not confirmed either: the estimate holds, but lies within its resolution of "
        "the value that would reverse it.\n\n"
     << undecided_holding_markdown(records, Markdown::github, [](const Record& r) { return "`" + r.id + "`"; });
  auto listing = [&md](const std::vector<const Record*>& rows, bool with_reason) {
    md << claims_listing(rows, Markdown::github, plain_links(), with_reason);
  };
  md << "## The argument\n\n"
     << "Each statement of the article in its order: its verdict from its claims, the weakest "
        "evidence among them (proved, exhaustive, sampled, trained, by construction), and what a "
        "holding statement rests on through the statements it uses. Detail: claims.json's "
        "\"statements\".\n\n```\n"
     << argument_lines(evaluate_statements(records)) << lemma_lines(records) << "```\n\n"
     << "## The printed numbers against each other\n\n" << relations_markdown(records, Markdown::github, plain_links().id);
  for (const std::string& section : annotations.markdown_sections) md << section << "\n";
  md << printed_numbers_markdown(printed);
  md << "## How the printed numbers were decided\n\n" << certification_markdown(records, Markdown::github);
  std::vector<const Record*> first;
  for (const Record& r : records)
    if (belongs_in_errata(r)) first.push_back(&r);
  md << "## Errata and claims that do not reproduce\n\n";
  if (first.empty()) md << "None in this run.\n\n";
  for (const auto& [title, kind] : errata_groups()) {
    std::vector<const Record*> rows;
    for (const Record* r : first)
      if (failure_cause(*r) == kind) rows.push_back(r);
    if (rows.empty()) continue;
    md << "### " << title << "\n\n";
    listing(rows, true);
  }
  md << "## Claims the seeds cannot decide (inconclusive)\n\n" << inconclusive_markdown(records, Markdown::github);
  md << "## Claims that depend on the reading\n\n" << reading_dependent_markdown(records, Markdown::github);
  for (const std::string& section : sections()) {
    std::vector<const Record*> rows;
    for (const Record& r : records)
      if (r.section == section) rows.push_back(&r);
    if (rows.empty()) continue;
    md << "## " << section << "\n\n";
    listing(rows, false);
  }
  if (!not_run.empty()) {
    md << "## Declared but not evaluated in this run\n\n";
    for (const Claim* c : not_run) md << "- `" << c->id << "` (unit " << c->unit << ")\n";
  }
  write_if_changed(path, wrap_report(md.str()));
}

/// The headline's words for the statements of the article by verdict, and for the mathematics
/// that holds by evidence kind (by-construction claims are never counted as support).
struct ArgumentCounts {
  std::string statements, evidence;
};
ArgumentCounts argument_counts(const std::vector<Record>& records) {
  std::map<std::string, int> verdicts;
  const std::vector<StatementResult> results = evaluate_statements(records);
  int resting = 0;  // statements that hold but rest on a failing or inconclusive one
  for (const StatementResult& r : results) {
    ++verdicts[r.verdict];
    resting += r.standing.rfind("holds, but rests on", 0) == 0;
  }
  std::map<Evidence, int> kinds;
  for (const Record& r : records)
    if (r.reproduction == "exact" && r.unit != "filings_corpus" && r.consistency.empty() && r.verdict == "holds")
      ++kinds[evidence_of(r)];
  ArgumentCounts out;
  out.statements = std::to_string(results.size()) + ": " + std::to_string(verdicts["holds"]) + " hold, " +
                   std::to_string(verdicts["fails"]) + " fail, " + std::to_string(verdicts["inconclusive"]) +
                   " inconclusive, " + std::to_string(verdicts["not checked"]) + " not checked; " +
                   std::to_string(resting) + " that hold rest on a failing or inconclusive one";
  for (auto it = kinds.rbegin(); it != kinds.rend(); ++it)
    out.evidence += (out.evidence.empty() ? "" : ", ") + std::to_string(it->second) + " " +
                    (it->first == Evidence::sampled ? "sampled" : to_string(it->first));
  return out;
}

/// The experiment claims' reading flags: how many depend on the reading of the article (and of
/// those, how many split between readings), how many readings its own printed values rule out,
/// and how many claims sit at the edge of their class.
struct ReadingCounts {
  bool swept = false;  ///< some claim was swept over readings
  int dependent = 0, split = 0, ruled_out = 0, edge = 0;
};
ReadingCounts reading_counts(const std::vector<Record>& records) {
  ReadingCounts out;
  std::set<std::string> ruled_out;
  for (const Record& r : records) {
    out.dependent += r.reading_dependent;
    out.split += !readings_split(r).empty();
    out.edge += !r.edge.empty();
    for (const Record::Reading& g : r.readings) {
      out.swept = true;
      if (!g.ruled_out_by.empty()) ruled_out.insert(g.id);
    }
  }
  out.ruled_out = static_cast<int>(ruled_out.size());
  return out;
}

/// The reading counts as members of claims.json's experiment summary (none when nothing was swept
/// over readings): reading_dependent, readings_split, readings_ruled_out, at_the_edge.
void write_reading_counts_json(std::ostream& json, const std::vector<Record>& records) {
  const ReadingCounts c = reading_counts(records);
  if (!c.swept) return;
  json << ", \"reading_dependent\": " << c.dependent << ", \"readings_split\": " << c.split
       << ", \"readings_ruled_out\": " << c.ruled_out << ", \"at_the_edge\": " << c.edge;
}

/// The reading counts in words for the headline; empty when no claim was swept over readings.
std::string readings_words(const std::vector<Record>& records) {
  const ReadingCounts c = reading_counts(records);
  if (!c.swept) return "";
  return std::to_string(c.dependent) + " reading-dependent (" + std::to_string(c.split) + " split, " +
         std::to_string(c.ruled_out) + " ruled out), " + std::to_string(c.edge) + " at the edge";
}

/// Claim ids named compactly: ids alike but for their middle part as "first.{a,b}.last", each id
/// still spelled out in full by the braces; the others as they are, comma-separated.
std::string grouped_ids(const std::vector<std::string>& ids) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;  // "first.|.last" -> middles
  std::string out;
  for (const std::string& id : ids) {
    const std::size_t first = id.find('.'), last = id.rfind('.');
    if (first == std::string::npos || first == last) {
      groups.push_back({id, {}});
      continue;
    }
    const std::string key = id.substr(0, first + 1) + "|" + id.substr(last);
    auto it = std::find_if(groups.begin(), groups.end(), [&key](const auto& g) { return g.first == key; });
    if (it == groups.end()) it = groups.insert(groups.end(), {key, {}});
    it->second.push_back(id.substr(first + 1, last - first - 1));
  }
  for (const auto& [key, middles] : groups) {
    std::string text = key;
    if (!middles.empty()) {
      const std::size_t bar = key.find('|');
      std::string inner;
      for (const std::string& m : middles) inner += (inner.empty() ? "" : ",") + m;
      text = key.substr(0, bar) + (middles.size() == 1 ? inner : "{" + inner + "}") + key.substr(bar + 1);
    }
    out += (out.empty() ? "" : ", ") + text;
  }
  return out;
}

/// headline.txt: the counts a reader needs first, one item a line, wrapped at the report's width
/// (pe_report headline adds where the report is, when it was written, and the ctest run's failed
/// checks: at most 13 lines in all).
void write_headline(const std::string& report_dir, const Summary& s, const CollectedRecords& collected,
                    const std::optional<Accounting>& printed) {
  namespace fs = std::filesystem;
  const std::vector<Record>& records = collected.records;
  const std::vector<const Claim*>& not_run = collected.not_run;
  std::vector<std::string> disagreeing;
  for (const Record& r : records)
    if (r.verdict != r.expected) disagreeing.push_back(r.id + " (" + r.verdict + ", expected " + r.expected + ")");
  std::set<std::string> units_not_run;
  for (const Claim* c : not_run) units_not_run.insert(c->unit);
  const auto n = [](int k) { return std::to_string(k); };
  std::vector<std::string> items;
  const int failing = s.fails + s.errors;
  std::vector<std::string> cannot_fail;  // the relations counted neither holding nor failing
  for (const Record& r : records)
    if (r.consistency == "cannot bite") cannot_fail.push_back(r.id);
  std::string differ;
  for (std::size_t i = 0; i < disagreeing.size(); ++i) differ += (i ? ", " : "") + disagreeing[i];
  items.push_back("Verification report: " + n(s.claims) + " claims: " + n(s.holds) + " hold, " + n(failing) + " fail (" +
                  (s.errata == failing ? "all " : "") + n(s.errata) + " errata" +
                  (disagreeing.empty() ? ", as expected)." : "); verdicts off their expectation: " + differ + ".") +
                  (s.cannot_bite ? " Cannot fail at the printed precision: " + grouped_ids(cannot_fail) + "." : ""));
  const ArgumentCounts argument = argument_counts(records);
  const int lemmas_cited = cited_lemmas(ledger::lemma_uses(records)).first;
  items.push_back("Mathematics: " + n(s.mathematics_holding) + " of " + n(s.mathematics_checked) + " hold" +
                  (argument.evidence.empty() ? "" : " (" + argument.evidence + ")") + "; " + n(s.certified) + " of " +
                  n(s.deterministic) + " printed values and bounds on enclosures; " + n(lemmas_cited) +
                  " cited lemmas. Corpus, re-created: " + n(s.corpus_holding) + " of " + n(s.corpus_checked) + " hold.");
  items.push_back("Statements: " + argument.statements + ".");
  const int experiments = s.reproduces + s.fragile + s.setting_dependent + s.does_not_reproduce + s.inconclusive;
  const std::string readings = readings_words(records);
  items.push_back("Experiments: " + n(experiments) + " swept: " + n(s.reproduces) + " reproduce, " + n(s.fragile) +
                  " fragile, " + n(s.setting_dependent) + " setting-dependent, " + n(s.does_not_reproduce) +
                  " do not reproduce, " + n(s.inconclusive) + " inconclusive" +
                  (s.not_swept ? ", " + n(s.not_swept) + " not swept in this run" : "") +
                  (readings.empty() ? "" : "; " + readings) + ".");
  items.push_back(
      (printed ? "Printed numbers: " + n(printed->accounted()) + " of " + n(printed->printed) + " accounted for" +
                     (printed->unchecked ? " (" + n(printed->unchecked) + " checkable, unchecked)" : "") +
                     (printed->discrepancies.empty() ? "" : ", " + n(static_cast<int>(printed->discrepancies.size())) +
                                                                " discrepancies with the declarations")
               : printed_numbers_line(printed)) +
      ", " + n(s.overprecise) + " overprecise" +
      (s.relations ? "; " + n(s.relations) + " relations among them: " + n(s.relations_consistent) + " consistent, " +
                         n(s.relations_wrong_digit + s.relations_changing_conclusion) + " inconsistent (" +
                         n(s.relations_changing_conclusion) + " change a conclusion, " + n(s.relations_wrong_digit) +
                         " a digit)"
                   : std::string()) +
      ".");
  const std::string run = current_run(report_dir);
  const long this_run = std::count_if(records.begin(), records.end(), [&](const Record& r) { return r.run == run; });
  if (this_run != static_cast<long>(records.size()))
    items.push_back("Records from this run: " + std::to_string(this_run) + "; kept from an earlier run: " +
                    std::to_string(records.size() - this_run) + " (rerun when a program or input changes).");
  if (!not_run.empty()) {
    std::string units;
    for (const std::string& u : units_not_run) units += " " + u;
    items.push_back("Declared but never run in this build tree: " + n(static_cast<int>(not_run.size())) + " (units:" +
                    units + ").");
  }
  std::ofstream headline(fs::path(report_dir) / "headline.txt");
  for (std::size_t i = 0; i < items.size(); ++i)
    headline << pe::wrap_words(items[i], kReportWidth, i ? "  " : "", i ? "    " : "  ");
}
}  // namespace

namespace {
std::string listed(const std::vector<std::string>& items, std::size_t at_most = 5) {
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < at_most; ++i) out += (i ? ", " : "") + items[i];
  return items.size() > at_most ? out + " and " + std::to_string(items.size() - at_most) + " more" : out;
}

/// Why the report in `dir` is stale, or "" when it is not: a fragment older than the program that
/// wrote it (rebuilt since its check ran), or the last merge older than a fragment or the sweep it
/// merges. The merge's witness is headline.txt, which every merge writes: claims.json keeps its
/// time when its content did not change.
std::string staleness(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code never_merged;
  const fs::file_time_type written = fs::last_write_time(dir / "headline.txt", never_merged);
  if (never_merged) return "no merge of its records was recorded (" + (dir / "headline.txt").string() + ")";
  std::set<std::string> stale_units;
  bool newer_fragment = false;
  if (fs::exists(dir / "claims.d"))
    for (const auto& entry : fs::directory_iterator(dir / "claims.d")) {
      if (entry.path().extension() != ".rec") continue;
      const fs::file_time_type made = entry.last_write_time();
      newer_fragment = newer_fragment || made > written;
      const Record r = read_fragment(entry.path());
      std::error_code missing;
      const fs::file_time_type program = fs::last_write_time(r.program, missing);
      if (!r.program.empty() && !missing && program > made) stale_units.insert(r.unit);
    }
  if (!stale_units.empty())
    return "the records of unit(s) " + listed({stale_units.begin(), stale_units.end()}) +
           " are older than their test programs, rebuilt since they ran";
  std::error_code no_sweep;
  const fs::file_time_type swept = fs::last_write_time(dir / "sweep.txt", no_sweep);
  if (newer_fragment || (!no_sweep && swept > written))
    return "its last merge is older than the records or the sweep it merges";
  return "";
}
}  // namespace

std::string ctest_checks_line(const std::filesystem::path& failed_log, std::filesystem::file_time_type run_began,
                              bool have_mark) {
  namespace fs = std::filesystem;
  if (!have_mark) return "";  // no run to compare the list with: it may be any run's
  std::error_code none;
  const fs::file_time_type listed = fs::last_write_time(failed_log, none);
  std::vector<std::string> failed;
  if (!none && listed >= run_began) {
    std::ifstream in(failed_log);
    for (std::string line; std::getline(in, line);)
      if (const auto colon = line.find(':'); colon != std::string::npos) failed.push_back(line.substr(colon + 1));
  }
  if (failed.empty()) return "  Checks of this ctest run: none failed.\n";
  std::string names;
  for (std::size_t i = 0; i < failed.size() && i < 5; ++i) names += (i ? ", " : "") + failed[i];
  if (failed.size() > 5) names += " and " + std::to_string(failed.size() - 5) + " more";
  return pe::wrap_words("Checks of this ctest run: " + std::to_string(failed.size()) +
                            " FAILED or did not run (the list above): " + names + ".",
                        kReportWidth, "  ", "    ");
}

std::vector<Record> read_report_records(const std::string& report_dir) {
  namespace fs = std::filesystem;
  const fs::path dir(report_dir), json_path = dir / "claims.json";
  const std::string what_to_run =
      ": run the claim checks first (`ctest --preset release`, or `ctest --preset release -L UNIT` per unit "
      "and then `ctest --preset release -R report.write`), which write the report, then build again";
  if (!fs::exists(json_path)) throw StaleReport("no report at " + json_path.string() + what_to_run);
  if (const std::string why = staleness(dir); !why.empty())
    throw StaleReport("the report in " + report_dir + " is stale: " + why + what_to_run);
  JsonValue document;
  try {
    document = read_claims_document(json_path.string());
  } catch (const std::exception& e) {
    throw StaleReport(e.what() + what_to_run);
  }
  const JsonValue* claims = document.member("claims");
  std::map<std::string, Record> by_id;
  for (const JsonValue& claim : claims->items) {
    Record r = record_from_json(claim);
    by_id[r.id] = std::move(r);
  }
  std::vector<Record> out;
  std::vector<std::string> missing;
  for (const Claim& c : all_claims()) {
    const auto it = by_id.find(c.id);
    if (it == by_id.end()) {
      missing.push_back(c.id);
      continue;
    }
    out.push_back(std::move(it->second));
    by_id.erase(it);
  }
  std::vector<std::string> undeclared;
  for (const auto& [id, r] : by_id) undeclared.push_back(id);
  if (!missing.empty() || !undeclared.empty())
    throw StaleReport("the report in " + report_dir + " does not match the claims this build declares (" +
                      std::to_string(missing.size()) + " without a record" +
                      (missing.empty() ? "" : ": " + listed(missing)) + "; " + std::to_string(undeclared.size()) +
                      " no longer declared" + (undeclared.empty() ? "" : ": " + listed(undeclared)) + ")" +
                      what_to_run);
  return out;
}

std::string argument_map(const std::string& report_dir, const ReportAnnotations& annotations) {
  const std::vector<Record> records = collect_records(report_dir, annotations).records;
  return argument_lines(evaluate_statements(records)) + lemma_lines(records);
}

namespace {
/// Deletes the records of claims this build no longer declares: the merge leaves them out, and
/// left on disk they would make every later report read as stale once their program is rebuilt.
void remove_undeclared_records(const std::string& report_dir) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(report_dir) / "claims.d";
  if (!fs::exists(dir)) return;
  std::set<std::string> declared;
  for (const Claim& c : all_claims()) declared.insert(c.id);
  std::vector<fs::path> undeclared;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".rec" && !declared.count(read_fragment(entry.path()).id))
      undeclared.push_back(entry.path());
  for (const fs::path& path : undeclared) fs::remove(path);
}
}  // namespace

int write_report(const std::string& report_dir, const ReportAnnotations& annotations) {
  namespace fs = std::filesystem;
  remove_undeclared_records(report_dir);
  const CollectedRecords collected = collect_records(report_dir, annotations);
  const Summary s = summarise(collected.records, static_cast<int>(collected.not_run.size()));
  fs::create_directories(report_dir);
  // An evaluation error counts as a failing statement in claims.json, as in claims.md.
  const std::optional<Accounting> printed = account_for_article(annotations.article);
  write_claims_json(fs::path(report_dir) / "claims.json", s, collected, annotations, printed);
  write_claims_markdown(fs::path(report_dir) / "claims.md", s, collected, annotations, printed);
  write_headline(report_dir, s, collected, printed);
  return s.disagreements;
}

}  // namespace pe::report
