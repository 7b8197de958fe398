//===- UtilPasses.cpp - C API of the util passes ----------------*- C++ -*-===//
//
// This file implements the C API of the util dialect's passes, generated
// from its Passes.td (mlir-tblgen -gen-pass-capi-impl).
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Passes.h"

#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace scopeir::util;

#ifdef __cplusplus
extern "C" {
#endif

#include "scopeir/Dialect/Util/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
