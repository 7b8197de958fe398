//===- UtilOps.td - util ops -------------------------------*- tablegen -*-===//
//
// util.scope, util.annotate, util.return, util.trace.begin,
// util.trace.end, util.optimization_barrier and util.unfoldable_constant.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILOPS_TD
#define SCOPEIR_DIALECT_UTIL_IR_UTILOPS_TD

include "scopeir/Dialect/Util/IR/UtilDialect.td"
include "scopeir/Dialect/Util/IR/UtilInterfaces.td"
include "scopeir/Dialect/Util/IR/UtilOpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

//===----------------------------------------------------------------------===//
// util.scope
//===----------------------------------------------------------------------===//

def Util_ScopeOp : Util_CapturingScopeOp<Util_Dialect, "scope"> {
  let summary = "A scoped region with explicit captures and tied results";
  let description = [{
    Executes its region exactly once, like `scf.execute_region`, and groups
    the ops inside so that the scope attributes can say something about them
    as a whole. Unlike `scf.execute_region` it has:

    - **explicit captures** that become the entry block's arguments,
      `%value as %arg: type{dims}`; values from above may also be used
      implicitly. Rewrites such as CSE may make two captures the same value;
      that is valid, and the canonicalizer merges them.
    - **tied results**: a result written as `%capture` in the result list is
      the in-place update of that capture; it has the capture's type and
      dims. Ties are storage hints; they never change what is computed.
    - **captured dynamic dims**: every dynamically shaped capture and untied
      result lists its dynamic dimensions as `index` values defined above the
      scope.
    - **scope attributes** from any dialect, each implementing
      `ScopeAttrInterface`, at most one per kind.

    The body has one or more blocks; every exiting block ends in
    `util.return`, whose operands become the results.

    ```mlir
    %r:2 = util.scope [#util.zone<"encoder">]
        (%t as %a: tensor<?x4xf32>{%d0}, %bias as %b: tensor<4xf32>)
        -> (%t, tensor<?xf32>{%d1}) {
      ...
      util.return %x, %y : tensor<?x4xf32>, tensor<?xf32>
    }
    ```

    The op deliberately declares no memory effects of its own and is not
    speculatable: `--cse` does not try to merge two scopes and LICM does not
    hoist one (see docs/util.md for why). The ops inside a scope are
    optimized as they would be without it.

    `--canonicalize` optimizes the op as a closure (`ClosureOpInterface`):
    captured constants are used implicitly, unused and duplicate captures
    and results go, results that pass a value through are replaced by it,
    `tensor.dim` of a result folds to its dim, and a scope goes away only
    when its body merely returns values or is dead and free of side effects.
  }];
}

//===----------------------------------------------------------------------===//
// util.annotate
//===----------------------------------------------------------------------===//

def Util_AnnotateOp : Util_AnnotationLikeScopeOp<Util_Dialect, "annotate"> {
  let summary = "A user-level scope: implicit captures only";
  let description = [{
    The light form of `util.scope` that frontends and people write: no
    explicit captures, no ties, no dims, plain result types. The pass
    `util-lower-annotations` rewrites it into `util.scope`, making captures
    explicit and computing result dims above the scope.

    ```mlir
    %y = util.annotate [#util.zone<"ffn">] {
      ...
      util.return %v : tensor<4x8xf32>
    } : tensor<4x8xf32>
    ```
  }];

  let arguments = (ins OptionalAttr<Util_ScopeAttrArray>:$scope_attrs);

  let assemblyFormat = [{
    ($scope_attrs^)? $body (`:` type($results)^)? attr-dict-with-keyword
  }];
}

//===----------------------------------------------------------------------===//
// util.return
//===----------------------------------------------------------------------===//

