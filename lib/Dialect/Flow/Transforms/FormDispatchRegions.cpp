//===- FormDispatchRegions.cpp - Form dispatch regions in scopes -*- C++
//-*-===//
//
// This file implements flow-form-dispatch-regions: it groups linalg ops into
// flow.dispatch.region ops one block at a time, so a region never crosses the
// boundary of a scope, and records each region's placement and scope path.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_FORMDISPATCHREGIONSPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

//===----------------------------------------------------------------------===//
// Op classification
//===----------------------------------------------------------------------===//

/// Returns true for a linalg op whose loops are all parallel (this includes
/// `linalg.fill` and broadcasts).
static bool isElementwiseOp(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && isDispatchableOp(op) && linalg::isElementwise(linalgOp);
}

/// Returns true for an op that starts a dispatch region: a contraction
/// (matmul, batch_matmul, ...), a convolution, a reduction, or any other
/// tileable op that is not elementwise.
static bool isRootOp(Operation *op) {
  // Contractions (linalg::isaContractionOpInterface), convolutions
  // (linalg::isaConvolutionOpInterface) and reductions all have a loop that
  // is not parallel; so does every other op this accepts (tensor.pad,
  // linalg.pack, a transpose-like generic with a non-identity output...).
  return isDispatchableOp(op) && !isElementwiseOp(op);
}

/// Returns true for a producer so cheap that it is cloned into every region
/// that uses it instead of being fused into one: `tensor.empty` and a
/// `linalg.fill` of a `tensor.empty` with a scalar.
static bool isClonableProducer(Operation *op) {
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto fill = dyn_cast<linalg::FillOp>(op);
  return fill && fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>() &&
         !isa<ShapedType>(fill.getInputs()[0].getType());
}

//===----------------------------------------------------------------------===//
// Grouping
//===----------------------------------------------------------------------===//

namespace {

/// Records the ops a builder creates.
struct CreatedOpsListener : public OpBuilder::Listener {
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint) override {
    ops.push_back(op);
  }
  SmallVector<Operation *> ops;
};

/// Groups the dispatchable ops of one block and turns each group into a
/// dispatch region.
class BlockFormation {
public:
  using OpSet = llvm::SmallPtrSetImpl<Operation *>;

  explicit BlockFormation(Block &block) : block(block) {}

  LogicalResult run();

private:
  /// Starts a group at `op` and grows it by consumer, then producer fusion.
  void formGroup(Operation *op);
  bool isGrouped(Operation *op) const { return groupOf.count(op); }
  /// Returns true if every use of `op`'s results is by an op of group `g`.
  bool allUsesIn(Operation *op, unsigned g) const;
  LogicalResult createRegion(ArrayRef<Operation *> ops);
  /// Computes the dynamic dims of `value` (a result of a group op) above the
  /// region, inserting ops with `builder`.
  LogicalResult computeDims(OpBuilder &builder, Value value, const OpSet &group,
                            SmallVectorImpl<Value> &dims);
  /// Returns dimension `index` of `value` as a value available above the
  /// group's region.
  FailureOr<Value> getDimAbove(OpBuilder &builder, Value value, unsigned index,
                               const OpSet &group);
  /// Returns `value` (just created by shape reification) computed without
  /// any value of the group: a `tensor.dim` of a group value is replaced by
  /// the dim above; fails if some other use of the group remains.
  FailureOr<Value> rewriteAboveGroup(OpBuilder &builder, Value value,
                                     const OpSet &group);

  Block &block;
  DenseMap<Operation *, unsigned> groupOf;
  SmallVector<SmallVector<Operation *>> groups;
  /// `tensor.dim` ops of group values, created by shape reification and
  /// replaced by dims above the group; erased once unused.
  llvm::SetVector<Operation *> bypassedDims;
  /// Producers cloned into some region.
  llvm::SmallPtrSet<Operation *, 8> clonedFrom;
};

} // namespace

bool BlockFormation::allUsesIn(Operation *op, unsigned g) const {
  for (Operation *user : op->getUsers()) {
    Operation *ancestor = block.findAncestorOpInBlock(*user);
    auto it = ancestor ? groupOf.find(ancestor) : groupOf.end();
    if (it == groupOf.end() || it->second != g)
      return false;
  }
  return true;
}

void BlockFormation::formGroup(Operation *root) {
  unsigned g = groups.size();
  groups.emplace_back();
  SmallVector<Operation *> &group = groups.back();
  auto add = [&](Operation *op) {
    group.push_back(op);
    groupOf[op] = g;
  };
  add(root);

  // Consumers: follow single-use chains into elementwise ops that iterate
  // over the value they consume (identity indexing map of the same rank).
  Operation *last = root;
  while (last->getNumResults() == 1 && last->getResult(0).hasOneUse()) {
    OpOperand &use = *last->getResult(0).getUses().begin();
    Operation *user = use.getOwner();
    if (user->getBlock() != &block || isGrouped(user) ||
        !isElementwiseOp(user) || isa<linalg::FillOp>(user))
      break;
    auto consumer = cast<linalg::LinalgOp>(user);
    if (!consumer.getMatchingIndexingMap(&use).isIdentity())
      break;
    add(user);
    last = user;
  }

  // Producers: elementwise ops of this block whose results feed only this
  // group. Clonable producers are left for createRegion.
  SmallVector<Operation *> worklist(group.begin(), group.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (!producer || producer->getBlock() != &block || isGrouped(producer) ||
          !isElementwiseOp(producer) || isClonableProducer(producer))
        continue;
      // Tentatively add it to check that every user is in the group.
      groupOf[producer] = g;
      if (!allUsesIn(producer, g)) {
        groupOf.erase(producer);
        continue;
      }
      group.push_back(producer);
      worklist.push_back(producer);
    }
  }
}

