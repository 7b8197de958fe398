// A program that already has flow.dispatch ops compiles at scope
// granularity: its executables are linked as at dispatch granularity, so
// host lowering never sees a dispatch whose callee it turned into an
// llvm.func (which left invalid IR). At dispatch granularity no region forms
// inside the hand-written executable's function (outlined into the host's
// executables, its dispatch named a symbol the executable module does not
// have: "callee ... does not name a symbol").
// RUN: split-file %s %t
// RUN: scope-run %t/valid.mlir --dispatch=false --input=4xf32=1,2,3,4 | FileCheck %s
// RUN: scope-run %t/valid.mlir --input=4xf32=1,2,3,4 | FileCheck %s
// CHECK: 4xf32=2 4 6 8

// A dispatch of a module that is not an executable module is rejected by
// flow-link-executables at both granularities, with its location.
// RUN: not scope-run %t/invalid.mlir --function=dispatch_plain 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: not scope-run %t/invalid.mlir --function=dispatch_plain --dispatch=false 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INVALID
// INVALID: invalid.mlir:2:3: error: dispatch of @exe::@fn, which is not a function of an executable module

//--- valid.mlir
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = flow.dispatch @doubles::@fn(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  return %r : tensor<4xf32>
}
module @doubles attributes {flow.executables} {
  func.func @fn(%x: tensor<4xf32>) -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

//--- invalid.mlir
func.func @dispatch_plain() {
  flow.dispatch @exe::@fn() : () -> ()
  return
}
module @exe {
  func.func @fn() {
    return
  }
}
