#include "docgen.hpp"

#include "argument_map.hpp"

#include "headline_runs.hpp"
#include "words.hpp"
#include "harness.hpp"
#include "json_text.hpp"
#include "section_registry.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>
#include <stdexcept>

namespace pe::docgen {
namespace {

using ledger::Record;

using report::Markdown;
using report::slug;

/// Text made literal in the pages' Doxygen Markdown.
std::string literal(std::string_view text) {
  return report::escape_markdown(text, Markdown::doxygen);
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

std::string where(const std::string& file, int line) {
  return file + ":" + std::to_string(line) + ": ";
}

/// [[annotated-article]]: the link to article.html and its count, or how to make one.
std::string annotated_article_markdown(const Context& context) {
  if (context.annotated_article.empty())
    return "This build annotates no copy of the article (the CMake cache variable `PE_ARTICLE` names none). "
           "`pe_report annotate ARTICLE.txt -o article.html` writes one from any copy.\n";
  return "[The article, annotated](article.html): the build's copy of the article with the verdict "
         "of the claim that checks each printed number beside it, and each statement's standing. " +
         literal(context.annotated_article) + ".\n";
}

}  // namespace



std::string filing_markup(const experiments::Document& document, const std::string& caption,
                          int max_tokens) {
  const int total = static_cast<int>(document.tokens.size());
  const int shown = max_tokens <= 0 ? total : std::min(total, max_tokens);
  const int companies = static_cast<int>(document.companies.size());
  std::ostringstream md;
  md << "*" << literal(caption) << ": " << total << " tokens";
  if (shown < total) md << ", the first " << shown << " shown";
  md << ". Companies by first appearance:";
  for (int k = 0; k < companies; ++k)
    md << (k ? ", " : " ") << k << " " << literal(document.companies[k]);
  md << ".*\n\n<div class=\"pe-filing\">\n";
  for (int t = 0; t < shown; ++t) {
    const experiments::FilingToken& token = document.tokens[t];
    if (t) md << ' ';
    if (token.company < 0) {
      md << literal(token.text);
      continue;
    }
    if (token.company >= companies)
      throw std::invalid_argument("token " + std::to_string(t) + " names company " +
                                  std::to_string(token.company) + ", but the filing has " +
                                  std::to_string(companies) + " companies");
    md << "<span class=\"pe-mention\" title=\"token " << t << ", company " << token.company
       << "\">" << literal(token.text) << "<sub>" << token.company << "</sub></span>";
  }
  if (shown < total) md << " \u2026";  // the filing goes on
  md << "\n</div>\n";
  return md.str();
}



CiRun parse_ci_run(const std::string& text) {
  // Lines: "commit HASH"; "CI: STEP (HH:MM:SS)"; ctest's "N% tests passed, F tests failed out
  // of T", "Total Test time (real) = S sec" and "... Test #K: NAME .... Passed S sec".
  static const std::regex step(R"(CI: (.+) \(([0-9]{2}):([0-9]{2}):([0-9]{2})\))");
  static const std::regex passed(R"([0-9]+% tests passed, ([0-9]+) tests failed out of ([0-9]+))");
  static const std::regex total(R"(Total Test time \(real\) = +([0-9.]+) sec)");
  static const std::regex named(R"(Test +#[0-9]+: ([A-Za-z0-9_.]+) \.+ +Passed +([0-9.]+) sec)");
  CiRun run;
  std::istringstream in(text);
  std::vector<std::pair<std::string, long>> stamps;
  CiRun::Tests current;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::smatch m;
    if (line.rfind("commit ", 0) == 0) {
      run.commit = line.substr(7);
    } else if (std::regex_match(line, m, step)) {
      long at = std::stol(m[2]) * 3600 + std::stol(m[3]) * 60 + std::stol(m[4]);
      if (!stamps.empty() && at < stamps.back().second) at += 86400;  // past midnight
      stamps.push_back({m[1], at});
    } else if (std::regex_search(line, m, named)) {
      current.named.push_back({m[1], std::stod(m[2])});
    } else if (std::regex_search(line, m, passed)) {
      current.total = std::stoi(m[2]);
      current.passed = current.total - std::stoi(m[1]);
    } else if (std::regex_search(line, m, total)) {
      current.seconds = std::stod(m[1]);
      current.run = stamps.empty() ? "before the first step" : stamps.back().first;
      run.tests.push_back(std::move(current));
      current = {};
    } else if (!line.empty()) {
      throw std::invalid_argument("ci.log:" + std::to_string(number) + ": not a line record_ci_run.sh writes: " + line);
    }
  }
  if (stamps.size() < 2 || stamps.back().first != "done")
    throw std::invalid_argument("ci.log: the run has no steps or did not reach 'done'");
  for (std::size_t i = 0; i + 1 < stamps.size(); ++i)
    run.steps.push_back({stamps[i].first, stamps[i + 1].second - stamps[i].second});
  run.total_seconds = stamps.back().second - stamps.front().second;
  return run;
}

std::string minutes_text(double seconds) {
  const long s = std::lround(seconds);
  return s < 60 ? std::to_string(s) + " s" : std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
}

std::string ci_costs_markdown(const CiRun& run) {
  std::ostringstream md;
  md << "| step | wall time |\n|---|---|\n";
  for (const auto& [name, seconds] : run.steps) md << "| " << literal(name) << " | " << minutes_text(seconds) << " |\n";
  md << "| all of `.ci/run` | " << minutes_text(run.total_seconds) << " |\n\n";
  for (const CiRun::Tests& t : run.tests) {
    md << "The tests of the step " << literal(t.run) << ": " << t.passed << " of " << t.total << " passed in "
       << minutes_text(t.seconds);
    for (std::size_t i = 0; i < t.named.size(); ++i)
      md << (i ? ", " : "; of which ") << "`" << t.named[i].first << "` " << minutes_text(t.named[i].second);
    md << ".\n";
  }
  md << "\nRecorded from the fresh-clone run of `.ci/run` at commit " << literal(run.commit.substr(0, 7))
     << " (`docs/measurements/ci.log`, extracted by `docs/record_ci_run.sh`; the table is formatted "
        "from it when the pages are built).\n";
  return md.str();
}

namespace {

/// "4.41 s", "2.53 ms", "830 us": three significant digits in the largest unit that keeps the
/// value at least 1.
std::string duration_text(double value, const std::string& unit) {
  static const std::map<std::string, double> seconds_per = {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1.0}};
  const auto scale = seconds_per.find(unit);
  if (scale == seconds_per.end()) throw std::invalid_argument("benchmark time unit '" + unit + "' is not ns, us, ms or s");
  const double seconds = value * scale->second;
  const char* shown = seconds >= 1 ? "s" : seconds >= 1e-3 ? "ms" : seconds >= 1e-6 ? "us" : "ns";
  char text[32];
  std::snprintf(text, sizeof text, "%.3g %s", seconds / seconds_per.at(shown), shown);
  return text;
}

/// A number as four significant digits ("42.48" for "4.2480468750000000e+01"); other text as is.
std::string significant(const std::string& text) {
  try {
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used != text.size()) return text;
    char out[32];
    std::snprintf(out, sizeof out, "%.4g", value);
    return out;
  } catch (const std::exception&) {
    return text;
  }
}

}  // namespace

