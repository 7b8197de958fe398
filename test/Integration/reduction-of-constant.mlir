// A reduction whose body ignores its input (each of the 4 reduction steps
// adds 0.5) gives 2 on both backends. On llvm-cpu, linalg::vectorize would
// add 0.5 once; the backend leaves such a reduction unvectorized (found by
// scope-gen, seed 184).
// RUN: scope-run %s --host-backend=llvm-cpu --input="4x3xf32=7" | FileCheck %s
// RUN: scope-run %s --host-backend=llvm-cpu-loops --input="4x3xf32=7" | FileCheck %s
// CHECK: 3xf32=2 2 2
func.func @main(%x: tensor<4x3xf32>) -> tensor<3xf32> {
  %zero = arith.constant 0.0 : f32
  %c = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(k, i) -> (k, i)>, affine_map<(k, i) -> (i)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<4x3xf32>) outs(%init : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %out, %c : f32
    linalg.yield %v : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}
