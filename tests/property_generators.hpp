// Shared RapidCheck generators for the clocks' parameters.
#pragma once

#include <rapidcheck.h>

#include <Eigen/Core>
#include <cmath>
#include <cstdint>

namespace pe::testing {

/// Even d in [2, 2 * max_half].
inline int gen_dimension(int max_half = 32) { return 2 * *rc::gen::inRange(1, max_half + 1); }

/// Base b = e^u with u in [0.5, 12): from about 1.6 to 1.6e5.
inline double gen_base() {
  return std::exp(0.5 + 11.5 * (*rc::gen::inRange(0, 1000000)) / 1e6);
}

inline long gen_position(long limit = 10000) {
  return *rc::gen::inRange(-limit, limit + 1);
}

/// A vector with entries in [-10, 10] on a grid of 1e-5 (shrinks towards zero).
inline Eigen::VectorXd gen_vector(int size) {
  Eigen::VectorXd v(size);
  for (int i = 0; i < size; ++i) v(i) = *rc::gen::inRange(-1000000, 1000001) / 1e5;
  return v;
}

/// A seed for pe::Rng, for structures (orthogonal matrices, samples) drawn from a seed.
inline std::uint64_t gen_seed() { return static_cast<std::uint64_t>(*rc::gen::inRange(0, 1 << 30)); }

}  // namespace pe::testing
