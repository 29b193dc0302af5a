#pragma once

#include <cstddef>
#include <string>

namespace pe::ledger {

/// A unit's place in PE_UNIT_ORDER, the order in which theorems/CMakeLists.txt lists the units'
/// files. Static registration runs in link order, which the generator and unity batching
/// change, so the ledger orders the units itself; a unit not listed ranks last (the largest
/// std::size_t).
std::size_t unit_rank(const std::string& unit);

}  // namespace pe::ledger
