//===- Passes.h - util dialect passes ---------------------------*- C++ -*-===//
//
// This file declares the util dialect's passes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_H
#define SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace scopeir::util {

#define GEN_PASS_DECL
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_H
