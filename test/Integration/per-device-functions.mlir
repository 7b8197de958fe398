// A model split into per-device functions runs as it is: scope-run's
// pipeline wraps each call into another device's function in a scope on that
// device (hal-wrap-cross-device-calls) and inlines it, so layer 1 runs on
// llvm-cpu and layer 2 on llvm-cpu-loops without any preparation by hand.
// x = [[1 2 3] [4 5 6]], w = [[1 -1] [0 1] [1 -1]]: x.w = [[4 -2] [10 -5]],
// relu of it [[4 0] [10 0]].
// RUN: scope-run %s --input="2x3xf32=1 2 3 4 5 6" --input="3x2xf32=1 -1 0 1 1 -1" | FileCheck %s
// CHECK: 2x2xf32=[4 0][10 0]
// RUN: scope-run %s --input="2x3xf32=1 2 3 4 5 6" --input="3x2xf32=1 -1 0 1 1 -1" --dump-dispatches 2>&1 | FileCheck %s --check-prefix=DISPATCH
// DISPATCH: dispatch #0 @llvm_cpu_executables::@main_dispatch_0 device=#hal.device.target<"llvm-cpu">
// DISPATCH: dispatch #1 @llvm_cpu_loops_executables::@main_dispatch_1 device=#hal.device.target<"llvm-cpu-loops">
// DISPATCH: 2x2xf32=[4 0][10 0]
// At scope granularity too, and scope-opt's pipeline leaves no call and no
// callee behind.
// RUN: scope-run %s --dispatch=false --input="2x3xf32=1 2 3 4 5 6" --input="3x2xf32=1 -1 0 1 1 -1" | FileCheck %s
// RUN: scope-opt %s --scopeir-compile-to-llvm | FileCheck %s --check-prefix=LLVM
// LLVM-NOT: llvm.func @layer1(
// LLVM-NOT: llvm.func @layer2(
// LLVM: llvm.func @main(

func.func private @layer1(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>) -> tensor<2x2xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.matmul ins(%x, %w : tensor<2x3xf32>, tensor<3x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}
func.func private @layer2(%h: tensor<2x2xf32>) -> tensor<2x2xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %h = func.call @layer1(%x, %w) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %y = func.call @layer2(%h) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
