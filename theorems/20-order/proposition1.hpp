/// @file
/// @brief Proposition 1 (i) for every position t, with the output the statement claims as a
/// parameter, so that a test can hand the proof a wrong output and see it refused
/// (proposition1.cpp).
#pragma once

#include <functional>

#include <ginac/ginac.h>

#include "symbolic_identity.hpp"

namespace pe::theorems {

/// The output claimed at position t for the value e at position 0 (e a column of symbols).
using ClaimedOutput = std::function<GiNaC::matrix(const GiNaC::ex& t, const GiNaC::matrix& e)>;

/// o_t = claimed(t, e) for every t >= 0, with equal scores sigma (a symbol), value e (two symbolic
/// entries) at position 0 and 0 elsewhere: the harness's pe::causal_attention run on GiNaC::ex at
/// t = 0 .. 6; its normaliser sum_{j<=t} e^sigma = (t + 1) e^sigma by induction on the loop that
/// sums it, t a symbol; its numerator e^sigma e at every t, the other values being 0; their
/// quotient against claimed(t, e) with t a symbol; and, for a unit e, 1/<o_t, e> - 1 - t reduced
/// to 0. By default claimed = e/(t + 1).
MatrixIdentityProof equal_score_counting_proof(const ClaimedOutput& claimed);
const MatrixIdentityProof& equal_score_counting_proof();

}  // namespace pe::theorems
