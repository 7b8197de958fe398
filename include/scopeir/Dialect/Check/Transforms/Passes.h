//===- Passes.h - check dialect passes --------------------------*- C++ -*-===//
//
// This file declares the check dialect's passes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CHECK_TRANSFORMS_PASSES_H
#define SCOPEIR_DIALECT_CHECK_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace scopeir::check {

#define GEN_PASS_DECL
#include "scopeir/Dialect/Check/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Dialect/Check/Transforms/Passes.h.inc"

} // namespace scopeir::check

#endif // SCOPEIR_DIALECT_CHECK_TRANSFORMS_PASSES_H
