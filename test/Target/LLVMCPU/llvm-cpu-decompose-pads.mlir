// RUN: scope-opt --split-input-file --llvm-cpu-decompose-pads %s | FileCheck %s

// A static pad with a constant value: a fill of the padded shape and a copy
// of the source into its interior, in place through an extract/insert pair.
// CHECK-LABEL: func.func @pad_static
//  CHECK-SAME:     (%[[S:.+]]: tensor<1x4x5x6xf32>)
//   CHECK-DAG:   %[[V:.+]] = arith.constant 0xFF800000 : f32
//       CHECK:   %[[E:.+]] = tensor.empty() : tensor<1x4x7x8xf32>
//       CHECK:   %[[F:.+]] = linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<1x4x7x8xf32>)
//       CHECK:   %[[D:.+]] = tensor.extract_slice %[[F]][0, 0, 1, 1] [1, 4, 5, 6] [1, 1, 1, 1]
//       CHECK:   %[[C:.+]] = linalg.copy ins(%[[S]] : tensor<1x4x5x6xf32>) outs(%[[D]] : tensor<1x4x5x6xf32>)
//       CHECK:   %[[R:.+]] = tensor.insert_slice %[[C]] into %[[F]][0, 0, 1, 1] [1, 4, 5, 6] [1, 1, 1, 1]
//       CHECK:   return %[[R]]
//   CHECK-NOT:   tensor.pad
func.func @pad_static(%s: tensor<1x4x5x6xf32>) -> tensor<1x4x7x8xf32> {
  %v = arith.constant 0xFF800000 : f32
  %p = tensor.pad %s low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %v : f32
  } : tensor<1x4x5x6xf32> to tensor<1x4x7x8xf32>
  return %p : tensor<1x4x7x8xf32>
}

// -----

// Dynamic source sizes and a dynamic low pad: the padded sizes are computed
// from them, the interior is at the dynamic offset.
// CHECK-LABEL: func.func @pad_dynamic
//  CHECK-SAME:     (%[[S:.+]]: tensor<?x?xi32>, %[[L:.+]]: index, %[[V:.+]]: i32)
//       CHECK:   %[[E:.+]] = tensor.empty(%{{.+}}, %{{.+}}) : tensor<?x?xi32>
//       CHECK:   %[[F:.+]] = linalg.fill ins(%[[V]] : i32) outs(%[[E]] : tensor<?x?xi32>)
//       CHECK:   %[[D:.+]] = tensor.extract_slice %[[F]][%[[L]], 2] [%{{.+}}, %{{.+}}] [1, 1]
//       CHECK:   %[[C:.+]] = linalg.copy ins(%[[S]] : tensor<?x?xi32>) outs(%[[D]] : tensor<?x?xi32>)
//       CHECK:   tensor.insert_slice %[[C]] into %[[F]][%[[L]], 2] [%{{.+}}, %{{.+}}] [1, 1]
//   CHECK-NOT:   tensor.pad
func.func @pad_dynamic(%s: tensor<?x?xi32>, %l: index, %v: i32) -> tensor<?x?xi32> {
  %p = tensor.pad %s low[%l, 2] high[1, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : i32
  } : tensor<?x?xi32> to tensor<?x?xi32>
  return %p : tensor<?x?xi32>
}

// -----

// A dynamic source padded into a static result: the fill has the result's
// static shape, the interior the source's dynamic size.
// CHECK-LABEL: func.func @pad_to_static
//  CHECK-SAME:     (%[[S:.+]]: tensor<?x4xf32>)
//       CHECK:   %[[E:.+]] = tensor.empty() : tensor<4x6xf32>
//       CHECK:   %[[N:.+]] = tensor.dim %[[S]], %{{.+}} : tensor<?x4xf32>
//       CHECK:   tensor.extract_slice %{{.+}}[0, 1] [%[[N]], 4] [1, 1] : tensor<4x6xf32> to tensor<?x4xf32>
//       CHECK:   %[[R:.+]] = tensor.insert_slice %{{.+}}[0, 1] [%[[N]], 4] [1, 1] : tensor<?x4xf32> into tensor<4x6xf32>
//       CHECK:   return %[[R]]
func.func @pad_to_static(%s: tensor<?x4xf32>) -> tensor<4x6xf32> {
  %v = arith.constant 1.0 : f32
  %p = tensor.pad %s low[0, 1] high[1, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : f32
  } : tensor<?x4xf32> to tensor<4x6xf32>
  return %p : tensor<4x6xf32>
}

// -----

// A pad by a constant SSA value has a dynamic result type but a static
// reified size: the padded tensor is cast back to the pad's type (found by
// the differential, seed 22: the function returned tensor<7xf32>).
// CHECK-LABEL: func.func @pad_constant_ssa_low
//       CHECK:   %[[E:.+]] = tensor.empty() : tensor<7xf32>
//       CHECK:   %[[I:.+]] = tensor.insert_slice %{{.+}} into %{{.+}}[0] [6] [1] : tensor<6xf32> into tensor<7xf32>
//       CHECK:   %[[R:.+]] = tensor.cast %[[I]] : tensor<7xf32> to tensor<?xf32>
//       CHECK:   return %[[R]]
func.func @pad_constant_ssa_low(%s: tensor<6xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %v = arith.constant 0.0 : f32
  %p = tensor.pad %s low[%c0] high[1] {
  ^bb0(%a: index):
    tensor.yield %v : f32
  } : tensor<6xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}

// -----

// A padding value computed from the indices is not uniform: the pad stays.
// CHECK-LABEL: func.func @pad_index_dependent
//       CHECK:   tensor.pad
//   CHECK-NOT:   linalg.copy
func.func @pad_index_dependent(%s: tensor<4xindex>) -> tensor<6xindex> {
  %p = tensor.pad %s low[1] high[1] {
  ^bb0(%a: index):
    tensor.yield %a : index
  } : tensor<4xindex> to tensor<6xindex>
  return %p : tensor<6xindex>
}

// -----

// A low pad of 5 rows onto a result of 4: a dynamic source cannot have a
// size that fits (it would need -2 rows), so the interior slice would start
// out of bounds. The pad stays (the pass used to leave an extract_slice at
// offset 5 of 4 rows: IR the verifier rejects).
// CHECK-LABEL: func.func @pad_low_past_result
//       CHECK:   tensor.pad %{{.+}} low[5, 1] high[1, 1]
//   CHECK-NOT:   tensor.extract_slice
func.func @pad_low_past_result(%s: tensor<?x4xf32>) -> tensor<4x6xf32> {
  %v = arith.constant 1.0 : f32
  %p = tensor.pad %s low[5, 1] high[1, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : f32
  } : tensor<?x4xf32> to tensor<4x6xf32>
  return %p : tensor<4x6xf32>
}
