#include "sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <set>
#include <sstream>

#include "headline_runs.hpp"
#include "filing_readers.hpp"
#include "json_text.hpp"
#include "result_cache.hpp"
#include "length_tournament.hpp"

namespace pe::report {

std::vector<experiments::TrainingRecipe> sweep_settings(const experiments::ModelReading& reading) {
  std::vector<experiments::TrainingRecipe> out = experiments::recipe_grid();
  const experiments::RecipeSelection tournament = experiments::tournament_recipe_selection(PE_CACHE_DIR, 0, reading);
  const experiments::RecipeSelection filings =
      experiments::filings_recipe_selection(experiments::case_study_corpus(), PE_CACHE_DIR, 0, reading);
  for (const experiments::RecipeSelection* s : {&tournament, &filings})
    for (const experiments::TrainingRecipe& r : experiments::batch_neighbours(s->recipe()))
      if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  return out;
}

ClaimShares SweepResult::shares(const std::string& id) const {
  ClaimShares out;
  out.by_reading.assign(readings.size(), {});
  out.counted.assign(readings.size(), false);
  const auto it = claims.find(id);
  if (it == claims.end()) return out;
  const SweptClaim& c = it->second;
  out.own = c.readings;
  std::vector<std::string> keys_seen;
  for (std::size_t i = 0; i < settings.size() && i < c.letters.size(); ++i) {
    const SweepSetting& s = settings[i];
    const auto reading = std::find_if(readings.begin(), readings.end(),
                                      [&](const SweepReading& r) { return r.id == s.reading; });
    if (reading == readings.end() || !reading->ruled_out_by.empty()) continue;
    const bool plausible = (!(c.families & ledger::kTournamentRuns) || s.plausible_tournament) &&
                           (!(c.families & ledger::kFilingsRuns) || s.plausible_filings);
    if (!plausible) continue;
    // The runs this claim reads in this setting; unrecorded keys never match.
    const std::string key = (c.families & ledger::kTournamentRuns ? s.tournament_key : "-") + "/" +
                            (c.families & ledger::kFilingsRuns ? s.filings_key : "-");
    const bool recorded = !(c.families & ledger::kTournamentRuns && s.tournament_key.empty()) &&
                          !(c.families & ledger::kFilingsRuns && s.filings_key.empty());
    if (recorded && std::find(keys_seen.begin(), keys_seen.end(), key) != keys_seen.end()) {
      ++out.repeated;
      continue;
    }
    if (recorded) keys_seen.push_back(key);
    ++out.plausible;
    if (c.letters[i] == 'e') {
      ++out.not_evaluated;
      continue;
    }
    ++out.evaluated;
    ReadingShare& by = out.by_reading[std::size_t(reading - readings.begin())];
    ++by.evaluated;
    out.counted[std::size_t(reading - readings.begin())] = true;
    if (c.letters[i] == 'h') {
      ++out.held;
      ++by.held;
      out.holding += (out.holding.empty() ? "" : " ") + s.reading + "/" + s.recipe;
    }
  }
  return out;
}

double ClaimShares::share() const {
  double sum = 0;
  int readings = 0;
  for (std::size_t r = 0; r < by_reading.size(); ++r)
    if (counted[r]) {
      sum += by_reading[r].share();
      ++readings;
    }
  return readings ? sum / readings : 0.0;
}

bool ClaimShares::reading_dependent() const {
  bool own_holds = false, own_fails = false, robustly_holds = false, robustly_fails = false;
  for (std::size_t r = 0; r < by_reading.size(); ++r) {
    if (!counted[r]) continue;
    const char letter = r < own.size() ? own[r] : 'e';
    own_holds = own_holds || letter == 'h';
    own_fails = own_fails || letter == 'f';
    // Still more than kMostShare with one of its settings turned against it.
    const double n = by_reading[r].evaluated, held = by_reading[r].held;
    robustly_holds = robustly_holds || (n > 0 && (held - 1) / n > kMostShare);
    robustly_fails = robustly_fails || (n > 0 && (n - held - 1) / n > kMostShare);
  }
  return (own_holds && own_fails) || (robustly_holds && robustly_fails);
}

namespace {
/// "value:se:band:d" (or ":u" when the band leaves it undecided), NaN as "nan"; "-" when the
/// evaluation threw or recorded nothing.
std::string estimate_text(const ReadingEstimate& e) {
  if (std::isnan(e.value) && std::isnan(e.band)) return "-";
  char buf[96];
  std::snprintf(buf, sizeof buf, "%.10g:%.10g:%.10g:%c", e.value, e.se, e.band, e.undecided ? 'u' : 'd');
  return buf;
}
bool parse_number(const std::string& text, double& out) {
  try {
    std::size_t used = 0;
    out = std::stod(text, &used);
    return used == text.size();
  } catch (const std::exception&) {
    return false;
  }
}
bool parse_estimates(const std::string& text, std::size_t count, std::vector<ReadingEstimate>& out) {
  out.clear();
  std::istringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    ReadingEstimate e;
    if (item != "-") {
      std::vector<std::string> parts;
      std::istringstream fields(item);
      for (std::string part; std::getline(fields, part, ':');) parts.push_back(part);
      if (parts.size() != 4 || !parse_number(parts[0], e.value) || !parse_number(parts[1], e.se) ||
          !parse_number(parts[2], e.band) || (parts[3] != "d" && parts[3] != "u"))
        return false;
      e.undecided = parts[3] == "u";
    }
    out.push_back(e);
  }
  return out.size() == count;
}
}  // namespace

