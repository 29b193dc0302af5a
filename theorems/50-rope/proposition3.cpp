/// @file
/// @brief Proposition 3: RoPE is relative by construction, isometric, and its offset score is
/// a trigonometric polynomial.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (50-rope.md, \ref rope); this file is how they are checked.
///
/// What is computed: on a seeded sample of 200 cases (d up to 64, bases from 1.6 to 1.6e5,
/// positions up to 10^4 in size) the residual of each identity, divided by its rounding budget
/// (an angle \f$m\theta\f$ carries an absolute error of about \f$|m|\epsilon\f$, a dot product
/// of d terms about \f$d\epsilon\f$ relative to \f$\lVert q\rVert\lVert k\rVert\f$). The RoPE
/// score of a whole sequence is built the way a head computes it, by rotating every query and
/// key (numerics/rope.hpp), and compared entry by entry with the project's reference score
/// function \f$h_t M h_j^\top/\tau\f$ (numerics/attention.hpp) at
/// \f$M = W_Q R_\theta(m_j - m_t) W_K^\top\f$; shifting every position leaves the scores and
/// the causal attention output unchanged. tests/proposition3_test.cpp states the same
/// identities as RapidCheck properties.
#include <algorithm>
#include <cmath>

#include "attention.hpp"
#include "clocks.hpp"
#include "constants.hpp"
#include "ledger.hpp"
#include "random.hpp"
#include "rope.hpp"

