/// @file
/// @brief Exact proofs of trigonometric identities with GiNaC: the difference of an identity's two
/// sides is rewritten by a fixed list of rules until it is a polynomial in cosines and sines of
/// atoms with no sine squared; the identity is proved when that polynomial is 0.
///
/// Each rewrite replaces an expression by an equal one, so reaching 0 proves the identity for
/// every value of its symbols. The rules (kTrigRules, in one place):
///   - angle addition: cos(a + b) = cos a cos b - sin a sin b, sin(a + b) = sin a cos b + cos a sin b,
///     also for an integer multiple n a = (n - 1) a + a, so that no two atoms are multiples of one
///     another;
///   - parity: cos(-a) = cos a, sin(-a) = -sin a;
///   - Pythagoras: sin^2 a = 1 - cos^2 a.
/// Polynomials in cos a and sin a with sin a of degree at most one are a basis of the ring that
/// cos^2 + sin^2 = 1 leaves, so a remainder other than 0 is what the rules cannot remove: the
/// reduction refuses the statement, and the remainder says where it fails.
#pragma once

#include <ginac/ginac.h>

#include "proof_steps.hpp"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace pe {

/// The rules a reduction may use, as stated in every certificate.
extern const std::vector<std::string> kTrigRules;

/// The outcome of reducing an identity's difference (left side minus right side).
struct TrigReduction {
  bool zero = false;                    ///< the difference reduced to 0: the identity is proved
  std::string remainder;                ///< what is left when it did not, as GiNaC prints it
  std::vector<std::string> rules_used;  ///< the rules of kTrigRules the reduction applied
  int entries = 0;                      ///< how many scalar differences were reduced
};

/// Reduces `difference` (a scalar) with kTrigRules.
TrigReduction reduce_trig(const GiNaC::ex& difference);
/// Reduces every entry of `left - right` (matrices of one shape); zero when every entry is.
TrigReduction reduce_trig(const GiNaC::matrix& left, const GiNaC::matrix& right);

/// The rule of exponentials a reduction may use, as certificates state it: e^{a + b} = e^a e^b
/// and e^{-a} = 1 / e^a.
extern const std::string kExponentialRule;
/// Reduces `difference`, a rational function of exponentials, with kExponentialRule (every
/// exponential of a sum split into a product of exponentials of its terms) and GiNaC's normal
/// form of rational functions (common factors cancelled): zero when it reduces to 0.
TrigReduction reduce_exponentials(const GiNaC::ex& difference);

/// The rule for powers of positive numbers a reduction may use, as certificates state it:
/// (x^a)^c = x^(a c), (x y)^a = x^a y^a and e^(c ln x) = x^c for x, y > 0 and real a, c.
extern const std::string kPositivePowerRule;
/// `e` with kPositivePowerRule applied wherever its base is positive by GiNaC's sign rules (a
/// GiNaC::possymbol, or a product or power of them), until nothing changes, then in normal form.
GiNaC::ex multiply_out_powers(const GiNaC::ex& e);

/// An inequality step decided by sign: `difference` (larger side minus smaller) is positive when
/// GiNaC's sign rules find it so (sums, products, quotients and powers of positive quantities),
/// as it stands or in normal form, numerator and denominator apart. Its symbols must carry their
/// domain (GiNaC::possymbol for a positive one). Sound, not complete: a false inequality is never
/// decided, a true one may be left undecided. `normal_form` is what was examined, as GiNaC prints it.
struct SignDecision {
  bool positive = false;
  std::string normal_form;
  /// "normal_form > 0; positive: a, b; real: c": the decision with its symbols' domains, for a
  /// second system (plain_inequality).
  std::string plain;
};
SignDecision decide_positive(const GiNaC::ex& difference);

/// An inequality E >= 0 for every real value of `angle`, where E is of degree at most one in each
/// of cos(angle) and sin(angle) once both are written as free symbols C and S (angle itself may
/// remain, as in t - sin t, and other symbols carry their domain as in decide_positive). Such an E
/// takes its least value over the square [-1, 1]^2, which holds (cos, sin), at a corner, so E >= 0
/// is decided when each of the four corner values is 0 or positive by decide_positive. Refused
/// otherwise: `normal_form` then names the first corner that is neither, or why E is not of that
/// form. `plain` states E >= 0 for a second system.
SignDecision decide_nonnegative_over_angle(const GiNaC::ex& e, const GiNaC::ex& angle);

