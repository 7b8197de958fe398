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

def LowerAnnotationsPass : Pass<"util-lower-annotations"> {
  let summary = "Rewrite annotation-like scope ops into util.scope";
  let description = [{
    Rewrites every `ScopeOpInterface` op whose `isAnnotationLike()` is true
    (`util.annotate`, and dialect sugar such as `hal.device.scope`) into a
    `util.scope` carrying the same scope attributes and discardable
    attributes:

    - values from above used in the body become explicit captures (entry
      block arguments), except constants, which stay implicit;
    - each dynamically shaped capture gets its dims: dims that already exist
      are reused (those of an enclosing scope's capture, of a shape-aware
      producer, a dominating `tensor.dim`), otherwise a `tensor.dim` /
      `memref.dim` is inserted right above the scope;
    - each dynamic dimension of a result is computed above the scope by
      reifying the shape of the value the body returns
      (`ReifyRankedShapedTypeOpInterface`, nested scopes' dims, region ops
      without loops, elementwise ops and casts), in terms of captures' dims,
      constants and values defined above; side-effect free index
      computations on the way are cloned above the scope.

    Nested annotations are lowered outermost first, so an inner scope reuses
    the dims of the captures of the outer one.

    ```mlir
    %y = util.annotate [#util.zone<"ffn">] {
      %e = tensor.empty(%n) : tensor<?x8xf32>
      %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
      util.return %f : tensor<?x8xf32>
    } : tensor<?x8xf32>
    // becomes
    %y = util.scope [#util.zone<"ffn">] (%n as %arg0: index) -> (tensor<?x8xf32>{%n}) {
      %e = tensor.empty(%arg0) : tensor<?x8xf32>
      ...
    }
    ```

    Limits: a result dimension that depends on values computed inside the
    scope by ops with side effects or regions (a loop-carried shape, a size
    loaded from memory) cannot be computed above the scope: the pass reports
    `result #N: cannot compute dynamic dimension #K above the scope` on the
    annotation and fails. A multi-block body must return values whose dims
    agree on every exit. Values of dynamically shaped types other than
    tensors and memrefs whose dims are unknown stay implicit captures.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CaptureScopeValuesPass : Pass<"util-capture-scope-values"> {
  let summary = "Turn the implicit captures of util.scope ops into explicit ones";
  let description = [{
    Every value a `util.scope` body uses but that is defined above the scope
    becomes an explicit capture: it is appended to the captures (after the
    existing ones), a matching entry block argument replaces its uses inside
    the body (nested regions included), and its dynamic dims are appended to
    the capture dims. Dims are reused when known (the dims of an enclosing
    scope's capture or of a shape-aware producer, a dominating `tensor.dim`,
    an operand the producer's shape reifies to, such as a `tensor.empty`
    size); otherwise a `tensor.dim` / `memref.dim` is inserted right above
    the scope. Scopes are visited outermost first, so an inner scope captures
    the outer scope's block arguments and reuses their dims.

    ```mlir
    %r = util.scope -> (tensor<?xf32>{%d}) {
      %s = arith.addf %x, %x : tensor<?xf32>
      util.return %s : tensor<?xf32>
    }
    // becomes
    %d0 = tensor.dim %x, %c0 : tensor<?xf32>
    %r = util.scope (%x as %arg0: tensor<?xf32>{%d0}) -> (tensor<?xf32>{%d}) {
      %s = arith.addf %arg0, %arg0 : tensor<?xf32>
      ...
    ```

    Limits: constants (anything `m_Constant` matches) stay implicit, as the
    canonicalizer would make them implicit again. Only `util.scope` is
    rewritten: `ScopeOpInterface` has no hook to add captures to other scope
    ops (lower annotations first). Values of shaped types with unknown
    dynamic dims that are neither tensors nor memrefs stay implicit.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def StripScopesPass : Pass<"util-strip-scopes"> {
  let summary = "Inline the bodies of scope ops, removing the scopes";
  let description = [{
    Replaces every `ScopeOpInterface` op by its body: entry block arguments
    by the explicit captures, results by the returned values. Scopes are
    stripped outermost first. A body of one block is spliced in place. A
    multi-block body is spliced into the parent region (returns become
    `cf.br` to a continuation block carrying the results) when the parent
    region is a CFG that accepts several blocks (a function body, a scope
    body, an `scf.execute_region`, or any region already holding several
    blocks); inside a single-block region (`scf.for`, `scf.if`, ...) it
    becomes the body of an `scf.execute_region` whose `scf.yield`s replace
    the returns. Nothing the body computes is lost.

    Scope attributes, ties and discardable attributes are dropped with the
    scope: removing what they say is the point of the pass. Dims computed
    above the scope for its captures and results stay (they are ordinary
    ops; the canonicalizer deletes the dead ones).

    With `kind`, only scope attributes of that kind are removed: a scope
    carrying only such attributes is stripped, while a `util.scope` or
    `util.annotate` that also carries attributes of other kinds keeps them
    and stays (so stripping tracing zones never drops a device placement).
    Another scope op in that situation cannot lose one attribute through
    `ScopeOpInterface` and is reported as an error. With `kind` and `invert`,
    only scopes carrying no attribute of that kind are stripped (whole).

    ```mlir
    %r = util.scope [#util.zone<"z">] (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
      %s = arith.addf %a, %a : tensor<4xf32>
      util.return %s : tensor<4xf32>
    }
    // becomes
    %r = arith.addf %x, %x : tensor<4xf32>
    ```
  }];
  let options = [
    Option<"kind", "kind", "std::string", /*default=*/"",
           "Only remove scope attributes of this kind (`zone`, `device`, "
           "...); empty: strip every scope">,
    Option<"invert", "invert", "bool", /*default=*/"false",
           "With `kind`: strip the scopes carrying no attribute of that "
           "kind instead">,
  ];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Outlining, extracting and tying
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Type conversion and bufferization test passes
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Test passes
//===----------------------------------------------------------------------===//

def TestInsertScopesPass : Pass<"util-test-insert-scopes"> {
  let summary = "Wrap random ranges of ops in scopes (tests insert/remove safety)";
  let description = [{
    Test pass for the insert/remove invariant: wraps pseudo-random ranges of
    consecutive ops in scopes, in function bodies and in the blocks of region
    ops and scopes nested in them (`scf.for`, `scf.if`, `util.scope`, ...;
    not in bodies such as `linalg.generic`'s), and sometimes again inside
    the scopes it just created. Each scope gets random scope attributes (a
    `#util.zone` with a random name, or none) and a random form:
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
    from) is undone on the spot.

    The choices come from `std::mt19937` seeded with `seed` and the IR
    order, so a seed always produces the same output.
  }];
  let options = [
    Option<"seed", "seed", "unsigned", /*default=*/"0",
           "Seed of the pseudo-random choices">,
    Option<"density", "density", "double", /*default=*/"0.3",
           "Probability that a scope starts at a given op">,
  ];  let dependentDialects = ["::scopeir::util::UtilDialect"];
}

#endif // SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_TD
