/// @file
/// @brief How a section folder declares its part of the argument: its title once (PE_SECTION),
/// its statements (PE_STATEMENTS) and its printed numbers that are no claim (PE_NON_CLAIMS),
/// each record with named fields. The ledger keeps the machinery; the article's data lives in
/// the section files theorems/NN-*/NAME_section.cpp.
///
///     namespace pe::theorems::clocks_section_claims {
///     PE_SECTION(kClocksSection);
///     PE_STATEMENTS(definitions) {
///       return {statement("def1").label("Definition 1").kind("definition")
///                   .anchor("Definition 1 (Absolute additive encoding)")};
///     }
///     PE_NON_CLAIMS(citations) { return {non_claim("2017").in("def2").citation("Vaswani and colleagues' year")}; }
///     }
///
/// statements() and non_claims() list the sections in the order of their files in
/// PE_UNIT_ORDER (the folders' order, unit_order.hpp) and, within a file, its blocks in the order
/// they are declared, which is the article's order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "non_claims.hpp"
#include "section_titles.hpp"  // registered_sections, section_of_folder
#include "statements.hpp"

namespace pe::ledger {

/// One statement under construction; its section is the declaring file's PE_SECTION.
class StatementDeclaration {
 public:
  explicit StatementDeclaration(std::string id) { record_.id = std::move(id); }
  StatementDeclaration& label(std::string text) { return record_.label = std::move(text), *this; }
  StatementDeclaration& kind(std::string text) { return record_.kind = std::move(text), *this; }
  StatementDeclaration& anchor(std::string words) { return record_.anchor = std::move(words), *this; }
  StatementDeclaration& claims(std::vector<std::string> patterns) { return record_.claims = std::move(patterns), *this; }
  /// A paragraph that reads numbers from a table, or restates an experiment, uses it: what fails
  /// there reaches the paragraph's standing.
  StatementDeclaration& uses(std::vector<std::string> ids) { return record_.uses = std::move(ids), *this; }
  /// Which claims of a statement it uses it reads (Statement::reads): by default all of them.
  StatementDeclaration& reads(const std::string& used, std::vector<std::string> patterns) {
    return record_.reads[used] = std::move(patterns), *this;
  }
  StatementDeclaration& explains(std::vector<std::string> ids) { return record_.explains = std::move(ids), *this; }
  /// Why this statement has its edge to `other` where no numbered mention says so: a few words
  /// quoted verbatim from this statement's own text (Statement::backing).
  StatementDeclaration& because(const std::string& other, std::string phrase) {
    return record_.backing[other] = std::move(phrase), *this;
  }
  /// The residual evidence and, for sampled or exhaustive evidence, the instances. Tables and
  /// experiment paragraphs read trained heads: every claim of theirs is trained by rule, so the
  /// residual never applies and they leave it at its default.
  StatementDeclaration& evidence(Evidence residual, std::string domain = "") {
    record_.residual = residual;
    record_.domain = std::move(domain);
    return *this;
  }
  /// Claims (a pattern) whose evidence the rules of evidence_of would get wrong, and why.
  StatementDeclaration& override_evidence(std::string pattern, Evidence kind, std::string why) {
    record_.overrides.push_back({std::move(pattern), kind, std::move(why)});
    return *this;
  }
  const Statement& record() const { return record_; }

 private:
  Statement record_;
};
inline StatementDeclaration statement(std::string id) { return StatementDeclaration(std::move(id)); }

/// One non-claim under construction: its text, where (in) and which occurrences (at; the first
/// unless said), then its kind with its reason.
class NonClaimDeclaration {
 public:
  explicit NonClaimDeclaration(std::string text) {
    record_.text = std::move(text);
    record_.occurrences = {1};
    record_.kind = NonClaimKind::unchecked;
  }
  /// A statement's id, or a section's title for a number outside every statement.
  NonClaimDeclaration& in(std::string where) { return record_.where = std::move(where), *this; }
  NonClaimDeclaration& at(std::vector<int> occurrences) { return record_.occurrences = std::move(occurrences), *this; }
  NonClaimDeclaration& because(NonClaimKind kind, std::string reason) {
    record_.kind = kind;
    record_.reason = std::move(reason);
    return *this;
  }
  NonClaimDeclaration& citation(std::string why) { return because(NonClaimKind::citation, std::move(why)); }
  NonClaimDeclaration& setting(std::string why) { return because(NonClaimKind::setting, std::move(why)); }
  NonClaimDeclaration& heading(std::string why) { return because(NonClaimKind::heading, std::move(why)); }
  NonClaimDeclaration& definition(std::string why) { return because(NonClaimKind::definition, std::move(why)); }
  NonClaimDeclaration& elsewhere(std::string why) { return because(NonClaimKind::elsewhere, std::move(why)); }
  NonClaimDeclaration& figure(std::string why) { return because(NonClaimKind::figure, std::move(why)); }
  NonClaimDeclaration& name(std::string why) { return because(NonClaimKind::name, std::move(why)); }
  NonClaimDeclaration& unchecked(std::string why) { return because(NonClaimKind::unchecked, std::move(why)); }
  const NonClaim& record() const { return record_; }

