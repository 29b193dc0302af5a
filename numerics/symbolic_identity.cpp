#include "symbolic_identity.hpp"

#include "symbolic_eigen.hpp"  // before clocks.hpp: Eigen meets GiNaC::ex there
#include "attention.hpp"
#include "clocks.hpp"

#include "external_lemmas.hpp"
#include "memo.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace GiNaC {
namespace {
ex cosine_integral_derivative(const ex& x, unsigned) { return cos(x) / x; }
}  // namespace
REGISTER_FUNCTION(cosine_integral, derivative_func(cosine_integral_derivative).latex_name("\\mathrm{Ci}"))
}  // namespace GiNaC

namespace pe {

const std::vector<std::string> kTrigRules = {
    "angle addition: cos(a + b) = cos a cos b - sin a sin b, sin(a + b) = sin a cos b + cos a sin b "
    "(an integer multiple n a taken as (n - 1) a + a)",
    "parity: cos(-a) = cos a, sin(-a) = -sin a",
    "Pythagoras: sin^2 a = 1 - cos^2 a",
};

const std::string kExponentialRule = "exponential law: e^{a + b} = e^a e^b, e^{-a} = 1 / e^a";

namespace {

using namespace GiNaC;


bool is_cos(const ex& e) { return is_ex_the_function(e, cos); }
bool is_sin(const ex& e) { return is_ex_the_function(e, sin); }

/// The numeric factor of a product (1 for anything else).
numeric coefficient_of(const ex& e) {
  if (is_a<numeric>(e)) return ex_to<numeric>(e);
  if (is_a<mul>(e))
    for (std::size_t i = 0; i < e.nops(); ++i)
      if (is_a<numeric>(e.op(i))) return ex_to<numeric>(e.op(i));
  return 1;
}

/// Rewrites every exponential of a sum into the product of the exponentials of its terms, and
/// the exponential of a negative term into the reciprocal of the positive one.
struct SplitExponentials : map_function {
  bool used = false;
  ex single(const ex& term) {
    if (!coefficient_of(term).is_negative()) return exp(term);
    used = true;
    return 1 / exp(-term);
  }
  ex operator()(const ex& e) override {
    const ex x = e.map(*this);
    if (!is_ex_the_function(x, exp)) return x;
    const ex arg = expand(x.op(0));
    if (!is_a<add>(arg)) return single(arg);
    used = true;
    ex product = 1;
    for (std::size_t i = 0; i < arg.nops(); ++i) product *= single(arg.op(i));
    return product;
  }
};

/// Rewrites every cosine and sine of a sum, a negative or an integer multiple into cosines and
/// sines of atoms (angle addition and parity), innermost first.
struct SplitAngles : map_function {
  std::set<std::string>& used;
  explicit SplitAngles(std::set<std::string>& rules) : used(rules) {}

  ex trig(bool cosine, const ex& angle) {
    const ex arg = expand(angle);
    if (is_a<add>(arg) || coefficient_of(arg).is_integer()) {
      ex a, b;
      const numeric n = coefficient_of(arg);
      if (is_a<add>(arg)) {
        a = arg.op(0);
        b = arg - a;
      } else if (n.is_negative()) {
        used.insert(kTrigRules[1]);
        return cosine ? trig(true, -arg) : -trig(false, -arg);
      } else if (n > 1) {
        a = arg / n * (n - 1);
        b = arg / n;
      } else {
        return cosine ? cos(arg) : sin(arg);
      }
      used.insert(kTrigRules[0]);
      const ex ca = trig(true, a), sa = trig(false, a), cb = trig(true, b), sb = trig(false, b);
      return expand(cosine ? ca * cb - sa * sb : sa * cb + ca * sb);
    }
    if (n_negative(arg)) {
      used.insert(kTrigRules[1]);
      return cosine ? trig(true, -arg) : -trig(false, -arg);
    }
    return cosine ? cos(arg) : sin(arg);
  }
  static bool n_negative(const ex& arg) { return coefficient_of(arg).is_negative(); }

