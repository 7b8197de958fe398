//===- DimBuilder.cpp - Dynamic dims computed above an anchor ---*- C++ -*-===//
//
// This file implements DynamicDimBuilder and DimOpIndex.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Utils/DimBuilder.h"

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace mlir;
using namespace scopeir::util;

//===----------------------------------------------------------------------===//
// DimOpIndex
//===----------------------------------------------------------------------===//

std::pair<Value, int64_t> scopeir::util::matchDimOp(Operation *op) {
  auto dimOp = dyn_cast_if_present<ShapedDimOpInterface>(op);
  if (!dimOp)
    return {};
  std::optional<int64_t> index = getConstantIntValue(dimOp.getDimension());
  if (!index)
    return {};
  return {dimOp.getShapedValue(), *index};
}

DimOpIndex::Entry &DimOpIndex::getOrScan(Value value) {
  auto [it, inserted] = entries.try_emplace(value);
  if (inserted) {
    for (Operation *user : value.getUsers()) {
      auto [source, dim] = matchDimOp(user);
      if (source != value || !user->getBlock())
        continue;
      it->second.push_back({dim, user});
      keys[user] = value;
    }
  }
  return it->second;
}

SmallVector<Operation *> DimOpIndex::lookup(Value value, int64_t dim) {
  SmallVector<Operation *> result;
  for (auto [d, op] : getOrScan(value)) {
    // Rewrites may have redirected a dim op to another value since it was
    // indexed (uses replaced): check it still reads this value.
    if (d == dim && matchDimOp(op) == std::make_pair(value, dim))
      result.push_back(op);
  }
  return result;
}

void DimOpIndex::record(Operation *dimOp) {
  auto [source, dim] = matchDimOp(dimOp);
  if (!source)
    return;
  // Values never queried are scanned (and find this op) on first lookup.
  auto it = entries.find(source);
  if (it == entries.end())
    return;
  it->second.push_back({dim, dimOp});
  keys[dimOp] = source;
}

void DimOpIndex::forget(Operation *op) {
  // Find the entry by the value the op was indexed under: its source may
  // have been replaced since.
  auto key = keys.find(op);
  if (key == keys.end())
    return;
  auto it = entries.find(key->second);
  if (it != entries.end())
    llvm::erase_if(it->second, [&](auto &entry) { return entry.second == op; });
  keys.erase(key);
}

//===----------------------------------------------------------------------===//
// DynamicDimBuilder
//===----------------------------------------------------------------------===//

/// Returns true if the regions of `op` use no value defined above them:
/// cloning `op` with its operands mapped then clones all it reads.
static bool usesOnlyOperands(Operation *op) {
  bool usesAbove = false;
  for (Region &region : op->getRegions())
    visitUsedValuesDefinedAbove(region, region, [&](OpOperand *) {
      usesAbove = true;
    });
  return !usesAbove;
}

/// Returns the position of dimension `dim` among the dynamic dimensions of
/// `type`.
static unsigned getDynamicDimIndex(ShapedType type, int64_t dim) {
  unsigned index = 0;
  for (int64_t i = 0; i < dim; ++i)
    if (type.isDynamicDim(i))
      ++index;
  return index;
}

/// Returns the operation owning `value`: its defining op, or the op whose
/// region holds the block it is an argument of.
static Operation *getOwnerOp(Value value) {
  if (Operation *def = value.getDefiningOp())
    return def;
  return cast<BlockArgument>(value).getOwner()->getParentOp();
}

/// Returns the explicit capture that the entry block argument `arg` of a
/// scope op stands for, or null.
static Value getCapturedValue(BlockArgument arg) {
  auto scope =
      dyn_cast_if_present<ScopeOpInterface>(arg.getOwner()->getParentOp());
  if (!scope || arg.getOwner() != &scope.getScopeBody().front())
    return {};
  OperandRange captures = scope.getExplicitCaptures();
  if (arg.getArgNumber() >= captures.size())
    return {};
  return captures[arg.getArgNumber()];
}

/// Returns the value that `value` stands for once scope captures are looked
/// through: an entry block argument of a scope is its explicit capture. Two
/// dims found on different paths (one through a capture, one through the
/// value it captures) are the same dim when these agree.
static Value lookThroughCaptures(Value value) {
  while (auto arg = dyn_cast<BlockArgument>(value)) {
    Value capture = getCapturedValue(arg);
    if (!capture)
      break;
    value = capture;
  }
  return value;
}

