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

def TestScopeTypeConversion : Pass<"test-scope-type-conversion", "::mlir::ModuleOp"> {
  let summary = "Test the structural type conversion of scopes (1:1 and 1:N)";
  let description = [{
    Exercises `populateScopeTypeConversionPatterns` together with upstream's
    function, call, return, branch and `scf` structural conversions, with a
    test type converter:

    - `complex<f32>` becomes two `f32` values (1:N); `complex.create`,
      `complex.re`, `complex.im` and `complex.add` are rewritten onto the
      parts. Remaining uses are materialized with `complex.create` (source)
      and `complex.re`/`complex.im` (target).
    - a ranked tensor of `i1` becomes the same tensor of `i8` (1:1),
      materialized with `arith.extui`/`arith.trunci`.
    - `tensor<?xi2>` becomes `tensor<?x?xi8>`: a conversion that changes the
      number of dynamic dims, which the scope patterns reject with a
      diagnostic (a test of that error path only).

    Limits: a test pass, not a lowering; other ops on converted types are
    left alone and their operands materialized back.

    ```mlir
    %r = util.scope (%c as %a: complex<f32>) -> (%c) { ... }
    // becomes
    %r:2 = util.scope (%re as %a0: f32, %im as %a1: f32) -> (%re, %im) { ... }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::complex::ComplexDialect"];
}

//===----------------------------------------------------------------------===//
// Test passes
//===----------------------------------------------------------------------===//

#endif // SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_TD
