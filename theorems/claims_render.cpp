#include "claims_render.hpp"

#include <cctype>
#include <sstream>
#include <utility>

namespace pe::ledger {
namespace {

using Counts = std::vector<std::pair<std::string, int>>;

/// A one-row table: the headings, then the counts.
std::string counts_table(const Counts& counts) {
  std::ostringstream md;
  for (const auto& [heading, count] : counts) md << "| " << heading << " ";
  md << "|\n|";
  for (std::size_t i = 0; i < counts.size(); ++i) md << "---|";
  md << "\n";
  for (const auto& [heading, count] : counts) md << "| " << count << " ";
  md << "|\n";
  return md.str();
}

std::string reproduction_cell(const Record& r, Markdown markdown) {
  if (r.reproduction.empty() || r.reproduction == "exact" || r.reproduction == "not swept")
    return r.reproduction;
  const char* settings = markdown == Markdown::doxygen ? " training settings)" : " settings)";
  return r.reproduction + " (holds in " + std::to_string(r.settings_held) + " of " +
         std::to_string(r.settings_evaluated) + " plausible" + settings;
}

std::string verdict_cell(const Record& r, Markdown markdown) {
  if (markdown == Markdown::github) return escape_markdown(r.verdict, markdown);
  // The verdict's colour says holds/fails; a frame marks a disagreement with the expectation.
  const std::string cls =
      "pe-verdict pe-" + slug(r.verdict) + (r.verdict == r.expected ? "" : " pe-mismatch");
  return "<span class=\"" + cls + "\">" + escape_markdown(r.verdict, markdown) + "</span>";
}

}  // namespace

std::string escape_markdown(std::string_view text, Markdown markdown) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      out += "<br>";
      continue;
    }
    if (markdown == Markdown::github) {
      out += c == '|' ? std::string("\\|") : std::string(1, c);
      continue;
    }
    switch (c) {
      // Doxygen commands and entities, markdown emphasis, code, links and table cells.
      case '\\': case '@': case '&': case '$': case '#': case '%': case '<': case '>':
      case '|': case '*': case '_': case '`': case '[': case ']':
        out += '\\';
        out += c;
        break;
      case '-': {
        // Doxygen turns "--" and "---" into dashes; a lone '-' is left alone.
        const bool run = (i > 0 && text[i - 1] == '-') || (i + 1 < text.size() && text[i + 1] == '-');
        out += run ? "\\-" : "-";
        break;
      }
      case '~':
        // "\~" is Doxygen's language filter and "~~" is strike-through: keep each ~ apart.
        out += "<span>~</span>";
        break;
      case '\r': break;
      default: out += c;
    }
  }
  return out;
}

