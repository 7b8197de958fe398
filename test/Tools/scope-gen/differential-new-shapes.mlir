// The whole oracle on the opt-in shapes (seeds 0 and 1): arith ops on
// tensors, tu scopes with strategies in device scopes and workgroups scopes,
// run with scope-run's store coverage check; every result agrees with the
// upstream reference. scripts/differential.sh runs thousands of seeds
// (docs/testing.md).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/differential.py --tools-dir=%scopeir_tools_dir \
// RUN:   --llvm-dir=%llvm_tools_dir/.. --work=%t --jobs=1 \
// RUN:   --gen-arg=--ops=all,tensor-elementwise --gen-arg=--scopes=all,codegen-tu,workgroups 2 0 \
// RUN:   | FileCheck %s

// CHECK: differential: 2 seeds (0-1)
// CHECK: programs by op family: {{.*}}tensor-elementwise 1
// CHECK: programs by scope kind: {{.*}}codegen-strategy 2, codegen-tu 2, {{.*}}workgroups 2,
// CHECK: failing seeds: 0
// CHECK-NOT: FAIL
