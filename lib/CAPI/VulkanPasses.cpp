//===- VulkanPasses.cpp - C API of the vulkan passes ------------*- C++ -*-===//
//
// This file implements the C API of the vulkan backend's passes,
// generated from their Passes.td (mlir-tblgen -gen-pass-capi-impl).
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Passes.h"

#include "scopeir/Target/Vulkan/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace scopeir::vulkan;

#ifdef __cplusplus
extern "C" {
#endif

#include "scopeir/Target/Vulkan/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
