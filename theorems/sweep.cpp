#include "sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>

#include "json_text.hpp"
#include "result_cache.hpp"

#include "tournament_results.hpp"

namespace pe::theorems {

const std::vector<std::string>& experiment_units() {
  static const std::vector<std::string> units = {"bag_of_tokens", "tournament", "rope_rebound",
                                                 "sinusoidal_heads", "filings_corpus", "filings_study"};
  return units;
}

std::vector<experiments::TrainingRecipe> sweep_settings() {
  std::vector<experiments::TrainingRecipe> out = experiments::recipe_grid();
  for (const experiments::RecipeSelection* s : {&lab::tournament_selection(), &lab::filings_selection()})
    for (const experiments::TrainingRecipe& r : experiments::batch_neighbours(s->recipe()))
      if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  return out;
}

int SweepResult::held(const std::string& id) const {
  const auto it = verdicts.find(id);
  return it == verdicts.end() ? 0 : int(std::count(it->second.begin(), it->second.end(), 'h'));
}

std::string SweepResult::holding(const std::string& id) const {
  std::string out;
  const auto it = verdicts.find(id);
  if (it == verdicts.end()) return out;
  for (std::size_t i = 0; i < it->second.size() && i < settings.size(); ++i)
    if (it->second[i] == 'h') out += (out.empty() ? "" : " ") + settings[i];
  return out;
}

std::string serialise(const SweepResult& result) {
  std::string text = "pe-sweep 1\nsettings " + std::to_string(result.settings.size()) + '\n';
  for (const std::string& s : result.settings) text += "setting " + s + '\n';
  text += "claims " + std::to_string(result.verdicts.size()) + '\n';
  for (const auto& [id, v] : result.verdicts) {
    const auto it = result.selected.find(id);
    text += "claim " + id + ' ' + (it == result.selected.end() ? '?' : it->second) + ' ' + v + '\n';
  }
  return text + "end\n";
}

bool parse(const std::string& text, SweepResult& result) {
  std::istringstream in(text);
  std::string word, value;
  std::size_t count = 0;
  SweepResult out;
  if (!std::getline(in, word) || word != "pe-sweep 1") return false;
  if (!(in >> word >> count) || word != "settings") return false;
  for (std::size_t i = 0; i < count; ++i) {
    if (!(in >> word >> value) || word != "setting") return false;
    out.settings.push_back(value);
  }
  if (!(in >> word >> count) || word != "claims") return false;
  for (std::size_t i = 0; i < count; ++i) {
    std::string id, selected;
    if (!(in >> word >> id >> selected >> value) || word != "claim" || selected.size() != 1 ||
        selected.find_first_not_of("hfe") != std::string::npos || value.size() != out.settings.size() ||
        value.find_first_not_of("hfe") != std::string::npos)
      return false;
    out.verdicts[id] = value;
    out.selected[id] = selected[0];
  }
  if (!(in >> word) || word != "end") return false;
  result = std::move(out);
  return true;
}

std::string reproduction(const SweepResult& result, const std::string& id, const std::string& verdict) {
  if (!result.verdicts.count(id)) return "exact";
  if (verdict == "holds") return "reproduces";
  return result.held(id) > 0 ? "setting-dependent" : "does-not-reproduce";
}

namespace {
std::string number(double x) {
  if (!std::isfinite(x)) return "null";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

std::string selection_json(const experiments::RecipeSelection& s) {
  std::string out = "{\"chosen\": " + json_quoted(s.recipe().id()) + ", \"chosen_name\": " +
                    json_quoted(s.recipe().name()) + ", \"grid\": [";
  for (std::size_t i = 0; i < s.scores.size(); ++i) {
    const experiments::RecipeScore& r = s.scores[i];
    out += std::string(i ? ", " : "") + "{\"recipe\": " + json_quoted(r.recipe.id()) +
           ", \"name\": " + json_quoted(r.recipe.name()) +
           ", \"mean_validation_loss\": " + number(r.mean_validation_loss) +
           ", \"mean_validation_accuracy\": " + number(r.mean_validation_accuracy) +
           ", \"heads\": " + std::to_string(r.heads) + ", \"degenerate_heads\": " +
           std::to_string(r.degenerate) + "}";
  }
  return out + "]}";
}
/// Every headline head's final validation figures and degenerate reason.
template <class Study, class Reason>
std::string heads_json(const Study& runs, long validation_count, Reason reason) {
  std::string out = "[";
  for (std::size_t i = 0; i < runs.heads.size(); ++i) {
    const auto& h = runs.heads[i];
    out += std::string(i ? ",\n      " : "") + "{\"scheme\": " + json_quoted(experiments::to_string(h.scheme)) +
           ", \"seed\": " + std::to_string(h.seed) + ", \"validation_loss\": " + number(h.validation_loss) +
           ", \"validation_accuracy\": " + number(double(h.validation_correct) / double(validation_count)) +
           ", \"degenerate\": " + json_quoted(reason(h)) + "}";
  }
  return out + "]";
}
}  // namespace

std::string training_selection_json() {
  std::string settings;
  for (const experiments::TrainingRecipe& r : sweep_settings())
    settings += (settings.empty() ? "" : ", ") + json_quoted(r.id());
  return "\"training_selection\": {\"rule\": " + json_quoted(experiments::selection_rule()) +
         ", \"steps\": 1500, \"grid_seeds\": " + std::to_string(experiments::kGridSeeds) +
         ", \"selected_seeds\": " + std::to_string(experiments::kSelectedSeeds) +
         ", \"headline_seeds\": " + std::to_string(experiments::kHeadlineSeeds) +
         ",\n    \"tournament\": " + selection_json(lab::tournament_selection()) +
         ",\n    \"filings\": " + selection_json(lab::filings_selection()) +
         ",\n    \"sweep_settings\": [" + settings + "]" +
         ",\n    \"tournament_heads\": " +
         heads_json(lab::headline_tournament(), lab::headline_tournament().config.validation_sequences,
                    [](const experiments::HeadRun& h) {
                      return experiments::degenerate_reason(lab::headline_tournament(), h);
                    }) +
         ",\n    \"filings_heads\": " +
         heads_json(lab::headline_filings_study(), lab::headline_filings_study().config.validation_windows,
                    [](const experiments::FilingHeadRun& h) {
                      return lab::headline_filings_study().degenerate_reason(h);
                    }) +
         "}";
}

std::string training_selection_markdown() {
  std::ostringstream md;
  md << "The recipe is chosen by one rule, written in experiments/recipes.hpp before any result "
        "past the window was read: " << experiments::selection_rule() << ".\n\n";
  for (const auto& [family, selection] :
       {std::pair<std::string, const experiments::RecipeSelection*>{"tournament", &lab::tournament_selection()},
        {"filings study", &lab::filings_selection()}}) {
    md << "**The " << family << "'s grid** (" << experiments::kGridSeeds
       << " seeds per recipe and scheme; chosen: " << selection->recipe().name() << ", trained with "
       << experiments::kSelectedSeeds << " seeds for the claims):\n\n"
       << "| recipe | mean validation loss | mean in-window accuracy | heads | degenerate heads |\n"
       << "|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < selection->scores.size(); ++i) {
      const experiments::RecipeScore& r = selection->scores[i];
      char loss[32], acc[32];
      std::snprintf(loss, sizeof loss, "%.4f", r.mean_validation_loss);
      std::snprintf(acc, sizeof acc, "%.4f", r.mean_validation_accuracy);
      const std::string mark = i == selection->chosen ? "**" : "";
      md << "| " << mark << r.recipe.name() << (i == selection->chosen ? " (chosen)" : "") << mark << " | "
         << loss << " | " << acc << " | " << r.heads << " | " << r.degenerate << " |\n";
    }
    md << "\n";
  }
  return md.str();
}

ledger::ReportAnnotations report_annotations(const std::string& report_dir) {
  auto sweep = std::make_shared<SweepResult>();
  bool swept = false;
  if (const auto body = experiments::read_sealed(report_dir + "/sweep.txt")) swept = parse(*body, *sweep);
  ledger::ReportAnnotations a;
  const std::vector<std::string>& units = experiment_units();
  a.annotate = [sweep, swept, units](ledger::Record& r) {
    const bool experiment_unit = std::find(units.begin(), units.end(), r.unit) != units.end();
    r.reproduction = !swept ? (experiment_unit ? "not swept" : "exact") : reproduction(*sweep, r.id, r.verdict);
    if (r.reproduction != "exact" && r.certified == "false")
      r.certification = "not certifiable as the article's value: a statistic of seeded training "
                        "runs, which an enclosure of this project's arithmetic would not make the "
                        "article's";
    if (!swept || r.reproduction == "exact") return;
    r.settings_run = int(sweep->settings.size());
    r.settings_held = sweep->held(r.id);
    r.settings_holding = sweep->holding(r.id);
  };
  // The selections are cached by now whenever the sweep ran; without it, reading them could
  // mean training the whole grid inside the report step.
  if (swept) {
    a.top_level_json.push_back(training_selection_json());
    a.markdown_sections.push_back("## The training recipes\n\n" + training_selection_markdown());
  }
  return a;
}

}  // namespace pe::theorems
