/// @file
/// @brief The window's conditioning: Theorem 2 is exact, but a short window barely constrains
/// the slow planes, because the codes of a short run of positions are nearly dependent.
///
/// The statement and its argument are told once, on the section's page beside this file
/// (30-clocks.md, \ref clocks); this file is how they are checked.
///
/// **What is computed.**
/// - Each printed condition number by a direct Eigen::JacobiSVD of P in 200-digit MPFR (Mp200).
/// - A second route through the 16 x 16 Gram matrix \f$P^\top P\f$ at 200 digits
///   (\f$\operatorname{cond}(P) = \sqrt{\lambda_{\max}/\lambda_{\min}}\f$): forming it moves
///   \f$\lambda_{\min}\f$ by a relative \f$n d 10^{-200} \operatorname{cond}^2\f$ at most (about
///   \f$10^{-139}\f$ at n = 16), so the two routes must agree to that; and the Gram route repeated
///   at 300 digits must agree with the 200-digit one to the same bound.
/// - A rigorous enclosure (MPFI intervals, Weyl and Ostrowski; numerics/window_conditioning.hpp)
///   that must lie inside the printed value's rounding interval, which proves the printed digits.
/// - What double precision returns: JacobiSVD in double, whose absolute accuracy is about
///   \f$\sigma_{\max}\varepsilon\f$, so it cannot see \f$\sigma_{\min}\f$ once
///   \f$\operatorname{cond}\cdot\varepsilon \ge 1\f$.
/// - The numerical rank over 64 positions with the LAPACK/NumPy threshold
///   \f$\sigma_{\max}\max(n, d)\varepsilon\f$, from the double singular values (as NumPy would) and
///   from the exact ones.
#include <Eigen/SVD>
#include <cmath>
#include <limits>
#include <map>

#include "memo.hpp"
#include "clocks.hpp"
#include "commutant.hpp"
#include "constants.hpp"
#include "certified.hpp"
#include "ledger.hpp"
#include "subspaces.hpp"
#include "window_conditioning.hpp"
#include "caveats_section.hpp"
#include "clocks_section.hpp"

namespace pe::theorems {
namespace {

constexpr int kD = 16;

struct Window {
  int n;
  const char* printed;
};
const Window kWindows[] = {{16, "3.69e29"}, {64, "7.14e18"}, {256, "1.24e11"}, {4096, "17.7"}};

/// cond(P) by Mp200 JacobiSVD of P itself, with the singular values kept.
struct DirectSvd {
  Vector<Mp200> singular_values;
  Mp200 cond;
};

const DirectSvd& direct_svd(int n) {
  static pe::Memo<int, DirectSvd> memo;
  return memo.get(n, [n] {
    DirectSvd out;
    out.singular_values = window_singular_values_mp200(n, kD, Mp200(kDefaultBase));
    out.cond = out.singular_values(0) / out.singular_values(kD - 1);
    return out;
  });
}

const pe::MpConditionNumber& gram_route(int n, int digits) {
  static pe::Memo<std::pair<int, int>, MpConditionNumber> memo;
  return memo.get({n, digits}, [n, digits] { return window_condition_number(n, kD, kDefaultBase, digits); });
}

std::string sci(const Mp200& x, int digits = 12) { return x.str(digits, std::ios_base::scientific); }

/// |a - b| / |b| for decimal strings, evaluated at 300 digits.
double relative_gap(const std::string& a, const std::string& b) {
  const ScopedMpPrecision precision(300);
  const MpVariable x(a), y(b);
  return static_cast<double>(abs(x - y) / abs(y));
}

/// The interval of reals that round to the printed literal.
struct PrintedInterval {
  double low, high;
};
PrintedInterval printed_interval(const char* printed) {
  const double v = ledger::value_of_printed(printed), h = ledger::half_unit_of_printed(printed);
  return {v - h, v + h};
}

/// The rigorous enclosure of cond(P) at 200 digits (memoised: two claims read it).
const pe::ConditionEnclosure& condition_enclosure(int n) {
  static pe::Memo<int, ConditionEnclosure> memo;
  return memo.get(n, [n] { return window_condition_enclosure(n, kD, kDefaultBase, 200); });
}

/// The printed condition number decided on its enclosure; the 200-digit SVD value beside it.
ledger::Decided<ledger::Rule::printed> condition_number_claim(int n, const ledger::PrintedValue& printed_value) {
  const DirectSvd& svd = direct_svd(n);
  const ConditionEnclosure& e = condition_enclosure(n);
  auto o = ledger::printed_enclosed(printed_value, static_cast<double>(svd.cond),
                                       [&e] { return enclose_between(e.lower, e.upper); });
  o.computed = sci(svd.cond);
  ledger::compare_floating_route(o, printed_value, pe::window_conditioning_double(n, kD, pe::kDefaultBase).condition_number,
                                 "double JacobiSVD");
  o.detail += "; Mp200 JacobiSVD of the " + std::to_string(n) + " x 16 matrix P, sigma_max = " +
              sci(svd.singular_values(0), 6) + ", sigma_min = " + sci(svd.singular_values(kD - 1), 6);
  return o;
}

}  // namespace
}  // namespace pe::theorems

