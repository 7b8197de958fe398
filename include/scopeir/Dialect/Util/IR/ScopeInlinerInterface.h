//===- ScopeInlinerInterface.h - Inlining of scopeir's ops ------*- C++ -*-===//
//
// This file declares the inliner interface shared by scopeir's dialects.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_SCOPEINLINERINTERFACE_H
#define SCOPEIR_DIALECT_UTIL_IR_SCOPEINLINERINTERFACE_H

#include "mlir/Transforms/InliningUtils.h"

namespace scopeir::util {

/// Scope ops, dispatch regions and dispatches carry no state that inlining
/// could break: captures and results are ordinary SSA values, and their
/// attributes (devices, zones) travel with the op. So a function containing
/// them may always be inlined. Each of scopeir's dialects registers this.
struct ScopeInlinerInterface : public mlir::DialectInlinerInterface {
  using mlir::DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(mlir::Operation *call, mlir::Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }
  bool isLegalToInline(mlir::Region *dest, mlir::Region *src,
                       bool wouldBeCloned,
                       mlir::IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(mlir::Operation *op, mlir::Region *dest,
                       bool wouldBeCloned,
                       mlir::IRMapping &valueMapping) const final {
    return true;
  }
};

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_IR_SCOPEINLINERINTERFACE_H
