/// @file
/// @brief The classical results the project's proofs rest on without checking them, in one
/// place: each with its name and where it is proved. A certificate that uses one cites it, so a
/// reader sees what a "proved" claim assumes beside what the program computed.
#pragma once

#include <string>
#include <vector>

namespace pe {

/// A classical result a proof rests on without checking it: its name and where it is proved.
struct ExternalLemma {
  std::string name, citation;
};

/// E prod_k x_{i_k} of a centred Gaussian vector = sum over pairings of prod of covariances.
inline const ExternalLemma kIsserlisTheorem = {"Isserlis' theorem",
                                               "L. Isserlis, Biometrika 12 (1918) 134-139; Wick's theorem in physics"};
/// E cos^a(beta) sin^b(beta) for beta uniform on [0, 2 pi): 0 unless a and b are even, else
/// (a - 1)!! (b - 1)!! / (a + b)!!.
inline const ExternalLemma kWallisIntegrals = {
    "Wallis' integrals on the circle", "the moments of (cos beta, sin beta) for beta uniform; any calculus text"};
/// The uniform law on the circle is invariant under every rotation (translation of the angle).
inline const ExternalLemma kCircleShiftInvariance = {"rotation invariance of the uniform law on the circle",
                                                     "Haar measure of the circle group"};
/// A standard Gaussian vector's law is invariant under orthogonal maps: its squared norms on
/// complementary orthogonal subspaces of dimensions r and n - r are independent chi-squares.
inline const ExternalLemma kGaussianRotationInvariance = {
    "rotation invariance of the standard Gaussian",
    "Cochran's theorem; e.g. Muirhead, Aspects of Multivariate Statistical Theory (1982), 1.5"};
/// X ~ chi^2_a, Y ~ chi^2_b independent: X / (X + Y) ~ Beta(a/2, b/2), independent of X + Y.
inline const ExternalLemma kBetaOfChiSquares = {
    "the Beta law of a ratio of independent chi-squares",
    "X/(X+Y) ~ Beta(a/2, b/2), independent of X+Y; e.g. Johnson, Kotz and Balakrishnan, Continuous "
    "Univariate Distributions 2 (1995), 25.2"};
/// X' = A X, X(0) = I has exactly one solution on the real line, X(k) = exp(k A).
inline const ExternalLemma kLinearOdeUniqueness = {
    "uniqueness for linear differential equations",
    "Picard-Lindelof; exp(kA) is the solution of X' = AX, X(0) = I (e.g. Hirsch and Smale (1974), 5.4)"};

/// A symmetric matrix is positive definite iff all its leading principal minors are positive.
inline const ExternalLemma kSylvesterCriterion = {"Sylvester's criterion",
                                                  "e.g. Horn and Johnson, Matrix Analysis (2013), 7.2.5"};

/// f in C^2 and l its linear interpolant at x1 < x2: f(x) - l(x) = f''(xi) (x - x1)(x - x2) / 2
/// for some xi in [x1, x2].
inline const ExternalLemma kInterpolationRemainder = {
    "the remainder of linear interpolation", "Rolle's theorem; e.g. Atkinson, An Introduction to Numerical "
                                             "Analysis (1989), 3.2"};

/// det [x_a^k]_{a, k < n} = prod_{a<b} (x_b - x_a).
inline const ExternalLemma kVandermondeDeterminant = {"the Vandermonde determinant",
                                                      "e.g. Horn and Johnson, Matrix Analysis (2013), 0.9.11"};

/// A and B positive semidefinite: their entrywise product A o B is positive semidefinite; with A
/// positive definite and every b_ii > 0, A o B is positive definite.
inline const ExternalLemma kSchurProductTheorem = {
    "the Schur product theorem", "I. Schur, J. reine angew. Math. 140 (1911); e.g. Horn and Johnson, Matrix "
                                 "Analysis (2013), 7.5"};

/// Every real orthogonal U is Q N Q^T with Q orthogonal and N = (+)_i R(theta_i) (+) I_p (+) -I_p',
/// theta_i in (0, pi): the real normal form (the article's Theorem 4 (c) cites it, unproved).
inline const ExternalLemma kRealNormalForm = {
    "the real normal form of an orthogonal matrix",
    "the real Schur form of a normal matrix; e.g. Horn and Johnson, Matrix Analysis (2013), 2.5"};

/// The derivative of a composition is the product of the derivatives: the gradient proof
/// (experiments/gradient_proof.hpp) proves the loss's backward and the head's backward apart and
/// composes them where the code hands one's result to the other.
inline const ExternalLemma kChainRule = {
    "the chain rule", "e.g. Rudin, Principles of Mathematical Analysis (1976), 9.15"};

/// 1 - cos x = 0 exactly when x is an integer multiple of 2 pi.
inline const ExternalLemma kCosinePeriod = {"the zeros of 1 - cos",
                                            "cos x = 1 iff x lies in 2 pi Z; any calculus text"};

/// pi is irrational: no nonzero integer is an integer multiple of 2 pi.
inline const ExternalLemma kPiIrrational = {
    "the irrationality of pi", "J. H. Lambert (1768); I. Niven, Bull. Amer. Math. Soc. 53 (1947) 509"};

/// The exponential is positive and lies above its tangent at 0.
inline const ExternalLemma kExponentialBounds = {"the exponential's bounds",
                                                 "e^x > 0 and e^x >= 1 + x for every real x; any calculus text"};

/// |sum_j z_j| <= sum_j |z_j| for complex (or real) numbers. The modulus facts beside it,
/// |z w| = |z| |w| and |Re z| <= |z|, are decided where used (symbolic_identity.hpp).
inline const ExternalLemma kTriangleInequality = {
    "the triangle inequality for complex numbers",
    "|sum z_j| <= sum |z_j|; e.g. Rudin, Principles of Mathematical Analysis (1976), 1.33"};

/// Block-diagonal matrices multiply, add and transpose block by block, and a vector stacked plane
/// by plane pairs with them plane by plane: an expression in such matrices and vectors is
/// block-diagonal (or stacked) with the same expression in each block; the determinant of a
/// block-diagonal matrix is the product of its blocks' determinants.
inline const ExternalLemma kBlockMultiplication = {
    "block-by-block products of block-diagonal matrices",
    "partitioned multiplication; e.g. Horn and Johnson, Matrix Analysis (2013), 0.7"};

/// A square matrix with a one-sided inverse is invertible, and that inverse acts on both sides.
inline const ExternalLemma kOneSidedInverse = {
    "a one-sided inverse of a square matrix is two-sided",
    "A^T A = I for square A gives A A^T = I; e.g. Horn and Johnson, Matrix Analysis (2013), 0.5"};

/// Adding a multiple of one row to another leaves the determinant unchanged, and a determinant
/// expands along any row (Laplace): a last row (0, ..., 0, c) gives c times the leading minor.
inline const ExternalLemma kRowOperationDeterminant = {
    "row operations and the Laplace expansion of a determinant",
    "e.g. Horn and Johnson, Matrix Analysis (2013), 0.3.1 and 0.3.3"};

/// A derivative >= 0 on an interval makes a function nondecreasing there (> 0: increasing), and
/// the integral of a nonnegative function over an interval is nonnegative.
inline const ExternalLemma kMonotonicity = {
    "monotonicity from the derivative and of the integral",
    "the mean value theorem and the integral's positivity; e.g. Rudin, Principles of Mathematical Analysis "
    "(1976), 5.11 and 6.12"};

/// For x > 0: Ci(x) = -int_x^inf cos t dt / t = gamma + ln x - int_0^x (1 - cos t) dt / t.
inline const ExternalLemma kCosineIntegralForms = {
    "the two integral forms of the cosine integral",
    "Ci(x) = -int_x^inf cos t dt/t = gamma + ln x - int_0^x (1 - cos t) dt/t for x > 0; e.g. Abramowitz and "
    "Stegun, Handbook of Mathematical Functions (1972), 5.2; the article cites NIST DLMF 6.2.12-13"};

/// Every external lemma above, in the order the report lists them (a test counts the
/// declarations above against this list).
inline const std::vector<const ExternalLemma*>& external_lemmas() {
  static const std::vector<const ExternalLemma*> all = {
      &kIsserlisTheorem,   &kWallisIntegrals,      &kCircleShiftInvariance, &kGaussianRotationInvariance,
      &kBetaOfChiSquares,  &kLinearOdeUniqueness,  &kSylvesterCriterion,    &kInterpolationRemainder,
      &kVandermondeDeterminant, &kSchurProductTheorem, &kRealNormalForm,      &kChainRule,
      &kCosinePeriod,      &kPiIrrational,         &kExponentialBounds,
      &kTriangleInequality, &kBlockMultiplication, &kOneSidedInverse, &kRowOperationDeterminant,
      &kMonotonicity,      &kCosineIntegralForms};
  return all;
}

/// "Isserlis' theorem (L. Isserlis, ...)", as a certificate cites a lemma.
inline std::string cite(const ExternalLemma& lemma) { return lemma.name + " (" + lemma.citation + ")"; }
/// "l1 (...); l2 (...)" for the lemmas, each cited.
inline std::string cite_all(const std::vector<ExternalLemma>& lemmas) {
  std::string out;
  for (const ExternalLemma& l : lemmas) out += (out.empty() ? "" : "; ") + cite(l);
  return out;
}

}  // namespace pe