std::string benchmarks_markdown(const std::string& name, const std::string& json) {
  const JsonValue report = parse_json(json);
  const JsonValue* context = report.member("context");
  const JsonValue* runs = report.member("benchmarks");
  if (!context || !runs || runs->kind != JsonValue::Kind::array)
    throw std::invalid_argument(name + ".json: not a Google Benchmark report (no context or benchmarks)");
  // The fields every run has; any other number is a counter the benchmark set.
  static const std::set<std::string> standard = {
      "name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
      "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit",
      "aggregate_name", "aggregate_unit", "label", "error_occurred", "error_message"};
  std::ostringstream md;
  md << "| benchmark | iterations | wall time | CPU time | label and counters |\n|---|---|---|---|---|\n";
  for (const JsonValue& run : runs->items) {
    std::string counters = run.text_of("label");
    for (const auto& [key, value] : run.members)
      if (!standard.count(key) && value.kind == JsonValue::Kind::scalar)
        counters += (counters.empty() ? "" : ", ") + key + " " + significant(value.text);
    const std::string unit = run.text_of("time_unit");
    md << "| `" << run.text_of("name") << "` | " << run.text_of("iterations") << " | "
       << duration_text(std::stod(run.text_of("real_time")), unit) << " | "
       << duration_text(std::stod(run.text_of("cpu_time")), unit) << " | " << literal(counters) << " |\n";
  }
  std::string load;
  if (const JsonValue* averages = context->member("load_avg"))
    for (const JsonValue& a : averages->items) load += (load.empty() ? "" : ", ") + significant(a.text);
  md << "\nRecorded by `" << name << " --benchmark_format=json` on " << literal(context->text_of("date")) << " ("
     << context->text_of("num_cpus") << " CPUs" << (load.empty() ? "" : ", load average " + load)
     << "; Google Benchmark built as " << literal(context->text_of("library_build_type"))
     << "); the table is formatted from `docs/measurements/" << name << ".json` when the pages are built.\n";
  return md.str();
}

