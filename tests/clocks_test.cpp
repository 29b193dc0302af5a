// The clocks library: its domain checks, and agreement between double and 200 digits.
#include "expect_invalid.hpp"
#include <gtest/gtest.h>

#include "clocks.hpp"

using pe::testing::expect_invalid;

TEST(Clocks, RejectsOddOrNonPositiveDimension) {
  expect_invalid([] { pe::frequencies(7, 10000.0); }, "d = 7");
  expect_invalid([] { pe::frequencies(0, 10000.0); }, "d = 0");
  expect_invalid([] { pe::sinusoidal_code(1.0, -4, 10000.0); }, "d = -4");
  expect_invalid([] { pe::stationary_kernel(1.0, 3, 10000.0); }, "d = 3");
}

TEST(Clocks, RejectsBaseAtMostOne) {
  expect_invalid([] { pe::frequencies(8, 1.0); }, "base = 1");
  expect_invalid([] { pe::frequencies(8, 0.5); }, "base = 0.5");
  expect_invalid([] { pe::kernel_limit(3.0, 1.0); }, "base = 1");
  expect_invalid([] { pe::logarithmic_ruler(3.0, -2.0); }, "base = -2");
}

TEST(Clocks, RejectsZeroOffsetInTheLimit) {
  expect_invalid([] { pe::kernel_limit(0.0, 10000.0); }, "Delta");
}

TEST(Clocks, FrequenciesFallGeometrically) {
  const auto w = pe::frequencies(16, 10000.0);
  ASSERT_EQ(w.size(), 8u);
  EXPECT_EQ(w[0], 1.0);
  for (std::size_t j = 1; j < w.size(); ++j) EXPECT_NEAR(w[j] / w[j - 1], std::pow(10000.0, -2.0 / 16), 1e-15);
}

TEST(Clocks, DoubleAndMultiprecisionAgree) {
  // The same template in two precisions: differences are double rounding (angles below 10^3).
  for (double delta : {1.0, 17.0, 300.0}) {
    const double k_double = pe::stationary_kernel(delta, 64, 10000.0);
    const double k_mp = static_cast<double>(pe::stationary_kernel(pe::Mp200(delta), 64, pe::Mp200(10000)));
    EXPECT_NEAR(k_double, k_mp, 64 * 1e3 * 1e-16);
    EXPECT_NEAR(pe::kernel_limit(delta, 10000.0),
                static_cast<double>(pe::kernel_limit(pe::Mp200(delta), pe::Mp200(10000))), 1e-15);
  }
}
