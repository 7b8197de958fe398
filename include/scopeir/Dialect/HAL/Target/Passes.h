//===- Passes.h - passes of the built-in target backends --------*- C++ -*-===//
//
// This file declares the code generation passes of the built-in backends.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_TARGET_PASSES_H
#define SCOPEIR_DIALECT_HAL_TARGET_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace scopeir::hal {

#define GEN_PASS_DECL
#include "scopeir/Dialect/HAL/Target/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Dialect/HAL/Target/Passes.h.inc"

} // namespace scopeir::hal

#endif // SCOPEIR_DIALECT_HAL_TARGET_PASSES_H
