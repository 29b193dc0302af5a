#include "ledger.hpp"
#include "section_titles.hpp"
#include "unit_order.hpp"

#include "external_lemmas.hpp"
#include "json_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace pe::ledger {
namespace {

struct Registry {
  std::vector<std::pair<std::string, UnitDeclarer>> units;
  std::vector<Claim> claims;
  bool declared = false;
};

#ifndef PE_UNIT_ORDER
#error "PE_UNIT_ORDER must list the verification units in order (theorems/CMakeLists.txt)"
#endif

Registry& registry() {
  static Registry instance;
  return instance;
}

/// A declaring file's path relative to the repository root (PE_SOURCE_ROOT, set by CMake), so
/// that reports are byte-identical across clones; a path outside the root is kept as it is.
std::string relative_source(std::string_view file) {
  const std::string_view root = PE_SOURCE_ROOT;
  if (file.substr(0, root.size()) == root) file.remove_prefix(root.size());
  return std::string(file);
}

}  // namespace

std::size_t unit_rank(const std::string& unit) {
  std::size_t rank = 0;
  std::string_view order = PE_UNIT_ORDER;
  while (!order.empty()) {
    const std::size_t comma = order.find(',');
    if (order.substr(0, comma) == unit) return rank;
    if (comma == std::string_view::npos) break;
    order.remove_prefix(comma + 1);
    ++rank;
  }
  return std::numeric_limits<std::size_t>::max();
}

std::string to_string(Rule rule) {
  switch (rule) {
    case Rule::printed: return "printed";
    case Rule::bound: return "bound";
    case Rule::identity: return "identity";
    case Rule::statistical: return "statistical";
    case Rule::shape: return "shape";
  }
  return "?";
}

std::string to_string(Verdict verdict) { return verdict == Verdict::holds ? "holds" : "fails"; }

const std::vector<std::string>& sections() { return registered_sections(); }

void UnitClaims::add(Claim claim) {
  static const std::regex id_form("[a-z0-9_]+(\\.[A-Za-z0-9_]+)+");
  if (!std::regex_match(claim.id, id_form))
    throw std::invalid_argument("claim id '" + claim.id + "' is not of the form unit.part.part");
  const auto& names = sections();
  if (std::find(names.begin(), names.end(), claim.section) == names.end())
    throw std::invalid_argument("claim " + claim.id + ": unknown section '" + claim.section + "'");
  if (claim.statement.empty() || claim.article.empty())
    throw std::invalid_argument("claim " + claim.id + ": statement and article value are required");
  if (claim.reads < kNoRuns || claim.reads > kAllRuns)
    throw std::invalid_argument("claim " + claim.id + ": reads unknown families of runs (" +
                                std::to_string(claim.reads) + ")");
  if (claim.reads == kNoRuns ? !claim.evaluate || claim.evaluate_on_runs
                             : claim.evaluate || !claim.evaluate_on_runs)
    throw std::invalid_argument("claim " + claim.id + (claim.reads == kNoRuns
                                    ? ": no evaluation (a claim that reads no runs is evaluated by `evaluate`)"
                                    : ": an experiment claim is evaluated on the runs it reads, by "
                                      "`evaluate_on_runs` alone"));
  if (claim.expected == Verdict::fails && claim.erratum.empty())
    throw std::invalid_argument("claim " + claim.id +
                                ": an expected 'fails' needs an erratum with the corrected value");
  if (claim.rule() == Rule::printed) half_unit_of_printed(claim.article);  // validates the literal
  claim.unit = unit_;
  claim.source = relative_source(claim.id.declared_in) + ":" + std::to_string(claim.id.declared_at);
  claims_.push_back(std::move(claim));
}

UnitRegistration::UnitRegistration(const char* unit, UnitDeclarer declarer) {
  registry().units.emplace_back(unit, declarer);
}

