//===- OutliningUtils.h - Helpers shared by outline and extract -*- C++ -*-===//
//
// This file declares helpers shared by util-outline-scopes and
// util-extract-scope: which values a scope needs from above and which scope
// attributes a piece of IR loses when it moves out of its enclosing ops.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_UTILS_OUTLININGUTILS_H
#define SCOPEIR_DIALECT_UTIL_UTILS_OUTLININGUTILS_H

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace scopeir::util {

/// Returns the scope attributes contributed by `from` and by each of its
/// ancestors up to, but excluding, `stop` (null: all ancestors), innermost
/// first and in each op's own order. Stored as `util.scope_attrs` on an op
/// placed directly under `stop`, they make the scope attribute lookups for
/// the ops moved there answer as they did under `from`.
llvm::SmallVector<mlir::Attribute> collectScopeAttrsUpTo(mlir::Operation *from,
                                                         mlir::Operation *stop);

/// Returns true if `value` is produced by a constant-like op that can be
/// cloned next to its uses instead of being passed in.
bool isClonableConstant(mlir::Value value);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_UTILS_OUTLININGUTILS_H
