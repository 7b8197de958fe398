//===- Passes.h - passes of the built-in target backends --------*- C++ -*-===//
//
// This file declares the code generation passes of the built-in backends.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TARGET_LLVMCPU_PASSES_H
#define SCOPEIR_TARGET_LLVMCPU_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace scopeir::llvmcpu {

#define GEN_PASS_DECL
#include "scopeir/Target/LLVMCPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Target/LLVMCPU/Passes.h.inc"

} // namespace scopeir::llvmcpu

#endif // SCOPEIR_TARGET_LLVMCPU_PASSES_H