/// Returns the constant `value` is, also when a scope computes it (a scope
/// whose body returns the same constant on every path).
static std::optional<int64_t> getConstantThroughScopes(Value value,
                                                       unsigned depth = 0) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  auto result = dyn_cast<OpResult>(value);
  auto scope = result ? dyn_cast<ScopeOpInterface>(result.getOwner())
                      : ScopeOpInterface();
  if (!scope || depth > 8)
    return std::nullopt;
  SmallVector<Value> returned;
  getReturnedValues(scope, result.getResultNumber(), returned);
  std::optional<int64_t> common;
  for (Value inner : returned) {
    std::optional<int64_t> constant =
        getConstantThroughScopes(inner, depth + 1);
    if (!constant || (common && *common != *constant))
      return std::nullopt;
    common = constant;
  }
  return common;
}

static bool loopKeepsDim(LoopLikeOpInterface loop, unsigned index,
                         int64_t dim, unsigned depth);

/// Returns true if dimension `dim` of `value` is, by construction, dimension
/// `targetDim` of `target`: `value` is computed from `target` by ops that keep
/// the shape (destination-style ops into it, tied and shape-aware scopes
/// declaring its dims, casts, elementwise ops, loops and branches that do).
/// Unlike the value bounds analysis, this follows a dim op whose index a
/// scope computes.
static bool hasDimOf(Value value, int64_t dim, Value target,
                     int64_t targetDim, unsigned depth) {
  if (value == target)
    return dim == targetDim;
  if (depth > 32)
    return false;
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type || !type.hasRank() || dim >= type.getRank())
    return false;
  auto recurse = [&](Value next, int64_t nextDim) {
    return hasDimOf(next, nextDim, target, targetDim, depth + 1);
  };

  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Value capture = getCapturedValue(arg);
    return capture && recurse(capture, dim);
  }
  auto result = cast<OpResult>(value);
  Operation *op = result.getOwner();
  unsigned index = result.getResultNumber();

  if (auto tied = dyn_cast<TiedOpInterface>(op))
    if (Value operand = tied.getTiedResultOperand(index))
      return recurse(operand, dim);
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
    if (OpOperand *init = dps.getTiedOpOperand(result))
      return recurse(init->get(), dim);

  if (auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op)) {
    if (!type.isDynamicDim(dim))
      return false;
    ValueRange dims = shapeAware.getResultDynamicDims(index);
    unsigned position = getDynamicDimIndex(type, dim);
    if (position >= dims.size())
      return false;
    auto dimOp =
        dyn_cast_if_present<ShapedDimOpInterface>(dims[position].getDefiningOp());
    if (!dimOp)
      return false;
    OpFoldResult dimIndex = dimOp.getDimension();
    std::optional<int64_t> source =
        isa<Value>(dimIndex)
            ? getConstantThroughScopes(cast<Value>(dimIndex))
            : getConstantIntValue(dimIndex);
    return source && recurse(dimOp.getShapedValue(), *source);
  }

  if (auto scope = dyn_cast<ScopeOpInterface>(op)) {
    SmallVector<Value> returned;
    getReturnedValues(scope, index, returned);
    return !returned.empty() &&
           llvm::all_of(returned, [&](Value v) { return recurse(v, dim); });
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    return !ifOp.getElseRegion().empty() &&
           recurse(ifOp.thenYield().getOperand(index), dim) &&
           recurse(ifOp.elseYield().getOperand(index), dim);
  }
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    return index < loop.getInits().size() &&
           loopKeepsDim(loop, index, dim, depth + 1) &&
           recurse(loop.getInits()[index], dim);
  }

  bool sameShape = op->hasTrait<OpTrait::Elementwise>() ||
                   op->hasTrait<OpTrait::SameOperandsAndResultShape>() ||
                   op->hasTrait<OpTrait::SameOperandsAndResultType>() ||
                   (isa<CastOpInterface>(op) && op->getNumOperands() == 1);
  if (!sameShape)
    return false;
  return llvm::any_of(op->getOperands(), [&](Value operand) {
    auto operandType = dyn_cast<ShapedType>(operand.getType());
    return operandType && operandType.hasRank() &&
           operandType.getRank() == type.getRank() && recurse(operand, dim);
  });
}

