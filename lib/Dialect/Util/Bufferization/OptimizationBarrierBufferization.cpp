//===- OptimizationBarrierBufferization.cpp - Barrier bufferization -------===//
//
// This file implements the BufferizableOpInterface model of
// util.optimization_barrier: the barrier keeps standing between its operands
// and their uses after bufferization, now on their buffers.
//
// Each tensor result is the buffer of the operand at the same position
// (equivalent buffers): the barrier itself neither reads nor writes them,
// so a result that is updated in place updates the operand's buffer, and
// the analysis copies first where that buffer may not be written (a
// constant's global) or is read later, exactly as it would without the
// barrier.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Bufferization/BufferizableOpInterfaceImpl.h"

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace scopeir::util;

namespace {

struct OptimizationBarrierBufferizationModel
    : public BufferizableOpInterface::ExternalModel<
          OptimizationBarrierBufferizationModel, OptimizationBarrierOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return false;
  }

  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &opOperand,
                                      const AnalysisState &) const {
    return {{op->getResult(opOperand.getOperandNumber()),
             BufferRelation::Equivalent, /*isDefinite=*/true}};
  }

  AliasingOpOperandList getAliasingOpOperands(Operation *op, Value value,
                                              const AnalysisState &) const {
    auto result = cast<OpResult>(value);
    return {{&op->getOpOperand(result.getResultNumber()),
             BufferRelation::Equivalent, /*isDefinite=*/true}};
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto result = cast<OpResult>(value);
    return bufferization::getBufferType(
        op->getOperand(result.getResultNumber()), options, state,
        invocationStack);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      if (!isa<TensorType>(operand.getType())) {
        operands.push_back(operand);
        continue;
      }
      FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
      if (failed(buffer))
        return failure();
      operands.push_back(*buffer);
    }
    auto barrier = OptimizationBarrierOp::create(rewriter, op->getLoc(),
                                                 ValueRange(operands));
    replaceOpWithBufferizedValues(rewriter, op, barrier.getResults());
    return success();
  }
};

} // namespace

void scopeir::util::registerOptimizationBarrierBufferizationModel(
    MLIRContext *ctx) {
  OptimizationBarrierOp::attachInterface<
      OptimizationBarrierBufferizationModel>(*ctx);
}
