// RUN: scope-opt --flow-form-dispatch-regions --flow-outline-dispatch-regions --codegen-form-tu-scopes %s | FileCheck %s
// RUN: scope-opt --flow-form-dispatch-regions --flow-outline-dispatch-regions --flow-link-executables --codegen-form-tu-scopes %s | FileCheck %s --check-prefix=LINKED

// The whole path of a user's #codegen.strategy: put on a layer of a model,
// it survives dispatch region formation (scope_attrs) and outlining (the
// executable function's util.scope_attrs, so equal bodies with different
// strategies are not deduplicated), and selects the strategy of the tu scope
// formed around the root in the executable. The innermost strategy wins.

// CHECK-LABEL: func.func @layers
// CHECK: flow.dispatch @llvm_cpu_executables::@[[D0:layers_dispatch_0]](
// CHECK: flow.dispatch @llvm_cpu_executables::@[[D1:layers_dispatch_1]](
// CHECK: flow.dispatch @llvm_cpu_executables::@[[D2:layers_dispatch_2]](
// CHECK: module @llvm_cpu_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"llvm-cpu">]}
// CHECK:   func.func @[[D0]](
// CHECK-NOT: attributes
// CHECK:     codegen.scope.tu ({{.*}}) -> ({{.*}}) {
// CHECK:       linalg.matmul
// CHECK:   func.func @[[D1]]({{.*}}) -> tensor<4x4xf32> attributes {util.scope_attrs = [#codegen.strategy<contraction = @outer_mm, default = "cse">]}
// CHECK:     codegen.scope.tu ({{.*}}) -> ({{.*}}) strategy = @outer_mm {
// CHECK:       linalg.matmul
// CHECK:   func.func @[[D2]]({{.*}}) -> tensor<4x4xf32> attributes {util.scope_attrs = [#codegen.strategy<contraction = @inner_mm(8 : i64)>]}
// CHECK:     codegen.scope.tu ({{.*}}) -> ({{.*}}) strategy = @inner_mm(8 : i64) {
// CHECK:       linalg.matmul

// Linked into the host module, the function keeps its strategy before the
// module's placement (inner first).
// LINKED: func.func private @llvm_cpu_executables_layers_dispatch_2({{.*}}) -> tensor<4x4xf32> attributes {util.scope_attrs = [#codegen.strategy<contraction = @inner_mm(8 : i64)>, #hal.device.target<"llvm-cpu">]}
// LINKED:   codegen.scope.tu ({{.*}}) -> ({{.*}}) strategy = @inner_mm(8 : i64) {
func.func @layers(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %r:3 = util.annotate [#hal.device.target<"llvm-cpu">] {
    %m0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m12:2 = util.annotate [#codegen.strategy<contraction = @outer_mm, default = "cse">] {
      %m1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      %m2 = util.annotate [#codegen.strategy<contraction = @inner_mm(8 : i64)>] {
        %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
        util.return %m : tensor<4x4xf32>
      } : tensor<4x4xf32>
      util.return %m1, %m2 : tensor<4x4xf32>, tensor<4x4xf32>
    } : tensor<4x4xf32>, tensor<4x4xf32>
    util.return %m0, %m12#0, %m12#1 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  } : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  return %r#0, %r#1, %r#2 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}
