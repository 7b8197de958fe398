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
      computations on the way are cloned above the scope, and so is a
      side-effect free op with regions that use only its operands when a
      dim depends on its data (a size chosen from an element of a
      `linalg.generic` result, which `convert-elementwise-to-linalg` made of
      an `arith` op on tensors): the op then runs twice.

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
  let summary = "Turn the implicit captures of scope ops into explicit ones";
  let description = [{
    Every value the body of a scope op with explicit captures (a
    `ScopeOpInterface` op that is a `ClosureOpInterface`, such as
    `util.scope`) uses but that is defined above the scope becomes an
    explicit capture: it is appended to the captures (after the
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
    canonicalizer would make them implicit again. Annotation-like ops
    (`util.annotate`, `hal.device.scope`) take implicit captures only and
    are left alone (lower them first), and so are scopes whose signature a
    scope attribute fixes (`ScopeAttrInterface::fixesScopeSignature`: an
    extern kernel's captures are its arguments). Values of shaped types with unknown
    dynamic dims that are neither tensors nor memrefs stay implicit, and so
    do dynamically shaped values of a closure that carries no dims (not a
    `ShapeAwareOpInterface`).
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
    the returns. Nothing the body computes is lost. A scope whose body does
    not mean the op when run once in its place
    (`ScopeOpInterface::isInlinable` is false: `codegen.scope.workgroups`,
    whose body runs once per workgroup) is code rather than a grouping and
    is always kept.

    Scope attributes, ties and discardable attributes are dropped with the
    scope: removing what they say is the point of the pass. Dims computed
    above the scope for its captures and results stay (they are ordinary
    ops; the canonicalizer deletes the dead ones).

    With `outlined`, what outlined scopes left on functions goes the same
    way: the `util.scope_attrs` array (filtered by `kind` like a scope's
    attributes) and, without `kind`, the `util.tied` result attributes; the
    calls stay. A program stripped so holds nothing of util, and tools
    without the util dialect (upstream `mlir-opt`, `mlir-runner`) read it.
    By default functions keep them: a compile pipeline outlines device
    scopes and then strips the remaining scopes, and its backends read the
    device off the functions.

    With `kind`, only scope attributes of that kind are removed: a scope
    carrying only such attributes is stripped, while a scope that also
    carries attributes of other kinds keeps them and stays (so stripping
    tracing zones never drops a device placement). A scope op that cannot
    carry the remaining attributes (`ScopeOpInterface::setScopeAttributes`
    fails) is reported as an error. With `kind` and `invert`,
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
    Option<"outlined", "outlined", "bool", /*default=*/"false",
           "Also remove the scope attributes and ties that outlined scopes "
           "left on functions">,
  ];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect",
  ];
}

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
      Constants (`arith.constant`, ...) and empty tensors (`tensor.empty`,
      whose sizes are passed instead) are created in the callee rather than
      passed, unless a result is tied to them; a capture that is a cast to an
      unranked type is passed ranked and cast in the callee. An implicit use
      of an explicitly captured value reuses that capture's argument.
    - **Results**: the scope's results; every `util.return` (any terminator
      that exits the scope) becomes a `func.return`. With a single exit, what
      later passes should see stays at the call site: a returned constant is
      cloned there (a tile size a vectorizer reads), a cast to a less static
      type (`tensor<*xf32>`, `tensor<?xf32>`, ...) is applied there to the
      callee's more static result, and a value the body merely passes
      through (a capture) is used there directly. Multi-block bodies are
      kept as they are.
    - **Ties and dims**: a call has neither. A tie is recorded on the callee
      as the result attribute `util.tied = <argument index>` so that nothing
      is lost; the result dims were values above the scope and remain
      available at the call site. A call's result shape cannot be reified
      from its operands, though: a result dim that is a constant therefore
      becomes a static size of the callee's result type, cast back to the
      scope's type at the call (`tensor.cast`), so that what follows (an
      enclosing annotation computing its result dims above itself) still
      reads it. In a scope whose nearest enclosing scope carries no dims of
      its own (an annotation), the other result dims become the sizes of a
      full-size `tensor.extract_slice` of the call's result (an identity, a
      subview of the whole buffer once bufferized), whose shape reifies to
      them.
    - **Scope attributes**: the callee carries, in the discardable attribute
      `util.scope_attrs`, every scope attribute that applied to the scope's
      body and that the callee's new position no longer provides: the
      scope's own attributes, then those of enclosing scopes and functions up
      to the symbol table, innermost first. `lookupScopeAttr<T>` and
      `lookupScopeAttrStack<T>` therefore answer the same for every op of the
      body before and after outlining.
    - **Names**: the scope's own `#util.zone` name if it has one, otherwise
      `<enclosing function>_scope_<N>` (N counts the unnamed scopes of that
      function in pre-order, nested ones included); clashes are resolved by
      the symbol table, which appends a suffix. Callees follow their
      function in the pre-order of their scopes.
    - **Nesting**: inner scopes are outlined first, so by the time an outer
      scope's arguments are computed its inner scopes are calls, and a value
      only an inner scope op needed (its result dims) is not passed to the
      outer callee.

    - **Bufferization** (`bufferization-safe`, on by default): the callee
      must be what upstream bufferization takes as it takes the inlined
      body. A scope is left in place, with a remark saying why, when a
      result would still be returned unranked (One-Shot Bufferize with
      function boundaries cannot bufferize such a function in MLIR 22) or is
      not certainly a buffer the callee allocates itself: computed in place
      from, or a view of, an argument, a value from above or a constant
      (buffer deallocation copies such a returned buffer with
      `bufferization.clone`, which the inlined body never needs). Which
      values are the callee's own buffers is read from
      `BufferizableOpInterface` aliasing (views and in-place updates lead
      back to what they alias); allocations, `tensor.empty` and call results
      are the callee's own. With `bufferization-safe=false` every scope is
      outlined, as a compile pipeline that needs the functions (a device's
      backend compiles them) wants.
    - **Destination results** (`destination-results`, on by default): a
      result computed in place, through destination-style ops, into storage
      the body creates (`tensor.empty`, `bufferization.alloc_tensor`, or the
      buffer of an inner outlined scope's result) is not returned. The
      caller allocates the buffer (`memref.alloc`, sized by the scope's
      result dims or the storage's own sizes; a constant size is a static
      dim, so the callee still sees it) and passes it as a trailing `memref`
      argument; the callee computes into `bufferization.to_tensor` of it and
      ends with `bufferization.materialize_in_destination` into it; the call
      site reads it back with `bufferization.to_tensor`. An empty tensor
      returned as it is is created at the call site instead. Rationale:
      buffer deallocation knows allocations apart but not buffers returned
      by calls, so freeing several returned buffers, or one that may be the
      value returned, takes `@dealloc_helper` and guarded frees (`scf.if`,
      `cf.cond_br` once lowered) that the inlined body did not need; owned
      by the caller, the buffer is freed as in the inlined body. A result
      whose storage is shared with another result or comes from an argument
      stays returned. The compile pipeline turns it off: a device's backend
      compiles its function on tensors.

    Running the pass twice changes nothing the second time: every scope is
    outlined or refused again, and functions are never renamed.

    With `remarks`, every other decision is a remark at the scope too:
    `outlined into @name`, or `not outlined: ...` with the reason (filtered
    out by `kind`, an annotation, not outlinable, not inside a function).
    The same lines are the pass's `-debug-only=util-outline-scopes` output
    where LLVM has it.

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

    Limits: a scope op that is not outlinable
    (`ScopeOpInterface::isOutlinable`: it holds state a call could not carry,
    such as a pass pipeline) is left in place, as is a scope placed directly
    in a symbol table rather than inside a function or other op, or inside
    transform IR. Discardable attributes of the scope op move to the call.
    Buffers still returned from calls (a result chosen by `scf.if` among
    branches, a `memref` result of the body, a result that is not computed
    into storage the body creates) may still be freed through upstream's
    run-time `@dealloc_helper`, which cannot tell call results apart where
    it can tell allocations apart.
  }];
  let options = [
    Option<"kind", "kind", "std::string", /*default=*/"\"\"",
           "Outline only scopes carrying a scope attribute of this kind "
           "(`zone`, `device`, ...); all scopes when empty">,
    Option<"bufferizationSafe", "bufferization-safe", "bool",
           /*default=*/"true",
           "Leave a scope in place, with a remark, when upstream "
           "bufferization would not take its function as it takes the "
           "inlined body (an unranked result, a result that is not a "
           "buffer the function allocates)">,
    Option<"destinationResults", "destination-results", "bool",
           /*default=*/"true",
           "Write a result computed in place into storage the body creates "
           "(`tensor.empty`, `bufferization.alloc_tensor`) into a buffer "
           "the caller allocates and passes, so that buffer deallocation "
           "frees it as in the inlined body">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark at every scope saying whether it was outlined "
           "and, if not, why">,
  ];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect",
                           "mlir::func::FuncDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::tensor::TensorDialect"];
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
    what exists (the zone names, the number of scopes). Limits: a scope in a
    nested symbol table (a module inside the module) is rejected with an
    error, since its symbol references would not resolve from the top; a dim
    of a capture that is neither a ranked tensor nor a memref becomes an
    `index` argument; the function's name yields to a copied symbol of the
    same name (the symbol table appends a suffix to the new function).
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
    Ties an untied result of a scope op with ties (a `ScopeOpInterface` op
    that is a `ClosureOpInterface` whose `TiedOpInterface` ties index its
    closure operands, such as `util.scope`) to explicit capture `k` when
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

    and when the tie is a sound storage hint: the result is shaped (a
    tensor or memref: scalars have no storage to share) of the capture's
    type, the capture is not tied to another result, and the capture dies at
    the scope. "Dies" is checked conservatively: the captured value is
    defined in the scope's block (so a scope inside a loop never consumes a
    value from outside the loop), the scope uses it only as that capture (not
    also implicitly in its body), and every other use is in an op before
    the scope in that block.

    Tying drops the result's dims from the op's result dims
    (`ShapeAwareOpInterface`): a tied result has its capture's dims.

    ```mlir
    %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
      %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
      util.return %f : tensor<?xf32>
    }
    // becomes
    %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%t) {...}
    ```

    Limits: `scf.if`, `scf.while` and casts end a chain; a result is tied to
    one capture even if several would do; scope ops without ties
    (annotations) are left alone, and so are scopes with a fixed signature
    (`ScopeAttrInterface::fixesScopeSignature`: a tie would turn an extern
    kernel's output into an in-place update).
  }];
}

