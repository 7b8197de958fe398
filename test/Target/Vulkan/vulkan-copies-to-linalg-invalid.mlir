// RUN: scope-opt --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(func.func(vulkan-copies-to-linalg))" %s

// An unranked buffer has no sizes a new buffer could be allocated with.
func.func @clone_unranked(%x: memref<*xf32>) -> memref<*xf32> {
  // expected-error @+1 {{'bufferization.clone' op clones an unranked buffer in a function placed on a vulkan device}}
  %0 = bufferization.clone %x : memref<*xf32> to memref<*xf32>
  return %0 : memref<*xf32>
}

// -----

// A new buffer is dense: it cannot take a layout with other static strides.
func.func @clone_strided(%x: memref<4xf32, strided<[2]>>) -> memref<4xf32, strided<[2]>> {
  // expected-error @+1 {{'bufferization.clone' op clones into a layout no new buffer can have in a function placed on a vulkan device}}
  %0 = bufferization.clone %x : memref<4xf32, strided<[2]>> to memref<4xf32, strided<[2]>>
  return %0 : memref<4xf32, strided<[2]>>
}
