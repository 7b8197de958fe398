//===- VerifyPlacement.cpp - Check dispatch placement -----------*- C++ -*-===//
//
// This file implements flow-verify-placement: every dispatchable op that a
// scope places on a device is in a dispatch region on that device. The check
// itself, which flow-form-dispatch-regions also runs, is
// verifyDispatchPlacement in DispatchUtils.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_VERIFYPLACEMENTPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

namespace {

struct VerifyPlacementPass
    : public flow::impl::VerifyPlacementPassBase<VerifyPlacementPass> {
  void runOnOperation() override {
    if (failed(verifyDispatchPlacement(getOperation())))
      signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
