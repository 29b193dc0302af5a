// The window's condition number at 200 digits (and its companions): each printed value of the
// conditioning unit must come out in seconds. Run: build/release/tests/benchmarks/bench_window_conditioning
#include <benchmark/benchmark.h>

#include "window_conditioning.hpp"

namespace {

// Direct JacobiSVD of the n x 16 window at Mp200 (the route behind the printed claims).
void BM_DirectSvdMp200(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(pe::window_singular_values_mp200(n, 16, pe::Mp200(10000)));
}
BENCHMARK(BM_DirectSvdMp200)->Arg(16)->Arg(64)->Arg(256)->Arg(4096)->Unit(benchmark::kMillisecond);

// Gram route, P^T P's eigenvalues at a chosen precision.
void BM_GramRoute(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0)), digits = static_cast<int>(state.range(1));
  for (auto _ : state) benchmark::DoNotOptimize(pe::window_condition_number(n, 16, 1e4, digits));
}
BENCHMARK(BM_GramRoute)
    ->Args({16, 200})->Args({64, 200})->Args({256, 200})->Args({4096, 200})->Args({4096, 300})
    ->Unit(benchmark::kMillisecond);

// The MPFI enclosure at 200 digits.
void BM_Enclosure(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(pe::window_condition_enclosure(n, 16, 1e4, 200));
}
BENCHMARK(BM_Enclosure)->Arg(16)->Arg(4096)->Unit(benchmark::kMillisecond);

// What double precision does in the same place.
void BM_DoubleSvd(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(pe::window_conditioning_double(n, 16, 1e4));
}
BENCHMARK(BM_DoubleSvd)->Arg(64)->Arg(4096)->Unit(benchmark::kMillisecond);

}  // namespace
