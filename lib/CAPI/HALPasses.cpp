//===- HALPasses.cpp - C API of the hal passes ------------------*- C++ -*-===//
//
// This file implements the C API of the hal dialect's passes, generated from
// their Passes.td (mlir-tblgen -gen-pass-capi-impl).
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Passes.h"

#include "scopeir/Dialect/HAL/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace scopeir::hal;

#ifdef __cplusplus
extern "C" {
#endif

#include "scopeir/Dialect/HAL/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
