//===- LLVMCPUBackends.cpp - The built-in CPU target backends ---*- C++ -*-===//
//
// This file implements the two built-in CPU backends, `llvm-cpu` (tiled and
// vectorized) and `llvm-cpu-loops` (plain loops), and their registration.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/Target/LLVMCPUConfig.h"
#include "scopeir/Dialect/HAL/Target/Passes.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"

#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace scopeir::hal;

namespace {

/// Applies the per-root strategies of the strategy library (contractions,
/// convolutions), then tiles and vectorizes every other linalg op and lowers
/// the vector ops; what could not be vectorized becomes loops after
/// bufferization. See docs/llvm-cpu.md.
class LLVMCPUBackend final : public TargetBackend {
public:
  StringRef getName() const override { return "llvm-cpu"; }
  StringRef getDescription() const override {
    return "CPU via LLVM: per-root transform strategies (packed FMA kernels "
           "for contractions and convolutions), other linalg ops tiled and "
           "vectorized";
  }

  void buildTensorPipeline(OpPassManager &funcPM) const override {
    // Roots with a strategy of their own (contractions) first.
    funcPM.addPass(createLLVMCPUApplyStrategiesPass());
    funcPM.addPass(createCanonicalizerPass());
    // Then every other linalg op: m/n tiles of 8x16 and k tiles of 16: small enough to keep a tile of
    // the accumulator in vector registers, large enough to fill them.
    LLVMCPUTileAndVectorizePassOptions options;
    options.tileSizes = {8, 16, 16};
    funcPM.addPass(createLLVMCPUTileAndVectorizePass(options));
    funcPM.addPass(createCanonicalizerPass());
    funcPM.addPass(createCSEPass());
  }

  void buildBufferPipeline(OpPassManager &funcPM) const override {
    // The strategies' outer tiles (scf.forall) become parallel loops, which
    // the host lowering runs on threads, or serial ones (config threads=1).
    funcPM.addPass(createLLVMCPULowerParallelTilesPass());
    // Whatever was not vectorized.
    funcPM.addPass(createConvertLinalgToLoopsPass());
    funcPM.addPass(vector::createLowerVectorMaskPass());
    // n-D transfers become loops of 1-D transfers, which lower to LLVM
    // (masked) loads and stores.
    VectorTransferToSCFOptions toSCF;
    toSCF.enableFullUnroll(true);
    funcPM.addPass(createConvertVectorToSCFPass(toSCF));
    funcPM.addPass(vector::createLowerVectorMultiReductionPass());
    funcPM.addPass(createCanonicalizerPass());
  }

  LogicalResult verifyConfig(
      DictionaryAttr config,
      function_ref<InFlightDiagnostic()> emitError) const override {
    return LLVMCPUConfig::parse(config, emitError);
  }
};

/// Lowers every linalg op to scalar loops: the reference strategy and the
/// default host backend.
class LLVMCPULoopsBackend final : public TargetBackend {
public:
  StringRef getName() const override { return "llvm-cpu-loops"; }
  StringRef getDescription() const override {
    return "CPU via LLVM: linalg ops as plain scalar loops "
           "(convert-linalg-to-loops)";
  }

  void buildTensorPipeline(OpPassManager &funcPM) const override {
    funcPM.addPass(createCanonicalizerPass());
  }

  void buildBufferPipeline(OpPassManager &funcPM) const override {
    funcPM.addPass(createConvertLinalgToLoopsPass());
    funcPM.addPass(createCanonicalizerPass());
  }
};

} // namespace

void scopeir::hal::registerAllTargetBackends() {
  static bool once = [] {
    TargetBackendRegistry &registry = TargetBackendRegistry::global();
    registry.registerBackend(std::make_unique<LLVMCPUBackend>());
    registry.registerBackend(std::make_unique<LLVMCPULoopsBackend>());
    return true;
  }();
  (void)once;
}
