// The mlp-layer op family and the extern scope kind: relu(x * w + bias), the
// layer of the example kernel mlp_layer_f32, on operands that are strided
// views (slices with offsets and steps, transposed views, slices at a
// dynamic offset, a column of a matrix as the bias), wrapped in an extern
// scope of mlp_layer_f32 whose captures are those views, with or without
// the contiguous ABI option. Both are opt-in: `all` leaves them out.

// Seed 22: x a slice with steps in both dims, w a transposed view of a
// slice with a step, the bias a column with a step; the kernel takes them
// as they are (no `contiguous`).
// RUN: scope-gen --seed=22 --ops=mlp-layer,dynamic --scopes=extern --min-ops=1 --max-ops=2 \
// RUN:   | FileCheck %s --check-prefix=STRIDED
// STRIDED:      %[[X:.+]] = tensor.extract_slice %{{.+}}[0, 1] [4, 3] [2, 2] : tensor<8x7xf32> to tensor<4x3xf32>
// STRIDED:      %[[S:.+]] = tensor.extract_slice %{{.+}}[0, 1] [3, 3] [2, 1] : tensor<5x4xf32> to tensor<3x3xf32>
// STRIDED:      %[[B:.+]] = bufferization.to_buffer %[[S]] read_only : tensor<3x3xf32> to memref<3x3xf32, strided<[?, ?], offset: ?>>
// STRIDED:      %[[T:.+]] = memref.transpose %[[B]] (d0, d1) -> (d1, d0)
// STRIDED:      %[[W:.+]] = bufferization.to_tensor %[[T]] restrict
// STRIDED:      %[[BIAS:.+]] = tensor.extract_slice %{{.+}}[0, 2] [3, 1] [2, 1] : tensor<5x3xf32> to tensor<3xf32>
// STRIDED:      util.scope [#hal.extern<"mlp_layer_f32">] (%[[X]] as %[[A0:.+]]: tensor<4x3xf32>, %[[W]] as %[[A1:.+]]: tensor<3x3xf32>, %[[BIAS]] as %[[A2:.+]]: tensor<3xf32>) -> (tensor<4x3xf32>) {
// STRIDED:        linalg.fill
// STRIDED:        linalg.matmul ins(%[[A0]], %[[A1]] : tensor<4x3xf32>, tensor<3x3xf32>)
// STRIDED:        linalg.generic {{.+}} ins(%{{.+}}, %[[A2]] : tensor<4x3xf32>, tensor<3xf32>)
// STRIDED:          arith.addf
// STRIDED:          arith.maximumf
// STRIDED:        util.return

// Seed 11: x a slice at a row offset computed from an argument's dim, w a
// transposed view, the bias a column; the kernel asks for contiguous
// buffers.
// RUN: scope-gen --seed=11 --ops=mlp-layer,dynamic --scopes=extern --min-ops=1 --max-ops=2 \
// RUN:   | FileCheck %s --check-prefix=CONTIGUOUS
// CONTIGUOUS:      %[[DIM:.+]] = tensor.dim %arg2, %c0 : tensor<?x6xf32>
// CONTIGUOUS:      %[[OFF:.+]] = arith.addi %[[DIM]], %{{.+}} : index
// CONTIGUOUS:      %[[X:.+]] = tensor.extract_slice %{{.+}}[%[[OFF]], 0] [8, 6] [1, 1] : tensor<10x6xf32> to tensor<8x6xf32>
// CONTIGUOUS:      memref.transpose
// CONTIGUOUS:      %[[W:.+]] = bufferization.to_tensor %{{.+}} restrict
// CONTIGUOUS:      %[[BIAS:.+]] = tensor.extract_slice %{{.+}}[0, 0] [3, 1] [1, 1] : tensor<3x1xf32> to tensor<3xf32>
// CONTIGUOUS:      util.scope [#hal.extern<"mlp_layer_f32", {contiguous = true}>] (%[[X]] as %{{.+}}: tensor<8x6xf32>, %[[W]] as %{{.+}}: tensor<6x3xf32>, %[[BIAS]] as %{{.+}}: tensor<3xf32>) -> (tensor<8x3xf32>)

// The description asks the differential to run the kernel and says how far
// its results may be from the decomposition's (here: not at all).
// RUN: scope-gen --seed=22 --ops=mlp-layer,dynamic --scopes=extern --min-ops=1 --max-ops=2 -o /dev/null --meta=%t.json
// RUN: FileCheck %s --check-prefix=META < %t.json
// META:      "mlp-layer": 1,
// META:      "mlp-layer:transposed": 1
// META:      "extern": 1,
// META-NEXT: "extern:strided": 1
// META:      "kernels": true,
// META-NEXT: "kernel_err": 0

// Without scopes the layer and its views are the same, with no extern
// scope; without the family there is no layer.
// RUN: scope-gen --seed=22 --ops=mlp-layer,dynamic --scopes=extern --min-ops=1 --max-ops=2 -o /dev/null \
// RUN:   --without-scopes=%t.plain.mlir
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not=util. < %t.plain.mlir
// PLAIN: tensor.extract_slice %{{.+}}[0, 1] [4, 3] [2, 2]
// PLAIN: memref.transpose
// PLAIN: linalg.matmul
// RUN: scope-gen --seed=22 --scopes=all,extern | FileCheck %s --check-prefix=NONE
// NONE-LABEL: func.func @main(
// NONE-NOT: hal.extern
// NONE-NOT: memref.transpose

// A layer's bias and ReLU may go into an isolated tu scope of its own
// (seed 1331, every opt-in shape): the generic's body defines the 0 it
// compares with instead of using one from above, so the module verifies.
// RUN: scope-gen --seed=1331 --ops=all,tensor-elementwise,mlp-layer \
// RUN:   --scopes=all,codegen-tu,workgroups,extern | FileCheck %s --check-prefix=TU
// TU:      codegen.scope.tu ({{.+}}) -> ({{.+}}) pipeline = "canonicalize" {
// TU-NEXT:   linalg.generic
// TU-NEXT:   ^bb0(
// TU-NEXT:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// TU-NEXT:     %[[SUM:.+]] = arith.addf
// TU-NEXT:     arith.maximumf %[[SUM]], %[[ZERO]] : f32
