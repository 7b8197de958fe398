//===- HALDialect.cpp - hal dialect -----------------------------*- C++ -*-===//
//
// This file implements the hal dialect: registration and the verifier of the
// discardable `hal.device` attribute.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace scopeir::hal;

#include "scopeir/Dialect/HAL/IR/HALDialect.cpp.inc"

namespace {
/// `hal.device.scope` is a plain region op: inlining a function containing
/// one keeps it, and the scope keeps its device.
struct HALInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};
} // namespace

void HALDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "scopeir/Dialect/HAL/IR/HALOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<HALInlinerInterface>();
}

LogicalResult HALDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() != getDeviceAttrName())
    return op->emitError("unknown hal attribute '")
           << attr.getName().getValue() << "'";
  if (!isa<DeviceTargetAttr>(attr.getValue()))
    return op->emitError("'")
           << getDeviceAttrName()
           << "' must be a #hal.device.target attribute, got "
           << attr.getValue();
  return success();
}
