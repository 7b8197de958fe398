//===- VerifyDeviceTargets.cpp - Devices name registered backends -*- C++ -*-===//
//
// This file implements hal-verify-device-targets, the pass form of
// hal::verifyDeviceTargets.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"

namespace scopeir::hal {
#define GEN_PASS_DEF_VERIFYDEVICETARGETSPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;

namespace {

struct VerifyDeviceTargetsPass
    : hal::impl::VerifyDeviceTargetsPassBase<VerifyDeviceTargetsPass> {
  void runOnOperation() override {
    if (failed(hal::verifyDeviceTargets(getOperation())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
