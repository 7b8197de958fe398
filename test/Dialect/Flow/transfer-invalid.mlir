// RUN: scope-opt --split-input-file --verify-diagnostics %s

// Nothing moves: both sides are the host.
func.func @same_memory(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'flow.tensor.transfer' op transfers a value to the memory it is in (host)}}
  %y = flow.tensor.transfer %x : tensor<4xf32> from host to host
  return %y : tensor<4xf32>
}

// -----

// A side must be a placement: a zone places nothing.
func.func @zone_side(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'flow.tensor.transfer' op expects each side to be 'host' or a placement attribute, got #util.zone<"z">}}
  %y = flow.tensor.transfer %x : tensor<4xf32> from host to #util.zone<"z">
  return %y : tensor<4xf32>
}

// -----

// A CPU device computes in host memory: it is not a side of its own.
func.func @host_memory_device(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'flow.tensor.transfer' op side #hal.device.target<"llvm-cpu"> computes in host memory: write 'host' for it}}
  %y = flow.tensor.transfer %x : tensor<4xf32> from #hal.device.target<"vulkan"> to #hal.device.target<"llvm-cpu">
  return %y : tensor<4xf32>
}

// -----

// The result is the source's type.
func.func @type_mismatch(%x: tensor<4xf32>) {
  // expected-error @+1 {{'flow.tensor.transfer' op failed to verify that all of {source, result} have same type}}
  %y = "flow.tensor.transfer"(%x) <{target_memory = #hal.device.target<"vulkan">}> : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

// The buffers of a buffer transfer have one shape and element type.
func.func @buffer_shapes(%a: memref<4xf32>, %b: memref<8xf32>) {
  // expected-error @+1 {{'flow.buffer.transfer' op copies 'memref<4xf32>' into 'memref<8xf32>': the shapes and element types differ}}
  flow.buffer.transfer %a, %b : memref<4xf32>, memref<8xf32> from host to #hal.device.target<"vulkan">
  return
}

// -----

// A device's runtime copies dense buffers only.
func.func @strided(%a: memref<4xf32, strided<[2]>>, %b: memref<4xf32>) {
  // expected-error @+1 {{'flow.buffer.transfer' op expects dense row-major buffers (identity layouts), got 'memref<4xf32, strided<[2]>>' and 'memref<4xf32>'}}
  flow.buffer.transfer %a, %b : memref<4xf32, strided<[2]>>, memref<4xf32> from host to #hal.device.target<"vulkan">
  return
}

// -----

// The buffer form checks its sides as the tensor form does.
func.func @buffer_same_memory(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'flow.buffer.transfer' op transfers a value to the memory it is in (#hal.device.target<"vulkan">)}}
  flow.buffer.transfer %a, %b : memref<4xf32>, memref<4xf32> from #hal.device.target<"vulkan"> to #hal.device.target<"vulkan">
  return
}
