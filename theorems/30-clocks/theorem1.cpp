/// @file
/// @brief Theorem 1: the sinusoidal code's inner product is a stationary kernel, and as d
/// grows it becomes a logarithmic ruler.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (30-clocks.md, \ref clocks); this file is how they are checked.
///
/// The ruler table's 30 cells are `printed` claims; I_b is evaluated at 200 digits (Ci by
/// series or auxiliary functions, numerics/cosine_integral.cpp) and the finite-d rows in
/// double, whose rounding is far below the third printed decimal.
#include <algorithm>
#include <cmath>
#include <complex>

#include "symbolic_eigen.hpp"  // first: numerics' templates run on GiNaC::ex below
#include "clocks.hpp"
#include "cosine_integral.hpp"
#include "certified.hpp"
#include "constants.hpp"
#include "ledger.hpp"
#include "symbolic_identity.hpp"
#include "random.hpp"
#include "ruler_table.hpp"
#include "theorem1.hpp"
#include "external_lemmas.hpp"
#include "subspaces.hpp"
#include "clocks_section.hpp"
#include "next_section.hpp"
#include "side_by_side_section.hpp"

namespace pe::theorems {
namespace {

double normalised_kernel(int d, double delta) {
  return 2.0 / d * stationary_kernel(delta, d, kDefaultBase);
}

/// (2/d) kappa_d(Delta), enclosed at the precision in force.
Enclosure normalised_kernel_enclosed(int d, double delta) {
  return Enclosure(2) / Enclosure(d) * stationary_kernel(Enclosure(delta), d, Enclosure(kDefaultBase));
}

/// The ruler 1 - (gamma + ln|Delta|) / ln b, enclosed at the precision in force.
Enclosure ruler_enclosed(double delta) {
  return Enclosure(1) - (euler_gamma() + log(Enclosure(std::fabs(delta)))) / log(Enclosure(kDefaultBase));
}

/// I_b(Delta) = (Ci(|Delta|) - Ci(|Delta|/b)) / ln b, enclosed at the precision in force.
Enclosure limit_enclosed(double delta) {
  const Enclosure a(std::fabs(delta)), b(kDefaultBase);
  return (cosine_integral_enclosed(a) - cosine_integral_enclosed(a / b)) / log(b);
}

double limit_200_digits(double delta) {
  return static_cast<double>(kernel_limit(Mp200(delta), Mp200(kDefaultBase)));
}

/// On the cycle of N = 64 positions with frequencies omega_j = 2 pi q_j / N (q_j = 1, 4, ..., 22:
/// a code that wraps around), the stationary kernel's Gram matrix is circulant,
/// C(m, n) = kappa(n - m). Returned: the largest |(F^H C F)(k, l)| / N off the diagonal and the
/// largest |(F^H C F)(k, k) / N - kappa-hat(k)| (kappa-hat the kernel's discrete Fourier
/// transform), both in units of N max|kappa| eps, and the largest |S f_k - e^{2 pi i k / N} f_k|
/// of the shift S (S x)(m) = x(m - 1) on the Fourier vectors f_k(m) = e^{2 pi i k m / N}, in
/// units of eps.
struct CycleResiduals {
  double off_diagonal = 0, diagonal = 0, shift = 0;
};

const CycleResiduals& cycle_residuals() {
  static const CycleResiduals residuals = [] {
    const int n = 64, planes = 8;
    std::vector<double> omega;
    for (int j = 0; j < planes; ++j) omega.push_back(2 * M_PI * double(3 * j + 1) / n);
    auto kappa = [&](int r) {
      double s = 0;
      for (double w : omega) s += std::cos(w * r);
      return s;
    };
    using Complex = std::complex<double>;
    Eigen::MatrixXcd fourier(n, n), circulant(n, n), shift = Eigen::MatrixXcd::Zero(n, n);
    for (int m = 0; m < n; ++m)
      for (int k = 0; k < n; ++k) fourier(m, k) = std::polar(1.0, 2 * M_PI * double((k * m) % n) / n);
    double largest = 0;
    for (int m = 0; m < n; ++m)
      for (int q = 0; q < n; ++q) {
        circulant(m, q) = kappa((q - m + n) % n);
        largest = std::max(largest, std::abs(circulant(m, q)));
      }
    for (int m = 0; m < n; ++m) shift((m + 1) % n, m) = 1.0;
    const Eigen::MatrixXcd diagonalised = fourier.adjoint() * circulant * fourier / double(n);
    CycleResiduals out;
    const double unit = n * largest * kEps;
    for (int k = 0; k < n; ++k) {
      Complex transform = 0;  // kappa-hat(k) = sum_r kappa(r) e^{-2 pi i k r / N}
      for (int r = 0; r < n; ++r) transform += kappa(r) * std::polar(1.0, -2 * M_PI * double((k * r) % n) / n);
      for (int l = 0; l < n; ++l)
        if (l != k) out.off_diagonal = std::max(out.off_diagonal, std::abs(diagonalised(k, l)) / unit);
      out.diagonal = std::max(out.diagonal, std::abs(diagonalised(k, k) - transform) / unit);
      const Eigen::VectorXcd moved = shift * fourier.col(k);
      const Complex eigenvalue = std::polar(1.0, -2 * M_PI * double(k) / n);
      out.shift = std::max(out.shift, (moved - eigenvalue * fourier.col(k)).cwiseAbs().maxCoeff() / kEps);
    }
    return out;
  }();
  return residuals;
}

/// The largest cosine between two distinct columns of P (positions 0..n-1 as rows, d = 16).
struct ColumnCosine {
  double largest;
  int column_a, column_b;
};

ColumnCosine largest_column_cosine(int n) {
  const int d = 16;
  Matrix<double> p(n, d);
  for (int m = 0; m < n; ++m) p.row(m) = sinusoidal_code(double(m), d, kDefaultBase).transpose();
  ColumnCosine best{-2, -1, -1};
  for (int a = 0; a < d; ++a)
    for (int b = a + 1; b < d; ++b) {
      const double c = p.col(a).dot(p.col(b)) / (p.col(a).norm() * p.col(b).norm());
      if (c > best.largest) best = {c, a, b};
    }
  return best;
}

/// The same largest cosine, enclosed: every column cosine in interval arithmetic, then the
/// enclosure of their maximum.
Enclosure largest_column_cosine_enclosed(int n) {
  const int d = 16;
  std::vector<Vector<Enclosure>> rows;
  rows.reserve(n);
  const std::vector<Enclosure> omega = frequencies(d, Enclosure(kDefaultBase));
  for (int m = 0; m < n; ++m) rows.push_back(sinusoidal_code(Enclosure(m), omega));
  std::vector<Enclosure> dots(d * d, Enclosure(0));
  for (const Vector<Enclosure>& row : rows)
    for (int a = 0; a < d; ++a)
      for (int b = a; b < d; ++b) dots[a * d + b] += row(a) * row(b);
  std::vector<Enclosure> cosines;
  for (int a = 0; a < d; ++a)
    for (int b = a + 1; b < d; ++b)
      cosines.push_back(dots[a * d + b] / sqrt(dots[a * d + a] * dots[b * d + b]));
  return enclosure_of_max(cosines);
}

/// Theorem 1 (i) on a seeded sample: max |<p(m),p(n)> - kappa_d(n-m)| in units of
/// (|m|+|n|+1) eps d, the Gram matrix's smallest eigenvalue, its Toeplitz defect, and the
/// characteristic-function form.
struct StationarityResult {
  double toeplitz = 0, smallest_eigenvalue = 0;
};

/// Theorem 1 (i)'s positive semidefiniteness, straight from the kernel: for seeded random
/// widths, bases and unevenly spaced real positions m_1..m_n, the smallest eigenvalue of
/// [kappa_d(m_i - m_k)] over its rounding budget. The budget: the eigensolver's backward error,
/// n ||G|| eps with ||G|| <= n d/2, plus the entries' own error, n (d/2)(max |Delta| + d/2 + 1) eps
/// (each cosine's angle carries |Delta| omega eps <= |Delta| eps, then d/2 terms are summed).
/// Returns the lowest lambda_min / budget over the trials (PSD within rounding: >= -1).
struct KernelGram {
  double worst_ratio = 0;
  int trials = 0;
};
const KernelGram& kernel_gram() {
  static const KernelGram r = [] {
    KernelGram out;
    Rng rng(2026);
    for (int t = 0; t < 200; ++t, ++out.trials) {
      const int d = 2 * static_cast<int>(rng.integer(1, 64));
      const double base = std::exp(rng.uniform(0.5, 12.0));
      const int n = static_cast<int>(rng.integer(2, 64));
      std::vector<double> m(n);
      for (double& x : m) x = rng.uniform(-2000.0, 2000.0);
      Matrix<double> gram(n, n);
      double widest = 0;
      for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k) {
          gram(i, k) = stationary_kernel(m[i] - m[k], d, base);
          widest = std::max(widest, std::fabs(m[i] - m[k]));
        }
      const double lambda = symmetric_eigenvalues(gram).minCoeff();
      const double budget = (double(n) * n * d / 2 + double(n) * d / 2 * (widest + d / 2 + 1)) * kEps;
      out.worst_ratio = std::min(out.worst_ratio, lambda / budget);
    }
    return out;
  }();
  return r;
}

using Sides = std::pair<GiNaC::matrix, GiNaC::matrix>;

/// kappa_d(Delta) = sum_j cos(Delta omega_j): the harness's pe::stationary_kernel on GiNaC::ex.
GiNaC::ex symbolic_kernel(const GiNaC::ex& delta, const std::vector<GiNaC::ex>& om) {
  return pe::stationary_kernel<GiNaC::ex>(delta, om);
}

const MatrixIdentityProof& stationary_proof() {
  static const MatrixIdentityProof p = prove_for_dimensions(
      "<p(m), p(n)> = kappa_d(n - m)", "for all integers m, n and every frequency", kProofDimensions,
      [](const auto& om) {
        const GiNaC::ex m = named_symbol("m"), n = named_symbol("n");
        return Sides{pe::sinusoidal_code(m, om).transpose().mul(pe::sinusoidal_code(n, om)),
                     GiNaC::matrix(1, 1, GiNaC::lst{symbolic_kernel(n - m, om)})};
      });
  return p;
}

/// The mean of cos(Delta Omega) over the d equally likely points +-omega_j, against (2/d) kappa_d.
/// Positions the Gram proofs read: each entry involves two of them, so four cover every n.
constexpr unsigned kGramPositions = 4;

/// Theorem 1 (i)'s Gram matrix [kappa_d(m_i - m_k)] at real positions m_i (symbols) equals
/// P^T P, P's columns the codes p(m_i): a sum over planes of rank-two positive semidefinite terms.
/// The Gram proofs' two matrices at kGramPositions symbolic positions: the kernel matrix
/// [kappa_d(m_i - m_k)] and the code columns P = [p(m_1) ... p(m_n)].
struct GramMatrices {
  GiNaC::matrix kernel, codes;
};
GramMatrices gram_matrices(const std::vector<GiNaC::ex>& om) {
  GramMatrices out{GiNaC::matrix(kGramPositions, kGramPositions), GiNaC::matrix(2 * unsigned(om.size()), kGramPositions)};
  for (unsigned i = 0; i < kGramPositions; ++i) {
    const GiNaC::ex mi = named_symbol("m_" + std::to_string(i));
    const GiNaC::matrix code = pe::sinusoidal_code(mi, om);
    for (unsigned r = 0; r < code.rows(); ++r) out.codes(r, i) = code(r, 0);
    for (unsigned k = 0; k < kGramPositions; ++k)
      out.kernel(i, k) = symbolic_kernel(mi - named_symbol("m_" + std::to_string(k)), om);
  }
  return out;
}

const MatrixIdentityProof& gram_psd_proof() {
  static const MatrixIdentityProof p = [] {
    const auto sides = [](const std::vector<GiNaC::ex>& om) {
      const GramMatrices g = gram_matrices(om);
      return Sides{g.kernel, g.codes.transpose().mul(g.codes)};
    };
    MatrixIdentityProof out = prove_for_dimensions("[kappa_d(m_i - m_k)]_{ik} = P^T P, P = [p(m_1) ... p(m_n)]",
                                                   "for all real positions m_1 .. m_n and every frequency",
                                                   kProofDimensions, sides);
    // Every n: entry (i, k) of both sides involves positions i and k only, so the entries at n
    // positions are those at two, whatever n is.
    const GramMatrices one_plane = gram_matrices(frequency_symbols(2));
    const GiNaC::matrix& kernel = one_plane.kernel;
    const GiNaC::matrix gram = one_plane.codes.transpose().mul(one_plane.codes);
    std::string foreign;
    for (unsigned i = 0; i < kGramPositions && foreign.empty(); ++i)
      for (unsigned k = 0; k < kGramPositions && foreign.empty(); ++k)
        for (unsigned other = 0; other < kGramPositions; ++other)
          if (other != i && other != k && (kernel(i, k).has(named_symbol("m_" + std::to_string(other))) ||
                                           gram(i, k).has(named_symbol("m_" + std::to_string(other)))))
            foreign = "entry (" + std::to_string(i) + ", " + std::to_string(k) + ") involves m_" + std::to_string(other);
    out.steps.push_back(foreign.empty()
                            ? ProofStep{StepKind::counting, StepReach::decided,
                                        "each entry involves its own two positions only: every n"}
                            : ProofStep{StepKind::counting, StepReach::listed_only,
                                        std::to_string(kGramPositions) + " positions only: " + foreign});
    // x^T K x - ||P x||^2 reduces to 0, a sum of squares, so K is positive semidefinite.
    GiNaC::matrix x(kGramPositions, 1);
    for (unsigned i = 0; i < kGramPositions; ++i) x(i, 0) = named_symbol("x_" + std::to_string(i));
    const GiNaC::matrix image = one_plane.codes.mul(x);
    const GiNaC::ex quadratic = x.transpose().mul(kernel).mul(x)(0, 0);
    const TrigReduction squares = reduce_trig(quadratic - (image(0, 0) * image(0, 0) + image(1, 0) * image(1, 0)));
    out.steps.push_back(decided_step(StepKind::inequality, squares.zero,
                                     "x^T K x - ||P x||^2 reduces to 0 (one plane, every plane alike by the block step): a sum of squares, >= 0"));
    if (!squares.zero && out.zero) out = {false, "sum of squares: " + squares.remainder, "", out.plain_sides, false, out.steps};
    out.certificate += "; each entry involves two positions, so " + std::to_string(kGramPositions) +
                       " positions cover every n; then x^T K x = ||P x||^2 >= 0 for every x: K = sum_j (u_j u_j^T + "
                       "v_j v_j^T), u_j = (cos m_i omega_j)_i, v_j = (sin m_i omega_j)_i, each term positive "
                       "semidefinite";
    return out;
  }();
  return p;
}

/// The Gram matrix of evenly spaced positions m_i = m_0 + s i is Toeplitz: entry (i, k) is
/// kappa_d(s (k - i)), with i, k, s and m_0 symbols.
const MatrixIdentityProof& gram_toeplitz_proof() {
  static const MatrixIdentityProof p = prove_for_dimensions(
      "<p(m_0 + s i), p(m_0 + s k)> = kappa_d(s (k - i))", "for every start m_0, spacing s, indices i, k and frequency",
      kProofDimensions, [](const auto& om) {
        const GiNaC::ex m0 = named_symbol("m_0"), s = named_symbol("s"), i = named_symbol("i"), k = named_symbol("k");
        return Sides{pe::sinusoidal_code(m0 + s * i, om).transpose().mul(pe::sinusoidal_code(m0 + s * k, om)),
                     GiNaC::matrix(1, 1, GiNaC::lst{symbolic_kernel(s * (k - i), om)})};
      });
  return p;
}

const MatrixIdentityProof& characteristic_proof() {
  static const MatrixIdentityProof p = prove_for_dimensions(
      "(1/d) sum_j (cos(Delta omega_j) + cos(-Delta omega_j)) = (2/d) kappa_d(Delta)",
      "for every integer Delta and every frequency", kProofDimensions, [](const auto& om) {
        const GiNaC::ex delta = named_symbol("Delta");
        const GiNaC::ex d = GiNaC::ex(int(2 * om.size()));
        GiNaC::ex mean = 0;
        for (const GiNaC::ex& w : om) mean += GiNaC::cos(delta * w) + GiNaC::cos(-delta * w);
        return Sides{GiNaC::matrix(1, 1, GiNaC::lst{mean / d}),
                     GiNaC::matrix(1, 1, GiNaC::lst{2 / d * symbolic_kernel(delta, om)})};
      });
  return p;
}

/// Cin(x) = int_0^x (1 - cos t) dt / t, the entire part of the cosine integral
/// (kCosineIntegralForms): Ci(x) = gamma + ln x - Cin(x).
DECLARE_FUNCTION_1P(cosine_integral_entire)
REGISTER_FUNCTION(cosine_integral_entire, latex_name("\\mathrm{Cin}"))

/// e >= 0: 0 in normal form, or positive by GiNaC's sign rules.
bool nonnegative(const GiNaC::ex& e) { return GiNaC::normal(e).is_zero() || decide_positive(e).positive; }

/// ln(x y^n) = ln x + n ln y for positive x and y: GiNaC splits the product, this the power.
GiNaC::ex split_logarithms(const GiNaC::ex& e) {
  struct Split : GiNaC::map_function {
    GiNaC::ex operator()(const GiNaC::ex& x) override {
      if (GiNaC::is_the_function<GiNaC::log_SERIAL>(x) && GiNaC::is_a<GiNaC::power>(x.op(0)) &&
          x.op(0).op(0).info(GiNaC::info_flags::positive) && x.op(0).op(1).info(GiNaC::info_flags::real))
        return x.op(0).op(1) * GiNaC::log(x.op(0).op(0));
      return x.map(*this);
    }
  } split;
  return split(GiNaC::expand(e, GiNaC::expand_options::expand_transcendental));
}

/// ln b > 0 for every b > 1: ln(1 + c) has value 0 at c = 0 and derivative 1/(1 + c) > 0.
DerivativeChain log_base_positive() {
  static const GiNaC::possymbol above_one("c");
  return decide_nonnegative_by_derivatives(GiNaC::log(1 + above_one), above_one, 1);
}

/// |Ci(x)| <= k/x for every x > 0: integration by parts writes Ci(x) = sin x / x - int_x^inf sin t dt / t^2
/// (both sides have derivative cos x / x and vanish at infinity), each part is at most 1/x, and
/// k/x covers their sum.
void add_cosine_integral_estimate(const GiNaC::ex& k, const ProofStepRecorder& step) {
  static const GiNaC::possymbol x("x"), t("t");
  const GiNaC::ex parts = GiNaC::cosine_integral(x).diff(x) - (GiNaC::sin(x) / x).diff(x) - GiNaC::sin(x) / (x * x);
  step(StepKind::identity, GiNaC::normal(parts).is_zero(),
       "Ci'(x) - d/dx(sin x / x) - sin x / x^2 reduces to 0: Ci(x) = sin x / x - int_x^inf sin t dt / t^2",
       "integration by parts: " + canonical_text(GiNaC::normal(parts)));
  // (3) |sin x / x| <= 1/x and |sin t / t^2| <= 1/t^2, and int_x^inf dt / t^2 = 1/x.
  for (const auto& [e, angle, what] :
       {std::tuple{1 / x - GiNaC::sin(x) / x, GiNaC::ex(x), "1/x - sin x / x"},
        std::tuple{1 / x + GiNaC::sin(x) / x, GiNaC::ex(x), "1/x + sin x / x"},
        std::tuple{1 / (t * t) - GiNaC::sin(t) / (t * t), GiNaC::ex(t), "1/t^2 - sin t / t^2"},
        std::tuple{1 / (t * t) + GiNaC::sin(t) / (t * t), GiNaC::ex(t), "1/t^2 + sin t / t^2"}}) {
    const SignDecision d = decide_nonnegative_over_angle(e, angle);
    step(StepKind::inequality, d.positive, std::string(what) + " >= 0 for every positive " + canonical_text(angle),
         std::string(what) + ": " + d.normal_form, d.plain);
  }
  const GiNaC::ex tail = (-1 / t).diff(t) - 1 / (t * t);
  step(StepKind::identity, GiNaC::normal(tail).is_zero(),
       "d/dt(-1/t) - 1/t^2 reduces to 0: int_x^inf dt / t^2 = 1/x", "tail integral: " + canonical_text(tail));
  const GiNaC::ex ci_margin = k / x - (1 / x + 1 / x);
  step(StepKind::inequality, nonnegative(ci_margin),
       "k/x - (1/x + 1/x) >= 0 with k = " + canonical_text(k) + ": |Ci(x)| <= k/x for every x > 0",
       "|Ci(x)| <= " + canonical_text(k) + "/x: " + canonical_text(GiNaC::normal(ci_margin)) + " is negative",
       plain_inequality(GiNaC::normal(ci_margin), ">="));
}

}  // namespace