  ex operator()(const ex& e) override {
    const ex x = e.map(*this);
    if (is_cos(x)) return trig(true, x.op(0));
    if (is_sin(x)) return trig(false, x.op(0));
    return x;
  }
};

/// Replaces sin(a)^n, n >= 2, by sin(a)^(n - 2) (1 - cos(a)^2) until no sine is squared.
struct LowerSines : map_function {
  std::set<std::string>& used;
  explicit LowerSines(std::set<std::string>& rules) : used(rules) {}
  ex operator()(const ex& e) override {
    const ex x = e.map(*this);
    if (is_a<power>(x) && is_sin(x.op(0)) && is_a<numeric>(x.op(1))) {
      const numeric n = ex_to<numeric>(x.op(1));
      if (n.is_integer() && n >= 2) {
        used.insert(kTrigRules[2]);
        return (*this)(expand(pow(x.op(0), n - 2) * (1 - pow(cos(x.op(0).op(0)), 2))));
      }
    }
    return x;
  }
};

}  // namespace

TrigReduction reduce_trig(const GiNaC::ex& difference) {
  std::set<std::string> used;
  SplitAngles split(used);
  LowerSines lower(used);
  GiNaC::ex e = GiNaC::expand(split(difference));
  for (int pass = 0; pass < 64; ++pass) {  // each pass lowers the highest sine power by 2
    const GiNaC::ex lowered = GiNaC::expand(lower(e));
    if (lowered.is_equal(e)) break;
    e = lowered;
  }
  TrigReduction out;
  out.entries = 1;
  out.zero = e.is_zero();
  if (!out.zero) {
    std::ostringstream text;
    text << e;
    out.remainder = text.str();
  }
  for (const std::string& rule : kTrigRules)  // in the list's order
    if (used.count(rule)) out.rules_used.push_back(rule);
  return out;
}

TrigReduction reduce_exponentials(const GiNaC::ex& difference) {
  SplitExponentials split;
  const GiNaC::ex e = GiNaC::normal(split(difference));
  TrigReduction out;
  out.entries = 1;
  out.zero = e.is_zero();
  if (!out.zero) {
    std::ostringstream text;
    text << e;
    out.remainder = text.str();
  }
  if (split.used) out.rules_used.push_back(kExponentialRule);
  return out;
}

TrigReduction reduce_trig(const GiNaC::matrix& left, const GiNaC::matrix& right) {
  if (left.rows() != right.rows() || left.cols() != right.cols())
    throw std::invalid_argument("reduce_trig: the two sides have different shapes");
  TrigReduction out;
  out.zero = true;
  std::set<std::string> used;
  for (unsigned i = 0; i < left.rows(); ++i)
    for (unsigned j = 0; j < left.cols(); ++j) {
      const TrigReduction entry = reduce_trig(left(i, j) - right(i, j));
      ++out.entries;
      used.insert(entry.rules_used.begin(), entry.rules_used.end());
      if (!entry.zero && out.zero) {
        out.zero = false;
        out.remainder = "entry (" + std::to_string(i) + ", " + std::to_string(j) + "): " + entry.remainder;
      }
    }
  for (const std::string& rule : kTrigRules)
    if (used.count(rule)) out.rules_used.push_back(rule);
  return out;
}

namespace {

/// Operands of every sum and product sorted as text; compound operands parenthesised.
std::string sorted_text(const GiNaC::ex& e) {
  const auto operands = [&e] {
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < e.nops(); ++i) parts.push_back(sorted_text(e.op(i)));
    std::sort(parts.begin(), parts.end());
    return parts;
  };
  const auto joined = [](const std::vector<std::string>& parts, const char* by) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : by) + p;
    return out;
  };
  if (GiNaC::is_a<GiNaC::add>(e)) return "(" + joined(operands(), "+") + ")";
  if (GiNaC::is_a<GiNaC::mul>(e)) return joined(operands(), "*");
  if (GiNaC::is_a<GiNaC::power>(e)) return "(" + sorted_text(e.op(0)) + ")^(" + sorted_text(e.op(1)) + ")";
  std::ostringstream text;
  text << e;
  const std::string atom = text.str();
  return atom.find_first_of("-/") == std::string::npos ? atom : "(" + atom + ")";
}

