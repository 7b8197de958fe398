// Depthwise convolutions and poolings that read a pad of their input: the
// pad joins their dispatch (flow-form-dispatch-regions) and their tu scope,
// and llvm-cpu-apply-strategies tiles them by images and by channels with
// the pad fused into each tile, decomposed into a fill and a copy of the
// tile's padded input (read by the taps while it is in cache). Values
// against llvm-cpu-loops, bit for bit (the taps add in the loops' order).
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-opt %S/Inputs/window-pads.mlir --scopeir-compile-to-llvm \
// RUN:   --mlir-print-ir-after=codegen-run-scope-pipelines 2>&1 >/dev/null | FileCheck %s

// 16 channels of 64x64 padded input and 62x62 output: two tiles of 8
// channels (at most 256 KiB of both planes per tile), each a fill and a
// copy of its padded input, then the taps, then the ReLU after it, in the
// same tile (its epilogue: llvm-cpu-window-epilogues.mlir).
// CHECK-LABEL: func.func private @llvm_cpu_executables_depthwise_dispatch_0
//  CHECK-SAME:     (%[[X:.+]]: tensor<1x16x62x62xf32>, %[[W:.+]]: tensor<16x3x3xf32>)
//   CHECK-NOT:   tensor.pad
//       CHECK:   scf.forall (%[[C:.+]]) = (0) to (16) step (8)
//       CHECK:     tensor.extract_slice %{{.+}}[0, %[[C]], 0, 0] [1, 8, 62, 62]
//       CHECK:     tensor.empty() : tensor<1x8x64x64xf32>
//   CHECK-NOT:     tensor.pad
//       CHECK:     vector.transfer_write
//       CHECK:     tensor.extract_slice %{{.+}}[%[[C]], 0, 0] [8, 3, 3]
//       CHECK:     arith.mulf {{.+}} : vector<1x8x16xf32>
//       CHECK:     arith.maximumf
//       CHECK:   scf.forall.in_parallel
//   CHECK-NOT:   arith.maximumf
//       CHECK:   return
// Two images: a loop over the images and the channel tiles.
// CHECK-LABEL: func.func private @llvm_cpu_executables_depthwise_batch_dispatch_0
//   CHECK-NOT:   tensor.pad
//       CHECK:   scf.forall (%{{.+}}) in (2)
//       CHECK:     tensor.empty() : tensor<1x24x41x41xf32>
//       CHECK:   return
// The pooling's tile pads only the 31 rows and columns its stride-2
// windows read.
// CHECK-LABEL: func.func private @llvm_cpu_executables_max_pool_dispatch_0
//   CHECK-NOT:   tensor.pad
//       CHECK:   scf.forall (%{{.+}}) in (2)
//       CHECK:     tensor.empty() : tensor<1x8x31x31xf32>
//       CHECK:     arith.maximumf
//       CHECK:   return
// A pad also returned is a dispatch of its own, whose result the
// convolution's dispatch reads.
// CHECK-LABEL: func.func private @llvm_cpu_executables_pad_also_returned_dispatch_0
//  CHECK-SAME:     -> tensor<1x16x64x64xf32>
// CHECK-LABEL: func.func private @llvm_cpu_executables_pad_also_returned_dispatch_1
//  CHECK-SAME:     (%{{.+}}: tensor<1x16x64x64xf32>, %{{.+}}: tensor<16x3x3xf32>)
// MobileNet's layer over two images: the pad, the depthwise convolution
// and its batch norm and ReLU6 in one loop over the images and tiles of 8
// channels; the per-channel rsqrt of the variance a scope of its own.
// CHECK-LABEL: func.func private @llvm_cpu_executables_depthwise_bn_relu6_dispatch_0
//       CHECK:   math.rsqrt
//       CHECK:   codegen.yield
//       CHECK:   codegen.scope.tu
//   CHECK-NOT:   tensor.pad
//       CHECK:   scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (2, 32) step (1, 8)
//       CHECK:     arith.mulf {{.+}} : vector<1x8x16xf32>
//       CHECK:     arith.subf
//       CHECK:     arith.minimumf
//       CHECK:   scf.forall.in_parallel
//   CHECK-NOT:   arith.minimumf
//       CHECK:   return

// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/window-pads.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x1.npy 1 16 62 62 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w1.npy 16 3 3 --seed 2
// RUN: scope-run %S/Inputs/window-pads.mlir --function=depthwise --input=@%t/x1.npy --input=@%t/w1.npy > %t/vec1.txt
// RUN: scope-run %t/loops.mlir --function=depthwise --input=@%t/x1.npy --input=@%t/w1.npy > %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec1.txt %t/loops1.txt
// Two threads run the channel tiles in parallel: the same values.
// RUN: scope-run %S/Inputs/window-pads.mlir --function=depthwise --threads=2 --input=@%t/x1.npy --input=@%t/w1.npy > %t/vec1t.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec1t.txt %t/loops1.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x2.npy 2 24 40 40 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w2.npy 24 3 3 --seed 4
// RUN: scope-run %S/Inputs/window-pads.mlir --function=depthwise_batch --input=@%t/x2.npy --input=@%t/w2.npy > %t/vec2.txt
// RUN: scope-run %t/loops.mlir --function=depthwise_batch --input=@%t/x2.npy --input=@%t/w2.npy > %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec2.txt %t/loops2.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x3.npy 2 8 30 30 --seed 5
// RUN: scope-run %S/Inputs/window-pads.mlir --function=max_pool --input=@%t/x3.npy > %t/vec3.txt
// RUN: scope-run %t/loops.mlir --function=max_pool --input=@%t/x3.npy > %t/loops3.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec3.txt %t/loops3.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x5.npy 2 32 62 62 --seed 6
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w5.npy 32 3 3 --seed 7
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/m5.npy 32 --seed 8
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/v5.npy 32 --seed 9
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/g5.npy 32 --seed 10
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b5.npy 32 --seed 11
// RUN: scope-run %S/Inputs/window-pads.mlir --function=depthwise_bn_relu6 --input=@%t/x5.npy --input=@%t/w5.npy --input=@%t/m5.npy --input=@%t/v5.npy --input=@%t/g5.npy --input=@%t/b5.npy > %t/vec5.txt
// RUN: scope-run %t/loops.mlir --function=depthwise_bn_relu6 --input=@%t/x5.npy --input=@%t/w5.npy --input=@%t/m5.npy --input=@%t/v5.npy --input=@%t/g5.npy --input=@%t/b5.npy > %t/loops5.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec5.txt %t/loops5.txt
// RUN: scope-run %S/Inputs/window-pads.mlir --function=depthwise_bn_relu6 --threads=2 --input=@%t/x5.npy --input=@%t/w5.npy --input=@%t/m5.npy --input=@%t/v5.npy --input=@%t/g5.npy --input=@%t/b5.npy > %t/vec5t.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec5t.txt %t/loops5.txt
// RUN: scope-run %S/Inputs/window-pads.mlir --function=pad_also_returned --input=@%t/x1.npy --input=@%t/w1.npy > %t/vec4.txt
// RUN: scope-run %t/loops.mlir --function=pad_also_returned --input=@%t/x1.npy --input=@%t/w1.npy > %t/loops4.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec4.txt %t/loops4.txt
