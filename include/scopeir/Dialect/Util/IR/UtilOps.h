//===- UtilOps.h - util ops -------------------------------------*- C++ -*-===//
//
// This file declares the util dialect's ops. Including it gives the whole
// dialect: ops, attributes, interfaces and scope lookups.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILOPS_H
#define SCOPEIR_DIALECT_UTIL_IR_UTILOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "scopeir/Dialect/Util/IR/UtilAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#define GET_OP_CLASSES
#include "scopeir/Dialect/Util/IR/UtilOps.h.inc"

namespace scopeir::util {

/// Adds util's closure canonicalization patterns (captured constants used
/// implicitly or cloned into an isolated body, unused and duplicate captures
/// and results dropped, pass-through results forwarded, return-only and
/// dead closures folded), rooted on the closure op `rootName`.
void populateClosureCanonicalizationPatterns(mlir::RewritePatternSet &patterns,
                                             llvm::StringRef rootName);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILOPS_H