/// Every function application replaced by a symbol named by its canonical text: its arguments
/// expanded and printed sorted, and for cos and sin the argument's sign chosen as the text with
/// fewer minus signs, then the smaller (sin(-x) = -sin x), so that GiNaC's own choice of sign,
/// which follows its hash order, does not show.
struct NamedApplications : GiNaC::map_function {
  std::map<std::string, GiNaC::symbol> names;
  GiNaC::ex operator()(const GiNaC::ex& e) override {
    if (!GiNaC::is_a<GiNaC::function>(e)) return e.map(*this);
    const std::string name = GiNaC::ex_to<GiNaC::function>(e).get_name();
    std::vector<std::string> args;
    for (std::size_t i = 0; i < e.nops(); ++i) args.push_back(sorted_text(GiNaC::expand((*this)(e.op(i)))));
    int sign = 1;
    if ((name == "cos" || name == "sin") && args.size() == 1) {
      const std::string negated = sorted_text(GiNaC::expand(-(*this)(e.op(0))));
      const auto minus_signs = [](const std::string& t) {
        std::size_t count = 0;
        for (std::size_t at = t.find("(-"); at != std::string::npos; at = t.find("(-", at + 1)) ++count;
        return count;
      };
      if (std::pair(minus_signs(negated), negated) < std::pair(minus_signs(args[0]), args[0])) {
        args[0] = negated;
        sign = name == "sin" ? -1 : 1;
      }
    }
    std::string text = name + "(";
    for (std::size_t i = 0; i < args.size(); ++i) text += (i ? "," : "") + args[i];
    text += ")";
    const auto it = names.emplace(text, GiNaC::symbol(text)).first;
    return sign * it->second;
  }
};

}  // namespace

std::string canonical_text(const GiNaC::ex& e) {
  NamedApplications named;
  return sorted_text(GiNaC::expand(named(e)));
}

std::string plain_sides(const GiNaC::matrix& left, const GiNaC::matrix& right, std::size_t limit) {
  std::ostringstream text;
  std::set<std::string> symbols;
  for (unsigned i = 0; i < left.rows(); ++i)
    for (unsigned j = 0; j < left.cols(); ++j) {
      text << (i + j ? "; " : "") << canonical_text(left(i, j)) << " == " << canonical_text(right(i, j));
      for (const GiNaC::ex& side : {left(i, j), right(i, j)})
        for (GiNaC::const_preorder_iterator it = side.preorder_begin(); it != side.preorder_end(); ++it)
          if (GiNaC::is_a<GiNaC::symbol>(*it)) symbols.insert(GiNaC::ex_to<GiNaC::symbol>(*it).get_name());
    }
  std::string names;
  for (const std::string& s : symbols) names += (names.empty() ? "" : ", ") + s;
  const std::string out = text.str() + "; symbols: " + names;
  if (out.size() <= limit) return out;
  return "left out: " + std::to_string(out.size()) + " characters (symbols: " + names + ")";
}

/// "angle addition, parity" for the rules of kTrigRules in `rules`, by the names they are stated under.
static std::string used_names(const std::vector<std::string>& rules) {
  std::string out;
  for (const std::string& rule : kTrigRules)
    if (std::find(rules.begin(), rules.end(), rule) != rules.end())
      out += (out.empty() ? "" : ", ") + rule.substr(0, rule.find(':'));
  return out.empty() ? "expansion" : out;
}