bool is_selected_setting(const SweepResult& result, std::size_t s, int families) {
  const SweepSetting& setting = result.settings.at(s);
  const auto reading = std::find_if(result.readings.begin(), result.readings.end(),
                                    [&](const SweepReading& r) { return r.id == setting.reading; });
  if (reading == result.readings.end() || families == ledger::kNoRuns) return false;
  return (!(families & ledger::kTournamentRuns) || setting.recipe == reading->tournament_recipe) &&
         (!(families & ledger::kFilingsRuns) || setting.recipe == reading->filings_recipe);
}

std::string serialise(const SweepResult& result) {
  std::string text = "pe-sweep 4\nreadings " + std::to_string(result.readings.size()) + '\n';
  for (const SweepReading& r : result.readings)
    text += "reading " + r.id + ' ' + r.tournament_recipe + ' ' + r.filings_recipe + ' ' +
            (r.ruled_out_by.empty() ? "-" : r.ruled_out_by) + ' ' + r.ruled_out_because + '\n';
  text += "settings " + std::to_string(result.settings.size()) + '\n';
  for (const SweepSetting& s : result.settings)
    text += "setting " + s.reading + ' ' + s.recipe + ' ' + (s.plausible_tournament ? '1' : '0') + ' ' +
            (s.plausible_filings ? '1' : '0') + ' ' + std::to_string(s.tournament_seeds) + ' ' +
            std::to_string(s.filings_seeds) + ' ' + (s.tournament_key.empty() ? "-" : s.tournament_key) + ' ' +
            (s.filings_key.empty() ? "-" : s.filings_key) + '\n';
  text += "claims " + std::to_string(result.claims.size()) + '\n';
  for (const auto& [id, c] : result.claims) {
    std::string estimates;
    for (std::size_t r = 0; r < result.readings.size(); ++r)
      estimates += (r ? "," : "") + (r < c.estimates.size() ? estimate_text(c.estimates[r]) : std::string("-"));
    text += "claim " + id + ' ' + std::to_string(c.families) + ' ' + c.readings + ' ' + c.letters + ' ' +
            estimates + '\n';
  }
  return text + "end\n";
}

