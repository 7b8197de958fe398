//===- ScopeUtils.h - Helpers for scope transformations ---------*- C++ -*-===//
//
// This file declares helpers shared by the structural scope passes: computing
// the dynamic dimensions of shaped values as `index` values available above a
// scope, rebuilding a scope-like op as `util.scope`, and inlining a scope's
// body into its parent.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_UTILS_SCOPEUTILS_H
#define SCOPEIR_DIALECT_UTIL_UTILS_SCOPEUTILS_H

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace scopeir::util {

//===----------------------------------------------------------------------===//
// Existing dimension queries
//===----------------------------------------------------------------------===//

/// Remembers, per shaped value, the `tensor.dim` / `memref.dim` ops with a
/// constant index that read its dimensions, so that passes can reuse them
/// instead of creating new ones. Users of a value are scanned once, on the
/// first query; dims created later are added with `record`. Shared by all the
/// scopes a pass rewrites, which keeps the lookups linear in the IR size.
class DimOpIndex {
public:
  /// Returns the dim ops known to read dimension `dim` of `value`.
  llvm::SmallVector<mlir::Operation *> lookup(mlir::Value value, int64_t dim);
  /// Adds a dim op created after `value` was first queried.
  void record(mlir::Operation *dimOp);
  /// Forgets an op that is about to be erased (a no-op for ops that are not
  /// indexed). Every indexed op must be forgotten before it is erased.
  void forget(mlir::Operation *op);

private:
  using Entry = llvm::SmallVector<std::pair<int64_t, mlir::Operation *>, 2>;
  Entry &getOrScan(mlir::Value value);
  llvm::DenseMap<mlir::Value, Entry> entries;
  /// The value each indexed op was filed under.
  llvm::DenseMap<mlir::Operation *, mlir::Value> keys;
};

/// Returns the source and constant index of a `tensor.dim` / `memref.dim` op,
/// or a null value if `op` is not one or its index is not constant.
std::pair<mlir::Value, int64_t> matchDimOp(mlir::Operation *op);

//===----------------------------------------------------------------------===//
// ScopeDimBuilder
//===----------------------------------------------------------------------===//

/// Computes dynamic dimensions of shaped values as `index` values that are
/// available right above an anchor op (a scope being created or rewritten),
/// so that they can become its capture or result dims.
///
/// A value defined above the anchor reuses dims that already exist (the dims
/// a `ShapeAwareOpInterface` producer or enclosing scope carries, a dominating
/// `tensor.dim`, dims its producer reifies to existing values) and otherwise
/// gets a new `tensor.dim` / `memref.dim` right before the anchor. A value
/// defined inside the anchor is traced back to values above it: through
/// `ShapeAwareOpInterface`, `ReifyRankedShapedTypeOpInterface`, region ops
/// without loops (the values their regions return), elementwise ops and casts,
/// and the anchor's explicit captures; side-effect free index computations on
/// the way are cloned above the anchor.
///
/// With `allowCreate` false, nothing new is left in the IR: only dims that
/// already exist as SSA values above the anchor are found.
///
/// Reification creates temporary ops; `eraseUnusedOps` erases every op the
/// builder created that ended up unused. Call it once the dims are consumed
/// (or abandoned), before any region that may hold temporaries is destroyed.
class ScopeDimBuilder {
public:
  ScopeDimBuilder(mlir::Operation *anchor, bool allowCreate, DimOpIndex &index);
  ScopeDimBuilder(const ScopeDimBuilder &) = delete;
  ScopeDimBuilder &operator=(const ScopeDimBuilder &) = delete;

  /// Returns dimension `dim` of ranked shaped `value` as a value available
  /// above the anchor.
  mlir::FailureOr<mlir::Value> getDim(mlir::Value value, int64_t dim);

  /// Returns all dynamic dimensions of `value`, in order (empty for values
  /// that are not ranked shaped types or have static shapes).
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  getDynamicDims(mlir::Value value);

  /// Erases the ops this builder created that have no uses.
  void eraseUnusedOps();

private:
  struct Listener : public mlir::OpBuilder::Listener {
    void notifyOperationInserted(mlir::Operation *op,
                                 mlir::OpBuilder::InsertPoint) override {
      created.insert(op);
    }
    llvm::SetVector<mlir::Operation *> created;
  };

  /// Returns true if `value` is defined inside the anchor (or is one of the
  /// anchor's own results or block arguments).
  bool isInside(mlir::Value value);
  /// Returns true if `value` may be used right above the anchor.
  bool isAvailable(mlir::Value value);
  bool isCreated(mlir::Operation *op) { return listener.created.contains(op); }
  mlir::FailureOr<mlir::Value> materialize(mlir::Value value);
  mlir::FailureOr<mlir::Value> getDimOfResult(mlir::OpResult result,
                                              int64_t dim);
  mlir::FailureOr<mlir::Value> getKnownDimAbove(mlir::Value value, int64_t dim);
  mlir::FailureOr<mlir::Value> getConstantIndex(int64_t value);
  /// Returns the explicit capture that the entry block argument `arg` of a
  /// scope op stands for, or null.
  mlir::Value mapCapturedArgument(mlir::BlockArgument arg);

  mlir::Operation *anchor;
  bool allowCreate;
  DimOpIndex &index;
  mlir::DominanceInfo domInfo;
  Listener listener;
  mlir::OpBuilder builder;
  llvm::DenseMap<std::pair<mlir::Value, int64_t>, mlir::Value> dimCache;
  llvm::DenseMap<mlir::Value, mlir::Value> valueCache;
  llvm::DenseMap<int64_t, mlir::Value> constants;
  /// Ops created on purpose right above the anchor (as opposed to the
  /// temporaries reification leaves anywhere).
  llvm::SmallPtrSet<mlir::Operation *, 8> finalOps;
  llvm::DenseSet<std::tuple<mlir::Value, int64_t, unsigned>> failedDims;
};

//===----------------------------------------------------------------------===//
// Rewriting scopes
//===----------------------------------------------------------------------===//

/// Returns the implicit captures of `scope` that are worth capturing
/// explicitly: every value defined above and used in the body except
/// constants (those stay implicit: the canonicalizer drops explicit captures
/// of constants).
llvm::SmallVector<mlir::Value> getCapturableValues(ScopeOpInterface scope);

/// The operands of a `util.scope` that replaces another scope op.
struct ScopeOpOperands {
  /// Explicit captures, in order. Must include the explicit captures of the
  /// op being replaced (its entry block arguments map to them).
  llvm::SmallVector<mlir::Value> captures;
  /// Dynamic dims of the captures, flattened in capture order.
  llvm::SmallVector<mlir::Value> captureDims;
  /// Dynamic dims of the untied results, flattened in result order.
  llvm::SmallVector<mlir::Value> resultDims;
  /// One entry per result: the capture index it is tied to, or -1.
  llvm::SmallVector<int64_t> ties;
};

/// Replaces `scope` by a `util.scope` with its scope attributes, discardable
/// attributes, result types and body, and the given captures, dims and ties.
/// Uses of the captures inside the body become uses of the new entry block
/// arguments. Returns the new op.
ScopeOp replaceWithScopeOp(mlir::RewriterBase &rewriter, ScopeOpInterface scope,
                           const ScopeOpOperands &operands);

/// Inlines the body of `scope` into its parent and erases it: entry block
/// arguments become the explicit captures and results become the returned
/// values. A single block ending in a return is spliced in place. A
/// multi-block body is spliced into the parent region (its returns become
/// `cf.br` to a continuation block) when that region may hold several
/// blocks, and otherwise becomes the body of an `scf.execute_region`.
/// Fails (with an error on the op) only for a malformed scope op whose entry
/// block arguments do not match its explicit captures.
mlir::LogicalResult inlineScope(mlir::RewriterBase &rewriter,
                                ScopeOpInterface scope);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_UTILS_SCOPEUTILS_H
