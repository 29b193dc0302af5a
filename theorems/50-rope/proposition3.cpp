/// @file
/// @brief Proposition 3: RoPE is relative by construction, isometric, and its offset score is
/// a trigonometric polynomial.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (50-rope.md, \ref rope); this file is how they are checked.
///
/// What is computed. Parts (i)-(iii) and the sinusoidal-code remark are proved by exact algebra
/// (numerics/symbolic_identity.hpp): with positions, frequencies and the vectors' entries as
/// symbols (a plane of q or k in polar form, r (cos a, sin a), for part (iii)), each identity's
/// difference reduces to 0 under the stated trigonometric rules, for every even d by the block
/// lemma, checked on whole matrices for d = 2, 16, 64; so are the amplitudes and phases, and the
/// project's atan2 reader of them is checked beside the proof on 200 seeded cases. The RoPE score of a
/// whole sequence is built the way a head computes it, by rotating every query and key
/// (numerics/rope.hpp), and compared entry by entry with the project's reference score function
/// \f$h_t M h_j^\top/\tau\f$ (numerics/attention.hpp) at \f$M = W_Q R_\theta(m_j - m_t) W_K^\top\f$;
/// shifting every position leaves the scores and the causal attention output unchanged.
/// tests/proposition3_test.cpp states the same identities as RapidCheck properties and plants
/// false ones the proofs refuse.
#include <algorithm>
#include <cmath>

#include "symbolic_eigen.hpp"  // first: numerics' templates run on GiNaC::ex below
#include "attention.hpp"
#include "clocks.hpp"
#include "constants.hpp"
#include "ledger.hpp"
#include "random.hpp"
#include "rope.hpp"
#include "symbolic_identity.hpp"
#include "rope_section.hpp"

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

/// Over the sample, the largest error of the amplitudes and phases read off q and k: turning
/// q_j by phi_j and rescaling by rho_j / |q_j|^2 must give k_j, and rho_j must be |q_j| |k_j|;
/// in units of 8 eps |k_j| (and 8 eps |q_j| |k_j|).
double phase_residual() {
  static const double worst = [] {
    double out = 0;
    for (const RotationCase& c : sample_rotation_cases()) {
      const TrigonometricPolynomial poly = offset_score_polynomial(c.q, c.k, frequencies(c.d, c.base));
      for (int j = 0; j < c.d / 2; ++j) {
        const double qn = c.q.segment(2 * j, 2).norm(), kn = c.k.segment(2 * j, 2).norm();
        const double phi = poly.phases[j];
        const Eigen::Vector2d qj = c.q.segment(2 * j, 2), kj = c.k.segment(2 * j, 2);
        Eigen::Matrix2d turn;
        turn << std::cos(phi), -std::sin(phi), std::sin(phi), std::cos(phi);
        const Eigen::Vector2d predicted = turn * qj * (poly.amplitudes[j] / (qn * qn));
        out = std::max(out, (predicted - kj).norm() / (8 * kEps * kn));
        out = std::max(out, std::fabs(poly.amplitudes[j] - qn * kn) / (8 * kEps * qn * kn));
      }
    }
    return out;
  }();
  return worst;
}

/// RoPE scores of whole sequences against the reference score function, and their invariance
/// under shifting every position. Residuals relative to max |score|, in units of
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

using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;
constexpr char kEveryVector[] = "for all integers m, n, every frequency and every q, k";

GiNaC::matrix inner(const GiNaC::matrix& a, const GiNaC::matrix& b) { return a.transpose().mul(b); }

const MatrixIdentityProof& relative_proof() {
  static const MatrixIdentityProof p = prove_for_dimensions(
      "<R(m)q, R(n)k> = <q, R(n - m)k>", kEveryVector, kProofDimensions, [](const auto& om) {
        const int d = 2 * int(om.size());
        const GiNaC::ex m = named_symbol("m"), n = named_symbol("n");
        const GiNaC::matrix q = symbol_vector("q", d), k = symbol_vector("k", d);
        return Sides{inner(block_rotation(m, om).mul(q), block_rotation(n, om).mul(k)),
                     inner(q, block_rotation(n - m, om).mul(k))};
      });
  return p;
}

const MatrixIdentityProof& isometric_proof() {
  static const MatrixIdentityProof p = prove_for_dimensions(
      "||R(m)q||^2 = ||q||^2", kEveryVector, kProofDimensions, [](const auto& om) {
        const GiNaC::matrix q = symbol_vector("q", 2 * int(om.size()));
        const GiNaC::matrix rotated = block_rotation(named_symbol("m"), om).mul(q);
        return Sides{inner(rotated, rotated), inner(q, q)};
      });
  return p;
}

