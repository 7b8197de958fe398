// A slice of the first ten of twelve rows, passed to a dispatch that reads
// it as a dense 2x10x1 tensor: the dispatch must read element [1, 2, 0] of
// the slice, input element 14, not element 12 (what it read when
// bufferization cast the strided slice to the dispatch's identity-layout
// parameter; differential seed 7031).
// RUN: scope-run %s --input=2x12x1xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 | FileCheck %s
// RUN: scope-run %s --host-backend=llvm-cpu --input=2x12x1xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 | FileCheck %s
// RUN: scope-run %s --dispatch=false --input=2x12x1xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 | FileCheck %s
// CHECK: 1xf32=14
// CHECK: 2x10x1xf32=
// CHECK-SAME: [0][1][4][9][16][25][36][49][64][81]]
// CHECK-SAME: [144][169][196][225][256][289][324][361][400][441]]

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @main(%t: tensor<?x?x1xf32>) -> (tensor<1xf32>, tensor<2x?x1xf32>) {
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %s = tensor.extract_slice %t[0, 0, 0] [2, %c10, 1] [1, 1, 1] : tensor<?x?x1xf32> to tensor<2x?x1xf32>
  %e = tensor.empty(%c10) : tensor<2x?x1xf32>
  %sq = linalg.mul ins(%s, %s : tensor<2x?x1xf32>, tensor<2x?x1xf32>) outs(%e : tensor<2x?x1xf32>) -> tensor<2x?x1xf32>
  %d = tensor.dim %t, %c1 : tensor<?x?x1xf32>
  %cond = arith.cmpi ne, %d, %c11 : index
  %r = scf.if %cond -> (tensor<1xf32>) {
    %copy = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x?x1xf32>) outs(%s : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %out : f32
    } -> tensor<2x?x1xf32>
    %c = tensor.cast %copy : tensor<2x?x1xf32> to tensor<2x10x1xf32>
    %x = tensor.extract_slice %c[1, 2, 0] [1, 1, 1] [1, 1, 1] : tensor<2x10x1xf32> to tensor<1xf32>
    scf.yield %x : tensor<1xf32>
  } else {
    %z = arith.constant dense<0.0> : tensor<1xf32>
    scf.yield %z : tensor<1xf32>
  }
  return %r, %sq : tensor<1xf32>, tensor<2x?x1xf32>
}
