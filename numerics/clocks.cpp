#include "clocks.hpp"
#include "limits.hpp"


namespace pe {

void require_even_dimension(int d, const char* parameter) {
  if (d <= 0 || d % 2 != 0)
    throw std::invalid_argument(std::string(parameter) + " must be even and positive, got " +
                                parameter + " = " + std::to_string(d));
  require_at_most(d, kMaxWidth, parameter, "the code's width");
}

void require_base(double base, const char* parameter) {
  if (!std::isfinite(base) || !(base > 1))
    throw std::invalid_argument(std::string(parameter) + " must be finite and > 1, got " +
                                parameter + " = " + std::to_string(base));
}

double logarithmic_ruler(double delta, double base) { return logarithmic_ruler<double>(delta, base); }

double ruler_error_bound(double delta, double base) { return ruler_error_bound<double>(delta, base); }

}  // namespace pe
