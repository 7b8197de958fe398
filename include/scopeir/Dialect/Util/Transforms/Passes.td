//===- Passes.td - util dialect passes ---------------------*- tablegen -*-===//
//
// Structural transformations of scopes. Every pass is written against
// ScopeOpInterface, so dialect sugar implementing it gets the pass for free.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_TD
#define SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Lowering, capturing and stripping scopes
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Outlining, extracting and tying
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Type conversion and bufferization test passes
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Test passes
//===----------------------------------------------------------------------===//

#endif // SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_TD
