// Proposition 2 (i)-(iv) as RapidCheck properties over random d, b, m, k. Tolerances are in
// units of (|m|+|k|+1) eps: the rounding of angles up to that size.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <Eigen/LU>
#include <limits>

#include "clocks.hpp"
#include "constants.hpp"
#include "property_generators.hpp"

using pe::testing::gen_base;
using pe::testing::gen_dimension;
using pe::testing::gen_position;

namespace {
using pe::kEps;  // numerics/constants.hpp
}

RC_GTEST_PROP(Proposition2, ShiftIsARotation, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long m = gen_position(), k = gen_position();
  const pe::Vector<double> lhs = pe::sinusoidal_code(double(m + k), d, b);
  const pe::Vector<double> rhs = pe::block_rotation(double(k), d, b) * pe::sinusoidal_code(double(m), d, b);
  RC_ASSERT((lhs - rhs).cwiseAbs().maxCoeff() <= 16 * (std::abs(m) + std::abs(k) + 1) * kEps);
}

RC_GTEST_PROP(Proposition2, RotationsFormAHomomorphismIntoSOd, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long k = gen_position(), l = gen_position();
  const auto omega = pe::frequencies(d, b);
  const auto rk = pe::block_rotation(double(k), omega);
  const double budget = 16 * (std::abs(k) + std::abs(l) + 1) * kEps;
  RC_ASSERT((rk * pe::block_rotation(double(l), omega) - pe::block_rotation(double(k + l), omega))
                .cwiseAbs().maxCoeff() <= budget);
  RC_ASSERT((rk.transpose() - pe::block_rotation(double(-k), omega)).cwiseAbs().maxCoeff() <= budget);
  RC_ASSERT(std::fabs(rk.determinant() - 1) <= 16 * d * kEps);
}

RC_GTEST_PROP(Proposition2, EveryPositionLiesOnTheSameSphere, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long m = gen_position(1000000);
  RC_ASSERT(std::fabs(pe::sinusoidal_code(double(m), d, b).squaredNorm() - d / 2.0) <= 4 * d * kEps);
}

RC_GTEST_PROP(Proposition2, TheCodeIsInjective, ()) {
  const int d = gen_dimension();
  const double b = gen_base();
  const long m = gen_position();
  const long n = m + *rc::gen::nonZero<int>() % 20000;
  RC_PRE(n != m);
  // Plane 0 alone separates them: |p(m) - p(n)| >= 2 |sin((m - n)/2)|, positive for integers.
  const double gap = (pe::sinusoidal_code(double(m), d, b) - pe::sinusoidal_code(double(n), d, b)).norm();
  RC_ASSERT(gap > 0.0);
  RC_ASSERT(gap >= 2 * std::fabs(std::sin((m - n) / 2.0)) - 64 * (std::abs(m) + std::abs(n) + 1) * kEps);
}
