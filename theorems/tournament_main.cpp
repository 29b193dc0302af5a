// pe_tournament: trains (or loads from the cache) the article's length tournament, the
// `tournament.train` CTest fixture that every tournament claim requires, and prints every
// head's accuracy at every length and reading, the loss at the end of training, and the time.
#include <cstdio>
#include <iostream>

#include "tournament_results.hpp"

int main() {
  using namespace pe::experiments;
  try {
    const Tournament& t = pe::theorems::lab::tournament();
    std::printf("tournament: %d of %zu heads trained in this run, %.3f s wall (cache %s)\n",
                t.trained, t.heads.size(), t.seconds, PE_CACHE_DIR);
    std::printf("%-11s %-5s %-6s %10s", "scheme", "seed", "read", "final loss");
    for (int length : t.config.test_lengths) std::printf(" %7d", length);
    std::printf("\n");
    for (const HeadRun& h : t.heads) {
      for (const char* reading : {"plain", "pi", "ntk", "yarn"}) {
        if (!h.find(reading, t.config.test_lengths.front())) continue;
        std::printf("%-11s %-5d %-6s %10.4f", to_string(h.scheme).c_str(), h.seed, reading,
                    h.loss_trace.back());
        for (int length : t.config.test_lengths) {
          const AccuracyCount* a = h.find(reading, length);
          if (a) std::printf(" %7.4f", a->value());
          else std::printf(" %7s", "-");
        }
        std::printf("\n");
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "pe_tournament: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