/// Part (iii) with each plane in polar form, q_j = r_j (cos a_j, sin a_j) and k_j = s_j (cos b_j,
/// sin b_j), which every plane vector has: rho_j = r_j s_j and phi_j = b_j - a_j.
const MatrixIdentityProof& trig_polynomial_proof() {
  static const MatrixIdentityProof p = prove_for_dimensions(
      "<q, R(Delta)k> = sum_j rho_j cos(Delta theta_j + phi_j), rho_j = ||q_j|| ||k_j||, phi_j the angle "
      "from q_j to k_j,", "for every integer Delta, every frequency and every q, k (each plane in polar form)",
      kProofDimensions, [](const auto& om) {
        const unsigned planes = unsigned(om.size());
        const GiNaC::ex delta = named_symbol("Delta");
        GiNaC::matrix q(2 * planes, 1), k(2 * planes, 1);
        GiNaC::ex sum = 0;
        for (unsigned j = 0; j < planes; ++j) {
          const std::string i = std::to_string(j);
          const GiNaC::ex r = named_symbol("r_" + i), a = named_symbol("a_" + i);
          const GiNaC::ex s = named_symbol("s_" + i), b = named_symbol("b_" + i);
          q(2 * j, 0) = r * GiNaC::cos(a);
          q(2 * j + 1, 0) = r * GiNaC::sin(a);
          k(2 * j, 0) = s * GiNaC::cos(b);
          k(2 * j + 1, 0) = s * GiNaC::sin(b);
          sum += r * s * GiNaC::cos(delta * om[j] + b - a);
        }
        return Sides{inner(q, block_rotation(delta, om).mul(k)), GiNaC::matrix(1, 1, GiNaC::lst{sum})};
      });
  return p;
}

/// The amplitude and phase of each plane, in polar form: turning q_j = r (cos a, sin a) by
/// phi_j = b - a and scaling by rho_j / ||q_j||^2 = r s / r^2 gives k_j = s (cos b, sin b).
const MatrixIdentityProof& amplitudes_phases_proof() {
  static const MatrixIdentityProof p = prove_for_dimensions(
      "R(phi_j) q_j rho_j / ||q_j||^2 = k_j with rho_j = ||q_j|| ||k_j|| = r_j s_j and phi_j = b_j - a_j",
      "for every q, k with nonzero planes (each in polar form r_j (cos a_j, sin a_j), s_j (cos b_j, sin b_j))",
      kProofDimensions, [](const auto& om) {
        const unsigned planes = unsigned(om.size());
        GiNaC::matrix turned(2 * planes, 1), k(2 * planes, 1);
        for (unsigned j = 0; j < planes; ++j) {
          const std::string i = std::to_string(j);
          const GiNaC::ex r = named_symbol("r_" + i), a = named_symbol("a_" + i);
          const GiNaC::ex s = named_symbol("s_" + i), b = named_symbol("b_" + i);
          const GiNaC::matrix qj(2, 1, GiNaC::lst{r * GiNaC::cos(a), r * GiNaC::sin(a)});
          const GiNaC::matrix image = pe::plane_rotation(b - a).mul(qj).mul_scalar(r * s / (r * r));
          turned(2 * j, 0) = image(0, 0);
          turned(2 * j + 1, 0) = image(1, 0);
          k(2 * j, 0) = s * GiNaC::cos(b);
          k(2 * j + 1, 0) = s * GiNaC::sin(b);
        }
        return Sides{turned, k};
      });
  return p;
}

/// Tokens of this many entries in the head proofs; both sides are bilinear in the two tokens, so
/// any width behaves as this one.
constexpr int kHeadTokenWidth = 3;

/// The score a RoPE head gives query token h_t (at m_t) against key token h_j (at m_j): entry
/// (0, 1) of the harness's pe::rope_scores on the two-token sequence, queries h W_Q and keys h W_K,
/// tau = 1 (it divides both sides of every statement below).
GiNaC::matrix head_score(const GiNaC::matrix& h_t, const GiNaC::matrix& h_j, const GiNaC::matrix& w_q,
                         const GiNaC::matrix& w_k, const GiNaC::ex& m_t, const GiNaC::ex& m_j,
                         const std::vector<GiNaC::ex>& om) {
  SymbolicMatrix tokens(2, h_t.rows());
  tokens.row(0) = column_from_ginac(h_t).transpose();
  tokens.row(1) = column_from_ginac(h_j).transpose();
  const SymbolicMatrix scores = pe::rope_scores<GiNaC::ex>(tokens * from_ginac(w_q), tokens * from_ginac(w_k),
                                                           {m_t, m_j}, om, GiNaC::ex(1));
  return GiNaC::matrix(1, 1, GiNaC::lst{scores(0, 1)});
}