/// Returns true if loop result `index` has, on every iteration, dimension
/// `dim` of its init: what the body yields for it has that dim of the
/// iter_arg by construction.
static bool loopKeepsDim(LoopLikeOpInterface loop, unsigned index,
                         int64_t dim, unsigned depth) {
  SmallVector<Value> iterArgs(loop.getRegionIterArgs());
  std::optional<ResultRange> results = loop.getLoopResults();
  if (!results || index >= iterArgs.size() || index >= results->size())
    return false;
  auto yielded = loop.getYieldedValuesMutable();
  if (!yielded || index >= yielded->size())
    return false;
  return hasDimOf((*yielded)[index].get(), dim, iterArgs[index], dim, depth);
}

DynamicDimBuilder::DynamicDimBuilder(Operation *anchor, bool allowCreate,
                                     DimOpIndex &index)
    : anchor(anchor), allowCreate(allowCreate), index(index),
      builder(anchor->getContext(), &listener) {}

DynamicDimBuilder::DynamicDimBuilder(
    Operation *anchor, const llvm::SmallPtrSetImpl<Operation *> &group,
    bool allowCreate, DimOpIndex &index)
    : anchor(anchor), group(&group), allowCreate(allowCreate), index(index),
      builder(anchor->getContext(), &listener) {
  assert(group.contains(anchor) && "the anchor must be in the group");
}

bool DynamicDimBuilder::isInside(Value value) {
  Operation *owner = getOwnerOp(value);
  if (!owner)
    return false;
  // A temporary of reification stands for what it was computed from; it is
  // never itself a dim above the anchor.
  if (isCreated(owner) && !finalOps.contains(owner))
    return true;
  if (!group)
    return anchor->isAncestor(owner);
  Operation *ancestor = anchor->getBlock()->findAncestorOpInBlock(*owner);
  return ancestor && group->contains(ancestor);
}

bool DynamicDimBuilder::isAvailable(Value value) {
  return !isInside(value) && domInfo.properlyDominates(value, anchor);
}

Value DynamicDimBuilder::mapCapturedArgument(BlockArgument arg) {
  return getCapturedValue(arg);
}

bool DynamicDimBuilder::runsWheneverAnchorRuns(Operation *op) {
  // Scope bodies run exactly once, so an op of the anchor's body (or of the
  // group's block), also through nested scopes, runs whenever it does.
  for (Operation *current = op; current;) {
    if (group ? current->getBlock() == anchor->getBlock()
              : current->getParentOp() == anchor)
      return true;
    Operation *parent = current->getParentOp();
    if (!isa_and_present<ScopeOpInterface>(parent))
      return false;
    current = parent;
  }
  return false;
}

FailureOr<Value> DynamicDimBuilder::getConstantIndex(int64_t value) {
  if (!allowCreate)
    return failure();
  Value &cached = constants[value];
  if (!cached) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(anchor);
    cached = arith::ConstantIndexOp::create(builder, anchor->getLoc(), value);
    finalOps.insert(cached.getDefiningOp());
  }
  return cached;
}

FailureOr<Value> DynamicDimBuilder::getDim(Value value, int64_t dim) {
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type || !type.hasRank() || dim < 0 || dim >= type.getRank())
    return failure();
  if (!type.isDynamicDim(dim))
    return getConstantIndex(type.getDimSize(dim));

  std::pair<Value, int64_t> key{value, dim};
  if (Value cached = dimCache.lookup(key))
    return cached;
  auto failureKey =
      std::make_tuple(value, dim, static_cast<unsigned>(allowCreate));
  if (failedDims.contains(failureKey))
    return failure();

  FailureOr<Value> result = failure();
  if (isInside(value)) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      // The anchor's or a nested scope's block argument has its capture's
      // shape.
      if (Value capture = mapCapturedArgument(arg))
        result = getDim(capture, dim);
    } else {
      result = getDimOfResult(cast<OpResult>(value), dim);
    }
  } else {
    result = getKnownDimAbove(value, dim);
    if (failed(result) && allowCreate &&
        isa<RankedTensorType, MemRefType>(type) && isAvailable(value)) {
      Value dimIndex = *getConstantIndex(dim);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(anchor);
      Operation *dimOp;
      if (isa<RankedTensorType>(type))
        dimOp =
            tensor::DimOp::create(builder, anchor->getLoc(), value, dimIndex);
      else
        dimOp =
            memref::DimOp::create(builder, anchor->getLoc(), value, dimIndex);
      finalOps.insert(dimOp);
      index.record(dimOp);
      result = dimOp->getResult(0);
    }
  }
  if (succeeded(result))
    dimCache[key] = *result;
  else
    failedDims.insert(failureKey);
  return result;
}

