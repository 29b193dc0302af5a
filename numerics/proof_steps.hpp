/// @file
/// @brief The steps an exact proof is made of, as structure rather than prose: each step has a
/// kind, says how far it reaches, and says in a line what it decided. A proof holds for every
/// parameter its statement names only when every step reaches its whole domain; a step checked at
/// listed sizes only makes the claim "exhaustive", and a failed step makes it fail.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace pe {

/// What kind of reasoning a step is, each decided by code in its own way.
enum class StepKind {
  identity,     ///< a difference reduced to 0 by named rules
  block,        ///< the block step: an identity per plane carried to every even d
  induction,    ///< base cases and the step n -> n + 1 with n symbolic
  inequality,   ///< a sign decided on the whole domain
  counting,     ///< integer arithmetic on sizes read off the harness's objects
  expectation,  ///< an expectation computed from the laws' exact moments
  rank,         ///< an exact rank with its exceptional set named
  witness,      ///< an object computed in exact arithmetic that does what the statement says
  lemma,        ///< a classical result cited, not checked (an external lemma, a node of the map)
};

/// How far a step reaches.
enum class StepReach {
  decided,      ///< over every value of the symbols and sizes it quantifies over
  listed_only,  ///< at the sizes or instances it lists, and no further
  failed,       ///< the code refused it
};

struct ProofStep {
  StepKind kind;
  StepReach reach;
  std::string what;  ///< one line: what was decided, over what
  /// For an inequality step: the sign it decided in a plain syntax another computer-algebra
  /// system parses ("E > 0; positive: a, b; real: c"); empty for the other kinds.
  std::string check = {};
};

inline const char* to_string(StepKind k) {
  switch (k) {
    case StepKind::identity: return "identity";
    case StepKind::block: return "block step";
    case StepKind::induction: return "induction";
    case StepKind::inequality: return "inequality";
    case StepKind::counting: return "counting";
    case StepKind::expectation: return "exact expectation";
    case StepKind::rank: return "rank";
    case StepKind::witness: return "witness";
    case StepKind::lemma: return "cited lemma";
  }
  return "";
}

inline const char* to_string(StepReach r) {
  switch (r) {
    case StepReach::decided: return "decided";
    case StepReach::listed_only: return "listed sizes only";
    case StepReach::failed: return "failed";
  }
  return "";
}

/// A step that held over its whole domain (`held`) or was refused.
inline ProofStep decided_step(StepKind kind, bool held, std::string what, std::string check = {}) {
  return {kind, held ? StepReach::decided : StepReach::failed, std::move(what), std::move(check)};
}

}  // namespace pe
