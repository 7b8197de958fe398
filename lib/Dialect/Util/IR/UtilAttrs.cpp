//===- UtilAttrs.cpp - util attributes --------------------------*- C++ -*-===//
//
// This file implements the util dialect's attributes.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace scopeir::util;

#define GET_ATTRDEF_CLASSES
#include "scopeir/Dialect/Util/IR/UtilAttrs.cpp.inc"

void UtilDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "scopeir/Dialect/Util/IR/UtilAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ZoneAttr
//===----------------------------------------------------------------------===//

LogicalResult ZoneAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               StringRef name) {
  if (name.empty())
    return emitError() << "zone name must not be empty";
  return success();
}

// Zones are neither barriers nor placements: the interface defaults apply.
StringRef ZoneAttr::getScopeKind() const { return kScopeKind; }
StringRef ZoneAttr::getScopeDisplayName() const { return getName(); }