FailureOr<Value> DynamicDimBuilder::getKnownDimAbove(Value value, int64_t dim) {
  auto type = cast<ShapedType>(value.getType());
  unsigned dynIndex = getDynamicDimIndex(type, dim);
  unsigned numDynamic = type.getNumDynamicDims();

  // Dims carried by a shape-aware producer, or by the enclosing scope that
  // explicitly captures the value. Both are operands of an op that dominates
  // the anchor.
  if (auto result = dyn_cast<OpResult>(value)) {
    if (auto shapeAware = dyn_cast<ShapeAwareOpInterface>(result.getOwner())) {
      ValueRange dims =
          shapeAware.getResultDynamicDims(result.getResultNumber());
      if (dims.size() == numDynamic && isAvailable(dims[dynIndex]))
        return dims[dynIndex];
    }
  } else {
    auto arg = cast<BlockArgument>(value);
    Operation *parent = arg.getOwner()->getParentOp();
    auto scope = dyn_cast_if_present<ScopeOpInterface>(parent);
    auto shapeAware = dyn_cast_if_present<ShapeAwareOpInterface>(parent);
    if (scope && shapeAware &&
        arg.getOwner() == &scope.getScopeBody().front() &&
        arg.getArgNumber() < scope.getExplicitCaptures().size()) {
      unsigned operandIndex =
          scope.getExplicitCaptures().getBeginOperandIndex() +
          arg.getArgNumber();
      ValueRange dims = shapeAware.getOperandDynamicDims(operandIndex);
      if (dims.size() == numDynamic && isAvailable(dims[dynIndex]))
        return dims[dynIndex];
    }
  }

  // A dim op that already reads it and dominates the anchor.
  for (Operation *dimOp : index.lookup(value, dim)) {
    if (isCreated(dimOp) && !finalOps.contains(dimOp))
      continue;
    if (!anchor->isAncestor(dimOp) && domInfo.properlyDominates(dimOp, anchor))
      return dimOp->getResult(0);
  }

  // What the producer's shape reifies to, as long as that needs no new op.
  if (auto result = dyn_cast<OpResult>(value)) {
    llvm::SaveAndRestore<bool> existingOnly(allowCreate, false);
    return getDimOfResult(result, dim);
  }
  return failure();
}