def Util_ReturnOp : Util_ScopeExitOp<Util_Dialect, "return"> {
  let summary = "Returns values from a scope";
  let description = [{
    Terminates an exiting block of a scope op (`util.scope`, `util.annotate`
    or any other `ScopeOpInterface` op); its operands become the scope's
    results and must match their types.

    ```mlir
    util.return %x, %y : tensor<?x4xf32>, tensor<?xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// util.trace.begin / util.trace.end
//===----------------------------------------------------------------------===//

class Util_TraceMarkerOp<string mnemonic> : Util_Op<mnemonic, [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let arguments = (ins
    StrAttr:$category,
    StrAttr:$name,
    OptionalAttr<DictionaryAttr>:$args
  );
  let assemblyFormat = "$category $name (`args` $args^)? attr-dict";
  let hasVerifier = 1;
}

def Util_TraceBeginOp : Util_TraceMarkerOp<"trace.begin"> {
  let summary = "Opens a slice of the trace when control reaches it";
  let description = [{
    Marks a point of the program where a traced slice starts: a tracing zone
    (`category` = `zone`), a dispatch (`dispatch`) or anything else a pass
    wants timed. The slice is named `name`; `args` are shown with it (a
    dictionary of strings, integers, floats, booleans (unit attributes are
    true), and arrays and dictionaries of those, written as the JSON of a
    Chrome trace event's `args`).

    Markers come in pairs: every `util.trace.begin` is closed by a
    `util.trace.end` with the same category, name and args on every path
    leaving the traced code, innermost first, so that slices nest.
    `util-lower-trace-markers` turns both into calls into the tracing
    runtime. The ops read and write memory so that nothing with side effects
    moves across them, and no pass erases or merges them.

    Passes create them (`util-trace-zones`, `flow-trace-dispatches`); a
    category or name holding a NUL character is rejected (the runtime's site
    strings are NUL-separated).

    ```mlir
    util.trace.begin "zone" "ffn" args {scope = ["encoder", "ffn"]}
    %y = linalg.matmul ...
    util.trace.end "zone" "ffn" args {scope = ["encoder", "ffn"]}
    ```
  }];
}

def Util_TraceEndOp : Util_TraceMarkerOp<"trace.end"> {
  let summary = "Closes the innermost open slice of the trace";
  let description = [{
    Marks the point where the slice opened by the matching
    `util.trace.begin` (same category, name and args) ends. See
    `util.trace.begin`.

    ```mlir
    util.trace.end "dispatch" "@llvm_cpu_executables::@main_dispatch_0"
    ```
  }];
}

//===----------------------------------------------------------------------===//
// util.optimization_barrier / util.unfoldable_constant
//===----------------------------------------------------------------------===//

def Util_OptimizationBarrierOp : Util_Op<"optimization_barrier", [
    AllTypesMatch<["operands", "results"]>,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "An identity that no optimization sees through";
  let description = [{
    Returns its operands unchanged, as IREE's op of the same name does, and
    hides where they come from: nothing may fold, hoist, merge or delete
    across it. It has no folder, and it declares that it reads and writes
    memory, so DCE, CSE and LICM leave it alone and no pass moves an op
    with side effects across it (declared effects rather than unknown ones:
    the buffer deallocation pipeline rejects ops with unknown effects on
    buffers).

    It lives until the end of compilation. One-shot bufferization gives it
    the buffers of its operands (the results alias them), and
    `util-lower-optimization-barriers` lowers it in the LLVM dialect to an
    empty inline assembly block that returns its operands (pointers and
    scalars): LLVM's optimizer cannot see through that either, so even the
    loads from a constant global behind a barrier are never folded. The
    barrier costs no instruction.

    ```mlir
    %v:2 = util.optimization_barrier %t, %i : tensor<4xf32>, i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$results);
  // At least one operand: with none, the next line's `%x = ...` would read
  // as an operand (IREE's optional operand group has that ambiguity).
  let assemblyFormat = "attr-dict $operands `:` type($operands)";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::ValueRange":$operands), [{
    build($_builder, $_state, operands.getTypes(), operands);
  }]>];
}

def Util_UnfoldableConstantOp : Util_Op<"unfoldable_constant"> {
  let summary = "A constant that the compiler must not fold";
  let description = [{
    A constant whose value the compiler must treat as unknown until code
    generation: IREE's end-to-end tests write their inputs with it, so that
    the ops under test run on data instead of being folded away. Its syntax
    is that of `arith.constant` (the type comes from the typed attribute).

    It declares no memory effects and has no folder: nothing removes or
    folds it. `util-lower-unfoldable-constants` rewrites it into an
    `arith.constant` behind a `util.optimization_barrier`, which keeps the
    value hidden until the end of compilation.

    ```mlir
    %t = util.unfoldable_constant dense<[1.0, -2.0]> : tensor<2xf32>
    %i = util.unfoldable_constant 3 : i32
    ```
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::TypedAttr":$value), [{
    build($_builder, $_state, value.getType(), value);
  }]>];
}

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILOPS_TD
