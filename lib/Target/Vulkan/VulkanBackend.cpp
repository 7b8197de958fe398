//===- VulkanBackend.cpp - The vulkan target backend ------------*- C++ -*-===//
//
// This file implements the `vulkan` backend: dispatches compiled to SPIR-V
// compute kernels that the Vulkan runtime runs on a device with memory of
// its own, and its registration.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/Vulkan/VulkanBackend.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/Target/Vulkan/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRVPass.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRVPass.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

#include <cstdlib>

using namespace mlir;
using namespace scopeir::hal;
using namespace scopeir::vulkan;

namespace {

/// Kernels per loop nest on a Vulkan device: see docs/devices.md.
class VulkanBackend final : public TargetBackend {
public:
  StringRef getName() const override { return kBackendName; }
  StringRef getDescription() const override {
    return "Vulkan compute via SPIR-V: a kernel per loop nest, device-local "
           "memory, explicit transfers";
  }
  bool hasDeviceMemory() const override { return true; }

  void buildTensorPipeline(OpPassManager &funcPM) const override {
    // Never written in place: a caller keeping an argument would copy it
    // on the host, which holds only a handle.
    funcPM.addPass(createVulkanReadOnlyArgumentsPass());
    funcPM.addPass(createCanonicalizerPass());
    // A tile's tensor.empty written into its result's slice becomes that
    // slice: a kernel cannot allocate memory.
    funcPM.addPass(bufferization::createEmptyTensorEliminationPass());
  }

  void buildBufferPipeline(OpPassManager &funcPM) const override {
    // Every linalg op (copies included) becomes a parallel loop nest over
    // loads and stores of whole buffers, views folded into the indices:
    // the executable pipeline makes each nest a kernel. No canonicalizer:
    // it would inline one-iteration loops, leaving loads and stores
    // outside any nest.
    funcPM.addPass(createVulkanCopiesToLinalgPass());
    // The grids of hand-distributed code (codegen-lower-workgroups) are
    // scf.forall loops: parallel loops like the others.
    funcPM.addPass(createForallToParallelLoopPass());
    funcPM.addPass(createConvertLinalgToParallelLoopsPass());
    funcPM.addPass(memref::createFoldMemRefAliasOpsPass());
    funcPM.addPass(createLowerAffinePass());
    funcPM.addPass(createCSEPass());
  }

  void buildExecutablePipeline(OpPassManager &modulePM) const override {
    modulePM.addPass(createVulkanOutlineKernelsPass());
    // Upstream's SPIR-V conversions, math first (convert-gpu-to-spirv has
    // no math patterns).
    modulePM.nest<gpu::GPUModuleOp>().addPass(createConvertMathToSPIRVPass());
    modulePM.addPass(createConvertGPUToSPIRVPass());
    OpPassManager &spirvPM = modulePM.nest<spirv::ModuleOp>();
    spirvPM.addPass(spirv::createSPIRVLowerABIAttributesPass());
    spirvPM.addPass(spirv::createSPIRVUpdateVCEPass());
    VulkanLowerToRuntimePassOptions lower;
    // Tests validate every binary they make (test/lit.cfg.py sets it).
    if (const char *validator = std::getenv("SCOPEIR_SPIRV_VALIDATOR"))
      lower.validator = validator;
    modulePM.addPass(createVulkanLowerToRuntimePass(lower));
  }

  LogicalResult
  verifyConfig(DictionaryAttr config,
               function_ref<InFlightDiagnostic()> emitError) const override {
    return VulkanConfig::parse(config, emitError);
  }
};

} // namespace

void scopeir::vulkan::registerVulkanBackend() {
  static bool once = [] {
    TargetBackendRegistry::global().registerBackend(
        std::make_unique<VulkanBackend>());
    return true;
  }();
  (void)once;
}
