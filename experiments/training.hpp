/// @file
/// @brief Adam and the training loop: a head trained on batches drawn from any example
/// sampler, with the loss at each example's last position.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "head_readers.hpp"
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
  /// parameters -= lr * mhat / (sqrt(vhat) + eps), with the settings' learning rate.
  void step(Eigen::VectorXd& parameters, const Eigen::VectorXd& gradient);
  /// The same step with the learning rate a schedule gives for this step.
  void step(Eigen::VectorXd& parameters, const Eigen::VectorXd& gradient, double learning_rate);
  long steps() const { return steps_; }

 private:
  AdamSettings settings_;
  Eigen::VectorXd first_, second_;
  long steps_ = 0;
  double beta1_power_ = 1, beta2_power_ = 1;
};

/// How the learning rate moves over training: held at adam.learning_rate, or a linear warm-up
/// over warmup_steps followed by a cosine decay to zero at the last step.
enum class LearningRateSchedule { constant, cosine };

/// "constant", "cosine".
std::string to_string(LearningRateSchedule schedule);
/// Inverse of to_string; throws std::invalid_argument naming the unknown schedule.
LearningRateSchedule learning_rate_schedule_from_string(const std::string& name);

struct TrainingSettings {
  int steps = 1500;
  int batch = 64;
  AdamSettings adam;
  LearningRateSchedule schedule = LearningRateSchedule::constant;
  int warmup_steps = 0;   ///< cosine only: steps of linear warm-up before the decay
  int loss_window = 100;  ///< the loss trace averages the batch loss over windows of this many steps
  /// Throws std::invalid_argument for steps < 1, batch < 1, loss_window < 1, a warm-up outside
  /// [0, steps) or bad Adam constants.
  void validate() const;
  /// The learning rate Adam uses at step 0..steps-1.
  double learning_rate_at(int step) const;
};

/// Fills one example (reusing its storage) from the generator.
using ExampleSampler = std::function<void(Rng&, Example&)>;

/// Trains `head` in place on fresh batches from `sampler` drawn with `data_rng`; returns the
/// loss trace (mean batch loss per window of settings.loss_window steps).
std::vector<double> train(AttentionHead& head, const TrainingSettings& settings,
                          const ExampleSampler& sampler, Rng& data_rng);

}  // namespace pe::experiments
