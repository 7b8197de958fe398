// RUN: scope-opt --split-input-file --verify-diagnostics --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s

// A transfer's result is a new dense buffer of the source's shape, filled
// by a flow.buffer.transfer; the source is only read.
// CHECK-LABEL: func.func @up
//  CHECK-SAME: (%[[X:.+]]: memref<?x4xf32>)
//       CHECK: %[[N:.+]] = memref.dim %[[X]], %{{.+}} : memref<?x4xf32>
//       CHECK: %[[NEW:.+]] = memref.alloc(%[[N]]) {{.*}}: memref<?x4xf32>
//       CHECK: flow.buffer.transfer %[[X]], %[[NEW]] : memref<?x4xf32>, memref<?x4xf32> from host to #hal.device.target<"vulkan">
//       CHECK: return %[[NEW]], %[[X]]
func.func @up(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %y = flow.tensor.transfer %x : tensor<?x4xf32> from host to #hal.device.target<"vulkan">
  return %y, %x : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// A strided view of host memory is made dense on the host first.
// CHECK-LABEL: func.func @strided_host_view
//       CHECK: %[[VIEW:.+]] = memref.subview
//       CHECK: %[[DENSE:.+]] = memref.alloc() {{.*}}: memref<2x2xf32>
//       CHECK: memref.copy %[[VIEW]], %[[DENSE]]
//       CHECK: %[[NEW:.+]] = memref.alloc() {{.*}}: memref<2x2xf32>
//       CHECK: flow.buffer.transfer %[[DENSE]], %[[NEW]] : memref<2x2xf32>, memref<2x2xf32> from host to #hal.device.target<"vulkan">
func.func @strided_host_view(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %s = tensor.extract_slice %x[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  %y = flow.tensor.transfer %s : tensor<2x2xf32> from host to #hal.device.target<"vulkan">
  return %y : tensor<2x2xf32>
}

// -----

// A strided view of device memory would have to be made dense on the
// device: only dense buffers leave one.
func.func @strided_device_view(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %s = tensor.extract_slice %x[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  // expected-error @+2 {{'flow.tensor.transfer' op transfers a strided view of device memory; only dense buffers leave a device}}
  // expected-error @+1 {{failed to bufferize op}}
  %y = flow.tensor.transfer %s : tensor<2x2xf32> from #hal.device.target<"vulkan"> to host
  return %y : tensor<2x2xf32>
}
