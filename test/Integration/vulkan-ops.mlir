// End to end on a Vulkan device (lavapipe in CI): one op of each class in
// a vulkan scope of its own, whose results equal the program with its
// scopes stripped (compiled for the host by llvm-cpu-loops) exactly. The
// inputs are multiples of 1/8, so every sum and product is exact in any
// order: the kernels may reassociate, the numbers may not differ.
//  - reductions: innermost (a row sum, distributed over rows) and outermost
//    (a column max, one invocation); batch_matmul and a 3x3 convolution as
//    loops per output element; max pooling (stride 2);
//  - data movement: transpose, tensor.pad (bufferized into a fill and a
//    copy into a view of the result, both kernels), an extract_slice (on
//    the host, then moved up), broadcast;
//  - i32 arithmetic (multiply, signed divide, shift, xor).
// REQUIRES: vulkan
// DEFINE: %{x} = 5x7xf32=0.5 -0.875 1.125 -1.625 -1.5 -1.25 0.875 -1.625 2 -0.375 -1.75 -1.375 1.375 1.25 -1.5 -0.125 -1.375 1.375 -1.625 -1.125 -0.25 -1.625 1.125 -1.625 -0.25 -1.75 -1 0.25 1.25 -0.875 -1.125 0.375 -0.625 -1.25 -0.5
// DEFINE: %{a} = 3x5x4xf32=0.875 -1.25 -1.5 -1.625 -0.375 1.875 1.375 0.5 1.625 1.625 0.875 0.375 -0.125 -0.625 -0.125 -1.375 0.375 1.875 0.625 1.5 0.25 -1.5 -1.125 2 1.25 -0.75 0.625 -0.875 1.875 1.25 -1.75 -1.5 0.5 0.625 0.75 1.875 1.625 -1.5 -1.375 0.125 1.75 -1.5 -1.625 0.375 1.5 0.25 1 0.75 -1.875 1.625 0.75 -0.75 -1.125 1.875 -1.625 -0.375 0.25 -1 -0.125 1.125
// DEFINE: %{b} = 3x4x6xf32=1.125 1.875 -1.375 -0.75 1.5 1.125 0.125 -1 1.375 0.125 1.25 0.75 1 -0.25 -0.875 -1.375 -0.625 -0.875 -0.25 -0.25 -2 1.875 -0.625 0 0.25 -2 -0.875 1.25 0.875 0.5 -1 2 -1.625 1.625 1.125 1.125 1.125 1.125 -1.25 1.75 1.125 -1.625 -0.5 -1.5 -0.375 1.5 -0.75 -1.125 0.625 -1.625 -1.25 -2 -0.875 -1.25 0.875 -1.875 -1.5 -0.375 1 -0.875 0 0.75 0.875 1.75 -1.125 -1.125 1.875 1.625 1.75 1.75 0.375 -1.375
// DEFINE: %{img} = 1x8x8x3xf32=-0.875 -1.25 0.625 0 1.75 -0.75 -1.875 -0.375 0.875 -0.875 -1.875 0.375 -1.375 0 0.875 -0.75 0.75 -0.25 2 0.625 -0.25 -0.5 -0.125 1.125 -0.25 -0.5 1.875 0.75 -1.875 -1.875 0.125 1.75 0 -0.5 0.75 1.5 0.75 0.875 -1.375 -0.25 -1.25 -0.25 1.75 -0.5 0.625 -0.375 1.75 -2 1.75 0.75 -1.375 -1.125 1 -0.5 1.75 -0.625 1.375 0.625 -1.375 1.125 1.625 1.125 -1.375 -0.75 -0.75 -1 -1.875 -0.875 1.625 -0.875 1.75 0.75 -0.875 -1 -1.875 -2 -1.25 -1 1.375 -0.5 -0.375 -1.875 0 -0.375 0.25 2 -0.125 0.5 0 1.25 -1 -1.625 0.75 1.625 1.25 2 -1 -0.875 2 -1.875 1.5 -0.625 -2 -0.875 -0.625 -0.875 1.75 -1.125 -1.625 0.5 1.75 -1.25 -1.625 -0.125 -0.5 0.125 -1.75 -1.25 2 1.5 -1.875 -1.5 1.5 0.5 2 2 -0.5 0.125 1.5 2 1.75 2 -0.125 0 -0.5 1.5 -1 1.25 -1.125 1.125 1.5 0.5 -1.5 -0.125 1.375 -1.5 -0.375 0.375 -1.125 -0.875 0.875 -0.875 0 -1 1.625 -0.25 -1.25 1.125 1.875 -0.75 -0.25 -0.75 1.375 2 1.125 0.625 1.25 -0.5 0.75 0.5 -1.375 0.875 -1.875 0.625 1.625 1.5 -1.875 1 0.625 0.25 2 -1.5 -1.125 -0.25 -1.25 -1.375 0 0.125 -1.75 -0.625 0.125 -1
// DEFINE: %{w} = 3x3x3x4xf32=1.375 0 1.125 -0.875 2 1.875 0.5 -1.375 0.125 -1.625 -0.625 1.375 -1.5 0.125 -1.875 -1.375 0 -1.375 -0.25 -1.5 0 -1.125 1.625 -2 0.625 1.25 0.125 -1 -1.75 -0.125 -1.125 -0.75 0 -1.625 -0.625 -0.5 0.375 0.375 -0.375 0.25 1.5 2 -0.625 0.125 0.75 -1.875 0 -1.75 -2 -1.875 2 -0.5 2 1.75 -0.125 1.5 -1.25 1.375 1.875 1.125 2 0.375 -0.375 -0.25 0.625 -0.5 -1 1.125 0.75 -1.625 -1 -2 -1.5 0 1.375 -0.75 -1.625 -1.375 1 2 0.25 -0.125 0.25 -1.75 1.625 -0.625 -0.75 0.125 1.5 -2 0 0.875 0.625 0.5 -0.125 -1.75 0.375 -0.375 0.75 -0.625 -2 0.625 1 -1.375 1.75 0.125 2 -0.5
// DEFINE: %{v} = 7xf32=-0.125 2 -2 -1.375 0 -1.375 -0.875
// DEFINE: %{k} = 9xi32=-182 201 -915 -194 -954 -387 -377 289 -524
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %s --input="%{x}" --input="%{a}" --input="%{b}" --input="%{img}" --input="%{w}" --input="%{v}" --input="%{k}" > %t/vulkan.txt
// RUN: scope-run %s --strip-scopes --input="%{x}" --input="%{a}" --input="%{b}" --input="%{img}" --input="%{w}" --input="%{v}" --input="%{k}" > %t/host.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vulkan.txt %t/host.txt
// RUN: FileCheck %s < %t/vulkan.txt
// CHECK: 5xf32=
// CHECK-NEXT: 7xf32=
// CHECK-NEXT: 3x5x6xf32=
// CHECK-NEXT: 1x6x6x4xf32=
// CHECK-NEXT: 1x4x4x3xf32=
// CHECK-NEXT: 7x5xf32=
// CHECK-NEXT: 7x10xf32=
// CHECK-NEXT: 2x3xf32=
// CHECK-NEXT: 5x7xf32=
// CHECK-NEXT: 9xi32=

