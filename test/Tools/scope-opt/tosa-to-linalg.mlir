// RUN: scope-opt --split-input-file --scopeir-tosa-to-linalg %s | FileCheck %s

// TOSA ops inside scopes are converted in place: the annotation (device and
// zone) stays around the linalg ops that replace them, and no TOSA op is
// left.
// CHECK-LABEL: func.func @relu_add
//   CHECK-NOT:   tosa.
//       CHECK:   %[[R:.+]] = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"layer">] {
//       CHECK:     linalg.generic
//       CHECK:       arith.addf
//       CHECK:     linalg.generic
//       CHECK:       arith.maximumf
//       CHECK:     util.return %{{.+}} : tensor<4xf32>
//       CHECK:   } : tensor<4xf32>
//       CHECK:   return %[[R]]
func.func @relu_add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"layer">] {
    %s = tosa.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %c = tosa.clamp %s {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<4xf32>) -> tensor<4xf32>
    util.return %c : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A nested zone inside a device scope, and a shape operand
// (tosa.const_shape) that the conversion leaves dead.
// CHECK-LABEL: func.func @nested
//   CHECK-NOT:   tosa.
//       CHECK:   util.scope [#hal.device.target<"llvm-cpu-loops">]
//       CHECK:     util.annotate [#util.zone<"flatten">] {
//       CHECK:       tensor.collapse_shape
//       CHECK:       util.return
//       CHECK:     } : tensor<8xf32>
//       CHECK:     util.return
func.func @nested(%x: tensor<2x4xf32>) -> tensor<8xf32> {
  %r = util.scope [#hal.device.target<"llvm-cpu-loops">] -> (tensor<8xf32>) {
    %f = util.annotate [#util.zone<"flatten">] {
      %shape = tosa.const_shape {values = dense<[8]> : tensor<1xindex>} : () -> !tosa.shape<1>
      %y = tosa.reshape %x, %shape : (tensor<2x4xf32>, !tosa.shape<1>) -> tensor<8xf32>
      util.return %y : tensor<8xf32>
    } : tensor<8xf32>
    util.return %f : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
