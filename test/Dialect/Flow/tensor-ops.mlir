// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s

// IREE's tensor ops round-trip in IREE's syntax.
// CHECK-LABEL: func.func @roundtrip
//       CHECK:   flow.tensor.dynamic_constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32> -> tensor<?x2xi32>
//       CHECK:   flow.tensor.tie_shape %{{.+}} : tensor<?x?xi32>{%{{.+}}, %{{.+}}}
//       CHECK:   flow.tensor.tie_shape %{{.+}} : tensor<4xi32>{{$}}
//       CHECK:   flow.tensor.bitcast %{{.+}} : tensor<?x?xi32>{%{{.+}}, %{{.+}}} -> tensor<?x?xf32>{%{{.+}}, %{{.+}}}
//       CHECK:   flow.tensor.bitcast %{{.+}} : tensor<4xi32> -> tensor<4xf32> attributes {note = "x"}
func.func @roundtrip(%x: tensor<?x?xi32>, %y: tensor<4xi32>, %h: index, %w: index)
    -> (tensor<?x2xi32>, tensor<?x?xf32>, tensor<4xi32>, tensor<4xf32>) {
  %c = flow.tensor.dynamic_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32> -> tensor<?x2xi32>
  %t = flow.tensor.tie_shape %x : tensor<?x?xi32>{%h, %w}
  %s = flow.tensor.tie_shape %y : tensor<4xi32>
  %b = flow.tensor.bitcast %t : tensor<?x?xi32>{%h, %w} -> tensor<?x?xf32>{%h, %w}
  %f = flow.tensor.bitcast %s : tensor<4xi32> -> tensor<4xf32> attributes {note = "x"}
  return %c, %b, %s, %f : tensor<?x2xi32>, tensor<?x?xf32>, tensor<4xi32>, tensor<4xf32>
}