//===----------------------------------------------------------------------===//
// Tracing and pictures of scopes
//===----------------------------------------------------------------------===//

def TraceZonesPass : Pass<"util-trace-zones"> {
  let summary = "Mark the entry and every exit of each zone scope for tracing";
  let description = [{
    For every scope op (`ScopeOpInterface`) carrying a zone (a scope
    attribute of kind `zone`, such as `#util.zone<"name">`), inserts a
    `util.trace.begin "zone" "<name>"` at the start of its body and a
    matching `util.trace.end` before each of its exits, both with
    `args {scope = [...]}`: the zone's scope path (`util::getScopePath` of an
    op in its body, outermost first, the zone included). The scopes
    themselves stay; strip them afterwards (`util-strip-scopes{kind=zone}`):
    the markers then sit in the parent block around the inlined body, so a
    nested zone gives a nested slice and a zone in a loop body one slice per
    iteration.

    The compile driver runs it only when tracing, right before stripping
    zones and forming dispatch regions: formation ignores markers (they are
    not dispatchable and use no tensor), so the same regions form with and
    without it. Without tracing zones are stripped unmarked and cost nothing.
    A zone whose name holds a NUL character is an error at its scope: a
    trace event's name is a C string.

    ```mlir
    %r = util.scope [#util.zone<"bias">] (%t as %a: tensor<4xf32>) -> (%t) {
      %y = linalg.add ...
      util.return %y : tensor<4xf32>
    }
    // becomes
    %r = util.scope [#util.zone<"bias">] (%t as %a: tensor<4xf32>) -> (%t) {
      util.trace.begin "zone" "bias" args {scope = ["bias"]}
      %y = linalg.add ...
      util.trace.end "zone" "bias" args {scope = ["bias"]}
      util.return %y : tensor<4xf32>
    }
    ```

    Limits: a zone whose body never exits (no `util.return`) is entered but
    never closed; the runtime then ends its slice at the thread's last
    event and flags it `unfinished`.
  }];
}

