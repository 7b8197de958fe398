// RUN: scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=haswell}))" %s | FileCheck %s

// The contraction strategy packs a matmul's accumulator into 6 x 16 tiles,
// padding its 50 rows to 54 with zeros. Filled with zeros, every lane of
// the pack's reads of it, read or padded, is zero: the reads are
// broadcasts of the fill value, and nothing reads the filled tensor.
// CHECK-LABEL: func.func @filled
//       CHECK:   %[[FILL:.+]] = linalg.fill
//   CHECK-NOT:   vector.transfer_read %[[FILL]]
//       CHECK:   vector.broadcast %{{.+}} : f32 to vector<6x16xf32>
//   CHECK-NOT:   vector.transfer_read %[[FILL]]
//       CHECK:   return
func.func @filled(%a: tensor<50x256xf32>, %b: tensor<256x1024xf32>) -> tensor<50x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<50x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<50x1024xf32>) -> tensor<50x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<50x256xf32>, tensor<256x1024xf32>) outs(%f : tensor<50x1024xf32>) -> tensor<50x1024xf32>
  return %r : tensor<50x1024xf32>
}

// Filled with ones, the padded lanes (zeros) differ: the reads stay.
// CHECK-LABEL: func.func @filled_with_ones
//       CHECK:   %[[FILL:.+]] = linalg.fill
//       CHECK:   vector.transfer_read %[[FILL]]
func.func @filled_with_ones(%a: tensor<50x256xf32>, %b: tensor<256x1024xf32>) -> tensor<50x1024xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<50x1024xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<50x1024xf32>) -> tensor<50x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<50x256xf32>, tensor<256x1024xf32>) outs(%f : tensor<50x1024xf32>) -> tensor<50x1024xf32>
  return %r : tensor<50x1024xf32>
}
