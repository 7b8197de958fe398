//===- LLVMCPUFuseElementwise.cpp - Elementwise chain as one op -*- C++ -*-===//
//
// This file implements llvm-cpu-fuse-elementwise: an elementwise
// linalg.generic whose only user is another elementwise linalg.generic is
// folded into it, so that a chain (a batch norm, then its activation) reads
// and writes its tensor once instead of once per op.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUFUSEELEMENTWISEPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::llvmcpu;

namespace {

struct LLVMCPUFuseElementwisePass
    : llvmcpu::impl::LLVMCPUFuseElementwisePassBase<
          LLVMCPUFuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Only a producer with one user (fusing one with several would compute
    // it again in each) whose elements the user reads once each: a
    // producer the user broadcasts (a per-channel rsqrt(var + eps) read by
    // every pixel) would be computed again for every element.
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [](OpOperand *fused) {
          Operation *producer = fused->get().getDefiningOp();
          auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
          return producer && producer->hasOneUse() && consumer &&
                 consumer.getMatchingIndexingMap(fused).isPermutation();
        });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
