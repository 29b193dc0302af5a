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
  register_section_title(file, title);
  blocks().push_back({folder_of_file(file), unit_of_file(file), title});
}
SectionRegistration::SectionRegistration(const char* file, const char* title, StatementsDeclarer declarer) {
  register_section_title(file, title);
  blocks().push_back({folder_of_file(file), unit_of_file(file), title, declarer, nullptr});
}
SectionRegistration::SectionRegistration(const char* file, const char* title, NonClaimsDeclarer declarer) {
  register_section_title(file, title);
  blocks().push_back({folder_of_file(file), unit_of_file(file), title, nullptr, declarer});
}
SectionRegistration::SectionRegistration(const char* file, const char* title, TerminatorsDeclarer declarer) {
  register_section_title(file, title);
  blocks().push_back({folder_of_file(file), unit_of_file(file), title, nullptr, nullptr, declarer});
}
SectionRegistration::SectionRegistration(const char* file, const char* title, NonEdgesDeclarer declarer) {
  register_section_title(file, title);
  blocks().push_back({folder_of_file(file), unit_of_file(file), title, nullptr, nullptr, nullptr, declarer});
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
