#include "section_registry.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "unit_order.hpp"

namespace pe::ledger {
namespace {

/// One registration: the declaring file's unit and title, and at most one block of records.
struct SectionBlock {
  std::string folder, unit, title;
  StatementsDeclarer statements = nullptr;
  NonClaimsDeclarer non_claims = nullptr;
  TerminatorsDeclarer terminators = nullptr;
  NonEdgesDeclarer non_edges = nullptr;
};

std::vector<SectionBlock>& blocks() {
  static std::vector<SectionBlock> registered;
  return registered;
}

/// "theorems/30-clocks/clocks_section.cpp" -> "clocks_section", as PE_UNIT_ORDER names it.
std::string unit_of_file(std::string_view file) {
  file.remove_prefix(std::min(file.size(), file.find_last_of('/') + 1));
  return std::string(file.substr(0, file.rfind('.')));
}

/// "theorems/30-clocks/clocks_section.cpp" -> "30-clocks", the folder the section's page sits in.
std::string folder_of_file(std::string_view file) {
  file = file.substr(0, file.find_last_of('/') == std::string_view::npos ? 0 : file.find_last_of('/'));
  file.remove_prefix(std::min(file.size(), file.find_last_of('/') + 1));
  return std::string(file);
}

/// The blocks in PE_UNIT_ORDER; static registration runs in link order, which is not it.
std::vector<SectionBlock> ordered_blocks() {
  std::vector<SectionBlock> ordered = blocks();
  std::stable_sort(ordered.begin(), ordered.end(), [](const SectionBlock& a, const SectionBlock& b) {
    return unit_rank(a.unit) < unit_rank(b.unit);
  });
  return ordered;
}

}  // namespace

SectionRegistration::SectionRegistration(const char* file, const char* title) {
  blocks().push_back({folder_of_file(file), unit_of_file(file), title});
}
SectionRegistration::SectionRegistration(const char* file, const char* title, StatementsDeclarer declarer) {
  blocks().push_back({folder_of_file(file), unit_of_file(file), title, declarer, nullptr});
}
SectionRegistration::SectionRegistration(const char* file, const char* title, NonClaimsDeclarer declarer) {
  blocks().push_back({folder_of_file(file), unit_of_file(file), title, nullptr, declarer});
}
SectionRegistration::SectionRegistration(const char* file, const char* title, TerminatorsDeclarer declarer) {
  blocks().push_back({folder_of_file(file), unit_of_file(file), title, nullptr, nullptr, declarer});
}
SectionRegistration::SectionRegistration(const char* file, const char* title, NonEdgesDeclarer declarer) {
  blocks().push_back({folder_of_file(file), unit_of_file(file), title, nullptr, nullptr, nullptr, declarer});
}

const std::vector<std::string>& registered_sections() {
  static const std::vector<std::string> titles = [] {
    std::vector<std::string> out;
    for (const SectionBlock& block : ordered_blocks())
      if (std::find(out.begin(), out.end(), block.title) == out.end()) out.push_back(block.title);
    return out;
  }();
  return titles;
}

std::string section_of_folder(std::string_view folder) {
  for (const SectionBlock& block : blocks())
    if (block.folder == folder) return block.title;
  return "";
}

const std::vector<Statement>& statements() {
  static const std::vector<Statement> all = [] {
    std::vector<Statement> out;
    for (const SectionBlock& block : ordered_blocks()) {
      if (!block.statements) continue;
      for (const StatementDeclaration& declared : block.statements()) {
        out.push_back(declared.record());
        out.back().section = block.title;
      }
    }
    return out;
  }();
  return all;
}

const std::vector<NonClaim>& non_claims() {
  static const std::vector<NonClaim> all = [] {
    std::vector<NonClaim> out;
    for (const SectionBlock& block : ordered_blocks()) {
      if (!block.non_claims) continue;
      for (const NonClaimDeclaration& declared : block.non_claims()) {
        if (declared.record().reason.empty())
          throw std::logic_error("non-claim " + declared.record().text + " in " + declared.record().where +
                                 ": declared without a kind and a reason");
        out.push_back(declared.record());
      }
    }
    return out;
  }();
  return all;
}

const std::vector<std::string>& statement_terminators() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> out;
    for (const SectionBlock& block : ordered_blocks())
      if (block.terminators)
        for (std::string& phrase : block.terminators()) out.push_back(std::move(phrase));
    return out;
  }();
  return all;
}

const std::vector<NonEdge>& mention_non_edges() {
  static const std::vector<NonEdge> all = [] {
    std::vector<NonEdge> out;
    for (const SectionBlock& block : ordered_blocks())
      if (block.non_edges)
        for (const NonEdgeDeclaration& declared : block.non_edges()) out.push_back(declared.record());
    return out;
  }();
  return all;
}

}  // namespace pe::ledger
