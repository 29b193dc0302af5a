// pe_sweep: the sensitivity sweep. Every experiment claim (declared with the families of trained
// runs it reads, theorems/lab/runs.hpp) is evaluated again, on the runs of each setting, under
// every reading of the article (experiments/recipes.hpp,
// article_readings) in every training recipe of that reading's settings (theorems/report/sweep.hpp).
// A family of heads that is plausible in a setting trains kSelectedSeeds seeds there, as the
// headline runs do; the others keep the grid's kGridSeeds and take no part in any class. The
// verdicts go to <report>/sweep.txt, which pe_report merges into claims.json as each claim's
// class, shares and per-reading verdicts. A claim declared without runs is exact and is not
// swept. Heads are trained once and cached like the headline runs' (CTest fixture
// `sweep.run`, label `sweep`). The verdicts are also kept in the cache under a hash of this
// program's bytes: a rerun of the same build reads them back instead of evaluating every swept claim in
// every setting again (`--fresh` evaluates anyway).
//
//     pe_sweep [--threads N] [--readings N] [--settings N] [--fresh]
#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "20-order/bag_of_tokens.hpp"
#include "headline_runs.hpp"
#include "ledger.hpp"
#include "result_cache.hpp"
#include "sweep.hpp"
#include "runs.hpp"
#include "words.hpp"

namespace {

using namespace pe::experiments;
namespace lab = pe::theorems::lab;
namespace ledger = pe::ledger;

/// A claim evaluated on the runs it is given: its letter (h holds, f fails, e threw) and the
/// quantity it decided on (ledger::Outcome::estimate).
struct Evaluation {
  char letter = 'e';
  pe::theorems::ReadingEstimate estimate;
};

Evaluation evaluate(const ledger::Claim& claim, const lab::Runs& runs) {
  try {
    const ledger::Outcome o = claim.evaluate_on_runs(runs);
    return {o.verdict == ledger::Verdict::holds ? 'h' : 'f', {o.estimate, o.estimate_se}};
  } catch (const std::exception&) {
    return {};
  }
}

char verdict_letter(const ledger::Claim& claim, const lab::Runs& runs) { return evaluate(claim, runs).letter; }

/// The cache identity of a family's runs in one setting (its configuration's canonical text).
template <class Config>
std::string run_key(const Config& config) {
  return hex64(fnv1a64(config.canonical()));
}

/// The claim whose printed values rule `reading` out, "" when none does.
std::string ruled_out_by(const ModelReading& reading) {
  return pe::theorems::no_mark_rule_prints_as_article(reading.no_mark) ? "" : pe::theorems::kNoMarkRuleClaim;
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

struct SweepOptions {
  int threads = 2;
  std::size_t readings = article_readings().size();
  std::size_t settings = 0;  // 0: every setting of each reading's grid
  bool fresh = false;
};

/// --help is filled to this width, as the other programs' are.
constexpr std::size_t kHelpWidth = 80;

const char* const kUsage = "usage: pe_sweep [--threads N] [--readings N] [--settings N] [--fresh]\n";

void print_help() {
  std::cout << kUsage << "\n"
            << pe::wrap_words("Evaluates every experiment claim under the article's readings (all " +
                                  std::to_string(article_readings().size()) +
                                  " by default; --readings N keeps the first N, the headline reading first) in "
                                  "every training recipe of each reading's grid (--settings N: N of them, "
                                  "evenly spaced, which runs the same code at a fraction of the cost, for the "
                                  "sanitizer build), and writes report/sweep.txt. The verdicts are kept in the "
                                  "cache under a hash of this program, so a rerun of the same build reads them "
                                  "back; --fresh evaluates them again.",
                              kHelpWidth);
}

/// Reads the options; returns the exit status when the program should stop (help, bad input).
std::optional<int> parse_options(int argc, char** argv, SweepOptions& options) {
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
        std::cerr << "pe_sweep: " << arg << " needs a positive whole number, got '" << argv[i] << "'\n" << kUsage;
        return 2;
      }
      if (arg == "--threads") options.threads = value;
      else if (arg == "--settings") options.settings = std::size_t(value);
      else options.readings = std::min<std::size_t>(options.readings, std::size_t(value));
    } else if (arg == "--fresh") {
      options.fresh = true;
    } else if (arg == "--help" || arg == "-h") {
      print_help();
      return 0;
    } else {
      std::cerr << "pe_sweep: unknown argument '" << arg << "'\n" << kUsage;
      return 2;
    }
  }
  return std::nullopt;
}

/// Writes the memoised verdicts of this build to `path`, if there are any.
bool read_back(const std::string& memo, const std::string& path, std::chrono::steady_clock::time_point start) {
  const auto body = read_sealed(memo);
  if (!body) return false;
  pe::theorems::SweepResult cached;
  if (!pe::theorems::parse(*body, cached)) return false;
  std::filesystem::create_directories(PE_REPORT_DIR);
  write_sealed(path, *body);
  std::printf("sweep: %zu settings, %zu claims, read back from %s (this build evaluated them "
              "before; --fresh evaluates again); %.1f s\n",
              cached.settings.size(), cached.claims.size(), memo.c_str(), seconds_since(start));
  print_settings(cached);
  std::printf("wrote %s\n", path.c_str());
  return true;
}