FailureOr<Value> BlockFormation::getDimAbove(OpBuilder &builder, Value value,
                                             unsigned index,
                                             const OpSet &group) {
  Location loc = value.getLoc();
  Operation *def = value.getDefiningOp();
  // A destination-style result has the shape of its init. Following the
  // chain also outside the group avoids a tensor.dim of a producer that is
  // about to be cloned into the region (a fill).
  if (auto dps = dyn_cast_if_present<DestinationStyleOpInterface>(def);
      dps && dps.hasPureTensorSemantics())
    return getDimAbove(builder,
                       dps.getTiedOpOperand(cast<OpResult>(value))->get(),
                       index, group);
  if (!def || !group.contains(def)) {
    if (auto empty = dyn_cast_if_present<tensor::EmptyOp>(def))
      return empty.getDynamicSize(index);
    return tensor::DimOp::create(builder, loc, value, index).getResult();
  }
  // Otherwise reify the shape (tensor.pad: low + dim(source) + high) and
  // rewrite what it uses from inside the group.
  auto reifiable = dyn_cast<ReifyRankedShapedTypeOpInterface>(def);
  if (!reifiable)
    return failure();
  // Reification computes every dim of every result; the ones not asked for
  // read group values too and must not outlive this query (they would stay
  // above the region, using values that move into it).
  CreatedOpsListener created;
  OpBuilder::Listener *previous = builder.getListener();
  builder.setListener(&created);
  ReifiedRankedShapedTypeDims shapes;
  LogicalResult reified = reifiable.reifyResultShapes(builder, shapes);
  builder.setListener(previous);
  FailureOr<Value> size = failure();
  if (succeeded(reified)) {
    Value reifiedSize = getValueOrCreateConstantIndexOp(
        builder, loc, shapes[cast<OpResult>(value).getResultNumber()][index]);
    size = rewriteAboveGroup(builder, reifiedSize, group);
  }
  for (Operation *op : llvm::reverse(created.ops)) {
    if (!op->use_empty() ||
        (succeeded(size) && size->getDefiningOp() == op))
      continue;
    bypassedDims.remove(op);
    op->erase();
  }
  return size;
}

FailureOr<Value> BlockFormation::rewriteAboveGroup(OpBuilder &builder,
                                                   Value value,
                                                   const OpSet &group) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return value;
  if (group.contains(def))
    return failure();
  if (auto dim = dyn_cast<tensor::DimOp>(def)) {
    Operation *source = dim.getSource().getDefiningOp();
    std::optional<int64_t> index = dim.getConstantIndex();
    if (source && group.contains(source) && index) {
      bypassedDims.insert(dim);
      return getDimAbove(builder, dim.getSource(), *index, group);
    }
  }
  for (OpOperand &operand : def->getOpOperands()) {
    FailureOr<Value> above = rewriteAboveGroup(builder, operand.get(), group);
    if (failed(above))
      return failure();
    if (*above == operand.get())
      continue;
    operand.set(*above);
    // A dim created for the rewrite (a tensor.dim of an init argument) is
    // inserted after the reified ops that now use it: keep `def` after it.
    Operation *producer = above->getDefiningOp();
    if (producer && producer->getBlock() == def->getBlock() &&
        def->isBeforeInBlock(producer))
      def->moveAfter(producer);
  }
  return value;
}

LogicalResult BlockFormation::computeDims(OpBuilder &builder, Value value,
                                          const OpSet &group,
                                          SmallVectorImpl<Value> &dims) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return success();
  for (unsigned i = 0, e = type.getRank(); i < e; ++i) {
    if (!type.isDynamicDim(i))
      continue;
    FailureOr<Value> dim = getDimAbove(builder, value, i, group);
    if (failed(dim))
      return failure();
    dims.push_back(*dim);
  }
  return success();
}

/// Returns the scope path of a region holding `ops`: the longest common
/// prefix of the paths recorded on them by flow-record-scope-paths (which
/// are removed), or the path of the scopes around them if none is recorded.
static ArrayAttr getRegionScopePath(ArrayRef<Operation *> ops) {
  std::optional<SmallVector<Attribute>> common;
  for (Operation *op : ops) {
    auto recorded = op->getAttrOfType<ArrayAttr>(kRecordedScopePathAttrName);
    if (!recorded)
      continue;
    op->removeAttr(kRecordedScopePathAttrName);
    if (!common) {
      common.emplace(recorded.begin(), recorded.end());
      continue;
    }
    unsigned length = 0;
    while (length < common->size() && length < recorded.size() &&
           (*common)[length] == recorded[length])
      ++length;
    common->resize(length);
  }
  if (!common)
    return getScopePath(ops.back());
  return ArrayAttr::get(ops.front()->getContext(), *common);
}

