// libFuzzer target: any bytes as a printed value (numerics/printed_decimal.hpp). half_unit_of_printed and
// value_of_printed either accept a decimal literal or throw std::invalid_argument (never
// another exception); an accepted literal has a finite value and a positive, finite half unit.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "printed_decimal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const double half = pe::half_unit_of_printed(text);
    const double value = pe::value_of_printed(text);
    if (!(half > 0) || !std::isfinite(half) || !std::isfinite(value)) std::abort();
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