/// The experiment claims, with the families of runs each declares and its verdict on the
/// headline runs.
std::vector<const ledger::Claim*> find_swept_claims(pe::theorems::SweepResult& result) {
  std::vector<const ledger::Claim*> swept;
  for (const ledger::Claim& claim : ledger::all_claims())
    if (claim.reads != ledger::kNoRuns) {
      swept.push_back(&claim);
      const Evaluation e = evaluate(claim, lab::headline_runs());
      result.claims[claim.id] = {claim.reads, std::string(1, e.letter), "", {e.estimate}};
    }
  return swept;
}

/// What one reading's sweep trains on and counts.
struct SweepContext {
  const SweepOptions& options;
  const pe::filings::Corpus& corpus;
  int trained = 0;
};

/// A reading's grid: each setting trained at the grid's seeds and scored on validation data.
struct GridRuns {
  std::vector<TrainingRecipe> settings;
  std::vector<SettingRuns> runs;
  std::vector<RecipeScore> tournament_scores, filings_scores;
  double best_tournament = HUGE_VAL, best_filings = HUGE_VAL;
};

GridRuns train_grid(const ModelReading& reading, SweepContext& context) {
  GridRuns grid;
  grid.settings = pe::theorems::sweep_settings(reading);
  const int threads = context.options.threads;
  for (const TrainingRecipe& s : grid.settings) {
    SettingRuns sr;
    sr.setting.reading = reading.id();
    sr.setting.recipe = s.id();
    sr.tournament = std::make_unique<Tournament>(
        run_tournament(tournament_with(s, kGridSeeds, reading), PE_CACHE_DIR, threads));
    sr.study = std::make_unique<FilingsStudy>(
        run_filings_study(filings_study_with(s, kGridSeeds, reading), context.corpus, PE_CACHE_DIR, threads));
    context.trained += sr.tournament->trained + sr.study->trained;
    grid.tournament_scores.push_back(score_recipe(s, *sr.tournament));
    grid.filings_scores.push_back(score_heads(s, sr.study->heads, sr.study->config.validation_windows,
                                              [&](const FilingHeadRun& h) { return sr.study->degenerate_reason(h); }));
    grid.best_tournament = std::min(grid.best_tournament, grid.tournament_scores.back().mean_validation_loss);
    grid.best_filings = std::min(grid.best_filings, grid.filings_scores.back().mean_validation_loss);
    grid.runs.push_back(std::move(sr));
  }
  return grid;
}

/// Keeps `count` settings, evenly spaced over the grid (its first and last included), so that
/// plausible and implausible settings of both families stay in. Plausibility is still judged
/// against the whole grid's best.
void keep_evenly_spaced(GridRuns& grid, std::size_t count) {
  if (count == 0 || count >= grid.runs.size()) return;
  GridRuns kept;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t n = grid.runs.size();
    const std::size_t i = count == 1 ? 0 : (k * (n - 1) + (count - 1) / 2) / (count - 1);
    kept.runs.push_back(std::move(grid.runs[i]));
    kept.tournament_scores.push_back(grid.tournament_scores[i]);
    kept.filings_scores.push_back(grid.filings_scores[i]);
    kept.settings.push_back(grid.settings[i]);
  }
  grid.runs = std::move(kept.runs);
  grid.tournament_scores = std::move(kept.tournament_scores);
  grid.filings_scores = std::move(kept.filings_scores);
  grid.settings = std::move(kept.settings);
}

/// Marks each setting's plausible families; a plausible family trains as many seeds as the
/// selected recipe (the grid's are reused). Returns the plausible counts (tournament, filings).
std::pair<int, int> train_plausible(GridRuns& grid, const ModelReading& reading, SweepContext& context) {
  int plausible_tournament = 0, plausible_filings = 0;
  const int threads = context.options.threads;
  for (std::size_t i = 0; i < grid.runs.size(); ++i) {
    SettingRuns& sr = grid.runs[i];
    sr.setting.plausible_tournament = plausible(grid.tournament_scores[i], grid.best_tournament);
    sr.setting.plausible_filings = plausible(grid.filings_scores[i], grid.best_filings);
    plausible_tournament += sr.setting.plausible_tournament;
    plausible_filings += sr.setting.plausible_filings;
    if (sr.setting.plausible_tournament)
      sr.tournament = std::make_unique<Tournament>(
          run_tournament(tournament_with(grid.settings[i], kSelectedSeeds, reading), PE_CACHE_DIR, threads));
    if (sr.setting.plausible_filings)
      sr.study = std::make_unique<FilingsStudy>(run_filings_study(
          filings_study_with(grid.settings[i], kSelectedSeeds, reading), context.corpus, PE_CACHE_DIR, threads));
    context.trained += (sr.setting.plausible_tournament ? sr.tournament->trained : 0) +
                       (sr.setting.plausible_filings ? sr.study->trained : 0);
    sr.setting.tournament_seeds = sr.tournament->config.seeds;
    sr.setting.filings_seeds = sr.study->config.seeds;
    sr.setting.tournament_key = run_key(sr.tournament->config);
    sr.setting.filings_key = run_key(sr.study->config);
  }
  return {plausible_tournament, plausible_filings};
}

