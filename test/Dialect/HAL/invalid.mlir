// RUN: scope-opt --split-input-file --verify-diagnostics %s

// The backend name must not be empty.
func.func @empty_backend() {
  // expected-error @+1 {{device target backend name must not be empty}}
  hal.device.scope <#hal.device.target<"">> {
    util.return
  }
  return
}

// -----

// `hal.device` holds a device, nothing else.
// expected-error @+1 {{'hal.device' must be a #hal.device.target attribute, got "llvm-cpu"}}
func.func @device_not_a_target() attributes {hal.device = "llvm-cpu"} {
  return
}

// -----

// Unknown discardable attributes of the hal namespace are rejected.
// expected-error @+1 {{unknown hal attribute 'hal.devices'}}
func.func @unknown_hal_attr() attributes {hal.devices = #hal.device.target<"llvm-cpu">} {
  return
}

// -----

// Like util.annotate, hal.device.scope takes no explicit captures.
func.func @entry_arguments(%x: f32) {
  // expected-error @+1 {{takes no explicit captures: its entry block must have no arguments}}
  "hal.device.scope"() <{target = #hal.device.target<"llvm-cpu">}> ({
  ^bb0(%a: f32):
    util.return
  }) : () -> ()
  return
}

// -----

// Control leaves a scope only through util.return.
func.func @wrong_terminator() {
  // expected-note @+1 {{scope is here}}
  hal.device.scope <#hal.device.target<"llvm-cpu">> {
    // expected-error @+1 {{'gpu.yield' op cannot exit a scope; use util.return}}
    gpu.yield
  }
  return
}

// -----

// util.return must match the scope's results.
func.func @result_mismatch(%x: f32) -> i32 {
  %r = hal.device.scope <#hal.device.target<"llvm-cpu">> {
    // expected-error @+1 {{operand #0 has type 'f32' but the scope's result #0 has type 'i32'}}
    util.return %x : f32
  } : i32
  return %r : i32
}

// -----

// Two devices on one scope: the kind check of verifyScopeAttrs.
func.func @two_devices() {
  // expected-error @+1 {{has two scope attributes of kind 'device'}}
  util.scope [#hal.device.target<"llvm-cpu">, #hal.device.target<"llvm-cpu-loops">] {
    util.return
  }
  return
}
