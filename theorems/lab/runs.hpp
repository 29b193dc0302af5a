/// @file
/// @brief The trained runs an experiment claim is evaluated on, handed to it as a parameter, and
/// the declaration of an experiment claim: the families of runs it reads, named beside its rule.
///
/// A claim's inputs are visible. An experiment claim is declared with the families of trained
/// runs it reads (ledger::kTournamentRuns, ledger::kFilingsRuns) and an evaluation that takes
/// the runs it is given: a unit's test program gives it the headline runs (headline_runs()),
/// the sweep (pe_sweep) each setting's. Nothing here is switched per thread or per process: two
/// evaluations on two sets of runs are two calls with two arguments.
///
/// A claim is given only the families it declared: reading another throws, so a claim that
/// reads more than its declaration says cannot be evaluated at all (its record is an error),
/// whatever order the claims run in.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "filing_readers.hpp"
#include "ledger.hpp"
#include "length_tournament.hpp"

namespace pe::theorems::lab {

/// One setting's trained runs: its tournament and its filings study, the families readable
/// through this view, and the values computed from them once (per_run), shared by every view of
/// the same runs.
class Runs final : public ledger::TrainedRuns {
 public:
  /// Where a family's runs come from: called each time a claim reads them.
  using TournamentSource = std::function<const experiments::Tournament&()>;
  using StudySource = std::function<const experiments::FilingsStudy&()>;

  /// Runs already trained (the sweep's settings); both must outlive every view of them.
  Runs(const experiments::Tournament& tournament, const experiments::FilingsStudy& study);
  /// Runs fetched when a claim first reads them, each family apart: a claim that reads the
  /// tournament alone never loads the filings study (the headline runs).
  Runs(TournamentSource tournament, StudySource study);

  /// Throw std::logic_error when this view does not give that family.
  const experiments::Tournament& tournament() const;
  const experiments::FilingsStudy& filings_study() const;
  /// The same runs with only `families` readable (and never more than this view gives).
  Runs only(ledger::RunFamilies families) const;
  ledger::RunFamilies readable() const { return readable_; }
  /// The most seeds any of `families` was trained with.
  int seeds(ledger::RunFamilies families) const;

 private:
  /// Values computed from these runs, by key (see per_run).
  struct Memo;

  TournamentSource tournament_;
  StudySource study_;
  ledger::RunFamilies readable_ = ledger::kAllRuns;
  std::shared_ptr<Memo> memo_;