/// Every swept claim in every setting, each given that setting's runs; settings run in parallel.
void evaluate_settings(std::vector<SettingRuns>& runs, const std::vector<const ledger::Claim*>& swept,
                       pe::theorems::SweepResult& result, int threads) {
  std::vector<std::string> letters(swept.size(), std::string(runs.size(), '?'));
  std::vector<std::size_t> items(runs.size());
  for (std::size_t i = 0; i < items.size(); ++i) items[i] = i;
  for_each_in_parallel(items, threads, [&](std::size_t s) {
    const lab::Runs setting(*runs[s].tournament, *runs[s].study);
    for (std::size_t c = 0; c < swept.size(); ++c) letters[c][s] = verdict_letter(*swept[c], setting);
  });
  for (std::size_t c = 0; c < swept.size(); ++c) result.claims[swept[c]->id].letters += letters[c];
  for (SettingRuns& sr : runs) result.settings.push_back(sr.setting);
}

/// One reading: its selected recipes and their verdicts (after the headline reading's, which
/// find_swept_claims took), then every setting of its grid.
void sweep_reading(const ModelReading& reading, bool headline, const std::vector<const ledger::Claim*>& swept,
                   pe::theorems::SweepResult& result, SweepContext& context) {
  const auto reading_start = std::chrono::steady_clock::now();
  const int threads = context.options.threads;
  const RecipeSelection tournament_choice = tournament_recipe_selection(PE_CACHE_DIR, threads, reading);
  const RecipeSelection filings_choice = filings_recipe_selection(context.corpus, PE_CACHE_DIR, threads, reading);
  result.readings.push_back({reading.id(), tournament_choice.recipe().id(), filings_choice.recipe().id(),
                             ruled_out_by(reading),
                             pe::theorems::why_no_mark_rule_is_ruled_out(reading.no_mark)});
  if (!headline) {
    const Tournament t = run_tournament(tournament_with(tournament_choice.recipe(), kSelectedSeeds, reading),
                                        PE_CACHE_DIR, threads);
    const FilingsStudy f = run_filings_study(filings_study_with(filings_choice.recipe(), kSelectedSeeds, reading),
                                             context.corpus, PE_CACHE_DIR, threads);
    context.trained += t.trained + f.trained;
    const lab::Runs selected(t, f);
    for (const ledger::Claim* c : swept) {
      const Evaluation e = evaluate(*c, selected);
      result.claims[c->id].readings += e.letter;
      result.claims[c->id].estimates.push_back(e.estimate);
    }
  }
  GridRuns grid = train_grid(reading, context);
  keep_evenly_spaced(grid, context.options.settings);
  const auto [plausible_tournament, plausible_filings] = train_plausible(grid, reading, context);
  evaluate_settings(grid.runs, swept, result, threads);
  std::printf("reading %s: tournament recipe %s, filings recipe %s; %zu settings, %d plausible for the "
              "tournament and %d for the filings; %.1f s\n",
              reading.id().c_str(), tournament_choice.recipe().id().c_str(), filings_choice.recipe().id().c_str(),
              grid.runs.size(), plausible_tournament, plausible_filings, seconds_since(reading_start));
  std::fflush(stdout);
}

int sweep(const SweepOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const std::string path = std::string(PE_REPORT_DIR) + "/sweep.txt";
  const std::string fingerprint = program_fingerprint();
  const std::string memo = fingerprint.empty() ? "" : std::string(PE_CACHE_DIR) + "/sweep/" + fingerprint +
                                                           "-readings" + std::to_string(options.readings) +
                                                           "-settings" + std::to_string(options.settings) + ".txt";
  if (!options.fresh && !memo.empty() && read_back(memo, path, start)) return 0;

  pe::theorems::SweepResult result;
  const std::vector<const ledger::Claim*> swept = find_swept_claims(result);
  std::printf("sweep: %zu claims read trained heads (%.1f s)\n", swept.size(), seconds_since(start));
  SweepContext context{options, pe::experiments::case_study_corpus()};
  const std::vector<ModelReading> readings(article_readings().begin(),
                                           article_readings().begin() + long(options.readings));
  for (std::size_t r = 0; r < readings.size(); ++r) sweep_reading(readings[r], r == 0, swept, result, context);
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
              readings.size(), result.settings.size(), swept.size(), context.trained, seconds_since(start),
              options.threads);
  print_settings(result);
  std::printf("wrote %s\n", path.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  SweepOptions options;
  if (const std::optional<int> status = parse_options(argc, argv, options)) return *status;
  try {
    return sweep(options);
  } catch (const std::exception& e) {
    std::cerr << "pe_sweep: " << e.what() << "\n";
    return 1;
  }
}
