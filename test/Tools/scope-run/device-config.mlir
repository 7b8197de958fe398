// scope-run checks each device's config before compiling: every bad key is
// an error at the op carrying the device, exit code 1.
// RUN: not scope-run %S/Inputs/bad-device-config.mlir --function=bad --input="4xf32=1" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: bad-device-config.mlir:4:8: error: unknown llvm-cpu config key 'tiles'; known keys: cache_tiles, cpu, cpu_features, threads
// BAD: bad-device-config.mlir:8:8: error: target backend 'llvm-cpu-loops' takes no config keys; got 'cpu'

// A good config compiles and runs; threads = 1 keeps the device's tiles
// serial even when scope-run uses two threads.
// RUN: scope-run %s --threads=2 --input="3x5xf32=1" --input="5x2xf32=2" | FileCheck %s --check-prefix=GOOD
// GOOD: 3x2xf32=[10 10][10 10][10 10]
// RUN: scope-run %s --threads=2 --emit-llvm-dialect | FileCheck %s --check-prefix=SERIAL
// SERIAL-NOT: omp.parallel
func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %r = util.annotate [#hal.device.target<"llvm-cpu", {cpu = "haswell", cache_tiles = [2, 2, 16], threads = 1}>] {
    %e = tensor.empty(%m, %n) : tensor<?x?xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
    %mm = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
    util.return %mm : tensor<?x?xf32>
  } : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
