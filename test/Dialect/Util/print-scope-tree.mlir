// RUN: scope-opt --util-print-scope-tree %s -o %t.mlir | FileCheck %s --match-full-lines --strict-whitespace
// RUN: scope-opt %s | diff - %t.mlir

// The scopes of each function with a body, as a directory tree: op name,
// `kind=name` of each scope attribute, ops inside at any depth (nested
// scopes and terminators included) and location. A scope in a loop hangs
// under the innermost scope around it; declarations are skipped; the IR is
// not changed (the second RUN line).
//      CHECK:func.func @main  ({{.*}}print-scope-tree.mlir:18:1)
// CHECK-NEXT:`-- util.annotate [device=llvm-cpu, zone=encoder]  14 ops  ({{.*}}print-scope-tree.mlir:19:8)
// CHECK-NEXT:    |-- util.annotate [zone=layer1]  2 ops  ({{.*}}print-scope-tree.mlir:20:10)
// CHECK-NEXT:    |-- util.scope [zone=layer2]  2 ops  ({{.*}}print-scope-tree.mlir:24:10)
// CHECK-NEXT:    `-- util.annotate [zone=step]  2 ops  ({{.*}}print-scope-tree.mlir:31:12)
// CHECK-NEXT:func.func @no_scopes  ({{.*}}print-scope-tree.mlir:44:1)
// CHECK-NEXT:func.func @outlined [device=llvm-cpu]  ({{.*}}print-scope-tree.mlir:48:1)
// CHECK-NEXT:`-- util.annotate  1 op  ({{.*}}print-scope-tree.mlir:49:3)
//  CHECK-NOT:{{.}}
func.func @main(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"encoder">] {
    %a = util.annotate [#util.zone<"layer1">] {
      %neg = arith.negf %x : tensor<4xf32>
      util.return %neg : tensor<4xf32>
    } : tensor<4xf32>
    %b = util.scope [#util.zone<"layer2">] (%a as %aa: tensor<4xf32>) -> (tensor<4xf32>) {
      %m = arith.mulf %aa, %aa : tensor<4xf32>
      util.return %m : tensor<4xf32>
    }
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> tensor<4xf32> {
      %s = util.annotate [#util.zone<"step">] {
        %d = arith.addf %acc, %acc : tensor<4xf32>
        util.return %d : tensor<4xf32>
      } : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    util.return %l : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func private @declaration(tensor<4xf32>) -> tensor<4xf32>

func.func @no_scopes() {
  return
}

func.func @outlined() attributes {util.scope_attrs = [#hal.device.target<"llvm-cpu">]} {
  util.annotate {
    util.return
  }
  return
}
