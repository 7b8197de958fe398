//===- OutliningUtils.h - Helpers shared by outline and extract -*- C++ -*-===//
//
// This file declares helpers shared by the passes that move a body into a
// function of its own (util-outline-scopes, util-extract-scope,
// flow-outline-dispatch-regions): which values it needs from above, and which
// scope attributes it loses when it moves out of its enclosing ops (all of
// them for a scope, those inherited by dispatches for a dispatch).
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_UTILS_OUTLININGUTILS_H
#define SCOPEIR_DIALECT_UTIL_UTILS_OUTLININGUTILS_H

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace scopeir::util {

/// Returns the scope attributes contributed by `from` and by each of its
/// ancestors up to, but excluding, `stop` (null: all ancestors), innermost
/// first and in each op's own order. Stored as `util.scope_attrs` on an op
/// placed directly under `stop`, they make the scope attribute lookups for
/// the ops moved there answer as they did under `from`.
llvm::SmallVector<mlir::Attribute> collectScopeAttrsUpTo(mlir::Operation *from,
                                                         mlir::Operation *stop);

/// Returns the scope attributes that apply to `op` and that dispatches
/// inherit (ScopeAttrInterface::isInheritedByDispatches), innermost first
/// and only the innermost of each kind: what a dispatch region formed
/// around `op` records, so that its executable function answers lookups of
/// these kinds as `op` did.
llvm::SmallVector<mlir::Attribute>
collectInheritedScopeAttrs(mlir::Operation *op);

/// Returns true if `value` is produced by a constant-like op that can be
/// cloned next to its uses instead of being passed in.
bool isClonableConstant(mlir::Value value);

/// Returns true for a producer so cheap that the regions formed around its
/// users never take its result from outside: a `tensor.empty`, or a
/// `linalg.fill` of a `tensor.empty` with a scalar. Dispatch region
/// formation clones it into every region that uses it; tu scope formation
/// moves it into the scope of its users.
bool isClonableProducer(mlir::Operation *op);

/// Grows a group of ops of `block` (the ops a region or scope is about to be
/// formed around) by producers, transitively: the op of `block` defining an
/// operand of a group op joins the group (`join`) if `canJoin` accepts it
/// and each of its users is, or is nested in, a group op (`inGroup`).
/// Starts from `seeds`, the last first.
void growGroupByProducers(mlir::Block &block,
                          llvm::ArrayRef<mlir::Operation *> seeds,
                          llvm::function_ref<bool(mlir::Operation *)> canJoin,
                          llvm::function_ref<bool(mlir::Operation *)> inGroup,
                          llvm::function_ref<void(mlir::Operation *)> join);

/// Returns the uses along the chain of single uses from `op`'s result, in
/// order, as long as `accept` takes them: each use's owner has one result,
/// used only by the next. The consumer-side counterpart of
/// growGroupByProducers: the elementwise chain a group grows through.
llvm::SmallVector<mlir::OpOperand *>
getSingleUseChain(mlir::Operation *op,
                  llvm::function_ref<bool(mlir::OpOperand &)> accept);

/// The values a body moving into a function of its own needs from above.
struct OutlinedOperands {
  /// The function's arguments, in order.
  llvm::SmallVector<mlir::Value> arguments;
  /// Constants cloned into the function instead (isClonableConstant), in
  /// first-use order.
  llvm::SmallVector<mlir::Value> constants;
};

/// Returns what `body` needs from above: the `leading` values first (explicit
/// captures: always arguments, in order, repeats included), then the other
/// values it uses from above in first-use order, constants apart.
OutlinedOperands getOutlinedOperands(mlir::Region &body,
                                     mlir::ValueRange leading = {});

/// Clones the defining op of each of `constants` at `builder`'s insertion
/// point; returns the clones' results, in order.
llvm::SmallVector<mlir::Value>
cloneConstants(mlir::OpBuilder &builder, llvm::ArrayRef<mlir::Value> constants);

/// Points every operand in `region` (nested regions included) that is a key
/// of `replacements` at its value, in one walk of the region. Replacing the
/// values one after another through their use lists would visit every use
/// of a value from above (a constant, a function argument), inside the
/// region or not, once per region moved: quadratic in a function's length.
void replaceValuesInRegion(
    mlir::Region &region,
    const llvm::DenseMap<mlir::Value, mlir::Value> &replacements);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_UTILS_OUTLININGUTILS_H
