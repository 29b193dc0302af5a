#include "orthogonal_normal_form.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>

namespace pe {
namespace {

Eigen::Matrix2d rotation(double angle) {
  Eigen::Matrix2d r;
  r << std::cos(angle), -std::sin(angle), std::sin(angle), std::cos(angle);
  return r;
}

std::string number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", x);
  return buffer;
}

Eigen::MatrixXd normal_block(const std::vector<double>& angles, int p, int p_prime, long m) {
  const int n = static_cast<int>(2 * angles.size()) + p + p_prime;
  Eigen::MatrixXd block = Eigen::MatrixXd::Zero(n, n);
  for (std::size_t i = 0; i < angles.size(); ++i)
    block.block<2, 2>(2 * i, 2 * i) = rotation(double(m) * angles[i]);
  const int offset = static_cast<int>(2 * angles.size());
  for (int i = 0; i < p; ++i) block(offset + i, offset + i) = 1;
  for (int i = 0; i < p_prime; ++i) block(offset + p + i, offset + p + i) = m % 2 == 0 ? 1 : -1;
  return block;
}

}  // namespace

Eigen::MatrixXd OrthogonalNormalForm::block_power(long m) const {
  return normal_block(angles, p, p_prime, m);
}

Eigen::MatrixXd OrthogonalNormalForm::power(long m) const {
  return q * block_power(m) * q.transpose();
}