RulerBoundRoute article_ruler_bound_route() {
  return {2, GiNaC::numeric(1, 2), [](const GiNaC::ex& delta, const GiNaC::ex& base) {
            return pe::ruler_error_bound<GiNaC::ex>(delta, base);
          }};
}

MatrixIdentityProof ruler_bound_proof(const RulerBoundRoute& route) {
  static const GiNaC::possymbol distance("D"), base("b"), x("x"), t("t");
  const GiNaC::ex& k = route.ci_constant;
  // (2) and (3): |Ci(x)| <= k/x.
  const GiNaC::ex& c = route.cosine_gap_constant;
  MatrixIdentityProof out;
  const ProofStepRecorder step{out};
  // (1) ln b (I_b - ruler) = Ci(|Delta|) + Cin(|Delta|/b) on the harness's functions, at Delta = D
  // and Delta = -D, with Ci(D/b) = gamma + ln(D/b) - Cin(D/b) (kCosineIntegralForms).
  const GiNaC::ex split_form = GiNaC::cosine_integral(distance) + cosine_integral_entire(distance / base);
  std::string split_left;
  bool split_zero = true;
  for (const GiNaC::ex& delta : {GiNaC::ex(distance), GiNaC::ex(-distance)}) {
    const GiNaC::ex gap = GiNaC::log(base) * (pe::kernel_limit<GiNaC::ex>(delta, base) -
                                              pe::logarithmic_ruler<GiNaC::ex>(delta, base));
    const GiNaC::ex residual = split_logarithms(
        (gap - split_form).subs(GiNaC::cosine_integral(distance / base) ==
                                GiNaC::Euler + GiNaC::log(distance / base) - cosine_integral_entire(distance / base)));
    if (!GiNaC::normal(residual).is_zero() && split_left.empty()) split_left = canonical_text(GiNaC::normal(residual));
    split_zero = split_zero && split_left.empty();
  }
  out.plain_sides = plain_sides(
      GiNaC::matrix(1, 1, GiNaC::lst{GiNaC::log(base) * (pe::kernel_limit<GiNaC::ex>(distance, base) -
                                                          pe::logarithmic_ruler<GiNaC::ex>(distance, base))}),
      GiNaC::matrix(1, 1, GiNaC::lst{split_form}));
  step(StepKind::identity, split_zero,
       "ln b (kernel_limit - logarithmic_ruler) - (Ci(D) + Cin(D/b)) reduces to 0 at Delta = D and Delta = -D, "
       "with Ci(D/b) = gamma + ln(D/b) - Cin(D/b)",
       "split: " + split_left);
  add_cosine_integral_estimate(k, step);
  // (4) 0 <= 1 - cos t <= c t^2, so 0 <= Cin(y) <= int_0^y c t dt = c y^2 / 2.
  const SignDecision below = decide_nonnegative_over_angle(1 - GiNaC::cos(t), t);
  step(StepKind::inequality, below.positive, "1 - cos t >= 0 for every t: Cin(y) >= 0",
       "1 - cos t: " + below.normal_form, below.plain);
  const DerivativeChain gap_chain = decide_nonnegative_by_derivatives(c * t * t - (1 - GiNaC::cos(t)), t, 2);
  step(StepKind::inequality, gap_chain.decided, gap_chain.what, "1 - cos t <= " + canonical_text(c) + " t^2: " + gap_chain.what,
       gap_chain.plain);
  const GiNaC::ex antiderivative = (c * x * x / 2).diff(x) - c * x;
  step(StepKind::identity, GiNaC::normal(antiderivative).is_zero(),
       "d/dy(c y^2 / 2) - c y reduces to 0: int_0^y c t dt = c y^2 / 2", "antiderivative: " + canonical_text(antiderivative));
  // (5) ln b > 0, so the bound may be divided by it.
  const DerivativeChain log_chain = log_base_positive();
  step(StepKind::inequality, log_chain.decided && log_chain.strict, log_chain.what + ", strictly: ln b > 0 for b > 1",
       "ln b > 0: " + log_chain.what, log_chain.plain);
  // (6) the bound against what the estimates add up to: |Ci(D)| + Cin(D/b) <= k/D + c (D/b)^2 / 2.
  const GiNaC::ex claimed = route.bound(distance, base) * GiNaC::log(base);
  const GiNaC::ex margin = claimed - (k / distance + c * GiNaC::pow(distance / base, 2) / 2);
  step(StepKind::inequality, nonnegative(margin),
       "ln b bound(D, b) - (k/D + c (D/b)^2 / 2) >= 0 for every D > 0 and b > 0 (normal form " +
           canonical_text(GiNaC::normal(margin)) + ")",
       "the bound: " + canonical_text(GiNaC::normal(margin)) + " is not shown >= 0",
       plain_inequality(GiNaC::normal(margin), ">="));
  out.certificate =
      "for every Delta != 0 and every b > 1, on the harness's kernel_limit, logarithmic_ruler and ruler_error_bound "
      "run on GiNaC::ex: ln b (I_b - ruler) = Ci(|Delta|) + Cin(|Delta|/b) reduces to 0 by " +
      cite(kCosineIntegralForms) + "; integration by parts (a derivative identity) and |sin| <= 1 at the corners "
      "of [-1, 1] give |Ci(x)| <= " + canonical_text(k) + "/x; a derivative chain gives 0 <= 1 - cos t <= " +
      canonical_text(c) + " t^2, so 0 <= Cin(y) <= " + canonical_text(c / 2) + " y^2, by " + cite(kMonotonicity) +
      "; with " + cite(kTriangleInequality) + " and ln b > 0, |I_b - ruler| <= the bound, whose margin is " +
      canonical_text(GiNaC::normal(margin)) + " >= 0";
  return out;
}

