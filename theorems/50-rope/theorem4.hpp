/// @file
/// @brief Theorem 4 (a) => (b) as an equational derivation the code checks: words in the family
/// L_m, their transposes, the function G and the powers of L_1, rewritten by named rules whose
/// every application is checked, with the hypothesis (a) as a parameter so that a test can hand
/// the derivation a hypothesis that is not relative and see it refused (theorem4.cpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <ginac/ginac.h>

#include "proof_steps.hpp"

namespace pe::theorems {

/// The hypothesis (a) as the derivation uses it: L_m^T L_n = G(offset(m, n)) for all integers m,
/// n. Theorem 4's (a) is offset(m, n) = n - m.
using FamilyHypothesis = std::function<GiNaC::ex(const GiNaC::ex& m, const GiNaC::ex& n)>;

/// The derivation of (b) from (a), every step checked: G(0) = I (from L_0 = I), L_m^T L_m = I,
/// G(k) = L_k, L_{m+k} = L_m L_k (with the cited lemma that a square matrix's left inverse is its
/// right inverse), and by induction L_n = L_1^n for every integer n (n -> n + 1 and n -> n - 1),
/// with U = L_1 orthogonal. `decided` when every step's two rewritings of its start word reach the
/// same word; otherwise `refused` names the first step that does not.
struct FamilyDerivation {
  bool decided = true;
  std::string refused, certificate;
  std::vector<ProofStep> steps;
};
FamilyDerivation relative_family_derivation(const FamilyHypothesis& hypothesis);
FamilyDerivation relative_family_derivation();

}  // namespace pe::theorems
