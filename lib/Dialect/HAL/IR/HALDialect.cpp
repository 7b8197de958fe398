//===- HALDialect.cpp - hal dialect -----------------------------*- C++ -*-===//
//
// This file implements the hal dialect: registration and the verifier of the
// discardable `hal.device` attribute.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/Util/IR/ScopeInlinerInterface.h"
#include "scopeir/Dialect/Util/IR/ScopeValueBounds.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"


using namespace mlir;
using namespace scopeir::hal;

#include "scopeir/Dialect/HAL/IR/HALDialect.cpp.inc"

void HALDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "scopeir/Dialect/HAL/IR/HALOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<scopeir::util::ScopeInlinerInterface>();
  DeviceScopeOp::attachInterface<util::ScopeValueBoundsModel<DeviceScopeOp>>(
      *getContext());
  DispatchExternOp::attachInterface<
      util::ScopeValueBoundsModel<DispatchExternOp>>(*getContext());
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