namespace pe::theorems {
namespace {

struct RotationCase {
  int d;
  double base;
  long m, n;
  Eigen::VectorXd q, k;
};

std::vector<RotationCase> sample_rotation_cases() {
  Rng rng(31);
  std::vector<RotationCase> cases;
  for (int i = 0; i < 200; ++i) {
    RotationCase c;
    c.d = 2 * static_cast<int>(rng.integer(1, 32));
    c.base = std::exp(rng.uniform(0.5, 12.0));
    c.m = rng.integer(-10000, 10000);
    c.n = rng.integer(-10000, 10000);
    c.q = rng.normal_vector(c.d);
    c.k = rng.normal_vector(c.d);
    cases.push_back(std::move(c));
  }
  return cases;
}

/// Largest residual of each identity over the sample, in units of its rounding budget.
struct RotationResiduals {
  double relative = 0, isometric = 0, polynomial = 0, phases = 0, sinusoidal = 0;
};

const RotationResiduals& rotation_residuals() {
  static const RotationResiduals r = [] {
    RotationResiduals out;
    for (const RotationCase& c : sample_rotation_cases()) {
      const std::vector<double> theta = frequencies(c.d, c.base);
      const double scale = c.q.norm() * c.k.norm();
      // (i) both rotations against the single rotation by the offset.
      const double lhs = rope_rotate(c.q, double(c.m), theta).dot(rope_rotate(c.k, double(c.n), theta));
      const double rhs = rope_offset_score(c.q, c.k, double(c.n - c.m), theta);
      out.relative = std::max(out.relative, std::fabs(lhs - rhs) /
                                                ((std::abs(c.m) + std::abs(c.n) + c.d) * kEps * scale));
      // (ii) the norm does not move, whatever the position.
      out.isometric = std::max(out.isometric,
                               std::fabs(rope_rotate(c.q, double(c.m), theta).norm() - c.q.norm()) /
                                   ((c.d + 1) * kEps * c.q.norm()));
      // (iii) the trigonometric polynomial at the offset n - m.
      const TrigonometricPolynomial poly = offset_score_polynomial(c.q, c.k, theta);
      const long delta = c.n - c.m;
      out.polynomial = std::max(out.polynomial, std::fabs(poly(double(delta)) - rhs) /
                                                    ((std::abs(delta) + c.d) * kEps * scale));
      // Amplitudes and phases: turning q_j by phi_j and rescaling by rho_j / |q_j|^2 gives k_j.
      for (int j = 0; j < c.d / 2; ++j) {
        const double qn = c.q.segment(2 * j, 2).norm(), kn = c.k.segment(2 * j, 2).norm();
        const double phi = poly.phases[j];
        const Eigen::Vector2d qj = c.q.segment(2 * j, 2), kj = c.k.segment(2 * j, 2);
        Eigen::Matrix2d turn;
        turn << std::cos(phi), -std::sin(phi), std::sin(phi), std::cos(phi);
        const Eigen::Vector2d predicted = turn * qj * (poly.amplitudes[j] / (qn * qn));
        out.phases = std::max(out.phases, (predicted - kj).norm() / (8 * kEps * kn));
        out.phases = std::max(out.phases, std::fabs(poly.amplitudes[j] - qn * kn) / (8 * kEps * qn * kn));
      }
      // Definition 4's remark: rotating (1, 0, 1, 0, ...) by m is the sinusoidal code p(m).
      Eigen::VectorXd ones_first = Eigen::VectorXd::Zero(c.d);
      for (int j = 0; j < c.d / 2; ++j) ones_first(2 * j) = 1;
      out.sinusoidal = std::max(
          out.sinusoidal,
          (rope_rotate(ones_first, double(c.m), theta) - sinusoidal_code(double(c.m), c.d, c.base))
                  .cwiseAbs().maxCoeff() / ((std::abs(c.m) + 1) * kEps));
    }
    return out;
  }();
  return r;
}

/// RoPE scores of whole sequences against the reference score function, and their invariance
/// under shifting every position. RotationResiduals relative to max |score|, in units of
/// (largest position + d_model) eps.
struct AttentionResiduals {
  double against_reference = 0, scores_shifted = 0, outputs_shifted = 0;
  int sequences = 0;
};

const AttentionResiduals& attention_residuals() {
  static const AttentionResiduals r = [] {
    AttentionResiduals out;
    Rng rng(32);
    for (int s = 0; s < 50; ++s) {
      const int n = static_cast<int>(rng.integer(2, 24));
      const int d_model = static_cast<int>(rng.integer(2, 24));
      const int d = 2 * static_cast<int>(rng.integer(1, 12));
      const double base = std::exp(rng.uniform(0.5, 12.0));
      const double tau = std::sqrt(double(d));
      const Eigen::MatrixXd h = rng.normal_matrix(n, d_model);
      const Eigen::MatrixXd w_q = rng.normal_matrix(d_model, d, 1 / std::sqrt(double(d_model)));
      const Eigen::MatrixXd w_k = rng.normal_matrix(d_model, d, 1 / std::sqrt(double(d_model)));
      const Eigen::MatrixXd values = rng.normal_matrix(n, 3);
      const long start = rng.integer(-10000, 10000), shift = rng.integer(-10000, 10000);
      std::vector<double> positions(n), shifted(n);
      for (int t = 0; t < n; ++t) {
        positions[t] = double(start + t);
        shifted[t] = double(start + shift + t);
      }
      const std::vector<double> theta = frequencies(d, base);
      const Eigen::MatrixXd rope = rope_scores(h * w_q, h * w_k, positions, theta, tau);
      const Eigen::MatrixXd rope_shifted = rope_scores(h * w_q, h * w_k, shifted, theta, tau);
      const double largest_position = std::max(std::abs(start), std::abs(start + shift)) + n;
      const double unit = (largest_position + d_model) * kEps * rope.cwiseAbs().maxCoeff();
      for (int t = 0; t < n; ++t)
        for (int j = 0; j < n; ++j) {
          // M_Delta = W_Q R(m_j - m_t) W_K^T: the reference function's score with that M.
          const Eigen::MatrixXd m =
              w_q * block_rotation(positions[j] - positions[t], theta) * w_k.transpose();
          const double reference = attention_scores(h, m, tau)(t, j);
          out.against_reference = std::max(out.against_reference, std::fabs(rope(t, j) - reference) / unit);
        }
      out.scores_shifted = std::max(out.scores_shifted, (rope - rope_shifted).cwiseAbs().maxCoeff() / unit);
      // Softmax weights move by at most twice the largest score change, so outputs move by at
      // most that times max |value|, plus the softmax's own rounding of about n eps max |value|.
      const Eigen::MatrixXd out_a = causal_attention(rope, values), out_b = causal_attention(rope_shifted, values);
      out.outputs_shifted = std::max(out.outputs_shifted, (out_a - out_b).cwiseAbs().maxCoeff() /
                                                              ((unit + n * kEps) * values.cwiseAbs().maxCoeff()));
      ++out.sequences;
    }
    return out;
  }();
  return r;
}

}  // namespace
}  // namespace pe::theorems

