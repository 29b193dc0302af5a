/// @file
/// @brief The sensitivity sweep's settings, its result as the report reads it, and the class
/// each experiment claim gets from it.
///
/// The sweep crosses the article's readings (experiments/recipes.hpp, article_readings: what
/// its text leaves open about the model and the task) with training recipes. For each reading:
/// the 20 recipes of the batch-64 grid and the batch-32 and batch-128 neighbours of that
/// reading's selected tournament and filings recipes, without repeats. A setting takes part in
/// a claim's class only if every family of heads the claim reads is plausible there
/// (experiments::plausibility_rule); a plausible family trains kSelectedSeeds seeds, as the
/// headline runs do. A swept claim's result is one letter per setting: h (the statement holds),
/// f (it fails) or e (its evaluation threw: "not evaluated", never a failure).
#pragma once

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "report.hpp"
#include "recipes.hpp"

namespace pe::report {

/// A reading's settings in order: the grid, then its tournament's and its filings' selected
/// recipes' batch neighbours (each once).
std::vector<experiments::TrainingRecipe> sweep_settings(const experiments::ModelReading& reading);

/// The class thresholds, declared once before any claim was classed by them: a claim that
/// holds in the selected setting *reproduces* when it holds in more than kMostShare of its
/// plausible settings (else it is *fragile*); one that fails there is *setting-dependent* when
/// it holds in at least kSubstantialShare of them (else it *does not reproduce*). A claim whose
/// own decision is inconclusive (ledger::Outcome::inconclusive) is *inconclusive* whatever the
/// shares. The share is each reading's share, averaged over the readings: readings weigh
/// equally, however many plausible settings each has.
inline constexpr double kMostShare = 0.5;
inline constexpr double kSubstantialShare = 0.25;

struct SweepSetting {
  std::string reading;  ///< experiments::ModelReading::id()
  std::string recipe;   ///< experiments::TrainingRecipe::id()
  bool plausible_tournament = false, plausible_filings = false;
  int tournament_seeds = 0, filings_seeds = 0;
  /// The cache keys of the setting's tournament and filings runs: two settings whose runs have
  /// the same key trained the same heads and count once ("" when not recorded).
  std::string tournament_key, filings_key;
};

struct SweepReading {
  std::string id;                                 ///< experiments::ModelReading::id()
  std::string tournament_recipe, filings_recipe;  ///< its selected recipes
  /// The claim whose printed values rule this reading out, "" when none does; a ruled-out
  /// reading counts in no claim's share or class, and is reported apart.
  std::string ruled_out_by;
  std::string ruled_out_because;  ///< what that claim's printed values say against the reading
};

/// A claim's decision on one reading's selected runs: the quantity it read
/// (ledger::Outcome::estimate, NaN when it reads no single quantity or the evaluation threw),
/// the half-width of its acceptance band there (ledger::Outcome::resolution, NaN when it
/// decides on no band), and whether that band leaves it undecided (ledger::Outcome::inconclusive).
struct ReadingEstimate {
  double value = std::nan(""), se = std::nan(""), band = std::nan("");
  bool undecided = false;
};

struct SweptClaim {
  int families = 0;      ///< the families of runs it declares (ledger::Claim::reads)
  std::string letters;   ///< one per setting
  std::string readings;  ///< one per reading: its letter on that reading's selected runs
  std::vector<ReadingEstimate> estimates;  ///< one per reading (empty: not recorded)
};

/// One reading's plausible settings for a claim (runs counted once) and where it holds.
struct ReadingShare {
  int evaluated = 0, held = 0;
  double share() const { return evaluated ? double(held) / evaluated : 0.0; }
};

/// A claim's plausible settings and how it fared in them, over the readings that are not ruled
/// out, each run counted once.
struct ClaimShares {
  int plausible = 0, evaluated = 0, held = 0, not_evaluated = 0;
  int repeated = 0;     ///< plausible settings left out: their runs' keys were counted already
  std::string holding;  ///< "reading/recipe" of each plausible setting it holds in
  std::vector<ReadingShare> by_reading;  ///< one per reading, in SweepResult::readings' order
  std::vector<bool> counted;             ///< per reading: not ruled out and evaluated somewhere
  /// Per reading, its own verdict: the claim's letter on that reading's selected runs (h, f, e).
  std::string own;
  /// The mean over the counted readings of each one's share: readings weigh equally.
  double share() const;
  /// The readings disagree: two counted readings' own verdicts differ (one holds, one fails in
  /// its selected recipe), or one holds in more than kMostShare of its plausible settings and
  /// another fails in more than kMostShare of its own, and each still would with one of its
  /// settings' letters changed (a split one setting could close is the grain of the settings,
  /// not the reading's effect: 4 of 7 against 3 of 7 is no dependence).
  bool reading_dependent() const;
};

struct SweepResult {
  std::vector<SweepReading> readings;
  std::vector<SweepSetting> settings;
  std::map<std::string, SweptClaim> claims;
  ClaimShares shares(const std::string& id) const;
};

/// Whether setting `s` of `result` trained the runs its reading's own verdict is decided on, for
/// a claim reading `families`: its recipe is that reading's selected recipe for every family the
/// claim reads. Its letter is then that verdict again, decided by its own band, not one more
/// setting that could fall either way.
bool is_selected_setting(const SweepResult& result, std::size_t s, int families);

std::string serialise(const SweepResult& result);
/// False on anything malformed.
bool parse(const std::string& text, SweepResult& result);

/// The class of an experiment claim: "exact" when the sweep does not list it, else
/// "inconclusive", "reproduces", "fragile", "setting-dependent" or "does-not-reproduce" by the
/// thresholds above, from its verdict and inconclusive reason in the selected recipe.
std::string experiment_class(const SweepResult& result, const std::string& id, const std::string& verdict,
                             const std::string& inconclusive);

/// "" when no single plausible setting's letter changes a swept claim's class or its reading
/// flag; otherwise what one would do: "at the edge: one other setting (READING/RECIPE) would
/// change its class to fragile", "... would lift its dependence on the reading". The readings'
/// selected recipes are not turned (is_selected_setting): the claim's own band decides those.
std::string class_edge(const SweepResult& result, const std::string& id, const std::string& verdict,
                       const std::string& inconclusive);

/// The classes experiment_class gives a swept claim, in the order the docs list them.
const std::vector<std::string>& swept_classes();

/// The classes and the plausibility rule in words, for the report and the docs.
std::string class_rules();

/// The report's top-level member `"training_selection": {...}`: the rule, each family's grid
/// with every recipe's validation figures, the chosen recipe, the sweep's settings, and every
/// headline head's final validation loss, in-window accuracy and degenerate reason ("" if none).
std::string training_selection_json();

/// The same as Markdown: the rule, and each family's grid with every recipe's validation figures
/// and the chosen recipe marked (the report's and the docs' training-selection section).
std::string training_selection_markdown();

/// Reads `<report_dir>/sweep.txt` (if present and sealed) and the selections into the report's
/// annotations: every claim's reproduction fields and the training_selection member.
ReportAnnotations report_annotations(const std::string& report_dir);

}  // namespace pe::report