OrthogonalNormalForm orthogonal_normal_form(const Eigen::MatrixXd& u, double tolerance) {
  if (u.rows() != u.cols() || u.rows() == 0)
    throw std::invalid_argument("U must be square and non-empty, got U of size " +
                                std::to_string(u.rows()) + " x " + std::to_string(u.cols()));
  if (!(tolerance > 0))
    throw std::invalid_argument("tolerance must be > 0, got tolerance = " + number(tolerance));
  const Eigen::Index n = u.rows();
  const double departure = orthogonality_departure(u);
  if (!(departure <= tolerance))
    throw std::invalid_argument("U must be orthogonal, got max |U^T U - I| = " + number(departure) +
                                " > tolerance = " + number(tolerance));

  const Eigen::RealSchur<Eigen::MatrixXd> schur(u);
  const Eigen::MatrixXd& t = schur.matrixT();
  const Eigen::MatrixXd& z = schur.matrixU();

  // Walk the diagonal blocks (Eigen marks a 2 x 2 block by a nonzero subdiagonal entry).
  std::vector<std::pair<double, std::pair<Eigen::VectorXd, Eigen::VectorXd>>> planes;
  std::vector<Eigen::VectorXd> plus, minus;
  Eigen::MatrixXd off_blocks = t;  // what is left after removing the diagonal blocks
  for (Eigen::Index i = 0; i < n;) {
    if (i + 1 < n && t(i + 1, i) != 0) {
      const Eigen::Matrix2d b = t.block<2, 2>(i, i);
      off_blocks.block<2, 2>(i, i).setZero();
      Eigen::VectorXd first = z.col(i), second = z.col(i + 1);
      // A normal 2 x 2 block is a I + c J: angle from (trace, skew part).
      double angle = std::atan2(b(1, 0) - b(0, 1), b(0, 0) + b(1, 1));
      if (angle < 0) {  // R(-theta) in (first, second) is R(theta) in (first, -second)
        angle = -angle;
        second = -second;
      }
      if (angle <= tolerance) {
        plus.push_back(first);
        plus.push_back(second);
      } else if (M_PI - angle <= tolerance) {
        minus.push_back(first);
        minus.push_back(second);
      } else {
        planes.push_back({angle, {first, second}});
      }
      i += 2;
    } else {
      const double eigenvalue = t(i, i);
      off_blocks(i, i) = 0;
      if (std::fabs(eigenvalue - 1) <= tolerance) plus.push_back(z.col(i));
      else if (std::fabs(eigenvalue + 1) <= tolerance) minus.push_back(z.col(i));
      else
        throw std::runtime_error("real Schur form of an orthogonal U has a 1 x 1 block " +
                                 number(eigenvalue) + ", not +-1");
      i += 1;
    }
  }
  const double leak = off_blocks.cwiseAbs().maxCoeff();
  if (!(leak <= tolerance))
    throw std::runtime_error("real Schur form of U is not block diagonal: largest entry off the "
                             "blocks is " + number(leak));

  std::sort(planes.begin(), planes.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  OrthogonalNormalForm form;
  form.q.resize(n, n);
  Eigen::Index column = 0;
  for (const auto& [angle, basis] : planes) {
    form.angles.push_back(angle);
    form.q.col(column++) = basis.first;
    form.q.col(column++) = basis.second;
  }
  for (const Eigen::VectorXd& v : plus) form.q.col(column++) = v;
  for (const Eigen::VectorXd& v : minus) form.q.col(column++) = v;
  form.p = static_cast<int>(plus.size());
  form.p_prime = static_cast<int>(minus.size());
  return form;
}

double relative_encoding_defect(const std::function<Eigen::MatrixXd(long)>& family, long range) {
  if (range < 1) throw std::invalid_argument("range must be >= 1, got range = " + std::to_string(range));
  std::map<long, Eigen::MatrixXd> l;
  for (long m = -2 * range; m <= 2 * range; ++m) l[m] = family(m);
  double defect = 0;
  for (long m = -range; m <= range; ++m)
    for (long n = -range; n <= range; ++n) {
      const Eigen::MatrixXd gap = l[m].transpose() * l[n] - l[0].transpose() * l[n - m];
      defect = std::max(defect, gap.cwiseAbs().maxCoeff());
    }
  return defect;
}

double orthogonality_departure(const Eigen::MatrixXd& u) {
  if (u.rows() != u.cols())
    throw std::invalid_argument("U must be square, got U of size " + std::to_string(u.rows()) + " x " +
                                std::to_string(u.cols()));
  return (u.transpose() * u - Eigen::MatrixXd::Identity(u.rows(), u.cols())).cwiseAbs().maxCoeff();
}

Eigen::MatrixXd integer_power(const Eigen::MatrixXd& a, long m) {
  if (a.rows() != a.cols())
    throw std::invalid_argument("A must be square, got A of size " + std::to_string(a.rows()) + " x " +
                                std::to_string(a.cols()));
  const Eigen::MatrixXd step = m >= 0 ? a : Eigen::MatrixXd(a.inverse());
  Eigen::MatrixXd out = Eigen::MatrixXd::Identity(a.rows(), a.cols());
  for (long i = 0; i < std::abs(m); ++i) out = out * step;
  return out;
}

Eigen::MatrixXd haar_orthogonal(Rng& rng, int n) {
  if (n < 1) throw std::invalid_argument("n must be >= 1, got n = " + std::to_string(n));
  const Eigen::MatrixXd g = rng.normal_matrix(n, n);
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(g);
  Eigen::MatrixXd q = qr.householderQ() * Eigen::MatrixXd::Identity(n, n);
  const Eigen::MatrixXd r = qr.matrixQR().triangularView<Eigen::Upper>();
  for (int i = 0; i < n; ++i)
    if (r(i, i) < 0) q.col(i) = -q.col(i);
  return q;
}

Eigen::MatrixXd orthogonal_from_normal_form(const Eigen::MatrixXd& q,
                                            const std::vector<double>& angles, int p,
                                            int p_prime) {
  if (p < 0 || p_prime < 0)
    throw std::invalid_argument("p and p_prime must be >= 0, got p = " + std::to_string(p) +
                                ", p_prime = " + std::to_string(p_prime));
  const long n = static_cast<long>(2 * angles.size()) + p + p_prime;
  if (q.rows() != n || q.cols() != n)
    throw std::invalid_argument("q must be " + std::to_string(n) + " x " + std::to_string(n) +
                                ", got " + std::to_string(q.rows()) + " x " +
                                std::to_string(q.cols()));
  return q * normal_block(angles, p, p_prime, 1) * q.transpose();
}

OrthogonalNormalForm random_normal_form(Rng& rng, int planes, int p, int p_prime) {
  if (planes < 0 || p < 0 || p_prime < 0 || 2 * planes + p + p_prime == 0)
    throw std::invalid_argument("a normal form needs planes, p, p_prime >= 0 and not all 0, got planes = " +
                                std::to_string(planes) + ", p = " + std::to_string(p) +
                                ", p_prime = " + std::to_string(p_prime));
  OrthogonalNormalForm form;
  for (int i = 0; i < planes; ++i) form.angles.push_back(rng.uniform(0.05, M_PI - 0.05));
  std::sort(form.angles.begin(), form.angles.end());
  form.p = p;
  form.p_prime = p_prime;
  form.q = haar_orthogonal(rng, 2 * planes + p + p_prime);
  return form;
}

}  // namespace pe
