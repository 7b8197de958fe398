// NCHW convolutions, a depthwise convolution and a max pooling over three
// images: llvm-cpu-apply-strategies tiles each along its batch (an
// scf.forall over the images, run on threads) and gives every image the
// strategy a batch-1 op gets (filter taps, the channels-last taps, the 1x1
// layer as a matmul, the depthwise and pooling taps). Before, a batch of
// more than one left these ops to the generic tiles (a ResNet-18 at batch 8
// took 15 s a call). Values against llvm-cpu-loops, as for batch 1
// (llvm-cpu-nchw-conv.mlir).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu">/"llvm-cpu", {cpu = "znver4"}>/' %S/Inputs/nchw-batch.mlir > %t/znver4.mlir
// RUN: scope-opt %t/znver4.mlir --scopeir-compile-to-llvm \
// RUN:   --mlir-print-ir-after=codegen-run-scope-pipelines 2>&1 >/dev/null | FileCheck %s

// Every op is a loop over its three images around the batch-1 strategy;
// the fill of the output is in it (each image filled while in cache), not
// a loop of its own before it.
// CHECK-LABEL: func.func private @llvm_cpu_executables_conv3x3_dispatch
// CHECK-NOT: scf.for
// CHECK: scf.forall (%{{.+}}) in (3)
// CHECK-NEXT: tensor.extract_slice
// CHECK-NEXT: tensor.collapse_shape
// CHECK-NEXT: scf.for
// CHECK-COUNT-9: vector.fma {{.+}} : vector<9xf32>
// CHECK-NOT: linalg.conv_2d_nchw_fchw
// CHECK-LABEL: func.func private @llvm_cpu_executables_narrow_dispatch
// CHECK: scf.forall (%{{.+}}) in (3)
// CHECK-NOT: linalg.conv_2d_nchw_fchw
// CHECK: return
// CHECK-LABEL: func.func private @llvm_cpu_executables_pointwise_narrow_dispatch
// CHECK: scf.forall (%{{.+}}) in (3)
// CHECK-NOT: linalg.conv_2d_nchw_fchw
// CHECK: return
// CHECK-LABEL: func.func private @llvm_cpu_executables_depthwise_dispatch
// CHECK: scf.forall (%{{.+}}) in (3)
// CHECK-NOT: linalg.depthwise_conv_2d_nchw_chw
// CHECK: return
// CHECK-LABEL: func.func private @llvm_cpu_executables_max_pool_dispatch
// CHECK: scf.forall (%{{.+}}) in (3)
// CHECK-NOT: linalg.pooling_nchw_max
// CHECK: return
// The epilogue of a convolution over several images is computed in the
// loop over its images, updating each image's output in place.
// CHECK-LABEL: func.func private @llvm_cpu_executables_conv_scale_relu_dispatch
// CHECK: scf.forall (%{{.+}}) in (3)
// CHECK: vector.fma
// CHECK: arith.maximumf
// CHECK: scf.forall.in_parallel
// CHECK-NOT: arith.maximumf
// CHECK: return

// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/nchw-batch.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x1.npy 3 5 11 11 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w1.npy 12 5 3 3 --seed 2
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=conv3x3 --input=@%t/x1.npy --input=@%t/w1.npy > %t/vec1.txt
// RUN: scope-run %t/loops.mlir --function=conv3x3 --input=@%t/x1.npy --input=@%t/w1.npy > %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec1.txt %t/loops1.txt
// RUN: FileCheck %s --check-prefix=SHAPE1 < %t/vec1.txt
// SHAPE1: 3x12x9x9xf32=

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x2.npy 3 16 9 9 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w2.npy 32 16 3 3 --seed 4
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=narrow --input=@%t/x2.npy --input=@%t/w2.npy > %t/vec2.txt
// RUN: scope-run %t/loops.mlir --function=narrow --input=@%t/x2.npy --input=@%t/w2.npy > %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec2.txt %t/loops2.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x3.npy 3 64 7 7 --seed 5
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w3.npy 96 64 1 1 --seed 6
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=pointwise_narrow --input=@%t/x3.npy --input=@%t/w3.npy > %t/vec3.txt
// RUN: scope-run %t/loops.mlir --function=pointwise_narrow --input=@%t/x3.npy --input=@%t/w3.npy > %t/loops3.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec3.txt %t/loops3.txt

// The depthwise and pooling taps compute what the loops compute, in the
// same order: bit for bit.
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x4.npy 3 6 19 21 --seed 7
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w4.npy 6 3 3 --seed 8
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=depthwise --input=@%t/x4.npy --input=@%t/w4.npy > %t/vec4.txt
// RUN: scope-run %t/loops.mlir --function=depthwise --input=@%t/x4.npy --input=@%t/w4.npy > %t/loops4.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec4.txt %t/loops4.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x5.npy 3 4 17 20 --seed 9
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=max_pool --input=@%t/x5.npy > %t/vec5.txt
// RUN: scope-run %t/loops.mlir --function=max_pool --input=@%t/x5.npy > %t/loops5.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec5.txt %t/loops5.txt
// One output column over two images (a crash of the compile before).
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x6.npy 2 24 12 4 --seed 11
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=max_pool_one_column --input=@%t/x6.npy > %t/vec6.txt
// RUN: scope-run %t/loops.mlir --function=max_pool_one_column --input=@%t/x6.npy > %t/loops6.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec6.txt %t/loops6.txt

// Two threads: the images' loop is a parallel loop, the same values.
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=conv3x3 --threads=2 --input=@%t/x1.npy --input=@%t/w1.npy > %t/vec1t.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec1.txt %t/vec1t.txt

// A convolution with its scale-and-ReLU epilogue (a dispatch of both, the
// epilogue in the convolution's tu scope and loop over the images), at one
// and two threads.
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/s7.npy 12 --seed 10
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=conv_scale_relu --input=@%t/x1.npy --input=@%t/w1.npy --input=@%t/s7.npy > %t/vec7.txt
// RUN: scope-run %t/loops.mlir --function=conv_scale_relu --input=@%t/x1.npy --input=@%t/w1.npy --input=@%t/s7.npy > %t/loops7.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec7.txt %t/loops7.txt
// RUN: scope-run %S/Inputs/nchw-batch.mlir --function=conv_scale_relu --threads=2 --input=@%t/x1.npy --input=@%t/w1.npy --input=@%t/s7.npy > %t/vec7t.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec7.txt %t/vec7t.txt
