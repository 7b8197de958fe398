//===- Passes.td - scope-reduce's reduction pass -----------*- tablegen -*-===//
//
// This file declares the reduction pass scope-reduce adds to upstream's
// reducer passes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TOOLS_SCOPE_REDUCE_PASSES_TD
#define SCOPEIR_TOOLS_SCOPE_REDUCE_PASSES_TD

include "mlir/Pass/PassBase.td"

def ReduceRewritesPass : Pass<"scope-reduce-rewrites", "::mlir::ModuleOp"> {
  let summary = "Shrink a test case by delta debugging over rewrite sites";
  let description = [{
    For each kind of rewrite, in order, numbers the places in the module
    where it applies (pre-order) and tries it on chunks of them, halving the
    chunk size down to one (delta debugging): a variant is kept when it
    verifies, its printed form is smaller, and the interestingness test
    (`test`, run as `test test-args... FILE`, exit code 1 meaning
    interesting) still finds it interesting. After each rewrite, ops that
    became dead are erased (including calls without uses, then private
    functions without callers). The kinds are then tried again, `rounds`
    times at most or until none makes progress.

    | kind | rewrite |
    |---|---|
    | `forward` | every result of an op replaced by its first operand of the same type that is not a `tensor.empty` (a linalg op's result by its init, a loop's by its init_args) |
    | `zero` | the statically shaped float tensor result of an op replaced by a zero constant |
    | `then` | an `scf.if` replaced by its then-branch |
    | `inline-scope` | a scope (any `ScopeOpInterface` op) inlined into its parent, as `util-strip-scopes` does |
    | `drop-scope-attr` | the first attribute of a `util.scope` / `util.annotate` list dropped |

    Upstream's `reduction-tree` pass removes ranges of ops, which only
    succeeds for ops whose results are unused, so on a data-flow program it
    removes little; these rewrites cut the data flow instead. (Registering
    rewrites of this kind as reduction patterns of upstream's
    reduction-tree made it crash in MLIR 22, while cloning a variant.)
  }];
  let options = [
    Option<"testerName", "test", "std::string", /*default=*/"",
           "The interestingness test (exit code 1: interesting)">,
    ListOption<"testerArgs", "test-arg", "std::string",
               "Arguments of the test, before the file">,
    ListOption<"kinds", "kinds", "std::string",
               "Rewrite kinds to try, in order (default: forward, zero, "
               "then, inline-scope, drop-scope-attr)">,
    Option<"rounds", "rounds", "unsigned", /*default=*/"3",
           "Most passes over all kinds">,
  ];
}

#endif // SCOPEIR_TOOLS_SCOPE_REDUCE_PASSES_TD
