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
// CHECK: failing seeds: 0
// CHECK-NOT: FAIL

// JSON: "seeds": 3
// JSON: "failures": {}
