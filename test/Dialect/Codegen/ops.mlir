// RUN: scope-opt --split-input-file %s | FileCheck %s
// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file %s --mlir-print-op-generic | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Custom and generic forms of codegen.scope.tu round-trip.

// CHECK-LABEL: func.func @sequence_tied
// CHECK: codegen.scope.tu (%{{.*}} as %[[X:.*]]: tensor<?x8xf32>{%{{.*}}}, %{{.*}} as %[[Y:.*]]: tensor<8x4xf32>, %[[C:.*]] as %[[Z:.*]]: tensor<?x4xf32>{%{{.*}}}) -> (%[[C]]) strategy = @matmul_4x4(4 : i64, "x") {
// CHECK:   linalg.matmul ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[Z]] : tensor<?x4xf32>)
// CHECK:   codegen.yield %{{.*}} : tensor<?x4xf32>
// GENERIC-LABEL: sym_name = "sequence_tied"
// GENERIC: "codegen.scope.tu"(%arg0, %arg1, %arg2, %arg3, %arg3) <{operandSegmentSizes = array<i32: 3, 2, 0>
// GENERIC-SAME: strategy = @matmul_4x4
// GENERIC-SAME: strategy_args = [4, "x"]
// GENERIC-SAME: tied_operands = array<i64: 2>
func.func @sequence_tied(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>,
                         %c: tensor<?x4xf32>, %m: index) -> tensor<?x4xf32> {
  %r = codegen.scope.tu (%a as %x: tensor<?x8xf32>{%m}, %b as %y: tensor<8x4xf32>,
                         %c as %z: tensor<?x4xf32>{%m}) -> (%c)
      strategy = @matmul_4x4(4 : i64, "x") {
    %0 = linalg.matmul ins(%x, %y : tensor<?x8xf32>, tensor<8x4xf32>)
                       outs(%z : tensor<?x4xf32>) -> tensor<?x4xf32>
    codegen.yield %0 : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @pipeline_untied
// CHECK: codegen.scope.tu [#util.zone<"z">] (%{{.*}} as %[[X:.*]]: tensor<?xf32>{%[[M:.*]]}) -> (tensor<?xf32>{%[[M]]}) pipeline = "canonicalize,cse" {
// CHECK:   codegen.yield %[[X]] : tensor<?xf32>
// CHECK: } attributes {test.keep}
// GENERIC-LABEL: sym_name = "pipeline_untied"
// GENERIC: "codegen.scope.tu"(%arg0, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1>, pipeline = "canonicalize,cse"
// GENERIC-SAME: scope_attrs = [#util.zone<"z">]
func.func @pipeline_untied(%a: tensor<?xf32>, %m: index) -> tensor<?xf32> {
  %r = codegen.scope.tu [#util.zone<"z">] (%a as %x: tensor<?xf32>{%m})
      -> (tensor<?xf32>{%m}) pipeline = "canonicalize,cse" {
    codegen.yield %x : tensor<?xf32>
  } attributes {test.keep}
  return %r : tensor<?xf32>
}

// -----

// No strategy, no captures, no results; a multi-block body.
// CHECK-LABEL: func.func @bare
// CHECK: codegen.scope.tu {
// CHECK:   cf.br ^bb1
// CHECK: ^bb1:
// CHECK:   codegen.yield
// CHECK: }
func.func @bare() {
  codegen.scope.tu {
    cf.br ^bb1
  ^bb1:
    codegen.yield
  }
  return
}

// -----

// The strategy attribute, short and per-kind forms.
// CHECK-LABEL: func.func @strategy_attr
// CHECK: util.scope [#codegen.strategy<@layer>]
// CHECK: util.scope [#codegen.strategy<contraction = @tile(4 : i64, 4 : i64), reduction = "canonicalize", default = "cse">]
func.func @strategy_attr() {
  util.scope [#codegen.strategy<@layer>] {
    util.return
  }
  util.scope [#codegen.strategy<default = "cse", reduction = "canonicalize", contraction = @tile(4, 4)>] {
    util.return
  }
  return
}
