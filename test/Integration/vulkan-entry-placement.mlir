// End to end on a Vulkan device (lavapipe in CI): an entry point placed on
// vulkan by its own hal.device, or by the module's, is called by scope-run
// with host buffers; its arguments move up and its results down through
// transfers (hal-wrap-device-entry-points), at dispatch and at scope
// granularity. Before, the device read arguments no transfer had put there
// and the run failed.
// REQUIRES: vulkan
// RUN: scope-run %s --input="4xf32=1,2,3,4" --input="4xf32=0.5" --dump-dispatches \
// RUN:   | FileCheck %s --check-prefixes=CHECK,DUMP
// RUN: scope-run %s --input="4xf32=1,2,3,4" --input="4xf32=0.5" --dispatch=false \
// RUN:   | FileCheck %s
// RUN: sed -e '1i module attributes {hal.device = #hal.device.target<"vulkan">} {' -e '$a }' \
// RUN:     -e 's/ attributes {hal.device = #hal.device.target<"vulkan">} {$/ {/' %s > %t.module.mlir
// RUN: FileCheck %s --check-prefix=MODULE < %t.module.mlir
// RUN: scope-run %t.module.mlir --input="4xf32=1,2,3,4" --input="4xf32=0.5" \
// RUN:   | FileCheck %s

// r = x * x + b: 1.5 4.5 9.5 16.5.
// DUMP: dispatch #0 {{.*}} device=#hal.device.target<"vulkan">
// DUMP: transfer #0 tensor<4xf32> from host to #hal.device.target<"vulkan">
// DUMP: transfer #1 tensor<4xf32> from host to #hal.device.target<"vulkan">
// DUMP: transfer #2 tensor<4xf32> from #hal.device.target<"vulkan"> to host
// CHECK: 4xf32=1.5 4.5 9.5 16.5

// The module variant is placed by the module alone.
// MODULE: {{^}}module attributes {hal.device = #hal.device.target<"vulkan">} {
// MODULE: {{^}}func.func @main(%x: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {{{$}}

func.func @main(%x: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {hal.device = #hal.device.target<"vulkan">} {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %a : f32
    %s = arith.addf %p, %c : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