std::string page_label(const std::string& text, const std::string& file) {
  static const std::regex heading("^# +(.*\\S) *\\{#([A-Za-z0-9_-]+)\\} *$");
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, heading)) return m[2];
    if (starts_with(line, "# "))
      throw std::invalid_argument(file + ": the first '# ' heading needs a {#label}: " + line);
  }
  throw std::invalid_argument(file + ": no '# Title {#label}' heading");
}

std::string page_section(const std::string& text, const std::string& file) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line == "[[section]]") {
      const std::string folder = std::filesystem::path(file).parent_path().filename().string();
      const std::string name = ledger::section_of_folder(folder);
      if (name.empty()) throw std::invalid_argument(file + ": [[section]] in a folder that declares no section");
      return name;
    }
    if (!starts_with(line, "[[section ")) continue;
    if (line.size() < 12 || line.substr(line.size() - 2) != "]]")
      throw std::invalid_argument(file + ": malformed section directive: " + line);
    const std::string name = line.substr(10, line.size() - 12);
    const auto& names = ledger::sections();
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw std::invalid_argument(file + ": '" + name + "' is not one of ledger::sections()");
    return name;
  }
  return "";
}

namespace {

std::string summary_text(const Context& context) {
  return report::summary_markdown(report::summarise(context.records), Markdown::doxygen);
}

std::string empty_note(const std::vector<std::string>& prefixes) {
  std::string list;
  for (const std::string& p : prefixes) list += (list.empty() ? "`" : ", `") + p + "`";
  return "*No claim with an id starting " + list +
         " is declared.*\n";
}

std::string expand_inline_units(const std::string& line, const std::string& file, int number,
                                const Context& context) {
  static const std::regex unit("\\[\\[unit ([^\\]]*)\\]\\]");
  std::string out;
  auto begin = std::sregex_iterator(line.begin(), line.end(), unit);
  std::size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    out += line.substr(last, it->position() - last);
    try {
      out += unit_reference((*it)[1], context.source_dir);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where(file, number) + e.what());
    }
    last = it->position() + it->length();
  }
  out += line.substr(last);
  if (out.find("[[") != std::string::npos)
    throw std::invalid_argument(where(file, number) + "unknown or misplaced directive: " + line);
  return out;
}

/// A whole non-negative decimal number, or -1.
long whole_number(const std::string& word) {
  if (word.empty() || word.size() > 9 ||
      !std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); }))
    return -1;
  return std::stol(word);
}