/// The head's RoPE scores with its projections as symbols: query h_t W_Q and key h_j W_K turned by
/// their positions m_t, m_j (positions shifted by `shift`) in the harness's own pe::rope_scores,
/// against `right` of the same symbols.
template <class Right>
MatrixIdentityProof head_score_proof(const std::string& statement, const GiNaC::ex& shift, Right right) {
  return prove_for_dimensions(
      statement, "for every token, projection, position and frequency (tau divides both sides)", {2, 4, 16},
      [&shift, &right](const auto& om) {
        const unsigned d = 2 * unsigned(om.size());
        GiNaC::matrix w_q(kHeadTokenWidth, d), w_k(kHeadTokenWidth, d);
        for (unsigned a = 0; a < unsigned(kHeadTokenWidth); ++a)
          for (unsigned b = 0; b < d; ++b) {
            w_q(a, b) = named_symbol("WQ_" + std::to_string(a) + "_" + std::to_string(b));
            w_k(a, b) = named_symbol("WK_" + std::to_string(a) + "_" + std::to_string(b));
          }
        const GiNaC::matrix h_t = symbol_vector("ht", kHeadTokenWidth), h_j = symbol_vector("hj", kHeadTokenWidth);
        const GiNaC::ex m_t = named_symbol("m_t"), m_j = named_symbol("m_j");
        const GiNaC::matrix q = w_q.transpose().mul(h_t), k = w_k.transpose().mul(h_j);
        return Sides{head_score(h_t, h_j, w_q, w_k, m_t + shift, m_j + shift, om), right(om, h_t, h_j, w_q, w_k, q, k)};
      });
}

/// Against the reference score h_t M h_j^T with M = W_Q R(m_j - m_t) W_K^T.
const MatrixIdentityProof& head_reference_proof() {
  static const MatrixIdentityProof p = head_score_proof(
      "<R(m_t) W_Q^T h_t, R(m_j) W_K^T h_j> = h_t^T W_Q R(m_j - m_t) W_K^T h_j", GiNaC::ex(0),
      [](const auto& om, const GiNaC::matrix& h_t, const GiNaC::matrix& h_j, const GiNaC::matrix& w_q,
         const GiNaC::matrix& w_k, const GiNaC::matrix&, const GiNaC::matrix&) {
        const GiNaC::ex offset = named_symbol("m_j") - named_symbol("m_t");
        return h_t.transpose().mul(w_q).mul(block_rotation(offset, om)).mul(w_k.transpose()).mul(h_j);
      });
  return p;
}

/// Against the same score with every position shifted by c.
const MatrixIdentityProof& head_shift_proof() {
  static const MatrixIdentityProof p = head_score_proof(
      "<R(m_t + c) W_Q^T h_t, R(m_j + c) W_K^T h_j> = <R(m_t) W_Q^T h_t, R(m_j) W_K^T h_j>", named_symbol("c"),
      [](const auto& om, const GiNaC::matrix& h_t, const GiNaC::matrix& h_j, const GiNaC::matrix& w_q,
         const GiNaC::matrix& w_k, const GiNaC::matrix&, const GiNaC::matrix&) {
        return head_score(h_t, h_j, w_q, w_k, named_symbol("m_t"), named_symbol("m_j"), om);
      });
  return p;
}

const MatrixIdentityProof& sinusoidal_code_proof() {
  static const MatrixIdentityProof p = prove_for_dimensions(
      "R_theta(m) (1, 0, ..., 1, 0) = p(m)", "for every integer m and every frequency", kProofDimensions,
      [](const auto& om) {
        GiNaC::matrix start(2 * unsigned(om.size()), 1);
        for (unsigned j = 0; j < om.size(); ++j) start(2 * j, 0) = 1;
        const GiNaC::ex m = named_symbol("m");
        return Sides{block_rotation(m, om).mul(start), pe::sinusoidal_code(m, om)};
      });
  return p;
}

}  // namespace
}  // namespace pe::theorems