/// f(t) >= 0 for every t >= 0 (t a GiNaC::possymbol) by a chain of derivatives: f^(k)(0) >= 0 for
/// k < order, each an exact number, and f^(order)(t) >= 0 for every t > 0 by
/// decide_nonnegative_over_angle with t as the angle. A function whose derivative is >= 0 does not
/// decrease (the mean value theorem, kMonotonicity), so f^(order - 1), ..., f are each >= their
/// value at 0 >= 0. `strict` when every corner of the last derivative is positive, not 0: then f
/// increases strictly and f(t) > f(0) for t > 0. `what` says what was decided, or at which
/// derivative the chain was refused and why.
struct DerivativeChain {
  bool decided = false, strict = false;
  std::string what, plain;
};
DerivativeChain decide_nonnegative_by_derivatives(const GiNaC::ex& f, const GiNaC::possymbol& t, int order);

/// "E > 0; positive: a, b; real: c" (or "E < 0; ..." for `relation` "<"): `expression` in
/// canonical_text with its symbols split by domain, positive ones being GiNaC::possymbol. Several
/// inequalities that hold together are joined by " && " before the domains.
std::string plain_inequality(const GiNaC::ex& expression, const std::string& relation = ">");
std::string plain_inequalities(const std::vector<std::pair<GiNaC::ex, std::string>>& inequalities);

/// The modulus facts a bound over complex numbers uses, decided by reduction rather than cited,
/// with each complex number written x + i y in two real symbols. Both reduce to 0 exactly when
/// the fact holds: the difference of the two squared moduli is reduced with kTrigRules.
///   - rotated_real_part_step(scale): Re(h e^{ix})^2 + Im(h e^{ix})^2 - scale^2 |h|^2 for every h
///     and real x; 0 at scale 1, so Re(h e^{ix})^2 <= |h|^2 with the square Im(...)^2 >= 0 as
///     the margin: |Re(h e^{ix})| <= |h|.
///   - product_modulus_step(): |z w|^2 - |z|^2 |w|^2 for every z, w: |z w| = |z| |w|.
TrigReduction rotated_real_part_step(const GiNaC::ex& scale);
TrigReduction product_modulus_step();

/// The dimensions on which identities are reduced on whole symbolic matrices: one plane, the
/// tournament's width and the largest width the article's identities are sampled at.
inline const std::vector<int> kProofDimensions = {2, 16, 64};

/// An identity between matrices (or scalars as 1 x 1 matrices) proved on whole symbolic matrices
/// for each d of `dimensions`, frequencies omega_j distinct symbols: `sides(omegas)` gives its two
/// sides. `certificate` says what was reduced, over which d, with which rules, and whether the
/// block step carries it to every even d; `remainder` names the first entry left.
///
/// The block step is decided, not assumed: at every listed d of 4 or more, each entry of each side
/// must involve no frequency but those of its own planes (entry (r, c) of a d x d side those of
/// planes r/2 and c/2, of a column of d that of plane r/2); a side of any other shape (a scalar, a
/// list of scalars, a Gram matrix over positions) must be a sum of one-plane terms entry by entry
/// (each term of the expanded entry involves one frequency at most). Then the sides are built plane by plane (pair of planes by pair of planes), and the
/// cited lemma kBlockMultiplication carries the identity from the planes checked to every even
/// d, since a plane whose omega_j is a symbol stands for every plane and base. Otherwise the
/// certificate begins "exhaustive: " and names the d it covers and the entry that couples planes.
struct MatrixIdentityProof {
  bool zero = true;
  std::string remainder, certificate;
  /// The identity at its smallest d for a second computer-algebra system (plain_sides).
  std::string plain_sides;
  /// The block step held: the identity is proved for every even d, not only for `dimensions`.
  bool every_even_d = false;
  /// The proof's steps, in order (proof_steps.hpp); the certificate above says the same in prose.
  std::vector<ProofStep> steps;
};

/// Records the steps of a proof built step by step: each with its kind, whether it held, what it
/// decided and its plain check; the first refused step's `refusal` becomes the proof's remainder.
struct ProofStepRecorder {
  MatrixIdentityProof& proof;
  void operator()(StepKind kind, bool held, const std::string& what, const std::string& refusal,
                  std::string check = {}) const {
    proof.steps.push_back(decided_step(kind, held, what, std::move(check)));
    if (!held && proof.zero) {
      proof.zero = false;
      proof.remainder = refusal;
    }
  }
};

