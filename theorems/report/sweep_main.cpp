// pe_sweep: the sensitivity sweep. Every claim of the experiment units that reads a trained
// head is evaluated again under every reading of the article (experiments/recipes.hpp,
// article_readings) in every training recipe of that reading's settings (theorems/sweep.hpp).
// A family of heads that is plausible in a setting trains kSelectedSeeds seeds there, as the
// headline runs do; the others keep the grid's kGridSeeds and take no part in any class. The
// verdicts go to <report>/sweep.txt, which pe_report merges into claims.json as each claim's
// class, shares and per-reading verdicts. A claim that never asks for a trained run is exact and
// is not swept. Heads are trained once and cached like the headline runs' (CTest fixture
// `sweep.run`, label `sweep`). The verdicts are also kept in the cache under a hash of this
// program's bytes: a rerun of the same build reads them back instead of evaluating every swept claim in
// every setting again (`--fresh` evaluates anyway).
//
//     pe_sweep [--threads N] [--readings N] [--settings N] [--fresh]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "headline_runs.hpp"
#include "ledger.hpp"
#include "result_cache.hpp"
#include "sweep.hpp"
#include "lab.hpp"

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

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// One setting's runs: the grid's seeds first (for plausibility), then every seed where plausible.
struct SettingRuns {
  pe::theorems::SweepSetting setting;
  std::unique_ptr<Tournament> tournament;
  std::unique_ptr<FilingsStudy> study;
};

/// A hash of this program's own bytes: two runs with the same fingerprint compute the same
/// sweep (the heads, the corpus and the claims are deterministic functions of the code).
std::string program_fingerprint() {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  if (!in) return "";
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return pe::experiments::hex64(pe::experiments::fnv1a64(bytes.str()));
}

/// One line per setting: the reading, the recipe, for which family it is plausible, how many
/// swept claims hold in it.
void print_settings(const pe::theorems::SweepResult& result) {
  std::printf("%-24s %-34s %-10s %s\n", "reading", "setting", "plausible", "claims holding");
  for (std::size_t s = 0; s < result.settings.size(); ++s) {
    int held = 0;
    for (const auto& [id, c] : result.claims) held += c.letters[s] == 'h';
    const pe::theorems::SweepSetting& st = result.settings[s];
    std::printf("%-24s %-34s %-10s %d of %zu\n", st.reading.c_str(), st.recipe.c_str(),
                st.plausible_tournament && st.plausible_filings ? "both"
                : st.plausible_tournament                       ? "tournament"
                : st.plausible_filings                          ? "filings"
                                                                : "neither",
                held, result.claims.size());
  }
}

}  // namespace

