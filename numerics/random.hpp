/// @file
/// @brief The project's one source of randomness: a seeded generator with Boost.Random's
/// distributions, which (unlike std::normal_distribution) give the same draws on every
/// standard library.
#pragma once

#include <Eigen/Core>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cstdint>
#include <utility>

namespace pe {

/// splitmix64 of (a, b): derives independent seeds from a root seed and an index.
inline std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a + 0x9e3779b97f4a7c15ULL * (b + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  double normal() { return boost::random::normal_distribution<double>()(engine_); }
  double uniform() { return boost::random::uniform_01<double>()(engine_); }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  /// Uniform integer in [lo, hi].
  long integer(long lo, long hi) {
    return boost::random::uniform_int_distribution<long>(lo, hi)(engine_);
  }
  bool bernoulli(double p) { return uniform() < p; }

  /// Fisher-Yates shuffle of [first, last) with this generator (std::shuffle's draws differ
  /// between standard libraries).
  template <class It>
  void shuffle(It first, It last) {
    for (long i = static_cast<long>(last - first) - 1; i > 0; --i)
      std::swap(first[i], first[integer(0, i)]);
  }

  Eigen::MatrixXd normal_matrix(Eigen::Index rows, Eigen::Index cols, double scale = 1.0) {
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index j = 0; j < cols; ++j)
      for (Eigen::Index i = 0; i < rows; ++i) m(i, j) = scale * normal();
    return m;
  }
  Eigen::VectorXd normal_vector(Eigen::Index n, double scale = 1.0) {
    return normal_matrix(n, 1, scale);
  }

  boost::random::mt19937_64& engine() { return engine_; }

 private:
  boost::random::mt19937_64 engine_;
};

}  // namespace pe
