// RUN: scope-opt --split-input-file --hal-lower-dispatch-externs %s | FileCheck %s
// RUN: scope-opt --split-input-file --hal-lower-dispatch-externs=fallback=mlp_layer_f32,scale_f32 %s | FileCheck %s --check-prefix=FALLBACK
// RUN: scope-opt --split-input-file --hal-lower-dispatch-externs=check %s | FileCheck %s --check-prefix=CHECK-K

// A kernel call: read-only buffers of any strides in (the buffers the
// tensors have), a fresh dense buffer of the result's dims out, each of its
// parameter's type (dynamic dims: the C function takes any sizes; an
// argument cast on tensors so that bufferization's buffer is the
// parameter), the status checked, the buffer back as the result tensor. The
// declaration takes the C interface.
// CHECK-LABEL: func.func private @scopeir_kernel_mlp_layer_f32(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32>) -> i32 attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @layer
//  CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[W:.+]]: tensor<4x8xf32>, %[[N:.+]]: index)
//       CHECK: %[[DX:.+]] = tensor.cast %[[X]] : tensor<?x4xf32> to tensor<?x?xf32>
//       CHECK: %[[BX:.+]] = bufferization.to_buffer %[[DX]] read_only : tensor<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
//       CHECK: %[[DW:.+]] = tensor.cast %[[W]] : tensor<4x8xf32> to tensor<?x?xf32>
//       CHECK: %[[BW:.+]] = bufferization.to_buffer %[[DW]] read_only : tensor<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
//       CHECK: %[[OUT:.+]] = memref.alloc(%[[N]]) : memref<?x8xf32>
//       CHECK: %[[COUT:.+]] = memref.cast %[[OUT]] : memref<?x8xf32> to memref<?x?xf32>
//       CHECK: %[[S:.+]] = call @scopeir_kernel_mlp_layer_f32(%[[BX]], %[[BW]], %[[COUT]])
//       CHECK: %[[FAILED:.+]] = arith.cmpi ne, %[[S]], %{{.+}} : i32
//       CHECK: scf.if %[[FAILED]] {
//       CHECK:   call @scopeir_kernel_failed(%{{.+}}, %[[S]]) : (i64, i32) -> ()
//       CHECK: %[[R:.+]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<?x8xf32> to tensor<?x8xf32>
//       CHECK: return %[[R]]
// FALLBACK-LABEL: func.func @layer
//  FALLBACK-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[W:.+]]: tensor<4x8xf32>, %[[N:.+]]: index)
//       FALLBACK: %[[R:.+]] = call @decomposition(%[[X]], %[[W]], %[[N]]) : (tensor<?x4xf32>, tensor<4x8xf32>, index) -> tensor<?x8xf32>
//  FALLBACK-NEXT: return %[[R]]
// The check: the decomposition on the same inputs, then a comparison per
// result through unranked descriptors; the kernel's result is used.
// CHECK-K: func.func private @scopeir_check_kernel_output_f32(i64, i64, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-K: memref.global "private" constant @__scopeir_kernel_name_mlp_layer_f32 : memref<14xi8>
// CHECK-K-LABEL: func.func @layer
//       CHECK-K: %[[OUT:.+]] = memref.alloc
//       CHECK-K: call @scopeir_kernel_mlp_layer_f32
//       CHECK-K: %[[R:.+]] = bufferization.to_tensor %[[OUT]]
//       CHECK-K: %[[REF:.+]] = call @decomposition(
//       CHECK-K: %[[NAME:.+]] = memref.get_global @__scopeir_kernel_name_mlp_layer_f32
//       CHECK-K: %[[K:.+]] = memref.cast %[[OUT]] : memref<?x8xf32> to memref<*xf32>
//       CHECK-K: %[[BREF:.+]] = bufferization.to_buffer %[[REF]] read_only
//       CHECK-K: %[[RR:.+]] = memref.cast %[[BREF]] : memref<?x8xf32> to memref<*xf32>
//       CHECK-K: call @scopeir_check_kernel_output_f32(%{{.+}}, %{{.+}}, %[[K]], %[[RR]])
//       CHECK-K: return %[[R]]
func.func private @decomposition(tensor<?x4xf32>, tensor<4x8xf32>, index) -> tensor<?x8xf32>
func.func @layer(%x: tensor<?x4xf32>, %w: tensor<4x8xf32>, %n: index) -> tensor<?x8xf32> {
  %r = hal.dispatch.extern "mlp_layer_f32"(%x, %w) : (tensor<?x4xf32>{%n}, tensor<4x8xf32>) -> (tensor<?x8xf32>{%n})
      decomposition @decomposition(%n : index)
  return %r : tensor<?x8xf32>
}

