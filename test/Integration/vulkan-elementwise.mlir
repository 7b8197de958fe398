// End to end on a Vulkan device (lavapipe in CI): an elementwise layer in a
// vulkan scope, its input moved up and its result down, equals the same
// program with the scope on llvm-cpu bit for bit (no op here that a device
// could contract or approximate), on a batch whose size (37 x 5 = 185
// elements) is not a multiple of the workgroup size; and prints the
// expected numbers on a small batch.
// REQUIRES: vulkan
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %s --input="37x5xf32=0.25" --output=@%t/vulkan.npy
// RUN: sed -e 's/"vulkan"/"llvm-cpu"/' %s > %t/cpu.mlir
// RUN: scope-run %t/cpu.mlir --input="37x5xf32=0.25" --output=@%t/cpu.npy
// RUN: cmp %t/vulkan.npy %t/cpu.npy
// RUN: scope-run %s --input="2x5xf32=0.25" | FileCheck %s

// x[i][j] = 0.25 + i - 0.5 j, a = x + 1.5, b = a * x, c = max(b, x),
// d = x > 0 ? c : -c, r = d - x.
// CHECK: 2x5xf32=[0.1875 0.5 1.3125 1.5625 1.3125][2.1875 0.9375 0.1875 0.5 1.3125]

#id = affine_map<(i, j) -> (i, j)>
func.func @main(%seed: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %seed, %c0 : tensor<?x5xf32>
  %half = arith.constant 0.5 : f32
  %empty = tensor.empty(%n) : tensor<?x5xf32>
  // The input, computed on the host.
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%seed : tensor<?x5xf32>) outs(%empty : tensor<?x5xf32>) {
  ^bb0(%s: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %ji = arith.index_cast %j : index to i32
    %if = arith.sitofp %ii : i32 to f32
    %jf = arith.sitofp %ji : i32 to f32
    %jh = arith.mulf %jf, %half : f32
    %a = arith.addf %s, %if : f32
    %v = arith.subf %a, %jh : f32
    linalg.yield %v : f32
  } -> tensor<?x5xf32>
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %e = tensor.empty(%n) : tensor<?x5xf32>
    %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<?x5xf32>) outs(%e : tensor<?x5xf32>) {
    ^bb0(%v: f32, %o: f32):
      %c15 = arith.constant 1.5 : f32
      %zero = arith.constant 0.0 : f32
      %a = arith.addf %v, %c15 : f32
      %b = arith.mulf %a, %v : f32
      %c = arith.maximumf %b, %v : f32
      %neg = arith.negf %c : f32
      %pos = arith.cmpf ogt, %v, %zero : f32
      %d = arith.select %pos, %c, %neg : f32
      %r = arith.subf %d, %v : f32
      linalg.yield %r : f32
    } -> tensor<?x5xf32>
    util.return %y : tensor<?x5xf32>
  } : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}
