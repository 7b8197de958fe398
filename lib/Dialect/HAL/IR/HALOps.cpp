//===- HALOps.cpp - hal ops -------------------------------------*- C++ -*-===//
//
// This file implements the hal dialect's ops: how hal.device.scope stores
// its scope attribute (util's ODS base class does the rest).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

//===----------------------------------------------------------------------===//
// DeviceScopeOp
//===----------------------------------------------------------------------===//

SmallVector<Attribute> DeviceScopeOp::getStoredScopeAttributes() {
  return {getTarget()};
}

LogicalResult DeviceScopeOp::setScopeAttributes(ArrayRef<Attribute> attrs) {
  // The op's syntax holds exactly one device.
  if (attrs.size() != 1 || !isa<DeviceTargetAttr>(attrs.front()))
    return failure();
  setTargetAttr(cast<DeviceTargetAttr>(attrs.front()));
  return success();
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/HAL/IR/HALOps.cpp.inc"
