/// @file
/// @brief Proposition 2: shifting a position is a rotation of the code.
///
/// (i) p(m + k) = R_omega(k) p(m); (ii) k -> R_omega(k) is a homomorphism into SO(d);
/// (iii) ||p(m)||^2 = d/2; (iv) the code is injective on the integers. Parts (i)-(iii) and the
/// sine-first reflection are proved by exact algebra (numerics/symbolic_identity.hpp): each
/// identity's difference, with positions m, k, l and frequencies omega_j as symbols, reduces to
/// 0 under the stated trigonometric rules, so it holds for every integer position, every
/// frequency and every base. Every even d follows from one plane by the block step
/// (numerics/symbolic_identity.hpp: decided on the whole matrices at d = 16 and 64, then the cited
/// lemma on block-diagonal products), the identities being reduced at d = 2, 16 and 64. The RapidCheck properties in
/// tests/proposition2_test.cpp check the floating-point code against the same statements.
/// Part (iv) is certified: the distance between two codes depends only on the offset between
/// them, so the smallest one over positions 0..4096 is enclosed offset by offset in MPFI.
///
/// The generator remark is proved too: R_omega(k) solves X' = A X, X(0) = I (exact
/// differentiation and reduction), and exp(kA) is that equation's only solution (an external
/// lemma, numerics/external_lemmas.hpp); Eigen's Pade exponential stays beside it as a
/// floating-point cross-check, its residual in units of its rounding budget (|k| + 1) d eps.
#include <Eigen/LU>
#include <unsupported/Eigen/MatrixFunctions>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <utility>

#include "symbolic_eigen.hpp"  // first: numerics' templates run on GiNaC::ex below
#include "clocks.hpp"
#include "certified.hpp"
#include "constants.hpp"
#include "ledger.hpp"
#include "random.hpp"
#include "external_lemmas.hpp"
#include "symbolic_identity.hpp"
#include "clocks_section.hpp"

