// Each test runs in a process of its own: a test that traps, crashes,
// hangs or does not compile is one failed test, reported with its name and
// why, and the next test still runs. The exit status is 1 unless every test
// passed.
// RUN: not scope-check %s --timeout=2 > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// OUT:      PASS before
// OUT-NEXT: FAIL traps
// OUT-NEXT: FAIL reads_null
// OUT-NEXT: FAIL does_not_compile
// OUT-NEXT: FAIL hangs
// OUT-NEXT: PASS after
// OUT-NEXT: 2 passed, 4 failed

// ERR: scope-check: @traps: crashed: Aborted (signal 6)
// ERR: scope-check: @reads_null: crashed: Segmentation fault (signal 11)
// A test that does not compile: its diagnostics, located, naming the type.
// ERR: isolation.mlir:[[@LINE+27]]:8: error: element type 'i4' is not supported
// ERR: scope-check: @does_not_compile: compilation failed
// ERR: scope-check: @hangs: timed out after 2 s

func.func @before() {
  %a = util.unfoldable_constant 1 : i32
  check.expect_true(%a) : i32
  return
}

func.func @traps() {
  %a = util.unfoldable_constant 0 : i32
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi ne, %a, %c0 : i32
  cf.assert %ok, "a failed assertion aborts the process"
  return
}

func.func @reads_null() {
  %p = llvm.mlir.zero : !llvm.ptr
  %q = util.optimization_barrier %p : !llvm.ptr
  %v = llvm.load %q : !llvm.ptr -> i32
  check.expect_true(%v) : i32
  return
}

func.func @does_not_compile() {
  %a = util.unfoldable_constant dense<[1, 2]> : tensor<2xi4>
  return
}

func.func @hangs() {
  %go = util.unfoldable_constant true
  %one = arith.constant 1 : i32
  scf.while : () -> () {
    scf.condition(%go)
  } do {
    // A side effect, so that the loop is not erased.
    check.expect_true(%one) : i32
    scf.yield
  }
  return
}

func.func @after() {
  %a = util.unfoldable_constant dense<[1, 2]> : tensor<2xi64>
  check.expect_eq_const(%a, dense<[1, 2]> : tensor<2xi64>) : tensor<2xi64>
  return
}
