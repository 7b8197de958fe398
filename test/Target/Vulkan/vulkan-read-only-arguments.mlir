// RUN: scope-opt --pass-pipeline="builtin.module(func.func(vulkan-read-only-arguments))" %s | FileCheck %s
// RUN: scope-opt --pass-pipeline="builtin.module(func.func(vulkan-read-only-arguments),one-shot-bufferize{bufferize-function-boundaries})" %s | FileCheck %s --check-prefix=BUF

// Tensor arguments are marked read-only; others are left alone.
// CHECK-LABEL: func.func @fill
//  CHECK-SAME: (%{{.+}}: tensor<4xf32> {bufferization.writable = false}, %{{.+}}: f32)
// A result computed in place of an argument then gets a buffer of its own
// and a copy inside the function (which the device runs), instead of
// writing the argument's buffer.
// BUF-LABEL: func.func @fill
//  BUF-SAME: (%[[X:.+]]: memref<4xf32, {{.+}}>, %[[V:.+]]: f32)
//       BUF: %[[NEW:.+]] = memref.alloc() {{.*}}: memref<4xf32>
//       BUF: linalg.fill ins(%[[V]] : f32) outs(%[[NEW]] : memref<4xf32>)
//       BUF: return %[[NEW]]
func.func @fill(%x: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %r = linalg.fill ins(%v : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
