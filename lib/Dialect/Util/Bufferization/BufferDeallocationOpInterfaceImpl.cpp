//===- BufferDeallocationOpInterfaceImpl.cpp - util.scope deallocation ----===//
//
// This file implements the BufferDeallocationOpInterface external model of
// util.scope for the ownership-based buffer deallocation pass.
//
// The pass handles a region op with RegionBranchOpInterface by appending one
// `i1` ownership operand per forwarded memref and one `i1` ownership result
// per memref result to the op's operand and result lists. On util.scope that
// generic rewrite would land in the result_dims segment and break
// `operandSegmentSizes` and the `tied_operands` array. This model rebuilds
// the scope through its own builder instead: the ownership indicators of the
// results become extra untied `i1` results, and the scope takes no ownership
// of the memrefs it captures (their ownership in the body is `false`).
//
// Before the pass processes the scope op itself it has processed the body
// (blocks are visited in post-order): each memref entry block argument got a
// trailing `i1` ownership argument and each util.return got a trailing `i1`
// ownership operand per memref it yields. The rebuilt scope replaces the
// former by `false` and supplies results for the latter.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Bufferization/BufferizableOpInterfaceImpl.h"

#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace scopeir::util;

namespace {

static bool isMemref(Value value) {
  return isa<BaseMemRefType>(value.getType());
}

struct ScopeOpDeallocationModel
    : BufferDeallocationOpInterface::ExternalModel<ScopeOpDeallocationModel,
                                                   ScopeOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &options) const {
    auto scope = cast<ScopeOp>(op);
    Block &entry = scope.getEntryBlock();
    unsigned numCaptures = scope.getCaptures().size();
    unsigned numMemrefCaptures = llvm::count_if(scope.getCaptures(), isMemref);
    unsigned numMemrefResults = llvm::count_if(scope.getResults(), isMemref);
    if (numMemrefCaptures == 0 && numMemrefResults == 0)
      return op;

    // Check the shape the pass left the body in before rebuilding the op, so
    // that a change in the pass's protocol is a diagnostic, not invalid IR.
    if (entry.getNumArguments() != numCaptures + numMemrefCaptures)
      return scope.emitOpError("unexpected entry block arguments during "
                               "buffer deallocation: expected ")
             << numCaptures + numMemrefCaptures << ", found "
             << entry.getNumArguments();
    for (Block &block : scope.getBody()) {
      auto ret = dyn_cast<ReturnOp>(block.getTerminator());
      if (ret &&
          ret.getNumOperands() != scope.getNumResults() + numMemrefResults)
        return ret.emitOpError("unexpected operands during buffer "
                               "deallocation: expected ")
               << scope.getNumResults() + numMemrefResults << ", found "
               << ret.getNumOperands();
    }

    // The scope takes no ownership of the memrefs it captures: their owner
    // above the scope deallocates them (retaining whatever aliases them).
    // Their ownership inside the body is thus the constant `false`, built in
    // the body rather than captured (the closure canonicalization would drop
    // constant captures again).
    if (numMemrefCaptures != 0) {
      OpBuilder bodyBuilder = OpBuilder::atBlockBegin(&entry);
      Value falseValue = arith::ConstantOp::create(
          bodyBuilder, scope.getLoc(), bodyBuilder.getBoolAttr(false));
      for (BlockArgument ownership :
           entry.getArguments().drop_front(numCaptures))
        ownership.replaceAllUsesWith(falseValue);
      entry.eraseArguments(numCaptures, numMemrefCaptures);
    }

    OpBuilder builder(scope);
    SmallVector<Type> resultTypes(scope.getResultTypes());
    resultTypes.append(numMemrefResults, builder.getI1Type());
    SmallVector<int64_t> ties = scope.getTiedResultIndices();
    ties.append(numMemrefResults, TiedOpInterface::kUntied);

    auto newScope = ScopeOp::create(
        builder, scope.getLoc(), resultTypes, scope.getResultDims(),
        scope.getCaptures(), scope.getCaptureDims(), ties,
        llvm::to_vector(scope.getScopeAttrsOrEmpty().getValue()));
    newScope->setDiscardableAttrs(scope->getDiscardableAttrDictionary());
    newScope.getBody().front().erase();
    newScope.getBody().takeBody(scope.getBody());

    unsigned numResults = scope.getNumResults();
    scope->replaceAllUsesWith(newScope->getResults().take_front(numResults));
    unsigned ownership = numResults;
    for (Value result : newScope->getResults().take_front(numResults)) {
      if (!isMemref(result))
        continue;
      state.updateOwnership(result, newScope->getResult(ownership++));
      state.addMemrefToDeallocate(result, newScope->getBlock());
    }
    scope->erase();
    return newScope.getOperation();
  }
};

} // namespace

void scopeir::util::registerBufferDeallocationOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, UtilDialect *dialect) {
    ScopeOp::attachInterface<ScopeOpDeallocationModel>(*ctx);
    ctx->loadDialect<arith::ArithDialect>();
  });
}
