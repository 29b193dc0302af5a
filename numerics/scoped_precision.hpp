/// @file
/// @brief A guard for the global default precision of a run-time-precision Boost.Multiprecision
/// type (MPFR's MpVariable, MPFI's Enclosure).
#pragma once

namespace pe {

/// Sets `Number`'s default precision (decimal digits) for the lifetime of the guard and restores
/// the previous one; values created inside the scope carry `digits`. Boost keeps one default per
/// type, so a guard is the only safe way to change it inside a computation.
template <class Number>
class ScopedDefaultPrecision {
 public:
  explicit ScopedDefaultPrecision(unsigned digits) : previous_(Number::default_precision()) {
    Number::default_precision(digits);
  }
  ~ScopedDefaultPrecision() { Number::default_precision(previous_); }
  ScopedDefaultPrecision(const ScopedDefaultPrecision&) = delete;
  ScopedDefaultPrecision& operator=(const ScopedDefaultPrecision&) = delete;

 private:
  unsigned previous_;
};

}  // namespace pe
