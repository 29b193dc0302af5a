/// @file
/// @brief Theorem 2's mean squared defect for every even d, with the projection as a parameter
/// so that a test can hand the proof a wrong projection and see it refused, and the window's
/// counting step, with the number of positions as a parameter (theorem2.cpp).
#pragma once

#include <functional>
#include <string>

#include <ginac/ginac.h>

#include "symbolic_identity.hpp"

namespace pe::theorems {

/// A projection of d x d matrices on symbolic entries.
using SymbolicProjection = std::function<GiNaC::matrix(const GiNaC::matrix&)>;

/// E delta^2 = 1 - 1/d for Gaussian M and every even d. The block step, reduced on a pair of
/// planes (d = 4, every entry of M a symbol): `projection` of M is zero off the diagonal blocks
/// and each diagonal block is the one-plane projection of M's own block, so rank = (d/2) times
/// the one-plane rank (block step: the code treats every pair of planes alike). With that rank
/// from the exact law at d = 2, 1 - rank/d^2 - (1 - 1/d) is put in normal form, d a positive
/// symbol. A projection that couples planes is refused at the block step, one of another rank at
/// the normal form.
MatrixIdentityProof defect_mean_square_every_d_proof(const SymbolicProjection& projection);
/// The same with the harness's pe::commutant_projection.
MatrixIdentityProof defect_mean_square_every_d_proof();

/// Theorem 2 (a')'s counting step, read off the harness's own window map (pe::window_defect_map on
/// `positions` positions at d, seeded frequencies) and commutant basis: the map's rows and
/// unknowns, the commutant's dimension, and whether the null space is forced larger than the
/// commutant (unknowns - rows > commutant dimension), which makes `positions` positions too few
/// whatever the frequencies (the map's shape does not depend on them). `certificate` gives the
/// integers. A test hands it d + 1 positions, where counting refutes nothing.
/// The commutant's rank steps (Theorem 2 (b) <=> (c)): the off-diagonal Sylvester map's
/// determinant 4 (cos omega_i - cos omega_j)^2 (`off_diagonal`) or the diagonal map's minor
/// sin^2 omega_j is nonzero off the exceptional set where `exceptional_factor` vanishes. Without
/// a factor, the sets the theorem's hypothesis excludes; a test drops them (factor 1) and sees
/// the step refused.
RankStep commutant_rank_step(bool off_diagonal, const GiNaC::ex& exceptional_factor);
RankStep commutant_rank_step(bool off_diagonal);

struct WindowCount {
  long unknowns = 0, rows = 0, commutant = 0;
  bool too_few = false;
  std::string certificate;
};
WindowCount window_count(int d, int positions);

/// The window step p(m+1)^T M p(n+1) - p(m)^T M p(n) = p(m)^T (R^T M R - M) p(n) with R =
/// R_omega(shift), on whole matrices at d = 2, 4, 8, 16 and by the pair-of-planes block step at
/// every even d; the theorem's shift is 1, and any other is refused.
MatrixIdentityProof window_step_proof(const GiNaC::ex& shift);

/// The two kinds of factor of the code determinant's product formula: inside plane j, and
/// between planes j < k (by default sin omega_j and 4 (cos omega_j - cos omega_k)^2).
struct CodeDeterminantFactors {
  std::function<GiNaC::ex(const GiNaC::ex& wj)> within;
  std::function<GiNaC::ex(const GiNaC::ex& wj, const GiNaC::ex& wk)> between;
};
CodeDeterminantFactors code_determinant_factors();
/// The code determinant's steps at every even d (theorem2.cpp): a plane's code through its complex
/// nodes, the powers by induction, the node pairs counted with h = d/2 a symbol, and each kind of
/// factor against `factors`; a factor that is not the nodes' is refused at its step.
std::vector<ProofStep> code_determinant_every_d_steps(const CodeDeterminantFactors& factors);

}  // namespace pe::theorems
