// End to end on a Vulkan device: results of device functions that no kernel
// computes (differential seeds 28, 112, 292, 306, 362, 390, 465, 469 with
// --device-backend=vulkan). The canonicalizer folds a copy of the argument
// and a copy of a constant to the value itself; deallocation then clones the
// result the function does not own, which must be a copy on the device, not
// one on the host through a handle. It erases the broadcast of an empty
// slice: nothing puts the empty result on the device, and reading it reads
// nothing. A computed result rides along.
// REQUIRES: vulkan
// RUN: scope-run %s --input="2x3xf32=0.5 1.5 -2 3 4.25 -1" | FileCheck %s
// RUN: scope-run %s --input="2x3xf32=0.5 1.5 -2 3 4.25 -1" --print-zones 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=ZONES

// CHECK: 2x3xf32=[0.5 1.5 -2][3 4.25 -1]
// CHECK-NEXT: 2x3xf32=[1 2 3][4 5 6]
// CHECK-NEXT: 0x2x3xf32=
// CHECK-NEXT: 2x3xf32=[1 3 -4][6 8.5 -2]
// The two copies are kernels (the computed result is the third; the empty
// broadcast has none), the constant one the runtime uploads; the input and
// the empty slice go up, the four results down.
// ZONES: vulkan: 3 dispatches, 2 uploads (24 bytes), 4 downloads (72 bytes), 1 constants uploaded

#id = affine_map<(i, j) -> (i, j)>
#id3 = affine_map<(i, j, k) -> (i, j, k)>
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x2x3xf32>, tensor<2x3xf32>) {
  %r:4 = util.annotate [#hal.device.target<"vulkan">] {
    %e = tensor.empty() : tensor<2x3xf32>
    %same = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x3xf32>
    %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %const = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%cst : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x3xf32>
    %c0 = arith.constant 0 : index
    %rows = tensor.extract_slice %x[0, 0] [%c0, 2] [1, 1] : tensor<2x3xf32> to tensor<?x2xf32>
    %e3 = tensor.empty(%c0) : tensor<?x2x3xf32>
    %none = linalg.broadcast ins(%rows : tensor<?x2xf32>) outs(%e3 : tensor<?x2x3xf32>) dimensions = [2]
    %twice = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %d = arith.addf %in, %in : f32
      linalg.yield %d : f32
    } -> tensor<2x3xf32>
    util.return %same, %const, %none, %twice : tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x2x3xf32>, tensor<2x3xf32>
  } : tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x2x3xf32>, tensor<2x3xf32>
  return %r#0, %r#1, %r#2, %r#3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x2x3xf32>, tensor<2x3xf32>
}
