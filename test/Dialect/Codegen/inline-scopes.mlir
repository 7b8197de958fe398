// RUN: scope-opt --split-input-file --allow-unregistered-dialect --codegen-inline-scopes %s | FileCheck %s

// Every tu scope is replaced by its body, nested ones and ones in loops
// included; a strategy that has not run goes with its scope.

// CHECK-LABEL: func.func @single_block
// CHECK-SAME: (%[[A:.*]]: memref<4xf32>, %[[F:.*]]: f32)
// CHECK-NOT: codegen.
// CHECK: linalg.fill ins(%[[F]] : f32) outs(%[[A]] : memref<4xf32>)
// CHECK-NEXT: return %[[A]]
func.func @single_block(%a: memref<4xf32>, %f: f32) -> memref<4xf32> {
  %r = codegen.scope.tu (%a as %x: memref<4xf32>, %f as %v: f32) -> (%a) strategy = @never_ran {
    linalg.fill ins(%v : f32) outs(%x : memref<4xf32>)
    codegen.yield %x : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// CHECK-LABEL: func.func @nested_in_loop
// CHECK-NOT: codegen.
// CHECK: scf.for
// CHECK:   %[[S:.*]] = arith.addi
// CHECK:   %[[T:.*]] = arith.muli %[[S]], %[[S]]
// CHECK:   scf.yield %[[T]]
func.func @nested_in_loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %o = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %r = codegen.scope.tu (%acc as %x: index, %i as %y: index) -> (index) {
      %s = arith.addi %x, %y : index
      %t = codegen.scope.tu (%s as %z: index) -> (index) pipeline = "cse" {
        %m = arith.muli %z, %z : index
        codegen.yield %m : index
      }
      codegen.yield %t : index
    }
    scf.yield %r : index
  }
  return %o : index
}

// -----

// A multi-block body in a region that holds one block becomes an
// scf.execute_region.
// CHECK-LABEL: func.func @multi_block
// CHECK-NOT: codegen.
// CHECK: scf.for
// CHECK:   scf.execute_region -> index
// CHECK:     cf.br ^bb1
// CHECK:   ^bb1:
// CHECK:     scf.yield
func.func @multi_block(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = codegen.scope.tu (%i as %x: index) -> (index) {
      cf.br ^bb1
    ^bb1:
      codegen.yield %x : index
    }
    "test.use"(%r) : (index) -> ()
  }
  return
}
