//===- SplitEmptyTensors.cpp - One tensor.empty per use ---------*- C++ -*-===//
//
// This file implements util-split-empty-tensors: a `tensor.empty` with
// several uses is cloned so that each use has its own, right before
// one-shot bufferization.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"

namespace scopeir::util {
#define GEN_PASS_DEF_SPLITEMPTYTENSORSPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir;
using namespace scopeir::util;

namespace {
struct SplitEmptyTensorsPass final
    : util::impl::SplitEmptyTensorsPassBase<SplitEmptyTensorsPass> {
  void runOnOperation() override {
    // The uses of each empty tensor in program order (a pre-order walk), so
    // that the first keeps the original and the output is deterministic.
    llvm::MapVector<Operation *, SmallVector<OpOperand *>> uses;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands())
        if (auto empty = operand.get().getDefiningOp<tensor::EmptyOp>())
          uses[empty].push_back(&operand);
    });
    OpBuilder builder(&getContext());
    for (auto &[empty, operands] : uses) {
      // The clones go right after the original: they dominate every use it
      // dominates.
      builder.setInsertionPointAfter(empty);
      for (OpOperand *use : llvm::drop_begin(operands))
        use->set(builder.clone(*empty)->getResult(0));
    }
  }
};
} // namespace
