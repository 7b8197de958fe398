// The whole oracle on the mlp-layer family wrapped in extern scopes (seeds
// 38 and 39): the program with scopes calls mlp_layer_f32 of the example
// kernel library on strided views, with `contiguous` (seed 38: the views are
// copied first) and without (seed 39: the kernel reads them through their
// strides), each call checked against its decomposition; every result
// agrees with the stripped program and the upstream reference, which
// compute the layer with linalg ops. scripts/differential.sh runs
// thousands of seeds (docs/testing.md).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/differential.py --tools-dir=%scopeir_tools_dir \
// RUN:   --llvm-dir=%llvm_tools_dir/.. --work=%t --jobs=1 \
// RUN:   --gen-arg=--ops=all,mlp-layer --gen-arg=--scopes=all,extern 2 38 \
// RUN:   | FileCheck %s

// CHECK: differential: 2 seeds (38-39)
// CHECK: programs by op family: {{.*}}mlp-layer 2, mlp-layer:bias-column 1, {{.*}}mlp-layer:dynamic-offset 1, mlp-layer:slice 2, mlp-layer:transposed 1
// CHECK: programs by scope kind: {{.*}}extern 2, extern:contiguous 1, extern:strided 1,
// CHECK: kernel calls checked against their decompositions: 2 (in 2 programs with extern scopes)
// CHECK: failing seeds: 0
// CHECK-NOT: FAIL