FailureOr<Value> DynamicDimBuilder::getDimOfResult(OpResult result,
                                                   int64_t dim) {
  Operation *op = result.getOwner();
  unsigned resultIndex = result.getResultNumber();
  auto type = cast<ShapedType>(result.getType());

  // Shape-aware ops (nested scopes) carry their result dims as operands.
  if (auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op)) {
    ValueRange dims = shapeAware.getResultDynamicDims(resultIndex);
    if (dims.size() == type.getNumDynamicDims())
      return materialize(dims[getDynamicDimIndex(type, dim)]);
  }

  // Destination-style ops: a result has the shape of its init operand. (This
  // is what their reification says too, but without building and folding
  // index computations over every operand.)
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
    if (OpOperand *init = dps.getTiedOpOperand(result)) {
      FailureOr<Value> initDim = getDim(init->get(), dim);
      if (succeeded(initDim))
        return initDim;
    }
  }

  // Ops that reify their result shapes in terms of their operands.
  if (isa<ReifyRankedShapedTypeOpInterface>(op)) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(op);
    FailureOr<OpFoldResult> reified = failure();
    {
      // Reification failing is an answer here, not an error to report.
      ScopedDiagnosticHandler silence(op->getContext(),
                                      [](Diagnostic &) { return success(); });
      reified = reifyDimOfResult(builder, op, resultIndex, dim);
    }
    if (succeeded(reified) && *reified) {
      if (auto attr = dyn_cast<Attribute>(*reified)) {
        if (std::optional<int64_t> constant = getConstantIntValue(attr))
          return getConstantIndex(*constant);
      } else if (FailureOr<Value> above = materialize(cast<Value>(*reified));
                 succeeded(above)) {
        return above;
      }
    }
  }

  // Scope ops and region ops without loops: the values their regions return
  // for this result must all have the same dim above the anchor.
  SmallVector<Value> returned;
  if (auto scope = dyn_cast<ScopeOpInterface>(op)) {
    getReturnedValues(scope, resultIndex, returned);
  } else if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
    if (!branch.hasLoop())
      branch.getPredecessorValues(RegionSuccessor(op, op->getResults()),
                                  resultIndex, returned);
  }
  if (!returned.empty()) {
    Value common;
    for (Value value : returned) {
      FailureOr<Value> valueDim = getDim(value, dim);
      if (failed(valueDim) ||
          (common && lookThroughCaptures(common) !=
                         lookThroughCaptures(*valueDim))) {
        common = {};
        break;
      }
      if (!common)
        common = *valueDim;
    }
    if (common)
      return common;
  }

  // An scf.if whose branches yield values of different dims: the result's
  // dim is the one of the branch taken, a select on the condition, when
  // the condition and both dims are available above the anchor.
  if (auto ifOp = dyn_cast<scf::IfOp>(op); ifOp && allowCreate &&
                                          !ifOp.getElseRegion().empty()) {
    FailureOr<Value> thenDim =
        getDim(ifOp.thenYield().getOperand(resultIndex), dim);
    FailureOr<Value> elseDim = failure(), condition = failure();
    if (succeeded(thenDim))
      elseDim = getDim(ifOp.elseYield().getOperand(resultIndex), dim);
    if (succeeded(elseDim))
      condition = materialize(ifOp.getCondition());
    if (succeeded(condition)) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(anchor);
      auto select = arith::SelectOp::create(builder, op->getLoc(), *condition,
                                            *thenDim, *elseDim);
      finalOps.insert(select);
      return select.getResult();
    }
  }

  // Loops: a result has its init's dim when upstream's value bounds
  // analysis proves the dim the same on every iteration (an scf.for whose
  // body computes into its iter_arg, say).
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    std::optional<ResultRange> loopResults = loop.getLoopResults();
    if (loopResults && resultIndex < loopResults->size() &&
        loop.getInits().size() == loopResults->size()) {
      Value init = loop.getInits()[resultIndex];
      // By construction first (cheap, and it follows a dim op whose index
      // a scope computes), else by the analysis.
      bool keeps = loopKeepsDim(loop, resultIndex, dim, /*depth=*/0);
      if (!keeps) {
        FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
            ValueBoundsConstraintSet::Variable(result, dim),
            ValueBoundsConstraintSet::Variable(init, dim));
        keeps = succeeded(equal) && *equal;
      }
      if (keeps)
        if (FailureOr<Value> initDim = getDim(init, dim); succeeded(initDim))
          return initDim;
    }
  }

  // Elementwise ops and shape-preserving casts: any operand of the same rank
  // has the result's shape.
  bool sameShape = op->hasTrait<OpTrait::Elementwise>() ||
                   op->hasTrait<OpTrait::SameOperandsAndResultShape>() ||
                   op->hasTrait<OpTrait::SameOperandsAndResultType>();
  bool shapeCast = isa<CastOpInterface>(op) && op->getNumOperands() == 1 &&
                   ((isa<TensorType>(type) &&
                     isa<TensorType>(op->getOperand(0).getType())) ||
                    (isa<BaseMemRefType>(type) &&
                     isa<BaseMemRefType>(op->getOperand(0).getType())));
  if (sameShape || shapeCast) {
    for (Value operand : op->getOperands()) {
      auto operandType = dyn_cast<ShapedType>(operand.getType());
      if (operandType && operandType.hasRank() &&
          operandType.getRank() == type.getRank())
        return getDim(operand, dim);
    }
  }
  return failure();
}

std::optional<int64_t> DynamicDimBuilder::getDimIndexAbove(Operation *op) {
  auto dimOp = dyn_cast_if_present<ShapedDimOpInterface>(op);
  if (!dimOp)
    return std::nullopt;
  auto index = dyn_cast<Value>(dimOp.getDimension());
  if (!index)
    return std::nullopt;
  FailureOr<Value> above = materialize(index);
  if (failed(above))
    return std::nullopt;
  return getConstantIntValue(*above);
}

