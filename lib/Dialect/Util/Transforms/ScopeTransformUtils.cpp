//===- ScopeTransformUtils.cpp - Helpers for scope transformations -------===//
//
// This file implements the helpers shared by the structural scope passes:
// dims above a scope, rebuilding a scope op as util.scope, inlining a scope.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Transforms/ScopeTransformUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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
// ScopeDimBuilder
//===----------------------------------------------------------------------===//

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

/// Returns the value that `value` stands for once scope captures are looked
/// through: an entry block argument of a scope is its explicit capture. Two
/// dims found on different paths (one through a capture, one through the
/// value it captures) are the same dim when these agree.
static Value lookThroughCaptures(Value value) {
  while (auto arg = dyn_cast<BlockArgument>(value)) {
    auto scope =
        dyn_cast_if_present<ScopeOpInterface>(arg.getOwner()->getParentOp());
    if (!scope || arg.getOwner() != &scope.getScopeBody().front())
      break;
    OperandRange captures = scope.getExplicitCaptures();
    if (arg.getArgNumber() >= captures.size())
      break;
    value = captures[arg.getArgNumber()];
  }
  return value;
}

ScopeDimBuilder::ScopeDimBuilder(Operation *anchor, bool allowCreate,
                                 DimOpIndex &index)
    : anchor(anchor), allowCreate(allowCreate), index(index),
      builder(anchor->getContext(), &listener) {}

bool ScopeDimBuilder::isInside(Value value) {
  Operation *owner = getOwnerOp(value);
  return owner && anchor->isAncestor(owner);
}

bool ScopeDimBuilder::isAvailable(Value value) {
  return !isInside(value) && domInfo.properlyDominates(value, anchor);
}

Value ScopeDimBuilder::mapCapturedArgument(BlockArgument arg) {
  auto scope =
      dyn_cast_if_present<ScopeOpInterface>(arg.getOwner()->getParentOp());
  if (!scope || arg.getOwner() != &scope.getScopeBody().front())
    return {};
  OperandRange captures = scope.getExplicitCaptures();
  if (arg.getArgNumber() >= captures.size())
    return {};
  return captures[arg.getArgNumber()];
}

