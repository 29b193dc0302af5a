#include "rope.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pe {
namespace {

using Complex = std::complex<double>;

void require_even_size(Eigen::Index size, const char* parameter) {
  if (size <= 0 || size % 2 != 0)
    throw std::invalid_argument(std::string(parameter) + " must have an even, positive number "
                                "of entries, got " + parameter + ".size() = " +
                                std::to_string(size));
}

void require_same_planes(std::size_t h_size, std::size_t planes) {
  if (h_size != planes)
    throw std::invalid_argument("h must have one entry per frequency (" + std::to_string(planes) +
                                "), got h.size() = " + std::to_string(h_size));
}

void require_interpolation_domain(double delta1, double delta2, double delta) {
  if (!(delta1 < delta2))
    throw std::invalid_argument("delta1 must be < delta2, got delta1 = " + std::to_string(delta1) +
                                ", delta2 = " + std::to_string(delta2));
  if (!(delta >= delta1 && delta <= delta2))
    throw std::invalid_argument("delta must lie in [delta1, delta2] = [" + std::to_string(delta1) +
                                ", " + std::to_string(delta2) + "], got delta = " +
                                std::to_string(delta));
}

Complex plane(const Eigen::VectorXd& v, std::size_t j) { return {v(2 * j), v(2 * j + 1)}; }

}  // namespace

void require_plane_entries(Eigen::Index size, std::size_t planes, const char* parameter) {
  if (size != static_cast<Eigen::Index>(2 * planes))
    throw std::invalid_argument(std::string(parameter) + " must have 2 * frequencies.size() = " +
                                std::to_string(2 * planes) + " entries, got " + parameter +
                                ".size() = " + std::to_string(size));
}

Eigen::VectorXd rope_rotate(const Eigen::VectorXd& v, double position,
                            const std::vector<double>& frequencies) {
  return rope_rotate<double>(v, position, frequencies);
}

double rope_offset_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double delta,
                         const std::vector<double>& frequencies) {
  return rope_offset_score<double>(q, k, delta, frequencies);
}

Eigen::MatrixXd rope_scores(const Eigen::MatrixXd& queries, const Eigen::MatrixXd& keys,
                            const std::vector<double>& positions,
                            const std::vector<double>& frequencies, double tau) {
  return rope_scores<double>(queries, keys, positions, frequencies, tau);
}

double TrigonometricPolynomial::operator()(double delta) const {
  double sum = 0;
  for (std::size_t j = 0; j < amplitudes.size(); ++j)
    sum += amplitudes[j] * std::cos(delta * frequencies[j] + phases[j]);
  return sum;
}

TrigonometricPolynomial offset_score_polynomial(const Eigen::VectorXd& q, const Eigen::VectorXd& k,
                                                const std::vector<double>& frequencies) {
  require_plane_entries(q.size(), frequencies.size(), "q");
  require_plane_entries(k.size(), frequencies.size(), "k");
  TrigonometricPolynomial poly;
  poly.frequencies = frequencies;
  for (std::size_t j = 0; j < frequencies.size(); ++j) {
    const Complex qj = plane(q, j), kj = plane(k, j);
    poly.amplitudes.push_back(std::abs(qj) * std::abs(kj));
    // The angle from q_j to k_j, reduced to (-pi, pi]: arg(conj(q_j) k_j).
    poly.phases.push_back(std::arg(std::conj(qj) * kj));
  }
  return poly;
}

std::vector<Complex> plane_products(const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
  require_even_size(q.size(), "q");
  if (k.size() != q.size())
    throw std::invalid_argument("k must have q.size() = " + std::to_string(q.size()) +
                                " entries, got k.size() = " + std::to_string(k.size()));
  std::vector<Complex> h(q.size() / 2);
  for (std::size_t j = 0; j < h.size(); ++j) h[j] = std::conj(plane(q, j)) * plane(k, j);
  return h;
}

Complex complex_offset_sum(const std::vector<Complex>& h, double delta,
                           const std::vector<double>& frequencies) {
  require_same_planes(h.size(), frequencies.size());
  Complex sum = 0;
  for (std::size_t j = 0; j < h.size(); ++j) sum += h[j] * std::polar(1.0, delta * frequencies[j]);
  return sum;
}

double decay_envelope(double delta, const std::vector<double>& frequencies) {
  Complex partial = 0;  // S_j, accumulated plane by plane
  double envelope = 0;
  for (double theta : frequencies) {
    partial += std::polar(1.0, delta * theta);
    envelope += std::abs(partial);
  }
  return envelope;
}

double summation_by_parts_bound(const std::vector<Complex>& h, double delta,
                                const std::vector<double>& frequencies) {
  require_same_planes(h.size(), frequencies.size());
  double largest_step = 0;
  for (std::size_t j = 0; j < h.size(); ++j) {
    const Complex next = j + 1 < h.size() ? h[j + 1] : Complex(0);  // h_{d/2} = 0
    largest_step = std::max(largest_step, std::abs(next - h[j]));
  }
  return largest_step * decay_envelope(delta, frequencies);
}

std::vector<EnvelopeOctave> envelope_by_octave(const std::vector<double>& frequencies,
                                               int octaves) {
  if (octaves < 1 || octaves > 40)
    throw std::invalid_argument("octaves must be in 1..40, got octaves = " +
                                std::to_string(octaves));
  std::vector<EnvelopeOctave> out;
  for (int k = 0; k < octaves; ++k) {
    EnvelopeOctave octave;
    octave.first = 1L << k;
    octave.last = (1L << (k + 1)) - 1;
    double sum = 0, previous = 0;
    for (long delta = octave.first; delta <= octave.last; ++delta) {
      const double e = decay_envelope(double(delta), frequencies);
      sum += e;
      if (delta > octave.first) {
        if (e > previous) ++octave.rises;
        if (e < previous) ++octave.falls;
      }
      previous = e;
    }
    octave.mean = sum / double(octave.last - octave.first + 1);
    out.push_back(octave);
  }
  return out;
}

double interpolation_bound(const std::vector<Complex>& h, const std::vector<double>& frequencies,
                           double delta1, double delta2, double delta) {
  require_same_planes(h.size(), frequencies.size());
  require_interpolation_domain(delta1, delta2, delta);
  double curvature = 0;  // sum_j |h_j| theta_j^2 bounds |a''|
  for (std::size_t j = 0; j < h.size(); ++j)
    curvature += std::abs(h[j]) * frequencies[j] * frequencies[j];
  return 0.5 * (delta - delta1) * (delta2 - delta) * curvature;
}

double interpolation_error(const std::vector<Complex>& h, const std::vector<double>& frequencies,
                           double delta1, double delta2, double delta) {
  require_interpolation_domain(delta1, delta2, delta);
  const double a1 = complex_offset_sum(h, delta1, frequencies).real();
  const double a2 = complex_offset_sum(h, delta2, frequencies).real();
  const double weight = (delta - delta1) / (delta2 - delta1);
  return complex_offset_sum(h, delta, frequencies).real() - ((1 - weight) * a1 + weight * a2);
}

}  // namespace pe
