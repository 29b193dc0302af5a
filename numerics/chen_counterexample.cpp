#include "chen_counterexample.hpp"

#include <mpfi.h>
#include <mpfr.h>

#include <cmath>
#include <stdexcept>

#include "clocks.hpp"

namespace pe {
namespace {

/// An mpfi_t with automatic clean-up.
class Interval {
 public:
  explicit Interval(mpfr_prec_t bits) { mpfi_init2(value_, bits); }
  ~Interval() { mpfi_clear(value_); }
  Interval(const Interval&) = delete;
  Interval& operator=(const Interval&) = delete;
  mpfi_ptr get() { return value_; }
  mpfi_srcptr get() const { return value_; }

 private:
  mpfi_t value_;
};

DoubleEnclosure enclose(const Interval& x, mpfr_prec_t bits) {
  mpfr_t left, right;
  mpfr_init2(left, bits);
  mpfr_init2(right, bits);
  mpfi_get_left(left, x.get());
  mpfi_get_right(right, x.get());
  DoubleEnclosure e;
  e.lower = mpfr_get_d(left, MPFR_RNDD);
  e.upper = mpfr_get_d(right, MPFR_RNDU);
  char buffer[160];
  mpfr_snprintf(buffer, sizeof buffer, "[%.25RDg, %.25RUg]", left, right);
  e.text = buffer;
  mpfr_clear(left);
  mpfr_clear(right);
  return e;
}

}  // namespace

ChenCounterexample chen_counterexample(int d, double base, double delta, int precision_bits) {
  require_even_dimension(d);
  require_base(base);
  if (!(delta > 0 && delta < 1))
    throw std::invalid_argument("delta must lie in (0, 1), got delta = " + std::to_string(delta));
  if (precision_bits < 64)
    throw std::invalid_argument("precision_bits must be >= 64, got precision_bits = " +
                                std::to_string(precision_bits));
  const mpfr_prec_t bits = precision_bits;

  // base and delta are doubles, hence exact binary numbers: the intervals start as points.
  Interval log_base(bits), theta(bits), angle(bits), term(bits);
  Interval at_delta(bits), at_one(bits), squares(bits);
  mpfi_set_d(log_base.get(), base);
  mpfi_log(log_base.get(), log_base.get());
  mpfi_set_ui(at_delta.get(), 0);
  mpfi_set_ui(at_one.get(), 0);
  mpfi_set_ui(squares.get(), 0);
  for (int j = 0; j < d / 2; ++j) {
    // theta_j = exp(-2j ln b / d)
    mpfi_mul_si(theta.get(), log_base.get(), -2 * j);
    mpfi_div_si(theta.get(), theta.get(), d);
    mpfi_exp(theta.get(), theta.get());
    mpfi_mul_d(angle.get(), theta.get(), delta);
    mpfi_cos(term.get(), angle.get());
    mpfi_add(at_delta.get(), at_delta.get(), term.get());
    mpfi_cos(term.get(), theta.get());
    mpfi_add(at_one.get(), at_one.get(), term.get());
    mpfi_sqr(term.get(), theta.get());
    mpfi_add(squares.get(), squares.get(), term.get());
  }

  // error = |a(delta) - (1 - delta) a(0) - delta a(1)|, a(0) = d/2 exactly.
  Interval error(bits), weight(bits);
  mpfi_set_d(weight.get(), 1 - delta);  // exact: delta in (0, 1) is a double
  mpfi_mul_si(term.get(), weight.get(), d / 2);
  mpfi_sub(error.get(), at_delta.get(), term.get());
  mpfi_mul_d(term.get(), at_one.get(), delta);
  mpfi_sub(error.get(), error.get(), term.get());
  mpfi_abs(error.get(), error.get());

  // (1/2) delta (1 - delta), the curvature factor of both bounds.
  Interval factor(bits);
  mpfi_mul_d(factor.get(), weight.get(), delta);
  mpfi_div_ui(factor.get(), factor.get(), 2);

  Interval stated(bits), corrected(bits);
  mpfi_set_si(stated.get(), d);  // max_j |h_j| = 1
  mpfi_div_ui(stated.get(), stated.get(), 4);
  mpfi_div(stated.get(), stated.get(), log_base.get());
  mpfi_mul(stated.get(), stated.get(), factor.get());
  mpfi_mul(corrected.get(), squares.get(), factor.get());  // sum_j |h_j| theta_j^2, |h_j| = 1

  ChenCounterexample out;
  out.precision_bits = precision_bits;
  out.error = enclose(error, bits);
  out.stated_bound = enclose(stated, bits);
  out.corrected_bound = enclose(corrected, bits);
  // Certified comparisons on the MPFI endpoints themselves.
  {
    mpfr_t a, b;
    mpfr_init2(a, bits);
    mpfr_init2(b, bits);
    mpfi_get_left(a, error.get());
    mpfi_get_right(b, stated.get());
    out.error_exceeds_stated = mpfr_cmp(a, b) > 0;
    mpfi_get_right(a, error.get());
    mpfi_get_left(b, corrected.get());
    out.error_within_corrected = mpfr_cmp(a, b) < 0;
    mpfr_clear(a);
    mpfr_clear(b);
  }
  return out;
}

}  // namespace pe
