// A device scope (hal.device.scope) nested in another, with zones, at
// dispatch granularity: each dispatch runs on its innermost device, the
// numbers ((2x)^2 - x) are the same as at scope granularity, and the scope
// path keeps the stripped zones' names.
// RUN: scope-run %s --dispatch --input="2x4xf32=1 2 3 4 5 6 7 8" | FileCheck %s --check-prefix=OUT
// OUT: 2x4xf32=[3 14 33 60][95 138 189 248]
// RUN: scope-run %s --dispatch=false --input="2x4xf32=1 2 3 4 5 6 7 8" | FileCheck %s --check-prefix=OUT
// RUN: scope-run %s --dump-dispatches --input="2x4xf32=1" | FileCheck %s
// CHECK:      dispatch #0 @llvm_cpu_loops_executables::@main_dispatch_0 device=#hal.device.target<"llvm-cpu-loops"> scope=outer
// CHECK-NEXT: dispatch #1 @llvm_cpu_executables::@main_dispatch_1 device=#hal.device.target<"llvm-cpu"> scope=outer/#hal.device.target<"llvm-cpu">
// CHECK-NEXT: dispatch #2 @llvm_cpu_loops_executables::@main_dispatch_2 device=#hal.device.target<"llvm-cpu-loops"> scope=outer/inner
// CHECK-NEXT: 2x4xf32=[3 3 3 3][3 3 3 3]

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
