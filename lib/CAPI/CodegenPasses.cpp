//===- CodegenPasses.cpp - C API of the codegen passes ----------*- C++ -*-===//
//
// This file implements the C API of the codegen dialect's passes, generated
// from its Passes.td (mlir-tblgen -gen-pass-capi-impl).
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Passes.h"

#include "scopeir/Dialect/Codegen/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace scopeir::codegen;

#ifdef __cplusplus
extern "C" {
#endif

#include "scopeir/Dialect/Codegen/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
