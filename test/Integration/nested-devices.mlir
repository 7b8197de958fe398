// A device scope nested in another (and zones around and inside): at scope
// granularity (--dispatch=false) scope-run outlines both, the inner function
// is compiled for the innermost device, and the zones are stripped; the
// numbers are (2x)^2 - x. (test/Integration/dispatch-nested-devices.mlir is
// the same program at dispatch granularity.)
// RUN: scope-run %s --dispatch=false --input="2x4xf32=1 2 3 4 5 6 7 8" | FileCheck %s
// CHECK: 2x4xf32=[3 14 33 60][95 138 189 248]
// RUN: scope-run %s --dispatch=false --input="2x4xf32=1" --mlir-disable-threading \
// RUN:   --mlir-print-ir-after=hal-run-backend-pipelines 2>&1 | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func private @outer(
//  IR-SAME:   util.scope_attrs = [#hal.device.target<"llvm-cpu-loops">, #util.zone<"outer">]
//   IR-NOT:   vector.
//       IR:   call @[[INNER:[a-z_]+_scope_0]](
//       IR: func.func private @[[INNER]](
//  IR-SAME:   util.scope_attrs = [#hal.device.target<"llvm-cpu">, #hal.device.target<"llvm-cpu-loops">, #util.zone<"outer">]
//       IR:   arith.mulf %{{.+}}, %{{.+}} : vector<8x4xf32>

func.func @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %r = util.annotate [#hal.device.target<"llvm-cpu-loops">, #util.zone<"outer">] {
    %e = tensor.empty(%n) : tensor<?x4xf32>
    %a = linalg.add ins(%x, %x : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %b = hal.device.scope <#hal.device.target<"llvm-cpu">> {
      %e2 = tensor.empty(%n) : tensor<?x4xf32>
      %m = linalg.mul ins(%a, %a : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e2 : tensor<?x4xf32>) -> tensor<?x4xf32>
      util.return %m : tensor<?x4xf32>
    } : tensor<?x4xf32>
    %z = util.annotate [#util.zone<"inner">] {
      %e3 = tensor.empty(%n) : tensor<?x4xf32>
      %s = linalg.sub ins(%b, %x : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e3 : tensor<?x4xf32>) -> tensor<?x4xf32>
      util.return %s : tensor<?x4xf32>
    } : tensor<?x4xf32>
    util.return %z : tensor<?x4xf32>
  } : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
