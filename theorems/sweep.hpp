/// @file
/// @brief The sensitivity sweep's settings and its result as the report reads it.
///
/// The settings are the 20 recipes of the batch-64 grid and the batch-32 and batch-128
/// neighbours of each family's selected recipe (experiments/recipes.hpp), without repeats. A
/// swept claim's result is one letter per setting: h (the statement holds), f (it fails) or e
/// (the evaluation threw).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ledger.hpp"
#include "recipes.hpp"

namespace pe::theorems {

/// The units whose claims the sweep evaluates; a claim among them that reads no trained head
/// is exact.
const std::vector<std::string>& experiment_units();

/// The sweep's settings in order: the grid, then the tournament's and the filings' batch
/// neighbours (each once).
std::vector<experiments::TrainingRecipe> sweep_settings();

struct SweepResult {
  std::vector<std::string> settings;            ///< recipe ids, in order
  std::map<std::string, std::string> verdicts;  ///< claim id -> one letter per setting
  std::map<std::string, char> selected;         ///< claim id -> its letter on the headline runs
  /// How many settings the claim holds in, and their ids separated by spaces.
  int held(const std::string& id) const;
  std::string holding(const std::string& id) const;
};

std::string serialise(const SweepResult& result);
/// False on anything malformed.
bool parse(const std::string& text, SweepResult& result);

/// What reproduction a claim shows: "exact" when the sweep does not list it, else
/// "reproduces" when its verdict in the selected recipe holds, "setting-dependent" when it
/// fails there but holds in another setting, "does-not-reproduce" when it holds in none.
std::string reproduction(const SweepResult& result, const std::string& id, const std::string& verdict);

/// The report's top-level member `"training_selection": {...}`: the rule, each family's grid
/// with every recipe's validation figures, the chosen recipe, the sweep's settings, and every
/// headline head's final validation loss, in-window accuracy and degenerate reason ("" if none).
std::string training_selection_json();

/// The same as Markdown: the rule, and each family's grid with every recipe's validation figures
/// and the chosen recipe marked (the report's and the docs' training-selection section).
std::string training_selection_markdown();

/// Reads `<report_dir>/sweep.txt` (if present and sealed) and the selections into the report's
/// annotations: every claim's reproduction fields and the training_selection member.
ledger::ReportAnnotations report_annotations(const std::string& report_dir);

}  // namespace pe::theorems
