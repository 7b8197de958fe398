// Inlining across devices end to end: the call to @dyn (on llvm-cpu) from a
// host function is wrapped in a device annotation, inlined into it, lowered
// (its result dim computed from the inlined body), then compiled and run with
// the body on llvm-cpu.
// RUN: scope-opt %s --hal-wrap-cross-device-calls --inline --symbol-dce -o %t.mlir
// RUN: scope-opt %t.mlir --util-lower-annotations | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @main
//   IR-NOT:   call
//       IR:   util.scope [#hal.device.target<"llvm-cpu">] (%{{.+}} as %[[A:.+]]: tensor<?xf32>{%[[D:.+]]}) -> (tensor<?xf32>{%[[D]]})
//       IR:     linalg.add ins(%[[A]], %[[A]]
// RUN: scope-run %t.mlir --input="3xf32=1 2 3" | FileCheck %s
// CHECK: 3xf32=2 4 6
// RUN: scope-run %t.mlir --dispatch=false --input="3xf32=1" --mlir-print-ir-after=hal-run-backend-pipelines --mlir-disable-threading 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVICE
// DEVICE: func.func private @main_scope_0({{.+}} attributes {util.scope_attrs = [#hal.device.target<"llvm-cpu">]}
// DEVICE:   vector.transfer_read

func.func private @dyn(%x: tensor<?xf32>) -> tensor<?xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %s = linalg.add ins(%x, %x : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = func.call @dyn(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
