/// @file
/// @brief The gradient claims' verdict on the evidence the build wrote (implementation.cpp).
#pragma once

#include "gradient_evidence.hpp"
#include "ledger.hpp"

namespace pe::theorems {

/// The verdict of one scheme's gradient claim on its evidence (experiments/gradient_evidence.hpp):
/// holds only when the loss stage and every head run are proved, some derivative is not
/// identically 0, both softmax paths ran, and the central differences agree without a vanishing
/// block. The claims read the build's product; the tests hand it planted evidence.
ledger::Decided<ledger::Rule::identity> gradients_verdict(const experiments::GradientEvidence& evidence);

}  // namespace pe::theorems
