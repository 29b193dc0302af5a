#include "training.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace pe::experiments {

void AdamSettings::validate() const {
  if (!(std::isfinite(learning_rate) && learning_rate > 0))
    throw std::invalid_argument("learning_rate must be finite and > 0, got learning_rate = " +
                                std::to_string(learning_rate));
  if (!(beta1 >= 0 && beta1 < 1))
    throw std::invalid_argument("beta1 must lie in [0, 1), got beta1 = " + std::to_string(beta1));
  if (!(beta2 >= 0 && beta2 < 1))
    throw std::invalid_argument("beta2 must lie in [0, 1), got beta2 = " + std::to_string(beta2));
  if (!(std::isfinite(epsilon) && epsilon > 0))
    throw std::invalid_argument("epsilon must be finite and > 0, got epsilon = " +
                                std::to_string(epsilon));
}

Adam::Adam(Eigen::Index size, const AdamSettings& settings)
    : settings_(settings), first_(Eigen::VectorXd::Zero(size)), second_(Eigen::VectorXd::Zero(size)) {
  settings_.validate();
}

void Adam::step(Eigen::VectorXd& parameters, const Eigen::VectorXd& gradient) {
  step(parameters, gradient, settings_.learning_rate);
}

void Adam::step(Eigen::VectorXd& parameters, const Eigen::VectorXd& gradient, double learning_rate) {
  if (parameters.size() != first_.size() || gradient.size() != first_.size())
    throw std::invalid_argument("Adam::step: parameters and gradient must have " +
                                std::to_string(first_.size()) + " entries, got " +
                                std::to_string(parameters.size()) + " and " +
                                std::to_string(gradient.size()));
  ++steps_;
  const double b1 = settings_.beta1, b2 = settings_.beta2;
  beta1_power_ *= b1;
  beta2_power_ *= b2;
  const double step_size = learning_rate / (1 - beta1_power_);
  const double second_correction = 1 / (1 - beta2_power_);
  first_ = b1 * first_ + (1 - b1) * gradient;
  second_ = b2 * second_ + (1 - b2) * gradient.cwiseAbs2();
  parameters.array() -= step_size * first_.array() /
                        ((second_.array() * second_correction).sqrt() + settings_.epsilon);
}

void TrainingSettings::validate() const {
  if (steps < 1)
    throw std::invalid_argument("training steps must be >= 1, got steps = " + std::to_string(steps));
  if (batch < 1)
    throw std::invalid_argument("batch must be >= 1, got batch = " + std::to_string(batch));
  if (warmup_steps < 0 || warmup_steps >= steps)
    throw std::invalid_argument("warmup_steps must lie in [0, steps), got warmup_steps = " +
                                std::to_string(warmup_steps) + " with steps = " + std::to_string(steps));
  if (loss_window < 1)
    throw std::invalid_argument("loss_window must be >= 1, got loss_window = " +
                                std::to_string(loss_window));
  adam.validate();
}

std::string to_string(LearningRateSchedule schedule) {
  return schedule == LearningRateSchedule::constant ? "constant" : "cosine";
}

LearningRateSchedule learning_rate_schedule_from_string(const std::string& name) {
  if (name == "constant") return LearningRateSchedule::constant;
  if (name == "cosine") return LearningRateSchedule::cosine;
  throw std::invalid_argument("unknown learning-rate schedule '" + name +
                              "' (valid: constant, cosine)");
}

double TrainingSettings::learning_rate_at(int step) const {
  const double peak = adam.learning_rate;
  if (schedule == LearningRateSchedule::constant) return peak;
  if (step < warmup_steps) return peak * double(step + 1) / double(warmup_steps);
  // Cosine from the peak at the first step after the warm-up to zero at the last step.
  const int span = steps - warmup_steps - 1;
  if (span <= 0) return peak;
  const double progress = double(step - warmup_steps) / double(span);
  return peak * 0.5 * (1 + std::cos(std::acos(-1.0) * progress));
}

std::vector<double> train(AttentionHead& head, const TrainingSettings& settings,
                          const ExampleSampler& sampler, Rng& data_rng) {
  settings.validate();
  if (!sampler) throw std::invalid_argument("train: the example sampler is empty");
  Adam adam(head.parameters().size(), settings.adam);
  HeadEvaluator evaluator;
  std::vector<Example> batch(settings.batch);
  Eigen::VectorXd gradient;
  std::vector<double> trace;
  double window_sum = 0;
  int window_count = 0;
  for (int step = 0; step < settings.steps; ++step) {
    for (Example& e : batch) sampler(data_rng, e);
    window_sum += evaluator.loss_and_gradient(head, batch, &gradient);
    adam.step(head.parameters(), gradient, settings.learning_rate_at(step));
    if (++window_count == settings.loss_window || step + 1 == settings.steps) {
      trace.push_back(window_sum / window_count);
      window_sum = 0;
      window_count = 0;
    }
  }
  return trace;
}

}  // namespace pe::experiments
