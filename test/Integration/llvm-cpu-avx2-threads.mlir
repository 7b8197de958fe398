// A 1x1 convolution from 96 to 24 channels on one pixel (MobileNetV3's
// squeeze-and-excitation layers) is a packed matmul; compiled for AVX2 at
// two threads, the packing's masked 16-lane loads in the OpenMP body made
// LLVM 22's X86 store-forwarding-block pass abort the process ("Cannot
// implicitly convert a scalable size to a fixed-width size"). The runner
// turns that pass off. Values against llvm-cpu-loops, at one and two
// threads.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 1 96 1 1 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w.npy 24 96 1 1 --seed 2
// RUN: scope-run %s --threads=2 --input=@%t/x.npy --input=@%t/w.npy > %t/two.txt
// RUN: scope-run %s --threads=1 --input=@%t/x.npy --input=@%t/w.npy > %t/one.txt
// RUN: sed 's/"llvm-cpu", {cpu = "haswell"}/"llvm-cpu-loops"/' %s > %t/loops.mlir
// RUN: scope-run %t/loops.mlir --input=@%t/x.npy --input=@%t/w.npy > %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/two.txt %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/one.txt %t/loops.txt
// RUN: FileCheck %s < %t/two.txt
// CHECK: 1x24x1x1xf32=
func.func @main(%x: tensor<1x96x1x1xf32>, %w: tensor<24x96x1x1xf32>) -> tensor<1x24x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu", {cpu = "haswell"}>] {
    %e = tensor.empty() : tensor<1x24x1x1xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x24x1x1xf32>) -> tensor<1x24x1x1xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x96x1x1xf32>, tensor<24x96x1x1xf32>) outs(%f : tensor<1x24x1x1xf32>) -> tensor<1x24x1x1xf32>
    util.return %c : tensor<1x24x1x1xf32>
  } : tensor<1x24x1x1xf32>
  return %r : tensor<1x24x1x1xf32>
}