/// Appends `part`'s steps to `whole`, for a proof made of proved parts.
void add_steps(MatrixIdentityProof& whole, const MatrixIdentityProof& part);

/// A rank step: `minor` (already proved equal to a minor of a symbolic matrix) is nonzero off the
/// exceptional set where `exceptional_factor` vanishes, decided when minor / exceptional_factor
/// is a nonzero number in GiNaC's normal form. With the exceptional set dropped (factor 1) a minor
/// that can vanish is refused. `what` says which.
struct RankStep {
  bool decided = false;
  std::string what;
};
RankStep minor_nonzero_off(const GiNaC::ex& minor, const GiNaC::ex& exceptional_factor, const std::string& exceptional_set);

/// Where a side of an identity at d couples planes it should not (see MatrixIdentityProof), or ""
/// when every entry involves only its own planes' frequencies `omegas`.
std::string plane_coupling(const GiNaC::matrix& side, const std::vector<GiNaC::ex>& omegas);

/// An expression in GiNaC's printed syntax with the operands of every sum and product sorted as
/// text, so that the same expression prints the same way in every run (GiNaC's own order follows
/// its symbols' hash values, which depend on what the program built before); compound operands are
/// parenthesised, so the text parses back to the same expression.
std::string canonical_text(const GiNaC::ex& e);

/// An identity's two sides in GiNaC's printed syntax (canonical_text), which other systems parse: one equation
/// "L == R" per entry, joined by "; ", then "; symbols: a, b, ..." (every symbol stands for any
/// real number). Longer than `limit` characters: what its length is, and that it is left out.
std::string plain_sides(const GiNaC::matrix& left, const GiNaC::matrix& right, std::size_t limit = 4000);
MatrixIdentityProof prove_for_dimensions(
    const std::string& statement, const std::string& quantifiers, const std::vector<int>& dimensions,
    const std::function<std::pair<GiNaC::matrix, GiNaC::matrix>(const std::vector<GiNaC::ex>&)>& sides);

/// Proposition 1 (ii) by exact algebra: one causal softmax layer's output at position t over
/// tokens x_0 .. x_t of `width` symbolic entries, with scores x_t^T A x_j + bias(t, j) and values
/// W x_j (A and W symbolic), against the same output with prefix tokens i and i + 1 swapped,
/// reduced with reduce_exponentials for every adjacent pair i + 1 < t and every t <= largest_t.
/// Adjacent swaps generate every permutation of the prefix, so a zero difference means the
/// output depends on the prefix only through its multiset. bias = 0 is the layer without position.
MatrixIdentityProof prove_prefix_symmetry(int largest_t, int width, const std::function<GiNaC::ex(int, int)>& bias);

/// A position or a parameter as a symbol: one symbol per name for the whole program, so the
/// same name is the same symbol in both sides of an identity.
const GiNaC::symbol& named_symbol(const std::string& name);
/// A column of d symbols NAME_0, ..., NAME_{d-1} (a query or key vector).
GiNaC::matrix symbol_vector(const std::string& name, int d);

/// The rotation of one plane by `angle`: [[cos, -sin], [sin, cos]] (block_rotation with one
/// frequency 1).
GiNaC::matrix plane_rotation(const GiNaC::ex& angle);
/// The block-diagonal rotation R_omega(k) = (+)_j R(k omega_j), d = 2 omegas.size(): the
/// harness's own pe::block_rotation (clocks.hpp) run on GiNaC::ex.
GiNaC::matrix block_rotation(const GiNaC::ex& k, const std::vector<GiNaC::ex>& omegas);
/// The sinusoidal code p(m) = (cos m omega_0, sin m omega_0, ...) as a column: the harness's own
/// pe::sinusoidal_code run on GiNaC::ex.
GiNaC::matrix sinusoidal_code(const GiNaC::ex& m, const std::vector<GiNaC::ex>& omegas);
/// The Sylvester map X -> X R(omega_j) - R(omega_i) X on 2 x 2 blocks X, as a 4 x 4 matrix on
/// vec X = (x00, x01, x10, x11): block (i, j) of M R_omega(1) - R_omega(1) M is this map of M's
/// block (i, j), since both rotations are block-diagonal (Theorem 2).
GiNaC::matrix sylvester_block_map(const GiNaC::ex& omega_i, const GiNaC::ex& omega_j);

/// d/2 distinct frequency symbols omega_0, ..., omega_{d/2 - 1}.
std::vector<GiNaC::ex> frequency_symbols(int d);

}  // namespace pe
