// The differential on a command that never ends (a stand-in scope-run,
// Inputs/stuck-scope-run.py, that sleeps on the program with scopes): the
// command is named while it runs (--report-after), stopped after
// --timeout, and its seed fails as a timeout. Stopped from outside by
// SIGTERM (a CI stage's cap), the run prints the command it was running and
// the summary of what it finished.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env STUCK_SCOPE_RUN=%scopeir_tools_dir/scope-run \
// RUN:   not %python %scopeir_src_root/utils/differential.py --tools-dir=%scopeir_tools_dir \
// RUN:   --llvm-dir=%llvm_tools_dir/.. --work=%t/timeout --jobs=1 --quiet \
// RUN:   --scope-run=%S/Inputs/stuck-scope-run.py --timeout=5 --report-after=2 \
// RUN:   --gen-arg=--ops=matmul,elementwise --gen-arg=--min-ops=2 --gen-arg=--max-ops=3 \
// RUN:   1 2 | FileCheck %s
// RUN: env STUCK_SCOPE_RUN=%scopeir_tools_dir/scope-run \
// RUN:   not timeout -s TERM 6 %python %scopeir_src_root/utils/differential.py \
// RUN:   --tools-dir=%scopeir_tools_dir --llvm-dir=%llvm_tools_dir/.. \
// RUN:   --work=%t/term --jobs=1 --quiet --scope-run=%S/Inputs/stuck-scope-run.py \
// RUN:   --gen-arg=--ops=matmul,elementwise --gen-arg=--min-ops=2 --gen-arg=--max-ops=3 \
// RUN:   1 2 | FileCheck %s --check-prefix=TERM

// CHECK: differential: seed 2 has run {{[0-9]+}} s (--timeout 5) in: {{.*}}stuck-scope-run.py scoped.mlir
// CHECK: seed 2: FAIL scoped-error: timeout
// CHECK: differential: 1 seeds (2-2)
// CHECK: failing seeds: 1
// CHECK-NEXT: scoped-error 1 (seeds 2)

// TERM: differential: stopped by SIGTERM after {{[0-9]+}} s; running then:
// TERM-NEXT: seed 2: {{[0-9]+}} s in {{.*}}stuck-scope-run.py scoped.mlir
// TERM-NEXT: differential: 0 seeds (none)
// TERM: failing seeds: 0
