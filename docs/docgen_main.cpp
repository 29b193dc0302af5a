/// @file
/// @brief pe_docgen: reads every claim's record from the build's report (claims.json, which the
/// ctest run wrote) and writes the generated documentation inputs (pages, plot data, figure
/// payload) before Doxygen runs.
///
/// Usage: `pe_docgen --source DIR --narrative DIR... --out DIR --html DIR [--report DIR]`. It
/// stops (exit 1) with what to run when the report is missing or stale
/// (report::read_report_records). It writes
/// - `<out>/pages/*.md`: the page templates of each `--narrative` folder expanded (docgen.hpp), one
///   page for each ledger section without a template, the errata page and the page of every
///   claim;
/// - `<out>/data/<figure>.<table>.dat`: the plot data (figures.hpp), read by docs/plots/*.gp;
/// - `<out>/map/argument.dot` and `<out>/map/statements.txt`: the argument map for Graphviz
///   and the statements' ids (argument_map.hpp);
/// - `<html>/data/figure-payload.json`: docgen::figure_payload(), shipped with the docs, and
///   `<html>/data/figure-payload.js`, the same as a script for pages opened from file://;
/// - `<out>/docgen.stamp`: written last, the build's witness that all of the above is current.
///
/// Exit status 0 also when claims disagree with their expectations (the errata page shows
/// them; ctest is what fails), 1 when a template or an output cannot be written.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "annotate.hpp"
#include "claims_render.hpp"
#include "argument_map.hpp"
#include "docgen.hpp"
#include "figures.hpp"
#include "ledger.hpp"
#include "report.hpp"
#include "statements.hpp"
#include "sweep.hpp"
#include "runs.hpp"
#include "words.hpp"

namespace fs = std::filesystem;
using pe::docgen::Page;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct Options {
  fs::path source, out, html;
  std::vector<fs::path> narrative;  ///< folders of page templates (--narrative, repeated)
  fs::path article;                 ///< a copy of the article to annotate (optional)
  fs::path report = PE_REPORT_DIR;  ///< the report whose records the pages render (--report)
};

Options parse(int argc, char** argv) {
  Options o;
  std::map<std::string, fs::path*> flags = {{"--source", &o.source}, {"--out", &o.out},
                                            {"--html", &o.html},     {"--article", &o.article},
                                            {"--report", &o.report}};
  for (int i = 1; i < argc; ++i) {
    auto it = flags.find(argv[i]);
    const bool narrative = std::string(argv[i]) == "--narrative";
    if ((it == flags.end() && !narrative) || i + 1 >= argc)
      throw std::invalid_argument(std::string("unknown or incomplete argument '") + argv[i] + "'");
    if (narrative) o.narrative.emplace_back(argv[++i]);
    else *it->second = argv[++i];
  }
  for (const auto& [flag, path] : flags)
    if (path->empty() && flag != "--article" && flag != "--report") throw std::invalid_argument(flag + " is required");
  if (o.narrative.empty()) throw std::invalid_argument("--narrative is required");
  return o;
}

/// The annotated article (`<html>/article.html`) from --article and this evaluation; the
/// accounting's line for [[annotated-article]], or "" without a copy. Where the copy differs from
/// the declarations, each discrepancy is printed (the page lists them too).
std::string write_annotated_article(const Options& opt, const pe::docgen::Context& context) {
  if (opt.article.empty()) return "";
  const std::string copy = read_file(opt.article);
  const pe::ledger::Accounting accounting = pe::ledger::account_for_numbers(copy);
  for (const pe::ledger::Discrepancy& d : accounting.discrepancies)
    std::cerr << "pe_docgen: " << opt.article.string() << ": " << pe::ledger::describe(d) << "\n";
  write_file(opt.html / "article.html",
             pe::report::annotated_html(copy, accounting, pe::report::faces_of(context.records, context.statements),
                                        {""}));
  return pe::ledger::accounting_line(accounting);
}

