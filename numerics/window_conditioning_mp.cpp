// cond(P) at a precision chosen at run time (MpVariable, through P^T P), and its rigorous
// enclosure in MPFI interval arithmetic. See window_conditioning.hpp for the mathematics.
#include <mpfi.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "enclosure.hpp"
#include "limits.hpp"
#include "window_conditioning.hpp"

namespace pe {
namespace {

void require_digits(int digits, const char* function) {
  if (digits < 20)
    throw std::invalid_argument(std::string(function) + ": digits must be >= 20, got digits = " +
                                std::to_string(digits));
  require_at_most(digits, kMaxDigits, "digits", function);
}

std::string scientific(const MpVariable& x, int digits) {
  return x.str(digits, std::ios_base::scientific);
}

/// Eigen-decomposition of P^T P at the precision in force (the caller holds the guard).
Eigen::SelfAdjointEigenSolver<Matrix<MpVariable>> gram_eigen(int n, int d, double base,
                                                              bool vectors) {
  const Matrix<MpVariable> p = position_window(n, d, MpVariable(base));
  const Matrix<MpVariable> gram = p.transpose() * p;
  return Eigen::SelfAdjointEigenSolver<Matrix<MpVariable>>(
      gram, vectors ? Eigen::ComputeEigenvectors : Eigen::EigenvaluesOnly);
}

/// An MPFI interval that cleans up after itself.
class Interval {
 public:
  explicit Interval(mpfr_prec_t bits) { mpfi_init2(x_, bits); }
  ~Interval() { mpfi_clear(x_); }
  Interval(const Interval& other) {
    mpfi_init2(x_, mpfi_get_prec(other.x_));
    mpfi_set(x_, other.x_);
  }
  Interval& operator=(const Interval& other) {
    mpfi_set(x_, other.x_);
    return *this;
  }
  mpfi_ptr get() { return x_; }
  mpfi_srcptr get() const { return x_; }

