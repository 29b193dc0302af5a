#include "cards.hpp"

#include "claims_render.hpp"

#include <filesystem>
#include <regex>
#include <stdexcept>

namespace pe::docgen {

using ledger::Record;
using report::Markdown;

std::string claim_anchor(std::string_view id) { return report::card_anchor(id); }

std::string unit_reference(const std::string& unit, const std::string& source_dir) {
  static const std::regex unit_form("[a-z0-9_]+");
  if (!std::regex_match(unit, unit_form))
    throw std::invalid_argument("unit must match [a-z0-9_]+, got unit = '" + unit + "'");
  // A unit sits in the folder of its article section, theorems/NN-section/UNIT.cpp.
  namespace fs = std::filesystem;
  const fs::path theorems = fs::path(source_dir) / "theorems";
  std::vector<std::string> found;
  for (const auto& section : fs::directory_iterator(theorems))
    if (section.is_directory() && fs::exists(section.path() / (unit + ".cpp")))
      found.push_back("theorems/" + section.path().filename().string() + "/" + unit + ".cpp");
  if (found.size() != 1)
    throw std::invalid_argument("no verification unit theorems/*/" + unit + ".cpp under " + source_dir);
  return "\\ref " + found.front() + " \"" + found.front() + "\"";
}

std::string source_link(const std::string& source) {
  static const std::regex form("(([a-z0-9_-]+/)*)([a-z0-9_]+\\.[a-z]+):([0-9]+)");
  std::smatch m;
  if (!std::regex_match(source, m, form))
    throw std::invalid_argument("a claim's source must be dir/file.ext:line, got source = '" + source + "'");
  const std::string file = m[3], line = m[4];
  // Doxygen's page name: '_' doubled, '.' as "_8". File names are unique across the source
  // folders (tests/source_layout.sh checks it), so no page carries its directory.
  std::string page;
  for (char c : file) page += c == '_' ? "__" : c == '.' ? "_8" : std::string(1, c);
  std::string anchor = line;
  anchor.insert(0, anchor.size() < 5 ? 5 - anchor.size() : 0, '0');
  return "<a href=\"" + page + "_source.html#l" + anchor + "\">" + file + ":" + line + "</a>";
}

std::string claim_cards(const std::vector<const Record*>& records, CardKind kind,
                         const std::string& source_dir) {
  const report::ClaimLinks links{
      [kind](const Record& r) {
        const std::string anchor = claim_anchor(r.id);
        return kind == CardKind::all ? "\\anchor " + anchor + " `" + r.id + "`"
                                      : "\\ref " + anchor + " \"" + r.id + "\"";
      },
      [&source_dir](const Record& r) {
        const auto [suite, name] = ledger::test_name(r.id);
        return (r.source.empty() ? std::string() : source_link(r.source) + ", ") + "unit " +
               unit_reference(r.unit, source_dir) + ", test <code>" + suite + "." + name + "</code>";
      }};
  return report::claims_listing(records, Markdown::doxygen, links, kind == CardKind::errata);
}

}  // namespace pe::docgen
