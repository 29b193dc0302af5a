// Shared RapidCheck generators for the clocks' parameters.
#pragma once

#include <rapidcheck.h>

#include <cmath>

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

}  // namespace pe::testing
