// Ci against routes that share no code with numerics/cosine_integral.cpp: Boost.Math
// quadrature of its integral forms, reference values, and DLMF identities.
#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/ooura_fourier_integrals.hpp>
#include <cmath>

#include "cosine_integral.hpp"

namespace {

// DLMF 6.2.13 (with 6.2.12): Ci(x) = gamma + ln x - int_0^x (1 - cos t)/t dt, by adaptive
// Gauss-Kronrod quadrature; 1 - cos t is written 2 sin^2(t/2) so small t loses nothing.
double ci_by_quadrature_small(double x) {
  auto integrand = [](double t) {
    const double s = std::sin(t / 2);
    return t == 0 ? 0.0 : 2 * s * s / t;
  };
  const double integral =
      boost::math::quadrature::gauss_kronrod<double, 61>::integrate(integrand, 0.0, x, 15, 1e-15);
  return boost::math::constants::euler<double>() + std::log(x) - integral;
}

// Ci(x) = -int_0^inf cos(x + t)/(x + t) dt
//       = -cos x int_0^inf cos t/(x+t) dt + sin x int_0^inf sin t/(x+t) dt (Ooura's method).
double ci_by_quadrature_large(double x) {
  boost::math::quadrature::ooura_fourier_cos<double> cos_integral;
  boost::math::quadrature::ooura_fourier_sin<double> sin_integral;
  auto f = [x](double t) { return 1.0 / (x + t); };
  const double c = cos_integral.integrate(f, 1.0).first;
  const double s = sin_integral.integrate(f, 1.0).first;
  return -std::cos(x) * c + std::sin(x) * s;
}

}  // namespace

TEST(CosineIntegral, MatchesGaussKronrodForSmallArguments) {
  for (double x : {1e-6, 0.01, 0.5, 1.0, 2.5, 7.0, 15.0, 30.0}) {
    // Both sides are double results of routes accurate far beyond 1e-13 absolute.
    EXPECT_NEAR(pe::cosine_integral(x), ci_by_quadrature_small(x), 1e-13) << "x = " << x;
  }
}

TEST(CosineIntegral, MatchesOouraForLargeArguments) {
  for (double x : {5.0, 16.0, 64.0, 256.0, 1024.0, 40000.0}) {
    // Ooura's double-exponential Fourier quadrature reaches about 1e-12 relative to the
    // integrals (of size 1/x); the tolerance is that, times a safety factor of 10.
    EXPECT_NEAR(pe::cosine_integral(x), ci_by_quadrature_large(x), 1e-11 / x) << "x = " << x;
  }
}

TEST(CosineIntegral, ReferenceValues) {
  // Ci(1) and the first positive zero of Ci (DLMF 6.13, to 20 digits).
  EXPECT_NEAR(pe::cosine_integral(1.0), 0.33740392290096813466, 2e-16);
  EXPECT_NEAR(pe::cosine_integral(0.61650548562071623380), 0.0, 2e-16);
  const pe::Mp200 ci1 = pe::cosine_integral(pe::Mp200(1));
  EXPECT_LT(abs(ci1 - pe::Mp200("0.33740392290096813466264620388915076")), pe::Mp200("1e-34"));
}

TEST(CosineIntegral, DerivativeIsCosOverX) {
  // DLMF 6.2.4 gives Ci'(x) = cos x / x; a central difference at 200 digits with h = 1e-40
  // has truncation error about h^2 |Ci'''| < 1e-78.
  for (const char* xs : {"0.3", "3", "47", "600", "1500"}) {
    const pe::Mp200 x(xs), h("1e-40");
    const pe::Mp200 derivative = (pe::cosine_integral(pe::Mp200(x + h)) -
                                  pe::cosine_integral(pe::Mp200(x - h))) / (2 * h);
    EXPECT_LT(abs(derivative - cos(x) / x), pe::Mp200("1e-70")) << "x = " << xs;
  }
}

TEST(CosineIntegral, SeriesAndAsymptoticAgreeAcrossTheSwitch) {
  // At 200 digits the asymptotic form takes over near x = 474; at double precision near 52.
  for (const char* xs : {"470", "480", "700"}) {
    const pe::Mp200 x(xs);
    const double a = static_cast<double>(pe::cosine_integral(x));
    EXPECT_NEAR(a, pe::cosine_integral(static_cast<double>(x)), 1e-17);
  }
  EXPECT_NEAR(pe::cosine_integral(51.0), ci_by_quadrature_small(51.0), 1e-13);
  EXPECT_NEAR(pe::cosine_integral(53.0), ci_by_quadrature_small(53.0), 1e-13);
}

TEST(CosineIntegral, RejectsOutOfDomainInput) {
  EXPECT_THROW(pe::cosine_integral(0.0), std::invalid_argument);
  EXPECT_THROW(pe::cosine_integral(-1.0), std::invalid_argument);
  EXPECT_THROW(pe::cosine_integral(std::nan("")), std::invalid_argument);
  mpfr_t low, x;
  mpfr_init2(low, 10);  // three decimal digits: below what a ledger claim needs
  mpfr_init2(x, 53);
  mpfr_set_d(x, 1.0, MPFR_RNDN);
  try {
    pe::cosine_integral(low, x);
    ADD_FAILURE() << "no exception for a 10-bit result";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("precision = 10"), std::string::npos) << e.what();
  }
  mpfr_clear(low);
  mpfr_clear(x);
}

// The enclosure of Ci contains the 200-digit MPFR value (an independent route past x = 16:
// the auxiliary functions' asymptotic series), is narrow at the precision asked for, and
// refuses arguments outside (0, 1e5].
TEST(CosineIntegralEnclosure, ContainsThe200DigitValueAndIsNarrow) {
  for (double x : {1e-4, 0.1, 1.0, 7.0, 64.0, 1024.0}) {
    const pe::ScopedEnclosurePrecision precision(30);
    const pe::Enclosure ci = pe::cosine_integral_enclosed(pe::Enclosure(x));
    const pe::Mp200 reference = pe::cosine_integral(pe::Mp200(x));
    const pe::Enclosure point(reference.str(60, std::ios_base::scientific));
    EXPECT_TRUE(boost::multiprecision::overlap(ci, point)) << "x = " << x << ": " << pe::interval_text(ci, 25);
    EXPECT_LT(static_cast<double>(width(ci)), 1e-25) << "x = " << x;
  }
  const pe::ScopedEnclosurePrecision precision(30);
  EXPECT_THROW(pe::cosine_integral_enclosed(pe::Enclosure(0)), std::invalid_argument);
  EXPECT_THROW(pe::cosine_integral_enclosed(pe::Enclosure(2e5)), std::invalid_argument);
}
