// A kernel returning a nonzero status ends the run with an error naming the
// kernel and the status (exit 1, no abort), before any result is printed.
// RUN: %expect_exit 1 scope-run %s --input="2x2xf32=1 -1 -2 0.5" --input="2x2xf32=1 0 0 1" --input="2xf32=0.25 -1" \
// RUN:   --kernel-library=%scopeir_obj_root/lib/libscopeir_kernels_wrong%shlibext --require-kernels \
// RUN:   > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=OUT --allow-empty < %t.out
// CHECK: scope-run: error: kernel 'mlp_layer_failing_f32' returned status 7
// OUT-NOT: 2x2xf32

// The lowering: the status is compared with 0 and reported by the runtime.
// RUN: scope-opt %s --hal-outline-extern-scopes --hal-lower-dispatch-externs | FileCheck %s --check-prefix=IR
// IR: func.func private @scopeir_kernel_failed(i64, i32)
// IR-LABEL: func.func @main
// IR: %[[STATUS:.*]] = call @scopeir_kernel_mlp_layer_failing_f32(
// IR: %[[FAILED:.*]] = arith.cmpi ne, %[[STATUS]], %{{.*}} : i32
// IR: scf.if %[[FAILED]] {
// IR:   call @scopeir_kernel_failed(%{{.*}}, %[[STATUS]]) : (i64, i32) -> ()

func.func @main(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.scope [#hal.extern<"mlp_layer_failing_f32">] (%x as %a: tensor<2x2xf32>, %w as %ww: tensor<2x2xf32>, %b as %bb: tensor<2xf32>) -> (tensor<2x2xf32>) {
    %e = tensor.empty() : tensor<2x2xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
    %m = linalg.matmul ins(%a, %ww : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
    %g = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%m, %bb : tensor<2x2xf32>, tensor<2xf32>) outs(%e : tensor<2x2xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    } -> tensor<2x2xf32>
    util.return %g : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}
