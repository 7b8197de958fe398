//===- LLVMCPUConfigureOpenMP.cpp - llvm-cpu's OpenMP policy ----*- C++ -*-===//
//
// This file implements llvm-cpu-configure-openmp: the worksharing loops
// of functions on llvm-cpu devices get a guided schedule, and the parallel
// regions of a device whose config sets `threads = N` run on at most N
// threads.
//
//===----------------------------------------------------------------------===//

#include "LLVMCPUDeviceConfig.h"

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUCONFIGUREOPENMPPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;
using namespace scopeir::llvmcpu;

namespace {

struct LLVMCPUConfigureOpenMPPass
    : llvmcpu::impl::LLVMCPUConfigureOpenMPPassBase<LLVMCPUConfigureOpenMPPass> {
  using Base::Base;

  void runOnOperation() override {
    bool failed = false;
    // The op itself if it is a function (hal-run-backend-pipelines runs the
    // pass on each function), else the functions nested in it.
    SmallVector<FunctionOpInterface> funcs;
    getOperation()->walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
      funcs.push_back(func);
      return WalkResult::skip();
    });
    for (FunctionOpInterface func : funcs) {
      FailureOr<LLVMCPUConfig> config = lookupLLVMCPUConfig(func);
      if (mlir::failed(config)) {
        failed = true;
        continue;
      }
      DeviceTargetAttr device = getFunctionDevice(func);
      if (!device || device.getBackend() != "llvm-cpu")
        continue;
      // Tiles are handed out in shrinking chunks rather than split once:
      // a thread that is descheduled (a shared machine) or slower does not
      // hold up the others at the closing barrier. Which thread computes a
      // tile does not change what it computes.
      func->walk([&](omp::WsloopOp loop) {
        if (!loop.getScheduleKind())
          loop.setScheduleKind(omp::ClauseScheduleKind::Guided);
      });
      if (!config->threads)
        continue;
      func->walk([&](omp::ParallelOp parallel) {
        int64_t limit = *config->threads;
        // A region that already asks for no more threads keeps its count.
        if (Value current = parallel.getNumThreads())
          if (auto constant = current.getDefiningOp<arith::ConstantIntOp>())
            if (constant.value() <= limit)
              return;
        OpBuilder builder(parallel);
        Value count = arith::ConstantIntOp::create(
            builder, parallel.getLoc(), builder.getI32Type(), limit);
        parallel.getNumThreadsMutable().assign(count);
      });
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