MatrixIdentityProof prove_for_dimensions(
    const std::string& statement, const std::string& quantifiers, const std::vector<int>& dimensions,
    const std::function<std::pair<GiNaC::matrix, GiNaC::matrix>(const std::vector<GiNaC::ex>&)>& sides) {
  MatrixIdentityProof out;
  std::vector<std::string> rules;
  int entries = 0;
  std::string ds;
  std::string block_ds, coupling;
  for (int d : dimensions) {
    const std::vector<GiNaC::ex> omegas = frequency_symbols(d);
    const auto [left, right] = sides(omegas);
    if (out.plain_sides.empty()) out.plain_sides = "d = " + std::to_string(d) + ": " + pe::plain_sides(left, right);
    if (d >= 4 && coupling.empty()) {
      for (const GiNaC::matrix* side : {&left, &right})
        if (coupling.empty())
          if (const std::string where = plane_coupling(*side, omegas); !where.empty())
            coupling = "at d = " + std::to_string(d) + ", " + std::string(side == &left ? "left" : "right") +
                       " side: " + where;
      block_ds += (block_ds.empty() ? "" : ", ") + std::to_string(d);
    }
    const TrigReduction r = reduce_trig(left, right);
    entries += r.entries;
    ds += (ds.empty() ? "" : ", ") + std::to_string(d);
    for (const std::string& rule : r.rules_used)
      if (std::find(rules.begin(), rules.end(), rule) == rules.end()) rules.push_back(rule);
    if (!r.zero && out.zero) {
      out.zero = false;
      out.remainder = "d = " + std::to_string(d) + ", " + r.remainder;
    }
  }
  out.every_even_d = !block_ds.empty() && coupling.empty();
  std::string used;
  for (const std::string& rule : kTrigRules)  // in the list's order
    if (std::find(rules.begin(), rules.end(), rule) != rules.end()) used += (used.empty() ? "" : "; ") + rule;
  const std::string reduced = "the difference of its sides, entry by entry (" + std::to_string(entries) +
                              " entries over d = " + ds + "), reduces to 0 in GiNaC's exact algebra using only " +
                              (used.empty() ? "expansion" : used);
  out.steps.push_back(decided_step(StepKind::identity, out.zero,
                                   "left side - right side reduces to 0 at d = " + ds + " using " + used_names(rules)));
  if (out.every_even_d)
    out.steps.push_back({StepKind::block, StepReach::decided,
                         "each entry involves only its own planes' frequencies at d = " + block_ds + ": every even d"});
  else
    out.steps.push_back({StepKind::block, StepReach::listed_only,
                         "d = " + ds + " only: " + (coupling.empty() ? "no d of 4 or more was checked" : coupling)});
  if (out.every_even_d)
    out.certificate = statement + " " + quantifiers + ": " + reduced +
                      "; block step: at d = " + block_ds + " every entry of each side involves only its own planes' "
                      "frequencies, so by " + cite(kBlockMultiplication) + " the identity holds in R^d iff it "
                      "holds plane by plane, and a plane with omega_j a symbol covers every plane, base and even d";
  else
    out.certificate = "exhaustive: " + statement + " " + quantifiers + " at d = " + ds + " only: " + reduced +
                      "; no block step to every even d (" +
                      (coupling.empty() ? "no d of 4 or more was checked" : coupling) + ")";
  return out;
}

void add_steps(MatrixIdentityProof& whole, const MatrixIdentityProof& part) {
  whole.steps.insert(whole.steps.end(), part.steps.begin(), part.steps.end());
}

RankStep minor_nonzero_off(const GiNaC::ex& minor, const GiNaC::ex& exceptional_factor, const std::string& exceptional_set) {
  const GiNaC::ex ratio = GiNaC::normal(minor / exceptional_factor);
  const bool constant = GiNaC::is_a<GiNaC::numeric>(ratio) && !ratio.is_zero();
  return {constant, constant ? "minor / exceptional factor = " + canonical_text(ratio) + ": nonzero off " + exceptional_set
                             : "minor / exceptional factor = " + canonical_text(ratio) +
                                   ", not a nonzero number: it can vanish off " + exceptional_set};
}