def LowerTraceMarkersPass
    : Pass<"util-lower-trace-markers", "mlir::ModuleOp"> {
  let summary = "Turn trace markers into calls into the tracing runtime";
  let description = [{
    Rewrites every `util.trace.begin` / `util.trace.end` into an `llvm.call`
    of the tracing runtime's `scopeir_trace_begin` / `scopeir_trace_end`
    (declared as `llvm.func` in the module if missing), passing the address
    of a constant *site*: an internal `llvm.mlir.global` named
    `__scopeir_trace_site_<n>` holding `<category>\0<name>\0<args>\0`,
    where `<args>` is the marker's args as a JSON object plus `"loc"`, the
    marker's source location (`file:line:col`) when it has one. A begin and
    its end share one site; equal sites are emitted once per module. The
    runtime records only the site's address per event and reads the strings
    when the trace is written, so an event costs two clock readings and no
    string handling.

    ```mlir
    util.trace.begin "zone" "ffn" args {scope = ["ffn"]}
    // becomes
    llvm.mlir.global internal constant @__scopeir_trace_site_0("zone\00ffn\00{\22loc\22:...,\22scope\22:[\22ffn\22]}\00")
    ...
    %0 = llvm.mlir.addressof @__scopeir_trace_site_0 : !llvm.ptr
    llvm.call @scopeir_trace_begin(%0) : (!llvm.ptr) -> ()
    ```

    The calls mix with other dialects until host lowering; nothing else of
    util remains. Limits: markers in a nested module get their sites and
    declarations in that module (which must be a symbol table).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SplitEmptyTensorsPass : Pass<"util-split-empty-tensors"> {
  let summary = "Give each use of a tensor.empty its own op before bufferization";
  let description = [{
    Runs right before `one-shot-bufferize`. Canonicalization and CSE merge
    equal `tensor.empty` ops, so one empty tensor often initialises several
    destinations: the `outs` of a `linalg.fill` that starts a matmul and the
    `outs` of the elementwise epilogue that consumes the matmul, or the tied
    captures of two `codegen.scope.tu` ops. One-shot bufferization then sees
    two in-place writes into one buffer while the first result is still
    read, and resolves the conflict with a fresh buffer and a `memref.copy`
    of the empty tensor's undefined contents: a whole-tensor copy per call
    that computes nothing.

    This pass clones each `tensor.empty` with several uses so that every use
    has its own (the clones are inserted after the original, which keeps
    dominance). Each becomes its own allocation, without a copy. Nothing may
    canonicalize or CSE between this pass and bufferization, or the clones
    are merged again.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def ReallocCallOperandsPass : Pass<"util-realloc-call-operands"> {
  let summary = "Copy strided buffers passed to identity-layout call parameters";
  let description = [{
    Runs after `one-shot-bufferize{bufferize-function-boundaries
    function-boundary-type-conversion=identity-layout-map}`. When a call
    passes a strided buffer (a subview of a row of a larger buffer, say) to
    a parameter of identity layout, upstream bufferization in MLIR 22 casts
    the buffer with `memref.cast` whenever no stride or offset goes from
    dynamic to static, for instance `memref<2x?x1xf32, strided<[?, 1, 1]>>`
    to `memref<2x?x1xf32>`. But the identity layout's dynamic outer stride is
    not free: it is the size of the inner dims. The cast keeps the buffer's
    real stride in the descriptor while the callee addresses it as dense, so
    the callee reads the wrong elements (the slice `[0, 0, 0] [2, 10, 1]` of
    a `?x12x1` buffer read with row stride 10).

    This pass replaces each `memref.cast` from a layout that is not known to
    be dense to an identity layout, used only by `func.call` operands, with a
    fresh buffer (`memref.alloc`, 64-byte aligned) and a `memref.copy` into
    it: what bufferization does itself when it sees that a cast is not
    guaranteed to be valid. Copying in only is enough: bufferization lets a
    callee write into its argument only when the caller no longer reads the
    buffer afterwards. `buffer-deallocation-pipeline`, run later, frees the
    copies.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

//===----------------------------------------------------------------------===//
// Unfoldable constants and optimization barriers (IREE's test conventions)
//===----------------------------------------------------------------------===//

def LowerUnfoldableConstantsPass : Pass<"util-lower-unfoldable-constants"> {
  let summary = "Turn unfoldable constants into constants behind barriers";
  let description = [{
    Rewrites every `util.unfoldable_constant` into an `arith.constant` of
    the same value whose only use is a `util.optimization_barrier`; the
    barrier's result replaces the constant's.

    ```mlir
    %t = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
    // becomes
    %cst = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %t = util.optimization_barrier %cst : tensor<2xf32>
    ```

    How the value stays unknown to the compiler until code generation: the
    barrier has no folder and declares memory effects, so no canonicalization
    pattern, folder, CSE, DCE or LICM sees the constant through it, and it
    is never erased. It stays through dispatch formation and the backends'
    tensor pipelines, bufferizes to itself on the constant's buffer (see
    `util.optimization_barrier`), and goes only in the LLVM dialect, where
    `util-lower-optimization-barriers` replaces it by an empty inline
    assembly block that LLVM cannot see through either. So the ops under
    test compute on a buffer whose contents, as far as every optimizer
    knows, are read at run time.

    The compile pipeline runs the pass first (before input conversion and
    its canonicalization).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def LowerOptimizationBarriersPass
    : Pass<"util-lower-optimization-barriers", "mlir::ModuleOp"> {
  let summary = "Lower optimization barriers to empty inline assembly";
  let description = [{
    Runs at the end of host lowering, when everything around the barriers is
    in the LLVM dialect (with `unrealized_conversion_cast`s to the original
    types left for `reconcile-unrealized-casts`). Each
    `util.optimization_barrier` becomes, per operand converted to its LLVM
    type, one `llvm.inline_asm` with an empty body per scalar it holds: an
    integer, float or index, or every pointer and integer field of a memref
    descriptor (ranked or unranked: the pointers, offset, sizes and
    strides). The assembly returns its input in the same register
    (constraint `=r,0`; floats travel as integers of their width, integers
    narrower than 64 bits as `i64`), so it costs no instruction, and LLVM's
    optimizer can neither fold a load from a constant global through the
    pointer nor specialize code on a size it cannot see.

    ```mlir
    %r = util.optimization_barrier %x : i32
    // becomes
    %0 = llvm.zext %x : i32 to i64
    %1 = llvm.inline_asm "", "=r,0" %0 : (i64) -> i64
    %r = llvm.trunc %1 : i64 to i32
    ```

    Limits: operands of other types (vectors, wider integers, LLVM
    structures other than memref descriptors) are an error at the barrier.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def PrintScopeTreePass : Pass<"util-print-scope-tree", "mlir::ModuleOp"> {
  let summary = "Print the nesting of scopes of every function as a tree";
  let description = [{
    Prints to standard output, for every function with a body
    (`FunctionOpInterface`) in the module, in module order, the scope ops
    nested in it as a tree that reads like a directory listing:

    ```
    func @main  (model.mlir:3:1)
    |-- util.annotate [device=llvm-cpu, zone=encoder]  21 ops  (model.mlir:7:8)
    |   |-- util.annotate [zone=layer1]  9 ops  (model.mlir:8:11)
    |   `-- util.annotate [zone=layer2]  9 ops  (model.mlir:20:11)
    `-- util.annotate [device=llvm-cpu-loops, zone=head]  14 ops  (...)
    ```

    Each scope shows its op name, its scope attributes as
    `kind=display name` (`ScopeAttrInterface::getScopeKind` and
    `getScopeDisplayName`; the printed attribute when it has no display
    name), the number of ops in its body at any depth (nested scopes and
    their ops included, terminators too) and its location. A function's
    own scope attributes (`util.scope_attrs`, left by outlining) are shown
    on its line. Scopes are found by walking the function, so a scope
    nested in a loop or another region op appears under the innermost scope
    around it. The IR is not changed.

    It runs on the module, not on each function: run on functions in
    parallel, the trees of different functions would interleave on the
    output.
  }];
}

#endif // SCOPEIR_DIALECT_UTIL_TRANSFORMS_PASSES_TD