/// [[filing exhibit [N]]] and [[filing heldout K [N]]].
std::string filing_directive(const std::string& line, const std::string& file, int number) {
  const std::string usage =
      "; expected [[filing exhibit]], [[filing exhibit N]], [[filing heldout K]] or "
      "[[filing heldout K N]] (K a held-out filing index, N >= 1 tokens): ";
  if (line.size() < 4 || line.substr(line.size() - 2) != "]]")
    throw std::invalid_argument(where(file, number) + "malformed directive" + usage + line);
  const std::vector<std::string> words = pe::split_words(line.substr(2, line.size() - 4));
  const bool exhibit = words.size() >= 2 && words[1] == "exhibit";
  const bool heldout = words.size() >= 2 && words[1] == "heldout";
  const std::size_t fixed = exhibit ? 2 : 3;  // words before the optional N
  if (words.empty() || words[0] != "filing" || !(exhibit || heldout) || words.size() < fixed ||
      words.size() > fixed + 1)
    throw std::invalid_argument(where(file, number) + "malformed filing directive" + usage + line);
  long tokens = 0;
  if (words.size() == fixed + 1) {
    tokens = whole_number(words[fixed]);
    if (tokens < 1)
      throw std::invalid_argument(where(file, number) + "N must be a whole number >= 1, got N = '" +
                                  words[fixed] + "'" + usage + line);
  }
  if (exhibit) {
    static const experiments::Document document = experiments::exhibit_filing();
    return filing_markup(document, "The exhibit filing (hand-built, held out)",
                         static_cast<int>(tokens));
  }
  const std::vector<experiments::Document>& held_out = experiments::case_study_corpus().held_out;
  const long index = whole_number(words[2]);
  if (index < 0 || index >= static_cast<long>(held_out.size()))
    throw std::invalid_argument(where(file, number) + "K must be a held-out filing index in [0, " +
                                std::to_string(held_out.size()) + "), got K = '" + words[2] + "'" +
                                usage + line);
  const experiments::Document& document = held_out[static_cast<std::size_t>(index)];
  return filing_markup(document,
                       "Held-out filing " + std::to_string(index) + " of the case study's corpus (" +
                           experiments::to_string(document.kind) + "), " + document.title,
                       static_cast<int>(tokens));
}

/// A recorded profile as a code block: its comment lines (tool, machine, commit) and its table,
/// without the indented detail lines, which stay in the file the block names.
std::string recorded_profile_markdown(const std::string& name, const std::string& text) {
  std::string block = "```\n";
  std::istringstream in(text);
  int details = 0;
  for (std::string line; std::getline(in, line);) {
    if (starts_with(line, " ")) ++details;
    else block += line + "\n";
  }
  block += "```\n";
  if (details > 0)
    block += "*" + std::to_string(details) + " detail lines are in `docs/measurements/" + name + "`.*\n";
  return block;
}

/// [[ci-costs]], [[benchmarks NAME]] or [[recorded FILE]]: a recorded run under
/// docs/measurements/, formatted.
std::string measurement_directive(const std::string& line, const std::string& file, int number,
                                  const Context& context) {
  std::string path;
  std::string name;
  const bool recorded = starts_with(line, "[[recorded ");
  if (line == "[[ci-costs]]") {
    path = context.source_dir + "/docs/measurements/ci.log";
  } else {
    const std::size_t start = recorded ? 11 : 13;
    name = line.size() > start + 2 ? line.substr(start, line.size() - start - 2) : "";
    if (line.substr(line.size() - 2) != "]]" || name.empty() || name.find('/') != std::string::npos)
      throw std::invalid_argument(where(file, number) + "expected [[benchmarks NAME]] or [[recorded FILE]]: " + line);
    path = context.source_dir + "/docs/measurements/" + name + (recorded ? "" : ".json");
  }
  std::ifstream record(path);
  if (!record) throw std::invalid_argument(where(file, number) + line + " needs " + path);
  std::ostringstream text;
  text << record.rdbuf();
  if (recorded) return recorded_profile_markdown(name, text.str());
  return name.empty() ? ci_costs_markdown(parse_ci_run(text.str())) : benchmarks_markdown(name, text.str());
}