std::string plane_coupling(const GiNaC::matrix& side, const std::vector<GiNaC::ex>& omegas) {
  // The first frequency outside `own` that `e` involves, or "".
  const auto foreign = [&](const GiNaC::ex& e, const std::set<std::size_t>& own) -> std::string {
    for (std::size_t j = 0; j < omegas.size(); ++j)
      if (!own.count(j) && e.has(omegas[j])) return GiNaC::ex_to<GiNaC::symbol>(omegas[j]).get_name();
    return "";
  };
  // A sum over planes: every term of the expanded entry involves one plane's frequency at most.
  const auto sum_over_planes = [&](const GiNaC::ex& entry) {
    const GiNaC::ex e = entry.expand();
    const std::size_t terms = GiNaC::is_a<GiNaC::add>(e) ? e.nops() : 1;
    for (std::size_t t = 0; t < terms; ++t) {
      const GiNaC::ex term = GiNaC::is_a<GiNaC::add>(e) ? e.op(t) : e;
      std::size_t involved = 0;
      for (const GiNaC::ex& omega : omegas) involved += term.has(omega);
      if (involved > 1) return false;
    }
    return true;
  };
  const std::size_t d = 2 * omegas.size();
  const bool stacked = side.rows() == d && (side.cols() == 1 || side.cols() == d);
  const auto plane = [](unsigned i) { return static_cast<std::size_t>(i / 2); };
  for (unsigned r = 0; r < side.rows(); ++r)
    for (unsigned c = 0; c < side.cols(); ++c) {
      // A side stacked by planes (a d x d matrix, a column of d) may involve, at entry (r, c), the
      // planes of r and of c only; an entry of any other shape must be a sum of one-plane terms.
      if (stacked) {
        const std::set<std::size_t> own =
            side.cols() == 1 ? std::set<std::size_t>{plane(r)} : std::set<std::size_t>{plane(r), plane(c)};
        if (const std::string other = foreign(side(r, c), own); !other.empty())
          return "entry (" + std::to_string(r) + ", " + std::to_string(c) + ") involves " + other;
      } else if (!sum_over_planes(side(r, c))) {
        return "entry (" + std::to_string(r) + ", " + std::to_string(c) + ") has a term involving more than one plane";
      }
    }
  return "";
}

MatrixIdentityProof prove_prefix_symmetry(int largest_t, int width, const std::function<GiNaC::ex(int, int)>& bias) {
  const auto x = [](int j, int k) { return named_symbol("x_" + std::to_string(j) + "_" + std::to_string(k)); };
  MatrixIdentityProof out;
  std::vector<std::string> rules;
  // The harness's own reference attention (numerics/attention.hpp) on symbols: tokens x_j of
  // `width` entries, scores x_t^T A x_j + bias(t, j), values W x_j.
  const int n = largest_t + 1;
  SymbolicMatrix tokens(n, width), a(width, width), w(width, width), biases(n, n);
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < width; ++k) tokens(j, k) = x(j, k);
  for (int k = 0; k < width; ++k)
    for (int l = 0; l < width; ++l) {
      a(k, l) = named_symbol("A_" + std::to_string(k) + "_" + std::to_string(l));
      w(k, l) = named_symbol("W_" + std::to_string(k) + "_" + std::to_string(l));
    }
  for (int t = 0; t < n; ++t)
    for (int j = 0; j < n; ++j) biases(t, j) = bias(t, j);
  const SymbolicMatrix outputs = causal_attention<GiNaC::ex>(
      attention_scores<GiNaC::ex>(tokens, a, GiNaC::ex(1)) + biases, SymbolicMatrix(tokens * w.transpose()));
  for (int t = 1; t <= largest_t && out.zero; ++t) {
    for (int i = 0; i + 1 < t && out.zero; ++i) {
      GiNaC::lst swap;
      for (int k = 0; k < width; ++k) {
        swap.append(x(i, k) == x(i + 1, k));
        swap.append(x(i + 1, k) == x(i, k));
      }
      for (int k = 0; k < width && out.zero; ++k) {
        const GiNaC::ex& output = outputs(t, k);
        const TrigReduction r = reduce_exponentials(output.subs(swap) - output);
        for (const std::string& rule : r.rules_used)
          if (std::find(rules.begin(), rules.end(), rule) == rules.end()) rules.push_back(rule);
        if (!r.zero)
          out = {false, "t = " + std::to_string(t) + ", tokens " + std::to_string(i) + " and " +
                            std::to_string(i + 1) + " swapped, output entry " + std::to_string(k) + ": " + r.remainder,
                 ""};
      }
    }
  }
  out.steps.push_back(decided_step(StepKind::identity, out.zero,
                                   "each output minus its value with two neighbouring prefix tokens swapped reduces "
                                   "to 0 at t = 1.." + std::to_string(largest_t) + ", tokens of " +
                                       std::to_string(width) + " entries, using " +
                                       (rules.empty() ? std::string("cancellation") : rules.front().substr(0, rules.front().find(':')))));
  // Every t and every width is an argument in words (each token enters one term of each sum),
  // which no code decides: the proof reaches the sizes it reduced.
  out.steps.push_back({StepKind::induction, StepReach::listed_only,
                       "t <= " + std::to_string(largest_t) + " and width " + std::to_string(width) +
                           " only: every t and width is argued in words"});
  out.certificate = "the causal output at t of the harness's reference attention pe::causal_attention (scores x_t^T A x_j, values W x_j, tokens of " + std::to_string(width) +
                    " symbolic entries, A and W symbolic) minus the same output with two neighbouring prefix tokens "
                    "swapped reduces to 0 for every swap and every t = 1.." + std::to_string(largest_t) +
                    " in GiNaC's exact algebra" + (rules.empty() ? "" : " using " + rules.front()) +
                    " and cancellation; neighbouring swaps generate every permutation of the prefix, and each prefix "
                    "token enters the output only through one term of each of its two sums, so the same holds for "
                    "every t and every token width";
  return out;
}

