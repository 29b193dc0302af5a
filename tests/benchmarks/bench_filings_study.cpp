// Speed of the finance case study: reading every held-out filing at every position with one
// head under each reader (one-pass for the plain readers, per-question for the rescaled RoPE
// readers), and the whole 12-head study trained and read on two threads without a cache.
#include <benchmark/benchmark.h>

#include "filings_study.hpp"

namespace {

using namespace pe::experiments;

const pe::filings::Corpus& corpus() {
  static const pe::filings::Corpus c = pe::filings::generate_corpus(20261129, 300, 100);
  return c;
}

void BM_ReadHeldOut(benchmark::State& state) {
  const FilingReader reader = all_filing_readers()[static_cast<std::size_t>(state.range(0))];
  pe::Rng rng(1);
  const AttentionHead head =
      AttentionHead::initialised(article_filings_study().head_shape(scheme_of(reader)), rng);
  for (auto _ : state) {
    long answered = 0;
    for (const pe::filings::Document& d : corpus().held_out) {
      std::vector<int> positions;
      for (const pe::filings::Query& q : pe::filings::queries(d)) positions.push_back(q.position);
      answered += static_cast<long>(read_filing(head, reader, d, positions, 32).size());
    }
    benchmark::DoNotOptimize(answered);
  }
  state.SetLabel(to_string(reader));
}
BENCHMARK(BM_ReadHeldOut)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

void BM_WholeStudy(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(run_filings_study(article_filings_study(), corpus(), "", 2));
}
BENCHMARK(BM_WholeStudy)->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
