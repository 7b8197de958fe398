//===- TestPasses.td - util dialect test passes ------------*- tablegen -*-===//
//
// Passes that exist for lit tests, scope-gen and the fuzzer only: they are
// linked into scope-opt, scope-gen and scope-fuzz (test/lib), never into the
// production libraries or the C API. Their flags start with `test-util-`.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TEST_LIB_DIALECT_UTIL_TESTPASSES_TD
#define SCOPEIR_TEST_LIB_DIALECT_UTIL_TESTPASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

def TestScopeTypeConversionPass
    : Pass<"test-util-scope-type-conversion", "::mlir::ModuleOp"> {
  let summary = "Test the structural type conversion of scopes (1:1 and 1:N)";
  let description = [{
    Exercises `populateScopeTypeConversionPatterns` (every scope op the
    context has registered, `hal.device.scope` included) together with
    upstream's function, call, return, branch and `scf` structural
    conversions, with a test type converter:

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
// Inserting scopes and looking up scope attributes
//===----------------------------------------------------------------------===//

def TestInsertScopesPass : Pass<"test-util-insert-scopes"> {
  let summary = "Wrap random ranges of ops in scopes (tests insert/remove safety)";
  let description = [{
    Test pass for the insert/remove invariant (docs/invariants.md): wraps
    pseudo-random ranges of consecutive ops in scopes, in function bodies and
    in the blocks of region ops and scopes nested in them (`scf.for`,
    `scf.if`, `util.scope`, ...; not in bodies such as `linalg.generic`'s),
    and sometimes again inside the scopes it just created. Each scope gets
    random scope attributes (a `#util.zone` with a random name, or none) and
    a random form:
    `util.annotate`; `util.scope` with implicit captures only; or
    `util.scope` with some values captured explicitly, with their dims, and
    results tied to captures where certain (the returned value is produced
    in place from the capture through a chain of destination-style ops).

    A range is used only when each value it defines that is used after it
    has a shape computable above the range **from values that already
    exist**: static dims, or dims that trace back (by reification, through
    nested scopes, elementwise ops, ...) to SSA values above the range, such
    as a `tensor.dim` or `tensor.empty` size computed earlier. Captures whose
    dims do not already exist stay implicit. So insertion never adds an op
    outside a scope, and `--util-strip-scopes` after it gives back the input
    exactly; stripping needs no cleanup of its own. A scope that would not
    verify (an op in the range that constrains where its operands come
    from), or that would make its parent or a user of its results fail to
    verify (`tosa.reshape` wants its shape straight from a
    `tosa.const_shape`), is undone on the spot.

    Transform IR is never touched: no scope is inserted into an op
    implementing the transform dialect's `TransformOpInterface` (a
    `transform.named_sequence` is function-like, but its body is a script,
    not payload), so a module carrying its own transform script still runs
    through `-transform-interpreter` after insertion.

    The choices come from `std::mt19937` seeded with `seed` and the IR
    order, so a seed always produces the same output.
  }];
  let options = [
    Option<"seed", "seed", "unsigned", /*default=*/"0",
           "Seed of the pseudo-random choices">,
    Option<"density", "density", "double", /*default=*/"0.3",
           "Probability that a scope starts at a given op">,
  ];
  let dependentDialects = [
    // The dim builder creates arith, tensor and memref ops.
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
    "::scopeir::util::UtilDialect",
  ];
}

def TestLookupPass : Pass<"test-util-lookup"> {
  let summary = "Report scope attribute lookups on ops marked `test.lookup`";
  let description = [{
    Test pass: for every op carrying the unit attribute `test.lookup`, emits
    a remark with `lookupScopeAttrStack<ZoneAttr>` (zone names, outermost
    first), `lookupScopeAttr<ZoneAttr>` (the innermost zone) and
    `lookupPlacement` (the innermost placement, printed), so tests can check
    with `--verify-diagnostics` that a transformation keeps lookups
    unchanged.
  }];
}

#endif // SCOPEIR_TEST_LIB_DIALECT_UTIL_TESTPASSES_TD
