// The certified ledger: what deciding the printed numbers and bounds on MPFI enclosures costs.
// Run: build/release/tests/benchmarks/bench_certified
#include <benchmark/benchmark.h>


#include "cosine_integral.hpp"
#include "ledger.hpp"

namespace {

// Every printed and bound claim that reads no trained run, evaluated once as a test run
// evaluates it (the memoised 200-digit SVDs and enclosures are built inside).
void BM_DeterministicPrintedAndBoundClaims(benchmark::State& state) {
  for (auto _ : state) {
    int evaluated = 0, certified = 0;
    for (const pe::ledger::Claim& c : pe::ledger::all_claims()) {
      if (c.rule() != pe::ledger::Rule::printed && c.rule() != pe::ledger::Rule::bound) continue;
      if (c.reads != pe::ledger::kNoRuns) continue;
      const pe::ledger::Record r = pe::ledger::evaluate_record(c);
      ++evaluated;
      certified += r.certified == "true";
    }
    state.counters["claims"] = evaluated;
    state.counters["certified"] = certified;
  }
}
BENCHMARK(BM_DeterministicPrintedAndBoundClaims)->Iterations(1)->Unit(benchmark::kSecond);

// Ci(1024) enclosed: the series needs about 445 guard digits and some 1,400 terms.
void BM_CosineIntegralEnclosed(benchmark::State& state) {
  const pe::ScopedEnclosurePrecision precision(static_cast<unsigned>(state.range(0)));
  const pe::Enclosure x(1024);
  for (auto _ : state) benchmark::DoNotOptimize(pe::cosine_integral_enclosed(x));
}
BENCHMARK(BM_CosineIntegralEnclosed)->Arg(30)->Arg(240)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
