/// @file
/// @brief Exact expectations of polynomials in random variables with GiNaC: a statement about
/// an expectation or a variance is decided on its exact value, not on a Monte Carlo mean.
///
/// A polynomial is expanded into monomials; the variables of independent groups factor, and
/// each group's moment is exact: a centred Gaussian vector's by Isserlis' theorem (the sum over
/// pairings of products of covariances), (cos beta, sin beta) for beta uniform on the circle by
/// Wallis' integrals, a scalar by the moments declared for it (symbols or numbers). Every other
/// symbol is a constant. The classical results used are external lemmas (external_lemmas.hpp),
/// which the certificates cite.
#pragma once

#include <ginac/ginac.h>

#include "external_lemmas.hpp"
#include "symbolic_identity.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace pe {

/// The law of the random variables in a polynomial, group by group; groups are independent.
class ExactExpectation {
 public:
  /// A centred Gaussian vector with this (symbolic) covariance, independent of the other groups.
  ExactExpectation& gaussian(const std::vector<GiNaC::symbol>& variables, const GiNaC::matrix& covariance);
  /// Independent standard Gaussians (covariance I, moments (n - 1)!! by Isserlis), independent
  /// of the other groups; for many variables, where a covariance matrix would be large.
  ExactExpectation& standard_gaussians(const std::vector<GiNaC::symbol>& variables);
  /// cos_beta = cos(beta), sin_beta = sin(beta), beta uniform on the circle, independent of the rest.
  ExactExpectation& uniform_angle(const GiNaC::symbol& cos_beta, const GiNaC::symbol& sin_beta);
  /// A scalar whose n-th moment is moment(n), as the law it stands for defines it ("E r^2 = rho").
  ExactExpectation& scalar(const GiNaC::symbol& x, std::function<GiNaC::ex(int)> moment, std::string law);

  /// E of a polynomial in the declared variables (every other symbol and function a constant).
  /// Throws std::invalid_argument when a declared variable appears other than as a power.
  GiNaC::ex of(const GiNaC::ex& polynomial) const;
  /// Var = E p^2 - (E p)^2, expanded.
  GiNaC::ex variance(const GiNaC::ex& polynomial) const;
  /// The external lemmas the declared laws' moments rest on, in declaration order.
  std::vector<ExternalLemma> lemmas() const;

 private:
  struct Group {
    std::vector<GiNaC::symbol> variables;
    std::function<GiNaC::ex(const std::vector<int>&)> moment;  // exponents -> E prod x^e
    const ExternalLemma* lemma = nullptr;
    std::string law;
  };
  void add(Group group);
  bool declared_inside(const GiNaC::ex& e) const;
  std::vector<Group> groups_;
  /// Each declared variable's group and place in it.
  std::map<GiNaC::ex, std::pair<std::size_t, std::size_t>, GiNaC::ex_is_less> where_;
};

/// The law of ||P M||_F^2 / ||M||_F^2 for a d x d matrix M of independent standard Gaussians and
/// P an orthogonal projection of matrices (the caller proves that it is one): its rank is
/// r = tr P = E ||P M||^2, computed exactly by Isserlis' theorem on the d^2 symbolic entries; by
/// rotation invariance ||P M||^2 and ||M - P M||^2 are independent chi-squares of r and d^2 - r
/// degrees of freedom, so the ratio is Beta(r/2, (d^2 - r)/2), of mean r / d^2.
struct ProjectedGaussianLaw {
  GiNaC::ex rank, alpha, beta, mean;
  std::vector<ExternalLemma> lemmas;
};
ProjectedGaussianLaw projected_gaussian_law(int d, const std::function<GiNaC::matrix(const GiNaC::matrix&)>& projection);

/// One side of an expectation statement at one d: the exact value computed from the laws, the
/// value the statement gives, and the lemmas the computation rests on.
struct ExpectationSides {
  GiNaC::ex computed, stated;
  std::vector<ExternalLemma> lemmas;
};

/// An expectation statement proved exactly for each d of `dimensions` (frequencies distinct
/// symbols): `sides(omegas)` computes both values; their difference is reduced with kTrigRules.
/// The certificate names what was computed, over which d, the rules, `carried` (why the d
/// checked cover every d) and every external lemma used; `remainder` what is left when not 0.
MatrixIdentityProof prove_expectation(const std::string& statement, const std::string& quantifiers,
                                      const std::vector<int>& dimensions, const std::string& carried,
                                      const std::function<ExpectationSides(const std::vector<GiNaC::ex>&)>& sides);

}  // namespace pe