FailureOr<Value> ScopeDimBuilder::getConstantIndex(int64_t value) {
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

FailureOr<Value> ScopeDimBuilder::getDim(Value value, int64_t dim) {
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

FailureOr<Value> ScopeDimBuilder::getKnownDimAbove(Value value, int64_t dim) {
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

FailureOr<Value> ScopeDimBuilder::getDimOfResult(OpResult result, int64_t dim) {
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

FailureOr<Value> ScopeDimBuilder::materialize(Value value) {
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
  } else if (allowCreate && def->getNumRegions() == 0 && isPure(def)) {
    // A side-effect free computation of values available above: compute it
    // above the anchor (the scope runs once, so this changes nothing).
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

FailureOr<SmallVector<Value>> ScopeDimBuilder::getDynamicDims(Value value) {
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

void ScopeDimBuilder::eraseUnusedOps() {
  // Users are created after the values they use, so one reverse sweep
  // usually suffices; repeat until nothing changes to be safe.
  llvm::SmallPtrSet<Operation *, 16> erased;
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *op : llvm::reverse(listener.created)) {
      if (erased.contains(op) || !op->use_empty())
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

//===----------------------------------------------------------------------===//
// Rewriting scopes
//===----------------------------------------------------------------------===//

/// Returns true if `op` is a terminator that leaves the scope, handing its
/// operands to the scope's results.
static bool isScopeReturn(Operation *op) {
  return op->getNumSuccessors() == 0 &&
         (op->hasTrait<OpTrait::ReturnLike>() ||
          isa<RegionBranchTerminatorOpInterface>(op));
}

void scopeir::util::getReturnedValues(ScopeOpInterface scope,
                                      unsigned resultIndex,
                                      SmallVectorImpl<Value> &values) {
  for (Block &block : scope.getScopeBody()) {
    if (block.empty() || !isScopeReturn(&block.back()))
      continue;
    Operation *terminator = &block.back();
    if (resultIndex < terminator->getNumOperands())
      values.push_back(terminator->getOperand(resultIndex));
  }
}

SmallVector<Value> scopeir::util::getCapturableValues(ScopeOpInterface scope) {
  SmallVector<Value> values = getImplicitCaptures(scope);
  llvm::erase_if(values,
                 [](Value value) { return matchPattern(value, m_Constant()); });
  return values;
}

ScopeOp scopeir::util::replaceWithScopeOp(RewriterBase &rewriter,
                                          ScopeOpInterface scope,
                                          const ScopeOpOperands &operands) {
  Operation *op = scope;
  SmallVector<Attribute> scopeAttrs;
  for (ScopeAttrInterface attr : scope.getScopeAttributes())
    scopeAttrs.push_back(attr);

  rewriter.setInsertionPoint(op);
  auto newOp = ScopeOp::create(rewriter, op->getLoc(), op->getResultTypes(),
                               operands.resultDims, operands.captures,
                               operands.captureDims, operands.ties, scopeAttrs);
  Block *newEntry = &newOp.getBody().front();

  llvm::SmallDenseMap<Value, Value> captureToArg;
  for (auto [capture, arg] :
       llvm::zip_equal(operands.captures, newEntry->getArguments()))
    captureToArg[capture] = arg;
  SmallVector<Value> oldArgValues;
  for (Value capture : scope.getExplicitCaptures()) {
    Value arg = captureToArg.lookup(capture);
    assert(arg && "explicit captures must stay explicit");
    oldArgValues.push_back(arg);
  }

  // Implicit uses of the new captures become uses of their arguments.
  Region &oldBody = scope.getScopeBody();
  oldBody.walk([&](Operation *inner) {
    for (OpOperand &operand : inner->getOpOperands())
      if (Value arg = captureToArg.lookup(operand.get()))
        rewriter.modifyOpInPlace(inner, [&] { operand.set(arg); });
  });

  Block *oldEntry = &oldBody.front();
  rewriter.inlineRegionBefore(oldBody, newOp.getBody(), newOp.getBody().end());
  rewriter.mergeBlocks(oldEntry, newEntry, oldArgValues);
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  rewriter.replaceOp(op, newOp->getResults());
  return newOp;
}

/// Returns true if blocks may be added to the region holding `op`: a CFG
/// region whose op is known to accept several blocks.
static bool canSplitParentRegion(Operation *op) {
  Region *region = op->getParentRegion();
  Operation *parent = region->getParentOp();
  if (!parent || !mayHaveSSADominance(*region))
    return false;
  // A region already holding several blocks evidently accepts them; for a
  // single-block region only trust ops whose regions are CFGs by definition
  // (region constraints such as SizedRegion<1> are not queryable).
  if (!region->hasOneBlock())
    return true;
  return isa<FunctionOpInterface, ScopeOpInterface, scf::ExecuteRegionOp>(
      parent);
}

LogicalResult scopeir::util::inlineScope(RewriterBase &rewriter,
                                         ScopeOpInterface scope) {
  Operation *op = scope;
  Region &body = scope.getScopeBody();
  SmallVector<Value> captures(scope.getExplicitCaptures());
  Block *entry = &body.front();
  if (entry->getNumArguments() != captures.size())
    return op->emitOpError("cannot inline a scope whose entry block has ")
           << entry->getNumArguments() << " arguments for " << captures.size()
           << " explicit captures";

  // A single block that returns: splice its ops in place.
  if (body.hasOneBlock() && !entry->empty() && isScopeReturn(&entry->back())) {
    Operation *terminator = &entry->back();
    // A returned entry block argument is its capture: the block and its
    // arguments are gone once inlined.
    SmallVector<Value> results;
    for (Value value : terminator->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(value);
      results.push_back(arg && arg.getOwner() == entry
                            ? captures[arg.getArgNumber()]
                            : value);
    }
    rewriter.eraseOp(terminator);
    rewriter.inlineBlockBefore(entry, op, captures);
    rewriter.replaceOp(op, results);
    return success();
  }

  if (canSplitParentRegion(op)) {
    // Split the parent block after the scope; the body's blocks go in
    // between and its returns branch to the continuation with the results.
    Block *parentBlock = op->getBlock();
    Block *continuation =
        rewriter.splitBlock(parentBlock, std::next(op->getIterator()));
    SmallVector<Location> locs(op->getNumResults(), op->getLoc());
    SmallVector<Value> results(
        continuation->addArguments(op->getResultTypes(), locs));
    for (Block &block : body) {
      Operation *terminator = &block.back();
      if (!isScopeReturn(terminator))
        continue;
      rewriter.setInsertionPoint(terminator);
      cf::BranchOp::create(rewriter, terminator->getLoc(), continuation,
                           terminator->getOperands());
      rewriter.eraseOp(terminator);
    }
    rewriter.inlineRegionBefore(body, continuation);
    rewriter.replaceAllOpUsesWith(op, results);
    rewriter.eraseOp(op);
    rewriter.mergeBlocks(entry, parentBlock, captures);
    return success();
  }

  // The parent region takes one block: keep the CFG in an scf.execute_region.
  rewriter.setInsertionPoint(op);
  auto executeRegion = scf::ExecuteRegionOp::create(rewriter, op->getLoc(),
                                                    op->getResultTypes());
  Region &newBody = executeRegion.getRegion();
  rewriter.inlineRegionBefore(body, newBody, newBody.end());
  for (auto [arg, capture] : llvm::zip_equal(entry->getArguments(), captures))
    rewriter.replaceAllUsesWith(arg, capture);
  entry->eraseArguments(0, entry->getNumArguments());
  for (Block &block : newBody) {
    Operation *terminator = &block.back();
    if (!isScopeReturn(terminator))
      continue;
    rewriter.setInsertionPoint(terminator);
    scf::YieldOp::create(rewriter, terminator->getLoc(),
                         terminator->getOperands());
    rewriter.eraseOp(terminator);
  }
  rewriter.replaceOp(op, executeRegion->getResults());
  return success();
}
