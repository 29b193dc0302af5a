#include "annotate.hpp"

#include "claims_render.hpp"
#include "json_text.hpp"
#include "record_fields.hpp"
#include "statements.hpp"
#include "words.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace pe::report {
using namespace pe::ledger;
namespace {

/// "holds", "fails" or "undecided": the colour of a mark.
std::string tone(const ClaimFace& face) {
  const std::string mark = verdict_mark(face);
  return mark == "\u2713" ? "holds" : mark == "\u2717" ? "fails" : "undecided";
}

std::string class_word(const ClaimFace& face) {
  if (face.evidence == "by construction") return face.evidence;  // never support (statements.hpp)
  if (face.reproduction == "exact" || face.klass.empty()) return face.reproduction;
  return face.klass;
}

/// A claim's name on its badge: the last two parts of its id ("rope.L256" of
/// exp.tournament.rope.L256), enough to tell apart the claims that check one number.
std::string badge_name(const std::string& claim_id) {
  const std::size_t last = claim_id.rfind('.');
  if (last == std::string::npos || last == 0) return claim_id;
  const std::size_t before = claim_id.rfind('.', last - 1);
  return before == std::string::npos ? claim_id : claim_id.substr(before + 1);
}

const ClaimFace* face_of(const ReportFaces& faces, const std::string& id) {
  const auto it = faces.claims.find(id);
  return it == faces.claims.end() ? nullptr : &it->second;
}

/// A printed literal's TeX as HTML: "3.69 \\times 10^{29}" as "3.69 × 10<sup>29</sup>".
std::string pretty_literal(std::string_view tex) {
  std::string out;
  for (std::size_t i = 0; i < tex.size();) {
    if (tex.compare(i, 3, "{,}") == 0) out += ",", i += 3;
    else if (tex.compare(i, 6, "\\times") == 0) out += "\u00d7", i += 6;
    else if (tex.compare(i, 2, "\\%") == 0) out += "%", i += 2;
    else if (tex[i] == '^') {
      std::size_t end = i + 2;
      std::string power(tex.substr(i + 1, 1));
      if (tex[i + 1] == '{') {
        end = tex.find('}', i) + 1;
        power = std::string(tex.substr(i + 2, end - i - 3));
      }
      out += "<sup>" + html_escaped(power) + "</sup>";
      i = end;
    } else out += html_escaped(tex.substr(i++, 1));
  }
  return out;
}

/// Renders the copy's lines, numbers and statements' openings as HTML.
class PageWriter {
 public:
  PageWriter(std::string_view article, const Accounting& accounting, const ReportFaces& faces, const DocsLinks& links)
      : article_(article), faces_(faces), links_(links) {
    for (const NumberAccount& a : accounting.numbers) at_[a.number.offset] = &a;
    const std::vector<TextSpan> spans = statement_spans(article);
    for (std::size_t k = 0; k < spans.size(); ++k)
      if (spans[k].begin != std::string::npos) openings_[spans[k].begin] = statements()[k].id;
  }
  std::string body() const;