const MatrixIdentityProof& ruler_bound_proof() {
  static const MatrixIdentityProof p = ruler_bound_proof(article_ruler_bound_route());
  return p;
}

KernelLimitRoute article_kernel_limit_route() {
  return {[](const GiNaC::ex& j, const GiNaC::ex& d, const GiNaC::ex& base) { return pe::frequency<GiNaC::ex>(j, d, base); },
          [](const GiNaC::ex& distance, const GiNaC::ex& log_base) { return distance * log_base; }};
}

MatrixIdentityProof kernel_limit_proof(const KernelLimitRoute& route) {
  static const GiNaC::possymbol distance("D"), base("b"), u("u"), width("d"), past_one("v"), log_base("L"),
      cell("s"), tolerance("epsilon"), beyond("t");
  static const GiNaC::symbol plane("j");
  MatrixIdentityProof out;
  const ProofStepRecorder step{out};
  const GiNaC::ex f = GiNaC::cos(distance * GiNaC::pow(base, -u));
  // (1) plane j's term of the harness's kernel is f at the grid point u = 2j/d, for either sign of Delta.
  std::string off_grid;
  for (const GiNaC::ex& delta : {GiNaC::ex(distance), GiNaC::ex(-distance)}) {
    const GiNaC::ex term = pe::stationary_kernel<GiNaC::ex>(delta, std::vector<GiNaC::ex>{route.frequency(plane, width, base)});
    const TrigReduction r = reduce_trig(term - f.subs(u == 2 * plane / width));
    if (!r.zero && off_grid.empty()) off_grid = r.remainder;
  }
  out.plain_sides = plain_sides(
      GiNaC::matrix(1, 1, GiNaC::lst{pe::stationary_kernel<GiNaC::ex>(distance, std::vector<GiNaC::ex>{route.frequency(plane, width, base)})}),
      GiNaC::matrix(1, 1, GiNaC::lst{f.subs(u == 2 * plane / width)}));
  step(StepKind::identity, off_grid.empty(),
       "plane j's term of stationary_kernel on frequency(j, d, b) minus f(2j/d) reduces to 0 at Delta = D and -D, j and d "
       "symbols", "grid: " + off_grid);
  // (2) d/2 cells of width 2/d with left ends 2j/d, j = 0 .. d/2 - 1, tile [0, 1); the harness's
  // frequencies(d, b) has one term per cell.
  const GiNaC::ex tiling = GiNaC::normal((width / 2) * (2 / width) - 1) + GiNaC::normal(2 * (width / 2 - 1) / width + 2 / width - 1);
  bool sizes = true;
  for (int d = 2; d <= 64; d += 2) sizes = sizes && pe::frequencies(d, 10000.0).size() == std::size_t(d / 2);
  step(StepKind::counting, tiling.is_zero() && sizes,
       "(d/2)(2/d) = 1 and the last left end 2(d/2 - 1)/d + 2/d = 1 with d a symbol: (2/d) kappa_d is the left "
       "Riemann sum of f over d/2 cells of width 2/d (frequencies(d, b) has d/2 terms, read off at d = 2..64)",
       "cells: " + canonical_text(tiling));
  // (3) F(u) = -Ci(D b^{-u}) / ln b: F' = f, and F(1) - F(0) is the harness's kernel_limit.
  const GiNaC::ex antiderivative = -GiNaC::cosine_integral(distance * GiNaC::pow(base, -u)) / GiNaC::log(base);
  const GiNaC::ex slope_gap = GiNaC::normal(antiderivative.diff(u) - f);
  std::string endpoints;
  for (const GiNaC::ex& delta : {GiNaC::ex(distance), GiNaC::ex(-distance)}) {
    const GiNaC::ex e = GiNaC::normal(antiderivative.subs(u == 1) - antiderivative.subs(u == 0) -
                                      pe::kernel_limit<GiNaC::ex>(delta, base));
    if (!e.is_zero() && endpoints.empty()) endpoints = canonical_text(e);
  }
  step(StepKind::identity, slope_gap.is_zero() && endpoints.empty(),
       "F'(u) - f(u) and F(1) - F(0) - kernel_limit(Delta, b) reduce to 0, F(u) = -Ci(D b^{-u}) / ln b: int_0^1 f = I_b",
       "antiderivative: " + canonical_text(slope_gap) + (endpoints.empty() ? "" : "; endpoints: " + endpoints));
  // (4) |f'(u)| <= K on [0, 1]: with b^{-u} = 1/(1 + v) in (0, 1] and ln b = L > 0.
  const DerivativeChain log_chain = log_base_positive();
  step(StepKind::inequality, log_chain.decided && log_chain.strict, log_chain.what + ", strictly: ln b > 0 for b > 1",
       "ln b > 0: " + log_chain.what, log_chain.plain);
  const GiNaC::ex bound = route.slope_bound(distance, log_base);
  const GiNaC::ex slope = f.diff(u).subs(GiNaC::lst{GiNaC::pow(base, -u) == 1 / (1 + past_one), GiNaC::log(base) == log_base});
  for (const int sign : {1, -1}) {
    const SignDecision d = decide_nonnegative_over_angle(bound - sign * slope, distance / (1 + past_one));
    step(StepKind::inequality, d.positive,
         std::string("K ") + (sign > 0 ? "-" : "+") + " f'(u) >= 0 with K = " + canonical_text(bound) +
             ", b^{-u} = 1/(1 + v), v >= 0",
         "|f'| <= " + canonical_text(bound) + ": " + d.normal_form, d.plain);
  }
  // (5) a cell of width h is within K h^2 / 2 of its rectangle (|f(u) - f(u_j)| <= K (u - u_j)), and
  // d/2 cells of width 2/d add up to K / d.
  const GiNaC::ex rectangle = (bound * cell * cell / 2).diff(cell) - bound * cell;
  const GiNaC::ex cells = GiNaC::normal((width / 2) * bound * GiNaC::pow(2 / width, 2) / 2 - bound / width);
  step(StepKind::identity, GiNaC::normal(rectangle).is_zero() && cells.is_zero(),
       "d/ds(K s^2 / 2) - K s and (d/2) K (2/d)^2 / 2 - K/d reduce to 0: |(2/d) kappa_d - I_b| <= K/d",
       "rectangle rule: " + canonical_text(cells));
  // (6) the limit: K/d < epsilon once d > K / epsilon.
  const SignDecision limit = decide_positive(tolerance - bound / (bound / tolerance + beyond));
  step(StepKind::inequality, limit.positive, "epsilon - K/d > 0 at d = K/epsilon + t for every epsilon, t > 0: K/d -> 0",
       "limit: " + limit.normal_form, limit.plain);
  out.certificate =
      "for every even d, every Delta != 0 and every b > 1, on the harness's stationary_kernel, frequency and "
      "kernel_limit run on GiNaC::ex: (2/d) kappa_d(Delta) is the left Riemann sum over d/2 cells of width 2/d of "
      "f(u) = cos(Delta b^{-u}), whose antiderivative -Ci(|Delta| b^{-u}) / ln b gives int_0^1 f = I_b(Delta) by " +
      cite(kCosineIntegralForms) + "; |f'(u)| <= " + canonical_text(bound) + " with b^{-u} in (0, 1] by " +
      cite(kExponentialBounds) + " and |sin| <= 1; each cell is within K h^2 / 2 of its rectangle by " +
      cite(kMonotonicity) + ", and the cells add up by " + cite(kTriangleInequality) +
      ": |(2/d) kappa_d(Delta) - I_b(Delta)| <= |Delta| ln b / d, which falls below every epsilon > 0";
  return out;
}

