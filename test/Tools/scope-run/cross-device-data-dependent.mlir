// A function placed on another device returns a tensor whose size it
// computes from data: the call cannot become a scope (no size is known
// before it runs), so it stays a call to the function compiled for its
// device, and the program runs as without devices. (Reduced from
// differential seed 458, which failed to compile: "cannot compute dynamic
// dimension #0 above the scope".)
// RUN: scope-run %s --input=3xf32=1,2,3 --input=4xf32=2,0,0,0 | FileCheck %s --check-prefix=BIG
// RUN: scope-run %s --input=3xf32=1,2,3 --input=4xf32=0.5,0,0,0 | FileCheck %s --check-prefix=SMALL
// RUN: scope-run %s --dispatch=false --input=3xf32=1,2,3 --input=4xf32=2,0,0,0 | FileCheck %s --check-prefix=BIG
// RUN: scope-run %s --strip-scopes --input=3xf32=1,2,3 --input=4xf32=0.5,0,0,0 | FileCheck %s --check-prefix=SMALL
// BIG: 4xf32=4 0 0 0
// SMALL: 3xf32=1 2 3

func.func private @pick(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<?xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.mul ins(%y, %y : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %s[%c0] : tensor<4xf32>
  %cond = arith.cmpf une, %v, %cst : f32
  %r = scf.if %cond -> (tensor<?xf32>) {
    %c = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
    scf.yield %c : tensor<?xf32>
  } else {
    scf.yield %x : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @main(%x: tensor<3xf32>, %y: tensor<4xf32>) -> tensor<?xf32> {
  %d = tensor.cast %x : tensor<3xf32> to tensor<?xf32>
  %r = call @pick(%d, %y) : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