namespace pe::theorems {
namespace {

struct Case {
  int d;
  double base;
  long m, k;
};

std::vector<Case> sample_cases() {
  Rng rng(2);
  std::vector<Case> cases;
  for (int i = 0; i < 200; ++i)
    cases.push_back({2 * static_cast<int>(rng.integer(1, 32)), std::exp(rng.uniform(0.5, 12.0)),
                     rng.integer(-10000, 10000), rng.integer(-10000, 10000)});
  return cases;
}

constexpr char kEveryPosition[] = "for all integers m, k, l and every frequency";

using SymbolicProof = MatrixIdentityProof;

template <typename Sides>
SymbolicProof prove_for_every_d(const std::string& what, Sides sides) {
  return prove_for_dimensions(what, kEveryPosition, kProofDimensions, sides);
}

using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;

const SymbolicProof& shift_proof() {
  static const SymbolicProof p = prove_for_every_d("p(m + k) = R_omega(k) p(m)", [](const auto& om) {
    const GiNaC::ex m = named_symbol("m"), k = named_symbol("k");
    return Sides{pe::sinusoidal_code(m + k, om), pe::block_rotation(k, om).mul(pe::sinusoidal_code(m, om))};
  });
  return p;
}

const SymbolicProof& homomorphism_proof() {
  static const SymbolicProof p = prove_for_every_d("R_omega(k) R_omega(l) = R_omega(k + l)", [](const auto& om) {
    const GiNaC::ex k = named_symbol("k"), l = named_symbol("l");
    return Sides{pe::block_rotation(k, om).mul(pe::block_rotation(l, om)), pe::block_rotation(k + l, om)};
  });
  return p;
}

const SymbolicProof& transpose_proof() {
  static const SymbolicProof p = prove_for_every_d("R_omega(k)^T = R_omega(-k)", [](const auto& om) {
    const GiNaC::ex k = named_symbol("k");
    return Sides{pe::block_rotation(k, om).transpose(), pe::block_rotation(-k, om)};
  });
  return p;
}

/// det R_omega(k) = prod_j det R(k omega_j) (a block-diagonal matrix), so one plane decides it.
const SymbolicProof& determinant_proof() {
  static const SymbolicProof p = [] {
    const GiNaC::ex k = named_symbol("k");
    const std::vector<GiNaC::ex> one_plane = frequency_symbols(2);
    const TrigReduction r = reduce_trig(GiNaC::matrix(1, 1, GiNaC::lst{pe::block_rotation(k, one_plane).determinant()}),
                                        GiNaC::matrix(1, 1, GiNaC::lst{1}));
    std::string used;
    for (const std::string& rule : r.rules_used) used += (used.empty() ? "" : "; ") + rule;
    SymbolicProof out{r.zero, r.remainder,
                      "det R(k omega) = 1 for every integer k and frequency omega: cos^2 + sin^2 - 1 reduces to 0 "
                      "using only " + used + "; by " + cite(kBlockMultiplication) + " a block-diagonal matrix's "
                      "determinant is the product of its blocks', so det R_omega(k) = 1 for every even d"};
    out.steps.push_back(decided_step(StepKind::identity, r.zero, "det R(k omega) - 1 reduces to 0 on one plane"));
    out.steps.push_back(decided_step(StepKind::block, r.zero, "a block-diagonal determinant is the product of its "
                                                              "blocks' (the cited lemma): every even d"));
    return out;
  }();
  return p;
}

const SymbolicProof& sphere_proof() {
  static const SymbolicProof p = prove_for_every_d("||p(m)||^2 = d/2", [](const auto& om) {
    const GiNaC::matrix code = pe::sinusoidal_code(named_symbol("m"), om);
    return Sides{code.transpose().mul(code), GiNaC::matrix(1, 1, GiNaC::lst{GiNaC::ex(int(om.size()))})};
  });
  return p;
}

/// The sine-first code swaps the two coordinates of every plane; the inner product of two codes
/// is the same sum of products in another order.
const SymbolicProof& sine_first_proof() {
  static const SymbolicProof p = prove_for_every_d("<p'(m), p'(m + k)> = <p(m), p(m + k)> for the sine-first p'",
                                                   [](const auto& om) {
    const GiNaC::ex m = named_symbol("m"), k = named_symbol("k");
    GiNaC::matrix a = pe::sinusoidal_code(m, om), b = pe::sinusoidal_code(m + k, om);
    GiNaC::matrix sa = a, sb = b;
    for (unsigned j = 0; j < om.size(); ++j) {
      std::swap(sa(2 * j, 0), sa(2 * j + 1, 0));
      std::swap(sb(2 * j, 0), sb(2 * j + 1, 0));
    }
    return Sides{sa.transpose().mul(sb), a.transpose().mul(b)};
  });
  return p;
}

/// The generator A = (+)_j omega_j J: the harness's pe::rotation_generator on GiNaC::ex.
GiNaC::matrix generator_matrix(const std::vector<GiNaC::ex>& om) { return to_ginac(pe::rotation_generator(om)); }

/// R_omega(k) = exp(kA): R solves X' = A X with X(0) = I (both reduced exactly, for every real
/// k), and that equation has one solution (kLinearOdeUniqueness).
const SymbolicProof& generator_proof() {
  static const SymbolicProof p = [] {
    const GiNaC::symbol& k = named_symbol("k");
    const SymbolicProof ode = prove_for_dimensions(
        "d/dk R_omega(k) = A R_omega(k)", "for every real k and every frequency", kProofDimensions,
        [&k](const std::vector<GiNaC::ex>& om) {
          const GiNaC::matrix r = pe::block_rotation(k, om);
          GiNaC::matrix derivative(r.rows(), r.cols());
          for (unsigned i = 0; i < r.rows(); ++i)
            for (unsigned j = 0; j < r.cols(); ++j) derivative(i, j) = r(i, j).diff(k);
          return Sides{derivative, generator_matrix(om).mul(r)};
        });
    const SymbolicProof start = prove_for_dimensions(
        "R_omega(0) = I", "for every frequency", kProofDimensions, [](const std::vector<GiNaC::ex>& om) {
          return Sides{pe::block_rotation(GiNaC::ex(0), om),
                       GiNaC::ex_to<GiNaC::matrix>(GiNaC::unit_matrix(2 * unsigned(om.size())))};
        });
    SymbolicProof out;
    out.zero = ode.zero && start.zero;
    out.remainder = !ode.zero ? ode.remainder : start.remainder;
    add_steps(out, ode);
    add_steps(out, start);
    out.certificate = ode.certificate + " (GiNaC's derivatives: d/dk cos(k w) = -w sin(k w), d/dk sin(k w) = "
                      "w cos(k w)); and " + start.certificate + "; so R_omega(k) = exp(kA) for every real k by " +
                      cite(kLinearOdeUniqueness);
    return out;
  }();
  return p;
}

/// Proposition 2 (iv) for every pair of integers, every even d and every base. Decided by code:
/// the squared distance of two codes is d - 2 kappa(n - m), a sum over planes of
/// 2 - 2 cos((n - m) omega_j) = (1 - cos)^2 + sin^2 (exact algebra on the harness's code and
/// kernel, every frequency), and omega_0 = b^0 = 1 in the harness's frequencies for a symbolic
/// base. Two cited lemmas finish it: cos x = 1 only on 2 pi Z, and pi is irrational.
const SymbolicProof& injectivity_proof() {
  static const SymbolicProof p = [] {
    const SymbolicProof distance = prove_for_dimensions(
        "||p(m) - p(n)||^2 = d - 2 kappa(n - m) = sum_j ((1 - cos((n - m) omega_j))^2 + sin((n - m) omega_j)^2)",
        "for all integers m, n and every frequency", kProofDimensions, [](const std::vector<GiNaC::ex>& om) {
          const GiNaC::ex m = named_symbol("m"), n = named_symbol("n");
          const GiNaC::matrix gap = pe::sinusoidal_code(m, om).sub(pe::sinusoidal_code(n, om));
          GiNaC::ex squares = 0;
          for (const GiNaC::ex& w : om)
            squares += GiNaC::pow(1 - GiNaC::cos((n - m) * w), 2) + GiNaC::pow(GiNaC::sin((n - m) * w), 2);
          const GiNaC::ex d = 2 * int(om.size());
          const GiNaC::ex through_kernel = d - 2 * pe::stationary_kernel<GiNaC::ex>(n - m, om);
          return Sides{GiNaC::matrix(2, 1, GiNaC::lst{gap.transpose().mul(gap)(0, 0), through_kernel}),
                       GiNaC::matrix(2, 1, GiNaC::lst{through_kernel, squares})};
        });
    SymbolicProof out = distance;
    bool omega_one = true;
    for (const int d : kProofDimensions) {
      const GiNaC::ex first = pe::frequencies<GiNaC::ex>(d, named_symbol("b")).front();
      if (!(first - 1).is_zero()) omega_one = false;
      if (out.zero && !(first - 1).is_zero()) {
        std::ostringstream text;
        text << first;
        out = {false, "omega_0 at d = " + std::to_string(d) + " is " + text.str() + ", not 1", ""};
      }
    }
    out.steps.push_back(decided_step(StepKind::identity, omega_one,
                                     "the harness's frequencies give omega_0 = 1 for a symbolic base b at d = 2, 16, 64"));
    out.certificate =
        distance.certificate + "; the harness's frequencies give omega_0 = b^0 = 1 for a symbolic base b at d = 2, "
        "16 and 64 (the exponent -2j/d is 0 at j = 0 for every d); so p(m) = p(n) makes every square 0, in plane 0 "
        "cos(n - m) = 1, hence n - m lies in 2 pi Z by " + cite(kCosinePeriod) + ", and the only integer there is 0 "
        "by " + cite(kPiIrrational) + ": m = n for every pair of integers, every even d and every base";
    return out;
  }();
  return p;
}

/// Over the sample (|k| <= 1000): the largest entry of exp(k A) - R_omega(k), A = sum_j omega_j J
/// block-diagonal, J = [[0, -1], [1, 0]], in units of (|k| + 1) d eps. The exponential is
/// Eigen's scaling-and-squaring Pade form, computed without any cosine or sine.
double generator_residual() {
  double worst = 0;
  for (const Case& c : sample_cases()) {
    const long k = c.k / 10;
    const std::vector<double> omega = frequencies(c.d, c.base);
    const Eigen::MatrixXd generator = rotation_generator(omega);
    const Eigen::MatrixXd exponential = (double(k) * generator).exp();
    const Matrix<double> rotation = block_rotation(double(k), omega);
    worst = std::max(worst, (exponential - rotation).cwiseAbs().maxCoeff() /
                                ((std::abs(k) + 1) * c.d * kEps));
  }
  return worst;
}

/// Smallest distance between the codes of two distinct integer positions in 0..4096, d = 16.
double smallest_code_gap() {
  const int n = 4097, d = 16;
  Matrix<double> p(n, d);
  for (int m = 0; m < n; ++m) p.row(m) = sinusoidal_code(double(m), d, kDefaultBase).transpose();
  double gap = std::numeric_limits<double>::infinity();
  for (int m = 0; m < n; ++m)
    for (int q = m + 1; q < n; ++q) gap = std::min(gap, (p.row(m) - p.row(q)).norm());
  return gap;
}

}  // namespace
}  // namespace pe::theorems

