//===- RecordScopePaths.cpp - Record scope paths on ops ---------*- C++ -*-===//
//
// This file implements flow-record-scope-paths, which records on each
// dispatchable op the path of scopes around it so that dispatch region
// formation can name regions after zones have been stripped.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"
#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_RECORDSCOPEPATHSPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

namespace {

struct RecordScopePathsPass
    : public flow::impl::RecordScopePathsPassBase<RecordScopePathsPass> {
  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      // Extern kernel calls run as dispatches do: their paths place them in
      // the picture of the dispatches.
      if (!isDispatchableOp(op) && !isa<hal::DispatchExternOp>(op))
        return;
      if (op->getParentOfType<DispatchRegionOp>())
        return;
      op->setAttr(FlowDialect::getRecordedScopePathAttrName(),
                  getScopePath(op));
    });
  }
};

} // namespace