// -----

// Without a status the kernel returns nothing; a scalar passes by value; a
// tied result is a copy of its argument's buffer, passed in the argument's
// place (with the argument's parameter type), which the kernel updates.
// Two calls of one kernel share its declaration.
// CHECK-LABEL: func.func private @scopeir_kernel_scale_f32(memref<?xf32, strided<[?], offset: ?>>, f32) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @tied
//       CHECK: %[[BT:.+]] = bufferization.to_buffer %{{.+}} read_only
//       CHECK: %[[OUT:.+]] = memref.alloc() : memref<8xf32>
//       CHECK: memref.copy %[[BT]], %[[OUT]]
//       CHECK: %[[COUT:.+]] = memref.cast %[[OUT]] : memref<8xf32> to memref<?xf32, strided<[?], offset: ?>>
//       CHECK: call @scopeir_kernel_scale_f32(%[[COUT]], %{{.+}}) : (memref<?xf32, strided<[?], offset: ?>>, f32) -> ()
//   CHECK-NOT: scopeir_kernel_failed
//       CHECK: bufferization.to_tensor %[[OUT]]
//       CHECK: call @scopeir_kernel_scale_f32
// FALLBACK-LABEL: func.func @tied
//       FALLBACK: call @scale(
//       FALLBACK: call @scale(
func.func private @scale(tensor<8xf32>, f32) -> tensor<8xf32>
func.func @tied(%t: tensor<8xf32>, %s: f32) -> tensor<8xf32> {
  %r = hal.dispatch.extern "scale_f32"(%t, %s) : (tensor<8xf32>, f32) -> (%t)
      decomposition @scale attributes {abi = {status = false}}
  %r2 = hal.dispatch.extern "scale_f32"(%r, %s) : (tensor<8xf32>, f32) -> (%r)
      decomposition @scale attributes {abi = {status = false}}
  return %r2 : tensor<8xf32>
}

// -----

// A kernel that requires contiguous buffers (`contiguous`) reads dense
// buffers: bufferization copies a strided one. Calls on two shapes of one
// rank call one declaration.
// CHECK-LABEL: func.func private @scopeir_kernel_dense_f32(memref<?xf32>, memref<?xf32>) -> i32 attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @contiguous
//       CHECK: %[[C4:.+]] = tensor.cast %{{.+}} : tensor<4xf32> to tensor<?xf32>
//       CHECK: %[[B4:.+]] = bufferization.to_buffer %[[C4]] read_only : tensor<?xf32> to memref<?xf32>
//       CHECK: call @scopeir_kernel_dense_f32(%[[B4]],
//       CHECK: %[[C8:.+]] = tensor.cast %{{.+}} : tensor<8xf32> to tensor<?xf32>
//       CHECK: %[[B8:.+]] = bufferization.to_buffer %[[C8]] read_only : tensor<?xf32> to memref<?xf32>
//       CHECK: call @scopeir_kernel_dense_f32(%[[B8]],
func.func private @d4(tensor<4xf32>) -> tensor<4xf32>
func.func private @d8(tensor<8xf32>) -> tensor<8xf32>
func.func @contiguous(%a: tensor<4xf32>, %b: tensor<8xf32>) -> (tensor<4xf32>, tensor<8xf32>) {
  %r = hal.dispatch.extern "dense_f32"(%a) : (tensor<4xf32>) -> (tensor<4xf32>)
      decomposition @d4 attributes {abi = {contiguous = true}}
  %s = hal.dispatch.extern "dense_f32"(%b) : (tensor<8xf32>) -> (tensor<8xf32>)
      decomposition @d8 attributes {abi = {contiguous = true}}
  return %r, %s : tensor<4xf32>, tensor<8xf32>
}
