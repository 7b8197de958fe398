//===- Passes.td - flow dialect passes ---------------------*- tablegen -*-===//
//
// Dispatch region formation inside scopes, outlining into per-placement
// executables, linking them into the host module and checking placement;
// lowering the tensor ops of IREE's test conventions.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_TD
#define SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FormDispatchRegionsPass : Pass<"flow-form-dispatch-regions"> {
  let summary = "Groups linalg ops into dispatch regions inside scopes";
  let description = [{
    Forms `flow.dispatch.region` ops one block at a time, in every block
    nested under the op the pass runs on: function bodies, the bodies of
    scope ops (`ScopeOpInterface`) and of `scf` ops. A region never spans two
    blocks, so it never crosses the boundary of any scope: ops of two
    different barrier scopes (devices, extern kernels) never share a region,
    and a region is always formed strictly inside the innermost scope of its
    ops. The body of an isolated op that is neither a function nor a symbol
    table (`codegen.scope.tu`) is left alone: its ops are compiled by the
    scope's own strategy, and a region there could not use values computed
    above the scope. So is an executable module (a nested `builtin.module`
    with the `flow.executables` attribute, written by hand or by an earlier
    `flow-outline-dispatch-regions`): its functions are dispatch bodies
    already.

    Rules, per block:
    1. *Roots*, in block order: linalg contractions (`linalg.matmul`,
       `linalg.batch_matmul`, any op matching
       `linalg::isaContractionOpInterface`), convolutions
       (`linalg::isaConvolutionOpInterface`), linalg ops with a reduction
       iterator, and every other `TilingInterface` op that is not
       elementwise, but a `linalg.unpack` of a block argument used once, by
       a contraction or a convolution, and a `tensor.pad` whose one use is
       the input of a depthwise NCHW convolution or an NCHW pooling
       (rule 3). Each root starts a region. A scope op that is a
       dispatch root (`ScopeOpInterface::isDispatchRoot`:
       `codegen.scope.workgroups`, and a program's own `codegen.scope.tu`,
       whatever its strategy made of its ops) is a root that stays alone
       in its region: neither consumers nor producers join it (what fuses
       into workgroups is fused into their body by
       `codegen-fuse-into-workgroups`), and its body, isolated, is left
       alone.
    2. *Consumers*: while the region's last op has a single result with a
       single use, and that use is an elementwise linalg op in the same block
       whose iteration space is the one of that result (identity indexing
       map, same rank), the consumer joins the region.
    3. *Producers*: an elementwise linalg op (all iterators parallel, or
       `linalg.fill`) in the same block whose results are used only by ops
       of the region joins it; so does a `linalg.unpack` of a block
       argument whose single use is a contraction or convolution of the
       region: an argument in a layout
       its caller prepared (llvm-cpu's filters packed ahead of the call,
       `llvm-cpu-hoist-filter-packing`), which the user's codegen may read
       in place rather than unpack; so does a `tensor.pad` whose one use
       is the input of a depthwise NCHW convolution or an NCHW pooling of
       the region, which the user's codegen may pad one tile at a time
       (llvm-cpu) instead of reading the padded tensor back from memory.
       `tensor.empty` and a `linalg.fill` of one
       are cheap: they are cloned into every region that uses them.
    4. Linalg ops left over start regions of their own, with the same
       producer and consumer fusion (an elementwise chain becomes one region).

    Each region records the innermost placement (`util::lookupPlacement`)
    of its ops as `placement`, the scope attributes around them that
    dispatches inherit (`util::collectInheritedScopeAttrs`: a
    `#codegen.strategy`, innermost per kind) as `scope_attrs`, and the path
    of enclosing scopes as
    `scope_path` (or, when `flow-record-scope-paths` ran before zones were
    stripped, the longest common prefix of its ops' recorded paths: their
    innermost common scope; the recorded paths longer than it, the zones
    the region straddles, become `straddled_paths`; the recorded paths are
    then removed, except on `hal.dispatch.extern` calls, which no region
    holds and `flow-print-dispatch-graph` places by them). A region is created
    where its last op was; ops that are not dispatchable (such as
    `util.trace.begin`/`end` markers) stay where they are and never affect
    grouping, so tracing markers change no region.
    Dynamically shaped results get their dims above the region the way
    util's scope passes compute them (`util::DynamicDimBuilder`): existing
    dims are reused (a dominating `tensor.dim`, the sizes of a
    `tensor.empty`, dims a shape-aware producer carries), the destination
    operand chain is followed, shapes are reified
    (`ReifyRankedShapedTypeOpInterface`) and pure index computations are
    cloned above the region; otherwise a `tensor.dim` of a value defined
    above is inserted. A result whose dims cannot be computed above the
    region is an error.

    Zone scopes (`#util.zone`) are not barriers, but they are still blocks:
    regions form inside a zone body and do not fuse with ops outside it. To
    fuse across zones, strip them first (`util-strip-scopes{kind=zone}`, as
    the compile driver does when tracing is off).

    After formation the pass checks placement (see
    `flow-verify-placement`) and fails on a violation.

    With `remarks`, the pass says what it decided at the ops concerned:
    `dispatch root: ...` at each op that starts a region, with the reason
    (a reduction loop, not elementwise, an elementwise op no root took, a
    scope that is a dispatch root), and `not fused into the dispatch region
    of the <op> root ...: <reason>` at each dispatchable op next to a region
    that did not join it (with a note at the root): a consumer behind a
    result with several uses or read through another iteration space, a
    producer with a use outside the region, an op in another block, which a
    scope boundary makes; `no dispatch region of its own` at a cheap
    producer cloned into its users' regions. The same lines are the pass's
    `-debug-only=flow-form-dispatch-regions` output where LLVM has it.
    Without it nothing is reported and the output is the same.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark at each op that starts a dispatch region and at "
           "each neighbour that did not join one, saying why">,
  ];
  let dependentDialects = [
    "::scopeir::flow::FlowDialect",
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def RecordScopePathsPass : Pass<"flow-record-scope-paths"> {
  let summary = "Records each dispatchable op's scope path before zones go";
  let description = [{
    Sets the discardable attribute `flow.scope_path` on every dispatchable
    op (a linalg op on tensors, or another `TilingInterface` op) and every
    extern kernel call (`hal.dispatch.extern`) to the path
    of scopes around it, outermost first (each scope's zone name, else its
    printed attributes). Run it before `util-strip-scopes{kind=zone}`:
    `flow-form-dispatch-regions` then names each region by the longest
    common prefix of its ops' recorded paths instead of the (zone-less)
    scopes left around it, and removes the recorded attributes. This keeps
    the scope -> dispatch map (`scope-run --dump-dispatches`) informative
    when zones are stripped so that fusion can cross them.
  }];
}

def OutlineDispatchRegionsPass
    : Pass<"flow-outline-dispatch-regions", "::mlir::ModuleOp"> {
  let summary = "Outlines dispatch regions into per-placement executables";
  let description = [{
    Moves the body of every `flow.dispatch.region` into a `func.func` in a
    nested executable module, one module per distinct placement, and replaces
    the region by a `flow.dispatch` of that function.

    - The module is named `<placement>_executables` (`host_executables` for
      regions without placement), where `<placement>` is the placement's
      display name (`ScopeAttrInterface::getScopeDisplayName`, else its
      printed form) with other characters than letters and digits turned
      into `_` (`#hal.device.target<"llvm-cpu">` gives `llvm_cpu`); two
      placements of one name get unique module names. It carries the unit
      attribute `flow.executables` and, when placed, the placement as
      `util.scope_attrs = [<placement>]`, so `util::lookupPlacement` answers
      for every op of its functions.
    - The function's arguments are the values the region uses from above, in
      first-use order, except constants (`ConstantLike` ops), which are
      cloned into the function. Its results are the region's results. The
      scope attributes the region inherited (`scope_attrs`, a codegen
      strategy say) become the function's `util.scope_attrs`.
    - Functions with structurally equal bodies, signatures and inherited
      scope attributes (`OperationEquivalence`) are deduplicated per module:
      a second region equal to an earlier one on the same placement
      dispatches the earlier function. Equal regions on two placements, or
      with two strategies, give two functions.
    - The dispatch passes the dynamic dims of its arguments (`tensor.dim`
      above the dispatch) and of its results (the region's result dims) as
      operands.

    A dispatch region nested in another one is an error (formation never
    creates one).

    Limits: the pass does not hoist or merge captures (an index value used
    inside is simply an argument), and does not rewrite `tensor.dim` of an
    argument inside the function into the dispatch's argument dims.
  }];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TraceDispatchesPass
    : Pass<"flow-trace-dispatches", "::mlir::ModuleOp"> {
  let summary = "Marks every dispatch for tracing, in the zone it belongs to";
  let description = [{
    Wraps every `flow.dispatch` in `util.trace.begin "dispatch"` /
    `util.trace.end "dispatch"`, named after the executable function, with
    args:

    - `device`: the display name of the executable's placement
      (`ScopeAttrInterface::getScopeDisplayName`, else its printed form), or
      `host`;
    - `executable`: the callee as printed (`@llvm_cpu_executables::@f_0`);
    - `index`: the dispatch's number in the dispatch map (module order, as
      `scope-run --dump-dispatches` prints it);
    - `scope`: its `scope_path`; `zones`: its `straddled_paths`, if any.

    Every `flow.tensor.transfer` is wrapped in `util.trace.begin
    "transfer"` / `util.trace.end "transfer"`, named `<from>-><to>` (each
    side's display name, or `host`), with args `from`, `to`, `type` and,
    for a static shape, `bytes`: the host's time in it (staging an upload,
    waiting for a download's value).

    Every `hal.dispatch.extern` (an extern kernel call) is wrapped the same
    way, named after the kernel's symbol, with args `device` (the placement
    around the call, or `host`), `extern` (the symbol) and `scope` (the path
    `flow-record-scope-paths` recorded on it, else `[]`); it has no `index`,
    not being in the dispatch map, and stays where it is, in the zones
    around it.

    **Attribution.** A dispatch belongs to the innermost scope common to its
    ops (`scope_path`). Formation puts a fused dispatch where its last op
    was, which may be inside a zone it straddles (the zone of that op):
    with zones marked (`util-trace-zones`) and stripped, it then runs
    between that zone's markers. This pass moves such a dispatch, together
    with the side-effect-free ops computing its operands since then (dims),
    to just before the `util.trace.begin` of the outermost straddled zone
    still open at it, so its slice nests directly in the slice of its
    common zone and the straddled zones' slices do not count its time. A
    zone marker's depth is the length of its `scope` arg; a zone open at the
    dispatch is straddled when it is deeper than `scope_path`.

    The dispatch stays where it is (its slice then nests in the straddled
    zone of its last op; its args still name its common scope and the
    zones it straddles) when an operand is computed after that marker by
    an op with side effects or by another dispatch. Moving a dispatch never
    changes the dispatch map (indices are taken first) or a result: a
    dispatch has no side effects.
  }];
  let dependentDialects = ["::scopeir::util::UtilDialect"];
}

def PrintDispatchesPass : Pass<"flow-print-dispatches", "::mlir::ModuleOp"> {
  let summary = "Print the dispatch map: each dispatch and extern kernel "
                "call with its device and scope path";
  let description = [{
    Prints to standard output one line per `flow.dispatch` of the module
    (run it after `flow-outline-dispatch-regions`), numbered in module
    order:

        dispatch #N @executable::@function device=<placement>|host scope=<path>|-

    then one line per transfer between memories (`flow.tensor.transfer`),
    with the path of the scopes around it:

        transfer #N <type> from <placement>|host to <placement>|host scope=<path>|-

    then one line per extern kernel call (`hal.dispatch.extern`):

        extern #N "symbol" [decomposition=@function] scope=<path>|-

    where the scope path is the one `flow-record-scope-paths` recorded (zone
    names joined by `/`). `scope-run --dump-dispatches` prints this for what
    it compiles; `flow-print-dispatch-graph` draws the same map. The IR is
    not changed.
  }];
}

def PrintDispatchGraphPass
    : Pass<"flow-print-dispatch-graph", "::mlir::ModuleOp"> {
  let summary = "Print scopes, dispatches, extern kernels and devices as a "
                "Graphviz graph";
  let description = [{
    Prints to standard output a Graphviz DOT graph of the module's
    `flow.dispatch` ops (run it after `flow-outline-dispatch-regions`): one
    cluster per scope of their `scope_path` (nested clusters for nested
    scopes), one box per dispatch inside the cluster of its path, labelled
    with its number in the dispatch map (module order, as
    `scope-run --dump-dispatches` prints it) and its executable function,
    filled with its device's colour, and one ellipse per device with an edge
    from every dispatch it runs. A dispatch that straddles zones
    (`straddled_paths`) is drawn dashed. Devices are named and coloured in
    the order they first appear; a dispatch without a placement runs on
    `host`. The IR is not changed.

    A transfer between memories (`flow.tensor.transfer`) is a `cds` node
    labelled with its type, filled with its destination's colour, with a
    dashed edge from its source's device and an edge to its destination's.

    Extern kernels are marked: a `hal.dispatch.extern` is a `component`
    shape labelled `extern <symbol>` (and its decomposition function),
    coloured and linked by the placement around the call, in the cluster of
    the path `flow-record-scope-paths` recorded on it (else of the scopes
    around it); a dispatch inside a scope carrying `#hal.extern` (the
    decomposition of a kernel no library provides, compiled in its place)
    has a double border and a second label line
    `decomposition of <symbol>`. `scope-run --dump-dispatches=dot` prints
    the same graph for what it compiles.

    Render it with Graphviz: `dot -Tsvg graph.dot -o graph.svg`.
  }];
}

def LinkExecutablesPass
    : Pass<"flow-link-executables", "::mlir::ModuleOp"> {
  let summary = "Moves executable functions into the host module";
  let description = [{
    Moves every function of every executable module (a nested module with
    the `flow.executables` unit attribute) into the host module as a private
    function named `<module>_<function>` (made unique if taken), records the
    module's scope attributes (its placement) on the function as
    `util.scope_attrs` (after the function's own, which are inner to them),
    rewrites each `flow.dispatch` of it into a
    `func.call`, and erases the emptied module.

    Why: translation to LLVM IR (and `ExecutionEngine`) silently drops
    functions nested in inner modules, so executables must live in the host
    module before host lowering. A backend pipeline runner can still select
    each function's pipeline through `util::lookupPlacement`.

    A `flow.dispatch` whose callee cannot be resolved is an error.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def VerifyPlacementPass : Pass<"flow-verify-placement"> {
  let summary = "Checks that dispatches run where their scopes place them";
  let description = [{
    Checks placement consistency after dispatch region formation (the
    formation pass runs the same check at its end):

    - every dispatchable op (a linalg op, or another `TilingInterface` op)
      is inside a `flow.dispatch.region` whose `placement` equals the op's
      innermost placement (`util::lookupPlacement`);
    - every region's `placement` equals the placement of the scopes around
      it (a region without `placement` must not be in a placement scope);
    - every `flow.dispatch` calls a function whose placement (that of its
      executable module) equals the dispatch's.

    A violation is an error at the op, with a note at the scope that placed
    it. Never a silent fallback: an op is not quietly moved to the host.
    Whether some backend serves a placement is checked by the device
    dialect, not here.
  }];
}

def InsertTransfersPass : Pass<"flow-insert-transfers"> {
  let summary = "Makes every move of a tensor between memories an explicit "
                "transfer";
  let description = [{
    Inserts a `flow.tensor.transfer` wherever a tensor value is used in a
    memory other than the one it is in. Run it once device code is called
    (after `flow-outline-dispatch-regions`, or after `util-outline-scopes`):
    the memories are then those of calls.

    - A value is in the memory of the placement of the function that
      computed it, if the value is the result of a call (`flow.dispatch`,
      `func.call`, any `CallOpInterface`) of a function placed on a
      placement with memory of its own (util's `hasDeviceMemory()`), or of
      the transfer that moved it there. Values flow through scope ops
      (`ScopeOpInterface`, neither isolated nor run more than once in place):
      an explicit capture is where the captured value is, a scope's result
      where the values its exits return are (if they agree). Every other
      value (arguments, results of other ops) is in host memory.
    - A use is in the memory of the callee's placement for an argument of
      such a call; a `tensor.dim` (a size, not data), a transfer, a scope's
      capture and a scope's exit are in no memory of their own (the uses of
      the capture's block argument and of the scope's result count); every
      other use (host ops, terminators, calls of functions computing in host
      memory) is in host memory.

    For each value and each memory its uses need other than its own, one
    transfer is inserted in the value's block, just before the first op
    that holds such a use (the use itself, or the loop, branch or scope
    containing it), and those uses take its result (inside a scope, as an
    implicit capture). So a value used by several consumers in one other
    memory moves once, even by several scopes; a loop-invariant value used
    inside a loop moves once, before the loop; and a value goes back to the
    host only where the host first needs it, not as soon as it is computed
    (the host keeps running while the device computes). Consecutive
    dispatches on one device pass their values without transfers, through
    scope edges too, and a value moving between two devices with memories
    of their own moves directly (one transfer).

    Functions placed on a placement with memory of its own (at scope
    granularity) and executable modules are left alone: their bodies run on
    their device. Devices computing in host memory (the CPU backends) never
    get a transfer: on them the pass changes nothing.
  }];
  let dependentDialects = ["::scopeir::flow::FlowDialect"];
}

def LowerTensorOpsPass : Pass<"flow-lower-tensor-ops"> {
  let summary = "Lower flow's tensor ops to upstream ops and barriers";
  let description = [{
    Rewrites the flow tensor ops that IREE's tests use into upstream ops:

    - `flow.tensor.dynamic_constant` becomes an `arith.constant` of the
      value, a `tensor.cast` to the dynamic type and a
      `util.optimization_barrier` on the cast. The barrier hides the value
      *and its dims*: a `tensor.dim` of its result is computed at run time,
      and no canonicalization pattern can fold the cast back into its users
      to make them static again (the barrier's result is what they use), so
      the code generated for the dynamic shape is the code that runs.
    - `flow.tensor.tie_shape` is replaced by its operand (its dims are a
      witness of shape computations only).
    - `flow.tensor.bitcast` between tensors of one shape (dims equal where
      both are static) whose element types have the same width becomes an
      elementwise `arith.bitcast` (and a `tensor.cast` to the result type
      where the two types differ in static dims). Any other bitcast is an
      error at the op: regrouping bits across elements has no upstream
      tensor op.

    ```mlir
    %t = flow.tensor.dynamic_constant dense<[1, 2]> : tensor<2xi32> -> tensor<?xi32>
    // becomes
    %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
    %cast = tensor.cast %cst : tensor<2xi32> to tensor<?xi32>
    %t = util.optimization_barrier %cast : tensor<?xi32>
    ```

    The compile pipeline runs it first, with `util-lower-unfoldable-constants`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
    "::scopeir::util::UtilDialect",
  ];
}

#endif // SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_TD
