//===- InitAll.cpp - Register everything scopeir tools use ------*- C++ -*-===//
//
// This file implements the registration entry points shared by every tool.
//
//===----------------------------------------------------------------------===//

#include "scopeir/InitAll.h"

#include "scopeir/Dialect/Check/IR/CheckDialect.h"
#include "scopeir/Dialect/Check/Transforms/Passes.h"
#include "scopeir/Dialect/Codegen/Bufferization/BufferizableOpInterfaceImpl.h"
#include "scopeir/Dialect/Codegen/IR/CodegenDialect.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Bufferization/BufferizableOpInterfaceImpl.h"
#include "scopeir/Dialect/Flow/IR/FlowDialect.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Target/LLVMCPU/Passes.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/Dialect/HAL/TransformOps/HALTransformOps.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Bufferization/BufferizableOpInterfaceImpl.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Target/LLVMCPU/LLVMCPUBackends.h"
#include "scopeir/Target/LLVMCPU/Passes.h"
#include "scopeir/Target/Vulkan/Passes.h"
#include "scopeir/Target/Vulkan/VulkanBackend.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void scopeir::registerScopeirDialects(mlir::DialectRegistry &registry) {
  registry.insert<util::UtilDialect, codegen::CodegenDialect, hal::HALDialect,
                  flow::FlowDialect, check::CheckDialect>();
  codegen::registerBufferizableOpInterfaceExternalModels(registry);
  flow::registerBufferizableOpInterfaceExternalModels(registry);
  util::registerBufferizableOpInterfaceExternalModels(registry);
  util::registerBufferDeallocationOpInterfaceExternalModels(registry);
  hal::registerTransformDialectExtension(registry);
}

void scopeir::registerAllDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerScopeirDialects(registry);
}

void scopeir::registerAllPasses() {
  static bool once = [] {
    mlir::registerAllPasses();
    util::registerUtilPasses();
    codegen::registerCodegenPasses();
    hal::registerHALPasses();
    llvmcpu::registerLLVMCPUPasses();
    vulkan::registerVulkanPasses();
    registerAllTargetBackends();
    flow::registerFlowPasses();
    check::registerCheckPasses();
    return true;
  }();
  (void)once;
}

void scopeir::registerAllTargetBackends() {
  llvmcpu::registerLLVMCPUBackends();
  vulkan::registerVulkanBackend();
}
