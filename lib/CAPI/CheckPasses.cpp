//===- CheckPasses.cpp - C API of the check passes --------------*- C++ -*-===//
//
// This file implements the C API of the check dialect's passes, generated
// from its Passes.td (mlir-tblgen -gen-pass-capi-impl).
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Passes.h"

#include "scopeir/Dialect/Check/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace scopeir::check;

#ifdef __cplusplus
extern "C" {
#endif

#include "scopeir/Dialect/Check/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
