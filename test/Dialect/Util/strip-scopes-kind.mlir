// RUN: scope-opt --split-input-file --util-strip-scopes="kind=zone outlined=true" %s | FileCheck %s --check-prefix=ZONE
// RUN: scope-opt --split-input-file --util-strip-scopes="kind=zone invert=true outlined=true" %s | FileCheck %s --check-prefix=KEEP
// RUN: not scope-opt --util-strip-scopes=invert=true %s 2>&1 | FileCheck %s --check-prefix=NOKIND

// `invert` alone selects nothing meaningful: rejected when the pipeline is
// parsed.
// NOKIND: util-strip-scopes: 'invert' needs 'kind'

// kind=zone strips the scopes carrying a zone (both forms) and keeps the
// others; invert keeps the zone scopes and strips the others.
// ZONE-LABEL: func.func @select_by_kind
//  ZONE-SAME: (%[[X:.+]]: tensor<4xf32>)
//  ZONE-NEXT:   %[[A:.+]] = arith.negf %[[X]]
//  ZONE-NEXT:   %[[B:.+]] = util.scope (%[[A]] as %[[BA:.+]]: tensor<4xf32>) -> (tensor<4xf32>) {
//  ZONE-NEXT:     arith.mulf %[[BA]], %[[BA]]
//       ZONE:   %[[C:.+]] = arith.addf %[[B]], %[[B]]
//  ZONE-NEXT:   return %[[C]]
// KEEP-LABEL: func.func @select_by_kind
//  KEEP-SAME: (%[[X:.+]]: tensor<4xf32>)
//  KEEP-NEXT:   %[[A:.+]] = util.scope [#util.zone<"a">] (%[[X]] as
//       KEEP:   %[[B:.+]] = arith.mulf %[[A]], %[[A]]
//  KEEP-NEXT:   %[[C:.+]] = util.annotate [#util.zone<"c">] {
//  KEEP-NEXT:     arith.addf %[[B]], %[[B]]
func.func @select_by_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = util.scope [#util.zone<"a">] (%x as %xa: tensor<4xf32>) -> (tensor<4xf32>) {
    %n = arith.negf %xa : tensor<4xf32>
    util.return %n : tensor<4xf32>
  }
  %b = util.scope (%a as %aa: tensor<4xf32>) -> (tensor<4xf32>) {
    %m = arith.mulf %aa, %aa : tensor<4xf32>
    util.return %m : tensor<4xf32>
  }
  %c = util.annotate [#util.zone<"c">] {
    %s = arith.addf %b, %b : tensor<4xf32>
    util.return %s : tensor<4xf32>
  } : tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// A multi-block scope inside a kept scope's single-block body: a scope body
// is a CFG region, so its block is split there rather than wrapped in
// scf.execute_region.
// ZONE-LABEL: func.func @multi_block_in_kept_scope
//  ZONE-NEXT:   util.scope -> (f32) {
//  ZONE-NEXT:     cf.cond_br
//       ZONE:     util.return
//       ZONE:     util.return
// KEEP-LABEL: func.func @multi_block_in_kept_scope
//  KEEP-SAME: (%[[C:.+]]: i1, %[[X:.+]]: f32)
//  KEEP-NEXT:   util.scope [#util.zone<"kept">] -> (f32) {
//  KEEP-NEXT:     cf.cond_br %[[C]], ^[[BB1:.+]], ^[[BB2:.+]]
//  KEEP-NEXT:   ^[[BB1]]:
//  KEEP-NEXT:     cf.br ^[[CONT:.+]](%[[X]] : f32)
//  KEEP-NEXT:   ^[[BB2]]:
//  KEEP-NEXT:     %[[N:.+]] = arith.negf %[[X]]
//  KEEP-NEXT:     cf.br ^[[CONT]](%[[N]] : f32)
//  KEEP-NEXT:   ^[[CONT]](%[[R:.+]]: f32):
//  KEEP-NEXT:     util.return %[[R]] : f32
//   KEEP-NOT:   scf.execute_region
func.func @multi_block_in_kept_scope(%c: i1, %x: f32) -> f32 {
  %r = util.scope [#util.zone<"kept">] -> (f32) {
    %i = util.scope -> (f32) {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      util.return %x : f32
    ^bb2:
      %n = arith.negf %x : f32
      util.return %n : f32
    }
    util.return %i : f32
  }
  return %r : f32
}

// -----

// A scope carrying attributes of several kinds loses only the selected kind
// and stays: stripping zones never drops a device placement. (The device
// attribute stands for any second kind; util itself defines only zones.)
// ZONE-LABEL: func.func @several_kinds
//  ZONE-SAME: (%[[X:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//  ZONE-NEXT:   %[[R:.+]] = util.scope [#hal.device.target<"llvm-cpu">] (%[[X]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (%[[X]]) {
//  ZONE-NEXT:     util.return %[[A]]
//  ZONE-NEXT:   }
//  ZONE-NEXT:   %[[N:.+]] = util.annotate [#hal.device.target<"llvm-cpu">] {
//  ZONE-NEXT:     arith.negf %[[R]]
// KEEP-LABEL: func.func @several_kinds
//       KEEP:   util.scope [#hal.device.target<"llvm-cpu">, #util.zone<"a">]
//       KEEP:   util.annotate [#util.zone<"b">, #hal.device.target<"llvm-cpu">]
func.func @several_kinds(%x: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope [#hal.device.target<"llvm-cpu">, #util.zone<"a">] (%x as %a: tensor<?xf32>{%d}) -> (%x) {
    util.return %a : tensor<?xf32>
  }
  %n = util.annotate [#util.zone<"b">, #hal.device.target<"llvm-cpu">] {
    %v = arith.negf %r : tensor<?xf32>
    util.return %v : tensor<?xf32>
  } : tensor<?xf32>
  return %n : tensor<?xf32>
}

// -----

// With outlined=true, the attributes an outlined scope left on its function
// are stripped by kind as well; ties stay unless every scope attribute goes.
// ZONE-LABEL: func.func private @outlined
//  ZONE-SAME: -> (tensor<4xf32> {util.tied = 0 : i64})
//  ZONE-SAME: attributes {util.scope_attrs = [#hal.device.target<"llvm-cpu">]}
// KEEP-LABEL: func.func private @outlined
//  KEEP-SAME: attributes {util.scope_attrs = [#util.zone<"z">, #hal.device.target<"llvm-cpu">]}
// ZONE-LABEL: func.func private @outlined_zone_only
//   ZONE-NOT: util.scope_attrs
// KEEP-LABEL: func.func private @outlined_zone_only
//  KEEP-SAME: attributes {util.scope_attrs = [#util.zone<"z">]}
// ZONE-LABEL: func.func private @outlined_no_zone
//  ZONE-SAME: attributes {util.scope_attrs = [#hal.device.target<"llvm-cpu">]}
// KEEP-LABEL: func.func private @outlined_no_zone
//   KEEP-NOT: util.scope_attrs
func.func private @outlined(%a: tensor<4xf32>) -> (tensor<4xf32> {util.tied = 0 : i64})
    attributes {util.scope_attrs = [#util.zone<"z">, #hal.device.target<"llvm-cpu">]} {
  return %a : tensor<4xf32>
}
func.func private @outlined_zone_only() attributes {util.scope_attrs = [#util.zone<"z">]} {
  return
}
func.func private @outlined_no_zone() attributes {util.scope_attrs = [#hal.device.target<"llvm-cpu">]} {
  return
}
