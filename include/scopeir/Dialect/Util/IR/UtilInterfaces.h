//===- UtilInterfaces.h - util interfaces and scope queries -----*- C++ -*-===//
//
// This file declares ScopeAttrInterface, ScopeOpInterface, TiedOpInterface,
// ShapeAwareOpInterface, ClosureOpInterface, the scope attribute lookups and
// the scope and dims queries the interfaces' verifiers and implementations
// share with every pass.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILINTERFACES_H
#define SCOPEIR_DIALECT_UTIL_IR_UTILINTERFACES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

#include "scopeir/Dialect/Util/IR/UtilAttrInterfaces.h.inc"

namespace scopeir::util {
class ClosureOpInterface;
class ScopeOpInterface;

namespace detail {
/// Verifies what every ScopeOpInterface op promises (see the interface),
/// among it that it groups payload IR: it is neither nested in transform IR
/// nor captures or returns transform handles or parameters.
mlir::LogicalResult verifyScopeOpInterface(mlir::Operation *op);
/// The default ClosureOpInterface::appendClosureOperands.
void appendClosureOperands(mlir::Operation *op, mlir::ValueRange values,
                           mlir::ValueRange dims);
} // namespace detail
} // namespace scopeir::util

#include "scopeir/Dialect/Util/IR/UtilOpInterfaces.h.inc"

namespace scopeir::util {

//===----------------------------------------------------------------------===//
// Scope attribute lookups
//===----------------------------------------------------------------------===//

/// Appends the scope attributes that `op` itself contributes, in order: for a
/// ScopeOpInterface op its scope attributes; for any other op (a function
/// outlined from a scope, a module with a default device) the values of its
/// discardable attributes that implement ScopeAttrInterface, including the
/// elements of a `util.scope_attrs` array.
void getScopeAttrsOf(mlir::Operation *op,
                     llvm::SmallVectorImpl<ScopeAttrInterface> &attrs);

/// Calls `fn` for every scope attribute that applies to `op`, innermost
/// first: the scopes enclosing `op` (not `op` itself), then enclosing
/// functions and modules. Stops when `fn` returns true. A `util.scope_attrs`
/// array may hold several attributes of one kind (a function outlined from
/// nested scopes): it is read in order, so it must list them innermost first.
void walkEnclosingScopeAttrs(
    mlir::Operation *op, llvm::function_ref<bool(ScopeAttrInterface)> fn);

/// Returns the innermost scope attribute of class `T` that applies to `op`,
/// or null.
template <typename T>
T lookupScopeAttr(mlir::Operation *op) {
  T result;
  walkEnclosingScopeAttrs(op, [&](ScopeAttrInterface attr) {
    result = llvm::dyn_cast<T>(attr);
    return static_cast<bool>(result);
  });
  return result;
}

/// Returns every scope attribute of class `T` that applies to `op`, outermost
/// first.
template <typename T>
llvm::SmallVector<T> lookupScopeAttrStack(mlir::Operation *op) {
  llvm::SmallVector<T> result;
  walkEnclosingScopeAttrs(op, [&](ScopeAttrInterface attr) {
    if (auto typed = llvm::dyn_cast<T>(attr))
      result.push_back(typed);
    return false;
  });
  std::reverse(result.begin(), result.end());
  return result;
}

/// Returns the innermost scope attribute of the given kind that applies to
/// `op`, or null.
ScopeAttrInterface lookupScopeAttrOfKind(mlir::Operation *op,
                                         llvm::StringRef kind);

/// Returns the innermost placement attribute (one whose `isPlacement()` is
/// true) that applies to `op`, or null: "which device runs this op".
ScopeAttrInterface lookupPlacement(mlir::Operation *op);

/// A placement and the op that carries it: a scope op, or a function or
/// module with the placement among its discardable attributes.
struct PlacementAndOwner {
  ScopeAttrInterface attr;
  mlir::Operation *owner = nullptr;
};

/// Returns the innermost placement that applies to `op` and the op carrying
/// it (both null if there is none). With `includeOp`, a placement `op`
/// itself carries (a function's own device) comes first.
PlacementAndOwner lookupPlacementAndOwner(mlir::Operation *op,
                                          bool includeOp = false);

//===----------------------------------------------------------------------===//
// Scope helpers
//===----------------------------------------------------------------------===//

/// Returns the values used inside the scope's body but defined above it
/// (the implicit captures), in first-use order.
llvm::SmallVector<mlir::Value> getImplicitCaptures(ScopeOpInterface scope);

/// Returns the name of `scope`: the display name of its zone (a scope
/// attribute of kind `zone`), empty if it has none. Functions outlined or
/// extracted from the scope and the scope paths of its dispatches are named
/// by it.
llvm::StringRef getScopeName(ScopeOpInterface scope);

/// Returns the entry of `scope` in a scope path: its name (getScopeName),
/// else its scope attributes printed and joined by ", ", else the op's name.
std::string getScopePathEntry(ScopeOpInterface scope);

/// Returns the path of scope ops enclosing `op` (not `op` itself),
/// outermost first, one getScopePathEntry per scope. Dispatches and trace
/// events name where they come from by it.
mlir::ArrayAttr getScopePath(mlir::Operation *op);

/// Returns true if `op` is a terminator that leaves the scope body it ends,
/// handing its operands to the scope's results: a return-like terminator
/// (`util.return` in a verified scope) without successors.
bool isScopeExit(mlir::Operation *op);

/// Returns the terminators that exit the body of `scope` (see isScopeExit),
/// in block order.
llvm::SmallVector<mlir::Operation *> getScopeExits(ScopeOpInterface scope);

/// Appends to `values` the operand `resultIndex` of every exit of the scope's
/// body (the values result `resultIndex` may take).
void getReturnedValues(ScopeOpInterface scope, unsigned resultIndex,
                       llvm::SmallVectorImpl<mlir::Value> &values);

//===----------------------------------------------------------------------===//
// Dims: one `index` value per dynamic dimension, flattened
//===----------------------------------------------------------------------===//

/// Returns the number of dynamic dimensions of `type` (0 if not shaped or
/// unranked).
unsigned getNumDynamicDims(mlir::Type type);

/// Returns the number of dynamic dimensions of all of `types`.
unsigned getNumDynamicDims(mlir::TypeRange types);

/// Returns the slice of `dims` (one value per dynamic dimension of each of
/// `types`, in order) that belongs to `types[index]`; empty if `dims` is too
/// short (the op's verifier reports that).
mlir::ValueRange sliceDynamicDims(mlir::TypeRange types, mlir::ValueRange dims,
                                  unsigned index);

/// Verifies that `op` has `expected` dims for its `what` (one per dynamic
/// dimension); emits "expects N dynamic dims for its <what> ..." otherwise.
mlir::LogicalResult verifyDynamicDimCount(mlir::Operation *op,
                                          llvm::StringRef what,
                                          unsigned expected,
                                          mlir::ValueRange dims);

/// Returns the nearest ancestor of `op` that is transform IR (implements the
/// transform dialect's TransformOpInterface, such as
/// `transform.named_sequence`), or null. The transform interpreter expects
/// only transform ops there: scopes must never be inserted into such IR.
mlir::Operation *getEnclosingTransformOp(mlir::Operation *op);

/// Returns true if `type` is a transform dialect handle or parameter type
/// (`!transform.any_op`, `!transform.any_value`, `!transform.param<...>`,
/// ...), which only transform IR may hold.
bool isTransformHandleType(mlir::Type type);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILINTERFACES_H
