//===- BufferizableOpInterfaceImpl.cpp - util.scope bufferization ---------===//
//
// This file implements the BufferizableOpInterface external models that
// closure scope ops share (ScopeBufferization.h) and attaches them to
// util.scope and util.return for One-Shot Bufferize.
//
// A scope executes its body exactly once, so a capture and its entry block
// argument are the same buffer, like the operand of a branch and the argument
// of its successor block: the captures are modelled as such a branch into the
// entry block (no read, no write of their own; the uses of the block argument
// read and write). The results are the values util.return yields. A tie needs
// no declaration: when the body updates a capture in place, the yielded value
// is equivalent to the block argument and thus to the capture, and the
// analysis keeps the update in place unless the capture is still read after
// the scope (then it copies once, at the write).
//
// The models are written against util's interfaces (ClosureOpInterface,
// TiedOpInterface, ShapeAwareOpInterface), so any dialect's closure scope
// op and its exit terminator get them by attaching the templates.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Bufferization/BufferizableOpInterfaceImpl.h"
#include "scopeir/Dialect/Util/Bufferization/ScopeBufferization.h"

#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/IR/UnstructuredControlFlow.h"
#include "mlir/Dialect/Bufferization/Transforms/Bufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace scopeir::util;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns the terminators exiting the body of the closure scope op `op`.
static SmallVector<Operation *> getExits(Operation *op) {
  SmallVector<Operation *> exits;
  cast<ClosureOpInterface>(op).getClosureReturns(exits);
  return exits;
}

/// Returns the entry block of the body of the closure scope op `op`.
static Block &getEntryBlock(Operation *op) {
  return cast<ClosureOpInterface>(op).getClosureBodyRegion().front();
}

/// Returns the index of `opOperand` among the captures of `op`, if it is one.
static std::optional<unsigned> getCaptureIndex(Operation *op,
                                               OpOperand &opOperand) {
  OperandRange captures = cast<ClosureOpInterface>(op).getClosureOperands();
  if (captures.empty())
    return std::nullopt;
  unsigned begin = captures.getBeginOperandIndex();
  unsigned number = opOperand.getOperandNumber();
  if (number < begin || number >= begin + captures.size())
    return std::nullopt;
  return number - begin;
}

/// Returns true if `yielded`, a value an exit yields, is the buffer of the
/// entry block argument `bbArg` (possibly cast), whether or not `bbArg` has
/// been bufferized yet. Looks through casts, to_buffer ops, tied results of
/// nested ops (an inner scope that updated its capture in place) and
/// arguments of other blocks whose predecessors all forward such a buffer.
static bool isBufferOf(Value yielded, BlockArgument bbArg,
                       DenseSet<Value> &visited) {
  while (yielded != bbArg) {
    if (!visited.insert(yielded).second)
      return true; // A cycle through block arguments adds no other buffer.
    if (auto cast = yielded.getDefiningOp<memref::CastOp>()) {
      yielded = cast.getSource();
      continue;
    }
    if (auto toBuffer = yielded.getDefiningOp<ToBufferOp>()) {
      yielded = toBuffer.getTensor();
      continue;
    }
    if (auto blockArg = dyn_cast<BlockArgument>(yielded)) {
      Block *block = blockArg.getOwner();
      if (block->isEntryBlock() ||
          block->getParent() != bbArg.getOwner()->getParent())
        return false;
      for (auto it = block->pred_begin(), e = block->pred_end(); it != e;
           ++it) {
        auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
        if (!branch)
          return false;
        Value forwarded = branch.getSuccessorOperands(
            it.getSuccessorIndex())[blockArg.getArgNumber()];
        if (!forwarded || !isBufferOf(forwarded, bbArg, visited))
          return false;
      }
      return true;
    }
    auto result = cast<OpResult>(yielded);
    auto tiedOp = dyn_cast<TiedOpInterface>(result.getOwner());
    Value tied = tiedOp ? tiedOp.getTiedResultOperand(result.getResultNumber())
                        : Value();
    if (!tied)
      return false;
    yielded = tied;
  }
  return true;
}

static bool isBufferOf(Value yielded, BlockArgument bbArg) {
  DenseSet<Value> visited;
  return isBufferOf(yielded, bbArg, visited);
}

