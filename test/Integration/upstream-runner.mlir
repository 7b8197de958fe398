// utils/upstream-integration.py on three small upstream-style tests of our
// own (Inputs/upstream-style): every RUN line passes as written, with random
// scopes kept through the test's pipeline, and with them outlined; the two
// tests it cannot run here are excluded with their reasons. The whole
// upstream suite is run by scripts/upstream-integration.sh (docs/testing.md).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/upstream-integration.py %S/Inputs/upstream-style \
// RUN:   --scope-opt=%scopeir_tools_dir/scope-opt --llvm-bin=%llvm_tools_dir --mlir-lib-dir=%mlir_lib_dir \
// RUN:   --seeds=1,2 --work-dir=%t | FileCheck %s

// CHECK: tests: 5 found, 3 run, 2 excluded; seeds 1,2
// CHECK: kept runs: [[N:[0-9]+]], passed: [[N]], crashes: 0, errors: 0, mismatches: 0
// CHECK: kept runs with scopes through at least one of the test's passes: {{[1-9]}}
// CHECK: outlined runs: [[N]], passed: [[N]], crashes: 0, errors: 0, mismatches: 0
// CHECK-NOT: failures:
// CHECK: excluded:
// CHECK-DAG: ArmSVE/needs-sve.mlir: ArmSVE/lit.local.cfg marks it unsupported here
// CHECK-DAG: Linalg/CPU/removed-pass.mlir: reference run fails here (RUN line 1): {{.*}}Unknown command line argument '-linalg-bufferize'

// A scope-opt that crashes whenever scopes are kept: each such run is a
// crash, and the runner fails.
// RUN: env SCOPE_OPT=%scopeir_tools_dir/scope-opt not %python %scopeir_src_root/utils/upstream-integration.py \
// RUN:   %S/Inputs/upstream-style --scope-opt=%S/Inputs/crash-when-scoped.sh --llvm-bin=%llvm_tools_dir \
// RUN:   --mlir-lib-dir=%mlir_lib_dir --seeds=1 --modes=kept --work-dir=%t | FileCheck %s --check-prefix=CRASH
// CRASH: kept runs: [[N:[0-9]+]], passed: 0, crashes: [[N]], errors: 0, mismatches: 0
// CRASH: failures:
// CRASH: CRASH Linalg/CPU/tensor-ops.mlir: kept seed=1 RUN line 1
