#include "record_fields.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "certificate.hpp"
#include "statements.hpp"

namespace pe::report {
namespace {

using ledger::Record;

/// A text member: read and written as it stands.
RecordField text_field(std::string name, std::string Record::*member, FieldSource source = FieldSource::check,
                       JsonForm json = JsonForm::text, Shown shown = Shown::always, bool compared = false) {
  return {std::move(name), source, json, shown, compared, [member](const Record& r) { return r.*member; },
          [member](Record& r, const JsonValue& v) { r.*member = v.text; }};
}

/// A count the sweep's annotations fill (claims.json only).
RecordField count_field(std::string name, int Record::*member) {
  return {std::move(name), FieldSource::annotation, JsonForm::literal, Shown::when_swept, false,
          [member](const Record& r) { return std::to_string(r.*member); },
          [member](Record& r, const JsonValue& v) { r.*member = std::stoi(v.text); }};
}

/// A number that may be missing: JSON null for NaN.
std::string number_or_null(double x) { return std::isnan(x) ? std::string("null") : ledger::format(x); }
double number_from(const JsonValue& v) { return v.text == "null" ? std::nan("") : std::strtod(v.text.c_str(), nullptr); }

/// A derived member: written from the record, never read back.
RecordField derived(std::string name, Shown shown, bool compared, std::function<std::string(const Record&)> text) {
  return {std::move(name), FieldSource::derived, JsonForm::text, shown, compared, std::move(text), nullptr};
}

/// Each reading's result, as claims.json's "readings" object.
std::string readings_json(const Record& r) {
  std::ostringstream json;
  json << "{";
  for (std::size_t k = 0; k < r.readings.size(); ++k) {
    const Record::Reading& g = r.readings[k];
    json << (k ? ", " : "") << json_quoted(g.id) << ": {\"verdict\": " << json_quoted(g.verdict)
         << ", \"settings_held\": " << g.held << ", \"settings_evaluated\": " << g.evaluated
         << ", \"share\": " << (g.evaluated ? ledger::format(double(g.held) / g.evaluated) : std::string("null"))
         << ", \"value\": " << number_or_null(g.value) << ", \"se\": " << number_or_null(g.se)
         << ", \"band\": " << number_or_null(g.band) << ", \"undecided\": " << (g.undecided ? "true" : "false")
         << ", \"ruled_out_by\": " << json_quoted(g.ruled_out_by) << "}";
  }
  return json.str() + "}";
}

std::vector<Record::Reading> readings_from(const JsonValue& object) {
  std::vector<Record::Reading> out;
  for (const auto& [id, g] : object.members) {
    Record::Reading reading;
    reading.id = id;
    reading.verdict = g.text_of("verdict");
    reading.held = std::stoi(g.text_of("settings_held"));
    reading.evaluated = std::stoi(g.text_of("settings_evaluated"));
    reading.value = number_from(*g.member("value"));
    reading.se = number_from(*g.member("se"));
    // Reports written before the band was recorded have neither member.
    if (const JsonValue* band = g.member("band")) reading.band = number_from(*band);
    reading.undecided = g.text_of("undecided") == "true";
    reading.ruled_out_by = g.text_of("ruled_out_by");
    out.push_back(std::move(reading));
  }
  return out;
}

/// ClaimShares::share from a record's readings: the mean, over the readings not ruled out and
/// evaluated somewhere, of each one's share of its plausible settings.
double share_of_readings(const std::vector<Record::Reading>& readings) {
  double sum = 0;
  int counted = 0;
  for (const Record::Reading& g : readings)
    if (g.ruled_out_by.empty() && g.evaluated > 0) {
      sum += double(g.held) / g.evaluated;
      ++counted;
    }
  return counted ? sum / counted : 0.0;
}

/// The fields the argument map and the proofs derive from a record: its statement, evidence,
/// certificate and lemmas, and what it brings down when it does not hold.
std::vector<RecordField> derived_map_fields() {
  using S = Shown;
  std::vector<RecordField> f = {
      // "statement" holds the claim's own words; the argument map's statement is its id.
      derived("statement_id", S::always, true,
              [](const Record& r) {
                const std::vector<const ledger::Statement*> owners = ledger::statements_of_claim(r.id);
                return owners.size() == 1 ? owners.front()->id : std::string();
              }),
      derived("evidence", S::always, true, [](const Record& r) { return to_string(ledger::evidence_of(r)); }),
      derived("evidence_note", S::when_set, false, [](const Record& r) { return ledger::evidence_note(r); }),
      // A proved claim's certificate in one line, and the classical results it cites unchecked.
      derived("certificate", S::when_set, false, [](const Record& r) { return ledger::certificate_line(r); }),
      derived("lemmas", S::when_set, false,
              [](const Record& r) {
                std::string names;
                for (const ExternalLemma* l : ledger::lemmas_cited(r)) names += (names.empty() ? "" : "; ") + l->name;
                return names;
              }),
      // What a failing or inconclusive claim brings down, each statement with its chain.
      {"brings_down", FieldSource::derived, JsonForm::literal, S::when_set, false,
       [](const Record& r) {
         if (r.verdict == "holds" && r.inconclusive.empty() && r.reproduction != "inconclusive") return std::string();
         return ledger::brings_down_json(ledger::claim_brings_down(r.id));
       },
       nullptr},
  };
  return f;
}

RecordFields make_fields() {
  using FS = FieldSource;
  using J = JsonForm;
  using S = Shown;
  RecordFields f = {
      text_field("id", &Record::id),
      text_field("unit", &Record::unit),
      text_field("section", &Record::section),
      text_field("statement", &Record::statement),
      text_field("article", &Record::article, FS::check, J::text, S::always, true),
      text_field("computed", &Record::computed, FS::check, J::text, S::always, true),
      text_field("rule", &Record::rule),
      // A relation that cannot bite holds on no evidence: claims.json calls it so, and counting
      // its verdicts gives the summary's holds (read back, it is a holding check again).
      {"verdict", FS::check, J::text, S::always, true,
       [](const Record& r) { return r.consistency == "cannot bite" && r.verdict == "holds" ? std::string("cannot bite") : r.verdict; },
       [](Record& r, const JsonValue& v) { r.verdict = v.text == "cannot bite" ? "holds" : v.text; }},
      text_field("expected", &Record::expected),
      text_field("note", &Record::note),
      text_field("source", &Record::source),
      // Only printed and bound claims carry a certification.
      text_field("certified", &Record::certified, FS::check, J::literal, S::when_certified),
      text_field("enclosure", &Record::enclosure, FS::check, J::text, S::when_certified),
      text_field("certification", &Record::certification, FS::check, J::text, S::when_certified),
      // Only where a floating-point route disagrees with the enclosure.
      text_field("floating_disagreement", &Record::floating_disagreement, FS::check, J::text, S::when_set),
      // Only claims that read seeds, decide in a band, compute a residual or relate printed numbers.
      text_field("seeds", &Record::seeds, FS::check, J::literal, S::when_set),
      text_field("resolution", &Record::resolution, FS::check, J::literal, S::when_set),
      text_field("inconclusive", &Record::inconclusive, FS::check, J::text, S::when_set),
      text_field("overprecise", &Record::overprecise, FS::check, J::literal, S::when_set),
      text_field("residual", &Record::residual, FS::check, J::number_or_text, S::when_set, true),
      text_field("residual_unit", &Record::residual_unit, FS::check, J::text, S::when_set, true),
      text_field("consistency", &Record::consistency, FS::check, J::text, S::when_set),
      text_field("proof", &Record::proof, FS::check, J::text, S::when_set),
      text_field("proof_sides", &Record::proof_sides, FS::check, J::text, S::when_set),
      text_field("proof_steps", &Record::proof_steps, FS::check, J::literal, S::when_set),
      text_field("run", &Record::run, FS::bookkeeping),  // with "program": the fragment's, so reruns agree
      text_field("program", &Record::program, FS::bookkeeping),
      text_field("reproduction", &Record::reproduction, FS::annotation, J::text, S::always, true),
      // The class is the reproduction of a swept claim; compared apart, so neither changes unseen.
      derived("class", S::when_swept, true, [](const Record& r) { return r.reproduction; }),
      count_field("settings_run", &Record::settings_run),
      count_field("settings_plausible", &Record::settings_plausible),
      count_field("settings_evaluated", &Record::settings_evaluated),
      count_field("settings_not_evaluated", &Record::settings_not_evaluated),
      count_field("settings_held", &Record::settings_held),
      {"share", FS::annotation, J::literal, S::when_swept, true, [](const Record& r) { return number_or_null(r.share); },
       [](Record& r, const JsonValue& v) { r.share = number_from(v); }},
      {"reading_dependent", FS::annotation, J::literal, S::when_swept, true,
       [](const Record& r) { return std::string(r.reading_dependent ? "true" : "false"); },
       [](Record& r, const JsonValue& v) { r.reading_dependent = v.text == "true"; }},
      text_field("settings_holding", &Record::settings_holding, FS::annotation, J::text, S::when_swept),
      text_field("edge", &Record::edge, FS::annotation, J::text, S::when_set, true),
      // The share is read back from the readings it averages (claims.json prints it to ten
      // digits; two claims' shares that differ in the last bits must still sort as they did).
      {"readings", FS::annotation, J::literal, S::when_swept, false, readings_json,
       [](Record& r, const JsonValue& v) {
         r.readings = readings_from(v);
         if (!r.readings.empty()) r.share = share_of_readings(r.readings);
       }},
  };
  // After the claim's own fields, before the sweep's annotations.
  const std::vector<RecordField> map = derived_map_fields();
  f.insert(std::find_if(f.begin(), f.end(), [](const RecordField& x) { return x.name == "class"; }), map.begin(), map.end());
  return f;
}

bool in_fragment(const RecordField& f) { return f.source == FieldSource::check || f.source == FieldSource::bookkeeping; }

bool shown(const RecordField& f, const Record& r, const std::string& text) {
  switch (f.shown) {
    case Shown::always: return true;
    case Shown::when_set: return !text.empty();
    case Shown::when_certified: return !r.certified.empty();
    case Shown::when_swept: return swept(r);
  }
  return true;
}

std::string json_value(const RecordField& f, const std::string& text) {
  switch (f.json) {
    case JsonForm::text: return json_quoted(text);
    case JsonForm::literal: return text;
    case JsonForm::number_or_text:
      return std::isfinite(std::strtod(text.c_str(), nullptr)) ? text : json_quoted(text);
  }
  return json_quoted(text);
}

std::string escape_line(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::string unescape_line(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      out += s[i + 1] == 'n' ? '\n' : s[i + 1];
      ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

const RecordFields& record_fields() {
  static const RecordFields fields = make_fields();
  return fields;
}

bool swept(const Record& r) { return r.reproduction != "exact" && r.reproduction != "not swept"; }

std::string fragment_text(const Record& record, const RecordFields& fields) {
  std::string out;
  for (const RecordField& f : fields)
    if (in_fragment(f)) out += f.name + '=' + escape_line(f.text(record)) + '\n';
  return out;
}

Record record_from_fragment(std::string_view text, const RecordFields& fields) {
  Record r;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = line.substr(0, eq);
    for (const RecordField& f : fields)
      if (f.name == name && in_fragment(f)) {
        JsonValue value;
        value.text = unescape_line(std::string_view(line).substr(eq + 1));
        f.read(r, value);
      }
  }
  return r;
}

std::string record_json(const Record& record, const RecordFields& fields) {
  std::string out;
  for (const RecordField& f : fields) {
    if (f.source == FieldSource::bookkeeping) continue;
    const std::string text = f.text(record);
    if (!shown(f, record, text)) continue;
    out += (out.empty() ? "" : ", ") + json_quoted(f.name) + ": " + json_value(f, text);
  }
  return out;
}

JsonValue read_claims_document(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  JsonValue document;
  try {
    document = parse_json(text.str());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path + ": not JSON: " + e.what());
  }
  const JsonValue* claims = document.member("claims");
  if (!claims || claims->kind != JsonValue::Kind::array)
    throw std::invalid_argument(path + ": not a claims report (no \"claims\" array)");
  return document;
}

Record record_from_json(const JsonValue& claim, const RecordFields& fields) {
  Record r;
  for (const RecordField& f : fields)
    if (f.read && f.source != FieldSource::bookkeeping)
      if (const JsonValue* value = claim.member(f.name)) f.read(r, *value);
  return r;
}

std::vector<std::pair<std::string, std::string>> compared_values(const JsonValue& claim, const RecordFields& fields) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const RecordField& f : fields)
    if (f.compared) out.emplace_back(f.name, claim.text_of(f.name));
  return out;
}

}  // namespace pe::report