SignDecision decide_positive(const GiNaC::ex& difference) {
  const GiNaC::ex normal = GiNaC::normal(difference);
  const GiNaC::ex parts = normal.numer_denom();
  const auto positive = [](const GiNaC::ex& e) {
    return e.info(GiNaC::info_flags::positive) || GiNaC::expand(e).info(GiNaC::info_flags::positive);
  };
  return {positive(difference) || positive(normal) || (positive(parts.op(0)) && positive(parts.op(1))),
          canonical_text(normal), plain_inequality(normal)};
}

const std::string kPositivePowerRule = "powers of positive numbers ((x^a)^c = x^(a c), (x y)^a = x^a y^a, e^(c ln x) = x^c)";

GiNaC::ex multiply_out_powers(const GiNaC::ex& e) {
  struct Powers : GiNaC::map_function {
    GiNaC::ex operator()(const GiNaC::ex& x) override {
      const GiNaC::ex inner = x.map(*this);
      if (GiNaC::is_a<GiNaC::power>(inner) && GiNaC::is_a<GiNaC::power>(inner.op(0)) &&
          inner.op(0).op(0).info(GiNaC::info_flags::positive) && inner.op(0).op(1).info(GiNaC::info_flags::real) &&
          inner.op(1).info(GiNaC::info_flags::real))
        return GiNaC::pow(inner.op(0).op(0), inner.op(0).op(1) * inner.op(1));
      if (GiNaC::is_the_function<GiNaC::exp_SERIAL>(inner)) {
        const GiNaC::ex exponent = GiNaC::expand(inner.op(0));
        GiNaC::ex out = 1;
        for (const GiNaC::ex& term : GiNaC::is_a<GiNaC::add>(exponent) ? exponent : GiNaC::ex(GiNaC::lst{exponent})) {
          GiNaC::ex replaced = GiNaC::exp(term);
          const GiNaC::ex factors = GiNaC::is_a<GiNaC::mul>(term) ? term : GiNaC::ex(GiNaC::lst{term});
          for (const GiNaC::ex& f : factors)
            if (GiNaC::is_the_function<GiNaC::log_SERIAL>(f) && f.op(0).info(GiNaC::info_flags::positive)) {
              const GiNaC::ex coefficient = GiNaC::normal(term / f);
              if (coefficient.info(GiNaC::info_flags::real) && !coefficient.has(f)) replaced = GiNaC::pow(f.op(0), coefficient);
              break;
            }
          out *= replaced;
        }
        return out;
      }
      return inner;
    }
  } powers;
  GiNaC::ex current = e;
  for (int pass = 0; pass < 8; ++pass) {
    const GiNaC::ex next = powers(GiNaC::expand(current, GiNaC::expand_options::expand_transcendental));
    if (next.is_equal(current)) break;
    current = next;
  }
  return GiNaC::normal(current);
}

