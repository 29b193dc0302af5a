/// @file
/// @brief The inequality step behind Proposition 4 (i)'s bound, with the bound's factor as a
/// parameter, so that a test can hand the proof a tightened bound and see it refused
/// (proposition4.cpp).
#pragma once

#include <ginac/ginac.h>

#include "symbolic_identity.hpp"

namespace pe::theorems {

/// The last step of (i): with a_j = |h_j - h_{j+1}| at most M = max_j a_j (a_j = M - g_j, g_j >= 0)
/// and s_j = |S_j| >= 0, `factor` M sum_{j<n} s_j - sum_{j<n} a_j s_j expands to a polynomial that
/// GiNaC's sign rules find positive for positive g_j, s_j and M, at every n = 1 .. `planes`; the
/// induction step (T + g s for T, g, s positive: the sum at n + 1 from the sum at n) is decided
/// the same way. A polynomial with positive coefficients is also >= 0 where some of its
/// symbols are 0, so the bound holds with equality allowed. The article's factor is 1; a factor
/// below 1 is refused. `normal_form` names the first sum not decided, or the step.
SignDecision termwise_max_step(unsigned planes, const GiNaC::ex& factor = 1);

}  // namespace pe::theorems
