#include "power_series_kernel.hpp"

#include <sstream>

#include "external_lemmas.hpp"

namespace pe {

namespace {

std::string printed(const GiNaC::ex& e) {
  std::ostringstream out;
  out << e;
  return out.str();
}

}  // namespace

MatrixIdentityProof prove_power_series_kernel(const GiNaC::ex& f, const GiNaC::symbol& x, const std::string& name) {
  MatrixIdentityProof out;
  const GiNaC::ex c = GiNaC::normal(GiNaC::diff(f, x) / f);
  const GiNaC::ex at_zero = f.subs(x == 0);
  const bool constant_rate = GiNaC::is_a<GiNaC::numeric>(c) && GiNaC::ex_to<GiNaC::numeric>(c).is_rational();
  const bool rate_nonnegative = constant_rate && GiNaC::ex_to<GiNaC::numeric>(c) >= 0;
  const bool positive_at_zero = GiNaC::is_a<GiNaC::numeric>(at_zero) && GiNaC::ex_to<GiNaC::numeric>(at_zero).is_rational() &&
                                GiNaC::ex_to<GiNaC::numeric>(at_zero) > 0;
  out.zero = rate_nonnegative && positive_at_zero;
  if (!constant_rate) out.remainder = "f'/f = " + printed(c) + " is not a constant";
  else if (!rate_nonnegative) out.remainder = "f' = " + printed(c) + " f: the coefficients alternate in sign";
  else if (!positive_at_zero) out.remainder = "f(0) = " + printed(at_zero) + " is not positive";
  out.steps.push_back(decided_step(StepKind::identity, out.zero,
                                   "f'/f reduces to the constant " + printed(c) + " and f(0) = " + printed(at_zero)));
  // d/dx (c^k f) = c^k f' = c^{k+1} f: the step k -> k + 1 is the same reduction, f' = c f.
  out.steps.push_back(decided_step(StepKind::induction, out.zero,
                                   "f^(k) = c^k f for every k, its step the reduction f' = c f"));
  out.certificate = name + " = f(<h_a, h_b>) with f(x) = " + printed(f) + ": f'/f reduces to " + printed(c) +
                    " and f(0) = " + printed(at_zero) + " in GiNaC's exact algebra, so by induction every Taylor "
                    "coefficient f^(k)(0)/k! = " + printed(c) + "^k " + printed(at_zero) + "/k! is >= 0 and the "
                    "kernel is sum_k f^(k)(0)/k! G^(k), G = [<h_a, h_b>] and G^(k) its k-th Hadamard power, each "
                    "positive semidefinite by " + cite(kSchurProductTheorem) + ", a convergent sum in a closed cone; "
                    "its diagonal f(|h_a|^2) = f(0) e^{c |h_a|^2} > 0";
  return out;
}

}  // namespace pe
