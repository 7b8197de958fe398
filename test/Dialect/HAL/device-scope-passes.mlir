// hal.device.scope is a scope to every util pass (they are written against
// ScopeOpInterface): lowered like util.annotate, stripped like any scope.
// RUN: scope-opt --split-input-file --util-lower-annotations %s | FileCheck %s --check-prefix=LOWER
// RUN: scope-opt --split-input-file --util-strip-scopes %s | FileCheck %s --check-prefix=STRIP
// RUN: scope-opt --split-input-file --util-strip-scopes=kind=zone %s | FileCheck %s --check-prefix=ZONE

// A dynamically shaped result: lowering makes the capture explicit and
// computes the result dim above the scope; the device moves to util.scope.
// LOWER-LABEL: func.func @lower
//  LOWER-SAME: (%[[X:.+]]: tensor<?x4xf32>)
//       LOWER: %[[D:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x4xf32>
//       LOWER: util.scope [#hal.device.target<"llvm-cpu">] (%[[X]] as %[[A:.+]]: tensor<?x4xf32>{%[[D]]}) -> (tensor<?x4xf32>{%[[D]]}) {
//       LOWER:   arith.addf %[[A]], %[[A]] : tensor<?x4xf32>
//   LOWER-NOT: hal.device.scope
// STRIP-LABEL: func.func @lower
//   STRIP-NOT: hal.device.scope
//       STRIP: %[[S:.+]] = arith.addf
//       STRIP: return %[[S]]
// ZONE-LABEL: func.func @lower
//       ZONE: hal.device.scope <#hal.device.target<"llvm-cpu">>
func.func @lower(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = hal.device.scope <#hal.device.target<"llvm-cpu">> {
    %s = arith.addf %x, %x : tensor<?x4xf32>
    util.return %s : tensor<?x4xf32>
  } : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
