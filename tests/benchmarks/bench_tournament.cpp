// Speed of the attention lab: one training step at batch 64 and length 32 for each scheme
// (target: under 50 microseconds), drawing one batch, reading 2,000 test sequences at length
// 256, and the whole 15-head tournament trained and read on two threads (target: under 1.5 s
// wall time).
#include <benchmark/benchmark.h>

#include "length_tournament.hpp"

namespace {

using namespace pe::experiments;

struct StepFixture {
  AttentionHead head;
  std::vector<Example> batch;
  explicit StepFixture(PositionScheme scheme)
      : head([&] {
          pe::Rng rng(1);
          return initialised_head(article_tournament().head_shape(scheme), rng);
        }()) {
    pe::Rng rng(2);
    batch = article_tournament().task.sample(rng, 64);
  }
};

// Forward, hand-written backward and one Adam update on a fixed batch of 64 at length 32.
void BM_TrainingStep(benchmark::State& state) {
  const auto scheme = static_cast<PositionScheme>(state.range(0));
  StepFixture f(scheme);
  HeadEvaluator evaluator;
  Adam adam(f.head.parameters().size(), AdamSettings{});
  Eigen::VectorXd gradient;
  for (auto _ : state) {
    benchmark::DoNotOptimize(evaluator.loss_and_gradient(f.head, f.batch, &gradient));
    adam.step(f.head.parameters(), gradient);
  }
  state.SetLabel(to_string(scheme));
}
BENCHMARK(BM_TrainingStep)->DenseRange(0, 4)->Unit(benchmark::kMicrosecond);

// Drawing one batch of 64 cue-task sequences of length 32.
void BM_SampleBatch(benchmark::State& state) {
  const CueTask task = article_tournament().task;
  pe::Rng rng(3);
  std::vector<Example> batch(64);
  for (auto _ : state) {
    for (Example& e : batch) task.sample(rng, e);
    benchmark::DoNotOptimize(batch.data());
  }
}
BENCHMARK(BM_SampleBatch)->Unit(benchmark::kMicrosecond);

// Reading 2,000 test sequences of length 256 (plain).
void BM_Read256(benchmark::State& state) {
  const auto scheme = static_cast<PositionScheme>(state.range(0));
  StepFixture f(scheme);
  const std::vector<Example> test = tournament_test_set(article_tournament(), 256);
  HeadEvaluator evaluator;
  for (auto _ : state) benchmark::DoNotOptimize(evaluator.count_correct(f.head, test));
  state.SetLabel(to_string(scheme));
}
BENCHMARK(BM_Read256)->Arg(0)->Arg(1)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

// The article's tournament, 15 heads trained and read at every length, no cache.
void BM_Tournament(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(run_tournament(article_tournament(), "", threads));
}
BENCHMARK(BM_Tournament)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