namespace pe::theorems::proposition3_claims {
constexpr char kUnit[] = "proposition3";
using namespace pe::ledger;
using namespace pe::theorems;
const std::string section = kRopeSection;

/// A claim decided by one of the proofs above.
Decided<Rule::identity> decided_by_proof(const pe::MatrixIdentityProof& p) {
  return proved_identity(p);
}

PE_CLAIM(relative) {
  return Claim("prop3.relative").in_section(section)
      .stating("Proposition 3 (i): <R(m)q, R(n)k> = <q, R(n - m)k> for all integers m, n, every frequency "
               "and every q, k, proved by exact algebra")
      .printed_as("<R(m)q, R(n)k> = <q, R(n-m)k>").decided_by([] { return decided_by_proof(pe::theorems::relative_proof()); });
}

PE_CLAIM(isometric) {
  return Claim("prop3.isometric").in_section(section)
      .stating("Proposition 3 (ii): ||R(m)q|| = ||q|| for every integer m, frequency and q, proved by exact "
               "algebra (the squared norms agree)")
      .printed_as("||R(m)q|| = ||q||").decided_by([] { return decided_by_proof(pe::theorems::isometric_proof()); });
}

PE_CLAIM(trig_polynomial) {
  return Claim("prop3.trig_polynomial").in_section(section)
      .stating("Proposition 3 (iii): <q, R(Delta)k> = sum_j rho_j cos(Delta theta_j + phi_j) for every "
               "integer Delta, frequency and q, k, proved by exact algebra with each plane in polar form")
      .printed_as("s(Delta) = sum_j rho_j cos(Delta theta_j + phi_j)").decided_by([] {
        return decided_by_proof(pe::theorems::trig_polynomial_proof());
      });
}

PE_CLAIM(amplitudes_phases) {
  return Claim("prop3.amplitudes_phases").in_section(section)
      .stating("Proposition 3 (iii): rho_j = ||q_j|| ||k_j|| and phi_j is the angle from q_j to k_j, i.e. "
               "R(phi_j) q_j rho_j / ||q_j||^2 = k_j, for every q, k with nonzero planes, proved by exact algebra; "
               "beside it, the project's atan2 reader of amplitudes and phases on 200 seeded cases, in units of "
               "8 eps ||k_j||")
      .printed_as("rho_j = ||q_j|| ||k_j||, phi_j = angle(q_j -> k_j)").decided_by([] {
        auto o = decided_by_proof(pe::theorems::amplitudes_phases_proof());
        o.detail += "; cross-check of the atan2 reader in double: " + format(pe::theorems::phase_residual()) +
                    " units of 8 eps ||k_j||";
        return o;
      });
}

PE_CLAIM(sinusoidal_code) {
  return Claim("prop3.sinusoidal_code").in_section(section)
      .stating("Definition 4 remark: RoPE uses Definition 2's frequencies, so rotating (1, 0, 1, 0, ...) by m "
               "gives the sinusoidal code p(m), for every integer m, proved by exact algebra")
      .printed_as("R_theta(m) (1,0,...,1,0) = p(m)").decided_by([] {
        return decided_by_proof(pe::theorems::sinusoidal_code_proof());
      });
}

PE_CLAIM(attention_reference_scores) {
  return Claim("prop3.attention.reference_scores").in_section(section)
      .stating("Proposition 3 (i) in a head: the RoPE score built by rotating the query h_t W_Q and the key h_j W_K "
               "equals the reference score h_t M h_j^T / tau at M = W_Q R(m_j - m_t) W_K^T, for every token, "
               "projection, position and frequency, proved by exact algebra; beside it, the head's code on 50 seeded "
               "sequences, in units of (max position + d_model) eps max|score|")
      .printed_as("score depends on positions only through m_j - m_t").decided_by([] {
        auto o = decided_by_proof(pe::theorems::head_reference_proof());
        const AttentionResiduals& a = attention_residuals();
        o.detail += "; cross-check of the head's code in double: " + format(a.against_reference) + " units over " +
                    std::to_string(a.sequences) + " sequences";
        return o;
      });
}

PE_CLAIM(attention_shift_invariant) {
  return Claim("prop3.attention.shift_invariant").in_section(section)
      .stating("Proposition 3 (i) in a head: shifting every position by the same c leaves the RoPE scores unchanged, "
               "for every shift, token, projection and frequency, proved by exact algebra; beside it, the head's code "
               "with shifts up to 10^4 on the seeded sequences")
      .printed_as("relative by construction").decided_by([] {
        auto o = decided_by_proof(pe::theorems::head_shift_proof());
        o.detail += "; cross-check of the head's code in double: " + format(attention_residuals().scores_shifted) +
                    " units of (max position + d_model) eps max|score|";
        return o;
      });
}

PE_CLAIM(attention_outputs_shift_invariant) {
  return Claim("prop3.attention.outputs_shift_invariant").in_section(section)
      .stating("Proposition 3 (i) in a head: the causal attention output is unchanged by the shift, for every shift, "
               "token, projection, value and frequency: it is a function of the scores and the values, and the scores "
               "are unchanged exactly (prop3.attention.shift_invariant's proof); beside it, the head's code on the "
               "seeded sequences")
      .printed_as("relative by construction").decided_by([] {
        const pe::MatrixIdentityProof& scores = pe::theorems::head_shift_proof();
        auto o = proved_identity(scores, "; the causal softmax output is a function of the score matrix "
                                         "and the values alone, so equal scores give equal outputs");
        o.detail += "; cross-check of the head's code in double: " + format(attention_residuals().outputs_shifted) +
                    " units of (score unit + n eps) max|value|";
        return o;
      });
}

}  // namespace pe::theorems::proposition3_claims

