// pe_sweep: the sensitivity sweep. Every claim of the experiment units that reads a trained
// head is evaluated again in every training recipe of the grid (experiments/recipes.hpp), with
// kGridSeeds seeds per recipe, or the headline runs in a recipe the rule selected. The verdicts
// go to <report>/sweep.txt, which pe_report merges into claims.json as settings_run,
// settings_held and reproduction. A claim that never asks for a trained run is exact and is
// not swept. Heads are trained once and cached like the headline runs' (CTest fixture
// `sweep.run`, label `sweep`).
//
//     pe_sweep [--threads N]
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "case_study_corpus.hpp"
#include "ledger.hpp"
#include "result_cache.hpp"
#include "sweep.hpp"
#include "tournament_results.hpp"

namespace {

using namespace pe::experiments;
namespace lab = pe::theorems::lab;
namespace ledger = pe::ledger;

char verdict_letter(const ledger::Claim& claim) {
  try {
    return claim.evaluate().verdict == ledger::Verdict::holds ? 'h' : 'f';
  } catch (const std::exception&) {
    return 'e';
  }
}

}  // namespace

int main(int argc, char** argv) {
  int threads = 2;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--threads" && i + 1 < argc) {
      threads = std::stoi(argv[++i]);
    } else {
      std::cerr << "usage: pe_sweep [--threads N]\n";
      return 2;
    }
  }
  try {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<TrainingRecipe> settings = pe::theorems::sweep_settings();
    const TrainingRecipe& tournament_choice = lab::tournament_selection().recipe();
    const TrainingRecipe& filings_choice = lab::filings_selection().recipe();

    // Which claims read trained heads: evaluated once on the headline runs.
    std::vector<const ledger::Claim*> swept;
    std::vector<char> headline_letters;
    for (const std::string& unit : pe::theorems::experiment_units())
      for (const ledger::Claim* claim : ledger::claims_of_unit(unit)) {
        const long before = lab::training_reads();
        const char letter = verdict_letter(*claim);
        if (lab::training_reads() != before) {
          swept.push_back(claim);
          headline_letters.push_back(letter);
        }
      }

    // Every setting's runs, trained or loaded with the whole machine.
    std::vector<std::unique_ptr<Tournament>> tournaments;
    std::vector<std::unique_ptr<FilingsStudy>> studies;
    int trained = 0;
    for (const TrainingRecipe& s : settings) {
      tournaments.push_back(s == tournament_choice
                                ? nullptr
                                : std::make_unique<Tournament>(run_tournament(
                                      tournament_with(s, kGridSeeds), PE_CACHE_DIR)));
      studies.push_back(s == filings_choice
                            ? nullptr
                            : std::make_unique<FilingsStudy>(run_filings_study(
                                  filings_study_with(s, kGridSeeds), pe::theorems::case_study_corpus(),
                                  PE_CACHE_DIR)));
      trained += (tournaments.back() ? tournaments.back()->trained : 0) +
                 (studies.back() ? studies.back()->trained : 0);
    }
    const double training_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // Every swept claim in every setting; settings run in parallel, each thread reading its own.
    std::vector<std::string> verdicts(swept.size(), std::string(settings.size(), '?'));
    std::vector<std::size_t> items(settings.size());
    for (std::size_t i = 0; i < items.size(); ++i) items[i] = i;
    for_each_in_parallel(items, threads, [&](std::size_t s) {
      const Tournament& t = tournaments[s] ? *tournaments[s] : lab::headline_tournament();
      const FilingsStudy& f = studies[s] ? *studies[s] : lab::headline_filings_study();
      const lab::ActiveRuns active(t, f);
      for (std::size_t c = 0; c < swept.size(); ++c) verdicts[c][s] = verdict_letter(*swept[c]);
    });

    pe::theorems::SweepResult result;
    for (const TrainingRecipe& s : settings) result.settings.push_back(s.id());
    for (std::size_t c = 0; c < swept.size(); ++c) {
      result.verdicts[swept[c]->id] = verdicts[c];
      result.selected[swept[c]->id] = headline_letters[c];
    }
    const std::string path = std::string(PE_REPORT_DIR) + "/sweep.txt";
    std::filesystem::create_directories(PE_REPORT_DIR);
    write_sealed(path, pe::theorems::serialise(result));

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("sweep: %zu settings x %zu claims that read trained heads; %d heads trained in this run; "
                "%.1f s training or loading, %.1f s in all (threads %d)\n",
                settings.size(), swept.size(), trained, training_seconds, seconds, threads);
    std::printf("%-34s %s\n", "setting", "claims holding");
    for (std::size_t s = 0; s < settings.size(); ++s) {
      int held = 0;
      for (const std::string& v : verdicts) held += v[s] == 'h';
      std::printf("%-34s %d of %zu%s%s\n", settings[s].id().c_str(), held, swept.size(),
                  settings[s] == tournament_choice ? " (tournament's recipe)" : "",
                  settings[s] == filings_choice ? " (filings' recipe)" : "");
    }
    std::printf("wrote %s\n", path.c_str());
  } catch (const std::exception& e) {
    std::cerr << "pe_sweep: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
