// RUN: scope-opt --split-input-file --verify-diagnostics --flow-verify-placement %s | FileCheck %s

// Consistent placement: regions carry the device of their scopes; ops
// outside any placement scope need no region.
// CHECK-LABEL: func.func @consistent
func.func @consistent(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %h = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %d = flow.dispatch.region on(#hal.device.target<"llvm-cpu">) -> (tensor<4x4xf32>) {
      %m = linalg.matmul ins(%h, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      flow.return %m : tensor<4x4xf32>
    }
    util.return %d : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A linalg op of a device scope left outside any dispatch region.
func.func @not_in_region(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-note @+1 {{placed on #hal.device.target<"llvm-cpu"> here}}
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    // expected-error @+1 {{op placed on #hal.device.target<"llvm-cpu"> is not in a dispatch region}}
    %m = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %m : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A region on another device than its scope's.
func.func @wrong_region_device(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-note @+1 {{placed on #hal.device.target<"llvm-cpu"> here}}
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    // expected-error @+1 {{dispatch region runs on #hal.device.target<"llvm-cpu-loops"> but its scopes place it on #hal.device.target<"llvm-cpu">}}
    %d = flow.dispatch.region on(#hal.device.target<"llvm-cpu-loops">) -> (tensor<4x4xf32>) {
      %m = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      flow.return %m : tensor<4x4xf32>
    }
    util.return %d : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A region without placement inside a device scope: never a silent
// fallback to the host.
func.func @dropped_placement(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-note @+1 {{placed on #hal.device.target<"llvm-cpu"> here}}
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    // expected-error @+1 {{dispatch region runs on the default host target but its scopes place it on #hal.device.target<"llvm-cpu">}}
    %d = flow.dispatch.region -> (tensor<4x4xf32>) {
      %m = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      flow.return %m : tensor<4x4xf32>
    }
    util.return %d : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A scope inside a region placing an op elsewhere than the region.
func.func @scope_inside_region(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    // expected-note @+1 {{dispatch region is here}}
    %d = flow.dispatch.region on(#hal.device.target<"llvm-cpu">) -> (tensor<4x4xf32>) {
      // expected-note @+1 {{placed on #hal.device.target<"llvm-cpu-loops"> here}}
      %s = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
        // expected-error @+1 {{op placed on #hal.device.target<"llvm-cpu-loops"> is in a dispatch region on #hal.device.target<"llvm-cpu">}}
        %m = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
        util.return %m : tensor<4x4xf32>
      } : tensor<4x4xf32>
      flow.return %s : tensor<4x4xf32>
    }
    util.return %d : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A region with a placement where nothing places it.
func.func @placement_from_nowhere() {
  // expected-error @+1 {{dispatch region runs on #hal.device.target<"llvm-cpu"> but its scopes place it on the default host target}}
  flow.dispatch.region on(#hal.device.target<"llvm-cpu">) {
    flow.return
  }
  return
}

// -----

// A dispatch calling an executable of another device.
module {
  func.func @wrong_executable(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-note @+1 {{placed on #hal.device.target<"llvm-cpu"> here}}
    %r = util.annotate [#hal.device.target<"llvm-cpu">] {
      // expected-error @+1 {{dispatch calls an executable on #hal.device.target<"llvm-cpu-loops"> but its scopes place it on #hal.device.target<"llvm-cpu">}}
      %d = flow.dispatch @loops_executables::@fn(%a) : (tensor<4xf32>) -> (tensor<4xf32>)
      util.return %d : tensor<4xf32>
    } : tensor<4xf32>
    return %r : tensor<4xf32>
  }
  module @loops_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"llvm-cpu-loops">]} {
    // expected-note @+1 {{executable function is here}}
    func.func @fn(%a: tensor<4xf32>) -> tensor<4xf32> {
      return %a : tensor<4xf32>
    }
  }
}