/// Marks result `index` of `op` untied, giving it its former capture's dims
/// as result dims: the body yields another buffer than the capture's.
static void untieResult(RewriterBase &rewriter, Operation *op,
                        unsigned index) {
  auto tiedOp = cast<TiedOpInterface>(op);
  auto shapeAware = cast<ShapeAwareOpInterface>(op);
  SmallVector<Value> resultDims;
  SmallVector<int64_t> ties = tiedOp.getTiedResultIndices();
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    if (i == index || ties[i] == TiedOpInterface::kUntied)
      llvm::append_range(resultDims, shapeAware.getResultDynamicDims(i));
  ties[index] = TiedOpInterface::kUntied;
  rewriter.modifyOpInPlace(op, [&] {
    shapeAware.setAllResultDynamicDims(resultDims);
    tiedOp.setTiedResultIndices(ties);
  });
}

/// Unties every tied result of `op` for which some exit that was already
/// bufferized yields another buffer than the capture's. Called from both
/// sides because One-Shot Bufferize does not promise an order between a
/// scope and its terminators.
static void untieResultsWithOtherBuffers(RewriterBase &rewriter,
                                         Operation *op) {
  auto tiedOp = cast<TiedOpInterface>(op);
  Block &entry = getEntryBlock(op);
  for (Operation *exit : getExits(op)) {
    for (auto [index, operand] : llvm::enumerate(exit->getOperands())) {
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      std::optional<unsigned> tied = tiedOp.getTiedResultOperandIndex(index);
      if (tied && !isBufferOf(operand, entry.getArgument(*tied)))
        untieResult(rewriter, op, index);
    }
  }
}

//===----------------------------------------------------------------------===//
// The scope op
//===----------------------------------------------------------------------===//

AliasingValueList
scopeir::util::detail::getScopeCaptureAliasingValues(Operation *op,
                                                     OpOperand &opOperand) {
  std::optional<unsigned> index = getCaptureIndex(op, opOperand);
  if (!index)
    return {};
  return {{getEntryBlock(op).getArgument(*index), BufferRelation::Equivalent,
           /*isDefinite=*/true}};
}

AliasingOpOperandList
scopeir::util::detail::getScopeAliasingOpOperands(Operation *op, Value value) {
  auto closure = cast<ClosureOpInterface>(op);
  if (auto bbArg = dyn_cast<BlockArgument>(value))
    return {{&closure.getClosureOperandsMutable()[bbArg.getArgNumber()],
             BufferRelation::Equivalent, /*isDefinite=*/true}};
  // A result is what the exits yield for it.
  unsigned index = cast<OpResult>(value).getResultNumber();
  SmallVector<Operation *> exits = getExits(op);
  AliasingOpOperandList result;
  for (Operation *exit : exits)
    result.addAlias({&exit->getOpOperand(index), BufferRelation::Equivalent,
                     /*isDefinite=*/exits.size() == 1});
  return result;
}

/// A capture counts as a read when its block argument is read in the body
/// (the analysis follows the alias). Those reads are uses inside the body
/// and the analysis orders them against writes inside the body itself; the
/// capture, which encloses such a write, must not count as a read that
/// happens before it (inside a loop that would force a copy of every capture
/// updated in place).
bool scopeir::util::detail::isScopeCaptureNotConflicting(
    Operation *op, OpOperand *uRead, OpOperand *uConflictingWrite) {
  return uRead->getOwner() == op && getCaptureIndex(op, *uRead) &&
         op->isProperAncestor(uConflictingWrite->getOwner());
}

/// One-Shot Analysis derives equivalence only between op results and their
/// aliasing operands, so it never learns that an entry block argument is its
/// capture. It is (the capture is always in place and the block argument
/// becomes the capture's buffer), and enclosing ops need to know: an scf.for
/// whose body updates its iter_arg through a scope checks that the yielded
/// value is equivalent to the iter_arg, and function boundary analysis looks
/// for returned values equivalent to arguments. Analysis verification runs
/// bottom-up after alias and equivalence sets are built, before the
/// enclosing ops' own verification, so record it here.
LogicalResult
scopeir::util::detail::verifyScopeAnalysis(Operation *op,
                                           const AnalysisState &state) {
  auto *oneShotState = dyn_cast<OneShotAnalysisState>(&state);
  if (!oneShotState)
    return success();
  auto closure = cast<ClosureOpInterface>(op);
  for (auto [capture, bbArg] : llvm::zip_equal(
           closure.getClosureOperands(), getEntryBlock(op).getArguments()))
    if (isa<TensorType>(capture.getType()))
      const_cast<OneShotAnalysisState *>(oneShotState)
          ->unionEquivalenceClasses(capture, bbArg);
  return success();
}

