// scf control flow carrying tensors, checked at run time: scf.for with tensor
// iter_args and a trip count unknown to the compiler, scf.if on a value read
// from a tensor (branches of equal and of different sizes), and scf.while
// whose condition reads the tensor it carries. Static and dynamic shapes;
// every value is exact; expected values from NumPy.

// RUN: scope-check %s --device=llvm-cpu | FileCheck %s
// RUN: scope-check %s --device=llvm-cpu-loops | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=1 \
// RUN:   | scope-check - --device=llvm-cpu | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=2 \
// RUN:   | scope-check - --device=llvm-cpu-loops | FileCheck %s

// CHECK: PASS for_loop
// CHECK-NEXT: PASS for_loop_dynamic
// CHECK-NEXT: PASS if_else
// CHECK-NEXT: PASS if_else_dynamic
// CHECK-NEXT: PASS while_loop
// CHECK-NEXT: PASS while_loop_dynamic
// CHECK-NEXT: 6 passed, 0 failed

// x = 2 x + i for i in 0..4, on i32; the loop index enters the body as a
// splat of it.
func.func @for_loop() {
  %x0 = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %ub = util.unfoldable_constant 4 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%x = %x0) -> (tensor<3xi32>) {
    %ii = arith.index_cast %i : index to i32
    %e = tensor.empty() : tensor<3xi32>
    %s = linalg.fill ins(%ii : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
    %d = linalg.add ins(%x, %x : tensor<3xi32>, tensor<3xi32>) outs(%e : tensor<3xi32>) -> tensor<3xi32>
    %n = linalg.add ins(%d, %s : tensor<3xi32>, tensor<3xi32>) outs(%e : tensor<3xi32>) -> tensor<3xi32>
    scf.yield %n : tensor<3xi32>
  }
  check.expect_eq_const(%r, dense<[27, 43, 59]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// y = y * y - 1, three times, on a tensor of unknown size.
func.func @for_loop_dynamic() {
  %y0 = flow.tensor.dynamic_constant dense<[1.5, -2.0, 0.25, 4.0]> : tensor<4xf32> -> tensor<?xf32>
  %ub = util.unfoldable_constant 3 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%y = %y0) -> (tensor<?xf32>) {
    %n = tensor.dim %y, %c0 : tensor<?xf32>
    %e = tensor.empty(%n) : tensor<?xf32>
    %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
        ins(%y : tensor<?xf32>) outs(%e : tensor<?xf32>) {
    ^bb0(%v: f32, %o: f32):
      %sq = arith.mulf %v, %v : f32
      %s = arith.subf %sq, %one : f32
      linalg.yield %s : f32
    } -> tensor<?xf32>
    scf.yield %m : tensor<?xf32>
  }
  %x = flow.tensor.dynamic_constant dense<[-0.68359375, 63.0, -0.9853363037109375, 50175.0]> : tensor<4xf32> -> tensor<?xf32>
  check.expect_almost_eq(%r, %x, atol 0.0) : tensor<?xf32>
  return
}

// Both branches of an scf.if taken (on an element of a tensor), each
// computing a different tensor of the same type.
func.func @if_else() {
  %a = util.unfoldable_constant dense<[5, -1, 0, 7]> : tensor<4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4xi32>
  %v0 = tensor.extract %a[%c0] : tensor<4xi32>
  %p0 = arith.cmpi sgt, %v0, %zero : i32
  %r0 = scf.if %p0 -> (tensor<4xi32>) {
    %m = linalg.mul ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) -> tensor<4xi32>
    scf.yield %m : tensor<4xi32>
  } else {
    %s = linalg.sub ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) -> tensor<4xi32>
    scf.yield %s : tensor<4xi32>
  }
  check.expect_eq_const(%r0, dense<[25, 1, 0, 49]> : tensor<4xi32>) : tensor<4xi32>
  %v1 = tensor.extract %a[%c1] : tensor<4xi32>
  %p1 = arith.cmpi sgt, %v1, %zero : i32
  %r1 = scf.if %p1 -> (tensor<4xi32>) {
    %m = linalg.mul ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) -> tensor<4xi32>
    scf.yield %m : tensor<4xi32>
  } else {
    %s = linalg.sub ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) -> tensor<4xi32>
    scf.yield %s : tensor<4xi32>
  }
  check.expect_eq_const(%r1, dense<0> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Branches yielding tensors of different sizes: the input itself, or it
// concatenated with itself; the result's size is known only at run time.
func.func @if_else_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[5, -1, 0]> : tensor<3xi32> -> tensor<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %v0 = tensor.extract %a[%c0] : tensor<?xi32>
  %p0 = arith.cmpi sgt, %v0, %zero : i32
  %r0 = scf.if %p0 -> (tensor<?xi32>) {
    %c = tensor.concat dim(0) %a, %a : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    scf.yield %c : tensor<?xi32>
  } else {
    scf.yield %a : tensor<?xi32>
  }
  %x0 = flow.tensor.dynamic_constant dense<[5, -1, 0, 5, -1, 0]> : tensor<6xi32> -> tensor<?xi32>
  check.expect_eq(%r0, %x0) : tensor<?xi32>
  %v1 = tensor.extract %a[%c1] : tensor<?xi32>
  %p1 = arith.cmpi sgt, %v1, %zero : i32
  %r1 = scf.if %p1 -> (tensor<?xi32>) {
    %c = tensor.concat dim(0) %a, %a : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    scf.yield %c : tensor<?xi32>
  } else {
    scf.yield %a : tensor<?xi32>
  }
  check.expect_eq(%r1, %a) : tensor<?xi32>
  return
}