  template <class T>
  friend const T& per_run(const Runs& runs, ledger::RunFamilies reads, const std::string& key,
                          const std::function<T(const Runs&)>& compute);
  std::shared_ptr<const void> find_memo(const std::string& key) const;
  std::shared_ptr<const void> store_memo(const std::string& key, std::shared_ptr<const void> value) const;
};

/// The headline runs: the selected recipes' tournament and filings study
/// (experiments/headline_runs.hpp), each loaded when a claim first reads it.
const Runs& headline_runs();

/// A value computed from the families `reads` of `runs`, once per set of runs (every view of
/// them shares it): `compute` is given the runs with only those families readable, and a view
/// that does not give them all cannot read the value either.
template <class T>
const T& per_run(const Runs& runs, ledger::RunFamilies reads, const std::string& key,
                 const std::function<T(const Runs&)>& compute) {
  const Runs view = runs.only(reads);
  if (view.readable() != reads)
    throw std::logic_error("'" + key + "' reads the " + ledger::run_families_text(reads) +
                           " runs, and the claim was given only " + ledger::run_families_text(runs.readable()));
  if (auto found = runs.find_memo(key)) return *static_cast<const T*>(found.get());
  auto value = std::make_shared<const T>(compute(view));
  return *static_cast<const T*>(runs.store_memo(key, std::move(value)).get());
}

/// What a declaration expects of its experiment claim in the selected recipe, written on the
/// declaration itself (as pytest's xfail(reason=...) sits on its test): that it reproduces, or
/// that it does not, with the reason in words. Measured values reach the report through the
/// claim's computed value and detail, never through the reason.
struct Expectation {
  bool reproduces = true;
  std::string reason;  ///< why it does not reproduce; required when it does not
};
/// The claim does not reproduce in the selected recipe, for `reason`.
inline Expectation does_not_reproduce(std::string reason) { return {false, std::move(reason)}; }
/// For a family whose parameters carry the reason where one of its claims does not reproduce:
/// does_not_reproduce(reason), or that the claim reproduces when `reason` is null.
inline Expectation reproduces_unless(const char* reason) {
  return reason ? does_not_reproduce(reason) : Expectation{};
}

/// The ledger's claim for an experiment claim a unit declares: its fields named as any claim's,
/// with the families of trained runs it reads, and its body, which is given the runs of those
/// families (and the article's value, when it takes a `const ledger::PrintedValue&` or a
/// `const ledger::PrintedRange&` after them),
/// returns a rule helper's Decided<rule> (the claim's rule) and is stamped with the runs' seed
/// count when its outcome names none; expected to fail with a "does not reproduce" erratum
/// giving the reason when `expected` says so.
///
///     lab::experiment_claim(Claim("exp.tournament.none.L32").in_section(section).stating("...")
///                               .printed_as("0.542").reads_runs(kTournamentRuns),
///                           [](const lab::Runs& runs, const PrintedValue& article) { return ...; });
///     lab::experiment_claim(..., lab::does_not_reproduce("why, in words"));
template <class Body>
ledger::Claim experiment_claim(ledger::Claim declared, Body body, const Expectation& expected = {});

// The parts of experiment_claim that do not depend on its body's type.
/// Refuses a declaration that names no family of runs or already has an evaluation.
void check_experiment_declaration(const ledger::Claim& declared);
/// The runs a claim reading `reads` is given: `given`, restricted to those families.
Runs runs_for(const ledger::TrainedRuns& given, ledger::RunFamilies reads);
/// The seed count of `reads` in `runs`, stamped when the outcome names none.
void stamp_seeds(ledger::Outcome& outcome, const Runs& runs, ledger::RunFamilies reads);
/// The claim, expected to fail with the reason when `expected` says it does not reproduce.
ledger::Claim with_expectation(ledger::Claim claim, const Expectation& expected);

template <class Body>
ledger::Claim experiment_claim(ledger::Claim declared, Body body, const Expectation& expected) {
  check_experiment_declaration(declared);
  const ledger::RunFamilies reads = declared.reads;
  using Article = ledger::ArticleArgument<Body, Runs>;
  if constexpr (!std::is_void_v<Article>) {
    return with_expectation(
        std::move(declared).decided_on_runs([reads, body = std::move(body)](const ledger::TrainedRuns& given,
                                                                            const Article& article) {
          const Runs runs = runs_for(given, reads);
          auto o = body(runs, article);
          stamp_seeds(o, runs, reads);
          return o;
        }),
        expected);
  } else {
    return with_expectation(
        std::move(declared).decided_on_runs([reads, body = std::move(body)](const ledger::TrainedRuns& given) {
          const Runs runs = runs_for(given, reads);
          auto o = body(runs);
          stamp_seeds(o, runs, reads);
          return o;
        }),
        expected);
  }
}

/// The ledger's claim for a claim about the headline runs themselves (declared with
/// Claim::reads_headline_runs): its body is given the runs of the families it declared, as an
/// experiment claim's is, and returns a rule helper's Decided<rule>; no seed count is stamped,
/// since what it decides is not a statistic of seeds, and pe_sweep leaves it out.
template <class Body>
ledger::Claim headline_runs_claim(ledger::Claim declared, Body body) {
  if (declared.swept)
    throw std::logic_error("claim " + declared.id + " is about the headline runs: declare it with reads_headline_runs");
  check_experiment_declaration(declared);
  const ledger::RunFamilies reads = declared.reads;
  return std::move(declared).decided_on_runs([reads, body = std::move(body)](const ledger::TrainedRuns& given) {
    return body(runs_for(given, reads));
  });
}

}  // namespace pe::theorems::lab
