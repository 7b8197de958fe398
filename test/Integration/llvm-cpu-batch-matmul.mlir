// A static batch matmul is split into a matmul per batch
// (llvm-cpu-apply-strategies): the contraction strategy's products where a
// batch is large enough (3 x 40 x 72 x 24), the generic tiles where it is
// not (5 x 8 x 8 x 8); both compute what llvm-cpu-loops computes, within
// rtol/atol 1e-5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu">/"llvm-cpu-loops">/' %s > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a.npy 3 40 72 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 3 72 24 --seed 2
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/c.npy 5 8 8 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/d.npy 5 8 8 --seed 4
// RUN: scope-run %s --function=attention --input=@%t/a.npy --input=@%t/b.npy --input=@%t/c.npy --input=@%t/d.npy > %t/vec.txt
// RUN: scope-run %t/loops.mlir --function=attention --input=@%t/a.npy --input=@%t/b.npy --input=@%t/c.npy --input=@%t/d.npy > %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec.txt %t/loops.txt
// RUN: FileCheck %s < %t/vec.txt
// CHECK: 3x40x24xf32=
// CHECK: 5x8x8xf32=

module attributes {hal.device = #hal.device.target<"llvm-cpu">} {
func.func @attention(%a: tensor<3x40x72xf32>, %b: tensor<3x72x24xf32>,
                     %c: tensor<5x8x8xf32>, %d: tensor<5x8x8xf32>)
    -> (tensor<3x40x24xf32>, tensor<5x8x8xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x40x24xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x40x24xf32>) -> tensor<3x40x24xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x40x72xf32>, tensor<3x72x24xf32>)
                           outs(%f : tensor<3x40x24xf32>) -> tensor<3x40x24xf32>
  // Into an initialized accumulator.
  %s = linalg.batch_matmul ins(%c, %d : tensor<5x8x8xf32>, tensor<5x8x8xf32>)
                           outs(%c : tensor<5x8x8xf32>) -> tensor<5x8x8xf32>
  return %r, %s : tensor<3x40x24xf32>, tensor<5x8x8xf32>
}
}