int main(int argc, char** argv) {
  int threads = 2;
  std::size_t reading_count = article_readings().size();
  std::size_t setting_count = 0;  // 0: every setting of each reading's grid
  bool fresh = false;
  const char* usage = "usage: pe_sweep [--threads N] [--readings N] [--settings N] [--fresh]\n";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--threads" || arg == "--readings" || arg == "--settings") && i + 1 < argc) {
      int value = 0;
      try {
        value = std::stoi(argv[++i]);
      } catch (const std::exception&) {
        value = 0;
      }
      if (value < 1) {
        std::cerr << "pe_sweep: " << arg << " needs a positive whole number, got '" << argv[i] << "'\n" << usage;
        return 2;
      }
      if (arg == "--threads") threads = value;
      else if (arg == "--settings") setting_count = std::size_t(value);
      else reading_count = std::min<std::size_t>(reading_count, std::size_t(value));
    } else if (arg == "--fresh") {
      fresh = true;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << usage
                << "\nEvaluates every experiment claim under the article's readings (all "
                << article_readings().size()
                << " by default; --readings N keeps the first N, the headline reading first) in every "
                   "training recipe of each reading's grid (--settings N: N of them, evenly spaced, "
                   "which runs the same code at a fraction of the cost, for the sanitizer build), and "
                   "writes report/sweep.txt. The verdicts "
                   "are kept in the cache under a hash of this program, so a rerun of the same build "
                   "reads them back; --fresh evaluates them again.\n";
      return 0;
    } else {
      std::cerr << "pe_sweep: unknown argument '" << arg << "'\n" << usage;
      return 2;
    }
  }
  try {
    const auto start = std::chrono::steady_clock::now();
    const std::string path = std::string(PE_REPORT_DIR) + "/sweep.txt";
    const std::string fingerprint = program_fingerprint();
    const std::string memo = fingerprint.empty() ? "" : std::string(PE_CACHE_DIR) + "/sweep/" + fingerprint +
                                                             "-readings" + std::to_string(reading_count) +
                                                             "-settings" + std::to_string(setting_count) + ".txt";
    if (!fresh && !memo.empty())
      if (const auto body = read_sealed(memo)) {
        pe::theorems::SweepResult cached;
        if (pe::theorems::parse(*body, cached)) {
          std::filesystem::create_directories(PE_REPORT_DIR);
          write_sealed(path, *body);
          std::printf("sweep: %zu settings, %zu claims, read back from %s (this build evaluated them "
                      "before; --fresh evaluates again); %.1f s\n",
                      cached.settings.size(), cached.claims.size(), memo.c_str(), seconds_since(start));
          print_settings(cached);
          std::printf("wrote %s\n", path.c_str());
          return 0;
        }
      }
    const pe::filings::Corpus& corpus = pe::experiments::case_study_corpus();

    // Which claims read trained heads, and which families: evaluated once on the headline runs.
    std::vector<const ledger::Claim*> swept;
    pe::theorems::SweepResult result;
    for (const std::string& unit : pe::theorems::experiment_units())
      for (const ledger::Claim* claim : ledger::claims_of_unit(unit)) {
        const long before = lab::training_reads();
        lab::reset_families_read();
        const char letter = verdict_letter(*claim);
        if (lab::training_reads() != before) {
          swept.push_back(claim);
          result.claims[claim->id] = {lab::families_read(), std::string(1, letter), ""};
        }
      }
    std::printf("sweep: %zu claims read trained heads (%.1f s)\n", swept.size(), seconds_since(start));

    int trained = 0;
    const std::vector<ModelReading> readings(article_readings().begin(),
                                             article_readings().begin() + long(reading_count));
    for (std::size_t r = 0; r < readings.size(); ++r) {
      const ModelReading& reading = readings[r];
      const auto reading_start = std::chrono::steady_clock::now();
      const RecipeSelection tournament_choice = tournament_recipe_selection(PE_CACHE_DIR, threads, reading);
      const RecipeSelection filings_choice = filings_recipe_selection(corpus, PE_CACHE_DIR, threads, reading);
      result.readings.push_back({reading.id(), tournament_choice.recipe().id(), filings_choice.recipe().id()});

      // The reading's verdicts on its own selected runs (the headline reading's are step one's).
      if (r > 0) {
        const Tournament t = run_tournament(tournament_with(tournament_choice.recipe(), kSelectedSeeds, reading),
                                            PE_CACHE_DIR, threads);
        const FilingsStudy f = run_filings_study(
            filings_study_with(filings_choice.recipe(), kSelectedSeeds, reading), corpus, PE_CACHE_DIR, threads);
        trained += t.trained + f.trained;
        const lab::ActiveRuns active(t, f);
        for (const ledger::Claim* c : swept) result.claims[c->id].readings += verdict_letter(*c);
      }

      // Every setting at the grid's seeds, scored for plausibility against the reading's best.
      std::vector<SettingRuns> runs;
      double best_tournament = HUGE_VAL, best_filings = HUGE_VAL;
      std::vector<RecipeScore> tournament_scores, filings_scores;
      std::vector<TrainingRecipe> settings = pe::theorems::sweep_settings(reading), settings_kept;
      for (const TrainingRecipe& s : settings) {
        SettingRuns sr;
        sr.setting.reading = reading.id();
        sr.setting.recipe = s.id();
        sr.tournament = std::make_unique<Tournament>(
            run_tournament(tournament_with(s, kGridSeeds, reading), PE_CACHE_DIR, threads));
        sr.study = std::make_unique<FilingsStudy>(
            run_filings_study(filings_study_with(s, kGridSeeds, reading), corpus, PE_CACHE_DIR, threads));
        trained += sr.tournament->trained + sr.study->trained;
        tournament_scores.push_back(score_recipe(s, *sr.tournament));
        filings_scores.push_back(score_heads(s, sr.study->heads, sr.study->config.validation_windows,
                                             [&](const FilingHeadRun& h) { return sr.study->degenerate_reason(h); }));
        best_tournament = std::min(best_tournament, tournament_scores.back().mean_validation_loss);
        best_filings = std::min(best_filings, filings_scores.back().mean_validation_loss);
        runs.push_back(std::move(sr));
      }
      // Plausibility is judged against the whole grid's best; --settings N then keeps N of the
      // settings, evenly spaced over the grid (its first and last included), so that plausible
      // and implausible settings of both families stay in.
      if (setting_count > 0 && setting_count < runs.size()) {
        std::vector<SettingRuns> kept;
        std::vector<RecipeScore> kept_tournament, kept_filings;
        for (std::size_t k = 0; k < setting_count; ++k) {
          const std::size_t i = setting_count == 1 ? 0 : (k * (runs.size() - 1) + (setting_count - 1) / 2) / (setting_count - 1);
          kept.push_back(std::move(runs[i]));
          kept_tournament.push_back(tournament_scores[i]);
          kept_filings.push_back(filings_scores[i]);
          settings_kept.push_back(settings[i]);
        }
        runs = std::move(kept);
        tournament_scores = std::move(kept_tournament);
        filings_scores = std::move(kept_filings);
        settings = settings_kept;
      }
      int plausible_tournament = 0, plausible_filings = 0;
      for (std::size_t i = 0; i < runs.size(); ++i) {
        SettingRuns& sr = runs[i];
        sr.setting.plausible_tournament = plausible(tournament_scores[i], best_tournament);
        sr.setting.plausible_filings = plausible(filings_scores[i], best_filings);
        plausible_tournament += sr.setting.plausible_tournament;
        plausible_filings += sr.setting.plausible_filings;
        // A plausible family trains as many seeds as the selected recipe (the grid's are reused).
        if (sr.setting.plausible_tournament)
          sr.tournament = std::make_unique<Tournament>(
              run_tournament(tournament_with(settings[i], kSelectedSeeds, reading), PE_CACHE_DIR, threads));
        if (sr.setting.plausible_filings)
          sr.study = std::make_unique<FilingsStudy>(run_filings_study(
              filings_study_with(settings[i], kSelectedSeeds, reading), corpus, PE_CACHE_DIR, threads));
        trained += (sr.setting.plausible_tournament ? sr.tournament->trained : 0) +
                   (sr.setting.plausible_filings ? sr.study->trained : 0);
        sr.setting.tournament_seeds = sr.tournament->config.seeds;
        sr.setting.filings_seeds = sr.study->config.seeds;
      }

      // Every swept claim in every setting; settings run in parallel, each thread reading its own.
      std::vector<std::string> letters(swept.size(), std::string(runs.size(), '?'));
      std::vector<std::size_t> items(runs.size());
      for (std::size_t i = 0; i < items.size(); ++i) items[i] = i;
      for_each_in_parallel(items, threads, [&](std::size_t s) {
        const lab::ActiveRuns active(*runs[s].tournament, *runs[s].study);
        for (std::size_t c = 0; c < swept.size(); ++c) letters[c][s] = verdict_letter(*swept[c]);
      });
      for (std::size_t c = 0; c < swept.size(); ++c) result.claims[swept[c]->id].letters += letters[c];
      for (SettingRuns& sr : runs) result.settings.push_back(sr.setting);
      std::printf("reading %s: tournament recipe %s, filings recipe %s; %zu settings, %d plausible for the "
                  "tournament and %d for the filings; %.1f s\n",
                  reading.id().c_str(), tournament_choice.recipe().id().c_str(),
                  filings_choice.recipe().id().c_str(), runs.size(), plausible_tournament, plausible_filings,
                  seconds_since(reading_start));
      std::fflush(stdout);
    }
    // The headline letters were stored first in `letters`; move them to the readings column.
    for (auto& [id, c] : result.claims) {
      c.readings = c.letters.substr(0, 1) + c.readings;
      c.letters = c.letters.substr(1);
    }

    std::filesystem::create_directories(PE_REPORT_DIR);
    const std::string body = pe::theorems::serialise(result);
    write_sealed(path, body);
    if (!memo.empty()) write_sealed_or_warn(memo, body);

    std::printf("sweep: %zu readings, %zu settings, %zu claims; %d heads trained in this run; %.1f s in all "
                "(threads %d)\n",
                readings.size(), result.settings.size(), swept.size(), trained, seconds_since(start), threads);
    print_settings(result);
    std::printf("wrote %s\n", path.c_str());
  } catch (const std::exception& e) {
    std::cerr << "pe_sweep: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
