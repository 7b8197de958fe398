//===- HALAttrs.cpp - hal attributes ----------------------------*- C++ -*-===//
//
// This file implements the hal dialect's attributes (devices, extern
// kernels), the device lookups and the checks of kernel symbols and ABI
// options.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
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

bool DeviceTargetAttr::hasDeviceMemory() const {
  const TargetBackend *backend =
      TargetBackendRegistry::global().lookup(getBackend());
  return backend && backend->hasDeviceMemory();
}

//===----------------------------------------------------------------------===//
// ExternAttr
//===----------------------------------------------------------------------===//

bool scopeir::hal::isValidKernelSymbol(StringRef symbol) {
  if (symbol.empty() ||
      !(llvm::isAlpha(symbol.front()) || symbol.front() == '_'))
    return false;
  return llvm::all_of(symbol,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

LogicalResult scopeir::hal::verifyKernelABIOptions(
    function_ref<InFlightDiagnostic()> emitError, DictionaryAttr abi) {
  if (!abi)
    return success();
  for (NamedAttribute option : abi) {
    StringRef name = option.getName().getValue();
    if (name != kKernelStatusOption && name != kKernelContiguousOption)
      return emitError() << "unknown kernel ABI option '" << name
                         << "' (known: " << kKernelStatusOption << ", "
                         << kKernelContiguousOption << ")";
    if (!isa<BoolAttr>(option.getValue()))
      return emitError() << "kernel ABI option '" << name
                         << "' takes a bool, got " << option.getValue();
  }
  return success();
}

bool scopeir::hal::getKernelABIFlag(DictionaryAttr abi, StringRef name,
                                    bool defaultValue) {
  if (!abi)
    return defaultValue;
  if (auto flag = abi.getAs<BoolAttr>(name))
    return flag.getValue();
  return defaultValue;
}

LogicalResult ExternAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef symbol, DictionaryAttr abi) {
  if (!isValidKernelSymbol(symbol))
    return emitError() << "kernel symbol '" << symbol
                       << "' is not a C identifier";
  return verifyKernelABIOptions(emitError, abi);
}

StringRef ExternAttr::getScopeKind() const { return kScopeKind; }
bool ExternAttr::isScopeBarrier() const { return true; }
bool ExternAttr::fixesScopeSignature() const { return true; }
StringRef ExternAttr::getScopeDisplayName() const { return getSymbol(); }

bool ExternAttr::returnsStatus() const {
  return getKernelABIFlag(getAbi(), kKernelStatusOption, true);
}

bool ExternAttr::requiresContiguous() const {
  return getKernelABIFlag(getAbi(), kKernelContiguousOption, false);
}

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
