//===- LowerUnfoldableConstants.cpp - Constants behind barriers -*- C++ -*-===//
//
// This file implements util-lower-unfoldable-constants, which rewrites each
// util.unfoldable_constant into an arith.constant behind a
// util.optimization_barrier.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace scopeir::util {
#define GEN_PASS_DEF_LOWERUNFOLDABLECONSTANTSPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

namespace {

struct LowerUnfoldableConstantsPass
    : public scopeir::util::impl::LowerUnfoldableConstantsPassBase<
          LowerUnfoldableConstantsPass> {
  void runOnOperation() override {
    SmallVector<UnfoldableConstantOp> constants;
    getOperation()->walk(
        [&](UnfoldableConstantOp op) { constants.push_back(op); });
    // Nothing to lower: saying so spares the pass manager re-verifying the
    // unchanged IR.
    if (constants.empty())
      return markAllAnalysesPreserved();
    for (UnfoldableConstantOp op : constants) {
      OpBuilder builder(op);
      Value constant =
          arith::ConstantOp::create(builder, op.getLoc(), op.getValue());
      auto barrier = OptimizationBarrierOp::create(builder, op.getLoc(),
                                                   ValueRange{constant});
      op.getResult().replaceAllUsesWith(barrier.getResult(0));
      op.erase();
    }
  }
};

} // namespace