#vk = #hal.device.target<"vulkan">
func.func @main(%x: tensor<?x7xf32>, %a: tensor<3x5x4xf32>, %b: tensor<3x4x6xf32>,
                %img: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>,
                %v: tensor<7xf32>, %k: tensor<?xi32>)
    -> (tensor<?xf32>, tensor<7xf32>, tensor<3x5x6xf32>, tensor<1x6x6x4xf32>,
        tensor<1x4x4x3xf32>, tensor<7x?xf32>, tensor<?x10xf32>, tensor<2x3xf32>,
        tensor<?x7xf32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x7xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32

  %row_sum = util.annotate [#vk] {
    %e = tensor.empty(%n) : tensor<?xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    %s = linalg.reduce ins(%x : tensor<?x7xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
      (%p: f32, %q: f32) {
        %t = arith.addf %p, %q : f32
        linalg.yield %t : f32
      }
    util.return %s : tensor<?xf32>
  } : tensor<?xf32>

  %col_max = util.annotate [#vk] {
    %e = tensor.empty() : tensor<7xf32>
    %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<7xf32>) -> tensor<7xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
                         iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<?x7xf32>) outs(%f : tensor<7xf32>) {
    ^bb0(%p: f32, %q: f32):
      %t = arith.maximumf %p, %q : f32
      linalg.yield %t : f32
    } -> tensor<7xf32>
    util.return %s : tensor<7xf32>
  } : tensor<7xf32>

  %bmm = util.annotate [#vk] {
    %e = tensor.empty() : tensor<3x5x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
    %m = linalg.batch_matmul ins(%a, %b : tensor<3x5x4xf32>, tensor<3x4x6xf32>)
                             outs(%f : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
    util.return %m : tensor<3x5x6xf32>
  } : tensor<3x5x6xf32>

  %conv = util.annotate [#vk] {
    %e = tensor.empty() : tensor<1x6x6x4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%img, %w : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>)
        outs(%f : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
    util.return %c : tensor<1x6x6x4xf32>
  } : tensor<1x6x6x4xf32>

  %pool = util.annotate [#vk] {
    %window = tensor.empty() : tensor<2x2xf32>
    %e = tensor.empty() : tensor<1x4x4x3xf32>
    %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
    %p = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
        ins(%img, %window : tensor<1x8x8x3xf32>, tensor<2x2xf32>)
        outs(%f : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
    util.return %p : tensor<1x4x4x3xf32>
  } : tensor<1x4x4x3xf32>

  %transposed = util.annotate [#vk] {
    %e = tensor.empty(%n) : tensor<7x?xf32>
    %t = linalg.transpose ins(%x : tensor<?x7xf32>) outs(%e : tensor<7x?xf32>) permutation = [1, 0]
    util.return %t : tensor<7x?xf32>
  } : tensor<7x?xf32>

  %padded = util.annotate [#vk] {
    %fill = arith.constant -1.0 : f32
    %p = tensor.pad %x low[1, 2] high[1, 1] {
    ^bb0(%i: index, %j: index):
      tensor.yield %fill : f32
    } : tensor<?x7xf32> to tensor<?x10xf32>
    util.return %p : tensor<?x10xf32>
  } : tensor<?x10xf32>

  %sliced = util.annotate [#vk] {
    %s = tensor.extract_slice %x[1, 2] [2, 3] [1, 1] : tensor<?x7xf32> to tensor<2x3xf32>
    %e = tensor.empty() : tensor<2x3xf32>
    %d = linalg.add ins(%s, %s : tensor<2x3xf32>, tensor<2x3xf32>)
                    outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
    util.return %d : tensor<2x3xf32>
  } : tensor<2x3xf32>

  %scaled = util.annotate [#vk] {
    %e = tensor.empty(%n) : tensor<?x7xf32>
    %r = linalg.broadcast ins(%v : tensor<7xf32>) outs(%e : tensor<?x7xf32>) dimensions = [0]
    %m = linalg.mul ins(%r, %x : tensor<?x7xf32>, tensor<?x7xf32>)
                    outs(%e : tensor<?x7xf32>) -> tensor<?x7xf32>
    util.return %m : tensor<?x7xf32>
  } : tensor<?x7xf32>

  %m = tensor.dim %k, %c0 : tensor<?xi32>
  %ints = util.annotate [#vk] {
    %e = tensor.empty(%m) : tensor<?xi32>
    %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%k : tensor<?xi32>) outs(%e : tensor<?xi32>) {
    ^bb0(%p: i32, %o: i32):
      %c3 = arith.constant 3 : i32
      %t = arith.muli %p, %c3 : i32
      %d = arith.divsi %t, %c3 : i32
      %s = arith.shli %d, %c3 : i32
      %r = arith.xori %s, %p : i32
      linalg.yield %r : i32
    } -> tensor<?xi32>
    util.return %y : tensor<?xi32>
  } : tensor<?xi32>

  return %row_sum, %col_max, %bmm, %conv, %pool, %transposed, %padded, %sliced, %scaled, %ints
      : tensor<?xf32>, tensor<7xf32>, tensor<3x5x6xf32>, tensor<1x6x6x4xf32>,
        tensor<1x4x4x3xf32>, tensor<7x?xf32>, tensor<?x10xf32>, tensor<2x3xf32>,
        tensor<?x7xf32>, tensor<?xi32>
}
