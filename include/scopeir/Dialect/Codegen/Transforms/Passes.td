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
    same block and used only by the group. Blocks inside existing tu scopes
    and inside linalg ops are left alone, and so are ops on buffers.

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
    fused into the root's scope.

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
    `codegen.store` into the result, the consumer is applied to the stored
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
    same scope, several results.

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
    variables) whose shared outputs are new `tensor.empty` tensors of the
    results' types and dims, and whose `scf.forall.in_parallel` terminator
    holds one `tensor.parallel_insert_slice` per `codegen.store`. Captures
    become the captured values themselves (the loop is not isolated). The
    normal path then applies: bufferization, then loops or threads
    (`llvm-cpu-lower-parallel-tiles`: an `scf.parallel` on scope-run's
    thread pool).

    Run it on tensors, before bufferization and after dispatch formation
    (the scope is a dispatch root there); scope-run's compile pipeline runs
    it right before the backends' tensor pipelines.

    With `check-stores`, each scope first gets a replay of its
    distribution that runs before it, one workgroup after the other: the
    offsets, sizes and strides of every store are recomputed (the ops they
    depend on in the body, which must be free of side effects, are cloned)
    and each stored element of each result is counted in an `i32` tensor of
    the result's shape. A store that reaches outside its result, and then
    the first element (in row-major order) stored zero times or more than
    once, is a run-time error: a message on standard output naming the
    scope (its location), the result and the workgroup or element, then
    `exit(1)`. The check costs a pass over every result and is meant for
    testing a distribution, not for production runs.
  }];
  let options = [
    Option<"checkStores", "check-stores", "bool", /*default=*/"false",
           "Check at run time that the stores of all workgroups cover each "
           "result exactly once">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_PASSES_TD
