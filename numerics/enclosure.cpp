#include "enclosure.hpp"

#include <stdexcept>
#include <vector>

namespace pe {

std::string endpoint_text(mpfi_srcptr x, bool right, int digits) {
  if (digits < 1 || digits > 1000)
    throw std::invalid_argument("endpoint_text: digits must be in 1..1000, got " + std::to_string(digits));
  mpfr_t e;
  mpfr_init2(e, mpfi_get_prec(x));
  if (right) mpfi_get_right(e, x); else mpfi_get_left(e, x);
  if (mpfr_zero_p(e)) mpfr_set_zero(e, 1);  // MPFI keeps the point 0 as [+0, -0]; print both as 0
  const std::string format = "%." + std::to_string(digits - 1) + (right ? "RUe" : "RDe");
  std::vector<char> buffer(digits + 32);
  mpfr_snprintf(buffer.data(), buffer.size(), format.c_str(), e);
  mpfr_clear(e);
  return buffer.data();
}

std::string interval_text(const Enclosure& x, int digits) {
  return "[" + endpoint_text(x.backend().data(), false, digits) + ", " +
         endpoint_text(x.backend().data(), true, digits) + "]";
}

Enclosure enclose_decimal(const std::string& literal) {
  Enclosure x;
  if (mpfi_set_str(x.backend().data(), literal.c_str(), 10) != 0)
    throw std::invalid_argument("enclose_decimal: '" + literal + "' is not a decimal literal");
  return x;
}

Enclosure enclose_between(const std::string& lower, const std::string& upper) {
  const Enclosure lo = enclose_decimal(lower), hi = enclose_decimal(upper);
  // The same rule as for doubles: reversed ends are a caller's error, not a hull to take.
  if (mpfr_cmp(&lo.backend().data()->left, &hi.backend().data()->right) > 0)
    throw std::invalid_argument("enclose_between: need lower <= upper, got " + lower + " and " + upper);
  Enclosure out;
  mpfi_union(out.backend().data(), lo.backend().data(), hi.backend().data());
  return out;
}

Enclosure enclose_between(double lower, double upper) {
  if (!(lower <= upper))
    throw std::invalid_argument("enclose_between: need lower <= upper, got " + std::to_string(lower) +
                                " and " + std::to_string(upper));
  Enclosure out;
  mpfi_interv_d(out.backend().data(), lower, upper);
  return out;
}

Enclosure enclosure_of_max(const std::vector<Enclosure>& values) {
  if (values.empty()) throw std::invalid_argument("enclosure_of_max: no values");
  const mpfr_prec_t bits = mpfi_get_prec(values.front().backend().data());
  mpfr_t lo, hi, end;
  mpfr_inits2(bits, lo, hi, end, static_cast<mpfr_ptr>(nullptr));
  mpfi_get_left(lo, values.front().backend().data());
  mpfi_get_right(hi, values.front().backend().data());
  for (const Enclosure& v : values) {
    mpfi_get_left(end, v.backend().data());
    mpfr_max(lo, lo, end, MPFR_RNDD);  // exact: both operands are representable
    mpfi_get_right(end, v.backend().data());
    mpfr_max(hi, hi, end, MPFR_RNDU);
  }
  Enclosure out;
  mpfi_interv_fr(out.backend().data(), lo, hi);
  mpfr_clears(lo, hi, end, static_cast<mpfr_ptr>(nullptr));
  return out;
}

Enclosure modulus(const Enclosure& re, const Enclosure& im) {
  Enclosure a, b;
  mpfi_sqr(a.backend().data(), re.backend().data());
  mpfi_sqr(b.backend().data(), im.backend().data());
  return sqrt(a + b);
}

Enclosure euler_gamma() {
  Enclosure x;
  mpfi_const_euler(x.backend().data());
  return x;
}

Enclosure pi_enclosed() {
  Enclosure x;
  mpfi_const_pi(x.backend().data());
  return x;
}

Enclosure frequency_enclosed(int d, int j, double base) {
  return pow(Enclosure(base), Enclosure(-2 * j) / d);
}

}  // namespace pe
