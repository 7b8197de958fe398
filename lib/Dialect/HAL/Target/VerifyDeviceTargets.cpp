//===- VerifyDeviceTargets.cpp - Check devices name backends ----*- C++ -*-===//
//
// This file implements verifyDeviceTargets: every #hal.device.target in the IR
// names a registered target backend, which accepts its config.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace scopeir::hal;

LogicalResult scopeir::hal::verifyDeviceTargets(Operation *root) {
  const TargetBackendRegistry &registry = TargetBackendRegistry::global();
  bool failed = false;
  root->walk([&](Operation *op) {
    op->getAttrDictionary().walk([&](DeviceTargetAttr device) {
      if (const TargetBackend *backend = registry.lookup(device.getBackend())) {
        if (mlir::failed(backend->verifyConfig(
                device.getConfig(), [&] { return op->emitError(); })))
          failed = true;
        return;
      }
      op->emitError("unknown target backend '")
          << device.getBackend()
          << "'; registered backends: " << registry.getRegisteredNamesString();
      failed = true;
    });
  });
  return failure(failed);
}