namespace pe::theorems::proposition2_claims {
constexpr char kUnit[] = "proposition2";
using namespace pe::ledger;
const std::string section = kClocksSection;

/// A claim decided by one of the proofs above.
Decided<Rule::identity> decided_by_proof(const pe::theorems::SymbolicProof& p) {
  return proved_identity(p);
}

PE_CLAIM(shift_is_rotation) {
  return Claim("prop2.shift_is_rotation").in_section(section)
      .stating("Proposition 2 (i): p(m + k) = R_omega(k) p(m) for all integers m, k, every frequency and "
               "every even d, proved by exact algebra")
      .printed_as("p(m + k) = R_omega(k) p(m)").decided_by([] { return decided_by_proof(pe::theorems::shift_proof()); });
}

PE_CLAIM(homomorphism) {
  return Claim("prop2.homomorphism").in_section(section)
      .stating("Proposition 2 (ii): R_omega(k) R_omega(l) = R_omega(k + l) for all integers k, l, proved by "
               "exact algebra")
      .printed_as("R(k) R(l) = R(k + l)").decided_by([] { return decided_by_proof(pe::theorems::homomorphism_proof()); });
}

PE_CLAIM(transpose_inverse) {
  return Claim("prop2.transpose_inverse").in_section(section)
      .stating("Proposition 2 (ii): R_omega(k)^T = R_omega(-k) for every integer k, proved by exact algebra")
      .printed_as("R(k)^T = R(-k)").decided_by([] { return decided_by_proof(pe::theorems::transpose_proof()); });
}

PE_CLAIM(determinant_one) {
  return Claim("prop2.determinant_one").in_section(section)
      .stating("Proposition 2 (ii): det R_omega(k) = 1, so the image lies in SO(d), proved by exact algebra")
      .printed_as("det R(k) = 1").decided_by([] { return decided_by_proof(pe::theorems::determinant_proof()); });
}

PE_CLAIM(sphere) {
  return Claim("prop2.sphere").in_section(section)
      .stating("Proposition 2 (iii): ||p(m)||^2 = d/2 for every integer m and every even d, proved by exact algebra")
      .printed_as("||p(m)||^2 = d/2").decided_by([] { return decided_by_proof(pe::theorems::sphere_proof()); });
}

PE_CLAIM(sine_first_reflection) {
  return Claim("prop2.sine_first_reflection").in_section(section)
      .stating("Sine first in each plane (the original transformer's order) swaps the two coordinates of "
               "every plane, so inner products stay as they were: <p'(m), p'(m+k)> = <p(m), p(m+k)>, proved "
               "by exact algebra")
      .printed_as("same inner products").decided_by([] { return decided_by_proof(pe::theorems::sine_first_proof()); });
}

PE_CLAIM(generator_exponential) {
  return Claim("prop2.generator_exponential").in_section(section)
      .stating("R_omega(k) = exp(k A) with the block-skew generator A = (+)_j omega_j J, for every real k and every "
               "frequency: R solves X' = AX, X(0) = I by exact algebra, and that equation's one solution is exp(kA); "
               "beside it, Eigen's Pade exponential against the rotations for |k| <= 1000 in units of (|k|+1) d eps")
      .printed_as("R(k) = exp(kA)").decided_by([] {
        auto o = decided_by_proof(pe::theorems::generator_proof());
        o.detail += "; cross-check in double: largest entry of exp(kA) - R_omega(k) " +
                    format(pe::theorems::generator_residual()) + " units of (|k|+1) d eps";
        return o;
      });
}

PE_CLAIM(injective) {
  return Claim("prop2.injective").in_section(section)
      .stating("Proposition 2 (iv): distinct integers have distinct codes, for every pair of integers, every even d "
      "and every base, proved by exact algebra and two cited lemmas; beside it, the smallest distance between the "
      "codes of 0..4096 at d = 16, enclosed in MPFI and in double")
      .printed_as("p(m) = p(n) only if m = n").decided_by([] {
        const pe::MatrixIdentityProof& p = pe::theorems::injectivity_proof();
        auto o = proved_identity(p);
        const double gap = pe::theorems::smallest_code_gap();
        const auto enclosed = pe::ledger::bound_enclosed(
            true,
            [] {
              // ||p(m) - p(n)||^2 = sum_j 2 - 2 cos((m - n) omega_j), since cos a cos b +
              // sin a sin b = cos(a - b): the distance depends on k = |m - n| only.
              std::vector<pe::Enclosure> omega, negated;
              for (int j = 0; j < 8; ++j) omega.push_back(pe::frequency_enclosed(16, j, pe::kDefaultBase));
              for (int k = 1; k <= 4096; ++k) {
                pe::Enclosure squared = 0;
                for (const pe::Enclosure& w : omega) squared += 2 - 2 * cos(k * w);
                negated.push_back(-sqrt(squared));
              }
              return std::pair(-pe::enclosure_of_max(negated), pe::Enclosure(0));
            },
            "smallest ||p(m) - p(n)||", "0");
        o.detail += "; cross-check over 0..4096 at d = 16: the smallest distance enclosed in " + enclosed.enclosure +
                    ", in double over all pairs " + format(gap);
        return o;
      });
}

}  // namespace pe::theorems::proposition2_claims