FailureOr<Value> DynamicDimBuilder::materialize(Value value) {
  if (Value cached = valueCache.lookup(value))
    return cached;

  FailureOr<Value> result = failure();
  Operation *def = value.getDefiningOp();
  if (!isInside(value)) {
    if (!def || !isCreated(def) || finalOps.contains(def)) {
      // Existing values qualify if they dominate the anchor (tracing through
      // a region op above the anchor may lead to values nested in it).
      if (isAvailable(value))
        result = value;
    } else if (auto [source, dim] = matchDimOp(def); source) {
      // A temporary that reification created above the anchor.
      result = getDim(source, dim);
    }
  } else if (auto arg = dyn_cast<BlockArgument>(value)) {
    // The anchor's or a nested scope's block argument is its capture.
    if (Value capture = mapCapturedArgument(arg))
      result = materialize(capture);
  } else if (auto [source, dim] = matchDimOp(def); source) {
    result = getDim(source, dim);
  } else if (std::optional<int64_t> dimIndex = getDimIndexAbove(def)) {
    // A dim op whose index is a constant once computed above (an index a
    // scope returns, say): the dim of that index.
    result = getDim(cast<ShapedDimOpInterface>(def).getShapedValue(),
                    *dimIndex);
  } else if (auto scope = dyn_cast<ScopeOpInterface>(def)) {
    // A nested scope computes what its body returns: look through it.
    SmallVector<Value> returned;
    getReturnedValues(scope, cast<OpResult>(value).getResultNumber(), returned);
    Value common;
    for (Value inner : returned) {
      FailureOr<Value> above = materialize(inner);
      if (failed(above) || (common && lookThroughCaptures(common) !=
                                          lookThroughCaptures(*above))) {
        common = {};
        break;
      }
      if (!common)
        common = *above;
    }
    if (common)
      result = common;
  } else if (allowCreate &&
             (def->getNumRegions() == 0 ||
              (cloneRegionOps && usesOnlyOperands(def))) &&
             isMemoryEffectFree(def) &&
             (isSpeculatable(def) || runsWheneverAnchorRuns(def))) {
    // A side-effect free computation of values available above: compute it
    // above the anchor (the scope runs once, so this changes nothing). One
    // that may not be speculated (a tensor.dim with an SSA index) is moved
    // only if it runs whenever the anchor does. With cloneRegionOps, an op
    // with regions (a linalg.generic on tensors, as
    // convert-elementwise-to-linalg makes of `arith.negf` on a tensor)
    // qualifies as the op it came from did, as long as its regions use
    // nothing but its own values.
    IRMapping mapping;
    for (Value operand : def->getOperands()) {
      FailureOr<Value> above = materialize(operand);
      if (failed(above))
        return failure();
      mapping.map(operand, *above);
    }
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(anchor);
    Operation *clone = builder.clone(*def, mapping);
    finalOps.insert(clone);
    for (auto [original, cloned] :
         llvm::zip_equal(def->getResults(), clone->getResults()))
      valueCache[original] = cloned;
    return valueCache.lookup(value);
  }
  if (succeeded(result))
    valueCache[value] = *result;
  return result;
}

FailureOr<SmallVector<Value>> DynamicDimBuilder::getDynamicDims(Value value) {
  SmallVector<Value> dims;
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type || !type.hasRank())
    return dims;
  for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
    if (!type.isDynamicDim(i))
      continue;
    FailureOr<Value> dim = getDim(value, i);
    if (failed(dim))
      return failure();
    dims.push_back(*dim);
  }
  return dims;
}

void DynamicDimBuilder::eraseUnusedOps() {
  // Users are created after the values they use, so one reverse sweep
  // usually suffices; repeat until nothing changes to be safe. The ops
  // nested in a created op (the body of a cloned linalg.generic, its
  // terminator included) live and die with it: they are never erased
  // alone, and are found before any op is erased.
  llvm::SmallPtrSet<Operation *, 16> nested;
  for (Operation *op : listener.created)
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp())
      if (listener.created.contains(parent)) {
        nested.insert(op);
        break;
      }
  llvm::SmallPtrSet<Operation *, 16> erased;
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *op : llvm::reverse(listener.created)) {
      if (erased.contains(op) || nested.contains(op) || !op->use_empty())
        continue;
      index.forget(op);
      op->erase();
      erased.insert(op);
      changed = true;
    }
  }
  listener.created.clear();
  finalOps.clear();
  dimCache.clear();
  valueCache.clear();
  constants.clear();
  failedDims.clear();
}