std::string slug(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

Summary summarise(const std::vector<Record>& records, int not_run) {
  Summary s;
  s.not_run = not_run;
  for (const Record& r : records) {
    ++s.claims;
    if (r.verdict == "holds") ++s.holds;
    else if (r.verdict == "fails") ++s.fails;
    else ++s.errors;
    if (r.expected == "fails") ++s.errata;
    if (r.verdict != r.expected) ++s.disagreements;
    if (r.reproduction == "exact" && !r.certified.empty()) {
      ++s.deterministic;
      s.certified += r.certified == "true";
    }
    s.overprecise += r.overprecise == "true";
    if (r.reproduction == "exact") {
      const bool corpus = r.unit == "filings_corpus";
      ++(corpus ? s.corpus_checked : s.mathematics_checked);
      if (r.verdict == "holds") ++(corpus ? s.corpus_holding : s.mathematics_holding);
    } else if (r.reproduction == "reproduces") ++s.reproduces;
    else if (r.reproduction == "fragile") ++s.fragile;
    else if (r.reproduction == "setting-dependent") ++s.setting_dependent;
    else if (r.reproduction == "does-not-reproduce") ++s.does_not_reproduce;
    else if (r.reproduction == "inconclusive") ++s.inconclusive;
    else ++s.not_swept;
    if (r.verdict == "holds") continue;
    const std::string cause = failure_cause(r);
    if (cause == "mathematics") ++s.fails_mathematics;
    else if (cause == "recreated-corpus") ++s.fails_recreated_corpus;
    else if (cause == "setting-dependent") ++s.fails_setting_dependent;
    else if (cause == "does-not-reproduce") ++s.fails_everywhere;
    else if (cause == "inconclusive") ++s.fails_inconclusive;
    else ++s.fails_not_swept;
  }
  return s;
}

std::string failure_cause(const Record& r) {
  if (r.reproduction == "exact") return r.unit == "filings_corpus" ? "recreated-corpus" : "mathematics";
  if (r.reproduction == "setting-dependent" || r.reproduction == "does-not-reproduce" ||
      r.reproduction == "inconclusive")
    return r.reproduction;
  return "other";
}

const std::vector<std::pair<std::string, std::string>>& errata_groups() {
  static const std::vector<std::pair<std::string, std::string>> groups = {
      {"Errors in the article's mathematics", "mathematics"},
      {"Statements about the article's corpus that its re-creation here does not show", "recreated-corpus"},
      {"Experiment results that depend on the training setting or reading (fail in the selected one, "
       "hold in a substantial share of plausible ones)",
       "setting-dependent"},
      {"Experiment results that do not reproduce (hold in almost no plausible setting)", "does-not-reproduce"},
      {"Experiment results the seeds cannot decide (inconclusive)", "inconclusive"},
      {"Other claims whose verdict differs from their expectation, or not swept in this run", "other"}};
  return groups;
}

std::string inconclusive_markdown(const std::vector<Record>& records, Markdown markdown) {
  std::ostringstream md;
  int count = 0;
  for (const Record& r : records) {
    if (r.inconclusive.empty()) continue;
    ++count;
    md << "- `" << r.id << "` (" << escape_markdown(r.verdict, markdown) << "; article "
       << escape_markdown(r.article, markdown) << ", computed " << escape_markdown(r.computed, markdown)
       << ", resolution " << escape_markdown(r.resolution.empty() ? "-" : r.resolution, markdown) << "): "
       << escape_markdown(r.inconclusive, markdown) << "\n";
  }
  if (count == 0) md << "None.\n";
  return md.str() + "\n";
}

bool belongs_in_errata(const Record& r) { return r.expected == "fails" || r.verdict != r.expected; }

std::string summary_markdown(const Summary& s, Markdown markdown) {
  const bool report = markdown == Markdown::github;
  const Counts verdicts = {
      {report ? "claims evaluated" : "claims", s.claims},
      {"statement holds", s.holds},
      {"statement fails", report ? s.fails + s.errors : s.fails},
      {"errata (expected to fail)", s.errata},
      {"verdict differs from expected", s.disagreements},
      {"deterministic printed and bound claims certified on enclosures (of " +
           std::to_string(s.deterministic) + ")",
       s.certified},
      report ? Counts::value_type{"declared, not run", s.not_run}
             : Counts::value_type{"evaluation errors", s.errors}};
  const Counts causes = {
      {report ? "errors in the article's mathematics (exact claims)"
              : "errors in the article's mathematics",
       s.fails_mathematics},
      {"statements about the article's corpus that this project's re-creation of it does not show",
       s.fails_recreated_corpus},
      {"experiment results that depend on training settings the article does not state",
       s.fails_setting_dependent},
      {"experiment results that reproduce in no setting tried", s.fails_everywhere},
      {"experiment results the seeds cannot decide", s.fails_inconclusive},
      {report ? "experiment claims not swept in this run" : "experiment claims not swept",
       s.fails_not_swept}};
  const Counts classes = {{"reproduces", s.reproduces},
                         {"fragile", s.fragile},
                         {"setting-dependent", s.setting_dependent},
                         {"does not reproduce", s.does_not_reproduce},
                         {"inconclusive", s.inconclusive},
                         {"printed values more precise than their seeds support", s.overprecise}};
  return counts_table(verdicts) + "\nThe experiment claims by class (theorems/sweep.hpp):\n\n" +
         counts_table(classes) + "\nWhy the failing statements fail:\n\n" + counts_table(causes);
}

std::string certification_markdown(const std::vector<Record>& records, Markdown markdown) {
  std::ostringstream uncertified, disagreeing;
  int uncertified_count = 0, disagreeing_count = 0;
  for (const Record& r : records) {
    if (r.reproduction != "exact" || r.certified.empty()) continue;  // as summarise counts them
    const std::string id = "`" + r.id + "`";
    if (r.certified != "true") {
      ++uncertified_count;
      uncertified << "- " << id << ": " << escape_markdown(r.certification, markdown) << "\n";
    }
    if (r.certified == "true" && !r.floating_disagreement.empty()) {
      ++disagreeing_count;
      disagreeing << "- " << id << ": " << escape_markdown(r.floating_disagreement, markdown) << "\n";
    }
  }
  std::ostringstream md;
  md << "Deterministic printed and bound claims not certified (" << uncertified_count << "):\n\n"
     << (uncertified_count ? uncertified.str() : "- none\n")
     << "\nCertified claims where a floating-point route decides the printed digits otherwise than "
        "the enclosure (" << disagreeing_count << "):\n\n"
     << (disagreeing_count ? disagreeing.str() : "- none\n") << "\n";
  return md.str();
}

/// "yes [lo, hi]" for a claim decided on its enclosure, "no" otherwise (the note and the
/// report's certification field say why), empty for rules that are not printed or bound.
std::string certified_cell(const Record& r) {
  if (r.certified.empty()) return "";
  return r.certified == "true" ? "yes " + r.enclosure : "no";
}

IdColumn plain_id_column() {
  return {"id", [](const Record& r) { return "`" + r.id + "`"; }};
}

IdColumn plain_source_column() {
  return {"declared in", [](const Record& r) { return r.source.empty() ? "" : "`" + r.source + "`"; }};
}

std::string claims_table(const std::vector<const Record*>& records, Markdown markdown,
                         const IdColumn& id_column, const IdColumn& source_column) {
  auto cell = [markdown](const std::string& text) { return escape_markdown(text, markdown); };
  std::ostringstream md;
  md << "| " << id_column.heading
     << " | " << source_column.heading << " | statement | article | computed | rule | certified | verdict | expected | reproduction | note |\n"
     << "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const Record* r : records)
    md << "| " << id_column.cell(*r) << " | " << source_column.cell(*r) << " | " << cell(r->statement) << " | " << cell(r->article)
       << " | " << cell(r->computed) << " | " << cell(r->rule) << " | " << cell(certified_cell(*r))
       << " | " << verdict_cell(*r, markdown)
       << " | " << cell(r->expected) << " | " << cell(reproduction_cell(*r, markdown)) << " | "
       << cell(r->note) << " |\n";
  md << "\n";
  return md.str();
}

}  // namespace pe::ledger
