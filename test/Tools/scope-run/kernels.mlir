// scope-run's kernel options on one extern scope (examples/kernels'
// mlp_layer_f32 libraries; relu(x * w + b) on a 2x2 input).
// DEFINE: %{run} = scope-run %s --input="2x2xf32=1 -1 -2 0.5" --input="2x2xf32=1 0 0 1" --input="2xf32=0.25 -1"
// DEFINE: %{libs} = %scopeir_obj_root/lib

// The scalar reference kernel computes relu(x + b) here (w is the identity).
// RUN: %{run} --kernel-library=%{libs}/libscopeir_kernels_reference%shlibext --require-kernels | FileCheck %s --check-prefix=RESULT
// RESULT: 2x2xf32=[1.25 0][0 0]

// --check-kernels: the wrong kernel (no ReLU) is caught, with the first
// mismatching index; its results are printed and scope-run exits 1.
// RUN: %expect_exit 1 %{run} --kernel-library=%{libs}/libscopeir_kernels_wrong%shlibext --check-kernels \
// RUN:   > %t.wrong.out 2> %t.wrong.err
// RUN: FileCheck %s --check-prefix=WRONG < %t.wrong.err
// RUN: FileCheck %s --check-prefix=WRONG-OUT < %t.wrong.out
// WRONG: kernel check (rtol 1.000000e-04, atol 1.000000e-05):
// WRONG-NEXT: mlp_layer_f32: 1 call, max abs diff 2, max rel diff inf, MISMATCH in 1 call; first: call 1, result #0 at [0, 1]: kernel -2, decomposition 0
// WRONG-NEXT: scope-run: a kernel's results differ from its decomposition's (--check-kernels)
// WRONG-OUT: 2x2xf32=[1.25 -2][-1.75 -0.5]
// With --benchmark, every call is checked.
// RUN: %expect_exit 1 %{run} --kernel-library=%{libs}/libscopeir_kernels_wrong%shlibext --check-kernels \
// RUN:   --benchmark=2 2>&1 >/dev/null | FileCheck %s --check-prefix=BENCH
// BENCH: mlp_layer_f32: 2 calls, {{.*}} MISMATCH in 2 calls
// A tolerance wide enough accepts it; the first library defining the
// symbol provides it.
// RUN: %{run} --kernel-library=%{libs}/libscopeir_kernels_wrong%shlibext \
// RUN:   --kernel-library=%{libs}/libscopeir_kernels_reference%shlibext --check-kernels=0,2 \
// RUN:   2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: kernel check (rtol 0.000000e+00, atol 2.000000e+00):
// WIDE-NEXT: mlp_layer_f32: 1 call, max abs diff 2, max rel diff inf, ok
// The reference kernel matches; so does a kernel library loaded twice.
// RUN: %{run} --kernel-library=%{libs}/libscopeir_kernels_reference%shlibext \
// RUN:   --kernel-library=%{libs}/libscopeir_kernels_reference%shlibext --check-kernels \
// RUN:   2>&1 | FileCheck %s --check-prefix=OK
// OK: mlp_layer_f32: 1 call, max abs diff 0, max rel diff 0, ok

// Errors: a library that cannot be loaded, a bad tolerance, a missing
// kernel with --require-kernels.
// RUN: %expect_exit 1 %{run} --kernel-library=%t.missing.so 2>&1 | FileCheck %s --check-prefix=NOLIB
// NOLIB: scope-run: cannot load kernel library '{{.*}}missing.so':
// RUN: %expect_exit 1 %{run} --check-kernels=1e-3 2>&1 | FileCheck %s --check-prefix=TOL
// TOL: scope-run: --check-kernels takes 'rtol,atol' (two non-negative numbers, e.g. 1e-4,1e-5), not '1e-3'
// RUN: %expect_exit 1 %{run} --check-kernels=-1,0 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: not '-1,0'
// RUN: %expect_exit 1 %{run} --require-kernels 2>&1 | FileCheck %s --check-prefix=REQUIRE
// REQUIRE: scope-run: no kernel library provides kernel 'mlp_layer_f32' (--require-kernels)

func.func @main(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.scope [#hal.extern<"mlp_layer_f32">] (%x as %a: tensor<2x2xf32>, %w as %ww: tensor<2x2xf32>, %b as %bb: tensor<2xf32>) -> (tensor<2x2xf32>) {
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
