// RUN: scope-opt --split-input-file --verify-diagnostics --hal-run-backend-pipelines=phase=tensor %s
// RUN: not scope-opt --hal-run-backend-pipelines=phase=tensors %s 2>&1 | FileCheck %s --check-prefix=PHASE
// RUN: not scope-opt --hal-run-backend-pipelines="phase=buffer host-backend=gpu" %s 2>&1 | FileCheck %s --check-prefix=HOST

// PHASE: unknown phase 'tensors' (expected 'tensor', 'buffer', 'openmp' or 'executable')
// HOST: unknown host backend 'gpu' (option host-backend); registered backends: llvm-cpu, llvm-cpu-loops

// A device naming a backend that is not registered: the error is at the
// function carrying it and lists the registered backends.
// expected-error @+1 {{unknown target backend 'gpu'; registered backends: llvm-cpu, llvm-cpu-loops}}
func.func @unknown(%x: f32) -> f32 attributes {hal.device = #hal.device.target<"gpu">} {
  return %x : f32
}

// -----

// An unknown module default: the error is at the module, with a note at the
// function it places.
// expected-error @+1 {{unknown target backend 'tpu'; registered backends: llvm-cpu, llvm-cpu-loops}}
module attributes {hal.device = #hal.device.target<"tpu">} {
  // expected-note @+1 {{placing function 'f'}}
  func.func @f(%x: f32) -> f32 {
    return %x : f32
  }
}

// -----

// A function compiled for one device must not contain a scope placed on
// another: never a silent re-placement.
func.func @mixed(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  // expected-error @+1 {{is placed on #hal.device.target<"llvm-cpu-loops"> inside function 'mixed' compiled for #hal.device.target<"llvm-cpu">; outline device scopes first (util-outline-scopes)}}
  %r = hal.device.scope <#hal.device.target<"llvm-cpu-loops">> {
    %s = arith.addf %x, %x : tensor<4xf32>
    util.return %s : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The same for a host function.
func.func @mixed_host(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{is placed on #hal.device.target<"llvm-cpu"> inside function 'mixed_host' compiled for "the host"}}
  %r = util.scope [#hal.device.target<"llvm-cpu">] -> (tensor<4xf32>) {
    %s = arith.addf %x, %x : tensor<4xf32>
    util.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A scope on the function's own device is fine (and a zone is not a
// placement).
func.func @same_device(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %r = util.scope [#hal.device.target<"llvm-cpu">, #util.zone<"z">] -> (tensor<4xf32>) {
    %s = arith.addf %x, %x : tensor<4xf32>
    util.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