std::vector<int> indices(int count) {
  std::vector<int> out(std::max(count, 0));
  for (int i = 0; i < count; ++i) out[i] = i;
  return out;
}

const std::vector<Claim>& all_claims() {
  Registry& reg = registry();
  if (!reg.declared) {
    reg.declared = true;
    std::set<std::string> ids;
    std::stable_sort(reg.units.begin(), reg.units.end(), [](const auto& a, const auto& b) {
      return unit_rank(a.first) < unit_rank(b.first);
    });
    for (const auto& [unit, declarer] : reg.units) {
      UnitClaims unit_claims(unit);
      declarer(unit_claims);
      for (Claim& c : unit_claims.claims()) {
        if (!ids.insert(c.id).second) throw std::logic_error("claim id declared twice: " + c.id);
        reg.claims.push_back(std::move(c));
      }
    }
  }
  return reg.claims;
}

std::vector<const Claim*> claims_of_unit(std::string_view unit) {
  std::vector<const Claim*> out;
  for (const Claim& c : all_claims())
    if (c.unit == unit) out.push_back(&c);
  return out;
}

const Claim& claim_with_id(std::string_view id) {
  for (const Claim& c : all_claims())
    if (c.id == id) return c;
  throw std::invalid_argument("no claim has the id " + std::string(id));
}

std::pair<std::string, std::string> test_name(std::string_view id) {
  const auto dot = id.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == id.size())
    throw std::invalid_argument("a claim id needs a dot inside it, got id = '" + std::string(id) + "'");
  std::string rest(id.substr(dot + 1));
  std::replace(rest.begin(), rest.end(), '.', '_');
  return {std::string(id.substr(0, dot)), rest};
}

// ---- Rules -----------------------------------------------------------------------------

std::string format(double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", value);
  return buf;
}

PrintedValue PrintedValue::of(std::string_view text) {
  const PrintedDecimal lit = parse_printed_decimal(text);
  return {std::string(text), lit.value, lit.half_unit};
}

PrintedRange PrintedRange::of(std::string_view text) {
  std::string_view rest = text;
  if (rest.substr(0, 6) == "about ") rest.remove_prefix(6);
  const std::size_t to = rest.find(" to ");
  if (to == std::string_view::npos)
    throw std::invalid_argument("'" + std::string(text) + "' is not a printed range (A to B)");
  PrintedRange range{PrintedValue::of(rest.substr(0, to)), PrintedValue::of(rest.substr(to + 4))};
  if (range.low.value > range.high.value)
    throw std::invalid_argument("'" + std::string(text) + "' is not a printed range: its low end is above its high end");
  return range;
}

