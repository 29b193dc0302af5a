#include "non_claims.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace pe::ledger {
namespace {

using K = NonClaimKind;

// Sections named where a number lies outside every statement.
const char* const kClocksSection = "Position as a set of clocks";
const char* const kImplementationSection = "Implementation";

// What the length tournament is read at (the tables' columns, the paragraphs' "at 64").
const std::string kReadAt = "a length the heads are read at";
const std::string kTrainedAt = "the training length, 32 tokens";

void declare_overview_and_order(std::vector<NonClaim>& n) {
  n.push_back({"table.overview", "32", {1}, K::setting, kTrainedAt});
  n.push_back({"table.overview", "256", {1}, K::setting, kReadAt});
  n.push_back({"table.overview", "32", {2}, K::heading, "the column of accuracies at the training length"});
  n.push_back({"table.overview", "256", {2}, K::heading, "the column of accuracies at 256"});
  n.push_back({"para.overview_filings", "32", {1}, K::setting, "the filings heads' training windows, 32 tokens"});
  n.push_back({"prop1.i", "0", {1, 2}, K::definition,
               "Proposition 1 (i)'s instance: e at position 0, every other value 0"});
  n.push_back({"prop1.ii", "0", {1}, K::definition, "the same instance, in the proof of (i)"});
  n.push_back({"exp.bag", "2022", {1}, K::citation, "Haviv and colleagues' year"});
  n.push_back({"exp.bag", "2023", {1}, K::citation, "Kazemnejad and colleagues' year"});
  n.push_back({"exp.bag", "32", {1}, K::setting, kReadAt + ": the exact reader's first length"});
  n.push_back({"exp.bag", "256", {1}, K::setting, kReadAt + ": the exact reader's last length"});
}

void declare_clocks(std::vector<NonClaim>& n) {
  n.push_back({kClocksSection, "10^4", {1}, K::setting, "the frequencies' default base b"});
  n.push_back({kClocksSection, "1", {1}, K::definition, "omega_0 = b^0 = 1, by the frequencies' definition"});
  n.push_back({"def2", "2017", {1}, K::citation, "Vaswani and colleagues' year"});
  n.push_back({"prop2.iv", "0", {1}, K::setting, "the plane the injectivity proof reads"});
  n.push_back({"prop2.iv", "1", {1}, K::definition, "omega_0 = 1, by definition"});
  n.push_back({"thm1.readings", "1991", {1}, K::citation, "Brockwell and Davis's year"});
  n.push_back({"thm1.readings", "2007", {1}, K::citation, "Rahimi and Recht's year"});
  for (const char* offset : {"1", "4", "16", "1024"})
    n.push_back({"table.ruler", offset, {1}, K::heading, "an offset Delta the table is read at"});
  n.push_back({"table.ruler", "256", {1}, K::heading, "an offset Delta the table is read at"});
  n.push_back({"table.ruler", "64", {1}, K::heading, "an offset Delta the table is read at"});
  n.push_back({"table.ruler", "64", {2}, K::heading, "a dimension d the table is read at"});
  n.push_back({"table.ruler", "512", {1}, K::heading, "a dimension d the table is read at"});
  n.push_back({"table.ruler", "8192", {1}, K::heading, "a dimension d the table is read at"});
  n.push_back({"table.ruler", "256", {2}, K::setting,
               "the offset at which the remark compares d = 512 with d = 64 (thm1.nonuniform.delta256)"});
  n.push_back({"table.ruler", "512", {2}, K::setting, "a dimension the remark compares (thm1.nonuniform.delta256)"});
  n.push_back({"table.ruler", "64", {3}, K::setting, "a dimension the remark compares (thm1.nonuniform.delta256)"});
  n.push_back({"thm1.columns", "16", {1}, K::setting, "the code's dimension d"});
  n.push_back({"thm1.columns", "64", {1}, K::setting, "the positions the first cosine is taken over"});
  n.push_back({"thm1.columns", "4096", {1}, K::setting, "the positions the second cosine is taken over"});
  n.push_back({"thm2.defect", "2021", {1}, K::citation, "Ke, He and Liu's year"});
  n.push_back({"thm2.defect", "16", {1}, K::setting, "the dimension d of the random matrix"});
  n.push_back({"thm2.condition", "16", {1}, K::setting, "the code's dimension d"});
  n.push_back({"thm2.condition", "64", {1}, K::setting, "the window whose numerical rank is given"});
  n.push_back({"thm2.condition", "16", {2}, K::setting, "a window's length in positions"});
  n.push_back({"thm2.condition", "64", {2}, K::setting, "a window's length in positions"});
  n.push_back({"thm2.condition", "256", {1}, K::setting, "a window's length in positions"});
  n.push_back({"thm2.condition", "4096", {1}, K::setting, "a window's length in positions"});
  n.push_back({"thm2.condition", "200", {1}, K::setting, "the digits of the notebook's arithmetic"});
}

void declare_relative_and_rope(std::vector<NonClaim>& n) {
  n.push_back({"def3", "2018", {1}, K::citation, "Shaw, Uszkoreit and Vaswani's year"});
  n.push_back({"def3", "2020", {1}, K::citation, "Raffel and colleagues' year"});
  n.push_back({"def3", "128", {1}, K::elsewhere, "T5's largest bucketed distance, from its paper"});
  n.push_back({"def3", "2022", {1}, K::citation, "Press, Smith and Lewis's year"});
  n.push_back({"def3.t5", "2019", {1}, K::citation, "Dai and colleagues' year"});
  n.push_back({"def3.t5", "8", {1}, K::setting, "the number of heads H whose first slope is used"});
  n.push_back({"thm3.iii", "1/2", {1}, K::elsewhere,
               "the Matern smoothness of the exponential kernel, a fact of Gaussian-process theory"});
  n.push_back({"thm3.bound_values", "2023", {1}, K::citation, "Chi and colleagues' year"});
  n.push_back({"thm3.bound_values", "20", {1}, K::setting, "the content width W the bound is evaluated at"});
  n.push_back({"thm3.bound_values", "1/2", {1}, K::setting, "the slope s the bound is evaluated at"});
  for (const char* offset : {"40", "60", "80"})
    n.push_back({"thm3.bound_values", offset, {1}, K::setting, "an offset D the bound is evaluated at"});
  n.push_back({"def4", "2024", {1}, K::citation, "Su and colleagues' year"});
  n.push_back({"thm4", "0", {1}, K::definition, "a step of the proof: taking m = 0"});
  n.push_back({"thm4", "2013", {1}, K::citation, "Horn and Johnson's year"});
  n.push_back({"prop4.i", "0", {1}, K::definition, "the convention h_{d/2} = 0 of the summation by parts"});
  n.push_back({"prop4.iii", "0", {1, 2}, K::definition, "the proof's conventions S_0 = 0 and h_{d/2} = 0"});
  n.push_back({"prop4.envelope", "128", {1}, K::setting, "the dimension d of the envelope"});
  n.push_back({"prop4.envelope", "1", {1}, K::setting, "the offset of the first octave"});
  n.push_back({"prop4.envelope", "2048", {1}, K::setting, "the first offset of the last octave"});
  n.push_back({"prop4.envelope", "4095", {1}, K::setting, "the last offset of the last octave"});
  n.push_back({"prop4.independence", "4", {1}, K::setting, "the counterexample's dimension d"});
}

void declare_tournament(std::vector<NonClaim>& n) {
  n.push_back({"table.tournament", "8", {1}, K::setting, "the cue task's number of symbols"});
  n.push_back({"table.tournament", "0.1", {1}, K::setting, "the cue task's probability of a mark"});
  n.push_back({"table.tournament", "16", {1}, K::setting, "the head's width d"});
  n.push_back({"table.tournament", "1500", {1}, K::setting, "the Adam steps of training"});
  n.push_back({"table.tournament", "32", {1}, K::setting, kTrainedAt});
  n.push_back({"table.tournament", "2000", {1}, K::setting, "the fresh test sequences per length"});
  n.push_back({"table.tournament", "32", {2}, K::heading, kReadAt});
  for (const char* length : {"64", "128", "256"})
    n.push_back({"table.tournament", length, {1}, K::heading, kReadAt});
  for (const char* length : {"64", "128", "256"})
    n.push_back({"exp.added_code", length, {1}, K::setting, kReadAt + " (the projected head)"});
  n.push_back({"exp.added_code", "32", {1}, K::setting, kTrainedAt});
  n.push_back({"exp.added_code", "31", {1}, K::setting, "the query's position in training, the last of 32"});
  n.push_back({"exp.added_code", "64", {2}, K::setting, kReadAt + " (the shifted head)"});
  n.push_back({"exp.added_code", "256", {2}, K::setting, kReadAt + " (the shifted head)"});
  n.push_back({"exp.tournament_past", "256", {1}, K::setting, kReadAt + ": where the seeds' range is taken"});
  n.push_back({"exp.rescaled", "256", {1}, K::setting, kReadAt + ": where the maps are compared"});
  for (const char* length : {"64", "128", "256"})
    n.push_back({"table.rescaling", length, {1}, K::heading, kReadAt});
}

void declare_rebound(std::vector<NonClaim>& n) {
  n.push_back({"exp.rebound", "0", {1}, K::setting, "the first offset training sees"});
  n.push_back({"exp.rebound", "31", {1}, K::setting, "the last offset training sees"});
  n.push_back({"exp.rebound", "0", {2, 4}, K::setting, "the article's seed the profile is of"});
  n.push_back({"exp.rebound", "1", {1}, K::setting, "the offset r the first score is read at"});
  n.push_back({"exp.rebound", "32", {2}, K::setting, kTrainedAt + ", over which the census counts turns"});
  n.push_back({"exp.rebound", "2", {1}, K::unchecked,
               "that the head's sense of recency lives in planes 2 and 3: the census makes it plausible and "
               "exp.rebound.seeds.* check the dive, trough and peak it explains, but no claim measures which "
               "planes carry the score's fall across the window"});
  n.push_back({"exp.rebound", "3", {2}, K::unchecked, "as the 2 before it: planes 2 and 3 carrying recency"});
  n.push_back({"exp.rebound", "2", {2}, K::setting, "the plane whose first bottom is dated"});
  n.push_back({"def5", "2023", {1, 2}, K::citation, "Chen and colleagues' and bloc97's year"});
  n.push_back({"def5", "2024", {1}, K::citation, "Peng and colleagues' year"});
  n.push_back({"def5", "0", {1}, K::definition, "the start of YaRN's ramp gamma_j"});
  n.push_back({"def5", "1", {1}, K::definition, "the end of YaRN's ramp gamma_j"});
  n.push_back({"def5", "1", {2}, K::elsewhere, "YaRN's published ramp: from one turn in training ..."});
  n.push_back({"def5", "32", {1}, K::elsewhere, "... to 32 turns (Peng and colleagues' alpha and beta)"});
  n.push_back({"thm5.iv", "1", {1}, K::definition, "a step of the proof of (iii): plane 0's factor"});
  n.push_back({"thm5.iv", "0", {1}, K::definition, "a step of the proof of (iii): plane j = 0"});
  n.push_back({"thm5.factors", "16", {1}, K::setting, "the census's dimension d"});
  n.push_back({"thm5.factors", "32", {1}, K::setting, "the census's training length L"});
  n.push_back({"thm5.factors", "4", {1}, K::setting, "the extension factor kappa of the factors"});
  n.push_back({"thm5.chen", "2023", {1}, K::citation, "Chen and colleagues' year"});
  n.push_back({"thm5.chen", "16", {1}, K::setting, "a dimension d the ratio is given at"});
  n.push_back({"thm5.chen", "128", {1, 2}, K::setting, "the dimension d of the ratio and of the counterexample"});
  n.push_back({"thm5.chen", "1", {1}, K::setting, "the counterexample's instance: every h_j = 1"});
  n.push_back({"thm5.chen", "1/2", {1}, K::setting, "the counterexample's offset Delta"});
}

void declare_figures(std::vector<NonClaim>& n) {
  n.push_back({"figure.a", "3", {1}, K::figure, "the slider's initial position m"});
  n.push_back({"figure.a", "10", {1}, K::figure, "the slider's initial position n"});
  n.push_back({"figure.b", "32", {1}, K::setting, kTrainedAt});
  n.push_back({"figure.b", "32", {2}, K::heading, "a readout's label: " + kReadAt});
  for (const char* length : {"64", "128", "256"})
    n.push_back({"figure.b", length, {1}, K::heading, "a readout's label: " + kReadAt});
  n.push_back({"figure.b", "1", {1}, K::setting, "the offset r of the first readout"});
  n.push_back({"figure.b", "31", {1}, K::setting, "the offset r of the window's edge"});
  n.push_back({"figure.b", "0", {1}, K::setting, "the first offset training sees"});
  n.push_back({"figure.b", "31", {2, 3}, K::setting, "the last offset training sees"});
  n.push_back({"figure.b", "256", {2}, K::setting, "the length of the sequence the absolute codes are drawn for"});
}

void declare_finance(std::vector<NonClaim>& n) {
  n.push_back({"filings.corpus", "8", {1}, K::name, "the 8-K, a form of filing"});
  n.push_back({"filings.corpus", "300", {1}, K::setting, "the filings trained on"});
  n.push_back({"filings.corpus", "100", {1}, K::setting, "the filings held out"});
  n.push_back({"filings.corpus", "32", {1}, K::setting, "the filings heads' training windows, 32 tokens"});
  n.push_back({"filings.corpus", "32", {2}, K::setting, "the distance that makes a question far"});
  n.push_back({"table.finance", "32", {1}, K::heading, "the far column: answers more than 32 tokens back"});
  n.push_back({"table.horizon", "0", {1, 2}, K::heading, "a row's seed"});
  n.push_back({"table.horizon", "1", {1, 2}, K::heading, "a row's seed"});
  n.push_back({"table.horizon", "2", {1, 2}, K::heading, "a row's seed"});
  n.push_back({"filings.exhibit", "64", {1, 2}, K::setting,
               "the token at which the exhibit filing names Fenwick Logistics (the filing's own text)"});
  n.push_back({"filings.exhibit", "0", {1}, K::setting, "the seed whose answers are told"});
  n.push_back({"filings.exhibit", "1", {1}, K::setting, "a seed whose answers split"});
  n.push_back({"filings.exhibit", "2", {1}, K::setting, "a seed whose answers split"});
  n.push_back({"filings.exhibit", "12", {1}, K::setting, "the answers counted: four plain readers in three seeds"});
}

void declare_caveats_and_implementation(std::vector<NonClaim>& n) {
  n.push_back({"caveat.fragile", "16", {1}, K::setting, "a window's length in positions"});
  n.push_back({"caveat.fragile", "64", {1}, K::setting, "a window's length in positions"});
  n.push_back({"caveat.fragile", "16", {2}, K::setting, "the code's dimension d"});
  n.push_back({"caveat.toy", "16", {1}, K::setting, "the tournament head's width d"});
  n.push_back({kImplementationSection, "8192", {1}, K::setting, "the dimension at which the harness checks the limit"});
  n.push_back({kImplementationSection, "200", {1}, K::setting, "the digits of the notebook's arithmetic"});
  n.push_back({kImplementationSection, "8192", {2}, K::setting, "the longest length of Theorem 3's random instances"});
}

std::vector<NonClaim> declared() {
  std::vector<NonClaim> all;
  for (auto add : {declare_overview_and_order, declare_clocks, declare_relative_and_rope, declare_tournament,
                   declare_rebound, declare_figures, declare_finance, declare_caveats_and_implementation})
    add(all);
  return all;
}

std::string ordinal(int occurrence) { return "#" + std::to_string(occurrence); }

long index_of(const std::vector<NumberAccount>& accounts, const std::string& where, const std::string& text,
              int occurrence) {
  for (std::size_t i = 0; i < accounts.size(); ++i) {
    const PrintedNumber& n = accounts[i].number;
    if (!n.label && n.where == where && n.text == text && n.occurrence == occurrence) return static_cast<long>(i);
  }
  return -1;
}

void place_claims(Accounting& out, const std::set<std::string>& places_known) {
  using D = Discrepancy::Kind;
  for (const Claim& claim : all_claims())
    for (const Place& place : places_of(claim)) {
      if (place.text.empty()) {  // printed in words: its statement or section must be there
        if (!places_known.count(place.where))
          out.discrepancies.push_back({D::missing_place, place.where, "(in words)", 0, claim.id});
        continue;
      }
      const long at = index_of(out.numbers, place.where, place.text, place.occurrence);
      if (at < 0) out.discrepancies.push_back({D::missing_place, place.where, place.text, place.occurrence, claim.id});
      else out.numbers[at].claims.push_back(&claim);
      const std::vector<std::string> own = numbers_in(claim.article);
      if (std::none_of(own.begin(), own.end(), [&](const std::string& n) { return same_printed_value(n, place.text); }))
        out.discrepancies.push_back({D::foreign_place, place.where, place.text, place.occurrence, claim.id});
      if (!has_default_place(claim)) continue;
      const long copies = std::count_if(out.numbers.begin(), out.numbers.end(), [&](const NumberAccount& a) {
        return !a.number.label && a.number.where == place.where && a.number.text == place.text;
      });
      if (copies > 1)
        out.discrepancies.push_back({D::ambiguous_default, place.where, place.text, static_cast<int>(copies), claim.id});
    }
}

void declare_non_claims(Accounting& out) {
  using D = Discrepancy::Kind;
  for (const NonClaim& nc : non_claims())
    for (int occurrence : nc.occurrences) {
      const long at = index_of(out.numbers, nc.where, nc.text, occurrence);
      if (at < 0) out.discrepancies.push_back({D::missing_non_claim, nc.where, nc.text, occurrence, nc.reason});
      else if (out.numbers[at].non_claim)
        out.discrepancies.push_back({D::accounted_twice, nc.where, nc.text, occurrence, "declared twice: " + nc.reason});
      else out.numbers[at].non_claim = &nc;
    }
}

}  // namespace

