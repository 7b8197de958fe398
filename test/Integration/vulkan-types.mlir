// End to end on a Vulkan device (lavapipe in CI, which has every shader
// feature): element types beyond f32 and i32 (i64 beyond 32 bits, f64, f16,
// i8 wrapping, i1 results) and the math of the GLSL set equal the host's
// results (the program with its scopes stripped); the math within rtol 1e-5
// (the device's functions are not libm's), the rest exactly.
// REQUIRES: vulkan
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %s --input="4xi64=1 -2 3 -4" --input="4xf64=0.5 1.5 -2.5 3" --input="4xf16=0.5 1.5 -2.5 3" --input="4xi8=100 -100 7 -7" --input="4xf32=0.25 1 2 3" > %t/vulkan.txt
// RUN: scope-run %s --strip-scopes --input="4xi64=1 -2 3 -4" --input="4xf64=0.5 1.5 -2.5 3" --input="4xf16=0.5 1.5 -2.5 3" --input="4xi8=100 -100 7 -7" --input="4xf32=0.25 1 2 3" > %t/host.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=0 %t/vulkan.txt %t/host.txt
// RUN: FileCheck %s < %t/vulkan.txt
// CHECK: 4xi64=4294967297 4294967294 4294967299 4294967292
// CHECK-NEXT: 4xf64=0.25 2.25 6.25 9
// CHECK-NEXT: 4xf16=0.25 2.25 6.25 9
// CHECK-NEXT: 4xi8=-56 56 14 -14
// CHECK-NEXT: 4xi1=1 1 1 0
// CHECK-NEXT: 4xf32=

#vk = #hal.device.target<"vulkan">
#id = affine_map<(i) -> (i)>
func.func @main(%i64: tensor<4xi64>, %f64: tensor<4xf64>, %f16: tensor<4xf16>,
                %i8: tensor<4xi8>, %f32: tensor<4xf32>)
    -> (tensor<4xi64>, tensor<4xf64>, tensor<4xf16>, tensor<4xi8>, tensor<4xi1>,
        tensor<4xf32>) {
  %r:6 = util.annotate [#vk] {
    %e64 = tensor.empty() : tensor<4xi64>
    %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%i64 : tensor<4xi64>) outs(%e64 : tensor<4xi64>) {
    ^bb0(%x: i64, %o: i64):
      %big = arith.constant 4294967296 : i64
      %y = arith.addi %x, %big : i64
      linalg.yield %y : i64
    } -> tensor<4xi64>
    %ed = tensor.empty() : tensor<4xf64>
    %b = linalg.mul ins(%f64, %f64 : tensor<4xf64>, tensor<4xf64>) outs(%ed : tensor<4xf64>) -> tensor<4xf64>
    %eh = tensor.empty() : tensor<4xf16>
    %c = linalg.mul ins(%f16, %f16 : tensor<4xf16>, tensor<4xf16>) outs(%eh : tensor<4xf16>) -> tensor<4xf16>
    %e8 = tensor.empty() : tensor<4xi8>
    %d = linalg.add ins(%i8, %i8 : tensor<4xi8>, tensor<4xi8>) outs(%e8 : tensor<4xi8>) -> tensor<4xi8>
    %eb = tensor.empty() : tensor<4xi1>
    %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%f32 : tensor<4xf32>) outs(%eb : tensor<4xi1>) {
    ^bb0(%x: f32, %o: i1):
      %one = arith.constant 1.5 : f32
      %y = arith.cmpf olt, %x, %one : f32
      %z = arith.cmpf ogt, %x, %one : f32
      %w = arith.constant 2.5 : f32
      %v = arith.cmpf olt, %x, %w : f32
      %u = arith.andi %z, %v : i1
      %t = arith.ori %y, %u : i1
      linalg.yield %t : i1
    } -> tensor<4xi1>
    %ef = tensor.empty() : tensor<4xf32>
    %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%f32 : tensor<4xf32>) outs(%ef : tensor<4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %t = math.tanh %x : f32
      %s = math.sqrt %x : f32
      %p = math.powf %x, %s : f32
      %q = math.rsqrt %x : f32
      %l = math.log %p : f32
      %y = arith.addf %t, %q : f32
      %z = arith.addf %y, %l : f32
      linalg.yield %z : f32
    } -> tensor<4xf32>
    util.return %a, %b, %c, %d, %f, %g : tensor<4xi64>, tensor<4xf64>, tensor<4xf16>, tensor<4xi8>, tensor<4xi1>, tensor<4xf32>
  } : tensor<4xi64>, tensor<4xf64>, tensor<4xf16>, tensor<4xi8>, tensor<4xi1>, tensor<4xf32>
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : tensor<4xi64>, tensor<4xf64>, tensor<4xf16>, tensor<4xi8>, tensor<4xi1>, tensor<4xf32>
}
