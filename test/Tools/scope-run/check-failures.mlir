// scope-run runs one test of a check-style module like any function: the
// failed expectations report themselves, and scope-run exits 1 naming how
// many failed; a passing function exits 0.
// RUN: not scope-run %s --function=fails 2>&1 | FileCheck %s
// RUN: scope-run %s --function=passes 2>&1 | FileCheck %s --check-prefix=PASSES --allow-empty
// CHECK: check-failures.mlir:[[@LINE+8]]:3: error: check.expect_eq_const failed: 1 of 2 elements differ (shape [2])
// CHECK-NEXT:   at [1]: lhs 2, rhs 3
// CHECK-NEXT: check-failures.mlir:[[@LINE+8]]:3: error: check.expect_false failed: expected 1 to be zero
// CHECK-NEXT: scope-run: 2 checks failed in @fails
// PASSES-NOT: {{.}}

func.func @fails() {
  %a = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const(%a, dense<[1, 3]> : tensor<2xi32>) : tensor<2xi32>
  %t = util.unfoldable_constant 1 : i32
  check.expect_false(%t) : i32
  return
}

func.func @passes() {
  %a = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const(%a, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}