const MatrixIdentityProof& kernel_limit_proof() {
  static const MatrixIdentityProof p = kernel_limit_proof(article_kernel_limit_route());
  return p;
}

namespace {

const StationarityResult& stationarity() {
  static const StationarityResult r = [] {
    StationarityResult out;

    // Gram matrix of 48 evenly spaced positions (start 17, step 5) at d = 16.
    const int count = 48, d = 16;
    Matrix<double> p(count, d);
    for (int i = 0; i < count; ++i) p.row(i) = sinusoidal_code(17.0 + 5.0 * i, d, kDefaultBase).transpose();
    const Matrix<double> gram = p * p.transpose();
    for (int i = 0; i < count; ++i)
      for (int k = 0; k < count; ++k)
        out.toeplitz = std::max(out.toeplitz,
                                std::fabs(gram(i, k) - stationary_kernel(5.0 * (k - i), d, kDefaultBase)) /
                                    (300 * d * kEps));
    out.smallest_eigenvalue = symmetric_eigenvalues(gram).minCoeff();
    return out;
  }();
  return r;
}

}  // namespace
}  // namespace pe::theorems

namespace pe::theorems::theorem1_claims {
constexpr char kUnit[] = "theorem1";
using namespace pe::ledger;
using namespace pe::theorems;
using pe::kEps;
using pe::Enclosure;
using pe::enclose_decimal;
const std::string section = kClocksSection;

// ---- (i) stationarity ----
PE_CLAIM(stationary) {
  return Claim("thm1.stationary").in_section(section)
      .stating("Theorem 1 (i): <p(m), p(n)> = kappa_d(n - m) for all integers m, n, every frequency and every "
               "even d, proved by exact algebra")
      .printed_as("<p(m), p(n)> = kappa_d(n - m)").decided_by([] {
        const MatrixIdentityProof& p = pe::theorems::stationary_proof();
        return proved_identity(p);
      });
}

PE_CLAIM(gram_psd) {
  return Claim("thm1.gram_psd").in_section(section)
      .stating("Theorem 1 (i): the Gram matrix [kappa_d(m_i - m_k)], built from the kernel itself, is positive "
               "semidefinite for every set of real positions, every frequency and every even d: it equals P^T P "
               "by exact algebra; beside it, the lowest eigenvalue over 200 seeded draws against its rounding budget")
      .printed_as("Gram matrix PSD").decided_by([] {
        auto o = proved_identity(gram_psd_proof());
        const KernelGram& g = kernel_gram();
        o.detail += "; cross-check in double: lowest lambda_min / rounding budget over " + std::to_string(g.trials) +
                    " seeded draws " + format(g.worst_ratio);
        return o;
      });
}

PE_CLAIM(gram_toeplitz) {
  return Claim("thm1.gram_toeplitz").in_section(section)
      .stating("Theorem 1 (i): the Gram matrix of evenly spaced positions is Toeplitz, entry (i, k) = kappa_d(s(k - i)), "
               "for every start, spacing and frequency, proved by exact algebra; beside it, the residual of the "
               "spacing-5 Gram in double")
      .printed_as("Gram matrix Toeplitz").decided_by([] {
        auto o = proved_identity(gram_toeplitz_proof());
        o.detail += "; cross-check in double: " + format(stationarity().toeplitz) +
                    " units of (max position + 1) d eps at spacing 5";
        return o;
      });
}

PE_CLAIM(characteristic_function) {
  return Claim("thm1.characteristic_function").in_section(section)
      .stating("Theorem 1 (i): (2/d) kappa_d(Delta) = E cos(Delta Omega_d), Omega_d uniform on +-omega_j, for "
               "every integer Delta and every frequency, proved by exact algebra")
      .printed_as("(2/d) kappa_d = E cos(Delta Omega_d)").decided_by([] {
        const MatrixIdentityProof& p = pe::theorems::characteristic_proof();
        return proved_identity(p);
      });
}

// ---- (ii) the limit, the bound, the ruler table ----
  

Claim limit_bound(int delta) {
  const std::string at = "delta" + std::to_string(delta);
  return Claim("thm1.limit_bound." + at).in_section(section)
      .stating("Theorem 1 (ii): |I_b(Delta) - ruler(Delta)| <= (2/|Delta| + Delta^2/(4b^2))/ln b "
      "at Delta = " + std::to_string(delta) + ", b = 10^4 (computed: the gap, 200 digits)")
      .printed_as("gap <= bound").decided_by([delta] {
        const double gap = std::fabs(limit_200_digits(delta) -
                                     pe::logarithmic_ruler(delta, pe::kDefaultBase));
        const double error_bound = pe::ruler_error_bound(delta, pe::kDefaultBase);
        auto o = bound_enclosed(
            false,
            [delta] {
              const Enclosure a(delta), b(pe::kDefaultBase);
              return std::pair{abs(limit_enclosed(delta) - ruler_enclosed(delta)),
                               (2 / a + a * a / (4 * b * b)) / log(b)};
            },
            "|I_b - ruler|", "the bound");
        o.detail += "; in double: gap " + format(gap) + ", bound " + format(error_bound);
        return o;
      });
}
PE_CLAIM_FAMILY(limit_bounds, kRulerOffsets, &limit_bound);

PE_CLAIM(limit_every_width) {
  return Claim("thm1.limit.every_offset").in_section(section)
      .stating("Theorem 1 (ii): |(2/d) kappa_d(Delta) - I_b(Delta)| <= |Delta| ln b / d for every even d, every Delta != 0 "
               "and every b > 1, so (2/d) kappa_d(Delta) -> I_b(Delta) as d -> infinity; proved on the harness's "
               "stationary_kernel, frequency and kernel_limit")
      .printed_as("(2/d) kappa_d(Delta) -> I_b(Delta)").decided_by([] { return proved_identity(pe::theorems::kernel_limit_proof()); });
}

PE_CLAIM(limit_bound_every_offset) {
  return Claim("thm1.limit_bound.every_offset").in_section(section)
      .stating("Theorem 1 (ii): |I_b(Delta) - ruler(Delta)| <= (2/|Delta| + Delta^2/(4b^2))/ln b for every Delta != 0 "
               "and every b > 1, proved on the harness's kernel_limit, logarithmic_ruler and ruler_error_bound")
      .printed_as("gap <= bound").decided_by([] { return proved_identity(pe::theorems::ruler_bound_proof()); });
}
struct Row {
  const char* name;
  const char* label;
  std::function<double(int)> value;
  std::vector<const char*> printed;
  /// The enclosure the cell is decided on.
  std::function<Enclosure(int)> enclosed;
};
const std::vector<Row> rows = {
    {"d64", "(2/d) kappa_d at d = 64", [](int D) { return normalised_kernel(64, D); },
     {std::begin(kRulerD64Row), std::end(kRulerD64Row)},
     [](int D) { return normalised_kernel_enclosed(64, D); }},
    {"d512", "(2/d) kappa_d at d = 512", [](int D) { return normalised_kernel(512, D); },
     {std::begin(kRulerD512Row), std::end(kRulerD512Row)},
     [](int D) { return normalised_kernel_enclosed(512, D); }},
    {"d8192", "(2/d) kappa_d at d = 8192", [](int D) { return normalised_kernel(8192, D); },
     {std::begin(kRulerD8192Row), std::end(kRulerD8192Row)},
     [](int D) { return normalised_kernel_enclosed(8192, D); }},
    {"limit", "the limit I_b (Ci by its series in interval arithmetic, tail bounded)", [](int D) { return limit_200_digits(D); },
     {std::begin(kRulerLimitRow), std::end(kRulerLimitRow)},
     [](int D) { return limit_enclosed(D); }},
    {"ruler", "the ruler 1 - (gamma + ln Delta)/ln b",
     [](int D) { return pe::logarithmic_ruler(D, pe::kDefaultBase); },
     {std::begin(kRulerRow), std::end(kRulerRow)},
     [](int D) { return ruler_enclosed(D); }},
};

/// One cell of the ruler table: a row and one of its six offsets.
struct RulerCell {
  const Row* row;
  std::size_t column;
};
std::vector<RulerCell> ruler_cells() {
  std::vector<RulerCell> cells;
  for (const Row& row : rows)
    for (std::size_t column = 0; column < std::size(kRulerOffsets); ++column) cells.push_back({&row, column});
  return cells;
}
Claim ruler_cell(const RulerCell& cell) {
  const Row& row = *cell.row;
  const int delta = kRulerOffsets[cell.column];
  const std::string printed_value = row.printed[cell.column];
  auto value = row.value;
  auto enclosed = row.enclosed;
  // Its cell of the table, among the cells printing the same digits, row by row.
  std::vector<std::string> printed;
  std::size_t index = 0;
  for (const RulerCell& c : ruler_cells()) {
    if (c.row == cell.row && c.column == cell.column) index = printed.size();
    printed.push_back(c.row->printed[c.column]);
  }
  return printed_at(Claim(std::string("thm1.ruler.") + row.name + ".delta" + std::to_string(delta))
      .in_section(section)
      .stating(std::string("Theorem 1 ruler table: ") + row.label + ", Delta = " +
          std::to_string(delta) + ", b = 10^4")
      .printed_as(printed_value).decided_by([printed_value, value, enclosed, delta](const PrintedValue& article) {
        return printed_enclosed(article, value(delta), [&] { return enclosed(delta); });
      }), {{"table.ruler", printed_value, occurrence_in(printed, index)}});
}
PE_CLAIM_FAMILY(ruler_table, ruler_cells(), &ruler_cell);

PE_CLAIM(nonuniform_delta256) {
  return Claim("thm1.nonuniform.delta256").in_section(section)
      .stating("Theorem 1 remark: convergence in d is not uniform; at Delta = 256, d = 512 is "
      "farther from the limit than d = 64")
      .printed_as("|k512 - I| > |k64 - I| at Delta = 256").decided_by([] {
        const double limit = limit_200_digits(256);
        const double far512 = std::fabs(normalised_kernel(512, 256) - limit);
        const double far64 = std::fabs(normalised_kernel(64, 256) - limit);
        return shape(far512 > far64,
                       "d=512: " + format(far512) + ", d=64: " + format(far64),
                       "distance from I_b(256) at d = 512 must exceed that at d = 64");
      });
}

PE_CLAIM(doubling_cost) {
  return Claim("thm1.doubling_cost").in_section(section)
      .stating("Theorem 1 remark: each doubling of the distance costs ln 2 / ln b of similarity")
      .printed_as("0.075").decided_by([](const PrintedValue& article) {
        return printed_enclosed(article, std::log(2.0) / std::log(pe::kDefaultBase), [] {
          return log(Enclosure(2)) / log(Enclosure(pe::kDefaultBase));
        });
      });
}

PE_CLAIM(columns_n64) {
  return printed_at(Claim("thm1.columns.n64").in_section(section)
      .stating("Columns remark: at d = 16 over positions 0..63 the largest cosine between two "
      "distinct columns of P exceeds 0.999")
      .printed_as("> 0.999").decided_by([] {
        const ColumnCosine c = largest_column_cosine(64);
        auto o = bound_enclosed(
            true, [] { return std::pair{largest_column_cosine_enclosed(64), enclose_decimal("0.999")}; },
            "the largest column cosine", "0.999");
        o.detail += "; in double " + format(c.largest) + ", columns " + std::to_string(c.column_a) +
                    " and " + std::to_string(c.column_b);
        return o;
      }), {{"thm1.columns", "0.999"}});
}

PE_CLAIM(columns_n4096) {
  return Claim("thm1.columns.n4096").in_section(section)
      .stating("Columns remark: at d = 16 over positions 0..4095 the largest cosine between two "
      "distinct columns of P")
      .printed_as("0.739").decided_by([](const PrintedValue& article) {
        const ColumnCosine c = largest_column_cosine(4096);
        auto o = printed_enclosed(article, c.largest, [] { return largest_column_cosine_enclosed(4096); });
        o.detail += "; columns " + std::to_string(c.column_a) + " and " + std::to_string(c.column_b);
        return o;
      });
}

PE_CLAIM(cycle_shift_eigenvectors) {
  return Claim("thm1.cycle.shift_eigenvectors").in_section(kNextSection)
      .stating("Graphs and grids (" + std::string(kNextSection) + "): on a cycle of 64 positions the Fourier vectors (the sinusoids) "
      "are eigenvectors of the shift; largest |S f_k - lambda_k f_k| in units of eps")
      .printed_as("sinusoids are the shift's eigenvectors").decided_by([] {
        // Each side holds a rounded angle 2 pi j / N < 2 pi (error up to 2 pi eps), a
        // rounded cosine and sine (an ulp each), and the right side one complex product
        // (two more): 2 (2 pi + 2) eps < 17 eps in all.
        return identity(pe::theorems::cycle_residuals().shift, 0, 17,
                        "17 eps: two rounded angles below 2 pi (2 pi eps each), their "
                        "cosines and sines and one complex product (2 eps each side)");
      });
}

PE_CLAIM(cycle_fourier_diagonalises) {
  return Claim("thm1.cycle.fourier_diagonalises").in_section(kNextSection)
      .stating("Graphs and grids: the discrete Fourier basis diagonalises a stationary kernel on "
      "a cycle of 64 positions (8 wrapped frequencies); largest off-diagonal |F^H C F| / N "
      "in units of N max|kappa| eps")
      .printed_as("F^H C F diagonal").decided_by([] {
        return identity(pe::theorems::cycle_residuals().off_diagonal, 0, 8,
                        "8 units of N max|kappa| eps: two products of N-term sums");
      });
}

PE_CLAIM(cycle_eigenvalues_are_transform) {
  return Claim("thm1.cycle.eigenvalues_are_transform").in_section(kNextSection)
      .stating("Graphs and grids: the diagonal of F^H C F / N is the kernel's discrete Fourier "
      "transform; largest difference in units of N max|kappa| eps")
      .printed_as("eigenvalues = kappa-hat").decided_by([] {
        return identity(pe::theorems::cycle_residuals().diagonal, 0, 8,
                        "8 units of N max|kappa| eps: two products of N-term sums and "
                        "one N-term transform");
      });
}

PE_CLAIM(figure_a_readout) {
  return Claim("thm1.figure_a.readout").in_section(kSideBySideSection)
      .stating("Figure A (" + std::string(kSideBySideSection) + "): the readout <p(m), p(n)>/(d/2) at "
      "m = 3, n = 10, with d = 16 (the width of the article's heads; the figure does not "
      "state it) and b = 10^4")
      .printed_as("0.737").decided_by([](const PrintedValue& article) {
        return printed_enclosed(article, normalised_kernel(16, 7.0),
                                [] { return normalised_kernel_enclosed(16, 7.0); });
      });
}

}  // namespace pe::theorems::theorem1_claims

