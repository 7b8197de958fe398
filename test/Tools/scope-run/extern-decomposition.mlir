// RUN: scope-run %s --input="2x3xf32=1,2,3,4,5,6" --input="3x2xf32=1,0,0,1,1,1" --dump-dispatches 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err

// No kernel library provides the kernel: its decomposition is compiled like
// the ops of any barrier scope, into a dispatch of its own that names the
// kernel, and computes the scope's results; one warning says so.
// WARN: scope-run: warning: no kernel library provides kernel 'mm_f32'; running its decomposition instead
// CHECK: dispatch #0 @host_executables::@main_dispatch_0 device=host scope=#hal.extern<"mm_f32">
// CHECK-NEXT: 2x2xf32=[4 5][10 11]
func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %r = util.scope [#hal.extern<"mm_f32">] (%x as %a: tensor<2x3xf32>, %w as %b: tensor<3x2xf32>) -> (tensor<2x2xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x2xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
    %m = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
    util.return %m : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}
