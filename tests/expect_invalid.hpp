// The one helper for checking that bad input is refused with a message naming it.
#pragma once

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace pe::testing {

/// Expects f() to throw std::invalid_argument whose message contains `mentions`.
template <class F>
void expect_invalid(F f, const std::string& mentions) {
  try {
    f();
    ADD_FAILURE() << "no std::invalid_argument; expected one mentioning '" << mentions << "'";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos) << e.what();
  }
}

}  // namespace pe::testing