FailureOr<BufferLikeType> scopeir::util::detail::getScopeBufferType(
    Operation *op, Value value, const BufferizationOptions &options,
    const BufferizationState &state, SmallVector<Value> &invocationStack) {
  auto closure = cast<ClosureOpInterface>(op);
  auto tiedOp = cast<TiedOpInterface>(op);
  auto bufferTypeOf = [&](Value v) -> FailureOr<BufferLikeType> {
    if (auto bufferType = dyn_cast<BufferLikeType>(v.getType()))
      return bufferType;
    return bufferization::getBufferType(v, options, state, invocationStack);
  };

  // An entry block argument is the buffer of its capture.
  if (auto bbArg = dyn_cast<BlockArgument>(value))
    return bufferTypeOf(closure.getClosureOperands()[bbArg.getArgNumber()]);

  // A tied result has its capture's buffer type.
  unsigned index = cast<OpResult>(value).getResultNumber();
  if (Value tied = tiedOp.getTiedResultOperand(index))
    return bufferTypeOf(tied);

  // An untied result has the type of the buffers yielded for it if they
  // agree, and a fully dynamic layout otherwise.
  BaseMemRefType resultType;
  for (Operation *exit : getExits(op)) {
    Value yielded = exit->getOperand(index);
    if (llvm::is_contained(invocationStack, yielded))
      continue;
    FailureOr<BufferLikeType> yieldedType = bufferTypeOf(yielded);
    if (failed(yieldedType))
      return failure();
    auto memrefType = dyn_cast<BaseMemRefType>(*yieldedType);
    if (!memrefType)
      return op->emitOpError("cannot bufferize result #")
             << index << " to a non-memref buffer";
    if (!resultType) {
      resultType = memrefType;
      continue;
    }
    if (resultType == memrefType)
      continue;
    if (resultType.getMemorySpace() != memrefType.getMemorySpace())
      return op->emitOpError("result #")
             << index << " is yielded in different memory spaces";
    resultType = getMemRefTypeWithFullyDynamicLayout(
        cast<TensorType>(value.getType()), resultType.getMemorySpace());
  }
  if (!resultType)
    return bufferization::detail::defaultGetBufferType(value, options, state,
                                                       invocationStack);
  return cast<BufferLikeType>(resultType);
}

