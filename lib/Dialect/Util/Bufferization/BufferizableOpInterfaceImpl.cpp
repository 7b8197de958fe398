//===- BufferizableOpInterfaceImpl.cpp - util.scope bufferization ---------===//
//
// This file implements the BufferizableOpInterface external models of
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
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Bufferization/BufferizableOpInterfaceImpl.h"

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

namespace {

/// Returns the util.return ops ending the blocks of `scope`'s body.
static SmallVector<ReturnOp> getReturnOps(ScopeOp scope) {
  SmallVector<ReturnOp> returns;
  for (Operation *exit : getScopeExits(scope))
    returns.push_back(cast<ReturnOp>(exit));
  return returns;
}

/// Returns true if `yielded`, a value util.return yields, is the buffer of
/// the entry block argument `bbArg` (possibly cast), whether or not `bbArg`
/// has been bufferized yet. Looks through casts, to_buffer ops, tied results
/// of nested ops (an inner scope that updated its capture in place) and
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

/// Marks result `index` of `scope` untied, giving it its former capture's
/// dims as result dims: the body yields another buffer than the capture's.
static void untieResult(RewriterBase &rewriter, ScopeOp scope, unsigned index) {
  SmallVector<Value> resultDims;
  SmallVector<int64_t> ties = scope.getTiedResultIndices();
  for (unsigned i = 0, e = scope.getNumResults(); i < e; ++i)
    if (i == index || ties[i] == TiedOpInterface::kUntied)
      llvm::append_range(resultDims, scope.getResultDynamicDims(i));
  ties[index] = TiedOpInterface::kUntied;
  rewriter.modifyOpInPlace(scope, [&] {
    scope.getResultDimsMutable().assign(resultDims);
    if (llvm::all_of(ties,
                     [](int64_t t) { return t == TiedOpInterface::kUntied; }))
      scope.removeTiedOperandsAttr();
    else
      scope.setTiedOperands(ties);
  });
}

/// Unties every tied result of `scope` for which some util.return that was
/// already bufferized yields another buffer than the capture's. Called from
/// both sides because One-Shot Bufferize does not promise an order between a
/// scope and its terminators.
static void untieResultsWithOtherBuffers(RewriterBase &rewriter,
                                         ScopeOp scope) {
  for (ReturnOp ret : getReturnOps(scope)) {
    for (auto [index, operand] : llvm::enumerate(ret.getOperands())) {
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      std::optional<unsigned> tied = scope.getTiedResultOperandIndex(index);
      if (tied &&
          !isBufferOf(operand, scope.getEntryBlock().getArgument(*tied)))
        untieResult(rewriter, scope, index);
    }
  }
}

//===----------------------------------------------------------------------===//
// util.scope
//===----------------------------------------------------------------------===//

struct ScopeOpBufferizationModel
    : OpWithUnstructuredControlFlowBufferizableOpInterfaceExternalModel<
          ScopeOpBufferizationModel, ScopeOp> {
  using Base =
      OpWithUnstructuredControlFlowBufferizableOpInterfaceExternalModel<
          ScopeOpBufferizationModel, ScopeOp>;

  static bool supportsUnstructuredControlFlow() { return true; }

  /// Captures are only forwarded into the body; the uses of their block
  /// arguments read and write.
  bool bufferizesToMemoryRead(Operation *op, OpOperand &opOperand,
                              const AnalysisState &state) const {
    return false;
  }

  bool bufferizesToMemoryWrite(Operation *op, OpOperand &opOperand,
                               const AnalysisState &state) const {
    return false;
  }

  /// A capture is its block argument: never copy at the scope boundary (a
  /// conflicting write inside the body copies instead). Deciding this up
  /// front also puts the capture and its block argument into one alias set
  /// before any op of the body is analyzed.
  bool mustBufferizeInPlace(Operation *op, OpOperand &opOperand,
                            const AnalysisState &state) const {
    return true;
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &opOperand,
                                      const AnalysisState &state) const {
    auto scope = cast<ScopeOp>(op);
    unsigned index = opOperand.getOperandNumber();
    if (index >= scope.getCaptures().size())
      return {};
    return {{scope.getEntryBlock().getArgument(index),
             BufferRelation::Equivalent, /*isDefinite=*/true}};
  }

  AliasingOpOperandList
  getAliasingOpOperands(Operation *op, Value value,
                        const AnalysisState &state) const {
    auto scope = cast<ScopeOp>(op);
    if (auto bbArg = dyn_cast<BlockArgument>(value)) {
      if (bbArg.getOwner() != &scope.getEntryBlock())
        return getAliasingBranchOpOperands(op, bbArg, state);
      return {{&scope.getCapturesMutable()[bbArg.getArgNumber()],
               BufferRelation::Equivalent, /*isDefinite=*/true}};
    }
    // A result is what the util.return ops yield for it.
    unsigned index = cast<OpResult>(value).getResultNumber();
    SmallVector<ReturnOp> returns = getReturnOps(scope);
    AliasingOpOperandList result;
    for (ReturnOp ret : returns)
      result.addAlias({&ret->getOpOperand(index), BufferRelation::Equivalent,
                       /*isDefinite=*/returns.size() == 1});
    return result;
  }

  /// A capture counts as a read when its block argument is read in the body
  /// (the analysis follows the alias). Those reads are uses inside the body
  /// and the analysis orders them against writes inside the body itself; the
  /// capture, which encloses such a write, must not count as a read that
  /// happens before it (inside a loop that would force a copy of every
  /// capture updated in place).
  bool isNotConflicting(Operation *op, OpOperand *uRead,
                        OpOperand *uConflictingWrite,
                        const AnalysisState &state) const {
    auto scope = cast<ScopeOp>(op);
    return uRead->getOwner() == op &&
           uRead->getOperandNumber() < scope.getCaptures().size() &&
           op->isProperAncestor(uConflictingWrite->getOwner());
  }

  /// One-Shot Analysis derives equivalence only between op results and their
  /// aliasing operands, so it never learns that an entry block argument is
  /// its capture. It is (the capture is always in place and the block
  /// argument becomes the capture's buffer), and enclosing ops need to know:
  /// an scf.for whose body updates its iter_arg through a scope checks that
  /// the yielded value is equivalent to the iter_arg, and function boundary
  /// analysis looks for returned values equivalent to arguments. Analysis
  /// verification runs bottom-up after alias and equivalence sets are
  /// built, before the enclosing ops' own verification, so record it here.
  LogicalResult verifyAnalysis(Operation *op,
                               const AnalysisState &state) const {
    auto *oneShotState = dyn_cast<OneShotAnalysisState>(&state);
    if (!oneShotState)
      return success();
    auto scope = cast<ScopeOp>(op);
    for (auto [capture, bbArg] : llvm::zip_equal(
             scope.getCaptures(), scope.getEntryBlock().getArguments()))
      if (isa<TensorType>(capture.getType()))
        const_cast<OneShotAnalysisState *>(oneShotState)
            ->unionEquivalenceClasses(capture, bbArg);
    return success();
  }

  /// Block arguments stand for captures or forwarded values whose own
  /// writability the analysis checks through the alias sets.
  bool isWritable(Operation *op, Value value,
                  const AnalysisState &state) const {
    return true;
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto scope = cast<ScopeOp>(op);
    auto bufferTypeOf = [&](Value v) -> FailureOr<BufferLikeType> {
      if (auto bufferType = dyn_cast<BufferLikeType>(v.getType()))
        return bufferType;
      return bufferization::getBufferType(v, options, state, invocationStack);
    };

    if (auto bbArg = dyn_cast<BlockArgument>(value)) {
      if (bbArg.getOwner() != &scope.getEntryBlock())
        return Base::getBufferType(op, value, options, state, invocationStack);
      // An entry block argument is the buffer of its capture.
      return bufferTypeOf(scope.getCaptures()[bbArg.getArgNumber()]);
    }

    // A tied result has its capture's buffer type.
    unsigned index = cast<OpResult>(value).getResultNumber();
    if (Value tied = scope.getTiedResultOperand(index))
      return bufferTypeOf(tied);

    // An untied result has the type of the buffers yielded for it if they
    // agree, and a fully dynamic layout otherwise.
    BaseMemRefType resultType;
    for (ReturnOp ret : getReturnOps(scope)) {
      Value yielded = ret.getOperand(index);
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

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto scope = cast<ScopeOp>(op);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(scope);

    SmallVector<Value> captures;
    for (Value capture : scope.getCaptures()) {
      if (!isa<TensorType>(capture.getType())) {
        captures.push_back(capture);
        continue;
      }
      FailureOr<Value> buffer = getBuffer(rewriter, capture, options, state);
      if (failed(buffer))
        return failure();
      captures.push_back(*buffer);
    }
    SmallVector<Type> resultTypes;
    for (OpResult result : scope->getResults()) {
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

    untieResultsWithOtherBuffers(rewriter, scope);
    auto newScope = ScopeOp::create(
        rewriter, scope.getLoc(), resultTypes, scope.getResultDims(), captures,
        scope.getCaptureDims(), scope.getTiedResultIndices(),
        llvm::to_vector(scope.getScopeAttrsOrEmpty().getValue()));
    newScope->setDiscardableAttrs(scope->getDiscardableAttrDictionary());
    Block *placeholder = &newScope.getBody().front();
    rewriter.inlineRegionBefore(scope.getBody(), newScope.getBody(),
                                newScope.getBody().begin());
    rewriter.eraseBlock(placeholder);

    // Entry block arguments take the capture buffers; the arguments of other
    // blocks take the buffers their predecessors forward.
    for (Block &block : newScope.getBody())
      if (failed(bufferizeBlockSignature(&block, rewriter, options, state)))
        return failure();

    replaceOpWithBufferizedValues(rewriter, scope, newScope.getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// util.return
//===----------------------------------------------------------------------===//

struct ReturnOpBufferizationModel
    : BufferizableOpInterface::ExternalModel<ReturnOpBufferizationModel,
                                             ReturnOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &opOperand,
                              const AnalysisState &state) const {
    return true;
  }

  bool bufferizesToMemoryWrite(Operation *op, OpOperand &opOperand,
                               const AnalysisState &state) const {
    return false;
  }

  /// Yield the value itself, never a copy made inside the body.
  bool mustBufferizeInPlace(Operation *op, OpOperand &opOperand,
                            const AnalysisState &state) const {
    return true;
  }

  /// Only util.scope has a bufferization model; other scope ops (such as
  /// util.annotate) have to be lowered to it first.
  LogicalResult verifyAnalysis(Operation *op,
                               const AnalysisState &state) const {
    if (isa<ScopeOp>(op->getParentOp()) ||
        llvm::none_of(op->getOperandTypes(), llvm::IsaPred<TensorType>))
      return success();
    return op->emitOpError("cannot be bufferized inside '")
           << op->getParentOp()->getName()
           << "'; lower it to util.scope first (util-lower-annotations)";
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &opOperand,
                                      const AnalysisState &state) const {
    auto scope = dyn_cast<ScopeOp>(op->getParentOp());
    if (!scope)
      return {};
    return {{scope->getResult(opOperand.getOperandNumber()),
             BufferRelation::Equivalent,
             /*isDefinite=*/getReturnOps(scope).size() == 1}};
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto ret = cast<ReturnOp>(op);
    auto scope = dyn_cast<ScopeOp>(op->getParentOp());
    if (!scope)
      return op->emitOpError("cannot be bufferized inside '")
             << op->getParentOp()->getName() << "'";

    SmallVector<Value> operands;
    for (auto [index, operand] : llvm::enumerate(ret.getOperands())) {
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
        value =
            memref::CastOp::create(rewriter, op->getLoc(), resultType, value);
      }
      operands.push_back(value);
    }
    rewriter.replaceOpWithNewOp<ReturnOp>(op, operands);
    untieResultsWithOtherBuffers(rewriter, scope);
    return success();
  }
};

} // namespace

void scopeir::util::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, UtilDialect *dialect) {
    ScopeOp::attachInterface<ScopeOpBufferizationModel>(*ctx);
    ReturnOp::attachInterface<ReturnOpBufferizationModel>(*ctx);
    ctx->loadDialect<memref::MemRefDialect>();
  });
}
