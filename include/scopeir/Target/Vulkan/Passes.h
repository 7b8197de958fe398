//===- Passes.h - passes of the vulkan target backend -----------*- C++ -*-===//
//
// This file declares the code generation passes of the vulkan backend.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TARGET_VULKAN_PASSES_H
#define SCOPEIR_TARGET_VULKAN_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace scopeir::vulkan {

#define GEN_PASS_DECL
#include "scopeir/Target/Vulkan/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Target/Vulkan/Passes.h.inc"

} // namespace scopeir::vulkan

#endif // SCOPEIR_TARGET_VULKAN_PASSES_H
