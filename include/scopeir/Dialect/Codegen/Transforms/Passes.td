//===- Passes.td - codegen dialect passes ------------------*- tablegen -*-===//
//
// Forming tu scopes around root ops, running their strategies, removing
// them after bufferization, erasing the transform IR of the strategies;
// fusing into and lowering workgroups scopes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_PASSES_TD
#define SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FormTUScopesPass : Pass<"codegen-form-tu-scopes"> {
  let summary = "Wraps each root op and its fused producers in a tu scope";
  let description = [{
    Forms a `codegen.scope.tu` around every *root* of the op the pass runs
    on (a function, typically an executable function of one dispatch), one
    block at a time, so that each root is compiled by a strategy of its own
    while the function is bufferized as a whole.

    Roots, in block order (`classifyRoot`): contractions, convolutions,
    other linalg ops with a reduction loop, other tileable ops that are not
    elementwise (`other`); then every elementwise linalg op not taken yet
    starts an *elementwise chain* that grows through single-use elementwise
    consumers of the same iteration space. A root scope also takes the
    root's *producers*: `tensor.empty` ops and scalar fills of them, of the
    same block and used only by the group, and the ops the strategy
    table's `takesProducer` names. Where the table's `takesConsumer` says
    the root's strategy computes them in its own tiles, a root other than
    an elementwise chain also takes the elementwise chain after it, through
    single uses of single results (llvm-cpu: the epilogue of a convolution,
    depthwise convolution or pooling it tiles by images). Blocks inside
    existing tu scopes and inside linalg ops are left alone, and so are ops
    on buffers.

    The scope is isolated from above: every value the group uses from above
    becomes an explicit capture (with its dynamic dims), except constants,
    which are cloned into the body. A result that the group computes in
    place from a capture that dies at the scope is tied to it
    (`util-induce-tied-operands`' rule). Dynamic dims of untied results are
    computed above the scope as util's scope passes do
    (`util::DynamicDimBuilder`); a result whose dims cannot be computed there
    is an error at its op.

    The strategy of each scope: a `#codegen.strategy` that applies to the
    root (`util::lookupScopeAttr`: enclosing scopes, or what dispatch
    formation and outlining recorded on an executable function) and has an
    entry for its kind (or a default); else the entry of the strategy table
    `table` (registered by a backend, see `StrategyTable.h`) for the root;
    else none. A scope without a strategy is still formed: its ops are
    compiled by what runs on the function after the scopes.

    Limits: the grouping is per block and greedy, like dispatch formation's;
    consumers of a root other than an elementwise chain of its own are not
    fused into the root's scope unless the strategy table takes them.

    With `remarks`, the pass says what it decided at the ops concerned:
    `tu scope root (<kind>, N ops), strategy: ...` at each root, with where
    the strategy came from (`#codegen.strategy`, the table, or why there is
    none); `not in the tu scope of the <op> root: <reason>` at each root
    candidate or producer next to a group that stays out of it (with a note
    at the root): a consumer of a root that is not an elementwise chain, a
    chain link with several uses, a producer used outside the group; and
    `no tu scope: ...` at a linalg or tileable op that is no root (on
    buffers, without results). The same lines are the pass's
    `-debug-only=codegen-form-tu-scopes` output where LLVM has it. Without
    it nothing is reported and the output is the same.
  }];
  let options = [
    Option<"table", "table", "std::string", /*default=*/"\"\"",
           "Registered strategy table giving the default strategy per root "
           "(empty: none)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark at each root saying which strategy its tu scope "
           "got, and at each op next to a group that stays out, saying "
           "why">,
  ];
  let dependentDialects = [
    "::scopeir::codegen::CodegenDialect",
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def RunScopePipelinesPass : Pass<"codegen-run-scope-pipelines"> {
  let summary = "Runs each tu scope's own strategy on it";
  let description = [{
    Runs the strategy of every `codegen.scope.tu` nested anywhere in the op
    the pass runs on (inside `scf.for`, inside other scopes: a static nested
    pass manager would reach only direct children), **innermost first, then
    in the order of the IR** (a post-order walk), and removes the strategy
    from each scope it ran, so that a second run changes nothing.

    - `pipeline = "..."`: the text is parsed into an `OpPassManager`
      anchored on `codegen.scope.tu` and run on the scope
      (`Pass::runPipeline`).
    - `strategy = @name(params)`: the `transform.named_sequence` `@name`
      is looked up in the nearest symbol table around the scope (the
      module), then in the module of `strategy-library`; the transform
      interpreter applies it with the scope op as its first argument and the
      parameters (`!transform.param`, one attribute each) as the following
      ones.

    A malformed pipeline, an unknown pass, a pass that cannot run on the
    scope, a missing or malformed named sequence, a wrong number of
    parameters and a failing pipeline or transform are each an error at
    the scope, and the pass fails.

    Dialects: every dialect the backends' strategies create is loaded before
    the pass runs (loading one while passes run on other threads is a data
    race that release builds of MLIR do not catch). A pipeline whose passes
    need another dialect that is not loaded yet is an error at the scope,
    unless the context runs single-threaded (`--mlir-disable-threading`),
    where it is loaded.

    A named sequence must change nothing outside the scope it is given (the
    pass keeps pointers to the other scopes); pass pipelines cannot, being
    anchored on the scope.
  }];
  let options = [
    Option<"strategyLibrary", "strategy-library", "std::string",
           /*default=*/"\"\"",
           "A file of transform named sequences that strategies may name">,
  ];
  let dependentDialects = [
    "::scopeir::codegen::CodegenDialect",
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::transform::TransformDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def InlineScopesPass : Pass<"codegen-inline-scopes"> {
  let summary = "Inlines every tu scope into its parent";
  let description = [{
    Replaces every `codegen.scope.tu` in the op by its body (captures become
    the captured values, results the yielded ones; a multi-block body
    becomes blocks of the parent region or an `scf.execute_region`, as
    `util-strip-scopes` does). A strategy that has not run is dropped with
    its scope.

    Run it after bufferization and before `buffer-deallocation-pipeline`:
    once the strategies have run and the function is bufferized, a tu scope
    has nothing left to say, and without it the deallocation pass sees the
    ops as if they had never been scoped (see docs/codegen.md).
  }];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def EraseStrategySequencesPass
    : Pass<"codegen-erase-strategy-sequences", "::mlir::ModuleOp"> {
  let summary = "Erases the module's transform IR once the strategies ran";
  let description = [{
    Erases every op of the transform dialect at the top level of the module
    (the `transform.named_sequence`s that `strategy = @name` of a tu scope
    or `#codegen.strategy` names) and the module's
    `transform.with_named_sequence` attribute. The strategy library of
    `codegen-run-scope-pipelines` is a module of its own and is not
    touched.

    Why: transform IR has no translation to LLVM IR, so a module whose
    scopes name sequences of their own must lose them before host lowering;
    and it must keep them until then, since the backends' tu scopes run
    their strategies (which may name the module's sequences) in the
    backends' pipelines. The compile pipeline runs it after the last backend
    phase.

    A `codegen.scope.tu` whose strategy is still a named sequence (it never
    ran) is an error at the scope: the sequence it names would be gone.
  }];
}

def FuseIntoWorkgroupsPass : Pass<"codegen-fuse-into-workgroups"> {
  let summary = "Fuses elementwise consumers of workgroups results into the "
                "scopes";
  let description = [{
    Moves each elementwise consumer of a result of a
    `codegen.scope.workgroups` into the scope, one after the other, so that
    a chain of consumers fuses link by link. The consumer is a linalg op on
    tensors in the scope's block with only parallel loops, one result
    written through the identity map over the result's shape (`linalg.add`,
    or a `linalg.generic`), that reads the result through the identity map;
    its other operands are read through projected permutations (at the same
    indices, transposed, or broadcast) and are defined before the scope. An
    output whose payload argument is unused is only a shape.

    The consumer then runs on each tile a store writes: after every
    `codegen.store` into the result, wherever it sits in the body (in a
    loop, an `if`, another block), the consumer is applied to the stored
    tile and to the matching slices of its other operands (which become
    captures; values its payload uses from above are captured too, and
    constants cloned), and its tile is stored at the same offsets, sizes and
    strides into a new result that replaces the consumer. The old result
    and its stores go if nothing else uses it. Because the consumer reads
    exactly the elements the workgroup stores, the fused scope computes what
    the scope followed by the consumer computed, with any distribution.

    A consumer that would read elements other workgroups store is refused
    with a remark at the consumer saying why (and a note at the scope): a
    reduction loop, a result read through a map other than the identity (a
    transpose, a shifted window), an operand through a map that is not a
    projection, an operand defined after the scope, another result of the
    same scope, several results, a result tied to a capture (the elements no
    workgroup stores are the capture's, which no store passes through the
    consumer).

    With `remarks`, the other decisions are remarks too: `fused into
    codegen.scope.workgroups` at each consumer that moved in, and `not fused
    ...: not a linalg op` at each other user of a result (terminators
    aside), each with a note at the scope. The refusals and these are the
    pass's `-debug-only=codegen-fuse-into-workgroups` output where LLVM has
    it. Without it, the output is what it was: the refusals only.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Also emit a remark at each consumer that was fused and at each "
           "user of a result that is not a linalg op">,
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def LowerWorkgroupsPass : Pass<"codegen-lower-workgroups"> {
  let summary = "Lowers each workgroups scope to an scf.forall over its grid";
  let description = [{
    Replaces every `codegen.scope.workgroups` in the op (innermost first) by
    the upstream form of the same thing: an `scf.forall` over the workgroup
    grid (the workgroup counts are its upper bounds, the ids its induction
    variables). Captures become the captured values themselves (the loop is
    not isolated). The normal path then applies: bufferization, then loops
    or threads (`llvm-cpu-lower-parallel-tiles`: an `scf.parallel` on
    scope-run's thread pool).

    An untied result that no `codegen.store` names is an error (none of its
    elements would be defined): a body written without its store, or one
    whose only store sat in a loop or branch folded away as never run.

    A result whose stores all sit at the top of a one-block body (each runs
    exactly once per workgroup) is a shared output of the loop: a new
    `tensor.empty` of the result's type and dims, or the capture a tied
    result is tied to (bufferization writes it in place where the capture
    dies at the scope, and copies it otherwise); the
    `scf.forall.in_parallel` terminator holds one
    `tensor.parallel_insert_slice` per store. Where the stored tile is
    computed by destination-style ops (linalg) starting from a
    `tensor.empty` in the body that nothing else uses, and the store's
    offsets, sizes and strides are defined before the first of those ops,
    the empty tensor is replaced by a `tensor.extract_slice` of the shared
    output at the store's place: bufferization then computes the tile in
    the result's buffer instead of in a temporary copied into it after
    (for a dynamically shaped tile, a strided `memref.copy` that becomes the
    runtime's element-by-element `memrefCopy`). The stores of any other
    result, in a loop, an `if` or another block, may run any number of
    times, which a parallel insert cannot say: the result is then a buffer
    (`memref.alloc`; for a tied result, a copy of its capture), each store a
    `bufferization.materialize_in_destination` of its tile into a subview of
    the buffer where it runs, and the scope's result a
    `bufferization.to_tensor` of the buffer after the loop. A body of
    several blocks becomes an `scf.execute_region` in the loop.

    Run it on tensors, before bufferization and after dispatch formation
    (the scope is a dispatch root there); scope-run's compile pipeline runs
    it right before the backends' tensor pipelines.

    With `check-stores`, every result is a buffer, with an `i32` counter per
    element. Each store, where and each time the workgroup runs it, first
    checks that its tile lies inside the result (if not, the first
    workgroup to find one records the store in an `i64` record, atomically
    claimed, and does not write), then copies its tile and adds one to the
    counter of each element it writes (atomically: two workgroups may
    store one element at once). After the loop, a recorded out-of-bounds
    store, then the first element (in row-major order) stored other than
    exactly once (more than once for a tied result, whose elements no
    workgroup stores keep the capture's values), is a run-time error: a
    message on standard output naming the scope (its location), the result
    and the workgroup or element, then `exit(1)`. In a scope placed on a
    device with memory of its own (util's `hasDeviceMemory()`), whose
    buffers host code never reads, the record is a table with a row per
    workgroup, each flagging its own first out-of-bounds store (a device
    need not have 64-bit atomics), and after the loop the counters and the
    table are copied to host buffers by `flow.buffer.transfer` (a download)
    and the host scans the copies, reporting the first flagged workgroup in
    grid order. Because the check counts
    the stores that ran, it is exact whatever the control flow around them
    (loops, conditionals, blocks, calls). It costs an atomic add per
    stored element and a pass over every result, and is meant for testing
    a distribution, not for production runs.
  }];
  let options = [
    Option<"checkStores", "check-stores", "bool", /*default=*/"false",
           "Check at run time that the stores of all workgroups cover each "
           "result exactly once">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
    "::scopeir::flow::FlowDialect",
  ];
}

#endif // SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_PASSES_TD
