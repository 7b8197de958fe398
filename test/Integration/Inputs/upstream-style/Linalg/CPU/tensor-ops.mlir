// An upstream-style end-to-end test on tensors: bufferized with function
// boundaries, deallocated, lowered, run, checked.
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline \
// RUN:   -convert-bufferization-to-memref -convert-linalg-to-loops -convert-scf-to-cf \
// RUN:   -expand-strided-metadata -lower-affine -convert-arith-to-llvm -finalize-memref-to-llvm \
// RUN:   -convert-func-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts | \
// RUN: mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN: FileCheck %s

func.func @scale(%t: tensor<2x3xf32>, %s: f32) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %s : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %as = call @scale(%a, %two) : (tensor<2x3xf32>, f32) -> tensor<2x3xf32>
  %m = linalg.matmul ins(%as, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  // [[2, 4, 6], [8, 10, 12]] x [[1, 0], [0, 1], [1, 1]] = [[8, 10], [20, 22]]
  // CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: [8,   10],
  // CHECK-NEXT: [20,   22]
  %u = tensor.cast %m : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()

  // A slice inserted into a constant, then padded.
  %dest = arith.constant dense<0.0> : tensor<4xf32>
  %src = arith.constant dense<[7.0, 9.0]> : tensor<2xf32>
  %i = tensor.insert_slice %src into %dest[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  %c1 = arith.constant 1 : index
  %p = tensor.pad %i low[%c1] high[%c1] {
  ^bb0(%k: index):
    tensor.yield %two : f32
  } : tensor<4xf32> to tensor<?xf32>
  // CHECK: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [6] strides = [1] data =
  // CHECK-NEXT: [2,  0,  7,  9,  0,  2]
  %v = tensor.cast %p : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)