 private:
  std::string inline_html(std::size_t from, std::size_t to) const;
  std::string number_html(const NumberAccount& a, const std::string& shown) const;
  std::string tex_html(std::size_t from, std::size_t to, std::string& badges_after) const;
  std::string badges(const NumberAccount& a) const;
  std::string opening(const std::string& statement_id) const;
  std::string_view article_;
  const ReportFaces& faces_;
  const DocsLinks& links_;
  std::map<std::size_t, const NumberAccount*> at_;
  std::map<std::size_t, std::string> openings_;
};

/// A number's marks: its classes (claimed and its worst tone, declared no claim, ...) and the
/// title that says why, empty for a claimed number (its badges say it).
std::pair<std::string, std::string> number_marks(const NumberAccount& a, const ReportFaces& faces) {
  std::string cls = "pe-n", title;
  if (!a.claims.empty()) {
    std::string worst = "holds";
    for (const Claim* c : a.claims)
      if (const ClaimFace* f = face_of(faces, c->id); f && tone(*f) != "holds" && worst != "fails") worst = tone(*f);
    cls += " pe-claimed pe-v-" + worst;
  } else if (a.unchecked()) {
    cls += " pe-unchecked";
    title = "checkable, but no claim checks it yet: " + a.non_claim->reason;
  } else if (a.non_claim) {
    cls += " pe-nonclaim";
    title = "not a claim (" + to_string(a.non_claim->kind) + "): " + a.non_claim->reason;
  } else if (a.number.label) {
    cls += " pe-label";
    title = "not a claim: " + to_string(NonClaimKind::label);
  } else {
    cls += " pe-unaccounted";
    title = "not accounted for: no claim places this number and no declaration says why it is no claim";
  }
  return {cls, title};
}

std::string PageWriter::number_html(const NumberAccount& a, const std::string& shown) const {
  const auto [cls, title] = number_marks(a, faces_);
  return "<span class=\"" + cls + "\"" + (title.empty() ? "" : " title=\"" + html_escaped(title) + "\"") + ">" + shown +
         "</span>";
}

// The TeX of [from, to) as HTML text for MathJax, each number in it wrapped in MathJax's class
// command (its HTML extension) so that it keeps its marks once typeset; the numbers' badges are
// appended to `badges_after`, since a link cannot sit inside a formula.
std::string PageWriter::tex_html(std::size_t from, std::size_t to, std::string& badges_after) const {
  std::string tex;
  for (std::size_t j = from; j < to;) {
    const auto inner = at_.find(j);
    if (inner == at_.end()) {
      tex += html_escaped(article_.substr(j++, 1));
      continue;
    }
    tex += "\\class{" + number_marks(*inner->second, faces_).first + "}{" +
           html_escaped(article_.substr(j, inner->second->number.length)) + "}";
    badges_after += badges(*inner->second);
    j += inner->second->number.length;
  }
  return tex;
}

std::string PageWriter::badges(const NumberAccount& a) const {
  std::string out;
  for (const Claim* c : a.claims) {
    const ClaimFace* f = face_of(faces_, c->id);
    if (!f) {
      out += "<a class=\"pe-badge pe-v-missing\" href=\"" + html_escaped(links_.card(c->id)) + "\" title=\"" + html_escaped(c->id) +
             ": not in this report\">no verdict</a>";
      continue;
    }
    const std::string title = c->id + ": " + f->verdict + (f->verdict == f->expected ? "" : " (expected " + f->expected + ")") +
                              ", " + class_word(*f) + "; article " + f->article + ", computed " + f->computed;
    out += "<a class=\"pe-badge pe-v-" + tone(*f) + "\" href=\"" + html_escaped(links_.card(c->id)) + "\" title=\"" +
           html_escaped(title) + "\">" + verdict_mark(*f) + " " + html_escaped(badge_name(c->id)) + ": " +
           html_escaped(class_word(*f)) + "</a>";
  }
  return out;
}

std::string PageWriter::opening(const std::string& id) const {
  const auto it = faces_.statements.find(id);
  const Statement* s = statement_with_id(id);
  const std::string label = it != faces_.statements.end() ? it->second.label : s ? s->label : id;
  const std::string verdict = it != faces_.statements.end() ? it->second.verdict : "not in this report";
  const std::string standing = it != faces_.statements.end() ? it->second.standing : verdict;
  const std::string cls = verdict == "holds" ? "holds" : verdict == "fails" ? "fails" : "undecided";
  return "<a class=\"pe-standing pe-v-" + cls + "\" href=\"" + html_escaped(links_.statement(id)) + "\" title=\"" +
         html_escaped(label + ": " + standing) + "\">" + html_escaped(label) + ": " + html_escaped(verdict) + "</a> ";
}

std::string PageWriter::inline_html(std::size_t from, std::size_t to) const {
  std::string out;
  for (std::size_t i = from; i < to;) {
    if (const auto o = openings_.find(i); o != openings_.end()) out += opening(o->second);
    const auto n = at_.find(i);
    const std::size_t close = article_[i] == '$' ? article_.find('$', i + 1) : std::string_view::npos;
    if (n != at_.end() && n->second->number.whole_formula) {
      out += number_html(*n->second, pretty_literal(article_.substr(i + 1, close - i - 1))) + badges(*n->second);
      i = close + 1;
    } else if (n != at_.end()) {
      out += number_html(*n->second, html_escaped(article_.substr(i, n->second->number.length))) + badges(*n->second);
      i += n->second->number.length;
    } else if (close < to) {
      std::string after;
      out += "<span class=\"pe-tex\">\\(" + tex_html(i + 1, close, after) + "\\)</span>" + after;
      i = close + 1;
    } else {
      out += html_escaped(article_.substr(i++, 1));
    }
  }
  return out;
}

bool is_heading(std::string_view line) {
  for (const std::string& s : sections())
    if (line == s) return true;
  return line.rfind("\u00a7 ", 0) == 0;
}

std::string PageWriter::body() const {
  std::ostringstream out;
  bool table = false, first_line = true;
  for (std::size_t start = 0; start <= article_.size();) {
    std::size_t end = article_.find('\n', start);
    if (end == std::string_view::npos) end = article_.size();
    const std::string_view line = article_.substr(start, end - start);
    const bool row = line.find('\t') != std::string_view::npos;
    if (table && !row) out << "</table></div>\n", table = false;
    if (line.find_first_not_of(" \r") == std::string_view::npos) {
    } else if (first_line) {
      out << "<h1>" << inline_html(start, end) << "</h1>\n";
    } else if (is_heading(line)) {
      out << "<h2>" << inline_html(start, end) << "</h2>\n";
    } else if (row) {
      if (!table) out << "<div class=\"pe-table\"><table>\n", table = true;
      out << "<tr>";
      for (std::size_t cell = start; cell <= end;) {
        std::size_t stop = article_.find('\t', cell);
        if (stop == std::string_view::npos || stop > end) stop = end;
        out << "<td>" << inline_html(cell, stop) << "</td>";
        cell = stop + 1;
      }
      out << "</tr>\n";
    } else if (display_formula_line(line)) {
      std::string after;
      if (const auto o = openings_.find(start); o != openings_.end()) out << "<p>" << opening(o->second) << "</p>\n";
      out << "<div class=\"pe-display\">\\[" << tex_html(start, end, after) << "\\]</div>\n";
      if (!after.empty()) out << "<div class=\"pe-display-marks\">" << after << "</div>\n";
    } else {
      out << "<p>" << inline_html(start, end) << "</p>\n";
    }
    if (line.find_first_not_of(" \r") != std::string_view::npos) first_line = false;
    start = end + 1;
  }
  if (table) out << "</table></div>\n";
  return out.str();
}

const char* const kStyle = R"(
body { font: 16px/1.55 Georgia, 'DejaVu Serif', serif; color: #1d1d1d; max-width: 60em; margin: 0 auto;
       padding: 1em 1.5em 4em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #ccc; }
.pe-summary { font: 14px/1.5 'DejaVu Sans', sans-serif; background: #f6f6f2; border: 1px solid #ddd;
              padding: 0.6em 1em; }
.pe-summary li { margin: 0.2em 0; }
.pe-display { margin: 0.8em 0; overflow-x: auto; }
.pe-display-marks { text-align: right; margin-top: -0.4em; }
.pe-table { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.95em; }
td { border: 1px solid #ccc; padding: 0.2em 0.5em; vertical-align: top; }
.pe-n { white-space: nowrap; font-family: 'DejaVu Serif', serif; font-size: 1.05em; }
.pe-claimed { font-weight: bold; border-bottom: 3px solid; }
.pe-nonclaim { border-bottom: 1px dotted #888; cursor: help; }
.pe-label { cursor: help; }
.pe-unaccounted { background: #ffd6d6; outline: 2px solid #c62828; }
.pe-unchecked { background: #fff1cc; border-bottom: 2px dashed #c08400; cursor: help; }
.pe-badge, .pe-standing { font: bold 12px/1.3 'DejaVu Sans', sans-serif; text-decoration: none;
  border-radius: 3px; padding: 0 4px; margin: 0 2px; white-space: nowrap; display: inline-block;
  vertical-align: 0.15em; }
.pe-badge { border: 1px solid; }
.pe-standing { border: 2px solid; font-size: 13px; }
.pe-v-holds { color: #1b5e20; border-color: #2e7d32; } a.pe-v-holds { background: #e3f3e0; }
.pe-v-fails { color: #b71c1c; border-color: #c62828; } a.pe-v-fails { background: #fde2e0; }
.pe-v-undecided { color: #7a4f00; border-color: #c08400; } a.pe-v-undecided { background: #fff1cc; }
.pe-v-missing { color: #555; border-color: #888; background: #eee; }
)";

/// MathJax 2 (Debian's libjs-mathjax, copied beside the docs) typesets inline and display TeX
/// between the backslash-parenthesis and backslash-bracket delimiters; the article's own dollar
/// is not a delimiter, and the class command comes from the HTML extension. Without MathJax the
/// TeX stays readable between its delimiters.
const char* const kMathJaxConfig = R"js(<script type="text/x-mathjax-config">
MathJax.Hub.Config({ tex2jax: { inlineMath: [["\\(", "\\)"]], displayMath: [["\\[", "\\]"]], processEscapes: false },
  TeX: { extensions: ["AMSmath.js", "AMSsymbols.js", "HTML.js"] },
  "HTML-CSS": { linebreaks: { automatic: true } } });
</script>
)js";

}  // namespace

std::string verdict_mark(const ClaimFace& face) {
  if (face.inconclusive || face.klass == "inconclusive" || face.reproduction == "inconclusive") return "?";
  return face.verdict == "holds" ? "\u2713" : "\u2717";
}

std::string DocsLinks::card(const std::string& claim_id) const {
  return (base.empty() ? "" : base + "/") + "claims.html#" + card_anchor(claim_id);
}

std::string DocsLinks::mathjax() const {
  return (base.empty() ? "" : base + "/") + "mathjax/MathJax.js?config=TeX-AMS_HTML";
}

std::string DocsLinks::statement(const std::string& statement_id) const {
  return (base.empty() ? "" : base + "/") + "argument.html#" + statement_map_anchor(statement_id);
}

std::string html_escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

ReportFaces read_report_faces(const std::string& path) {
  const JsonValue document = read_claims_document(path);
  const JsonValue* claims = document.member("claims");
  const JsonValue* statements = document.member("statements");
  if (!statements) throw std::invalid_argument(path + ": not a claims report (no \"statements\")");
  ReportFaces out;
  for (const JsonValue& c : claims->items)
    out.claims[c.text_of("id")] = {c.text_of("verdict"),  c.text_of("expected"), c.text_of("reproduction"),
                                   c.text_of("class"),    c.text_of("article"),  c.text_of("computed"),
                                   !c.text_of("inconclusive").empty(), c.text_of("evidence")};
  for (const JsonValue& s : statements->items)
    out.statements[s.text_of("id")] = {s.text_of("label"), s.text_of("verdict"), s.text_of("standing")};
  return out;
}

ReportFaces faces_of(const std::vector<Record>& records, const std::vector<StatementResult>& statements) {
  ReportFaces out;
  for (const Record& r : records) {
    const bool swept = r.reproduction != "exact" && r.reproduction != "not swept";
    out.claims[r.id] = {r.verdict, r.expected, r.reproduction, swept ? r.reproduction : "", r.article, r.computed,
                        !r.inconclusive.empty(), to_string(evidence_of(r))};
  }
  for (const StatementResult& s : statements)
    out.statements[s.statement->id] = {s.statement->label, s.verdict, s.standing};
  return out;
}

std::string annotated_html(std::string_view article, const Accounting& accounting, const ReportFaces& faces,
                           const DocsLinks& links) {
  std::ostringstream page;
  page << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       << "<title>The article, annotated with its claims' verdicts</title>\n<style>" << kStyle << "</style>\n"
       << kMathJaxConfig << "<script async src=\"" << html_escaped(links.mathjax()) << "\"></script>\n"
       << "</head>\n<body class=\"pe-annotated\">\n<div class=\"pe-summary\">\n<p><b>" << html_escaped(accounting_line(accounting)) << "</b>. "
       << "Each number a claim checks carries a badge per claim, naming the claim by the end of its id: \u2713 holds, \u2717 fails, ? its seeds cannot "
          "decide, with the claim's class; a badge links to the claim's card and its title gives the values. A "
          "dotted number is declared no claim, a dashed one checkable but not yet checked (hover for why); a red "
          "one is not accounted for. Each statement opens with its standing, linked to the argument map.</p>\n";
  if (accounting.discrepancies.empty()) {
    page << "<p>This copy prints every number where the claims and the declarations place it.</p>\n";
  } else {
    page << "<p class=\"pe-differs\"><b>This copy differs from the text the places were declared against: "
         << accounting.discrepancies.size() << " discrepancies.</b></p>\n<ul>\n";
    for (const Discrepancy& d : accounting.discrepancies) page << "<li>" << html_escaped(describe(d)) << "</li>\n";
    page << "</ul>\n";
  }
  page << "</div>\n" << PageWriter(article, accounting, faces, links).body() << "</body>\n</html>\n";
  return page.str();
}

std::string annotated_text(std::string_view article, const Accounting& accounting, const ReportFaces& faces) {
  std::map<std::size_t, const NumberAccount*> after;  // marks, by the offset they follow
  for (const NumberAccount& a : accounting.numbers) {
    std::size_t end = a.number.offset + a.number.length;
    if (a.number.in_formula && !a.number.whole_formula) end = article.find('$', end) + 1;
    if (!a.claims.empty() || !a.accounted()) after[end] = &a;  // unaccounted and unchecked ones too
  }
  std::map<std::size_t, std::string> openings;
  const std::vector<TextSpan> spans = statement_spans(article);
  for (std::size_t k = 0; k < spans.size(); ++k)
    if (spans[k].begin != std::string::npos) openings[spans[k].begin] = statements()[k].id;
  std::ostringstream out;
  out << pe::wrap_words(accounting_line(accounting) + ". After a number a claim checks: [mark id], \u2713 holds, "
                        "\u2717 fails, ? its seeds cannot decide; numbers without a mark are declared no claim. " +
                            std::to_string(accounting.discrepancies.size()) +
                            " discrepancies with the declared text (listed on standard error).",
                        kReportWidth)
      << "\n";
  for (std::size_t start = 0; start <= article.size();) {
    std::size_t end = article.find('\n', start);
    if (end == std::string_view::npos) end = article.size();
    std::string line;
    for (std::size_t i = start; i <= end; ++i) {
      if (const auto o = openings.find(i); o != openings.end()) {
        const auto f = faces.statements.find(o->second);
        line += "[" + (f != faces.statements.end() ? f->second.label + ": " + f->second.verdict : o->second) + "] ";
      }
      if (const auto m = after.find(i); m != after.end()) {
        std::string marks;
        for (const Claim* c : m->second->claims) {
          const ClaimFace* f = face_of(faces, c->id);
          marks += (marks.empty() ? "" : "; ") + (f ? verdict_mark(*f) : std::string("no record")) + " " + c->id;
        }
        if (marks.empty()) marks = m->second->unchecked() ? "unchecked: no claim checks it" : "not accounted for";
        line += "[" + marks + "]";
      }
      if (i < end) line += article[i] == '\t' ? std::string(" | ") : std::string(1, article[i]);
    }
    out << (line.find_first_not_of(" \r") == std::string::npos ? "\n" : pe::wrap_words(line, kReportWidth));
    start = end + 1;
  }
  return out.str();
}

}  // namespace pe::report
