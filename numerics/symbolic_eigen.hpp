/// @file
/// @brief GiNaC expressions as an Eigen scalar, so that code written on Eigen matrices can run
/// in exact symbolic arithmetic (the tabulated passes' gradient proof,
/// experiments/symbolic_scalar.hpp; the proofs of theorems/, which run numerics' templates on
/// GiNaC::ex). Include it before an Eigen matrix of GiNaC::ex is instantiated.
#pragma once

#include <ginac/ginac.h>

#include <Eigen/Core>

#include "clocks.hpp"

namespace Eigen {
/// Eigen's traits for GiNaC expressions: a real field with costly operations. Only the
/// operations the tabulated passes use (sums, products, transposes) are meant to run on it.
template <>
struct NumTraits<GiNaC::ex> : GenericNumTraits<GiNaC::ex> {
  using Real = GiNaC::ex;
  using NonInteger = GiNaC::ex;
  using Nested = GiNaC::ex;
  using Literal = GiNaC::ex;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 10,
    AddCost = 100,
    MulCost = 100,
  };
};
}  // namespace Eigen

namespace GiNaC {
/// The cosine integral Ci as a GiNaC function (GiNaC has none), so that pe::kernel_limit runs on
/// GiNaC::ex: it is left unevaluated, and its derivative Ci'(x) = cos x / x (registered in
/// numerics/symbolic_identity.cpp) is all a proof uses of it besides the lemma that names its
/// integral forms.
DECLARE_FUNCTION_1P(cosine_integral)
/// e^x - 1, which numerics' templates call (through std::expm1 on doubles) for its accuracy near 0.
inline ex expm1(const ex& x) { return exp(x) - 1; }
}  // namespace GiNaC

namespace pe {

/// GiNaC's expressions stand for symbols: numerics' templates skip the checks that need a value.
template <>
inline constexpr bool kSymbolicScalar<GiNaC::ex> = true;

/// Euler's constant as GiNaC's exact constant.
template <>
inline GiNaC::ex euler_constant<GiNaC::ex>() {
  return GiNaC::Euler;
}

/// A matrix of expressions as Eigen holds them (what numerics' templates return on GiNaC::ex).
using SymbolicMatrix = Eigen::Matrix<GiNaC::ex, Eigen::Dynamic, Eigen::Dynamic>;
/// A column of expressions.
using SymbolicVector = Eigen::Matrix<GiNaC::ex, Eigen::Dynamic, 1>;

/// The same entries as GiNaC's matrix, whose arithmetic the reductions use.
template <class Derived>
GiNaC::matrix to_ginac(const Eigen::MatrixBase<Derived>& m) {
  GiNaC::matrix out(static_cast<unsigned>(m.rows()), static_cast<unsigned>(m.cols()));
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) out(unsigned(i), unsigned(j)) = m(i, j);
  return out;
}

/// GiNaC's matrix as an Eigen matrix, to hand to numerics' templates.
inline SymbolicMatrix from_ginac(const GiNaC::matrix& m) {
  SymbolicMatrix out(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) out(i, j) = m(i, j);
  return out;
}

/// The column vec of GiNaC's column (or row) matrix, to hand to numerics' templates.
inline SymbolicVector column_from_ginac(const GiNaC::matrix& m) {
  SymbolicVector out(m.rows() * m.cols());
  for (unsigned i = 0; i < m.nops(); ++i) out(i) = m.op(i);
  return out;
}

}  // namespace pe
