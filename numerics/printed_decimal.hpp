/// @file
/// @brief A value as the article prints it: a decimal literal such as "0.748", "19869",
/// "3.69e29" or "1.15e-4", and half a unit of its last printed digit.
#pragma once

#include <string>
#include <string_view>

namespace pe {

struct PrintedDecimal {
  double value;
  double half_unit;        ///< half a unit of the last printed digit
  int half_unit_exponent;  ///< half_unit = 5 * 10^half_unit_exponent exactly
};

/// Throws std::invalid_argument for anything but a decimal literal within a double's range.
PrintedDecimal parse_printed_decimal(std::string_view printed);

double half_unit_of_printed(std::string_view printed);
double value_of_printed(std::string_view printed);
/// The half unit as exact decimal text, "5e-4" for "0.748".
std::string half_unit_text(std::string_view printed);

}  // namespace pe
