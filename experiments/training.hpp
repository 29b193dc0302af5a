/// @file
/// @brief Adam and the training loop: a head trained on batches drawn from any example
/// sampler, with the loss at each example's last position.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <vector>

#include "attention_head.hpp"
#include "random.hpp"

namespace pe::experiments {

/// Adam's constants (Kingma and Ba 2015); the defaults are the usual ones.
struct AdamSettings {
  double learning_rate = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double epsilon = 1e-8;
  /// Throws std::invalid_argument unless learning_rate > 0, betas in [0, 1), epsilon > 0.
  void validate() const;
};

/// Adam with bias-corrected moments.
class Adam {
 public:
  Adam(Eigen::Index size, const AdamSettings& settings);
  /// parameters -= lr * mhat / (sqrt(vhat) + eps).
  void step(Eigen::VectorXd& parameters, const Eigen::VectorXd& gradient);
  long steps() const { return steps_; }

 private:
  AdamSettings settings_;
  Eigen::VectorXd first_, second_;
  long steps_ = 0;
  double beta1_power_ = 1, beta2_power_ = 1;
};

struct TrainingSettings {
  int steps = 1500;
  int batch = 64;
  AdamSettings adam;
  int loss_window = 100;  ///< the loss trace averages the batch loss over windows of this many steps
  /// Throws std::invalid_argument for steps < 1, batch < 1, loss_window < 1 or bad Adam constants.
  void validate() const;
};

/// Fills one example (reusing its storage) from the generator.
using ExampleSampler = std::function<void(Rng&, Example&)>;

/// Trains `head` in place on fresh batches from `sampler` drawn with `data_rng`; returns the
/// loss trace (mean batch loss per window of settings.loss_window steps).
std::vector<double> train(AttentionHead& head, const TrainingSettings& settings,
                          const ExampleSampler& sampler, Rng& data_rng);

}  // namespace pe::experiments
