// A slice of a wider tensor passed to a dispatch (the query, key or value
// columns of a fused QKV projection): bufferization copies it into a
// contiguous buffer, and llvm-cpu-vectorize-copies copies it one row of 32
// contiguous elements at a time instead of element by element through the
// runtime's strided copy. The values are those of llvm-cpu-loops, bit for
// bit (a copy and a transpose round nothing).
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %s --function=main --host-backend=llvm-cpu --emit-llvm-dialect \
// RUN:   --mlir-print-ir-after=llvm-cpu-vectorize-copies 2>&1 >/dev/null | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @main
//       IR:   scf.for %[[I:.+]] = %{{.+}} to %c64 step %c1
//       IR:     memref.subview %{{.+}}[%[[I]], 0, 0] [1, 2, 16] [1, 1, 1] : memref<64x2x16xf32, strided<[96, 16, 1], offset: 32>> to memref<2x16xf32, strided<[16, 1], offset: ?>>
//       IR:     vector.transfer_read {{.+}} vector<2x16xf32>
//   IR-NOT:   memref.copy
//       IR:   return
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 64 96 --seed 4
// RUN: scope-run %s --input=@%t/x.npy --host-backend=llvm-cpu --threads=1 > %t/cpu.txt
// RUN: scope-run %s --input=@%t/x.npy --host-backend=llvm-cpu-loops > %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=0 --atol=0 %t/cpu.txt %t/loops.txt
// RUN: FileCheck %s < %t/cpu.txt
// CHECK: 2x64x16xf32=

func.func @main(%x: tensor<64x96xf32>) -> tensor<2x64x16xf32> {
  %e = tensor.empty() : tensor<64x96xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.addf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<64x96xf32>
  %s = tensor.extract_slice %y[0, 32] [64, 32] [1, 1] : tensor<64x96xf32> to tensor<64x32xf32>
  %r = tensor.expand_shape %s [[0], [1, 2]] output_shape [64, 2, 16] : tensor<64x32xf32> into tensor<64x2x16xf32>
  %te = tensor.empty() : tensor<2x64x16xf32>
  %t = linalg.transpose ins(%r : tensor<64x2x16xf32>) outs(%te : tensor<2x64x16xf32>) permutation = [1, 0, 2]
  return %t : tensor<2x64x16xf32>
}