bool parse(const std::string& text, SweepResult& result) {
  std::istringstream in(text);
  std::string word;
  std::size_t count = 0;
  SweepResult out;
  auto letters_only = [](const std::string& v, std::size_t size) {
    return v.size() == size && v.find_first_not_of("hfe") == std::string::npos;
  };
  auto optional = [](const std::string& v) { return v == "-" ? std::string() : v; };
  if (!std::getline(in, word) || word != "pe-sweep 4") return false;
  if (!(in >> word >> count) || word != "readings" || count == 0) return false;
  for (std::size_t i = 0; i < count; ++i) {
    SweepReading r;
    if (!(in >> word >> r.id >> r.tournament_recipe >> r.filings_recipe >> r.ruled_out_by) || word != "reading")
      return false;
    r.ruled_out_by = optional(r.ruled_out_by);
    // The reason is the rest of the line, and there is one exactly when a claim rules it out.
    std::getline(in, r.ruled_out_because);
    r.ruled_out_because.erase(0, r.ruled_out_because.find_first_not_of(' '));
    if (r.ruled_out_by.empty() != r.ruled_out_because.empty()) return false;
    out.readings.push_back(r);
  }
  if (!(in >> word >> count) || word != "settings") return false;
  for (std::size_t i = 0; i < count; ++i) {
    SweepSetting s;
    int t = 0, f = 0;
    if (!(in >> word >> s.reading >> s.recipe >> t >> f >> s.tournament_seeds >> s.filings_seeds >>
          s.tournament_key >> s.filings_key) ||
        word != "setting" || (t != 0 && t != 1) || (f != 0 && f != 1) || s.tournament_seeds < 0 ||
        s.filings_seeds < 0)
      return false;
    s.plausible_tournament = t == 1;
    s.plausible_filings = f == 1;
    s.tournament_key = optional(s.tournament_key);
    s.filings_key = optional(s.filings_key);
    out.settings.push_back(s);
  }
  if (!(in >> word >> count) || word != "claims") return false;
  for (std::size_t i = 0; i < count; ++i) {
    std::string id, estimates;
    SweptClaim c;
    if (!(in >> word >> id >> c.families >> c.readings >> c.letters >> estimates) || word != "claim" ||
        c.families < 0 || c.families > 3 || !letters_only(c.readings, out.readings.size()) ||
        !letters_only(c.letters, out.settings.size()) ||
        !parse_estimates(estimates, out.readings.size(), c.estimates))
      return false;
    out.claims[id] = c;
  }
  if (!(in >> word) || word != "end") return false;
  result = std::move(out);
  return true;
}

std::string experiment_class(const SweepResult& result, const std::string& id, const std::string& verdict,
                             const std::string& inconclusive) {
  if (!result.claims.count(id)) return "exact";
  if (!inconclusive.empty()) return "inconclusive";
  const double share = result.shares(id).share();
  if (verdict == "holds") return share > kMostShare ? "reproduces" : "fragile";
  return share >= kSubstantialShare ? "setting-dependent" : "does-not-reproduce";
}

std::string class_edge(const SweepResult& result, const std::string& id, const std::string& verdict,
                       const std::string& inconclusive) {
  const auto it = result.claims.find(id);
  if (it == result.claims.end() || !inconclusive.empty()) return "";
  const std::string cls = experiment_class(result, id, verdict, inconclusive);
  const bool flag = result.shares(id).reading_dependent();
  SweepResult turned = result;
  std::string& letters = turned.claims.at(id).letters;
  for (std::size_t i = 0; i < letters.size(); ++i) {
    // A selected setting's letter is a reading's own verdict: its band says how near it is.
    if (letters[i] == 'e' || is_selected_setting(result, i, it->second.families)) continue;
    letters[i] = letters[i] == 'h' ? 'f' : 'h';
    const std::string other = experiment_class(turned, id, verdict, inconclusive);
    const bool other_flag = turned.shares(id).reading_dependent();
    letters[i] = letters[i] == 'h' ? 'f' : 'h';
    if (other == cls && other_flag == flag) continue;
    const std::string setting = result.settings[i].reading + "/" + result.settings[i].recipe;
    return "at the edge: one other setting (" + setting + ") " +
           (other != cls ? "would change its class to " + other
                         : std::string(flag ? "would lift its dependence on the reading"
                                            : "would make it depend on the reading"));
  }
  return "";
}

const std::vector<std::string>& swept_classes() {
  static const std::vector<std::string> classes = {"reproduces", "fragile", "setting-dependent",
                                                   "does-not-reproduce", "inconclusive"};
  return classes;
}

