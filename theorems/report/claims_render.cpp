#include "claims_render.hpp"

#include "recipes.hpp"
#include "certificate.hpp"
#include "utf8_text.hpp"
#include "statements.hpp"
#include "words.hpp"

#include <algorithm>
#include <map>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>
#include <sstream>
#include <utility>

namespace pe::report {
using namespace pe::ledger;
namespace {

using Counts = std::vector<std::pair<std::string, int>>;

/// A class the sweep decided over its settings (not "", "exact" or "not swept"): only these
/// carry a count of the settings they hold in.
bool counts_settings(const Record& r) {
  return !(r.reproduction.empty() || r.reproduction == "exact" || r.reproduction == "not swept");
}

/// A two-column table, one count per row (it stays narrow with long headings).
std::string counts_table(const Counts& counts) {
  std::ostringstream md;
  md << "| what | count |\n|---|---|\n";
  for (const auto& [heading, count] : counts) md << "| " << heading << " | " << count << " |\n";
  return md.str();
}

std::string verdict_cell(const Record& r, Markdown markdown) {
  if (markdown == Markdown::github) return escape_markdown(r.verdict, markdown);
  // The verdict's colour says holds/fails; a frame marks a disagreement with the expectation.
  const std::string cls =
      "pe-verdict pe-" + slug(r.verdict) + (r.verdict == r.expected ? "" : " pe-mismatch");
  return "<span class=\"" + cls + "\">" + escape_markdown(r.verdict, markdown) + "</span>";
}

}  // namespace

std::string escape_markdown_text(std::string_view text, Markdown markdown) {
  if (markdown == Markdown::doxygen) return escape_markdown(text, markdown);
  std::string out;
  for (char c : text)
    if (c == '\n') out += "<br>";
    else if (c != '\r') out += c;
  return out;
}

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

std::string card_anchor(std::string_view id) {
  static const std::regex id_form("[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*");
  const std::string s(id);
  if (!std::regex_match(s, id_form))
    throw std::invalid_argument("claim id must be dotted [A-Za-z0-9_] parts, got id = '" + s + "'");
  std::string out = "claim-" + s;
  std::replace(out.begin(), out.end(), '.', '-');
  return out;
}

std::string statement_map_anchor(std::string_view id) { return "map-statement" + card_anchor(id).substr(5); }

Summary summarise(const std::vector<Record>& records, int not_run) {
  Summary s;
  s.not_run = not_run;
  for (const Record& r : records) {
    ++s.claims;
    const bool relation = !r.consistency.empty();
    if (r.verdict == "holds") ++(r.consistency == "cannot bite" ? s.cannot_bite : s.holds);
    else if (r.verdict == "fails") ++s.fails;
    else ++s.errors;
    if (r.expected == "fails") ++s.errata;
    if (r.verdict != r.expected) ++s.disagreements;
    if (r.reproduction == "exact" && !r.certified.empty() && !relation) {
      ++s.deterministic;
      // An enclosure of a value the project built to match supports nothing: not counted.
      const bool by_construction = evidence_of(r) == Evidence::by_construction;
      s.certified += r.certified == "true" && !by_construction;
      s.certified_by_construction += r.certified == "true" && by_construction;
    }
    s.overprecise += r.overprecise == "true";
    s.reading_dependent += r.reading_dependent;
    s.readings_split += !readings_split(r).empty();
    s.at_the_edge += !r.edge.empty();
    if (relation) {
      ++s.relations;
      if (r.consistency == "consistent") ++s.relations_consistent;
      else if (r.consistency == "wrong digit") ++s.relations_wrong_digit;
      else if (r.consistency == "changes a conclusion") ++s.relations_changing_conclusion;
      else ++s.relations_cannot_bite;
    } else if (r.reproduction == "exact") {
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
    else if (cause == "printed-numbers") ++s.fails_printed_numbers;
    else if (cause == "recreated-corpus") ++s.fails_recreated_corpus;
    else if (cause == "setting-dependent") ++s.fails_setting_dependent;
    else if (cause == "does-not-reproduce") ++s.fails_everywhere;
    else if (cause == "inconclusive") ++s.fails_inconclusive;
    else ++s.fails_not_swept;
  }
  return s;
}

std::string failure_cause(const Record& r) {
  if (!r.consistency.empty()) return "printed-numbers";
  if (r.reproduction == "exact") return r.unit == "filings_corpus" ? "recreated-corpus" : "mathematics";
  if (r.reproduction == "setting-dependent" || r.reproduction == "does-not-reproduce" ||
      r.reproduction == "inconclusive")
    return r.reproduction;
  return "other";
}

const std::vector<std::pair<std::string, std::string>>& errata_groups() {
  static const std::vector<std::pair<std::string, std::string>> groups = {
      {"Errors in the article's mathematics", "mathematics"},
      {"Relations among the article's own printed numbers that no printed values satisfy", "printed-numbers"},
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
    md << "- `" << r.id << "` (" << escape_markdown_text(r.verdict, markdown) << "; article "
       << escape_markdown_text(r.article, markdown) << ", computed " << escape_markdown_text(computed_face(r), markdown)
       << ", resolution " << escape_markdown_text(r.resolution.empty() ? "-" : r.resolution, markdown) << "): "
       << escape_markdown_text(r.inconclusive, markdown) << "\n";
  }
  if (count == 0) md << "None.\n";
  return md.str() + "\n";
}

namespace {
/// The largest gap between two counted readings' shares of their plausible settings: how far the
/// reading moves the claim, by which the section ranks its claims.
double readings_share_gap(const Record& r) {
  double lowest = 1, highest = 0;
  for (const Record::Reading& g : r.readings)
    if (g.ruled_out_by.empty() && g.evaluated > 0) {
      lowest = std::min(lowest, double(g.held) / g.evaluated);
      highest = std::max(highest, double(g.held) / g.evaluated);
    }
  return highest > lowest ? highest - lowest : 0.0;
}

/// One reading's result on a card, "fails (0.995 +/- 0.004, se 0.002), 6 of 7", or in the
/// readings table, where two sit side by side in one row, with "6/7".
std::string reading_cell(const Record::Reading& g, bool in_table = false) {
  const std::string value = reading_value(g);
  return g.verdict + (g.undecided ? ", undecided" : "") + (value.empty() ? "" : " (" + value + ")") + ", " +
         std::to_string(g.held) + (in_table ? "/" : " of ") + std::to_string(g.evaluated);
}
}  // namespace

std::string reading_dependent_markdown(const std::vector<Record>& records, Markdown markdown) {
  std::vector<const Record*> flagged;
  std::vector<std::string> readings;  // counted somewhere, in the sweep's order
  std::map<std::string, std::string> ruled_out;
  for (const Record& r : records) {
    if (!r.reading_dependent) continue;
    flagged.push_back(&r);
    for (const Record::Reading& g : r.readings) {
      if (!g.ruled_out_by.empty()) ruled_out[g.id] = g.ruled_out_by;
      else if (std::find(readings.begin(), readings.end(), g.id) == readings.end()) readings.push_back(g.id);
    }
  }
  auto prose = [markdown](const std::string& t) { return escape_markdown_text(t, markdown); };
  std::ostringstream md;
  md << "A *reading* is one way of filling in what the article leaves open about the model and the task: "
        "how a mark is embedded, what a sequence without a mark asks for. The sweep trains every reading, "
        "chooses each one's recipe by the same rule, and decides every experiment claim in that recipe: "
        "the reading's own verdict. A claim depends on the reading when two readings' own verdicts differ, "
        "or when one reading holds in more than half of its plausible settings and another fails in more "
        "than half of its own, and each still would with any one of its settings turned the other way "
        "(with a handful of settings per reading, a split that one setting closes, 4 of 7 against 3 of "
        "7, is the grain of the settings, not an effect of the reading).\n\n";
  for (const auto& [id, by] : ruled_out)
    md << "One reading, *" << prose(reading_name(id)) << "* (`" << id << "`), is ruled out by `" << by
       << "` and counts in no share and no flag.\n\n";
  if (flagged.empty()) return md.str() + "None.\n\n";
  md << "Each reading's cell gives its own verdict, the quantity the claim reads in its selected recipe "
        "with the half-width of the band it is decided with there (\"undecided\" when that band cannot "
        "decide) and the estimate's standard error over its seeds (se), and in how many of its plausible "
        "settings the claim holds (3/7: in 3 of 7). Claims are listed by how far apart the readings' shares "
        "lie, largest first.\n\n";
  std::stable_sort(flagged.begin(), flagged.end(), [](const Record* a, const Record* b) {
    const double gap_a = readings_share_gap(*a), gap_b = readings_share_gap(*b);
    if (gap_a != gap_b) return gap_a > gap_b;
    return readings_split(*a).size() > readings_split(*b).size();  // own verdicts split first
  });
  constexpr std::size_t kArticleWidth = 16;
  md << "| claim | class | article |";
  for (const std::string& id : readings) md << " " << reading_name(id) << " |";
  md << "\n|---|---|---|";
  for (std::size_t i = 0; i < readings.size(); ++i) md << "---|";
  md << "\n";
  for (const Record* r : flagged) {
    std::string cells;
    for (const std::string& id : readings) {
      const auto g = std::find_if(r->readings.begin(), r->readings.end(),
                                  [&](const Record::Reading& x) { return x.id == id; });
      cells += " " + (g == r->readings.end() ? "-" : escape_markdown(reading_cell(*g, true), markdown)) + " |";
    }
    // The readings' cells are whole; the article's value gives way (down to a few characters)
    // so that the row stays within kReportTableWidth.
    const std::string head = "| `" + r->id + "` | " + escape_markdown(r->reproduction, markdown) + " | ";
    const std::size_t taken = head.size() + 2 + cells.size() + 2, kFewest = 6;  // + 2: an ellipsis's bytes
    const std::size_t width = std::clamp(taken < kReportTableWidth ? kReportTableWidth - taken : 0, kFewest, kArticleWidth);
    md << head << escape_markdown(shortened(r->article, width), markdown) << " |" << cells << "\n";
  }
  return md.str() + "\n";
}

bool belongs_in_errata(const Record& r) { return r.expected == "fails" || r.verdict != r.expected; }

std::string summary_markdown(const Summary& s, Markdown markdown) {
  const bool report = markdown == Markdown::github;
  const Counts verdicts = {
      {report ? "claims evaluated" : "claims", s.claims},
      {"claims that hold", s.holds},
      {"claims that fail", report ? s.fails + s.errors : s.fails},
      {"relations that cannot fail at the printed precision (counted neither holding nor failing)",
       s.cannot_bite},
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
      {"relations among the article's printed numbers that no printed values satisfy", s.fails_printed_numbers},
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
                         {"depend on the reading", s.reading_dependent},
                         {"of which the readings' own verdicts differ", s.readings_split},
                         {"at the edge: one other plausible setting would change the class or the reading flag", s.at_the_edge},
                         {"printed values more precise than their seeds support", s.overprecise}};
  const Counts relations = {{"relations checked", s.relations},
                            {"consistent", s.relations_consistent},
                            {"inconsistent, a wrong digit", s.relations_wrong_digit},
                            {"inconsistent, changes a conclusion", s.relations_changing_conclusion},
                            {"cannot fail at the printed precision", s.relations_cannot_bite}};
  return counts_table(verdicts) + "\nThe experiment claims by class (theorems/report/sweep.hpp):\n\n" +
         counts_table(classes) + "\nThe article's printed numbers against each other (each section folder's consistency_NAME.cpp):\n\n" +
         counts_table(relations) + "\nWhy the failing claims fail:\n\n" + counts_table(causes);
}

std::string certification_markdown(const std::vector<Record>& records, Markdown markdown) {
  std::ostringstream uncertified, disagreeing;
  int uncertified_count = 0, disagreeing_count = 0;
  for (const Record& r : records) {
    if (r.reproduction != "exact" || r.certified.empty() || !r.consistency.empty()) continue;  // as summarise counts
    const std::string id = "`" + r.id + "`";
    if (r.certified != "true") {
      ++uncertified_count;
      uncertified << "- " << id << ": " << escape_markdown_text(r.certification, markdown) << "\n";
    }
    if (r.certified == "true" && !r.floating_disagreement.empty()) {
      ++disagreeing_count;
      disagreeing << "- " << id << ": " << escape_markdown_text(r.floating_disagreement, markdown) << "\n";
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

ClaimLinks plain_links() {
  return {[](const Record& r) { return "`" + r.id + "`"; },
          [](const Record& r) { return r.source.empty() ? std::string() : "`" + r.source + "`"; }};
}

namespace {

/// The value of "0.466", "-55.86" or "3.69e29"; nothing for text that is not one number.
std::optional<double> plain_number(const std::string& text) {
  try {
    return value_of_printed(text);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

}  // namespace

std::string shortened(const std::string& text, std::size_t width) {
  std::size_t points = 0, cut = std::string::npos;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (pe::is_continuation_byte(text[i])) continue;
    if (points == width - 1) cut = i;
    if (++points <= width) continue;
    // A cut inside a number would print another number ("0.123456" as "0.1"): cut before it.
    static const std::regex number("-?[0-9][0-9.]*(?:[eE][-+]?[0-9]+)?(?:\\^-?[0-9]+)?");
    for (auto m = std::sregex_iterator(text.begin(), text.end(), number); m != std::sregex_iterator(); ++m) {
      const std::size_t start = m->position(), stop = start + m->length();
      if (start < cut && cut < stop) cut = start;
      if (start >= cut) break;
    }
    return text.substr(0, cut) + "\u2026";
  }
  return text;
}

namespace {

/// `number` (as printed) with `digits` significant digits, rounded down (direction -1), up (+1)
/// or to nearest (0) in decimal, digit by digit (no binary rounding); unchanged when it has no
/// more digits than that, or when dropping them would reach into its integer part.
std::string with_digits(const std::string& number, int digits, int direction) {
  const std::size_t e = number.find_first_of("eE");
  const std::string exponent = e == std::string::npos ? "" : number.substr(e);
  std::string mantissa = number.substr(0, e);
  const bool negative = !mantissa.empty() && mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  const std::size_t point = mantissa.find('.');
  if (point == std::string::npos) return number;
  std::string all = mantissa.substr(0, point) + mantissa.substr(point + 1);
  const std::size_t first = all.find_first_not_of('0');
  if (first == std::string::npos) return number;
  const std::size_t keep = std::max(first + std::size_t(digits), point);
  if (keep >= all.size()) return number;
  const std::string dropped = all.substr(keep);
  all.erase(keep);
  const bool inexact = dropped.find_first_not_of('0') != std::string::npos;
  const bool away = direction == 0 ? dropped[0] >= '5' : inexact && ((direction > 0) != negative);
  std::size_t integer_digits = point;
  if (away) {
    int i = static_cast<int>(all.size()) - 1;
    for (; i >= 0 && all[std::size_t(i)] == '9'; --i) all[std::size_t(i)] = '0';
    if (i >= 0) ++all[std::size_t(i)];
    else all.insert(all.begin(), '1'), ++integer_digits;
  }
  const std::string fraction = all.substr(integer_digits);
  return (negative ? "-" : "") + all.substr(0, integer_digits) + (fraction.empty() ? "" : "." + fraction) + exponent;
}

/// Every number of `text` with at most `digits` significant digits; intervals rounded outward.
std::string fewer_digits(const std::string& text, int digits) {
  static const std::string number = "-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?";
  static const std::regex token("\\[(" + number + "), (" + number + ")\\]|(" + number + ")");
  std::string out;
  auto last = text.cbegin();
  for (auto m = std::sregex_iterator(text.begin(), text.end(), token); m != std::sregex_iterator(); ++m) {
    out.append(last, text.cbegin() + m->position());
    // A number glued to a word (d=512, n64, L32) is a name, not a value.
    const bool in_word = m->position() > 0 && std::isalpha(static_cast<unsigned char>(text[std::size_t(m->position()) - 1]));
    if (in_word) out += m->str();
    else if ((*m)[1].matched) out += "[" + with_digits((*m)[1].str(), digits, -1) + ", " + with_digits((*m)[2].str(), digits, +1) + "]";
    else out += with_digits((*m)[3].str(), digits, 0);
    last = text.cbegin() + m->position() + m->length();
  }
  out.append(last, text.cend());
  return out;
}

}  // namespace

std::string compact_face(const std::string& text, std::size_t width) {
  if (pe::code_points(text) <= width) return text;
  static const std::regex mean_band("mean of ([0-9]+) seeds (\\S+), band \\+- (\\S+)");
  std::smatch m;
  std::string face = text;
  if (std::regex_match(text, m, mean_band)) face = m[1].str() + " seeds: " + m[2].str() + " \u00b1 " + m[3].str();
  std::string fewer = face;
  for (int digits = 10; digits >= 3 && pe::code_points(fewer) > width; --digits) fewer = fewer_digits(face, digits);
  return shortened(fewer, width);
}

std::string computed_face(const Record& r) {
  if (r.residual.empty()) return r.computed;
  const std::string unit = r.residual_unit.empty() || r.residual_unit == "absolute" ? "" : " " + r.residual_unit;
  if (r.verdict == "holds") return r.residual == "0" ? "holds exactly" : "holds to " + r.residual + unit;
  return (r.verdict == "fails" ? "misses by " : "residual ") + r.residual + unit;
}

namespace {

/// The detail fields of a claim, label and raw text, in the order both listings show them; the
/// statement, the reason (when shown beside the compact line) and empty fields left out.
std::vector<std::pair<std::string, std::string>> detail_fields(const Record& r, bool with_reason) {
  std::vector<std::pair<std::string, std::string>> fields = {
      {"rule", r.rule},
      {"certificate", ledger::certificate_line(r)},
      {"expected", r.expected},
      {"residual", r.residual.empty() ? "" : r.residual + " " + r.residual_unit},
      {"certified", certified_cell(r)},
      {"certification", r.certified.empty() ? "" : r.certification},
      {"seeds", r.seeds},
      {"resolution", r.resolution},
      {"inconclusive because", r.inconclusive},
      {"overprecise", r.overprecise == "true" ? "more digits printed than the seeds support" : ""},
      {"holds in", r.settings_holding},
      {"at the edge", r.edge.rfind("at the edge: ", 0) == 0 ? r.edge.substr(13) : r.edge},
      {"relation", r.consistency},
  };
  fields.push_back({"readings", readings_text(r)});
  fields.push_back({"depends on the reading",
                     !r.reading_dependent ? ""
                     : readings_split(r).empty()
                         ? "yes: holds in most of one reading's settings and fails in most of another's, by more "
                           "than one setting"
                         : "yes: " + readings_split(r)});
  const std::string rest = with_reason && r.note.size() > reason(r).size()
                               ? r.note.substr(reason(r).size() + 3)  // after the " | "
                               : (with_reason ? "" : r.note);
  fields.push_back({with_reason ? "evidence" : "note", rest});
  fields.erase(std::remove_if(fields.begin(), fields.end(), [](const auto& f) { return f.second.empty(); }),
               fields.end());
  return fields;
}

/// The class with the plausible settings it holds in, "setting-dependent 12/22", ", readings
/// differ" when the readings' own verdicts differ, and ", at the edge" when one other plausible
/// setting would change the class or the reading flag (the claim's detail lines say how).
std::string compact_class(const Record& r) {
  if (!counts_settings(r)) return r.reproduction;
  return r.reproduction + " " + std::to_string(r.settings_held) + "/" + std::to_string(r.settings_evaluated) +
         (readings_split(r).empty() ? "" : ", readings differ") + (r.edge.empty() ? "" : ", at the edge");
}

std::string verdict_text(const Record& r) {
  const std::string mark = r.verdict == r.expected ? "" : " (expected " + r.expected + ")";
  return r.verdict + mark;
}

std::string github_listing(const std::vector<const Record*>& records, const ClaimLinks& links,
                           bool with_reason) {
  // The article's value gets a fixed width; the computed value (the deciding one) gets the rest
  // of the row's kReportTableWidth, at least kValueWidth, so a short id leaves it more room.
  constexpr std::size_t kValueWidth = 24;
  auto esc = [](const std::string& text) { return escape_markdown(text, Markdown::github); };
  std::ostringstream md;
  md << "| claim | article | computed | verdict | class |\n|---|---|---|---|---|\n";
  const auto computed_cell = [&esc](const Record& r, std::size_t width) {
    return esc(compact_face(computed_face(r), width));
  };
  std::set<const Record*> computed_compacted;
  for (const Record* r : records) {
    const std::string before = "| " + links.id(*r) + " | " + esc(shortened(r->article, kValueWidth)) + " | ",
                      after = " | " + esc(verdict_text(*r)) + " | " + esc(compact_class(*r)) + " |";
    // Counted in bytes, as a strict reader of the width would: an ellipsis or a ± takes more.
    const std::size_t taken = before.size() + after.size(),
                      room = taken < kReportTableWidth ? kReportTableWidth - taken : 0;
    std::size_t width = std::max(kValueWidth, room);
    std::string cell = computed_cell(*r, width);
    while (width > kValueWidth && cell.size() > room) cell = computed_cell(*r, --width);
    if (cell != esc(computed_face(*r))) computed_compacted.insert(r);
    md << before << cell << after << "\n";
  }
  md << "\n";
  auto prose = [](const std::string& t) { return escape_markdown_text(t, Markdown::github); };
  for (const Record* r : records) {
    md << "- " << links.id(*r) << ": " << prose(r->statement) << "\n";
    std::vector<std::pair<std::string, std::string>> fields;
    if (shortened(r->article, kValueWidth) != r->article) fields.push_back({"article", r->article});
    const std::string face = computed_face(*r);
    if (computed_compacted.count(r)) fields.push_back({"computed", face});
    if (with_reason) fields.push_back({"reason", reason(*r)});
    // The short fields share one line; each long one has its own.
    static const std::set<std::string> short_fields = {"rule", "expected", "residual", "certified", "seeds",
                                                         "resolution", "relation"};
    std::string short_line = "declared in " + links.declared(*r);
    for (auto& [label, text] : detail_fields(*r, with_reason)) {
      if (short_fields.count(label)) short_line += "; " + label + " " + prose(text);
      else fields.push_back({label, std::move(text)});
    }
    md << "  - " << short_line << "\n";
    for (const auto& [label, text] : fields)
      if (!text.empty()) md << "  - " << label << ": " << prose(text) << "\n";
  }
  md << "\n";
  return md.str();
}

std::string doxygen_listing(const std::vector<const Record*>& records, const ClaimLinks& links,
                            bool with_reason) {
  auto esc = [](const std::string& text) { return escape_markdown(text, Markdown::doxygen); };
  std::ostringstream md;
  for (const Record* r : records) {
    const std::string way = direction(*r);
    md << "<div class=\"pe-claim\">\n<div class=\"pe-claim-head\">" << links.id(*r) << " "
       << verdict_cell(*r, Markdown::doxygen) << " <span class=\"pe-class\">" << esc(class_text(*r))
       << "</span></div>\n<div class=\"pe-claim-values\"><b>article</b> " << esc(r->article)
       << " <b>computed</b> " << esc(computed_face(*r)) << (way.empty() ? "" : " (" + way + ")") << "</div>\n";
    // Where the reading decides, each reading's own verdict is on the card's face.
    if (r->reading_dependent) {
      std::string by_reading;
      for (const Record::Reading& g : r->readings)
        if (g.ruled_out_by.empty())
          by_reading += (by_reading.empty() ? "" : "; ") + reading_name(g.id) + ": " + reading_cell(g) + " settings";
      md << "<div class=\"pe-claim-values\"><b>depends on the reading</b> " << esc(by_reading) << "</div>\n";
    }
    // A proved claim shows what proved it on the card's face.
    const std::string certificate = ledger::certificate_line(*r);
    if (!certificate.empty())
      md << "<div class=\"pe-claim-values\"><b>proved</b> " << esc(certificate) << "</div>\n";
    md << "<div class=\"pe-claim-statement\">" << esc(r->statement) << "</div>\n";
    if (with_reason) md << "<div class=\"pe-claim-reason\"><b>Reason:</b> " << esc(reason(*r)) << "</div>\n";
    md << "<details><summary>where it is declared, rule, seeds, settings and note</summary>"
       << "<div class=\"pe-claim-detail\"><b>declared in</b> " << links.declared(*r);
    for (const auto& [label, text] : detail_fields(*r, with_reason))
      md << "<br><b>" << esc(label) << "</b> " << esc(text);
    md << "</div></details>\n</div>\n";
  }
  md << "\n";
  return md.str();
}

}  // namespace

std::string direction(const Record& r) {
  if (!r.residual.empty()) return "";  // a residual is no value to set beside the article's
  const auto article = plain_number(r.article), computed = plain_number(r.computed);
  if (!article || !computed) return "";
  return *computed > *article ? "higher" : *computed < *article ? "lower" : "equal";
}

std::string reason(const Record& r) { return r.note.substr(0, r.note.find(" | ")); }

std::string class_text(const Record& r) {
  if (!counts_settings(r)) return r.reproduction;
  return r.reproduction + (r.reading_dependent ? ", reading-dependent" : "") + " (share " + format_share(r) +
         ", each reading's share averaged: holds in " + std::to_string(r.settings_held) + " of " +
         std::to_string(r.settings_evaluated) + " plausible settings in all)" + (r.edge.empty() ? "" : "; " + r.edge);
}

std::string readings_split(const Record& r) {
  std::string holds, fails;
  for (const Record::Reading& g : r.readings) {
    if (!g.ruled_out_by.empty() || (g.verdict != "holds" && g.verdict != "fails")) continue;
    std::string& side = g.verdict == "holds" ? holds : fails;
    const std::string value = reading_value(g);
    side += (side.empty() ? "" : " and ") + reading_name(g.id) + (value.empty() ? "" : " (" + value + ")");
  }
  if (holds.empty() || fails.empty()) return "";
  return "holds with " + holds + ", fails with " + fails + " (each in its selected recipe)";
}

std::string reading_value(const Record::Reading& g) {
  // Three decimals, as the listings print accuracies and scores; one from 10 up (positions).
  const auto fixed = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, std::fabs(x) >= 10 ? "%.1f" : "%.3f", x);
    return std::string(buf);
  };
  const bool value = !std::isnan(g.value), band = !std::isnan(g.band), se = !std::isnan(g.se);
  if (value && band) return fixed(g.value) + " +/- " + fixed(g.band) + (se ? ", se " + fixed(g.se) : "");
  if (value) return fixed(g.value);
  if (band) return "band +/- " + fixed(g.band);
  return "";
}

std::string reading_name(const std::string& id) {
  try {
    return experiments::reading_from_id(id).name();
  } catch (const std::invalid_argument&) {
    return id;  // a reading this build does not sweep: its id is all there is
  }
}

std::string format_share(const Record& r) {
  if (std::isnan(r.share)) return "-";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.2f", r.share);
  return buf;
}

std::string readings_text(const Record& r) {
  std::string out;
  for (const Record::Reading& g : r.readings) {
    out += (out.empty() ? "" : "; ") + reading_name(g.id) + ": ";
    if (!g.ruled_out_by.empty()) {
      out += "ruled out by " + g.ruled_out_by;
      continue;
    }
    const std::string value = reading_value(g);
    out += g.verdict + (g.undecided ? ", undecided," : "") + " in its selected recipe" +
           (value.empty() ? "" : " (" + value + ")") + ", holds in " + std::to_string(g.held) + " of " +
           std::to_string(g.evaluated) + " plausible settings";
  }
  return out;
}

std::string wrap_report(const std::string& markdown) {
  std::istringstream in(markdown);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    if (line.size() <= kReportWidth || line[0] == '|' || line[0] == '#') {
      out += line + "\n";
      continue;
    }
    // A list item's continuation lines are indented to its text, so Markdown joins them.
    const std::size_t text_at = line.find_first_not_of(' ');
    const bool item = line.compare(text_at, 2, "- ") == 0;
    const std::size_t indent = item ? text_at + 2 : text_at;
    out += pe::wrap_words(line.substr(indent), kReportWidth, line.substr(0, indent), std::string(indent, ' '));
  }
  return out;
}

std::string claims_listing(const std::vector<const Record*>& records, Markdown markdown,
                           const ClaimLinks& links, bool with_reason) {
  return markdown == Markdown::github ? github_listing(records, links, with_reason)
                                      : doxygen_listing(records, links, with_reason);
}

namespace {
/// One line of a list of claims: the article's value, this project's (the value that decides,
/// not cut short before it), the direction and the class.
std::string one_line(const Record& r, Markdown markdown, const std::function<std::string(const Record&)>& link) {
  constexpr std::size_t kArticleWidth = 48, kComputedWidth = 120;
  const std::string way = direction(r);
  const std::string split = readings_split(r);
  return "- " + link(r) + ": article " + escape_markdown_text(shortened(r.article, kArticleWidth), markdown) +
         ", computed " + escape_markdown_text(shortened(computed_face(r), kComputedWidth), markdown) +
         (way.empty() ? "" : " (" + way + ")") + "; " + escape_markdown_text(r.reproduction, markdown) +
         (split.empty() ? "" : "; " + escape_markdown_text(split, markdown)) + "\n";
}
}  // namespace

std::string relations_markdown(const std::vector<Record>& records, Markdown markdown,
                               const std::function<std::string(const Record&)>& link, bool with_consistent) {
  constexpr std::size_t kComputedWidth = 120;  // the note keeps the rest
  auto esc = [markdown](const std::string& text) { return escape_markdown_text(text, markdown); };
  std::ostringstream md;
  md << "Each relation the article states or implies among its own printed numbers, decided on the "
        "intervals the printed digits allow in exact rational arithmetic: it fails only when no allowed "
        "values satisfy it. A failure is a wrong digit when one number's last digit off by one repairs it; "
        "otherwise it changes a conclusion. A relation that no other printed digits could have broken "
        "cannot bite: it is reported, and counted neither as holding nor as failing.\n\n";
  int listed = 0, consistent_left_out = 0;
  for (const char* grade : {"changes a conclusion", "wrong digit", "cannot bite", "consistent"})
    for (const Record& r : records)
      if (r.consistency == grade && !with_consistent && r.consistency == "consistent") {
        ++consistent_left_out;
      } else if (r.consistency == grade) {
        md << "- " << link(r) << " (" << grade << "): " << esc(r.article) << "; computed "
           << esc(shortened(r.computed, kComputedWidth));
        // An inconsistency names what it overturns: the erratum's reason says which conclusion.
        if (r.verdict == "fails" && !reason(r).empty()) md << "; " << esc(reason(r));
        md << "\n";
        ++listed;
      }
  if (listed == 0) md << "None in this run.\n";
  if (consistent_left_out)
    md << "\nThe " << consistent_left_out << " consistent relations are listed in the report (claims.md) and on "
       << "their sections' pages.\n";
  return md.str() + "\n";
}

std::string wrong_list_markdown(const std::vector<Record>& records, Markdown markdown,
                                const std::function<std::string(const Record&)>& link) {
  // Each failure names what it brings down: the statements that read it, and onward.
  const auto with_consequences = [&](const Record& r) {
    std::string line = one_line(r, markdown, link);
    const std::vector<ledger::Downstream> down = ledger::claim_brings_down(r.id);
    if (!down.empty())
      line.insert(line.size() - 1, "; " + escape_markdown_text("brings down " + ledger::downstream_text(down), markdown));
    return line;
  };
  std::ostringstream md;
  int listed = 0;
  for (const auto& [title, kind] : errata_groups()) {
    std::string lines;
    for (const Record& r : records)
      if (r.verdict != "holds" && failure_cause(r) == kind) lines += with_consequences(r);
    if (lines.empty()) continue;
    md << "**" << title << "**\n\n" << lines << "\n";
    listed += static_cast<int>(std::count(lines.begin(), lines.end(), '\n'));
  }
  if (listed == 0) md << "None: every statement holds and decides.\n\n";
  return md.str();
}

std::string undecided_holding_markdown(const std::vector<Record>& records, Markdown markdown,
                                       const std::function<std::string(const Record&)>& link) {
  std::string holding;
  for (const Record& r : records)
    if (r.verdict == "holds" && !r.inconclusive.empty()) holding += one_line(r, markdown, link);
  return (holding.empty() ? std::string("None: every claim that holds is decided by its seeds.\n") : holding) + "\n";
}

}  // namespace pe::report
