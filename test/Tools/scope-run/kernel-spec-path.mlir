// A kernel spec whose path holds characters the pass option parser splits
// on (a space, a comma) reaches hal-apply-kernel-patterns whole, from
// scope-run's --kernel-spec and from the compile pipeline's kernel-spec.
// DEFINE: %{x} = -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375
// RUN: rm -rf %t && mkdir -p "%t/a spec, here"
// RUN: cp %scopeir_src_root/examples/kernels/mlp-layer-spec.mlir "%t/a spec, here/spec.mlir"
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" \
// RUN:   --kernel-spec="%t/a spec, here/spec.mlir" \
// RUN:   --kernel-library=%scopeir_obj_root/lib/libscopeir_kernels_reference%shlibext \
// RUN:   --require-kernels --dump-dispatches | FileCheck %s --check-prefix=KERNEL
// RUN: scope-opt %scopeir_src_root/examples/mlp.mlir \
// RUN:   --pass-pipeline='builtin.module(scopeir-compile-to-llvm{kernel-spec="%t/a spec, here/spec.mlir"})' \
// RUN: | FileCheck %s --check-prefix=COMPILE

// KERNEL: extern #0 "mlp_layer_f32"
// KERNEL: 3x10xf32=

// The layer became a call of the kernel.
// COMPILE: llvm.call @_mlir_ciface_scopeir_kernel_mlp_layer_f32
