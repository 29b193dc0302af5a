#include "cosine_integral.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace pe {
namespace {

/// RAII for mpfr_t.
struct MpfrVar {
  mpfr_t v;
  explicit MpfrVar(mpfr_prec_t prec) { mpfr_init2(v, prec); }
  ~MpfrVar() { mpfr_clear(v); }
  MpfrVar(const MpfrVar&) = delete;
  MpfrVar& operator=(const MpfrVar&) = delete;
  operator mpfr_ptr() { return v; }
};

/// Power series at working precision `work`.
void series(mpfr_ptr out, mpfr_srcptr x, mpfr_prec_t work) {
  MpfrVar x2(work), term(work), sum(work), piece(work), gamma(work), logx(work);
  mpfr_sqr(x2, x, MPFR_RNDN);
  mpfr_neg(x2, x2, MPFR_RNDN);
  mpfr_set_ui(term, 1, MPFR_RNDN);
  mpfr_set_ui(sum, 0, MPFR_RNDN);
  const double xd = mpfr_get_d(x, MPFR_RNDN);
  for (unsigned long k = 1;; ++k) {
    // term_k = (-x^2)^k / (2k)!
    mpfr_mul(term, term, x2, MPFR_RNDN);
    mpfr_div_ui(term, term, (2 * k - 1) * (2 * k), MPFR_RNDN);
    mpfr_div_ui(piece, term, 2 * k, MPFR_RNDN);
    mpfr_add(sum, sum, piece, MPFR_RNDN);
    // Stop once the terms are falling and negligible against 2^-work.
    if (2.0 * k > xd && (mpfr_zero_p(piece) || mpfr_get_exp(piece) < -static_cast<long>(work) + 2))
      break;
  }
  mpfr_const_euler(gamma, MPFR_RNDN);
  mpfr_log(logx, x, MPFR_RNDN);
  mpfr_add(sum, sum, gamma, MPFR_RNDN);
  mpfr_add(sum, sum, logx, MPFR_RNDN);
  mpfr_set(out, sum, MPFR_RNDN);
}

/// Asymptotic auxiliary functions; returns false if the series do not reach the precision
/// before their terms start to grow (the caller then uses the power series).
bool asymptotic(mpfr_ptr out, mpfr_srcptr x, mpfr_prec_t target) {
  const mpfr_prec_t work = target + 32;
  MpfrVar inv_x2(work), f(work), g(work), tf(work), tg(work), s(work), c(work), r(work);
  mpfr_ui_div(inv_x2, 1, x, MPFR_RNDN);
  mpfr_sqr(inv_x2, inv_x2, MPFR_RNDN);
  mpfr_set_ui(tf, 1, MPFR_RNDN);  // (2k)!/x^{2k}, k = 0
  mpfr_set_ui(tg, 1, MPFR_RNDN);  // (2k+1)!/x^{2k}, k = 0
  mpfr_set_ui(f, 1, MPFR_RNDN);
  mpfr_set_ui(g, 1, MPFR_RNDN);
  const double xd = mpfr_get_d(x, MPFR_RNDN);
  bool converged = false;
  for (unsigned long k = 1; 2.0 * k + 1 < xd; ++k) {
    mpfr_mul_ui(tf, tf, (2 * k - 1) * (2 * k), MPFR_RNDN);
    mpfr_mul(tf, tf, inv_x2, MPFR_RNDN);
    mpfr_neg(tf, tf, MPFR_RNDN);
    mpfr_mul_ui(tg, tg, (2 * k) * (2 * k + 1), MPFR_RNDN);
    mpfr_mul(tg, tg, inv_x2, MPFR_RNDN);
    mpfr_neg(tg, tg, MPFR_RNDN);
    mpfr_add(f, f, tf, MPFR_RNDN);
    mpfr_add(g, g, tg, MPFR_RNDN);
    // The remainder of each series is bounded by its first omitted term (DLMF 6.12.iii).
    if (mpfr_get_exp(tg) < -static_cast<long>(target) - 8) {
      converged = true;
      break;
    }
  }
  if (!converged) return false;
  mpfr_div(f, f, x, MPFR_RNDN);      // f = (1/x) sum
  mpfr_mul(g, g, inv_x2, MPFR_RNDN); // g = (1/x^2) sum
  mpfr_sin_cos(s, c, x, MPFR_RNDN);
  mpfr_mul(r, f, s, MPFR_RNDN);
  mpfr_mul(g, g, c, MPFR_RNDN);
  mpfr_sub(r, r, g, MPFR_RNDN);
  mpfr_set(out, r, MPFR_RNDN);
  return true;
}

}  // namespace

