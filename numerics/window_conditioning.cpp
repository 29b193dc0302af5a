// The window's conditioning in double and by a direct 200-digit SVD. The Gram route at a chosen
// precision and the interval enclosure live in window_conditioning_mp.cpp, so the two
// MPFR-typed Eigen instantiations compile in parallel.
#include <Eigen/SVD>
#include <limits>

#include "subspaces.hpp"
#include "window_conditioning.hpp"

namespace pe {

DoubleWindowConditioning window_conditioning_double(int n, int d, double base) {
  const Matrix<double> p = position_window(n, d, base);
  DoubleWindowConditioning out;
  out.singular_values = singular_values(p);
  const double top = out.singular_values(0);
  const double bottom = out.singular_values(out.singular_values.size() - 1);
  out.condition_number = bottom > 0 ? top / bottom : std::numeric_limits<double>::infinity();
  out.rank_threshold = rank_threshold(top, p.rows(), p.cols());
  out.numerical_rank = numerical_rank(out.singular_values, p.rows(), p.cols());
  return out;
}

Vector<Mp200> window_singular_values_mp200(int n, int d, const Mp200& base) {
  const Matrix<Mp200> p = position_window(n, d, base);
  return Eigen::JacobiSVD<Matrix<Mp200>>(p).singularValues();
}

}  // namespace pe