SignDecision decide_nonnegative_over_angle(const GiNaC::ex& e, const GiNaC::ex& angle) {
  const GiNaC::symbol c("C"), s("S");
  const GiNaC::ex free = GiNaC::expand(e.subs(GiNaC::lst{GiNaC::cos(angle) == c, GiNaC::sin(angle) == s}));
  SignDecision out{false, "", plain_inequality(e, ">=")};
  const GiNaC::ex parts = GiNaC::normal(free).numer_denom();
  if (parts.op(1).has(c) || parts.op(1).has(s) || !parts.op(0).is_polynomial(GiNaC::lst{c, s}) ||
      parts.op(0).degree(c) > 1 || parts.op(0).degree(s) > 1) {
    out.normal_form = canonical_text(free) + " is not of degree at most one in each of cos and sin";
    return out;
  }
  for (const int cv : {1, -1})
    for (const int sv : {1, -1}) {
      const GiNaC::ex corner = GiNaC::normal(free.subs(GiNaC::lst{c == cv, s == sv}));
      if (!corner.is_zero() && !decide_positive(corner).positive) {
        out.normal_form = "at cos = " + std::to_string(cv) + ", sin = " + std::to_string(sv) + ": " + canonical_text(corner);
        return out;
      }
    }
  out.positive = true;
  out.normal_form = canonical_text(free);
  return out;
}

DerivativeChain decide_nonnegative_by_derivatives(const GiNaC::ex& f, const GiNaC::possymbol& t, int order) {
  DerivativeChain out;
  std::vector<GiNaC::ex> derivatives{f};
  for (int k = 1; k <= order; ++k) derivatives.push_back(derivatives.back().diff(t));
  std::string values;
  for (int k = 0; k < order; ++k) {
    GiNaC::ex at_zero;
    try {
      at_zero = GiNaC::normal(derivatives[k].subs(t == 0));
    } catch (const std::exception& e) {
      out.what = "f^(" + std::to_string(k) + ")(0) has no value: " + e.what();
      return out;
    }
    if (!GiNaC::is_a<GiNaC::numeric>(at_zero) || !at_zero.info(GiNaC::info_flags::nonnegative)) {
      out.what = "f^(" + std::to_string(k) + ")(0) = " + canonical_text(at_zero) + ", not a number >= 0";
      return out;
    }
    values += (values.empty() ? "" : ", ") + canonical_text(at_zero);
  }
  const GiNaC::ex& last = derivatives[order];
  const SignDecision sign = decide_nonnegative_over_angle(last, t);
  out.plain = sign.plain;
  if (!sign.positive) {
    out.what = "f^(" + std::to_string(order) + ") = " + canonical_text(last) + " is not shown >= 0: " + sign.normal_form;
    return out;
  }
  const GiNaC::symbol c("C"), s("S");
  const GiNaC::ex free = last.subs(GiNaC::lst{GiNaC::cos(t) == c, GiNaC::sin(t) == s});
  out.strict = true;
  for (const int cv : {1, -1})
    for (const int sv : {1, -1})
      out.strict = out.strict && !GiNaC::normal(free.subs(GiNaC::lst{c == cv, s == sv})).is_zero();
  out.decided = true;
  const bool angular = last.has(GiNaC::cos(t)) || last.has(GiNaC::sin(t));
  out.what = "f = " + canonical_text(f) + ": f^(k)(0) = " + values + " for k < " + std::to_string(order) + ", and f^(" +
             std::to_string(order) + ") = " + canonical_text(last) + (out.strict ? " > 0" : " >= 0") +
             (angular ? " at every corner of cos, sin in [-1, 1]" : "") + ": f >= 0 for every " + t.get_name() + " >= 0";
  return out;
}

std::string plain_inequality(const GiNaC::ex& expression, const std::string& relation) {
  return plain_inequalities({{expression, relation}});
}

