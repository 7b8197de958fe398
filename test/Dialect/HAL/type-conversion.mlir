// RUN: scope-opt --split-input-file --test-util-scope-type-conversion %s | FileCheck %s
// RUN: scope-opt --split-input-file --test-util-scope-type-conversion %s | scope-opt --split-input-file --verify-each | FileCheck %s

// hal.device.scope converts like util.annotate, through ScopeOpInterface
// alone: a 1:N converted result becomes two results, the device stays, and
// the body's returns and block arguments are converted.
// CHECK-LABEL: func.func @device_scope_one_to_n
//  CHECK-SAME: (%[[RE:.+]]: f32, %[[IM:.+]]: f32)
//       CHECK: %[[R:.+]]:2 = hal.device.scope <#hal.device.target<"llvm-cpu">> {
//       CHECK:   %[[S0:.+]] = arith.addf %[[RE]], %[[RE]] : f32
//       CHECK:   %[[S1:.+]] = arith.addf %[[IM]], %[[IM]] : f32
//       CHECK:   util.return %[[S0]], %[[S1]] : f32, f32
//       CHECK: } : f32, f32
//       CHECK: return %[[R]]#0, %[[R]]#1 : f32, f32
func.func @device_scope_one_to_n(%c: complex<f32>) -> complex<f32> {
  %r = hal.device.scope <#hal.device.target<"llvm-cpu">> {
    %s = complex.add %c, %c : complex<f32>
    util.return %s : complex<f32>
  } : complex<f32>
  return %r : complex<f32>
}

// -----

// A 1:1 conversion of a tensor result inside a multi-block device scope,
// nested in a util.scope whose capture converts too.
// CHECK-LABEL: func.func @nested_multi_block
//  CHECK-SAME: (%[[P:.+]]: i1, %[[M:.+]]: tensor<4xi8>)
//       CHECK: util.scope (%[[M]] as %[[A:.+]]: tensor<4xi8>) -> (tensor<4xi8>) {
//       CHECK:   %[[D:.+]] = hal.device.scope <#hal.device.target<"llvm-cpu-loops">> {
//       CHECK:     cf.cond_br %[[P]], ^bb1(%[[A]] : tensor<4xi8>), ^bb1(%[[A]] : tensor<4xi8>)
//       CHECK:   ^bb1(%[[X:.+]]: tensor<4xi8>):
//       CHECK:     util.return %[[X]] : tensor<4xi8>
//       CHECK:   } : tensor<4xi8>
//       CHECK:   util.return %[[D]] : tensor<4xi8>
func.func @nested_multi_block(%p: i1, %m: tensor<4xi1>) -> tensor<4xi1> {
  %r = util.scope (%m as %a: tensor<4xi1>) -> (tensor<4xi1>) {
    %d = hal.device.scope <#hal.device.target<"llvm-cpu-loops">> {
      cf.cond_br %p, ^bb1(%a : tensor<4xi1>), ^bb1(%a : tensor<4xi1>)
    ^bb1(%x: tensor<4xi1>):
      util.return %x : tensor<4xi1>
    } : tensor<4xi1>
    util.return %d : tensor<4xi1>
  }
  return %r : tensor<4xi1>
}