/// [[claims PREFIX... !EXCLUDED...]]: the claims whose ids start with a prefix and with no
/// excluded one, as statement blocks; those of the page's section are marked `shown`.
std::string claims_directive(const std::string& line, const std::string& file, int number,
                             const Context& context, const std::string& section,
                             std::set<std::string>& shown, std::set<std::string>& opened) {
  if (line.substr(line.size() - 2) != "]]")
    throw std::invalid_argument(where(file, number) + "malformed directive: " + line);
  std::vector<std::string> prefixes, excluded;
  for (const std::string& word : pe::split_words(line.substr(9, line.size() - 11)))
    (word[0] == '!' ? excluded : prefixes).push_back(word[0] == '!' ? word.substr(1) : word);
  if (prefixes.empty() || std::count(excluded.begin(), excluded.end(), ""))
    throw std::invalid_argument(where(file, number) + "[[claims]] needs id prefixes: " + line);
  auto matches = [](const std::string& id, const std::vector<std::string>& list) {
    return std::any_of(list.begin(), list.end(),
                       [&](const std::string& p) { return starts_with(id, p); });
  };
  std::vector<const Record*> rows;
  for (const Record& r : context.records)
    if (matches(r.id, prefixes) && !matches(r.id, excluded)) {
      rows.push_back(&r);
      if (r.section == section) shown.insert(r.id);
    }
  return rows.empty() ? empty_note(prefixes) : statement_blocks(rows, section, context, opened);
}

}  // namespace

Page expand_template(const std::string& text, const std::string& file, const Context& context) {
  Page page;
  page.file = std::filesystem::path(file).filename().string();
  page.label = page_label(text, file);
  page.section = page_section(text, file);

  std::set<std::string> shown;  // ids of the page's section already in a table on this page
  std::set<std::string> opened;  // statements whose line the page has
  bool rest_written = false;
  auto rest_table = [&]() {
    std::vector<const Record*> rest;
    for (const Record& r : context.records)
      if (r.section == page.section && !shown.count(r.id)) rest.push_back(&r);
    rest_written = true;
    if (rest.empty())
      return shown.empty() ? std::string("*No claims of this section are declared in this build "
                                         "yet.*\n")
                           : std::string();
    std::string heading = shown.empty() ? "## Claims of this section"
                                         : "## Other claims of this section";
    return heading + " {#" + page.label + "-claims}\n\n" + statement_blocks(rest, page.section, context, opened);
  };

  std::ostringstream out;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line == "[[section]]" || starts_with(line, "[[section ")) continue;  // read by page_section
    if (!page.section.empty())
      for (std::size_t at; (at = line.find("[[section-title]]")) != std::string::npos;)
        line.replace(at, 17, page.section);  // as the article prints it, as typed before
    if (line == "[[ci-costs]]" || starts_with(line, "[[benchmarks ") || starts_with(line, "[[recorded ")) {
      out << measurement_directive(line, file, number, context);
      continue;
    }
    if (line == "[[training-selection]]") {
      out << context.training_selection;
      continue;
    }
    if (line == "[[summary]]") {
      out << summary_text(context);
    } else if (line == "[[certification]]") {
      out << report::certification_markdown(context.records, Markdown::doxygen);
    } else if (line == "[[argument-map]]") {
      out << argument_map_markdown(context);
    } else if (line == "[[argument-table]]") {
      out << argument_table_markdown(context);
    } else if (line == "[[external-lemmas]]") {
      out << external_lemmas_markdown(context);
    } else if (line == "[[annotated-article]]") {
      out << annotated_article_markdown(context);
    } else if (line == "[[harness]]") {
      out << theorems::harness_markdown();
    } else if (line == "[[pages]]") {
      // \ref, not \subpage: Doxygen 1.9.4's tree view hides the main page's subpages, and
      // unparented pages appear there in file-name order, which is the article's order.
      for (const std::string& label : context.page_labels) out << "- \\ref " << label << "\n";
    } else if (line == "[[claims-rest]]") {
      if (page.section.empty())
        throw std::invalid_argument(where(file, number) + "[[claims-rest]] needs a [[section]]");
      out << rest_table();
    } else if (starts_with(line, "[[filing ") || line == "[[filing]]") {
      out << filing_directive(line, file, number);
    } else if (starts_with(line, "[[claims ")) {
      out << claims_directive(line, file, number, context, page.section, shown, opened);
    } else {
      out << expand_inline_units(line, file, number, context) << "\n";
    }
  }
  if (!page.section.empty() && !rest_written) out << "\n" << rest_table();
  page.text = out.str();
  return page;
}

Page section_page(const std::string& section, const Context& context) {
  const std::string label = "section-" + slug(section);
  std::string text = "# " + literal(section) + " {#" + label + "}\n\n" +
                     "[[section " + section + "]]\n\n"
                     "This section of the article has no narrative page yet; its claims are "
                     "listed here as the ledger declares them.\n\n[[claims-rest]]\n";
  Page page = expand_template(text, label + ".md", context);
  page.file = "80-" + label + ".md";
  return page;
}

