//===- InduceTiedOperands.cpp - Tie scope results to captures ---*- C++ -*-===//
//
// This file implements util-induce-tied-operands, which ties a result of a
// scope op (a closure with ties, such as util.scope) to the capture it is
// computed in place from when that capture dies at the scope. The rule is
// util::induceTiedResults (ScopeUtils), which codegen's scope formation
// shares.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

namespace scopeir::util {
#define GEN_PASS_DEF_INDUCETIEDOPERANDSPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

namespace {
struct InduceTiedOperandsPass
    : public scopeir::util::impl::InduceTiedOperandsPassBase<
          InduceTiedOperandsPass> {
  void runOnOperation() override {
    // Post-order: an inner scope's new ties extend the chains of the scope
    // around it.
    bool changed = false;
    getOperation()->walk([&](ScopeOpInterface scope) {
      // A tie of a scope with a fixed signature would change the kernel's
      // signature (an output would become in place).
      if (scope.hasFixedSignature())
        return;
      if (auto closure = dyn_cast<ClosureOpInterface>(scope.getOperation()))
        changed |= induceTiedResults(closure);
    });
    // No new tie: the pass manager need not verify the IR again.
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
