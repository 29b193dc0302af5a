#include "printed_decimal.hpp"

#include <cmath>
#include <regex>
#include <stdexcept>

namespace pe {

PrintedDecimal parse_printed_decimal(std::string_view printed) {
  static const std::regex literal("(-?)([0-9]+)(?:\\.([0-9]+))?(?:e([-+]?[0-9]+))?");
  std::string text(printed);
  std::smatch m;
  if (!std::regex_match(text, m, literal))
    throw std::invalid_argument("printed value '" + text +
                                "' is not a decimal literal like 0.748, 19869 or 3.69e29");
  const auto out_of_range = [&text] {
    return std::invalid_argument("printed value '" + text + "' is out of the range of a double");
  };
  // A literal longer than any printed value: its digit count alone would overflow the arithmetic.
  if (text.size() > 64) throw out_of_range();
  const int decimals = static_cast<int>(m[3].length());
  double value = 0;
  int exponent = 0;
  try {
    exponent = m[4].matched ? std::stoi(m[4].str()) : 0;
    value = std::stod(text);
  } catch (const std::out_of_range&) {
    throw out_of_range();
  }
  const double half_unit = 0.5 * std::pow(10.0, exponent - decimals);
  if (!std::isfinite(value) || !(half_unit > 0) || !std::isfinite(half_unit)) throw out_of_range();
  return {value, half_unit, exponent - decimals - 1};
}

double half_unit_of_printed(std::string_view printed) { return parse_printed_decimal(printed).half_unit; }
double value_of_printed(std::string_view printed) { return parse_printed_decimal(printed).value; }
std::string half_unit_text(std::string_view printed) {
  return "5e" + std::to_string(parse_printed_decimal(printed).half_unit_exponent);
}

}  // namespace pe
