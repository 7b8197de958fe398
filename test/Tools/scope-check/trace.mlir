// --trace traces every test's compile and run into one file: each test a
// process named after it, with its passes, zones and dispatches. A test
// that crashes leaves no trace of its own; the others are written.
// --print-zones prints each test's zone summary.
// RUN: rm -f %t.json
// RUN: not scope-check %s --trace=%t.json > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %python %S/Inputs/check-merged-trace.py %t.json | FileCheck %s
// RUN: not scope-check %s --print-zones 2>&1 | FileCheck %s --check-prefix=ZONES
// RUN: not scope-check %s --trace=%t.missing-dir/t.json 2>&1 | FileCheck %s --check-prefix=BADPATH

// OUT:      PASS zoned
// OUT-NEXT: FAIL crashes
// OUT-NEXT: PASS plain

// CHECK:      zoned: passes yes, zones 2, dispatches 1
// CHECK-NEXT: plain: passes yes, zones 0, dispatches 1
// CHECK-NOT:  crashes

// ZONES: ffn

// A trace that cannot be written is reported before any test runs.
// BADPATH: scope-check: --trace={{.*}}t.json: {{.*}}
// BADPATH-NOT: PASS

func.func @zoned() {
  %a = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = util.annotate [#util.zone<"ffn">] {
    %e = tensor.empty() : tensor<2xf32>
    %n = linalg.negf ins(%a : tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    util.return %n : tensor<2xf32>
  } : tensor<2xf32>
  // A second entry of the zone, in a callee: two zone slices.
  %s = func.call @zone_again(%r) : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_almost_eq_const(%s, dense<[-1.0, -2.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

func.func private @zone_again(%x: tensor<2xf32>) -> tensor<2xf32> {
  util.annotate [#util.zone<"ffn">] {
    util.return
  }
  return %x : tensor<2xf32>
}

func.func @crashes() {
  %p = llvm.mlir.zero : !llvm.ptr
  %q = util.optimization_barrier %p : !llvm.ptr
  %v = llvm.load %q : !llvm.ptr -> i32
  check.expect_true(%v) : i32
  return
}

func.func @plain() {
  %a = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %e = tensor.empty() : tensor<2xi32>
  %s = linalg.add ins(%a, %a : tensor<2xi32>, tensor<2xi32>) outs(%e : tensor<2xi32>) -> tensor<2xi32>
  check.expect_eq_const(%s, dense<[2, 4]> : tensor<2xi32>) : tensor<2xi32>
  return
}
