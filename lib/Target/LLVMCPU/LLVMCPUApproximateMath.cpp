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
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(
        patterns, [&](StringRef name) { return names.contains(name); });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
