/// @file
/// @brief Small Monte Carlo estimators with their standard errors, and the two-sample
/// Kolmogorov-Smirnov statistic, for claims decided by sampling (Rule::statistical).
#pragma once

#include <vector>

namespace pe {

/// An estimate and its standard error.
struct Estimate {
  double value = 0;
  double standard_error = 0;
};

/// Sample mean, standard error s / sqrt(n). Throws std::invalid_argument for n < 2.
Estimate estimate_mean(const std::vector<double>& sample);

/// Sample variance (divisor n - 1), with the large-sample standard error
/// sqrt((m4 - s^4) / n), m4 the fourth central moment. Throws for n < 4.
Estimate estimate_variance(const std::vector<double>& sample);

/// sqrt(p (1 - p) / n), the standard error of a proportion p of n independent trials. p (1 - p)
/// is floored at 0, so a p that rounding puts a hair outside [0, 1] gives 0, not NaN.
double binomial_standard_error(double p, long n);

/// sup_x |F_a(x) - F_b(x)| over the two empirical distribution functions. Throws for an
/// empty sample.
double kolmogorov_smirnov_statistic(std::vector<double> a, std::vector<double> b);

/// P(K > x) for the Kolmogorov distribution, 2 sum_{k>=1} (-1)^(k-1) exp(-2 k^2 x^2): the
/// large-sample law of sqrt(n m / (n + m)) times the statistic above when both samples come
/// from one continuous distribution.
double kolmogorov_survival(double x);

/// The q-quantile of the chi-squared distribution with `degrees` degrees of freedom (Boost.Math).
/// Throws std::invalid_argument for degrees < 1 or q outside (0, 1).
double chi_squared_quantile(double q, int degrees);

}  // namespace pe
