//===- BufferizableOpInterfaceImpl.cpp - flow bufferization -----*- C++ -*-===//
//
// This file implements the BufferizableOpInterface external model of
// flow.tensor.transfer: the result is a new dense buffer (in the target
// memory) that a flow.buffer.transfer fills from the source's buffer. The
// source is only read.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/Bufferization/BufferizableOpInterfaceImpl.h"

#include "scopeir/Dialect/Flow/IR/FlowDialect.h"
#include "scopeir/Dialect/Flow/IR/FlowOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace scopeir::flow;

namespace {

/// Returns the dense row-major buffer type of `type`.
MemRefType getDenseBufferType(RankedTensorType type) {
  return MemRefType::get(type.getShape(), type.getElementType());
}

struct TensorTransferOpInterface
    : public BufferizableOpInterface::ExternalModel<TensorTransferOpInterface,
                                                    TensorTransferOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }

  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }

  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }

  bool bufferizesToAllocation(Operation *, Value) const { return true; }

  FailureOr<BufferLikeType> getBufferType(Operation *, Value value,
                                          const BufferizationOptions &,
                                          const BufferizationState &,
                                          SmallVector<Value> &) const {
    return cast<BufferLikeType>(
        getDenseBufferType(cast<RankedTensorType>(value.getType())));
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto transfer = cast<TensorTransferOp>(op);
    Location loc = op->getLoc();
    FailureOr<Value> source =
        getBuffer(rewriter, transfer.getSource(), options, state);
    if (failed(source))
      return failure();
    MemRefType dense = getDenseBufferType(transfer.getType());
    SmallVector<Value> dims;
    for (auto [i, size] : llvm::enumerate(dense.getShape()))
      if (ShapedType::isDynamic(size))
        dims.push_back(memref::DimOp::create(rewriter, loc, *source, i));
    Value from = *source;
    if (!cast<MemRefType>(from.getType()).getLayout().isIdentity()) {
      // A strided view of host memory is made dense on the host first; one
      // of device memory would have to be made dense on its device.
      if (transfer.getSourceMemoryAttr())
        return op->emitOpError("transfers a strided view of device memory; "
                               "only dense buffers leave a device");
      FailureOr<Value> copy = options.createAlloc(rewriter, loc, dense, dims);
      if (failed(copy) ||
          failed(options.createMemCpy(rewriter, loc, from, *copy)))
        return failure();
      from = *copy;
    }
    FailureOr<Value> target = options.createAlloc(rewriter, loc, dense, dims);
    if (failed(target))
      return failure();
    BufferTransferOp::create(rewriter, loc, from, *target,
                             transfer.getSourceMemoryAttr(),
                             transfer.getTargetMemoryAttr());
    replaceOpWithBufferizedValues(rewriter, op, *target);
    return success();
  }
};

} // namespace

void scopeir::flow::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, FlowDialect *) {
    TensorTransferOp::attachInterface<TensorTransferOpInterface>(*context);
  });
}