std::string plain_inequalities(const std::vector<std::pair<GiNaC::ex, std::string>>& inequalities) {
  std::set<std::string> positive, real;
  std::string out;
  for (const auto& [expression, relation] : inequalities) {
    for (GiNaC::const_preorder_iterator it = expression.preorder_begin(); it != expression.preorder_end(); ++it)
      if (GiNaC::is_a<GiNaC::symbol>(*it))
        (it->info(GiNaC::info_flags::positive) ? positive : real).insert(GiNaC::ex_to<GiNaC::symbol>(*it).get_name());
    out += (out.empty() ? "" : " && ") + canonical_text(expression) + " " + relation + " 0";
  }
  const auto listed = [](const std::set<std::string>& names) {
    std::string text;
    for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
    return text;
  };
  if (!positive.empty()) out += "; positive: " + listed(positive);
  if (!real.empty()) out += "; real: " + listed(real);
  return out;
}

const GiNaC::symbol& named_symbol(const std::string& name) {
  static Memo<std::string, GiNaC::symbol> symbols;
  return symbols.get(name, [&name] { return GiNaC::symbol(name); });
}

GiNaC::matrix symbol_vector(const std::string& name, int d) {
  GiNaC::matrix v(static_cast<unsigned>(d), 1);
  for (int i = 0; i < d; ++i) v(static_cast<unsigned>(i), 0) = named_symbol(name + "_" + std::to_string(i));
  return v;
}

GiNaC::matrix plane_rotation(const GiNaC::ex& angle) { return block_rotation(angle, {GiNaC::ex(1)}); }

GiNaC::matrix block_rotation(const GiNaC::ex& k, const std::vector<GiNaC::ex>& omegas) {
  return to_ginac(pe::block_rotation<GiNaC::ex>(k, omegas));
}

GiNaC::matrix sinusoidal_code(const GiNaC::ex& m, const std::vector<GiNaC::ex>& omegas) {
  return to_ginac(pe::sinusoidal_code<GiNaC::ex>(m, omegas));
}

GiNaC::matrix sylvester_block_map(const GiNaC::ex& omega_i, const GiNaC::ex& omega_j) {
  std::vector<GiNaC::symbol> x;
  for (int k = 0; k < 4; ++k) x.push_back(named_symbol("x_" + std::to_string(k)));
  const GiNaC::matrix block(2, 2, GiNaC::lst{x[0], x[1], x[2], x[3]});
  const GiNaC::matrix image = block.mul(plane_rotation(omega_j)).sub(plane_rotation(omega_i).mul(block));
  GiNaC::matrix map(4, 4);
  for (unsigned row = 0; row < 4; ++row) {
    const GiNaC::ex entry = GiNaC::expand(image(row / 2, row % 2));
    for (unsigned k = 0; k < 4; ++k) map(row, k) = entry.coeff(x[k], 1);
  }
  return map;
}

TrigReduction rotated_real_part_step(const GiNaC::ex& scale) {
  const GiNaC::ex x = named_symbol("h_re"), y = named_symbol("h_im"), angle = named_symbol("x");
  // h e^{ix} = (x + i y)(cos + i sin): its real and imaginary parts.
  const GiNaC::ex real = x * GiNaC::cos(angle) - y * GiNaC::sin(angle);
  const GiNaC::ex imaginary = x * GiNaC::sin(angle) + y * GiNaC::cos(angle);
  return reduce_trig(real * real + imaginary * imaginary - scale * scale * (x * x + y * y));
}

TrigReduction product_modulus_step() {
  const GiNaC::ex a = named_symbol("z_re"), b = named_symbol("z_im"), c = named_symbol("w_re"),
                  e = named_symbol("w_im");
  const GiNaC::ex real = a * c - b * e, imaginary = a * e + b * c;
  return reduce_trig(real * real + imaginary * imaginary - (a * a + b * b) * (c * c + e * e));
}

std::vector<GiNaC::ex> frequency_symbols(int d) {
  if (d < 2 || d % 2 != 0) throw std::invalid_argument("frequency_symbols: d must be even and positive");
  std::vector<GiNaC::ex> omegas;
  for (int j = 0; j < d / 2; ++j) omegas.push_back(GiNaC::symbol("omega_" + std::to_string(j)));
  return omegas;
}

}  // namespace pe