/// The argument map's inputs: the dot file the docs build draws, and the statements' ids, one
/// a line, straight from the ledger, which the browser check (check_map.sh) counts the drawn
/// nodes against.
void write_argument_map(const Options& opt, const pe::docgen::Context& context) {
  write_file(opt.out / "map" / "argument.dot", pe::docgen::argument_dot(context));
  std::string ids;
  for (const pe::ledger::Statement& s : pe::ledger::statements()) ids += s.id + "\n";
  write_file(opt.out / "map" / "statements.txt", ids);
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::cout << "usage: pe_docgen --source DIR --narrative DIR... --out DIR --html DIR [--article FILE]\n"
              << "                 [--report DIR]\n\n"
              << pe::wrap_words("Reads every claim's record from the report of this build (--report, default "
                                "its report/ folder: claims.json, written by ctest), stops saying what to run "
                                "when that report is missing or stale, expands the page templates of each --narrative folder (repeat it) into "
                                "Doxygen pages under --out, and writes the figure data and payload (--html "
                                "receives the payload, and with --article that copy of the article annotated, "
                                "article.html); run by `cmake --build --preset docs`, which then draws "
                                "the plots and runs Doxygen.", 80);
    return 0;
  }
  const Options opt = parse(argc, argv);
  const auto start = std::chrono::steady_clock::now();

  // 1. Every claim's record as this build's report holds it (report::read_report_records): the
  //    pages render the records the ctest run wrote, so they cannot say otherwise than
  //    claims.json. A missing or stale report stops the build with what to run: re-evaluating
  //    here would be a second evaluation, and running the claim checks inside a build would run
  //    the tests from the build that ctest runs them after.
  pe::docgen::Context context;
  context.source_dir = opt.source.string();
  context.records = pe::report::read_report_records(opt.report.string());
  context.training_selection = pe::report::training_selection_markdown();
  context.statements = pe::ledger::evaluate_statements(context.records);  // points into records
  context.annotated_article = write_annotated_article(opt, context);
  std::cout << "pe_docgen: " << context.records.size() << " records read from " << opt.report.string()
            << "/claims.json\n";

  // 2. Figures: plot data for gnuplot, the payload for the HTML output.
  const std::vector<pe::docgen::FigureData> figures = pe::docgen::all_figures(context.records);
  fs::remove_all(opt.out / "data");
  pe::docgen::write_plot_data(figures, (opt.out / "data").string());
  const std::string payload = pe::docgen::figures_json(figures);
  write_file(opt.html / "data" / "figure-payload.json", payload);
  write_file(opt.html / "data" / "figure-payload.js", pe::docgen::figure_payload_script(payload));

  // 3. Pages. First the templates' labels and sections, so [[pages]] can list them all.
  //    The templates of every --narrative folder, in the order of their file names (the
  //    article's order, NN-name.md), wherever they sit.
  std::vector<fs::path> templates;
  for (const fs::path& folder : opt.narrative)
    for (const auto& entry : fs::directory_iterator(folder))
      if (entry.path().extension() == ".md") templates.push_back(entry.path());
  std::sort(templates.begin(), templates.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
  for (std::size_t i = 1; i < templates.size(); ++i)
    if (templates[i].filename() == templates[i - 1].filename())
      throw std::invalid_argument("two page templates named " + templates[i].filename().string() + ": " +
                                  templates[i - 1].string() + " and " + templates[i].string());
  std::vector<std::string> covered_sections;
  std::string main_template;
  for (const fs::path& path : templates) {
    const std::string text = read_file(path);
    const std::string label = pe::docgen::page_label(text, path.string());
    if (label == "mainpage") {
      main_template = path.string();
      continue;
    }
    context.page_labels.push_back(label);
    covered_sections.push_back(pe::docgen::page_section(text, path.string()));
    if (!covered_sections.back().empty()) context.section_pages[covered_sections.back()] = label;
  }
  if (main_template.empty()) throw std::runtime_error("no template with {#mainpage}");

  std::vector<Page> pages;
  for (const std::string& section : pe::ledger::sections())
    if (std::find(covered_sections.begin(), covered_sections.end(), section) ==
        covered_sections.end()) {
      pages.push_back(pe::docgen::section_page(section, context));
      context.page_labels.push_back(pages.back().label);
      context.section_pages[section] = pages.back().label;
    }
  write_argument_map(opt, context);
  pages.push_back(pe::docgen::errata_page(context));
  pages.push_back(pe::docgen::all_claims_page(context));
  context.page_labels.push_back("errata");
  context.page_labels.push_back("claims");
  for (const fs::path& path : templates) {
    Page page = pe::docgen::expand_template(read_file(path), path.string(), context);
    if (page.label == "mainpage") page.file = "mainpage.md";
    pages.push_back(std::move(page));
  }

  fs::remove_all(opt.out / "pages");
  // Every page loads the render probe that the browser check reads (docs/render_probe.js).
  const std::string probe =
      "\n\\htmlonly\n<script type=\"text/javascript\" src=\"render_probe.js\"></script>\n"
      "\\endhtmlonly\n";
  for (const Page& page : pages) write_file(opt.out / "pages" / page.file, page.text + probe);

  const pe::report::Summary s = pe::report::summarise(context.records);
  std::ostringstream stamp;
  stamp << s.claims << " claims, " << s.holds << " hold, " << s.fails << " fail, " << s.errata
        << " errata, " << s.disagreements << " disagree, " << s.errors << " errors; "
        << pages.size() << " pages, " << figures.size() << " figures\n";
  write_file(opt.out / "docgen.stamp", stamp.str());
  std::cout << "pe_docgen: " << stamp.str() << "pe_docgen: done in " << seconds_since(start)
            << " s\n";
  return 0;
} catch (const std::exception& e) {
  std::cerr << "pe_docgen: " << e.what() << "\n";
  return 1;
}
