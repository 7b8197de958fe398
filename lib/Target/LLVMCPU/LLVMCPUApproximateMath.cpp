//===- LLVMCPUApproximateMath.cpp - Vectorizable math functions --*- C++ -*-===//
//
// This file implements llvm-cpu-approximate-math: f32 math functions become
// upstream's polynomial approximations, arithmetic that stays in vector
// registers, instead of one libm call per vector lane.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUAPPROXIMATEMATHPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::llvmcpu;

namespace {

struct LLVMCPUApproximateMathPass
    : llvmcpu::impl::LLVMCPUApproximateMathPassBase<
          LLVMCPUApproximateMathPass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::StringSet<> names;
    for (const std::string &name : functions)
      names.insert("math." + name);
    if (functions.empty())
      for (StringRef name : {"math.exp", "math.tanh", "math.erf"})
        names.insert(name);
    // Upstream's approximations build scalar and vector arithmetic only: a
    // math op on tensors (before bufferization, or in a program this pass is
    // run on by hand) is left as it is, so collect the ops it may rewrite.
    SmallVector<Operation *> candidates;
    getOperation()->walk([&](Operation *op) {
      if (!names.contains(op->getName().getStringRef()))
        return;
      auto scalarOrVector = [](Type type) {
        return isa<FloatType, VectorType>(type);
      };
      if (llvm::all_of(op->getOperandTypes(), scalarOrVector) &&
          llvm::all_of(op->getResultTypes(), scalarOrVector))
        candidates.push_back(op);
    });
    if (candidates.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(
        patterns, [&](StringRef name) { return names.contains(name); });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(
            applyOpPatternsGreedily(candidates, std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