std::string to_string(NonClaimKind kind) {
  switch (kind) {
    case K::label: return "a statement's or reference's number";
    case K::citation: return "a citation's year";
    case K::setting: return "a setting: a parameter, or where a value is read";
    case K::heading: return "a table's heading";
    case K::definition: return "fixed by a definition or convention";
    case K::elsewhere: return "a value taken from elsewhere";
    case K::figure: return "a control of the interactive figure";
    case K::name: return "part of a name";
    case K::unchecked: return "checkable, but no claim checks it yet";
  }
  return "?";
}

const std::vector<NonClaimKind>& non_claim_kinds() {
  static const std::vector<NonClaimKind> kinds = {K::label,     K::citation, K::setting, K::heading, K::definition,
                                                  K::elsewhere, K::figure,   K::name,    K::unchecked};
  return kinds;
}

const std::vector<NonClaim>& non_claims() {
  static const std::vector<NonClaim> all = declared();
  return all;
}

std::string describe(const Discrepancy& d) {
  using D = Discrepancy::Kind;
  const std::string at = d.occurrence > 0 ? d.text + " (" + ordinal(d.occurrence) + ") in " + d.where
                                           : d.text + " in " + d.where;  // a value printed in words
  switch (d.kind) {
    case D::missing_statement: return "missing statement: " + d.where + " (its opening words are not in this text)";
    case D::missing_place:
      return "missing: " + at + ", the place of " + d.by +
             (d.elsewhere.empty() ? "" : "; this text prints " + d.text + " unaccounted for in " + d.elsewhere);
    case D::ambiguous_default:
      return "ambiguous: " + d.by + "'s printed value " + d.text + " occurs " + std::to_string(d.occurrence) +
             " times in " + d.where + ": declare its place";
    case D::foreign_place: return d.by + ": its place " + at + " is no number of the claim's printed value";
    case D::missing_non_claim:
      return "missing: " + at + ", declared no claim (" + d.by + ")" +
             (d.elsewhere.empty() ? "" : "; this text prints " + d.text + " unaccounted for in " + d.elsewhere);
    case D::unaccounted: return "not accounted for: " + at;
    case D::accounted_twice: return "accounted for twice: " + at + ": " + d.by;
  }
  return "?";
}