// Multiply by 3 while the first element is below 100: five trips, the
// count carried beside the tensor.
func.func @while_loop() {
  %v0 = util.unfoldable_constant dense<[1, 3]> : tensor<2xi64>
  %c0 = arith.constant 0 : index
  %lim = arith.constant 100 : i64
  %n0 = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant dense<3> : tensor<2xi64>
  %r:2 = scf.while (%v = %v0, %n = %n0) : (tensor<2xi64>, i32) -> (tensor<2xi64>, i32) {
    %f = tensor.extract %v[%c0] : tensor<2xi64>
    %go = arith.cmpi slt, %f, %lim : i64
    scf.condition(%go) %v, %n : tensor<2xi64>, i32
  } do {
  ^bb0(%v: tensor<2xi64>, %n: i32):
    %e = tensor.empty() : tensor<2xi64>
    %m = linalg.mul ins(%v, %three : tensor<2xi64>, tensor<2xi64>) outs(%e : tensor<2xi64>) -> tensor<2xi64>
    %n1 = arith.addi %n, %one : i32
    scf.yield %m, %n1 : tensor<2xi64>, i32
  }
  check.expect_eq_const(%r#0, dense<[243, 729]> : tensor<2xi64>) : tensor<2xi64>
  %trips = tensor.from_elements %r#1 : tensor<1xi32>
  check.expect_eq_const(%trips, dense<5> : tensor<1xi32>) : tensor<1xi32>
  return
}

// The same on a tensor of unknown size.
func.func @while_loop_dynamic() {
  %v0 = flow.tensor.dynamic_constant dense<[1, 3]> : tensor<2xi64> -> tensor<?xi64>
  %c0 = arith.constant 0 : index
  %lim = arith.constant 100 : i64
  %three = arith.constant 3 : i64
  %r = scf.while (%v = %v0) : (tensor<?xi64>) -> tensor<?xi64> {
    %f = tensor.extract %v[%c0] : tensor<?xi64>
    %go = arith.cmpi slt, %f, %lim : i64
    scf.condition(%go) %v : tensor<?xi64>
  } do {
  ^bb0(%v: tensor<?xi64>):
    %n = tensor.dim %v, %c0 : tensor<?xi64>
    %e = tensor.empty(%n) : tensor<?xi64>
    %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
        ins(%v : tensor<?xi64>) outs(%e : tensor<?xi64>) {
    ^bb0(%x: i64, %o: i64):
      %t = arith.muli %x, %three : i64
      linalg.yield %t : i64
    } -> tensor<?xi64>
    scf.yield %m : tensor<?xi64>
  }
  %x = flow.tensor.dynamic_constant dense<[243, 729]> : tensor<2xi64> -> tensor<?xi64>
  check.expect_eq(%r, %x) : tensor<?xi64>
  return
}
