//===- LLVMCPULowerParallelTiles.cpp - llvm-cpu tiles to loops ---*- C++ -*-===//
//
// This file implements llvm-cpu-lower-parallel-tiles: the scf.forall
// tiles of llvm-cpu's strategies become scf.parallel loops (run on threads
// by the host lowering), or scf.for loops where the device's config says
// `threads = 1`.
//
//===----------------------------------------------------------------------===//

#include "LLVMCPUDeviceConfig.h"

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPULOWERPARALLELTILESPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;
using namespace scopeir::llvmcpu;

namespace {

struct LLVMCPULowerParallelTilesPass
    : llvmcpu::impl::LLVMCPULowerParallelTilesPassBase<
          LLVMCPULowerParallelTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<LLVMCPUConfig> config = lookupLLVMCPUConfig(getOperation());
    if (failed(config))
      return signalPassFailure();
    bool sequential = config->threads && *config->threads == 1;
    SmallVector<scf::ForallOp> foralls;
    // Outermost first, so that a nested forall is converted inside the
    // loop that replaced its parent.
    getOperation()->walk<WalkOrder::PreOrder>(
        [&](scf::ForallOp op) { foralls.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : foralls) {
      rewriter.setInsertionPoint(forall);
      // Inside a parallel loop (a strategy's tiles inside the grid of a
      // lowered codegen.scope.workgroups) the threads are taken: a nested
      // parallel region would only add a fork per tile.
      bool nested = forall->getParentOfType<scf::ParallelOp>() != nullptr;
      LogicalResult converted =
          sequential || nested ? scf::forallToForLoop(rewriter, forall)
                               : scf::forallToParallelLoop(rewriter, forall);
      if (failed(converted)) {
        forall.emitOpError("llvm-cpu-lower-parallel-tiles: cannot "
                           "convert to a loop (the op must be bufferized)");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