std::string class_rules() {
  char buf[4000];
  std::snprintf(buf, sizeof buf,
                "Plausible settings: %s. A claim's share is, for each reading of the article, the share "
                "of that reading's plausible settings (every recipe, for each family of heads it reads) in "
                "which it holds, averaged over the readings, so that each reading weighs the same however "
                "many plausible settings it has; settings whose runs have the cache key of a setting "
                "already counted count once, a setting whose evaluation threw is left out, and a reading "
                "that the article's own printed values rule out counts in no share (it is reported "
                "apart, with the claim that rules it out). A claim is *reading-dependent* when two readings' "
                "own verdicts differ (each decided on that reading's selected recipe, chosen by the same "
                "rule), or when it holds in more than half of one reading's plausible settings and fails in "
                "more than half of another's and each would still with one of its settings changed (a split "
                "that one setting closes is the grain of the settings; half is the threshold of the classes "
                "below). A class or flag that the letter of one plausible setting would change is marked "
                "*at the edge* (the readings' selected recipes excepted: their letters are the readings' own "
                "verdicts, whose nearness their bands report). Classes: "
                "*reproduces* (holds in the selected setting and in more than %.0f%% of its plausible "
                "settings), *fragile* (holds in the selected setting, in at most %.0f%% of them), "
                "*setting-dependent* (fails in the selected setting, holds in at least %.0f%%), *does not "
                "reproduce* (fails in the selected setting, holds in under %.0f%%), *inconclusive* (its "
                "own decision in the selected setting is too wide to decide: an acceptance band covering "
                "more than %.0f%% of its quantity's range, or one reaching the value that would reverse "
                "the claim (chance for an accuracy that says a head reads; for one that says a head is at "
                "chance, a head halfway to a perfect score; 0 for a sign or a count), or an estimate within its "
                "resolution of its threshold).",
                experiments::plausibility_rule().c_str(), 100 * kMostShare, 100 * kMostShare,
                100 * kSubstantialShare, 100 * kSubstantialShare, 100 * ledger::kInconclusiveShare);
  return buf;
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

std::string sweep_json(const SweepResult& sweep) {
  std::string readings, settings;
  for (const SweepReading& r : sweep.readings)
    readings += std::string(readings.empty() ? "" : ", ") + "{\"reading\": " + json_quoted(r.id) +
                ", \"description\": " + json_quoted(experiments::reading_from_id(r.id).description()) +
                ", \"tournament_recipe\": " + json_quoted(r.tournament_recipe) +
                ", \"filings_recipe\": " + json_quoted(r.filings_recipe) + ", \"ruled_out_by\": " +
                json_quoted(r.ruled_out_by) + ", \"ruled_out_because\": " + json_quoted(r.ruled_out_because) + "}";
  for (const SweepSetting& s : sweep.settings)
    settings += std::string(settings.empty() ? "" : ",\n      ") + "{\"reading\": " + json_quoted(s.reading) +
                ", \"recipe\": " + json_quoted(s.recipe) + ", \"plausible_tournament\": " +
                (s.plausible_tournament ? "true" : "false") + ", \"plausible_filings\": " +
                (s.plausible_filings ? "true" : "false") + ", \"tournament_seeds\": " +
                std::to_string(s.tournament_seeds) + ", \"filings_seeds\": " + std::to_string(s.filings_seeds) +
                ", \"tournament_key\": " + json_quoted(s.tournament_key) + ", \"filings_key\": " +
                json_quoted(s.filings_key) + "}";
  return "\"sweep\": {\"rules\": " + json_quoted(class_rules()) + ",\n    \"readings\": [" + readings +
         "],\n    \"settings\": [" + settings + "]}";
}

std::string training_selection_json() {
  return "\"training_selection\": {\"rule\": " + json_quoted(experiments::selection_rule()) +
         ", \"steps\": 1500, \"grid_seeds\": " + std::to_string(experiments::kGridSeeds) +
         ", \"selected_seeds\": " + std::to_string(experiments::kSelectedSeeds) +
         ", \"headline_seeds\": " + std::to_string(experiments::kHeadlineSeeds) +
         ",\n    \"tournament\": " + selection_json(experiments::tournament_selection()) +
         ",\n    \"filings\": " + selection_json(experiments::filings_selection()) +
         ",\n    \"tournament_heads\": " +
         heads_json(experiments::headline_tournament(), experiments::headline_tournament().config.validation_sequences,
                    [](const experiments::HeadRun& h) {
                      return experiments::degenerate_reason(experiments::headline_tournament(), h);
                    }) +
         ",\n    \"filings_heads\": " +
         heads_json(experiments::headline_filings_study(), experiments::headline_filings_study().config.validation_windows,
                    [](const experiments::FilingHeadRun& h) {
                      return experiments::headline_filings_study().degenerate_reason(h);
                    }) +
         "}";
}

std::string training_selection_markdown() {
  std::ostringstream md;
  md << "The recipe is chosen by one rule, written in experiments/recipes.hpp before any result "
        "past the window was read: " << experiments::selection_rule() << ".\n\n";
  for (const auto& [family, selection] :
       {std::pair<std::string, const experiments::RecipeSelection*>{"tournament", &experiments::tournament_selection()},
        {"filings study", &experiments::filings_selection()}}) {
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
  md << "**The readings and the classes.** The sweep trains every reading of what the article leaves open "
        "about the model and the task, each with its own recipe chosen by the same rule:\n\n";
  for (const experiments::ModelReading& r : experiments::article_readings())
    md << "- " << r.name() << " (`" << r.id() << "`): " << r.description() << "\n";
  md << "\n" << class_rules() << "\n\n";
  return md.str();
}

ReportAnnotations report_annotations(const std::string& report_dir) {
  auto sweep = std::make_shared<SweepResult>();
  bool swept = false;
  if (const auto body = experiments::read_sealed(report_dir + "/sweep.txt")) swept = parse(*body, *sweep);
  ReportAnnotations a;
  // The experiment claims are the ones declared with the runs they read and swept over them.
  auto experiment_ids = std::make_shared<std::set<std::string>>();
  for (const ledger::Claim& c : ledger::all_claims())
    if (c.reads != ledger::kNoRuns && c.swept) experiment_ids->insert(c.id);
  a.annotate = [sweep, swept, experiment_ids](ledger::Record& r) {
    r.reproduction = !swept ? (experiment_ids->count(r.id) ? "not swept" : "exact")
                            : experiment_class(*sweep, r.id, r.verdict, r.inconclusive);
    if (r.reproduction != "exact" && r.certified == "false")
      r.certification = "not certifiable as the article's value: a statistic of seeded training "
                        "runs, which an enclosure of this project's arithmetic would not make the "
                        "article's";
    if (!swept || r.reproduction == "exact") return;
    const ClaimShares shares = sweep->shares(r.id);
    r.settings_run = int(sweep->settings.size());
    r.settings_plausible = shares.plausible;
    r.settings_evaluated = shares.evaluated;
    r.settings_held = shares.held;
    r.settings_not_evaluated = shares.not_evaluated;
    r.settings_holding = shares.holding;
    r.reading_dependent = shares.reading_dependent();
    r.edge = class_edge(*sweep, r.id, r.verdict, r.inconclusive);
    r.share = shares.share();
    const SweptClaim& c = sweep->claims.at(r.id);
    for (std::size_t i = 0; i < sweep->readings.size() && i < c.readings.size(); ++i) {
      ledger::Record::Reading reading;
      reading.id = sweep->readings[i].id;
      reading.verdict = c.readings[i] == 'h' ? "holds" : c.readings[i] == 'f' ? "fails" : "not evaluated";
      reading.held = shares.by_reading[i].held;
      reading.evaluated = shares.by_reading[i].evaluated;
      if (i < c.estimates.size()) {
        reading.value = c.estimates[i].value;
        reading.se = c.estimates[i].se;
        reading.band = c.estimates[i].band;
        reading.undecided = c.estimates[i].undecided;
      }
      reading.ruled_out_by = sweep->readings[i].ruled_out_by;
      r.readings.push_back(reading);
    }
  };
  // The selections are cached by now whenever the sweep ran; without it, reading them could
  // mean training the whole grid inside the report step.
  if (swept) {
    a.top_level_json.push_back(training_selection_json());
    a.top_level_json.push_back(sweep_json(*sweep));
    std::string ruled_out;
    for (const SweepReading& r : sweep->readings)
      if (!r.ruled_out_by.empty())
        ruled_out += "- `" + r.id + "`, by `" + r.ruled_out_by + "`: " + r.ruled_out_because + ".\n";
    a.markdown_sections.push_back(
        "## The training recipes\n\n" + training_selection_markdown() +
        (ruled_out.empty() ? std::string()
                           : "**Readings the article's printed values rule out** (they count in no share):\n\n" +
                                 ruled_out + "\n"));
  }
  return a;
}

}  // namespace pe::report
