//===- FlowPasses.cpp - C API of the flow passes ----------------*- C++ -*-===//
//
// This file implements the C API of the flow dialect's passes, generated
// from its Passes.td (mlir-tblgen -gen-pass-capi-impl).
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Passes.h"

#include "scopeir/Dialect/Flow/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace scopeir::flow;

#ifdef __cplusplus
extern "C" {
#endif

#include "scopeir/Dialect/Flow/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
