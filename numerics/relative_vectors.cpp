#include "relative_vectors.hpp"

#include <stdexcept>
#include <string>

namespace pe {

long shaw_table_row(long offset, long clip) {
  if (offset < 0)
    throw std::invalid_argument("a causal head scores keys at offsets >= 0, got offset = " + std::to_string(offset));
  if (clip < 0) throw std::invalid_argument("the clip must be >= 0, got clip = " + std::to_string(clip));
  return offset < clip ? offset : clip;
}

double shaw_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const Eigen::MatrixXd& table,
                  long t, long j, double tau) {
  if (table.rows() < 1) throw std::invalid_argument("the offset table needs at least one row (a_0)");
  if (q.size() != k.size() || table.cols() != q.size())
    throw std::invalid_argument("q, k and the table's rows must have one width, got " + std::to_string(q.size()) +
                                ", " + std::to_string(k.size()) + " and " + std::to_string(table.cols()));
  if (!(tau > 0)) throw std::invalid_argument("tau must be > 0, got tau = " + std::to_string(tau));
  if (j > t)
    throw std::invalid_argument("a causal head scores j <= t, got t = " + std::to_string(t) + ", j = " +
                                std::to_string(j));
  const long row = shaw_table_row(t - j, table.rows() - 1);
  return q.dot(k + table.row(row).transpose()) / tau;
}

}  // namespace pe
