// The whole oracle on three seeds: each program runs with its scopes, with
// them stripped (scope-run) and through upstream mlir-opt + mlir-runner, and
// every result agrees; inserting and stripping gives scope-gen's program
// without scopes back. scripts/differential.sh runs thousands of seeds.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/differential.py --tools-dir=%scopeir_tools_dir \
// RUN:   --llvm-dir=%llvm_tools_dir/.. --work=%t --jobs=1 --summary=%t/summary.json 3 0 \
// RUN:   | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t/summary.json

// CHECK: differential: 3 seeds (0-2)
// CHECK: results compared: {{[1-9][0-9]*}}
// CHECK: programs by scope kind: {{.*}}annotate
// CHECK: slowest scope-run commands (compile and run; bound 30 s): seed {{[0-2]}} {{[a-z]+}} {{[0-9.]+}} s
// CHECK: failing seeds: 0
// CHECK-NOT: FAIL

// JSON: "seeds": 3
// JSON: "slowest": [
// JSON: "failures": {}

// A scope-run command over --compile-bound fails its seed (every command
// takes more than a millisecond).
// RUN: rm -rf %t.slow && mkdir -p %t.slow
// RUN: not %python %scopeir_src_root/utils/differential.py --tools-dir=%scopeir_tools_dir \
// RUN:   --llvm-dir=%llvm_tools_dir/.. --work=%t.slow --jobs=1 --compile-bound=0.001 1 0 \
// RUN:   | FileCheck %s --check-prefix=SLOW
// SLOW: seed 0: FAIL slow-compile: scope-run ({{[a-z]+}}) took {{[0-9.]+}} s (bound 0 s)
// SLOW: slow-compile           1 (seeds 0)