namespace pe::theorems::proposition3_claims {
constexpr char kUnit[] = "proposition3";
using namespace pe::ledger;
using namespace pe::theorems;
const std::string section = "Rotations: RoPE";

PE_CLAIM(relative) {
  return Claim("prop3.relative").in_section(section)
      .stating("Proposition 3 (i): <R(m)q, R(n)k> = <q, R(n - m)k>, 200 seeded cases (d <= 64, "
      "|m|, |n| <= 10^4); residual in units of (|m| + |n| + d) eps ||q|| ||k||")
      .printed_as("<R(m)q, R(n)k> = <q, R(n-m)k>").decided_by([] {
        return identity(rotation_residuals().relative, 0, 8,
                        "8 units of (|m|+|n|+d) eps ||q|| ||k||: angle rounding in both "
                        "rotations plus a d-term dot product");
      });
}

PE_CLAIM(isometric) {
  return Claim("prop3.isometric").in_section(section)
      .stating("Proposition 3 (ii): ||R(m)q|| = ||q||, same sample; residual in units of "
      "(d + 1) eps ||q||")
      .printed_as("||R(m)q|| = ||q||").decided_by([] {
        return identity(rotation_residuals().isometric, 0, 8,
                        "8 units of (d+1) eps ||q||: cos^2 + sin^2 = 1 to a few eps per "
                        "plane, norm of d terms; angle errors do not change a norm");
      });
}

PE_CLAIM(trig_polynomial) {
  return Claim("prop3.trig_polynomial").in_section(section)
      .stating("Proposition 3 (iii): <q, R(Delta)k> = sum_j rho_j cos(Delta theta_j + phi_j) at "
      "Delta = n - m, same sample; residual in units of (|Delta| + d) eps ||q|| ||k||")
      .printed_as("s(Delta) = sum_j rho_j cos(Delta theta_j + phi_j)").decided_by([] {
        return identity(rotation_residuals().polynomial, 0, 8,
                        "8 units of (|Delta|+d) eps ||q|| ||k||: angle rounding, d terms");
      });
}

PE_CLAIM(amplitudes_phases) {
  return Claim("prop3.amplitudes_phases").in_section(section)
      .stating("Proposition 3 (iii): rho_j = ||q_j|| ||k_j|| and phi_j is the angle from q_j to "
      "k_j, i.e. R(phi_j) q_j rho_j / ||q_j||^2 = k_j; residual in units of 8 eps ||k_j||")
      .printed_as("rho_j = ||q_j|| ||k_j||, phi_j = angle(q_j -> k_j)").decided_by([] {
        return identity(rotation_residuals().phases, 0, 1,
                        "one unit of 8 eps ||k_j||: an atan2, a 2 x 2 rotation, one "
                        "scaling");
      });
}

PE_CLAIM(sinusoidal_code) {
  return Claim("prop3.sinusoidal_code").in_section(section)
      .stating("Definition 4 remark: RoPE uses Definition 2's frequencies, so rotating "
      "(1, 0, 1, 0, ...) by m gives the sinusoidal code p(m); residual in units of "
      "(|m| + 1) eps")
      .printed_as("R_theta(m) (1,0,...,1,0) = p(m)").decided_by([] {
        return identity(rotation_residuals().sinusoidal, 0, 4,
                        "4 units of (|m|+1) eps: the same angles rounded in two places");
      });
}

PE_CLAIM(attention_reference_scores) {
  return Claim("prop3.attention.reference_scores").in_section(section)
      .stating("Proposition 3 (i) in a head: RoPE scores of 50 seeded sequences, built by rotating "
      "queries and keys, equal the reference score h_t M h_j^T / tau at "
      "M = W_Q R(m_j - m_t) W_K^T; residual in units of (max position + d_model) eps "
      "max|score|")
      .printed_as("score depends on positions only through m_j - m_t").decided_by([] {
        const AttentionResiduals& a = attention_residuals();
        auto o = identity(a.against_reference, 0, 16,
                             "16 units of (max position + d_model) eps max|score|: angle "
                             "rounding, two projections of d_model terms");
        o.detail += "; " + std::to_string(a.sequences) + " sequences";
        return o;
      });
}

PE_CLAIM(attention_shift_invariant) {
  return Claim("prop3.attention.shift_invariant").in_section(section)
      .stating("Proposition 3 (i) in a head: shifting every position of those sequences by up to "
      "10^4 leaves the RoPE scores unchanged; residual in the same units")
      .printed_as("relative by construction").decided_by([] {
        return identity(attention_residuals().scores_shifted, 0, 16,
                        "16 units of (max position + d_model) eps max|score|");
      });
}

PE_CLAIM(attention_outputs_shift_invariant) {
  return Claim("prop3.attention.outputs_shift_invariant").in_section(section)
      .stating("Proposition 3 (i) in a head: the reference causal attention output "
      "(numerics/attention.hpp) of the RoPE scores is unchanged by the shift; residual "
      "in units of (score unit + n eps) max|value|")
      .printed_as("relative by construction").decided_by([] {
        return identity(attention_residuals().outputs_shifted, 0, 32,
                        "32 units: softmax weights move by at most twice the largest "
                        "score change, outputs by that times max|value|, plus the "
                        "softmax's own rounding",
                        "(score unit + n eps)\u00b7max|value|");
      });
}

}  // namespace pe::theorems::proposition3_claims

