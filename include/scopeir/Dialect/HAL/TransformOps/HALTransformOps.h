//===- HALTransformOps.h - hal transform dialect extension ------*- C++ -*-===//
//
// This file declares the hal transform ops (wrapping matched ops in an
// extern scope), the rewrite behind them, and the extension registering
// them with the transform dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_TRANSFORMOPS_HALTRANSFORMOPS_H
#define SCOPEIR_DIALECT_HAL_TRANSFORMOPS_HALTRANSFORMOPS_H

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/PatternMatch.h"

#define GET_OP_CLASSES
#include "scopeir/Dialect/HAL/TransformOps/HALTransformOps.h.inc"

namespace scopeir::hal {

/// Wraps `ops` (ops of one block) in a util.scope carrying `kernel`, as
/// `transform.hal.wrap_in_extern_scope` describes. Returns the scope, or a
/// failure with the reason in `reason` (nothing changed).
mlir::FailureOr<util::ScopeOp>
wrapInExternScope(mlir::RewriterBase &rewriter,
                  llvm::ArrayRef<mlir::Operation *> ops, ExternAttr kernel,
                  std::string &reason);

/// Registers the hal transform ops with the transform dialect.
void registerTransformDialectExtension(mlir::DialectRegistry &registry);

} // namespace scopeir::hal

#endif // SCOPEIR_DIALECT_HAL_TRANSFORMOPS_HALTRANSFORMOPS_H
