// Which functions are tests (public, with a body, without arguments) and
// selecting them.
// RUN: scope-check %s --list-tests | FileCheck %s --check-prefix=LIST
// RUN: scope-check %s | FileCheck %s --check-prefix=ALL
// RUN: scope-check %s --function=second | FileCheck %s --check-prefix=ONE
// RUN: not scope-check %s --function=helper 2>&1 | FileCheck %s --check-prefix=NOT-A-TEST
// RUN: not scope-check %S/Inputs/no-tests.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not scope-check %t.missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: cat %s | scope-check - --function=first | FileCheck %s --check-prefix=STDIN

// LIST:      first
// LIST-NEXT: second
// LIST-NOT:  {{.}}

// ALL:      PASS first
// ALL-NEXT: PASS second
// ALL-NEXT: 2 passed, 0 failed

// ONE:      PASS second
// ONE-NEXT: 1 passed, 0 failed

// NOT-A-TEST: scope-check: no test '@helper' (a public function with a body and no arguments) in {{.*}}select.mlir

// NONE: scope-check: no test (a public function with a body and no arguments) in {{.*}}no-tests.mlir

// MISSING: scope-check: cannot open input file '{{.*}}.missing.mlir'

// STDIN:      PASS first
// STDIN-NEXT: 1 passed, 0 failed

func.func @first() {
  %a = util.unfoldable_constant 2 : i32
  %r = func.call @helper(%a) : (i32) -> i32
  check.expect_true(%r) : i32
  return
}

// Called by a test, not one itself.
func.func private @helper(%x: i32) -> i32 {
  %s = arith.subi %x, %x : i32
  %n = arith.cmpi eq, %s, %s : i32
  %r = arith.extui %n : i1 to i32
  return %r : i32
}

func.func @with_argument(%x: i32) {
  return
}

func.func @second() {
  %a = util.unfoldable_constant dense<[1, 2]> : tensor<2xi16>
  check.expect_eq(%a, %a) : tensor<2xi16>
  return
}

// A declaration is not a test either.
func.func private @declared()
