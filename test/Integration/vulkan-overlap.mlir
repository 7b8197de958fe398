// Two independent branches, one on vulkan and one on the CPU (lavapipe in
// CI): the device's dispatch is submitted when its function returns, the
// host runs the CPU branch meanwhile, and waits for the device once, in
// the download of the value it needs for the sum (a timeline semaphore
// value per submission). The trace shows that order, the counters one host
// wait; the result equals the host's.
// REQUIRES: vulkan
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %s --input="64x64xf32=0.5" --input="64x64xf32=0.25" --threads=1 --trace=%t/trace.json --print-zones > %t/out.txt 2> %t/zones.txt
// RUN: %python %S/Inputs/check-overlap.py %t/trace.json
// RUN: FileCheck %s --check-prefix=ZONES < %t/zones.txt
// ZONES: vulkan: 2 dispatches, 2 uploads (32768 bytes), 1 downloads (16384 bytes), 0 constants uploaded, 2 submits, 1 host waits
// RUN: FileCheck %s < %t/out.txt
// 64 products of 0.5 * 0.25 and of 0.25 * 0.5, summed.
// CHECK: 64x64xf32=[16 16

#vk = #hal.device.target<"vulkan">
#cpu = #hal.device.target<"llvm-cpu-loops">
func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %g = util.annotate [#vk] {
    %e = tensor.empty() : tensor<64x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
    %m = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
    util.return %m : tensor<64x64xf32>
  } : tensor<64x64xf32>
  %c = util.annotate [#cpu] {
    %e = tensor.empty() : tensor<64x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
    %m = linalg.matmul ins(%w, %x : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
    util.return %m : tensor<64x64xf32>
  } : tensor<64x64xf32>
  %e = tensor.empty() : tensor<64x64xf32>
  %s = linalg.add ins(%g, %c : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %s : tensor<64x64xf32>
}