Page errata_page(const Context& context) {
  std::vector<const Record*> declared, differing;
  for (const Record& r : context.records) {
    if (r.expected == "fails") declared.push_back(&r);
    if (r.verdict != r.expected) differing.push_back(&r);
  }
  const auto card_link = [](const Record& r) { return "\\ref " + claim_anchor(r.id) + " \"" + r.id + "\""; };
  std::ostringstream md;
  md << "# Errata and claims that do not reproduce {#errata}\n\n"
     << "Generated from the ledger at build time: what the article gets wrong, one line a claim; "
        "the claims that hold but that their seeds cannot decide; the relations among the "
        "article's printed numbers that fail or cannot fail; the errata, each a card with the "
        "reason and the corrected value; the claims the seeds cannot decide; and the claims whose "
        "computed verdict differs from what the ledger expects, which a passing build never has "
        "(the corresponding `ctest` checks fail).\n\n"
     << "## What the article gets wrong {#errata-wrong}\n\n"
     << "Every claim that fails, whether its seeds decide the failure or not, one line each, "
        "grouped as below (a claim that holds on seeds that cannot decide it is listed in the "
        "next section, not here); the direction says whether this project's value lies above or below "
        "the article's, and each name links to the claim's full record.\n\n"
     << report::wrong_list_markdown(context.records, Markdown::doxygen,
                                    card_link)
     << "## Claims that hold, but that their seeds cannot decide {#errata-holding-undecided}\n\n"
     << report::undecided_holding_markdown(context.records, Markdown::doxygen,
                                           card_link)
     << "## The printed numbers against each other {#errata-relations}\n\n"
     << report::relations_markdown(
            context.records, Markdown::doxygen,
            card_link, false)
     << "## Errata: the article's statement fails as printed {#errata-declared}\n\n";
  if (declared.empty()) md << "No claim declared in this build is an erratum.\n\n";
  for (const auto& [title, kind] : report::errata_groups()) {
    const std::string anchor = "errata-" + kind;
    std::vector<const Record*> rows;
    for (const Record* r : declared)
      if (report::failure_cause(*r) == kind) rows.push_back(r);
    if (rows.empty()) continue;
    md << "### " << title << " {#" << anchor << "}\n\n"
       << claim_cards(rows, CardKind::errata, context.source_dir);
  }
  md << "## Claims the seeds cannot decide {#errata-undecided}\n\n"
     << "Experiment claims whose acceptance band is too wide to decide anything, or whose estimate "
        "lies within its resolution of its threshold, whether their verdict is holds or fails:\n\n"
     << report::inconclusive_markdown(context.records, Markdown::doxygen);
  md << "## Verdicts that differ from the ledger's expectation {#errata-differing}\n\n";
  if (differing.empty()) md << "None: every verdict equals its expected verdict.\n\n";
  else md << claim_cards(differing, CardKind::errata, context.source_dir);
  return {"90-errata.md", "errata", "", md.str()};
}

Page all_claims_page(const Context& context) {
  std::ostringstream md;
  md << "# Every claim {#claims}\n\n"
     << "Every claim the ledger declares, evaluated when these pages were built, grouped by "
        "the article's sections in the article's order. Each row is the target of the claim "
        "links elsewhere in these pages and names the verification unit that declares it and "
        "the CTest test that checks it.\n\n"
     << summary_text(context)
     << "\nTo rerun one claim (and the report fixtures around it), put the test a card names for TEST in\n\n    "
     << kRerunCommand << "\n\n[TOC]\n\n";
  for (const std::string& section : ledger::sections()) {
    std::vector<const Record*> rows;
    for (const Record& r : context.records)
      if (r.section == section) rows.push_back(&r);
    md << "## " << literal(section) << " {#claims-" << slug(section) << "}\n\n";
    if (rows.empty()) md << "No claims declared in this build.\n\n";
    else md << claim_cards(rows, CardKind::all, context.source_dir);
  }
  return {"95-claims.md", "claims", "", md.str()};
}

}  // namespace pe::docgen
