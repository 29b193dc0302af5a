// pe_tournament: selects the training recipe (training or loading every grid head), trains (or
// loads from the cache) the headline tournament in it, the `tournament.train` CTest fixture that
// every tournament claim requires, and prints the grid's validation figures, every head's
// validation loss and accuracy, degenerate heads, and every accuracy at every length and read-time map.
#include <cstdio>
#include <iostream>
#include <string>

#include "headline_runs.hpp"
#include "words.hpp"

int main(int argc, char** argv) {
  using namespace pe::experiments;
  const char* usage = "usage: pe_tournament\n";
  if (argc > 1) {
    const std::string arg = argv[1];
    if (arg == "--help" || arg == "-h") {
      std::cout << usage << "\n"
                << pe::wrap_words("Selects the tournament's training recipe (training or loading every head of "
                                  "the grid from the cache), trains or loads the 20-seed tournament in it, and "
                                  "prints the grid's validation figures, every head's validation loss, accuracy "
                                  "and degenerate flag, and every accuracy at every test length and read-time map. It "
                                  "is the CTest fixture tournament.train.", 80);
      return 0;
    }
    std::cerr << "pe_tournament: takes no argument, got '" << arg << "'\n" << usage;
    return 2;
  }
  try {
    const RecipeSelection& selection = pe::experiments::tournament_selection();
    std::printf("recipe selection (%s)\n%-36s %12s %12s %6s %10s\n", selection_rule().c_str(), "recipe",
                "val. loss", "val. acc.", "heads", "degenerate");
    for (std::size_t i = 0; i < selection.scores.size(); ++i) {
      const RecipeScore& r = selection.scores[i];
      std::printf("%-36s %12.5f %12.4f %6d %10d%s\n", r.recipe.name().c_str(), r.mean_validation_loss,
                  r.mean_validation_accuracy, r.heads, r.degenerate, i == selection.chosen ? "  <- chosen" : "");
    }
    const Tournament& t = pe::experiments::headline_tournament();
    std::printf("tournament: %d of %zu heads trained in this run, %.3f s wall (cache %s)\n",
                t.trained, t.heads.size(), t.seconds, PE_CACHE_DIR);
    std::printf("%-11s %-5s %-6s %10s %9s", "scheme", "seed", "read", "val. loss", "val. acc.");
    for (int length : t.config.test_lengths) std::printf(" %7d", length);
    std::printf("\n");
    for (const HeadRun& h : t.heads) {
      for (const char* map_name : {"plain", "pi", "ntk", "yarn"}) {
        if (!h.find(map_name, t.config.test_lengths.front())) continue;
        std::printf("%-11s %-5d %-6s %10.4f %9.4f", to_string(h.scheme).c_str(), h.seed, map_name,
                    h.validation_loss, double(h.validation_correct) / t.config.validation_sequences);
        for (int length : t.config.test_lengths) {
          const AccuracyCount* a = h.find(map_name, length);
          if (a) std::printf(" %7.4f", a->value());
          else std::printf(" %7s", "-");
        }
        const std::string reason = degenerate_reason(t, h);
        std::printf("%s\n", reason.empty() ? "" : ("  degenerate: " + reason).c_str());
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "pe_tournament: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