Accounting account_for_numbers(std::string_view article) {
  using D = Discrepancy::Kind;
  Accounting out;
  for (PrintedNumber& n : printed_numbers(article)) out.numbers.push_back({std::move(n)});
  const std::vector<TextSpan> spans = statement_spans(article);
  std::set<std::string> present;  // the statements and sections this text has
  for (std::size_t k = 0; k < spans.size(); ++k) {
    if (spans[k].begin == std::string::npos) out.discrepancies.push_back({D::missing_statement, statements()[k].id});
    else present.insert(statements()[k].id);
  }
  for (const std::string& heading : sections())
    if (article.find("\n" + heading + "\n") != std::string_view::npos) present.insert(heading);
  place_claims(out, present);
  declare_non_claims(out);
  for (const NumberAccount& a : out.numbers) {
    const PrintedNumber& n = a.number;
    if (!a.claims.empty() && a.non_claim)
      out.discrepancies.push_back({D::accounted_twice, n.where, n.text, n.occurrence,
                                   "placed by " + a.claims.front()->id + " and declared: " + a.non_claim->reason});
    if (!a.accounted() && !a.unchecked()) out.discrepancies.push_back({D::unaccounted, n.where, n.text, n.occurrence});
    ++out.printed;
    if (a.unchecked()) ++out.unchecked;
    else if (!a.claims.empty()) ++out.by_claims;
    else if (a.non_claim || n.label) {
      ++out.by_non_claims;
      ++out.by_kind[n.label ? K::label : a.non_claim->kind];
    }
  }
  // A number missing from its place that this text prints elsewhere, unaccounted for: moved.
  for (Discrepancy& d : out.discrepancies) {
    if (d.kind != D::missing_place && d.kind != D::missing_non_claim) continue;
    for (const Discrepancy& u : out.discrepancies)
      if (u.kind == D::unaccounted && u.text == d.text) {
        d.elsewhere = u.where + " (" + ordinal(u.occurrence) + ")";
        break;
      }
  }
  return out;
}

std::string accounting_line(const Accounting& a) {
  std::ostringstream line;
  line << "Printed numbers accounted for: " << a.accounted() << " of " << a.printed << " (" << a.by_claims
       << " claims, " << a.by_non_claims << " declared non-claims)";
  if (a.unchecked) line << "; " << a.unchecked << " checkable but unchecked";
  return line.str();
}

}  // namespace pe::ledger