 private:
  NonClaim record_;
};
inline NonClaimDeclaration non_claim(std::string text) { return NonClaimDeclaration(std::move(text)); }

/// One mention that is no edge under construction: what it names, where it stands (a phrase of
/// its line, unique in the article), and why.
class NonEdgeDeclaration {
 public:
  explicit NonEdgeDeclaration(std::string mention) { record_.mention = std::move(mention); }
  NonEdgeDeclaration& in_line_with(std::string phrase) { return record_.phrase = std::move(phrase), *this; }
  NonEdgeDeclaration& because(std::string reason) { return record_.reason = std::move(reason), *this; }
  const NonEdge& record() const { return record_; }

 private:
  NonEdge record_;
};
inline NonEdgeDeclaration non_edge(std::string mention) { return NonEdgeDeclaration(std::move(mention)); }

using StatementsDeclarer = std::vector<StatementDeclaration> (*)();
using NonClaimsDeclarer = std::vector<NonClaimDeclaration> (*)();
/// Phrases that end a statement's text without beginning another (statement_terminators()).
using TerminatorsDeclarer = std::vector<std::string> (*)();
using NonEdgesDeclarer = std::vector<NonEdgeDeclaration> (*)();

/// Registers a section file: its title, and blocks of its statements and non-claims. `file` is
/// the declaring file (__FILE__), whose name is its unit in PE_UNIT_ORDER.
struct SectionRegistration {
  SectionRegistration(const char* file, const char* title);
  SectionRegistration(const char* file, const char* title, StatementsDeclarer declarer);
  SectionRegistration(const char* file, const char* title, NonClaimsDeclarer declarer);
  SectionRegistration(const char* file, const char* title, TerminatorsDeclarer declarer);
  SectionRegistration(const char* file, const char* title, NonEdgesDeclarer declarer);
};


}  // namespace pe::ledger

#define PE_SECTION_CONCAT_(a, b) a##b
#define PE_SECTION_CONCAT(a, b) PE_SECTION_CONCAT_(a, b)

/// Names the section a file declares, at namespace scope in the file's own namespace: the title
/// is written once, in the folder's NAME_section.hpp.
#define PE_SECTION(title)                          \
  constexpr const char* pe_section_title = title; \
  static const ::pe::ledger::SectionRegistration pe_section_registration(__FILE__, pe_section_title)

/// A block of the section's records of one kind: `type` is what the block returns, `prefix` names it.
#define PE_SECTION_BLOCK(type, prefix, name)                                                      \
  static std::vector<type> PE_SECTION_CONCAT(prefix, name)();                                     \
  static const ::pe::ledger::SectionRegistration PE_SECTION_CONCAT(prefix##registration_, name)( \
      __FILE__, pe_section_title, &PE_SECTION_CONCAT(prefix, name));                              \
  static std::vector<type> PE_SECTION_CONCAT(prefix, name)()

/// A block of the section's statements, in the article's order: `{ return {statement(...)...}; }`.
#define PE_STATEMENTS(name) PE_SECTION_BLOCK(::pe::ledger::StatementDeclaration, pe_statements_, name)
/// A block of the section's non-claims, in the article's order: `{ return {non_claim(...)...}; }`.
#define PE_NON_CLAIMS(name) PE_SECTION_BLOCK(::pe::ledger::NonClaimDeclaration, pe_non_claims_, name)
/// Phrases of the section that end a statement's text and begin none: `{ return {"..."}; }`.
#define PE_TERMINATORS(name) PE_SECTION_BLOCK(std::string, pe_terminators_, name)
/// Mentions in the section that are no edge: `{ return {non_edge(...)...}; }`.
#define PE_NON_EDGES(name) PE_SECTION_BLOCK(::pe::ledger::NonEdgeDeclaration, pe_non_edges_, name)
