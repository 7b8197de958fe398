//===- Passes.h - hal dialect passes ----------------------------*- C++ -*-===//
//
// This file declares the hal dialect's passes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_TRANSFORMS_PASSES_H
#define SCOPEIR_DIALECT_HAL_TRANSFORMS_PASSES_H

#include "scopeir/Dialect/HAL/Target/TargetBackend.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace scopeir::hal {

#define GEN_PASS_DECL
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"

} // namespace scopeir::hal

#endif // SCOPEIR_DIALECT_HAL_TRANSFORMS_PASSES_H
