//===- Passes.h - scope-reduce's reduction pass -----------------*- C++ -*-===//
//
// This file declares the reduction pass scope-reduce adds to upstream's.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TOOLS_SCOPE_REDUCE_PASSES_H
#define SCOPEIR_TOOLS_SCOPE_REDUCE_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace scopeir::reduce {

#define GEN_PASS_DECL
#include "Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Passes.h.inc"

} // namespace scopeir::reduce

#endif // SCOPEIR_TOOLS_SCOPE_REDUCE_PASSES_H