LogicalResult BlockFormation::createRegion(ArrayRef<Operation *> unordered) {
  SmallVector<Operation *> ops(unordered.begin(), unordered.end());
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  llvm::SmallPtrSet<Operation *, 8> group(ops.begin(), ops.end());
  Operation *last = ops.back();

  // Results used outside the group escape the region.
  SmallVector<Value> escaping;
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !group.contains(block.findAncestorOpInBlock(*user));
          }))
        escaping.push_back(result);

  OpBuilder builder(last);
  SmallVector<Value> dims;
  for (Value value : escaping)
    if (failed(computeDims(builder, value, group, dims)))
      return value.getDefiningOp()->emitError(
          "cannot compute the dynamic dims of this result above its dispatch "
          "region");
  // The replaced tensor.dim ops use group values: they must be gone before
  // the group moves into the region.
  for (Operation *dim : llvm::reverse(bypassedDims))
    if (dim->use_empty())
      dim->erase();
  bypassedDims.clear();

  auto region = DispatchRegionOp::create(
      builder, last->getLoc(), ValueRange(escaping).getTypes(), dims,
      util::lookupPlacement(last), getRegionScopePath(ops));
  Block &body = region.getBodyBlock();
  for (Operation *op : ops)
    op->moveBefore(&body, body.end());
  builder.setInsertionPointToEnd(&body);
  ReturnOp::create(builder, region.getLoc(), escaping);
  for (auto [value, result] : llvm::zip_equal(escaping, region.getResults()))
    value.replaceUsesWithIf(result, [&](OpOperand &use) {
      return !region->isAncestor(use.getOwner());
    });

  // Clone cheap producers (tensor.empty, fills of one) into the region,
  // before its first original op, operands first.
  IRMapping cloned;
  std::function<Value(Value)> materialize = [&](Value value) -> Value {
    Operation *def = value.getDefiningOp();
    if (!def || region->isAncestor(def) || !isClonableProducer(def))
      return value;
    if (Value mapped = cloned.lookupOrNull(value))
      return mapped;
    for (Value operand : def->getOperands())
      cloned.map(operand, materialize(operand));
    builder.setInsertionPoint(ops.front());
    Operation *clone = builder.clone(*def, cloned);
    clonedFrom.insert(def);
    return clone->getResult(cast<OpResult>(value).getResultNumber());
  };
  for (Operation *op : ops)
    for (OpOperand &operand : op->getOpOperands())
      if (Value inside = materialize(operand.get()); inside != operand.get())
        operand.set(inside);
  return success();
}

LogicalResult BlockFormation::run() {
  SmallVector<Operation *> candidates;
  for (Operation &op : block)
    if (isDispatchableOp(&op))
      candidates.push_back(&op);
  for (Operation *op : candidates)
    if (!isGrouped(op) && isRootOp(op))
      formGroup(op);
  // Leftover linalg ops get regions of their own, except clonable producers
  // whose every user is already in a region (a producer without users, a
  // dead fill, gets a region too: it must not stay outside one).
  for (Operation *op : candidates) {
    if (isGrouped(op))
      continue;
    if (isClonableProducer(op) && !op->use_empty() &&
        llvm::all_of(op->getUsers(), [&](Operation *user) {
          Operation *ancestor = block.findAncestorOpInBlock(*user);
          return ancestor && isGrouped(ancestor);
        }))
      continue;
    formGroup(op);
  }

  bool ok = true;
  for (ArrayRef<Operation *> group : groups)
    ok &= succeeded(createRegion(group));

  // Producers cloned into every region that used them are dead now (a fill
  // before the tensor.empty it fills).
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
    if (clonedFrom.contains(&op) && op.use_empty())
      op.erase();
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {

struct FormDispatchRegionsPass
    : public flow::impl::FormDispatchRegionsPassBase<FormDispatchRegionsPass> {
  void runOnOperation() override {
    // Every block that may hold dispatchable ops: bodies of functions,
    // scopes, scf ops, ... but not the payload of a linalg op, nor an
    // existing dispatch region.
    SmallVector<Block *> blocks;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<DispatchRegionOp>(op) ||
          (op != getOperation() && isDispatchableOp(op)))
        return WalkResult::skip();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          blocks.push_back(&block);
      return WalkResult::advance();
    });

    bool ok = true;
    for (Block *block : blocks)
      ok &= succeeded(BlockFormation(*block).run());
    // Recorded scope paths are consumed: a copy left on a cloned producer
    // would make equal dispatches differ when outlining deduplicates them.
    getOperation()->walk([](Operation *op) {
      op->removeAttr(kRecordedScopePathAttrName);
    });
    if (!ok || failed(verifyDispatchPlacement(getOperation())))
      signalPassFailure();
  }
};

} // namespace
