// Malformed scope-opt invocations on a valid input: each is a located
// diagnostic (in the pipeline text, or in the input file) and exit code 1.

// An unregistered util pass in a pipeline.
// RUN: %expect_exit 1 scope-opt %s -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(util-no-such-pass)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN-PASS
// UNKNOWN-PASS: MLIR Textual PassPipeline Parser:1:{{[0-9]+}}: error: 'util-no-such-pass' does not refer to a registered pass or pass pipeline

// An option a pass does not have.
// RUN: %expect_exit 1 scope-opt %s -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(canonicalize{no-such-option=1})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN-OPTION
// UNKNOWN-OPTION: error: <Pass-Options-Parser>: no such option no-such-option

// An unbalanced pipeline.
// RUN: %expect_exit 1 scope-opt %s -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(canonicalize)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: MLIR Textual PassPipeline Parser:1:{{[0-9]+}}: error: encountered unbalanced parentheses while parsing pipeline

// A pipeline anchored on the wrong op: located at the input file.
// RUN: %expect_exit 1 scope-opt %s -o /dev/null \
// RUN:   --pass-pipeline='func.func(canonicalize)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: {{.*}}tools.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op

// An input file that does not exist.
// RUN: %expect_exit 1 scope-opt %s.does-not-exist -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-FILE
// NO-FILE: cannot open input file '{{.*}}tools.mlir.does-not-exist'

// An unknown command-line flag.
// RUN: %expect_exit 1 scope-opt %s --util-no-such-flag -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN-FLAG
// UNKNOWN-FLAG: Unknown command line argument '--util-no-such-flag'

func.func @valid(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.scope [#util.zone<"z">] (%t as %a: tensor<4xf32>) -> (%t) {
    util.return %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
