#include "runs.hpp"

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include "headline_runs.hpp"

namespace pe::theorems::lab {

using experiments::FilingsStudy;
using experiments::Tournament;

struct Runs::Memo {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const void>> values;
};

Runs::Runs(const Tournament& tournament, const FilingsStudy& study)
    : Runs([&tournament]() -> const Tournament& { return tournament; },
           [&study]() -> const FilingsStudy& { return study; }) {}

Runs::Runs(TournamentSource tournament, StudySource study)
    : tournament_(std::move(tournament)), study_(std::move(study)), memo_(std::make_shared<Memo>()) {}

namespace {
[[noreturn]] void not_given(ledger::RunFamilies family, ledger::RunFamilies readable) {
  throw std::logic_error("the claim reads the " + ledger::run_families_text(family) +
                         " runs without declaring them: it was given only " +
                         ledger::run_families_text(readable));
}
}  // namespace

const Tournament& Runs::tournament() const {
  if (!(readable_ & ledger::kTournamentRuns)) not_given(ledger::kTournamentRuns, readable_);
  return tournament_();
}

const FilingsStudy& Runs::filings_study() const {
  if (!(readable_ & ledger::kFilingsRuns)) not_given(ledger::kFilingsRuns, readable_);
  return study_();
}

Runs Runs::only(ledger::RunFamilies families) const {
  Runs view = *this;
  view.readable_ = readable_ & families;
  return view;
}

int Runs::seeds(ledger::RunFamilies families) const {
  int seeds = 0;
  if (families & ledger::kTournamentRuns) seeds = std::max(seeds, tournament().config.seeds);
  if (families & ledger::kFilingsRuns) seeds = std::max(seeds, filings_study().config.seeds);
  return seeds;
}

std::shared_ptr<const void> Runs::find_memo(const std::string& key) const {
  std::lock_guard<std::mutex> lock(memo_->mutex);
  const auto it = memo_->values.find(key);
  return it == memo_->values.end() ? nullptr : it->second;
}

std::shared_ptr<const void> Runs::store_memo(const std::string& key, std::shared_ptr<const void> value) const {
  std::lock_guard<std::mutex> lock(memo_->mutex);
  // The first value stored wins, so a reference handed out stays valid.
  return memo_->values.emplace(key, std::move(value)).first->second;
}

const Runs& headline_runs() {
  static const Runs runs(&experiments::headline_tournament, &experiments::headline_filings_study);
  return runs;
}

void check_experiment_declaration(const ledger::Claim& declared) {
  if (declared.reads == ledger::kNoRuns || (declared.reads & ~ledger::kAllRuns))
    throw std::logic_error("experiment claim " + declared.id + " must name the families of runs it reads; "
                           "a claim that reads none is declared as an exact claim");
  if (declared.evaluate || declared.evaluate_on_runs)
    throw std::logic_error("experiment claim " + declared.id + " is evaluated on the runs it is given, by the "
                           "body lab::experiment_claim takes, not by decided_by");
}

Runs runs_for(const ledger::TrainedRuns& given, ledger::RunFamilies reads) {
  return dynamic_cast<const Runs&>(given).only(reads);
}

void stamp_seeds(ledger::Outcome& outcome, const Runs& runs, ledger::RunFamilies reads) {
  if (outcome.seeds == 0) outcome.seeds = runs.seeds(reads);
}

ledger::Claim with_expectation(ledger::Claim claim, const Expectation& expected) {
  if (!expected.reproduces) {
    if (expected.reason.empty())
      throw std::logic_error("experiment claim " + claim.id + " does not reproduce: say why");
    return std::move(claim).expected_to_fail("Does not reproduce in the selected recipe. " + expected.reason);
  }
  return claim;
}

}  // namespace pe::theorems::lab
