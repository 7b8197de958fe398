// scope-run --kernel-spec takes a PDL spec as it takes a transform script:
// examples/mlp.mlir's layer 1, matched by examples/kernels/mlp-layer-pdl.mlir,
// runs as the reference library's mlp_layer_f32, checked against its
// decomposition (without the spec no kernel is called).
// DEFINE: %{run} = scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=0.5" --kernel-library=%scopeir_obj_root/lib/libscopeir_kernels_reference%shlibext --check-kernels
// RUN: %{run} --kernel-spec=%scopeir_src_root/examples/kernels/mlp-layer-pdl.mlir --require-kernels 2>&1 >/dev/null | FileCheck %s --check-prefix=PDL
// PDL: kernel check (rtol 1.000000e-04, atol 1.000000e-05):
// PDL-NEXT: mlp_layer_f32: 1 call, max abs diff 0, max rel diff 0, ok
// RUN: %{run} 2>&1 >/dev/null | FileCheck %s --check-prefix=NONE
// NONE: no kernel was called