 private:
  mpfi_t x_;
};

/// Left or right endpoint of an interval as a double rounded outward.
double endpoint(mpfi_srcptr x, bool right) {
  mpfr_t e;
  mpfr_init2(e, mpfi_get_prec(x));
  if (right) mpfi_get_right(e, x); else mpfi_get_left(e, x);
  const double v = mpfr_get_d(e, right ? MPFR_RNDU : MPFR_RNDD);
  mpfr_clear(e);
  return v;
}


/// A d x d matrix of intervals, row-major.
struct IntervalMatrix {
  int d;
  std::vector<Interval> entries;
  IntervalMatrix(int size, mpfr_prec_t bits) : d(size), entries(std::size_t(size) * size, Interval(bits)) {}
  Interval& operator()(int i, int k) { return entries[std::size_t(i) * d + k]; }
  const Interval& operator()(int i, int k) const { return entries[std::size_t(i) * d + k]; }
};

/// omega_j = exp(-(2j/d) ln b), enclosed.
std::vector<Interval> enclosed_frequencies(int d, double base, mpfr_prec_t bits) {
  std::vector<Interval> omega(d / 2, Interval(bits));
  Interval log_base(bits);
  mpfi_set_d(log_base.get(), base);  // exact: a double is a dyadic rational
  mpfi_log(log_base.get(), log_base.get());
  for (int j = 0; j < d / 2; ++j) {
    mpfi_mul_si(omega[j].get(), log_base.get(), -2 * j);
    mpfi_div_si(omega[j].get(), omega[j].get(), d);
    mpfi_exp(omega[j].get(), omega[j].get());
  }
  return omega;
}

/// G = P^T P, entry by entry, with every p_i(m) enclosed.
IntervalMatrix enclosed_gram(int n, int d, const std::vector<Interval>& omega, mpfr_prec_t bits) {
  IntervalMatrix gram(d, bits);
  for (auto& g : gram.entries) mpfi_set_ui(g.get(), 0);
  std::vector<Interval> code(d, Interval(bits));
  Interval angle(bits), product(bits);
  for (int m = 0; m < n; ++m) {
    for (int j = 0; j < d / 2; ++j) {
      mpfi_mul_ui(angle.get(), omega[j].get(), static_cast<unsigned long>(m));
      mpfi_cos(code[2 * j].get(), angle.get());
      mpfi_sin(code[2 * j + 1].get(), angle.get());
    }
    for (int i = 0; i < d; ++i)
      for (int k = i; k < d; ++k) {
        mpfi_mul(product.get(), code[i].get(), code[k].get());
        mpfi_add(gram(i, k).get(), gram(i, k).get(), product.get());
      }
  }
  for (int i = 0; i < d; ++i)
    for (int k = 0; k < i; ++k) mpfi_set(gram(i, k).get(), gram(k, i).get());
  return gram;
}

/// Approximate eigenvectors of the midpoint of G, as exact (point) intervals.
IntervalMatrix midpoint_eigenvectors(const IntervalMatrix& gram, mpfr_prec_t bits) {
  const int d = gram.d;
  Matrix<MpVariable> middle(d, d);
  for (int i = 0; i < d; ++i)
    for (int k = 0; k < d; ++k) mpfi_mid(middle(i, k).backend().data(), gram(i, k).get());
  const Eigen::SelfAdjointEigenSolver<Matrix<MpVariable>> eigen(middle);
  const Matrix<MpVariable>& vectors = eigen.eigenvectors();
  IntervalMatrix v(d, bits);
  for (int i = 0; i < d; ++i)
    for (int k = 0; k < d; ++k) mpfi_set_fr(v(i, k).get(), vectors(i, k).backend().data());
  return v;
}

/// A = V^T G V split into its diagonal and the sum of squares of its off-diagonal entries, and
/// the sum of squares of the entries of E = V^T V - I.
struct Rotated {
  std::vector<Interval> diagonal;
  Interval offdiagonal_squares, orthogonality_squares;
};

Rotated rotate(const IntervalMatrix& gram, const IntervalMatrix& v, mpfr_prec_t bits) {
  const int d = gram.d;
  Interval sum(bits), term(bits), product(bits);
  IntervalMatrix gv(d, bits);
  for (int i = 0; i < d; ++i)
    for (int k = 0; k < d; ++k) {
      mpfi_set_ui(sum.get(), 0);
      for (int l = 0; l < d; ++l) {
        mpfi_mul(product.get(), gram(i, l).get(), v(l, k).get());
        mpfi_add(sum.get(), sum.get(), product.get());
      }
      mpfi_set(gv(i, k).get(), sum.get());
    }
  Rotated out{std::vector<Interval>(d, Interval(bits)), Interval(bits), Interval(bits)};
  mpfi_set_ui(out.offdiagonal_squares.get(), 0);
  mpfi_set_ui(out.orthogonality_squares.get(), 0);
  for (int i = 0; i < d; ++i)
    for (int k = 0; k < d; ++k) {
      mpfi_set_ui(sum.get(), 0);    // (V^T G V)_{ik}
      mpfi_set_ui(term.get(), 0);   // (V^T V)_{ik}
      for (int l = 0; l < d; ++l) {
        mpfi_mul(product.get(), v(l, i).get(), gv(l, k).get());
        mpfi_add(sum.get(), sum.get(), product.get());
        mpfi_mul(product.get(), v(l, i).get(), v(l, k).get());
        mpfi_add(term.get(), term.get(), product.get());
      }
      if (i == k) {
        mpfi_set(out.diagonal[i].get(), sum.get());
        mpfi_sub_ui(term.get(), term.get(), 1);
      } else {
        mpfi_sqr(sum.get(), sum.get());
        mpfi_add(out.offdiagonal_squares.get(), out.offdiagonal_squares.get(), sum.get());
      }
      mpfi_sqr(term.get(), term.get());
      mpfi_add(out.orthogonality_squares.get(), out.orthogonality_squares.get(), term.get());
    }
  return out;
}

/// Enclosures of G's eigenvalues in ascending order, from A's diagonal, f >= ||offdiag(A)||_2
/// and eta >= ||V^T V - I||_2; empty when eta >= 1 or the smallest enclosure reaches zero.
/// The k-th smallest eigenvalue of the true diagonal part lies between the k-th smallest of the
/// diagonal entries' left ends and the k-th smallest of their right ends; Weyl moves each
/// eigenvalue of A at most f from it. Ostrowski: lambda_k(G) = lambda_k(A) / theta_k with
/// theta_k in [1 - eta, 1 + eta].
std::vector<Interval> eigenvalue_enclosures(const std::vector<Interval>& diagonal, mpfr_srcptr f_up,
                                            mpfr_srcptr eta_up, mpfr_prec_t bits) {
  const int d = static_cast<int>(diagonal.size());
  mpfr_t one_minus, one_plus, lo, hi;
  mpfr_inits2(bits, one_minus, one_plus, lo, hi, static_cast<mpfr_ptr>(nullptr));
  mpfr_ui_sub(one_minus, 1, eta_up, MPFR_RNDD);
  mpfr_add_ui(one_plus, eta_up, 1, MPFR_RNDU);
  const bool orthogonal_enough = mpfr_sgn(one_minus) > 0;
  std::vector<MpVariable> left_ends(d), right_ends(d);
  for (int i = 0; i < d; ++i) {
    mpfi_get_left(left_ends[i].backend().data(), diagonal[i].get());
    mpfi_get_right(right_ends[i].backend().data(), diagonal[i].get());
  }
  std::sort(left_ends.begin(), left_ends.end());
  std::sort(right_ends.begin(), right_ends.end());
  std::vector<Interval> lambda(d, Interval(bits));  // ascending
  bool smallest_positive = false;
  for (int k = 0; orthogonal_enough && k < d; ++k) {
    mpfr_sub(lo, left_ends[k].backend().data(), f_up, MPFR_RNDD);
    mpfr_add(hi, right_ends[k].backend().data(), f_up, MPFR_RNDU);
    if (k == 0) smallest_positive = mpfr_sgn(lo) > 0;
    if (mpfr_sgn(lo) > 0) mpfr_div(lo, lo, one_plus, MPFR_RNDD);
    else mpfr_set_ui(lo, 0, MPFR_RNDD);  // G is positive semidefinite
    mpfr_div(hi, hi, mpfr_sgn(hi) > 0 ? one_minus : one_plus, MPFR_RNDU);
    mpfi_interv_fr(lambda[k].get(), lo, hi);
  }
  mpfr_clears(one_minus, one_plus, lo, hi, static_cast<mpfr_ptr>(nullptr));
  if (!(orthogonal_enough && smallest_positive)) lambda.clear();
  return lambda;
}

}  // namespace

MpConditionNumber window_condition_number(int n, int d, double base, int digits) {
  require_digits(digits, "window_condition_number");
  const ScopedMpPrecision precision(static_cast<unsigned>(digits));
  const auto eigen = gram_eigen(n, d, base, false);
  const MpVariable smallest = eigen.eigenvalues()(0), largest = eigen.eigenvalues()(d - 1);
  if (!(smallest > 0))
    throw std::invalid_argument(
        "window_condition_number: digits = " + std::to_string(digits) +
        " is too low to resolve cond(P) for n = " + std::to_string(n) +
        ": the smallest eigenvalue of P^T P comes out " + scientific(smallest, 3));
  const MpVariable cond = sqrt(largest / smallest);
  MpConditionNumber out;
  out.digits = digits;
  out.decimal = scientific(cond, digits);
  out.value = static_cast<double>(cond);
  out.smallest_eigenvalue = scientific(smallest, 20);
  out.relative_error_bound =
      static_cast<double>(MpVariable(n) * d * pow(MpVariable(10), -digits) * cond * cond);
  if (!(out.relative_error_bound <= 1e-6))
    throw std::invalid_argument(
        "window_condition_number: digits = " + std::to_string(digits) +
        " is too low to resolve cond(P) for n = " + std::to_string(n) + ": cond(P) ~ " +
        scientific(cond, 3) + " leaves n d 10^-digits cond^2 = " +
        scientific(MpVariable(out.relative_error_bound), 3) +
        " > 1e-6 (fewer than six settled digits)");
  return out;
}

ConditionEnclosure window_condition_enclosure(int n, int d, double base, int digits) {
  require_digits(digits, "window_condition_enclosure");
  require_even_dimension(d);
  require_base(base);
  if (n < d)
    throw std::invalid_argument("window_condition_enclosure: n must be >= d (else P^T P is "
                                "singular), got n = " + std::to_string(n) + ", d = " +
                                std::to_string(d));
  require_at_most(n, kMaxWindowPositions, "n", "window_condition_enclosure");
  const ScopedMpPrecision precision(static_cast<unsigned>(digits));
  const mpfr_prec_t bits = static_cast<mpfr_prec_t>(
      boost::multiprecision::detail::digits10_2_2(static_cast<unsigned>(digits)));

  const IntervalMatrix gram = enclosed_gram(n, d, enclosed_frequencies(d, base, bits), bits);
  const Rotated a = rotate(gram, midpoint_eigenvectors(gram, bits), bits);
  // f >= ||offdiag(A)||_F >= ||offdiag(A)||_2 and eta >= ||V^T V - I||_F: right endpoints.
  Interval f(bits), eta(bits);
  mpfi_sqrt(f.get(), a.offdiagonal_squares.get());
  mpfi_sqrt(eta.get(), a.orthogonality_squares.get());
  mpfr_t f_up, eta_up;
  mpfr_inits2(bits, f_up, eta_up, static_cast<mpfr_ptr>(nullptr));
  mpfi_get_right(f_up, f.get());
  mpfi_get_right(eta_up, eta.get());
  const std::vector<Interval> lambda = eigenvalue_enclosures(a.diagonal, f_up, eta_up, bits);
  ConditionEnclosure out;
  out.digits = digits;
  out.offdiagonal_bound = mpfr_get_d(f_up, MPFR_RNDU);
  out.orthogonality_bound = mpfr_get_d(eta_up, MPFR_RNDU);
  mpfr_clears(f_up, eta_up, static_cast<mpfr_ptr>(nullptr));
  if (lambda.empty())
    throw std::invalid_argument("window_condition_enclosure: digits = " + std::to_string(digits) +
                                " is too low to enclose cond(P) for n = " + std::to_string(n) +
                                ": the enclosure of lambda_min(P^T P) reaches zero");
  Interval cond(bits), sigma(bits);
  for (int k = d - 1; k >= 0; --k) {
    mpfi_sqrt(sigma.get(), lambda[k].get());
    out.singular_lower.push_back(endpoint_text(sigma.get(), false, 25));
    out.singular_upper.push_back(endpoint_text(sigma.get(), true, 25));
  }
  mpfi_div(cond.get(), lambda[d - 1].get(), lambda[0].get());
  mpfi_sqrt(cond.get(), cond.get());
  out.lower = endpoint_text(cond.get(), false, 25);
  out.upper = endpoint_text(cond.get(), true, 25);
  out.lower_value = endpoint(cond.get(), false);
  out.upper_value = endpoint(cond.get(), true);
  return out;
}

}  // namespace pe