namespace pe::theorems::theorem2_conditioning_claims {
constexpr char kUnit[] = "theorem2_conditioning";
using namespace pe::ledger;
using namespace pe::theorems;
using pe::kEps;
using pe::Mp200;
const std::string section = kClocksSection;


Claim window_condition_number(const Window& w) {
  const int n = w.n;
  const char* value = w.printed;
  const std::string at = "n" + std::to_string(n);
  const std::string window_text = "P = positions 0.." + std::to_string(n - 1) + " of the d = 16, "
                                "b = 10^4 code (" + std::to_string(n) + " x 16)";
  // The caveats repeat the first two: one decision, printed twice.
  std::vector<Place> places = {{"thm2.condition", value}};
  if (n <= 64) places.push_back({"caveat.fragile", value});
  return printed_at(Claim("thm2.cond." + at).in_section(section)
      .stating("Window conditioning: exact 2-norm condition number of " + window_text +
          ", by a 200-digit JacobiSVD")
      .printed_as(value).decided_by([n](const PrintedValue& article) { return condition_number_claim(n, article); }),
      places);
}

Claim window_gram_route(const Window& w) {
  const int n = w.n;
  const std::string at = "n" + std::to_string(n);
  return Claim("thm2.cond." + at + ".gram_route").in_section(section)
      .stating("Window conditioning: the Gram route sqrt(lambda_max / lambda_min) of P^T P at 200 "
      "digits agrees with the direct SVD, n = " + std::to_string(n))
      .printed_as("same value by two routes").decided_by([n] {
        const pe::MpConditionNumber& gram = gram_route(n, 200);
        const double gap = relative_gap(sci(direct_svd(n).cond, 200), gram.decimal);
        // Gram route: n d 1e-200 cond^2 (file comment); direct SVD: n d 1e-200 cond.
        const double tolerance = gram.relative_error_bound + n * kD * 1e-200 * gram.value;
        auto o = identity(gap, 0, tolerance,
                             "n d 10^-200 cond^2 (forming P^T P) + n d 10^-200 cond "
                             "(SVD backward error), relative", "relative");
        o.detail += "; Gram route gives " + gram.decimal.substr(0, 20) + "...";
        return o;
      });
}

Claim window_precision300(const Window& w) {
  const int n = w.n;
  const std::string at = "n" + std::to_string(n);
  return Claim("thm2.cond." + at + ".precision300").in_section(section)
      .stating("Window conditioning: the 200-digit value is settled; the same computation at 300 "
      "digits agrees to the 200-digit error bound, n = " + std::to_string(n))
      .printed_as("unchanged at higher precision").decided_by([n] {
        const pe::MpConditionNumber& low = gram_route(n, 200);
        const pe::MpConditionNumber& high = gram_route(n, 300);
        auto o = identity(relative_gap(low.decimal, high.decimal), 0,
                             low.relative_error_bound,
                             "n d 10^-200 cond^2: the 200-digit route's relative error bound",
                             "relative");
        o.detail += "; lambda_min(P^T P) = " + high.smallest_eigenvalue;
        return o;
      });
}

Claim window_enclosure(const Window& w) {
  const int n = w.n;
  const char* value = w.printed;
  const std::string at = "n" + std::to_string(n);
  return Claim("thm2.cond." + at + ".enclosure").in_section(section)
      .stating("Window conditioning: a rigorous enclosure of cond(P) (MPFI interval arithmetic on "
      "P^T P, Weyl and Ostrowski bounds, 200 digits) lies inside the interval that "
      "rounds to the printed " + std::string(value) + ", n = " + std::to_string(n))
      .printed_as(std::string("enclosure within ") + value + " +- half a unit").decided_by([n, value] {
        const pe::ConditionEnclosure& e = condition_enclosure(n);
        Placement where;
        {
          const pe::ScopedEnclosurePrecision precision(pe::ledger::kCertificationDigits[0]);
          where = place(pe::enclose_between(e.lower, e.upper), value);
        }
        const bool holds = where == Placement::inside;
        auto o = bound(holds, "[" + e.lower + ", " + e.upper + "]",
                       "enclosure [" + e.lower + ", " + e.upper + "] " +
                           (holds ? "within" : "NOT within") + " " + value + " +- " +
                           half_unit_text(value) + "; ||offdiag(V^T G V)||_F <= " +
                           format(e.offdiagonal_bound) + ", ||V^T V - I||_F <= " +
                           format(e.orthogonality_bound));
        o.certified = where != Placement::straddles;
        o.enclosure = "[" + e.lower + ", " + e.upper + "]";
        return o;
      });
}

// the article: "the first two are past what double resolves"
Claim window_double(const Window& w) {
  const int n = w.n;
  const char* value = w.printed;
  const std::string at = "n" + std::to_string(n);
  const bool beyond_double = n <= 64;
  return Claim("thm2.cond." + at + ".double").in_section(section)
      .stating(std::string("Window conditioning: double precision ") +
          (beyond_double ? "does not resolve" : "resolves") + " cond(P) at n = " +
          std::to_string(n) + " (double JacobiSVD against the printed value; cond eps < 1 "
          "is where sigma_min clears the SVD's absolute error sigma_max eps)")
      .printed_as(beyond_double ? "past double precision" : "within double precision").decided_by([n, value, beyond_double] {
        const pe::DoubleWindowConditioning dbl = pe::window_conditioning_double(n, kD, pe::kDefaultBase);
        const double exact = static_cast<double>(direct_svd(n).cond);
        const PrintedInterval p = printed_interval(value);
        const bool reproduces = dbl.condition_number >= p.low && dbl.condition_number <= p.high;
        const bool resolvable = exact * kEps < 1;
        const bool holds = beyond_double ? (!reproduces && !resolvable) : (reproduces && resolvable);
        return shape(holds, format(dbl.condition_number),
                       "double JacobiSVD gives " + format(dbl.condition_number) +
                           (reproduces ? " (reproduces " : " (does not reproduce ") + value +
                           "); exact cond * eps = " + format(exact * kEps) +
                           "; double sigma_min = " +
                           format(dbl.singular_values(kD - 1)) + ", exact " +
                           sci(direct_svd(n).singular_values(kD - 1), 6));
      });
}
PE_CLAIM_FAMILY(windows, kWindows, &window_condition_number, &window_gram_route, &window_precision300, &window_enclosure, &window_double);

PE_CLAIM(rank_n64) {
  return Claim("thm2.rank.n64").in_section(section)
      .stating("Window conditioning: numerical rank of P over positions 0..63 (d = 16, b = 10^4) in "
      "double, threshold sigma_max max(n, d) eps as in LAPACK / numpy.linalg.matrix_rank")
      .printed_as("14").decided_by([](const PrintedValue& article) {
        const pe::DoubleWindowConditioning dbl = pe::window_conditioning_double(64, kD, pe::kDefaultBase);
        auto o = printed(article, dbl.numerical_rank, std::to_string(dbl.numerical_rank));
        o.detail += "; threshold " + format(dbl.rank_threshold) + ", sigma_14 = " +
                    format(dbl.singular_values(13)) + ", sigma_15 = " +
                    format(dbl.singular_values(14)) + ", sigma_16 = " + format(dbl.singular_values(15));
        return about_floating_point(o, "the numerical rank a double SVD reports");
      });
}

PE_CLAIM(rank_n64_exact_values) {
  return Claim("thm2.rank.n64.exact_values").in_section(section)
      .stating("Window conditioning: the rank 14 is the matrix's, not double's rounding: the same "
      "threshold applied to the exact (200-digit) singular values also counts 14")
      .printed_as("14").decided_by([](const PrintedValue& article) {
        const pe::Vector<Mp200>& s = direct_svd(64).singular_values;
        const double threshold = pe::rank_threshold(static_cast<double>(s(0)), 64, kD);
        int rank = 0;
        for (int i = 0; i < kD; ++i) rank += static_cast<double>(s(i)) > threshold;
        const pe::ConditionEnclosure& e = condition_enclosure(64);
        auto o = printed_enclosed(article, rank, [&e] {
          // The threshold sigma_max max(n, d) eps on sigma_max's enclosure; eps = 2^-52
          // exactly. Each sigma_i counts when its enclosure lies wholly above the
          // threshold's, not when wholly below; one that overlaps leaves the rank
          // undecided between the two counts.
          const pe::Enclosure cut = pe::enclose_between(e.singular_lower[0], e.singular_upper[0]) *
                                    64 * pe::Enclosure(std::numeric_limits<double>::epsilon());
          int surely = 0, possibly = 0;
          for (int i = 0; i < kD; ++i) {
            const pe::Enclosure sigma = pe::enclose_between(e.singular_lower[i], e.singular_upper[i]);
            surely += lower(sigma) > upper(cut);
            possibly += upper(sigma) > lower(cut);
          }
          return pe::enclose_between(double(surely), double(possibly));
        });
        o.computed = std::to_string(rank);
        o.detail += "; threshold " + format(threshold) + ", exact sigma_14 = " + sci(s(13), 6) +
                    ", sigma_15 = " + sci(s(14), 6) + ", sigma_16 = " + sci(s(15), 6) +
                    "; enclosed sigma_14 in [" + e.singular_lower[13] + ", " + e.singular_upper[13] +
                    "], sigma_15 in [" + e.singular_lower[14] + ", " + e.singular_upper[14] + "]";
        return o;
      });
}

// ---- the caveats (which also repeat thm2.cond.n16 and thm2.cond.n64, placed there) ----
const std::string caveats = kCaveatsSection;

PE_CLAIM(cond_caveat_window_void) {
  return Claim("thm2.cond.caveat.window_void").in_section(caveats)
      .stating("Caveat: over windows short against the slow planes' wavelengths, Theorem 2's "
      "window constraint is nearly void in practice: in double precision the window map "
      "of the b = 10^4, d = 16 code has a null space far larger than the exact 16 for "
      "windows of 17 to 129 positions (slowest wavelength 19869)")
      .printed_as("constraint nearly void on short windows").decided_by([] {
        const std::vector<double> omega = pe::frequencies(kD, pe::kDefaultBase);
        std::string dims;
        bool holds = true;
        for (int window : {17, 33, 65, 129}) {
          const pe::NullSpace null = pe::numerical_null_space(
              pe::window_defect_map(omega, 0, window),
              pe::window_defect_map_error_bound(kD, 0, window));
          dims += (dims.empty() ? "" : ", ") + std::to_string(window) + " positions: " +
                  std::to_string(null.dimension);
          holds = holds && null.dimension > kD;
        }
        return shape(holds, dims,
                       "numerical null-space dimension in double (exact arithmetic: 16 for "
                       "every window of >= 17 positions); each must exceed 16");
      });
}

}  // namespace pe::theorems::theorem2_conditioning_claims