PrintedList PrintedList::of(std::string_view text) {
  PrintedList list;
  for (std::string_view rest = text;;) {
    const std::size_t comma = rest.find(", ");
    list.values.push_back(PrintedValue::of(rest.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 2);
  }
  if (list.values.size() < 2)
    throw std::invalid_argument("'" + std::string(text) + "' is not a printed list (A, B, ...)");
  return list;
}

void Claim::throw_unparsed_article(const std::string& why) const {
  throw std::invalid_argument("claim " + id + ": its body takes the article's value, but '" + article +
                              "' does not parse as one (" + why + ")");
}

Decided<Rule::printed> printed(const PrintedValue& article, double computed) {
  return printed(article, computed, format(computed));
}

Decided<Rule::printed> printed(const PrintedValue& article, double computed, std::string computed_text) {
  const double gap = std::fabs(computed - article.value);
  // Half a unit of the last printed digit; the 1e-12 relative slack only absorbs the rounding
  // of the decimal literal itself into binary.
  const bool holds = gap <= article.half_unit * (1 + 1e-12);
  return {{std::move(computed_text), holds ? Verdict::holds : Verdict::fails,
           "|computed - printed| = " + format(gap) + (holds ? " <= " : " > ") +
               format(article.half_unit) + " (half a unit of the last printed digit)"}};
}

namespace {
/// "(t+1) eps max|v|" -> "(t+1)·eps·max|v|": the factors of a unit joined by a middle dot, so
/// that a unit reads as one term beside its value; spaces inside brackets stay.
std::string joined_factors(std::string_view unit) {
  std::string out;
  int depth = 0;
  for (char c : unit) {
    depth += (c == '(') - (c == ')');
    out += c == ' ' && depth == 0 ? std::string("\u00b7") : std::string(1, c);
  }
  return out;
}
}  // namespace

std::string residual_unit_of(double tolerance, std::string_view source) {
  const std::size_t space = source.find(' ');
  if (space == std::string_view::npos) return "";
  const std::string count(source.substr(0, space));
  char* end = nullptr;
  const double counted = count == "one" ? 1.0 : std::strtod(count.c_str(), &end);
  if (count != "one" && (end == count.c_str() || *end != '\0')) return "";
  if (counted != tolerance) return "";  // the tolerance is absolute; the count is its derivation
  std::string_view rest = source.substr(space + 1);
  for (std::string_view lead : {"units of ", "unit of "})
    if (rest.substr(0, lead.size()) == lead) {
      rest.remove_prefix(lead.size());
      rest = rest.substr(0, rest.find(':'));
      // A closing remark, "16 eps (Bauer-Fike)", is no factor; "16 (j+1) eps" keeps its bracket.
      if (!rest.empty() && rest.back() == ')') rest = rest.substr(0, rest.rfind(" ("));
      return joined_factors(rest);
    }
  if (rest == "eps" || rest.substr(0, 4) == "eps:") return "eps";
  throw std::logic_error("the tolerance source '" + std::string(source) +
                         "' counts the tolerance in units it does not name: pass the unit");
}

void stamp_residual(Outcome& outcome, double residual, std::string unit) {
  outcome.residual = residual;
  outcome.residual_unit = std::move(unit);
}

Decided<Rule::identity> identity(double computed, double reference, double tolerance,
                 std::string_view tolerance_source, std::string residual_unit) {
  const double gap = std::fabs(computed - reference);
  const bool holds = gap <= tolerance;
  Decided<Rule::identity> o{{format(computed), holds ? Verdict::holds : Verdict::fails,
                             "|computed - " + format(reference) + "| = " + format(gap) + (holds ? " <= " : " > ") +
                                 format(tolerance) + " (" + std::string(tolerance_source) + ")"}};
  if (reference != 0) return o;  // `computed` is the quantity; the note gives its distance
  if (residual_unit.empty()) residual_unit = residual_unit_of(tolerance, tolerance_source);
  return with_residual(std::move(o), computed, residual_unit.empty() ? "absolute" : residual_unit);
}

namespace {

/// `steps` with a cited-lemma step for each external lemma `certificate` cites (cite() is the only
/// way a proof names one), in external_lemmas()'s order.
std::vector<ProofStep> with_cited_lemmas(std::vector<ProofStep> steps, const std::string& certificate) {
  for (const ExternalLemma* lemma : external_lemmas())
    if (certificate.find(cite(*lemma)) != std::string::npos)
      steps.push_back({StepKind::lemma, StepReach::decided, lemma->name});
  return steps;
}

/// "3 steps decided (2 identity, 1 inequality), 2 lemmas cited": what a proof that holds found,
/// by kind, in the order of StepKind.
std::string decided_steps_text(const std::vector<ProofStep>& steps) {
  std::map<StepKind, int> count;
  for (const ProofStep& s : steps) ++count[s.kind];
  int decided = 0;
  std::string kinds;
  for (const auto& [kind, n] : count) {
    if (kind == StepKind::lemma) continue;
    decided += n;
    kinds += (kinds.empty() ? "" : ", ") + std::to_string(n) + " " + to_string(kind);
  }
  std::string out = std::to_string(decided) + (decided == 1 ? " step" : " steps") + " decided (" + kinds + ")";
  if (count.count(StepKind::lemma))
    out += ", " + std::to_string(count[StepKind::lemma]) + (count[StepKind::lemma] == 1 ? " lemma" : " lemmas") + " cited";
  return out;
}

}  // namespace

Decided<Rule::identity> proved_identity(bool reduced_to_zero, const std::string& remainder,
                                        const std::string& certificate, std::vector<ProofStep> steps,
                                        const std::string& proof_sides) {
  if (steps.empty()) throw std::logic_error("proved_identity: a proof names at least one step");
  const auto failed = std::find_if(steps.begin(), steps.end(), [](const ProofStep& s) { return s.reach == StepReach::failed; });
  const bool holds = reduced_to_zero && failed == steps.end();
  const std::string left = !reduced_to_zero ? remainder : failed != steps.end() ? to_string(failed->kind) + std::string(" step: ") + failed->what : "";
  // `computed` names what was found, not a number read as the quantity (det R = 1 is no "0"): the
  // steps decided, by kind; the zero difference is the claim's residual, exact, which the face
  // shows as "holds exactly".
  steps = with_cited_lemmas(std::move(steps), certificate);
  Decided<Rule::identity> o{{holds ? decided_steps_text(steps) : "remainder " + left,
                             holds ? Verdict::holds : Verdict::fails,
                             (holds ? "exact: the difference reduces to 0; " : "exact: the difference does not reduce to 0; ") +
                                 certificate}};
  if (holds) {
    o.proof = certificate;
    o.proof_steps = std::move(steps);
    stamp_residual(o, 0.0, "exact");
  }
  o.proof_sides = proof_sides;
  return o;
}

Decided<Rule::shape> proved_by_witness(bool found, const std::string& computed, const std::string& certificate) {
  Decided<Rule::shape> o{{computed, found ? Verdict::holds : Verdict::fails,
                          (found ? "" : "the witness does not settle it: ") + certificate}};
  if (found) {
    o.proof = certificate;
    o.proof_steps = with_cited_lemmas({{StepKind::witness, StepReach::decided, computed}}, certificate);
  }
  return o;
}

std::string proof_steps_json(const std::vector<ProofStep>& steps) {
  if (steps.empty()) return "";
  std::string out = "[";
  for (const ProofStep& s : steps)
    out += std::string(out.size() > 1 ? ", " : "") + "{\"kind\": " + json_quoted(to_string(s.kind)) +
           ", \"reach\": " + json_quoted(to_string(s.reach)) + ", \"what\": " + json_quoted(s.what) +
           (s.check.empty() ? "" : ", \"check\": " + json_quoted(s.check)) + "}";
  return out + "]";
}

std::vector<ProofStep> proof_steps_of(const Record& record) {
  std::vector<ProofStep> out;
  if (record.proof_steps.empty()) return out;
  const JsonValue steps = parse_json(record.proof_steps);
  for (const JsonValue& item : steps.items) {
    const std::string kind = item.text_of("kind"), reach = item.text_of("reach");
    const StepKind kinds[] = {StepKind::identity, StepKind::block,   StepKind::induction,
                              StepKind::inequality, StepKind::counting, StepKind::expectation,
                              StepKind::rank,       StepKind::witness,  StepKind::lemma};
    const StepReach reaches[] = {StepReach::decided, StepReach::listed_only, StepReach::failed};
    const auto k = std::find_if(std::begin(kinds), std::end(kinds), [&](StepKind x) { return kind == to_string(x); });
    const auto r = std::find_if(std::begin(reaches), std::end(reaches), [&](StepReach x) { return reach == to_string(x); });
    if (k == std::end(kinds) || r == std::end(reaches))
      throw std::runtime_error("claim " + record.id + ": proof step of unknown kind \"" + kind + "\" or reach \"" + reach + "\"");
    out.push_back({*k, *r, item.text_of("what"), item.text_of("check")});
  }
  return out;
}

Decided<Rule::statistical> statistical(const PrintedValue& article, double estimate, double standard_error,
                                       double k) {
  const double gap = std::fabs(estimate - article.value);
  const double allowed = k * standard_error + article.half_unit;
  const bool holds = gap <= allowed;
  return {{format(estimate), holds ? Verdict::holds : Verdict::fails,
           "|estimate - printed| = " + format(gap) + (holds ? " <= " : " > ") + format(allowed) +
               " = " + format(k) + " standard errors (se " + format(standard_error) +
               ") + half a printed unit"}};
}

Decided<Rule::statistical> statistical_agreement(double estimate, double reference, double standard_error, double k,
                              std::string_view source) {
  const double gap = std::fabs(estimate - reference);
  const double allowed = k * standard_error;
  const bool holds = gap <= allowed;
  Decided<Rule::statistical> o{{format(estimate), holds ? Verdict::holds : Verdict::fails,
                                "|estimate - " + format(reference) + "| = " + format(gap) + (holds ? " <= " : " > ") +
                                    format(allowed) + " = " + format(k) + " standard errors of " +
                                    format(standard_error) + " (" + std::string(source) + ")"}};
  // Against 0 the estimate is a deviation (a largest |z|), not the statement's quantity.
  return reference == 0 ? with_residual(std::move(o), gap / standard_error, "standard errors") : o;
}

namespace {
template <Rule R>
Decided<R> predicate(bool holds, std::string computed, std::string detail) {
  return {{std::move(computed), holds ? Verdict::holds : Verdict::fails, std::move(detail)}};
}
}  // namespace

void stamp_estimate(Outcome& outcome, double estimate, double standard_error) {
  outcome.estimate = estimate;
  outcome.estimate_se = standard_error;
}

QuantityScale signed_scale(double printed, std::string_view what) {
  const double magnitude = std::fabs(printed);
  return {-magnitude, magnitude,
          "twice the printed " + std::string(what) + "'s magnitude (it has no natural range; the band must "
          "at least keep its sign)",
          0.0, "where the " + std::string(what) + " changes sign"};
}

void stamp_band(Outcome& outcome, double centre, double half_width, const QuantityScale& scale) {
  outcome.resolution = half_width;
  if (outcome.verdict != Verdict::holds) return;
  const double range = scale.high - scale.low;
  const double share = 2 * half_width / range;
  if (!(share <= kInconclusiveShare))
    outcome.inconclusive = "the acceptance band (+/- " + format(half_width) + ") covers " + format(share) +
                           " of " + scale.text + " (" + format(range) + "), more than " +
                           format(kInconclusiveShare);
  else {
    const Reversal r = reversal(scale, centre);
    if (!std::isnan(r.at) && centre - half_width <= r.at && r.at <= centre + half_width)
      outcome.inconclusive = "the acceptance band " + format(centre) + " +/- " + format(half_width) + " reaches " +
                             format(r.at) + ", " + r.text + ": it would accept a value that says the opposite";
  }
}

Reversal reversal(const QuantityScale& scale, double centre) {
  if (std::isnan(scale.reverses_at)) return {};
  // A claim that places its quantity at the scale's reversing end (a head at chance, no answers)
  // is reversed by a value well away from that end, not by the end itself, which agrees with it.
  const double far_side = scale.low + kInconclusiveShare * (scale.high - scale.low);
  if (scale.reverses_at == scale.low && centre <= scale.low + scale.low_end_zone)
    return {far_side, format(kInconclusiveShare) + " of the way from " + scale.reverses_text + " to " +
                          format(scale.high) + " (the share that bounds a band's width), a value that no longer "
                          "says the claim's " + format(centre)};
  return {scale.reverses_at, scale.reverses_text};
}

void stamp_threshold_margin(Outcome& outcome, double estimate, double threshold, double half_width) {
  outcome.resolution = half_width;
  if (std::fabs(estimate - threshold) <= half_width)
    outcome.inconclusive = "the estimate " + format(estimate) + " lies within its resolution " +
                           format(half_width) + " of the threshold " + format(threshold);
}

Decided<Rule::statistical> statistical_test(bool holds, std::string computed, std::string detail) {
  return predicate<Rule::statistical>(holds, std::move(computed), std::move(detail));
}
Decided<Rule::bound> bound(bool holds, std::string computed, std::string detail) {
  return predicate<Rule::bound>(holds, std::move(computed), std::move(detail));
}
Decided<Rule::shape> shape(bool holds, std::string computed, std::string detail) {
  return predicate<Rule::shape>(holds, std::move(computed), std::move(detail));
}

std::string run_families_text(RunFamilies families) {
  switch (families) {
    case kNoRuns: return "no";
    case kTournamentRuns: return "tournament";
    case kFilingsRuns: return "filings study";
    case kAllRuns: return "tournament and filings study";
    default: throw std::invalid_argument("unknown families of runs " + std::to_string(families));
  }
}

// ---- Report ----------------------------------------------------------------------------

namespace {
Outcome outcome_of(const Claim& claim, const TrainedRuns* runs) {
  if (claim.reads == kNoRuns) return claim.evaluate();
  if (!runs)
    throw std::invalid_argument("it reads the " + run_families_text(claim.reads) +
                                " runs and was given none");
  return claim.evaluate_on_runs(*runs);
}

Record evaluate_record(const Claim& claim, const TrainedRuns* runs) {
  Record r;
  r.id = claim.id;
  r.unit = claim.unit;
  r.section = claim.section;
  r.statement = claim.statement;
  r.article = claim.article;
  r.rule = to_string(claim.rule());
  r.expected = to_string(claim.expected);
  r.source = claim.source;
  try {
    const Outcome o = outcome_of(claim, runs);
    r.computed = o.computed;
    r.verdict = to_string(o.verdict);
    r.note = o.detail;
    if (o.seeds > 0) r.seeds = std::to_string(o.seeds);
    if (std::isfinite(o.resolution)) r.resolution = format(o.resolution);
    r.inconclusive = o.inconclusive;
    if (!o.inconclusive.empty()) r.note += " | Inconclusive: " + o.inconclusive;
    if (o.overprecise) r.overprecise = "true";
    r.consistency = o.consistency;
    r.proof = o.proof;
    r.proof_sides = o.proof_sides;
    r.proof_steps = proof_steps_json(o.proof_steps);
    if (!std::isnan(o.residual)) {
      r.residual = format(o.residual);
      r.residual_unit = o.residual_unit;
    }
    if (claim.rule() == Rule::printed || claim.rule() == Rule::bound) {
      r.certified = o.certified ? "true" : "false";
      r.enclosure = o.enclosure;
      if (o.certified) r.floating_disagreement = o.floating_disagreement;
      r.certification = o.certified ? kDecidedOnEnclosure + (o.floating_disagreement.empty()
                                                                ? ""
                                                                : "; " + kFloatingRouteDisagrees + ": " +
                                                                      o.floating_disagreement)
                        : !o.uncertifiable.empty() ? o.uncertifiable
                                                   : "decided in floating point; no enclosure is computed for it";
    }
  } catch (const std::exception& e) {
    r.computed = "(error)";
    r.verdict = "error";
    r.note = std::string("evaluation threw: ") + e.what();
  }
  if (!claim.erratum.empty()) r.note = "Erratum: " + claim.erratum + " | " + r.note;
  return r;
}
}  // namespace

Record evaluate_record(const Claim& claim) { return evaluate_record(claim, nullptr); }

Record evaluate_record(const Claim& claim, const TrainedRuns& runs) { return evaluate_record(claim, &runs); }

}  // namespace pe::ledger