LogicalResult scopeir::util::detail::bufferizeScope(
    Operation *op, RewriterBase &rewriter, const BufferizationOptions &options,
    BufferizationState &state) {
  auto closure = cast<ClosureOpInterface>(op);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  // (Before the operands are read: untying gives results dims of their own.)
  untieResultsWithOtherBuffers(rewriter, op);

  // The captures become their buffers; every other operand (dims) stays.
  SmallVector<Value> operands(op->getOperands());
  OperandRange captures = closure.getClosureOperands();
  for (auto [i, capture] : llvm::enumerate(captures)) {
    if (!isa<TensorType>(capture.getType()))
      continue;
    FailureOr<Value> buffer = getBuffer(rewriter, capture, options, state);
    if (failed(buffer))
      return failure();
    operands[captures.getBeginOperandIndex() + i] = *buffer;
  }
  SmallVector<Type> resultTypes;
  for (OpResult result : op->getResults()) {
    if (!isa<TensorType>(result.getType())) {
      resultTypes.push_back(result.getType());
      continue;
    }
    FailureOr<BufferLikeType> type =
        bufferization::getBufferType(result, options, state);
    if (failed(type))
      return failure();
    resultTypes.push_back(*type);
  }

  // The same op (inherent attributes, operand segments, ties and dims
  // included) on the buffers, with the body moved over.
  OperationState newState(op->getLoc(), op->getName());
  newState.addOperands(operands);
  newState.addTypes(resultTypes);
  newState.propertiesAttr = op->getPropertiesAsAttribute();
  newState.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    newState.addRegion();
  Operation *newOp = rewriter.create(newState);
  for (auto [oldRegion, newRegion] :
       llvm::zip_equal(op->getRegions(), newOp->getRegions()))
    rewriter.inlineRegionBefore(oldRegion, newRegion, newRegion.end());

  // Entry block arguments take the capture buffers; the arguments of other
  // blocks take the buffers their predecessors forward.
  for (Block &block : cast<ClosureOpInterface>(newOp).getClosureBodyRegion())
    if (failed(bufferizeBlockSignature(&block, rewriter, options, state)))
      return failure();

  replaceOpWithBufferizedValues(rewriter, op, newOp->getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// The exit terminator
//===----------------------------------------------------------------------===//

/// Returns the closure scope op whose body `exit` exits, if it is
/// bufferizable.
static Operation *getBufferizableScope(Operation *exit) {
  Operation *parent = exit->getParentOp();
  return isa<ClosureOpInterface>(parent) &&
                 isa<BufferizableOpInterface>(parent)
             ? parent
             : nullptr;
}

/// Only scope ops with a bufferization model can be bufferized; others (such
/// as util.annotate) have to be lowered to util.scope first.
LogicalResult scopeir::util::detail::verifyScopeExitAnalysis(Operation *op) {
  if (getBufferizableScope(op) ||
      llvm::none_of(op->getOperandTypes(), llvm::IsaPred<TensorType>))
    return success();
  return op->emitOpError("cannot be bufferized inside '")
         << op->getParentOp()->getName()
         << "'; lower it to util.scope first (util-lower-annotations)";
}

AliasingValueList
scopeir::util::detail::getScopeExitAliasingValues(Operation *op,
                                                  OpOperand &opOperand) {
  Operation *scope = getBufferizableScope(op);
  if (!scope)
    return {};
  return {{scope->getResult(opOperand.getOperandNumber()),
           BufferRelation::Equivalent,
           /*isDefinite=*/getExits(scope).size() == 1}};
}

LogicalResult scopeir::util::detail::bufferizeScopeExit(
    Operation *op, RewriterBase &rewriter, const BufferizationOptions &options,
    BufferizationState &state) {
  Operation *scope = getBufferizableScope(op);
  if (!scope)
    return op->emitOpError("cannot be bufferized inside '")
           << op->getParentOp()->getName() << "'";

  SmallVector<Value> operands;
  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    if (!isa<TensorType>(operand.getType())) {
      operands.push_back(operand);
      continue;
    }
    FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
    if (failed(buffer))
      return failure();
    // Yield the buffer type of the scope result, whether or not the scope
    // has been bufferized yet.
    OpResult result = scope->getResult(index);
    Type resultType = result.getType();
    if (!isa<BaseMemRefType>(resultType)) {
      FailureOr<BufferLikeType> type =
          bufferization::getBufferType(result, options, state);
      if (failed(type))
        return failure();
      resultType = *type;
    }
    Value value = *buffer;
    if (value.getType() != resultType) {
      if (!isa<BaseMemRefType>(resultType) ||
          !memref::CastOp::areCastCompatible(value.getType(), resultType))
        return op->emitOpError("cannot yield a buffer of type ")
               << value.getType() << " for a scope result of type "
               << resultType;
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(op);
      value = memref::CastOp::create(rewriter, op->getLoc(), resultType, value);
    }
    operands.push_back(value);
  }
  rewriter.modifyOpInPlace(op, [&] { op->setOperands(operands); });
  untieResultsWithOtherBuffers(rewriter, scope);
  return success();
}

void scopeir::util::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, UtilDialect *dialect) {
    ScopeOp::attachInterface<ScopeBufferizationModel<ScopeOp>>(*ctx);
    ReturnOp::attachInterface<ScopeExitBufferizationModel<ReturnOp>>(*ctx);
    registerOptimizationBarrierBufferizationModel(ctx);
    ctx->loadDialect<memref::MemRefDialect>();
  });
}
