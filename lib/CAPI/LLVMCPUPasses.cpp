//===- LLVMCPUPasses.cpp - C API of the llvm-cpu passes ---------*- C++ -*-===//
//
// This file implements the C API of the llvm-cpu backends' passes,
// generated from their Passes.td (mlir-tblgen -gen-pass-capi-impl).
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Passes.h"

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace scopeir::llvmcpu;

#ifdef __cplusplus
extern "C" {
#endif

#include "scopeir/Target/LLVMCPU/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
