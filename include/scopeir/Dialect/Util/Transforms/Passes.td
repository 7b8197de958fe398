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

def OutlineScopesPass : Pass<"util-outline-scopes", "mlir::ModuleOp"> {
  let summary = "Outline scopes into private functions called in their place";
  let description = [{
    Replaces every scope op (`ScopeOpInterface`, except annotation-like ops
    such as `util.annotate`, which `util-lower-annotations` rewrites first)
    by a `func.call` to a new private `func.func` inserted after the
    enclosing function in the nearest symbol table. This is incremental
    outlining: the callee can then be compiled, cached or replaced on its own.

    - **Arguments**: the explicit captures first (so a capture's index is its
      argument's index), then the implicit captures in first-use order.
      Constant-like implicit captures (`arith.constant`, ...) are cloned into
      the callee instead of passed, so the callee keeps the constant facts.
      An implicit use of an explicitly captured value reuses that capture's
      argument.
    - **Results**: the scope's results; every `util.return` (any terminator
      that exits the scope) becomes a `func.return`. Multi-block bodies are
      kept as they are.
    - **Ties and dims**: a call has neither. A tie is recorded on the callee
      as the result attribute `util.tied = <argument index>` so that nothing
      is lost; the result dims were values above the scope and remain
      available at the call site.
    - **Scope attributes**: the callee carries, in the discardable attribute
      `util.scope_attrs`, every scope attribute that applied to the scope's
      body and that the callee's new position no longer provides: the
      scope's own attributes, then those of enclosing scopes and functions up
      to the symbol table, innermost first. `lookupScopeAttr<T>` and
      `lookupScopeAttrStack<T>` therefore answer the same for every op of the
      body before and after outlining.
    - **Names**: the scope's own `#util.zone` name if it has one, otherwise
      `<enclosing function>_scope_<N>` (N counts the unnamed scopes outlined
      from that function); clashes are resolved by the symbol table, which
      appends a suffix.
    - **Nesting**: outer scopes are outlined first; a scope nested in another
      then lives in the outer callee and is named after it
      (`f_scope_0_scope_0`).

    Running the pass twice changes nothing the second time: no scope is left
    and functions are never renamed.

    ```mlir
    // Before:
    func.func @f(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
      %r = util.scope [#util.zone<"ffn">] (%t as %a: tensor<?xf32>{%d})
          -> (%t) {
        ...
        util.return %v : tensor<?xf32>
      }
      return %r : tensor<?xf32>
    }
    // After:
    func.func @f(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
      %r = call @ffn(%t) : (tensor<?xf32>) -> tensor<?xf32>
      return %r : tensor<?xf32>
    }
    func.func private @ffn(%a: tensor<?xf32>) -> (tensor<?xf32> {util.tied = 0 : i64})
        attributes {util.scope_attrs = [#util.zone<"ffn">]} {
      ...
      return %v : tensor<?xf32>
    }
    ```

    Limits: a scope op whose inherent attributes hold more than its scope
    attributes, ties and operand segment sizes (state a call could not carry,
    such as a pass pipeline) is left in place, as is a scope placed directly
    in a symbol table rather than inside a function or other op. Discardable
    attributes of the scope op move to the call.
  }];
  let options = [
    Option<"kind", "kind", "std::string", /*default=*/"\"\"",
           "Outline only scopes carrying a scope attribute of this kind "
           "(`zone`, `device`, ...); all scopes when empty">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def ExtractScopePass : Pass<"util-extract-scope", "mlir::ModuleOp"> {
  let summary = "Replace the module by one scope wrapped in a function: a repro";
  let description = [{
    Selects one scope op, by its `#util.zone` name (`zone=<name>`) or by its
    position in a pre-order walk of all scope ops of the module
    (`index=<n>`), and replaces the module's contents by a public function
    that runs that scope alone, plus every symbol the scope references
    (transitively: functions it calls, the functions they call, globals).
    The module op itself and its attributes are kept. The result is a
    standalone module to hand to someone else, for instance to reproduce a
    compilation problem of one zone.

    The function is named after the zone (`@<name>`) or `@scope_<n>`. Its
    arguments are the scope's explicit captures, then its implicit captures
    (first-use order), then any other value the scope op needs from above
    (a result dim not otherwise available), all with their original types.
    A capture dim becomes a `tensor.dim` (`memref.dim`) of its captured
    argument; constant-like values are cloned. The scope op itself is kept,
    with its attributes; the scope attributes of the scopes and functions
    that enclosed it are recorded innermost first in `util.scope_attrs` on
    the function so that lookups inside answer as before. The function
    returns the scope's results.

    ```mlir
    // --util-extract-scope=zone=ffn on
    func.func @f(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
      %r = util.scope [#util.zone<"ffn">] (%t as %a: tensor<?xf32>{%d}) -> (%t) {...}
      ...
    }
    // gives
    func.func @ffn(%arg0: tensor<?xf32>) -> tensor<?xf32> {
      %c0 = arith.constant 0 : index
      %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
      %r = util.scope [#util.zone<"ffn">] (%arg0 as %a: tensor<?xf32>{%dim}) -> (%arg0) {...}
      return %r : tensor<?xf32>
    }
    ```

    A missing, ambiguous or out-of-range selection is an error that lists
    what exists (the zone names, the number of scopes). Limits: a dim of a
    capture that is neither a ranked tensor nor a memref becomes an `index`
    argument; the function's name yields to a copied symbol of the same name
    (the symbol table appends a suffix to the new function).
  }];
  let options = [
    Option<"zoneName", "zone", "std::string", /*default=*/"\"\"",
           "Extract the scope carrying #util.zone<\"name\">">,
    Option<"scopeIndex", "index", "int64_t", /*default=*/"-1",
           "Extract the n-th scope op in a pre-order walk of the module">,
  ];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::func::FuncDialect",
    "mlir::memref::MemRefDialect",
    "mlir::tensor::TensorDialect",
  ];
}

def InduceTiedOperandsPass : Pass<"util-induce-tied-operands"> {
  let summary = "Tie scope results to captures they are computed in place from";
  let description = [{
    Ties an untied result of a `util.scope` to explicit capture `k` when
    every `util.return` of the body returns a value produced in place from
    the block argument of capture `k`, through a chain of:

    - destination-style ops (`DestinationStyleOpInterface`: `linalg` ops
      through their `outs`, `tensor.insert_slice ... into`,
      `tensor.insert ... into`), following the result's tied init;
    - loops (`LoopLikeOpInterface`, e.g. `scf.for`) whose result's init is
      in the chain and whose yielded value for that iter_arg is itself
      produced in place from the iter_arg;
    - ops whose result is already tied (`TiedOpInterface`, e.g. a nested
      `util.scope`; scopes are visited inner first).

    and when the tie is a sound storage hint: the result has the capture's
    type, the capture is not tied to another result, and the capture dies at
    the scope. "Dies" is checked conservatively: the captured value is
    defined in the scope's block (so a scope inside a loop never consumes a
    value from outside the loop), the scope uses it only as that capture (not
    also implicitly in its body), and every other use is in an op before
    the scope in that block.

    Tying drops the result's dims from `result_dims`: a tied result has its
    capture's dims.

    ```mlir
    %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
      %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
      util.return %f : tensor<?xf32>
    }
    // becomes
    %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%t) {...}
    ```

    Limits: `scf.if`, `scf.while` and casts end a chain; a result is tied to
    one capture even if several would do; only `util.scope` is rewritten
    (other scope ops have no ties).
  }];
}

//===----------------------------------------------------------------------===//
// Type conversion and bufferization test passes
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Test passes
//===----------------------------------------------------------------------===//

def TestLookupPass : Pass<"util-test-lookup"> {
  let summary = "Report scope attribute lookups on ops marked `test.lookup`";
  let description = [{
    Test pass: for every op carrying the unit attribute `test.lookup`, emits
    a remark with `lookupScopeAttrStack<ZoneAttr>` (zone names, outermost
    first) and `lookupScopeAttr<ZoneAttr>` (the innermost zone), so tests can
    check with `--verify-diagnostics` that a transformation keeps lookups
    unchanged.
  }];
}

#endif // SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_TD
