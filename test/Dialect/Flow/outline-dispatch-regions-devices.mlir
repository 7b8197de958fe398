// RUN: scope-opt --split-input-file --flow-form-dispatch-regions --flow-outline-dispatch-regions %s | FileCheck %s

// Two identical dispatches on one device share one executable function; the
// same computation on a second device gets its own module and function.
// Each module carries its device, so placement lookups find it.
// CHECK-LABEL: func.func @dedup_per_device
//       CHECK: flow.dispatch @llvm_cpu_executables::@[[F:dedup_per_device_dispatch_0]](
//       CHECK: flow.dispatch @llvm_cpu_executables::@[[F]](
//       CHECK: flow.dispatch @llvm_cpu_loops_executables::@[[G:dedup_per_device_dispatch_[0-9]+]](
//       CHECK: module @llvm_cpu_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"llvm-cpu">]} {
//       CHECK:   func.func @[[F]](
//   CHECK-NOT:   func.func
//       CHECK: module @llvm_cpu_loops_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"llvm-cpu-loops">]} {
//       CHECK:   func.func @[[G]](
//   CHECK-NOT:   func.func
func.func @dedup_per_device(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<8x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %cst = arith.constant 0.0 : f32
  %r:2 = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m2 = linalg.matmul ins(%a, %c : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %m1, %m2 : tensor<4x4xf32>, tensor<4x4xf32>
  } : tensor<4x4xf32>, tensor<4x4xf32>
  %s = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %m : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r#0, %r#1, %s : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// Executable modules are named after the device's display name (its
// backend): two devices of one backend with different configurations get
// two modules, the second renamed by the symbol table.
// CHECK-LABEL: func.func @same_backend_two_configs
//       CHECK: flow.dispatch @llvm_cpu_executables::@same_backend_two_configs_dispatch_0(
//       CHECK: flow.dispatch @[[SECOND:llvm_cpu_executables_[0-9]+]]::@same_backend_two_configs_dispatch_1(
//       CHECK: module @llvm_cpu_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"llvm-cpu", {tile = 4 : i64}>]}
//       CHECK: module @[[SECOND]] attributes {flow.executables, util.scope_attrs = [#hal.device.target<"llvm-cpu", {tile = 8 : i64}>]}
func.func @same_backend_two_configs(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %r = util.annotate [#hal.device.target<"llvm-cpu", {tile = 4}>] {
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %m : tensor<4x4xf32>
  } : tensor<4x4xf32>
  %s = util.annotate [#hal.device.target<"llvm-cpu", {tile = 8}>] {
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %m : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r, %s : tensor<4x4xf32>, tensor<4x4xf32>
}
