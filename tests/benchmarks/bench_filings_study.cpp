// Speed of the finance case study, part by part and whole, with no cache:
// - generating the corpus (300 training and 100 held-out filings);
// - training one head of each scheme, and all twelve heads one after another;
// - reading every held-out question with one head under each of the seven readers (one pass
//   per filing for the plain readers, one forward pass per question for the rescaled RoPE
//   readers), and with all twelve heads under every reader of their scheme;
// - the whole study (twelve heads trained and read, and the exhibit) on two threads;
// - pe_read_filing's reading of a generated 10,000- and 50,000-word document by all 21
//   head-readers, and each reader alone at 10,000 words.
// CPU times are the calling thread's, except for the whole study, which runs two threads and
// reports the process's CPU time beside its wall time.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include "filing_scan.hpp"
#include "filing_readers.hpp"

namespace {

using namespace pe::experiments;

const pe::experiments::Corpus& corpus() {
  static const pe::experiments::Corpus c = pe::experiments::generate_corpus(
      article_filings_study().corpus_seed, article_filings_study().train_documents,
      article_filings_study().held_out_documents);
  return c;
}

const FilingsTrainingSet& training_set() {
  static const FilingsTrainingSet set = filings_training_set(corpus().train);
  return set;
}

void BM_GenerateCorpus(benchmark::State& state) {
  const FilingsStudyConfig config = article_filings_study();
  for (auto _ : state)
    benchmark::DoNotOptimize(pe::experiments::generate_corpus(config.corpus_seed, config.train_documents,
                                                          config.held_out_documents));
}
BENCHMARK(BM_GenerateCorpus)->Unit(benchmark::kMillisecond);

void BM_TrainHead(benchmark::State& state) {
  const PositionScheme scheme = article_filings_study().schemes[static_cast<std::size_t>(state.range(0))];
  for (auto _ : state)
    benchmark::DoNotOptimize(train_filings_head(article_filings_study(), training_set(), scheme, 0));
  state.SetLabel(to_string(scheme));
}
BENCHMARK(BM_TrainHead)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

void BM_TrainTwelveHeads(benchmark::State& state) {
  const FilingsStudyConfig config = article_filings_study();
  for (auto _ : state)
    for (PositionScheme s : config.schemes)
      for (int k = 0; k < config.seeds; ++k)
        benchmark::DoNotOptimize(train_filings_head(config, training_set(), s, k));
  state.SetLabel("one thread");
}
BENCHMARK(BM_TrainTwelveHeads)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_ReadHeldOut(benchmark::State& state) {
  const FilingReader reader = all_filing_readers()[static_cast<std::size_t>(state.range(0))];
  pe::Rng rng(1);
  const AttentionHead head =
      initialised_head(article_filings_study().head_shape(scheme_of(reader)), rng);
  long answered = 0;
  for (auto _ : state) {
    const std::vector<int> answers = read_filings(head, reader, corpus().held_out, 32);
    answered = static_cast<long>(answers.size());
    benchmark::DoNotOptimize(answers.data());
  }
  state.SetLabel(to_string(reader) + ", " + std::to_string(answered) + " questions");
}
BENCHMARK(BM_ReadHeldOut)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

void BM_ReadHeldOutTwelveHeads(benchmark::State& state) {
  const FilingsStudyConfig config = article_filings_study();
  std::vector<AttentionHead> heads;
  pe::Rng rng(2);
  for (PositionScheme s : config.schemes)
    for (int k = 0; k < config.seeds; ++k)
      heads.push_back(initialised_head(config.head_shape(s), rng));
  for (auto _ : state)
    for (const AttentionHead& head : heads)
      for (FilingReader r : all_filing_readers())
        if (scheme_of(r) == head.shape().scheme)
          benchmark::DoNotOptimize(read_filings(head, r, corpus().held_out, config.window));
  state.SetLabel("21 head-reader pairs, one thread");
}
BENCHMARK(BM_ReadHeldOutTwelveHeads)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_WholeStudy(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(run_filings_study(article_filings_study(), corpus(), "", 2));
  state.SetLabel("two threads, no cache");
}
BENCHMARK(BM_WholeStudy)->Unit(benchmark::kSecond)->Iterations(1)->MeasureProcessCPUTime()->UseRealTime();

void BM_WholeStudyWithCorpus(benchmark::State& state) {
  const FilingsStudyConfig config = article_filings_study();
  for (auto _ : state) {
    const pe::experiments::Corpus c = pe::experiments::generate_corpus(
        config.corpus_seed, config.train_documents, config.held_out_documents);
    benchmark::DoNotOptimize(run_filings_study(config, c, "", 2));
  }
  state.SetLabel("corpus generated, then the study on two threads, no cache");
}
BENCHMARK(BM_WholeStudyWithCorpus)->Unit(benchmark::kSecond)->Iterations(1)->MeasureProcessCPUTime()->UseRealTime();

/// A generated marked document of `words` words (pe_write_filing's), tokenized.
std::vector<Token> document_of(long words) {
  const pe::experiments::Document d =
      pe::experiments::parse_marked_text(pe::experiments::generated_marked_text(1, words), "bench");
  return filing_tokens(pe::experiments::tokenize(d));
}

/// The 21 head-readers of pe_read_filing (7 readers x seeds 0-2), with heads trained here
/// (the default configuration, no cache): trained heads, because the reader skips the exponentials
/// of scores far below the largest, and how many there are depends on the weights.
const std::vector<ReaderColumn>& trained_columns() {
  static const std::vector<ReaderColumn> columns = [] {
    std::vector<ReaderColumn> out;
    for (FilingReader r : all_filing_readers())
      for (int k = 0; k < 3; ++k)
        out.push_back({r, train_filings_head(article_filings_study(), training_set(), scheme_of(r), k)});
    return out;
  }();
  return columns;
}

/// pe_read_filing's reading of one document at every position by the 21 head-readers on two
/// threads. Wall time with the process's CPU time beside it.
void BM_ReadDocument(benchmark::State& state) {
  const std::vector<Token> tokens = document_of(state.range(0));
  const std::vector<ReaderColumn>& columns = trained_columns();
  for (auto _ : state) benchmark::DoNotOptimize(read_document(columns, tokens, 32, 2));
  state.SetLabel(std::to_string(state.range(0)) + " words, " + std::to_string(tokens.size()) +
                 " tokens, 21 head-readers, two threads");
  // The process's peak resident memory so far (Linux reports kilobytes): the reader's memory
  // target is checked against it, an upper bound since the process also trained the heads.
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_resident_MiB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
}
BENCHMARK(BM_ReadDocument)->Arg(10000)->Arg(50000)->Unit(benchmark::kSecond)->Iterations(1)
    ->MeasureProcessCPUTime()->UseRealTime();

/// One head-reader (seed 0) alone on the 10,000-word document, one thread: which readers
/// cost what.
void BM_ReadDocumentOneReader(benchmark::State& state) {
  static const std::vector<Token> tokens = document_of(10000);
  const ReaderColumn& column = trained_columns()[3 * static_cast<std::size_t>(state.range(0))];
  const FilingReader reader = column.reader;
  for (auto _ : state) benchmark::DoNotOptimize(scan_filing(column.head, reader, tokens, 32));
  state.SetLabel(to_string(reader) + ", 10000 words");
}
BENCHMARK(BM_ReadDocumentOneReader)->DenseRange(0, 6)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
