/// @file
/// @brief GiNaC expressions as an Eigen scalar, so that code written on Eigen matrices can run
/// in exact symbolic arithmetic (the tabulated passes' gradient proof,
/// experiments/symbolic_scalar.hpp). Include it before an Eigen matrix of GiNaC::ex is
/// instantiated.
#pragma once

#include <ginac/ginac.h>

#include <Eigen/Core>

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
