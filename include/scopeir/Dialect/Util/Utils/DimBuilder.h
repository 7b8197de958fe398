//===- DimBuilder.h - Dynamic dims computed above an anchor -----*- C++ -*-===//
//
// This file declares DynamicDimBuilder, which computes the dynamic dims of
// shaped values as `index` values available above an op (the dims of a scope
// or dispatch region being created), and DimOpIndex, which finds the dim ops
// that already exist.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_UTILS_DIMBUILDER_H
#define SCOPEIR_DIALECT_UTIL_UTILS_DIMBUILDER_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <tuple>

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
// DynamicDimBuilder
//===----------------------------------------------------------------------===//

/// Computes dynamic dimensions of shaped values as `index` values that are
/// available right above an anchor op, so that they can become the capture
/// or result dims of an op there: a scope being created or rewritten (the
/// values defined in the anchor are *inside*), or a new op about to take a
/// group of ops of the anchor's block, the anchor among them (a dispatch
/// region: the values the group defines are inside).
///
/// A value defined above the anchor reuses dims that already exist (the dims
/// a `ShapeAwareOpInterface` producer or enclosing scope carries, a dominating
/// `tensor.dim`, dims its producer reifies to existing values) and otherwise
/// gets a new `tensor.dim` / `memref.dim` right before the anchor. A value
/// defined inside is traced back to values above: through
/// `ShapeAwareOpInterface`, destination-style inits,
/// `ReifyRankedShapedTypeOpInterface`, region ops without loops (the values
/// their regions return), loops whose result dim upstream's value bounds
/// analysis proves equal to the init's, elementwise ops and casts, and the explicit
/// captures of scopes; side-effect free index computations on the way are
/// cloned above the anchor.
///
/// With `allowCreate` false, nothing new is left in the IR: only dims that
/// already exist as SSA values above the anchor are found.
///
/// Reification creates temporary ops; `eraseUnusedOps` erases every op the
/// builder created that ended up unused. Call it once the dims are consumed
/// (or abandoned), before any region that may hold temporaries is destroyed.
class DynamicDimBuilder {
public:
  /// Dims above `anchor`; the values defined in it are inside.
  DynamicDimBuilder(mlir::Operation *anchor, bool allowCreate,
                    DimOpIndex &index);
  /// Dims above `anchor` for the ops of `group` (ops of `anchor`'s block,
  /// `anchor` among them), which are about to move into a new op created
  /// right before `anchor`: the values they and the ops nested in them
  /// define are inside. `group` must outlive the builder.
  DynamicDimBuilder(mlir::Operation *anchor,
                    const llvm::SmallPtrSetImpl<mlir::Operation *> &group,
                    bool allowCreate, DimOpIndex &index);
  DynamicDimBuilder(const DynamicDimBuilder &) = delete;
  DynamicDimBuilder &operator=(const DynamicDimBuilder &) = delete;

  /// Returns dimension `dim` of ranked shaped `value` as a value available
  /// above the anchor.
  mlir::FailureOr<mlir::Value> getDim(mlir::Value value, int64_t dim);

  /// Returns all dynamic dimensions of `value`, in order (empty for values
  /// that are not ranked shaped types or have static shapes).
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  getDynamicDims(mlir::Value value);

  /// Erases the ops this builder created that have no uses.
  void eraseUnusedOps();

  /// With `allowCreate`, also computes above the anchor side-effect free ops
  /// with regions that use nothing but their operands (a linalg.generic on
  /// tensors, which a dim may depend on through an element it reads).
  /// Off by default: such an op is a whole computation, repeated above the
  /// anchor; util-lower-annotations turns it on, for which the alternative
  /// is an error (a dim that the annotation's arith ops on tensors gave
  /// before `convert-elementwise-to-linalg` made them generics).
  void setCloneRegionOps(bool enable) { cloneRegionOps = enable; }

private:
  struct Listener : public mlir::OpBuilder::Listener {
    void notifyOperationInserted(mlir::Operation *op,
                                 mlir::OpBuilder::InsertPoint) override {
      created.insert(op);
    }
    llvm::SetVector<mlir::Operation *> created;
  };

  /// Returns true if `value` is defined inside (see the constructors; the
  /// anchor's own results and block arguments are inside too), or by a
  /// temporary op of this builder.
  bool isInside(mlir::Value value);
  /// Returns true if `value` may be used right above the anchor.
  bool isAvailable(mlir::Value value);
  bool isCreated(mlir::Operation *op) { return listener.created.contains(op); }
  /// Returns the dimension a dim op (tensor.dim, memref.dim) reads when its
  /// index, computed above the anchor, is a constant.
  std::optional<int64_t> getDimIndexAbove(mlir::Operation *op);
  mlir::FailureOr<mlir::Value> materialize(mlir::Value value);
  mlir::FailureOr<mlir::Value> getDimOfResult(mlir::OpResult result,
                                              int64_t dim);
  mlir::FailureOr<mlir::Value> getKnownDimAbove(mlir::Value value, int64_t dim);
  mlir::FailureOr<mlir::Value> getConstantIndex(int64_t value);
  /// Returns the explicit capture that the entry block argument `arg` of a
  /// scope op stands for, or null.
  mlir::Value mapCapturedArgument(mlir::BlockArgument arg);
  /// Returns true if `op`, defined inside, runs whenever the anchor (or the
  /// group) does: it is not in a loop or branch region of its own.
  bool runsWheneverAnchorRuns(mlir::Operation *op);

  mlir::Operation *anchor;
  /// The ops that are inside, for a group; null for a scope anchor.
  const llvm::SmallPtrSetImpl<mlir::Operation *> *group = nullptr;
  bool allowCreate;
  bool cloneRegionOps = false;
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

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_UTILS_DIMBUILDER_H
