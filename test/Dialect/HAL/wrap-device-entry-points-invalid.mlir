// RUN: scope-opt --split-input-file --verify-diagnostics --hal-wrap-device-entry-points %s

// A public function on a device with memory of its own whose body has
// several blocks cannot run in one scope on the device: an error at the
// function, not a silent run on the host.
// expected-error @+1 {{'func.func' op is public and placed on #hal.device.target<"vulkan">, which computes in memory of its own: the host calls it with host buffers, and a body of 3 blocks cannot move into a scope placed on the device}}
func.func @branchy(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"vulkan">} {
  cf.cond_br %c, ^a, ^b
^a:
  return %x : tensor<4xf32>
^b:
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// The same placed by the module.
// expected-error @+2 {{'func.func' op is public and placed on #hal.device.target<"vulkan">}}
module attributes {hal.device = #hal.device.target<"vulkan">} {
  func.func @branchy(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    cf.cond_br %c, ^a, ^b
  ^a:
    return %x : tensor<4xf32>
  ^b:
    return %x : tensor<4xf32>
  }
}
