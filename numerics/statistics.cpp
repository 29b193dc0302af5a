#include "statistics.hpp"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pe {

Estimate estimate_mean(const std::vector<double>& sample) {
  const std::size_t n = sample.size();
  if (n < 2) throw std::invalid_argument("sample must hold >= 2 values, got sample.size() = " + std::to_string(n));
  double mean = 0;
  for (double x : sample) mean += x;
  mean /= double(n);
  double squares = 0;
  for (double x : sample) squares += (x - mean) * (x - mean);
  return {mean, std::sqrt(squares / double(n - 1) / double(n))};
}

double binomial_standard_error(double p, long n) { return std::sqrt(std::max(0.0, p * (1 - p)) / double(n)); }

Estimate estimate_variance(const std::vector<double>& sample) {
  const std::size_t n = sample.size();
  if (n < 4) throw std::invalid_argument("sample must hold >= 4 values, got sample.size() = " + std::to_string(n));
  double mean = 0;
  for (double x : sample) mean += x;
  mean /= double(n);
  double m2 = 0, m4 = 0;
  for (double x : sample) {
    const double c = (x - mean) * (x - mean);
    m2 += c;
    m4 += c * c;
  }
  const double variance = m2 / double(n - 1);
  m2 /= double(n);
  m4 /= double(n);
  return {variance, std::sqrt(std::max(m4 - m2 * m2, 0.0) / double(n))};
}

double kolmogorov_smirnov_statistic(std::vector<double> a, std::vector<double> b) {
  if (a.empty() || b.empty()) throw std::invalid_argument("both samples must be non-empty");
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::size_t i = 0, k = 0;
  double largest = 0;
  while (i < a.size() && k < b.size()) {
    const double x = std::min(a[i], b[k]);
    while (i < a.size() && a[i] == x) ++i;  // step past ties in both samples at once
    while (k < b.size() && b[k] == x) ++k;
    largest = std::max(largest, std::fabs(double(i) / a.size() - double(k) / b.size()));
  }
  return largest;
}

double kolmogorov_survival(double x) {
  if (x <= 0) return 1;
  if (x < 1) {
    // The alternating series converges slowly for small x; use the theta-function form of the
    // distribution function, sqrt(2 pi)/x sum_k exp(-(2k-1)^2 pi^2 / (8 x^2)), instead.
    double cdf = 0;
    for (int k = 1; k <= 20; ++k)
      cdf += std::exp(-(2.0 * k - 1) * (2.0 * k - 1) * M_PI * M_PI / (8 * x * x));
    return std::clamp(1 - std::sqrt(2 * M_PI) / x * cdf, 0.0, 1.0);
  }
  double sum = 0;
  for (int k = 1; k <= 100; ++k) {
    const double term = std::exp(-2.0 * k * k * x * x);
    sum += (k % 2 == 1 ? term : -term);
    if (term < 1e-300) break;
  }
  return std::clamp(2 * sum, 0.0, 1.0);
}

double chi_squared_quantile(double q, int degrees) {
  if (degrees < 1 || !(q > 0 && q < 1))
    throw std::invalid_argument("chi_squared_quantile needs degrees >= 1 and q in (0, 1), got degrees = " +
                                std::to_string(degrees) + ", q = " + std::to_string(q));
  return boost::math::quantile(boost::math::chi_squared(degrees), q);
}

}  // namespace pe
