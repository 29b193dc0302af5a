#include "exact_expectation.hpp"

#include <algorithm>
#include <stdexcept>

namespace pe {

namespace {

/// (n - 1)!! for even n >= 0 (1 for n = 0).
GiNaC::numeric double_factorial_below(int n) {
  GiNaC::numeric out = 1;
  for (int k = n - 1; k > 1; k -= 2) out *= k;
  return out;
}

/// Isserlis: E prod_k g_{indices[k]} = sum over pairings of prod covariance(pair).
GiNaC::ex pairings(const std::vector<unsigned>& indices, const GiNaC::matrix& covariance) {
  if (indices.empty()) return 1;
  if (indices.size() % 2 == 1) return 0;
  GiNaC::ex sum = 0;
  for (std::size_t k = 1; k < indices.size(); ++k) {
    std::vector<unsigned> rest;
    for (std::size_t i = 1; i < indices.size(); ++i)
      if (i != k) rest.push_back(indices[i]);
    sum += covariance(indices[0], indices[k]) * pairings(rest, covariance);
  }
  return sum;
}

}  // namespace

ExactExpectation& ExactExpectation::gaussian(const std::vector<GiNaC::symbol>& variables,
                                             const GiNaC::matrix& covariance) {
  if (covariance.rows() != variables.size() || covariance.cols() != variables.size())
    throw std::invalid_argument("ExactExpectation::gaussian: the covariance must be n x n for n variables");
  add({variables,
                     [covariance](const std::vector<int>& exponents) {
                       std::vector<unsigned> indices;
                       for (unsigned i = 0; i < exponents.size(); ++i)
                         for (int e = 0; e < exponents[i]; ++e) indices.push_back(i);
                       return pairings(indices, covariance);
                     },
                     &kIsserlisTheorem, "centred Gaussian"});
  return *this;
}

void ExactExpectation::add(Group group) {
  for (std::size_t i = 0; i < group.variables.size(); ++i)
    if (!where_.emplace(group.variables[i], std::make_pair(groups_.size(), i)).second)
      throw std::invalid_argument("ExactExpectation: a variable is declared twice");
  groups_.push_back(std::move(group));
}

ExactExpectation& ExactExpectation::standard_gaussians(const std::vector<GiNaC::symbol>& variables) {
  add({variables,
       [](const std::vector<int>& exponents) -> GiNaC::ex {
         GiNaC::numeric product = 1;  // Isserlis with covariance I: (n - 1)!! pairings of n copies
         for (int e : exponents) {
           if (e % 2 == 1) return 0;
           product *= double_factorial_below(e);
         }
         return product;
       },
       &kIsserlisTheorem, "standard Gaussian"});
  return *this;
}

ExactExpectation& ExactExpectation::uniform_angle(const GiNaC::symbol& cos_beta, const GiNaC::symbol& sin_beta) {
  add({{cos_beta, sin_beta},
                     [](const std::vector<int>& e) -> GiNaC::ex {
                       if (e[0] % 2 == 1 || e[1] % 2 == 1) return 0;
                       return double_factorial_below(e[0]) * double_factorial_below(e[1]) /
                              (double_factorial_below(e[0] + e[1] + 1));
                     },
                     &kWallisIntegrals, "uniform angle"});
  return *this;
}

ExactExpectation& ExactExpectation::scalar(const GiNaC::symbol& x, std::function<GiNaC::ex(int)> moment,
                                           std::string law) {
  add({{x}, [moment](const std::vector<int>& e) { return moment(e[0]); }, nullptr, std::move(law)});
  return *this;
}

bool ExactExpectation::declared_inside(const GiNaC::ex& e) const {
  if (where_.count(e)) return true;
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (declared_inside(e.op(i))) return true;
  return false;
}

GiNaC::ex ExactExpectation::of(const GiNaC::ex& polynomial) const {
  const GiNaC::ex expanded = GiNaC::expand(polynomial);
  GiNaC::ex total = 0;
  const std::size_t terms = GiNaC::is_a<GiNaC::add>(expanded) ? expanded.nops() : 1;
  for (std::size_t t = 0; t < terms; ++t) {
    const GiNaC::ex term = GiNaC::is_a<GiNaC::add>(expanded) ? expanded.op(t) : expanded;
    // The term's factors: powers of declared variables, by group, and the constant rest.
    std::map<std::size_t, std::vector<int>> exponents;
    GiNaC::ex constant = 1;
    const std::size_t factors = GiNaC::is_a<GiNaC::mul>(term) ? term.nops() : 1;
    for (std::size_t f = 0; f < factors; ++f) {
      const GiNaC::ex factor = GiNaC::is_a<GiNaC::mul>(term) ? term.op(f) : term;
      const bool power = GiNaC::is_a<GiNaC::power>(factor) && GiNaC::is_a<GiNaC::numeric>(factor.op(1)) &&
                         GiNaC::ex_to<GiNaC::numeric>(factor.op(1)).is_pos_integer();
      const GiNaC::ex base = power ? factor.op(0) : factor;
      const auto found = where_.find(base);
      if (found == where_.end()) {
        if (declared_inside(factor))
          throw std::invalid_argument("ExactExpectation: a random variable appears other than as a power");
        constant *= factor;
        continue;
      }
      auto& e = exponents[found->second.first];
      if (e.empty()) e.assign(groups_[found->second.first].variables.size(), 0);
      e[found->second.second] += power ? GiNaC::ex_to<GiNaC::numeric>(factor.op(1)).to_int() : 1;
    }
    GiNaC::ex value = constant;
    for (const auto& [group, e] : exponents) value *= groups_[group].moment(e);
    total += value;
  }
  return GiNaC::expand(total);
}

GiNaC::ex ExactExpectation::variance(const GiNaC::ex& polynomial) const {
  return GiNaC::expand(of(GiNaC::pow(polynomial, 2)) - GiNaC::pow(of(polynomial), 2));
}

std::vector<ExternalLemma> ExactExpectation::lemmas() const {
  std::vector<ExternalLemma> out;
  for (const Group& g : groups_)
    if (g.lemma && std::none_of(out.begin(), out.end(), [&](const ExternalLemma& l) { return l.name == g.lemma->name; }))
      out.push_back(*g.lemma);
  return out;
}

MatrixIdentityProof prove_expectation(const std::string& statement, const std::string& quantifiers,
                                      const std::vector<int>& dimensions, const std::string& carried,
                                      const std::function<ExpectationSides(const std::vector<GiNaC::ex>&)>& sides) {
  MatrixIdentityProof out;
  std::vector<ExternalLemma> lemmas;
  std::vector<std::string> rules;
  std::string ds, block_ds, coupling;
  for (int d : dimensions) {
    const std::vector<GiNaC::ex> omegas = frequency_symbols(d);
    const ExpectationSides s = sides(omegas);
    // A statement over several d is carried to every even d only when both values are sums of
    // one-plane terms (plane_coupling), as an identity's block step is.
    if (dimensions.size() > 1 && d >= 4 && coupling.empty()) {
      for (const GiNaC::ex& value : {s.computed, s.stated})
        if (coupling.empty())
          if (const std::string where = plane_coupling(GiNaC::matrix(1, 1, GiNaC::lst{value}), omegas); !where.empty())
            coupling = "at d = " + std::to_string(d) + ": " + where;
      block_ds += (block_ds.empty() ? "" : ", ") + std::to_string(d);
    }
    const TrigReduction r = reduce_trig(s.computed - s.stated);
    ds += (ds.empty() ? "" : ", ") + std::to_string(d);
    for (const std::string& rule : r.rules_used)
      if (std::find(rules.begin(), rules.end(), rule) == rules.end()) rules.push_back(rule);
    for (const ExternalLemma& l : s.lemmas)
      if (std::none_of(lemmas.begin(), lemmas.end(), [&](const ExternalLemma& k) { return k.name == l.name; }))
        lemmas.push_back(l);
    if (!r.zero && out.zero) {
      out.zero = false;
      out.remainder = "d = " + std::to_string(d) + ": " + r.remainder;
    }
  }
  std::string used;
  for (const std::string& rule : kTrigRules)
    if (std::find(rules.begin(), rules.end(), rule) != rules.end()) used += (used.empty() ? "" : "; ") + rule;
  out.steps.push_back(decided_step(StepKind::expectation, out.zero,
                                   "the value from the laws' exact moments minus the stated value reduces to 0 at d = " + ds));
  if (dimensions.size() > 1) {
    if (!block_ds.empty() && coupling.empty())
      out.steps.push_back({StepKind::block, StepReach::decided,
                           "both values are sums of one-plane terms at d = " + block_ds + ": every even d"});
    else
      out.steps.push_back({StepKind::block, StepReach::listed_only,
                           "d = " + ds + " only: " + (coupling.empty() ? "no d of 4 or more was checked" : coupling)});
  }
  out.certificate = "exact expectation: " + statement + " " + quantifiers + ": the value computed from the laws' " +
                    "exact moments (d = " + ds + ") minus the stated value reduces to 0 in GiNaC's exact algebra" +
                    (used.empty() ? "" : " using only " + used) + "; " + carried +
                    (lemmas.empty() ? "" : "; external lemmas: " + cite_all(lemmas));
  return out;
}

ProjectedGaussianLaw projected_gaussian_law(int d,
                                            const std::function<GiNaC::matrix(const GiNaC::matrix&)>& projection) {
  if (d < 1) throw std::invalid_argument("projected_gaussian_law: d must be positive");
  const unsigned n = unsigned(d);
  GiNaC::matrix m(n, n);
  std::vector<GiNaC::symbol> entries;
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) {
      entries.push_back(named_symbol("M_" + std::to_string(i) + "_" + std::to_string(j)));
      m(i, j) = entries.back();
    }
  ExactExpectation law;
  law.standard_gaussians(entries);
  const GiNaC::matrix pm = projection(m);
  GiNaC::ex square = 0;
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) square += GiNaC::pow(pm(i, j), 2);
  ProjectedGaussianLaw out;
  out.rank = law.of(square);
  const GiNaC::ex all = GiNaC::ex(d) * d;
  out.alpha = out.rank / 2;
  out.beta = (all - out.rank) / 2;
  out.mean = out.rank / all;
  out.lemmas = law.lemmas();
  out.lemmas.push_back(kGaussianRotationInvariance);
  out.lemmas.push_back(kBetaOfChiSquares);
  return out;
}

}  // namespace pe
