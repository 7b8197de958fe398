//===- HALAttrs.cpp - hal attributes ----------------------------*- C++ -*-===//
//
// This file implements the hal dialect's attributes and the device lookups.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

#define GET_ATTRDEF_CLASSES
#include "scopeir/Dialect/HAL/IR/HALAttrs.cpp.inc"

void HALDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "scopeir/Dialect/HAL/IR/HALAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// DeviceTargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
DeviceTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef backend, DictionaryAttr config) {
  // The registry is deliberately not consulted: see the attribute's
  // description.
  if (backend.empty())
    return emitError() << "device target backend name must not be empty";
  return success();
}

StringRef DeviceTargetAttr::getScopeKind() const { return "device"; }
bool DeviceTargetAttr::isScopeBarrier() const { return true; }
bool DeviceTargetAttr::isPlacement() const { return true; }
StringRef DeviceTargetAttr::getScopeDisplayName() const { return getBackend(); }

//===----------------------------------------------------------------------===//
// Device lookups
//===----------------------------------------------------------------------===//

DeviceTargetAttr scopeir::hal::lookupDevice(Operation *op) {
  return dyn_cast_or_null<DeviceTargetAttr>(util::lookupPlacement(op));
}

DeviceTargetAttr scopeir::hal::getOwnDevice(Operation *op) {
  SmallVector<util::ScopeAttrInterface> attrs;
  util::getScopeAttrsOf(op, attrs);
  for (util::ScopeAttrInterface attr : attrs)
    if (attr.isPlacement())
      return dyn_cast<DeviceTargetAttr>(attr);
  return {};
}

DeviceTargetAttr scopeir::hal::getFunctionDevice(Operation *funcOp) {
  return dyn_cast_if_present<DeviceTargetAttr>(
      util::lookupPlacementAndOwner(funcOp, /*includeOp=*/true).attr);
}
