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
#include <set>
#include <map>
#include <functional>
#include <string>
#include <vector>

#include "headline_runs.hpp"
#include "lab.hpp"
#include "ledger.hpp"
#include "result_cache.hpp"
#include "sweep.hpp"
#include "runs.hpp"
#include "words.hpp"

namespace {

using namespace pe::experiments;
namespace lab = pe::theorems::lab;
namespace ledger = pe::ledger;

/// A claim evaluated on the runs it is given: its letter (h holds, f fails, e threw), the
/// quantity it decided on and its band there (pe::report::ReadingEstimate).
struct Evaluation {
  char letter = 'e';
  pe::report::ReadingEstimate estimate;
};

Evaluation evaluate(const ledger::Claim& claim, const lab::Runs& runs) {
  try {
    const ledger::Outcome o = claim.evaluate_on_runs(runs);
    return {o.verdict == ledger::Verdict::holds ? 'h' : 'f',
            {o.estimate, o.estimate_se, o.resolution, !o.inconclusive.empty()}};
  } catch (const std::exception&) {
    return {};
  }
}

/// The cache identity of a family's runs in one setting (its configuration's canonical text).
template <class Config>
std::string run_key(const Config& config) {
  return hex64(fnv1a64(config.canonical()));
}

/// The first rule (a section's, registered in the lab) whose printed values rule `reading` out:
/// its claim and why; both "" when none does.
std::pair<std::string, std::string> ruled_out(const ModelReading& reading) {
  for (const pe::theorems::lab::ReadingRuleOut& rule : pe::theorems::lab::reading_rule_outs())
    if (std::string why = rule.why(reading); !why.empty()) return {rule.claim, why};
  return {};
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// One setting's runs: the grid's seeds first (for plausibility), then every seed where plausible.
struct SettingRuns {
  pe::report::SweepSetting setting;
  const Tournament* tournament = nullptr;  ///< held by the RunStore
  const FilingsStudy* study = nullptr;
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
void print_settings(const pe::report::SweepResult& result) {
  std::printf("%-24s %-34s %-10s %s\n", "reading", "setting", "plausible", "claims holding");
  for (std::size_t s = 0; s < result.settings.size(); ++s) {
    int held = 0;
    for (const auto& [id, c] : result.claims) held += c.letters[s] == 'h';
    const pe::report::SweepSetting& st = result.settings[s];
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
  pe::report::SweepResult cached;
  if (!pe::report::parse(*body, cached)) return false;
  std::filesystem::create_directories(PE_REPORT_DIR);
  write_sealed(path, *body);
  std::printf("sweep: %zu settings, %zu claims, read back from %s (this build evaluated them "
              "before; --fresh evaluates again); %.1f s\n",
              cached.settings.size(), cached.claims.size(), memo.c_str(), seconds_since(start));
  print_settings(cached);
  std::printf("wrote %s\n", path.c_str());
  return true;
}

/// Every run the sweep reads, trained or loaded once per process and kept: settings and
/// readings whose runs coincide (the same configuration and seeds, hence the same cache keys,
/// as the filings runs of two readings that differ only in the cue task's no-mark rule) share
/// one object. Runs the cache lacks train on `threads` threads, one whole run to a thread while
/// there are at least as many runs as threads (no core waits on one run's last head), else one
/// run's heads spread over the threads. A head is a function of its configuration, scheme and
/// seed alone, so which thread trains it changes nothing.
class RunStore {
 public:
  RunStore(const pe::experiments::Corpus& corpus, int threads) : corpus_(corpus), threads_(threads) {}

  /// Trains or loads every listed run not held yet, in one pool. `asked`: count them as runs the
  /// sweep asks for (not when only warming the cache for a selection).
  void hold(const std::vector<TournamentConfig>& tournaments, const std::vector<FilingsStudyConfig>& studies,
            bool asked = true) {
    std::vector<std::function<void(int)>> jobs;
    // Longest first: a filings head costs more than a tournament head.
    for (const FilingsStudyConfig& c : studies) {
      requested_runs_ += asked;
      requested_heads_ += asked ? long(c.schemes.size()) * c.seeds : 0;
      auto& slot = studies_[key(c)];
      if (slot) continue;
      slot = std::make_unique<FilingsStudy>();
      FilingsStudy* out = slot.get();
      jobs.push_back([this, c, out](int threads) { *out = run_filings_study(c, corpus_, PE_CACHE_DIR, threads); });
    }
    for (const TournamentConfig& c : tournaments) {
      requested_runs_ += asked;
      requested_heads_ += asked ? long(c.schemes.size()) * c.seeds : 0;
      auto& slot = tournaments_[key(c)];
      if (slot) continue;
      slot = std::make_unique<Tournament>();
      Tournament* out = slot.get();
      jobs.push_back([c, out](int threads) { *out = run_tournament(c, PE_CACHE_DIR, threads); });
    }
    std::vector<std::size_t> items(jobs.size());
    for (std::size_t i = 0; i < items.size(); ++i) items[i] = i;
    if (jobs.size() > 1 && worker_count(threads_, jobs.size()) > 1)
      for_each_in_parallel(items, threads_, [&](std::size_t i) { jobs[i](1); });
    else
      for (auto& job : jobs) job(threads_);
  }
  /// A run, held from now on (asked for when it was not held yet).
  const Tournament& tournament(const TournamentConfig& config) {
    if (!tournaments_.count(key(config))) hold({config}, {});
    return *tournaments_.at(key(config));
  }
  const FilingsStudy& study(const FilingsStudyConfig& config) {
    if (!studies_.count(key(config))) hold({}, {config});
    return *studies_.at(key(config));
  }
  /// A run's identity: its configuration's cache key and its seeds.
  template <class Config>
  static std::string key(const Config& config) {
    return run_key(config) + "x" + std::to_string(config.seeds);
  }

  /// Runs and heads asked for (each time), distinct runs and heads held, heads trained.
  long requested_runs() const { return requested_runs_; }
  long requested_heads() const { return requested_heads_; }
  std::size_t distinct_runs() const { return tournaments_.size() + studies_.size(); }
  int trained() const {
    int n = 0;
    for (const auto& [k, t] : tournaments_) n += t->trained;
    for (const auto& [k, s] : studies_) n += s->trained;
    return n;
  }

 private:
  const pe::experiments::Corpus& corpus_;
  int threads_;
  std::map<std::string, std::unique_ptr<Tournament>> tournaments_;
  std::map<std::string, std::unique_ptr<FilingsStudy>> studies_;
  long requested_runs_ = 0, requested_heads_ = 0;
};

/// A pair of runs a claim may be evaluated on, with their identities (RunStore::key).
struct RunPair {
  const Tournament* tournament;
  const FilingsStudy* study;
  std::string tournament_key, study_key;
};

RunPair pair_of(RunStore& store, const TournamentConfig& t, const FilingsStudyConfig& f) {
  return {&store.tournament(t), &store.study(f), RunStore::key(t), RunStore::key(f)};
}

/// Claim evaluations by the runs they read: a claim evaluated on runs it was evaluated on
/// before (a setting of another reading, a selected recipe that is also a setting) is not
/// evaluated again. Its evaluation depends on those runs alone.
class EvaluationMemo {
 public:
  explicit EvaluationMemo(const std::vector<const ledger::Claim*>& swept) : swept_(swept) {}

  /// Every swept claim on every pair: result[p][c]. New evaluations run in parallel over pairs.
  std::vector<std::vector<Evaluation>> on(const std::vector<RunPair>& pairs, int threads) {
    std::vector<std::vector<std::string>> keys(pairs.size(), std::vector<std::string>(swept_.size()));
    std::vector<std::vector<std::size_t>> assigned(pairs.size());
    std::set<std::string> claimed;
    for (std::size_t p = 0; p < pairs.size(); ++p)
      for (std::size_t c = 0; c < swept_.size(); ++c) {
        const int reads = swept_[c]->reads;
        keys[p][c] = swept_[c]->id + " " + (reads & ledger::kTournamentRuns ? pairs[p].tournament_key : "-") +
                     " " + (reads & ledger::kFilingsRuns ? pairs[p].study_key : "-");
        ++requested_;
        if (!done_.count(keys[p][c]) && claimed.insert(keys[p][c]).second) assigned[p].push_back(c);
      }
    std::vector<std::size_t> items;
    for (std::size_t p = 0; p < pairs.size(); ++p)
      if (!assigned[p].empty()) items.push_back(p);
    std::vector<std::vector<Evaluation>> computed(pairs.size());
    for_each_in_parallel(items, threads, [&](std::size_t p) {
      const lab::Runs runs(*pairs[p].tournament, *pairs[p].study);
      for (std::size_t c : assigned[p]) computed[p].push_back(evaluate(*swept_[c], runs));
    });
    for (std::size_t p : items)
      for (std::size_t i = 0; i < assigned[p].size(); ++i) done_[keys[p][assigned[p][i]]] = computed[p][i];
    evaluated_ += long(claimed.size());
    std::vector<std::vector<Evaluation>> out(pairs.size());
    for (std::size_t p = 0; p < pairs.size(); ++p)
      for (std::size_t c = 0; c < swept_.size(); ++c) out[p].push_back(done_.at(keys[p][c]));
    return out;
  }
  long requested() const { return requested_; }
  long evaluated() const { return evaluated_; }

 private:
  const std::vector<const ledger::Claim*>& swept_;
  std::map<std::string, Evaluation> done_;
  long requested_ = 0, evaluated_ = 0;
};

/// The experiment claims, with the families of runs each declares (not the claims about the
/// headline runs themselves: Claim::swept).
std::vector<const ledger::Claim*> find_swept_claims(pe::report::SweepResult& result) {
  std::vector<const ledger::Claim*> swept;
  for (const ledger::Claim& claim : ledger::all_claims())
    if (claim.reads != ledger::kNoRuns && claim.swept) {
      swept.push_back(&claim);
      result.claims[claim.id] = {claim.reads, "", "", {}};
    }
  return swept;
}

/// What one reading's sweep trains on and counts.
struct SweepContext {
  const SweepOptions& options;
  const pe::experiments::Corpus& corpus;
  RunStore store;
  EvaluationMemo memo;
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
  grid.settings = pe::report::sweep_settings(reading);
  std::vector<TournamentConfig> tournaments;
  std::vector<FilingsStudyConfig> studies;
  for (const TrainingRecipe& s : grid.settings) {
    tournaments.push_back(tournament_with(s, kGridSeeds, reading));
    studies.push_back(filings_study_with(s, kGridSeeds, reading));
  }
  context.store.hold(tournaments, studies);
  for (std::size_t i = 0; i < grid.settings.size(); ++i) {
    const TrainingRecipe& s = grid.settings[i];
    SettingRuns sr;
    sr.setting.reading = reading.id();
    sr.setting.recipe = s.id();
    sr.tournament = &context.store.tournament(tournaments[i]);
    sr.study = &context.store.study(studies[i]);
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
/// selected recipe (the grid's are reused), every such run in one pool, with the reading's
/// selected runs (`selected`). Returns the plausible counts (tournament, filings).
std::pair<int, int> train_plausible(GridRuns& grid, const ModelReading& reading, SweepContext& context,
                                    const TournamentConfig& selected_tournament,
                                    const FilingsStudyConfig& selected_study) {
  int plausible_tournament = 0, plausible_filings = 0;
  std::vector<TournamentConfig> tournaments{selected_tournament};
  std::vector<FilingsStudyConfig> studies{selected_study};
  for (std::size_t i = 0; i < grid.runs.size(); ++i) {
    SettingRuns& sr = grid.runs[i];
    sr.setting.plausible_tournament = plausible(grid.tournament_scores[i], grid.best_tournament);
    sr.setting.plausible_filings = plausible(grid.filings_scores[i], grid.best_filings);
    plausible_tournament += sr.setting.plausible_tournament;
    plausible_filings += sr.setting.plausible_filings;
    if (sr.setting.plausible_tournament) tournaments.push_back(tournament_with(grid.settings[i], kSelectedSeeds, reading));
    if (sr.setting.plausible_filings) studies.push_back(filings_study_with(grid.settings[i], kSelectedSeeds, reading));
  }
  context.store.hold(tournaments, studies);
  for (std::size_t i = 0; i < grid.runs.size(); ++i) {
    SettingRuns& sr = grid.runs[i];
    if (sr.setting.plausible_tournament)
      sr.tournament = &context.store.tournament(tournament_with(grid.settings[i], kSelectedSeeds, reading));
    if (sr.setting.plausible_filings)
      sr.study = &context.store.study(filings_study_with(grid.settings[i], kSelectedSeeds, reading));
    sr.setting.tournament_seeds = sr.tournament->config.seeds;
    sr.setting.filings_seeds = sr.study->config.seeds;
    sr.setting.tournament_key = run_key(sr.tournament->config);
    sr.setting.filings_key = run_key(sr.study->config);
  }
  return {plausible_tournament, plausible_filings};
}

/// One reading: its verdicts on its selected recipes' runs, then on every setting of its grid.
void sweep_reading(const ModelReading& reading, const std::vector<const ledger::Claim*>& swept,
                   pe::report::SweepResult& result, SweepContext& context) {
  const auto reading_start = std::chrono::steady_clock::now();
  const int threads = context.options.threads;
  // On an empty cache the grid's runs train in one pool before the selections read them.
  {
    std::vector<TournamentConfig> tournaments;
    std::vector<FilingsStudyConfig> studies;
    for (const TrainingRecipe& r : recipe_grid()) {
      tournaments.push_back(tournament_with(r, kGridSeeds, reading));
      studies.push_back(filings_study_with(r, kGridSeeds, reading));
    }
    context.store.hold(tournaments, studies, false);
  }
  const RecipeSelection tournament_choice = tournament_recipe_selection(PE_CACHE_DIR, threads, reading);
  const RecipeSelection filings_choice = filings_recipe_selection(context.corpus, PE_CACHE_DIR, threads, reading);
  const auto [ruled_out_by, why_ruled_out] = ruled_out(reading);
  result.readings.push_back({reading.id(), tournament_choice.recipe().id(), filings_choice.recipe().id(),
                             ruled_out_by, why_ruled_out});
  const TournamentConfig selected_tournament = tournament_with(tournament_choice.recipe(), kSelectedSeeds, reading);
  const FilingsStudyConfig selected_study = filings_study_with(filings_choice.recipe(), kSelectedSeeds, reading);
  GridRuns grid = train_grid(reading, context);
  keep_evenly_spaced(grid, context.options.settings);
  const auto [plausible_tournament, plausible_filings] =
      train_plausible(grid, reading, context, selected_tournament, selected_study);
  // The selected runs first, then every setting: one parallel pass over what is new.
  std::vector<RunPair> pairs{pair_of(context.store, selected_tournament, selected_study)};
  for (const SettingRuns& sr : grid.runs)
    pairs.push_back({sr.tournament, sr.study, RunStore::key(sr.tournament->config), RunStore::key(sr.study->config)});
  const std::vector<std::vector<Evaluation>> evaluations = context.memo.on(pairs, threads);
  for (std::size_t c = 0; c < swept.size(); ++c) {
    pe::report::SweptClaim& claim = result.claims[swept[c]->id];
    claim.readings += evaluations[0][c].letter;
    claim.estimates.push_back(evaluations[0][c].estimate);
    for (std::size_t s = 1; s < pairs.size(); ++s) claim.letters += evaluations[s][c].letter;
  }
  for (const SettingRuns& sr : grid.runs) result.settings.push_back(sr.setting);
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

  pe::report::SweepResult result;
  const std::vector<const ledger::Claim*> swept = find_swept_claims(result);
  std::printf("sweep: %zu claims read trained heads (%.1f s)\n", swept.size(), seconds_since(start));
  const pe::experiments::Corpus& corpus = pe::experiments::case_study_corpus();
  SweepContext context{options, corpus, RunStore(corpus, options.threads), EvaluationMemo(swept)};
  const std::vector<ModelReading> readings(article_readings().begin(),
                                           article_readings().begin() + long(options.readings));
  for (const ModelReading& reading : readings) sweep_reading(reading, swept, result, context);
  std::filesystem::create_directories(PE_REPORT_DIR);
  const std::string body = pe::report::serialise(result);
  write_sealed(path, body);
  if (!memo.empty()) write_sealed_or_warn(memo, body);
  std::printf("sweep: %zu readings, %zu settings, %zu claims; %d heads trained in this run; %.1f s in all "
              "(threads %d)\n",
              readings.size(), result.settings.size(), swept.size(), context.store.trained(), seconds_since(start),
              options.threads);
  // What coincided: runs asked for against runs held, claim evaluations asked for against done.
  std::printf("sweep: %ld runs asked for (%ld heads), %zu distinct; %ld claim evaluations asked for, "
              "%ld distinct\n",
              context.store.requested_runs(), context.store.requested_heads(), context.store.distinct_runs(),
              context.memo.requested(), context.memo.evaluated());
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
