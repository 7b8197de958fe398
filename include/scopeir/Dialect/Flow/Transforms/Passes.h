//===- Passes.h - flow dialect passes ---------------------------*- C++ -*-===//
//
// This file declares the flow dialect's passes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_H
#define SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace scopeir::flow {

#define GEN_PASS_DECL
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"

} // namespace scopeir::flow

#endif // SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_H