void cosine_integral(mpfr_ptr result, mpfr_srcptr x) {
  const mpfr_prec_t target = mpfr_get_prec(result);
  if (target < 20)
    throw std::invalid_argument("cosine_integral: precision = " + std::to_string(target) +
                                " bits is below the 20 bits (six digits) a claim needs");
  if (!mpfr_number_p(x) || mpfr_sgn(x) <= 0)
    throw std::invalid_argument("cosine_integral: x must be positive and finite, got x = " +
                                std::to_string(mpfr_get_d(x, MPFR_RNDN)));
  const double xd = mpfr_get_d(x, MPFR_RNDN);
  // The asymptotic series' smallest term is about e^{-x}: worth trying once that is below
  // 2^-target.
  if (xd > (static_cast<double>(target) + 16) * std::log(2.0) + 4 && asymptotic(result, x, target))
    return;
  const mpfr_prec_t guard = static_cast<mpfr_prec_t>(std::ceil(xd * 1.4426950408889634)) + 64;
  series(result, x, target + guard);
}

double cosine_integral(double x) {
  if (!std::isfinite(x) || x <= 0)
    throw std::invalid_argument("cosine_integral: x must be positive and finite, got x = " +
                                std::to_string(x));
  MpfrVar in(53), out(53);
  mpfr_set_d(in, x, MPFR_RNDN);
  cosine_integral(out, in);
  return mpfr_get_d(out, MPFR_RNDN);
}

Mp200 cosine_integral(const Mp200& x) {
  Mp200 result;
  cosine_integral(result.backend().data(), x.backend().data());
  return result;
}

Enclosure cosine_integral_enclosed(const Enclosure& x) {
  if (!(lower(x) > 0) || !(upper(x) <= 1e5))
    throw std::invalid_argument("cosine_integral_enclosed: x must lie in (0, 1e5]");
  const unsigned target = Enclosure::default_precision();
  const double largest = static_cast<double>(upper(x));
  const ScopedEnclosurePrecision working(target + static_cast<unsigned>(largest * 0.4343) + 10);
  Enclosure xw, x2;
  mpfi_set(xw.backend().data(), x.backend().data());
  mpfi_sqr(x2.backend().data(), xw.backend().data());
  const Enclosure negligible = pow(Enclosure(10), -static_cast<int>(target) - 5);
  Enclosure term = -x2 / 2;  // (-x^2)^k / (2k)! at k = 1
  Enclosure sum = 0;
  for (long k = 1;; ++k) {
    sum += term / (2 * k);
    const Enclosure next = term * (-x2) / ((2 * k + 1) * (2 * k + 2));  // k + 1
    const Enclosure next_summand = abs(next) / (2 * k + 2);
    // From k + 1 on the summands' magnitudes decrease when x^2 < (2k+3)(2k+4); the alternating
    // tail is then bounded by its first summand.
    const bool decreasing = upper(x2) < static_cast<double>((2 * k + 3) * (2 * k + 4));
    if (decreasing && upper(next_summand) < lower(negligible)) {
      const double bound = static_cast<double>(upper(next_summand)) * (1 + 1e-15);
      sum += enclose_between(-bound, bound);
      break;
    }
    term = next;
  }
  return euler_gamma() + log(xw) + sum;
}

}  // namespace pe
