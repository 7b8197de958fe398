// An extern kernel written as util.annotate: util-lower-annotations makes
// the tensors it uses its captures (x, w, b: the kernel's arguments), then
// the scope is outlined like any extern scope.
// DEFINE: %{run} = scope-run %s --input="2x2xf32=1 -1 -2 0.5" --input="2x2xf32=1 0 0 1" --input="2xf32=0.25 -1"
// RUN: %{run} --kernel-library=%scopeir_obj_root/lib/libscopeir_kernels_reference%shlibext --require-kernels \
// RUN:   --check-kernels --dump-dispatches 2>&1 | FileCheck %s
// CHECK: kernel check
// CHECK-NEXT: mlp_layer_f32: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK: extern #0 "mlp_layer_f32" decomposition=@mlp_layer_f32_decomposition scope=-
// CHECK-NEXT: 2x2xf32=[1.25 0][0 0]
// Without a library, the annotation is found too: one warning.
// RUN: %{run} 2>&1 | FileCheck %s --check-prefix=FALLBACK
// FALLBACK: scope-run: warning: no kernel library provides kernel 'mlp_layer_f32'; running its decomposition instead
// FALLBACK-NEXT: 2x2xf32=[1.25 0][0 0]
func.func @main(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.extern<"mlp_layer_f32">] {
    %e = tensor.empty() : tensor<2x2xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
    %m = linalg.matmul ins(%x, %w : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
    %g = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%m, %b : tensor<2x2xf32>, tensor<2xf32>) outs(%e : tensor<2x2xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    } -> tensor<2x2xf32>
    util.return %g : tensor<2x2xf32>
  } : tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
