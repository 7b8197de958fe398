// Elementwise arith and math ops on tensors, checked at run time: integer and
// float arithmetic, math functions, and the i1 comparisons and selects that
// llvm-cpu once vectorized into bit-packed stores (upstream issue 14 in
// docs/testing.md). Static and dynamic shapes; expected values by hand or
// NumPy.

// RUN: scope-check %s --device=llvm-cpu | FileCheck %s
// RUN: scope-check %s --device=llvm-cpu-loops | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=1 \
// RUN:   | scope-check - --device=llvm-cpu | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=2 \
// RUN:   | scope-check - --device=llvm-cpu-loops | FileCheck %s

// CHECK: PASS int_arith
// CHECK-NEXT: PASS int_arith_dynamic
// CHECK-NEXT: PASS float_arith
// CHECK-NEXT: PASS float_math_dynamic
// CHECK-NEXT: PASS cmp_select_i1
// CHECK-NEXT: PASS cmp_select_i1_dynamic
// CHECK-NEXT: 6 passed, 0 failed

// Signed and unsigned division, remainder, shifts and min/max on i32.
func.func @int_arith() {
  %a = util.unfoldable_constant dense<[7, -7, 100, -1, 0, 2147483647]> : tensor<6xi32>
  %b = util.unfoldable_constant dense<[2, 2, -3, 5, 9, 1]> : tensor<6xi32>
  %e = tensor.empty() : tensor<6xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<6xi32>, tensor<6xi32>) outs(%e : tensor<6xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %q = arith.divsi %x, %y : i32
    %m = arith.remsi %x, %y : i32
    %s = arith.addi %q, %m : i32
    %t = arith.maxsi %s, %y : i32
    linalg.yield %t : i32
  } -> tensor<6xi32>
  // divsi truncates toward zero: 3+1, -3-1, -33+1, 0-1, 0+0, max+0; then max with b.
  check.expect_eq_const(%r, dense<[4, 2, -3, 5, 9, 2147483647]> : tensor<6xi32>) : tensor<6xi32>
  %u = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<6xi32>, tensor<6xi32>) outs(%e : tensor<6xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %c1 = arith.constant 1 : i32
    %sh = arith.shrui %x, %c1 : i32
    %sl = arith.shli %y, %c1 : i32
    %x2 = arith.xori %sh, %sl : i32
    %mu = arith.minui %x2, %x : i32
    linalg.yield %mu : i32
  } -> tensor<6xi32>
  check.expect_eq_const(%u, dense<[7, 2147483640, 100, 2147483637, 0, 1073741821]> : tensor<6xi32>) : tensor<6xi32>
  return
}

// The same kind of body on a 2-D tensor of unknown dims, with wrapping
// multiplication on i16.
func.func @int_arith_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[300, -7, 1000], [-32768, 12, 5]]> : tensor<2x3xi16> -> tensor<?x?xi16>
  %b = flow.tensor.dynamic_constant dense<[[300, 3, -40], [2, -12, 7]]> : tensor<2x3xi16> -> tensor<?x?xi16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xi16>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xi16>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xi16>
  %m = linalg.mul ins(%a, %b : tensor<?x?xi16>, tensor<?x?xi16>) outs(%e : tensor<?x?xi16>) -> tensor<?x?xi16>
  %s = linalg.sub ins(%m, %a : tensor<?x?xi16>, tensor<?x?xi16>) outs(%e : tensor<?x?xi16>) -> tensor<?x?xi16>
  %x = flow.tensor.dynamic_constant dense<[[24164, -14, 24536], [-32768, -156, 30]]> : tensor<2x3xi16> -> tensor<?x?xi16>
  check.expect_eq(%s, %x) : tensor<?x?xi16>
  return
}

// Float arithmetic with exact results: fma, division by powers of two,
// negation, abs, min/max, floor and ceil.
func.func @float_arith() {
  %a = util.unfoldable_constant dense<[[1.5, -2.25], [0.0, 7.0]]> : tensor<2x2xf32>
  %b = util.unfoldable_constant dense<[[4.0, 0.5], [-8.0, -0.25]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %f = math.fma %x, %y, %x : f32
    %d = arith.divf %f, %y : f32
    %n = arith.negf %d : f32
    %ab = math.absf %y : f32
    %mx = arith.maximumf %n, %ab : f32
    linalg.yield %mx : f32
  } -> tensor<2x2xf32>
  // fma: 7.5, -3.375, 0, 5.25; /y: 1.875, -6.75, -0, -21; negated, then max with |y|.
  check.expect_almost_eq_const(%r, dense<[[4.0, 6.75], [8.0, 21.0]]> : tensor<2x2xf32>, atol 0.0) : tensor<2x2xf32>
  %fl = linalg.floor ins(%a : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const(%fl, dense<[[1.0, -3.0], [0.0, 7.0]]> : tensor<2x2xf32>, atol 0.0) : tensor<2x2xf32>
  %ce = math.ceil %b : tensor<2x2xf32>
  check.expect_almost_eq_const(%ce, dense<[[4.0, 1.0], [-8.0, 0.0]]> : tensor<2x2xf32>, atol 0.0) : tensor<2x2xf32>
  return
}

// Transcendental math functions on a dynamic 1-D tensor of f32 and on f64.
func.func @float_math_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[0.5, 1.0, 2.0, 3.5, -1.25]> : tensor<5xf32> -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %ex = math.exp %x : f32
    %ab = math.absf %x : f32
    %lg = math.log %ab : f32
    %sn = math.sin %x : f32
    %t = math.tanh %x : f32
    %s1 = arith.addf %ex, %lg : f32
    %s2 = arith.addf %sn, %t : f32
    %s3 = arith.mulf %s1, %s2 : f32
    linalg.yield %s3 : f32
  } -> tensor<?xf32>
  %x = flow.tensor.dynamic_constant dense<[0.8997138, 4.357583, 15.140594, 22.2498, -0.9159748]> : tensor<5xf32> -> tensor<?xf32>
  check.expect_almost_eq(%r, %x, atol 1.0e-5, rtol 1.0e-5) : tensor<?xf32>
  %b = flow.tensor.dynamic_constant dense<[0.25, 4.0, 9.0]> : tensor<3xf64> -> tensor<?xf64>
  %sq = math.sqrt %b : tensor<?xf64>
  %rs = math.rsqrt %b : tensor<?xf64>
  %p = arith.addf %sq, %rs : tensor<?xf64>
  %y = flow.tensor.dynamic_constant dense<[2.5, 2.5, 3.3333333333333335]> : tensor<3xf64> -> tensor<?xf64>
  check.expect_almost_eq(%p, %y, atol 1.0e-12) : tensor<?xf64>
  return
}

// Comparisons producing i1 tensors, logic on them, and selects reading them:
// one byte per i1 element must come back as written.
func.func @cmp_select_i1() {
  %a = util.unfoldable_constant dense<[1.0, -2.0, 3.0, 0.0, 5.0, -6.0, 7.0, 8.0, 9.0, -1.0, 0.5, 2.0, 3.0, -4.0, 5.0, 6.0, 1.0]> : tensor<17xf32>
  %b = util.unfoldable_constant dense<[1.0, 2.0, -3.0, 0.0, 4.0, -6.0, 8.0, 7.0, 9.0, 1.0, 0.5, -2.0, 3.0, 4.0, -5.0, 7.0, 0.0]> : tensor<17xf32>
  %eq = arith.cmpf oeq, %a, %b : tensor<17xf32>
  %gt = arith.cmpf ogt, %a, %b : tensor<17xf32>
  check.expect_eq_const(%eq, dense<[true, false, false, true, false, true, false, false, true, false, true, false, true, false, false, false, false]> : tensor<17xi1>) : tensor<17xi1>
  check.expect_eq_const(%gt, dense<[false, false, true, false, true, false, false, true, false, false, false, true, false, false, true, false, true]> : tensor<17xi1>) : tensor<17xi1>
  %ge = arith.ori %eq, %gt : tensor<17xi1>
  %lt = arith.xori %ge, %ge : tensor<17xi1>
  check.expect_eq_const(%lt, dense<false> : tensor<17xi1>) : tensor<17xi1>
  %mx = arith.select %ge, %a, %b : tensor<17xi1>, tensor<17xf32>
  check.expect_almost_eq_const(%mx, dense<[1.0, 2.0, 3.0, 0.0, 5.0, -6.0, 8.0, 8.0, 9.0, 1.0, 0.5, 2.0, 3.0, 4.0, 5.0, 7.0, 1.0]> : tensor<17xf32>, atol 0.0) : tensor<17xf32>
  %ia = util.unfoldable_constant dense<[3, -3, 0, 127, -128, 5, 5, -1]> : tensor<8xi8>
  %ib = util.unfoldable_constant dense<[3, 3, 1, -128, 127, 4, 6, 255]> : tensor<8xi8>
  %ult = arith.cmpi ult, %ia, %ib : tensor<8xi8>
  %slt = arith.cmpi slt, %ia, %ib : tensor<8xi8>
  check.expect_eq_const(%ult, dense<[false, false, true, true, false, false, true, false]> : tensor<8xi1>) : tensor<8xi1>
  check.expect_eq_const(%slt, dense<[false, true, true, false, true, false, true, false]> : tensor<8xi1>) : tensor<8xi1>
  %both = arith.andi %ult, %slt : tensor<8xi1>
  %sel = arith.select %both, %ult, %slt : tensor<8xi1>, tensor<8xi1>
  check.expect_eq_const(%sel, dense<[false, true, true, false, true, false, true, false]> : tensor<8xi1>) : tensor<8xi1>
  return
}

// The same on dynamic shapes, through linalg.generic bodies that take and
// produce i1 tensors.
func.func @cmp_select_i1_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[1, 5, -3], [4, 4, 0], [9, -9, 2]]> : tensor<3x3xi32> -> tensor<?x?xi32>
  %b = flow.tensor.dynamic_constant dense<[[2, 5, -4], [4, 3, 1], [-9, 9, 2]]> : tensor<3x3xi32> -> tensor<?x?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xi32>
  %ei = tensor.empty(%d0, %d1) : tensor<?x?xi1>
  %le = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%ei : tensor<?x?xi1>) {
  ^bb0(%x: i32, %y: i32, %o: i1):
    %c = arith.cmpi sle, %x, %y : i32
    linalg.yield %c : i1
  } -> tensor<?x?xi1>
  %xl = flow.tensor.dynamic_constant dense<[[true, true, false], [true, false, true], [false, true, true]]> : tensor<3x3xi1> -> tensor<?x?xi1>
  check.expect_eq(%le, %xl) : tensor<?x?xi1>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xi32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%le, %a, %b : tensor<?x?xi1>, tensor<?x?xi32>, tensor<?x?xi32>) outs(%e : tensor<?x?xi32>) {
  ^bb0(%c: i1, %x: i32, %y: i32, %o: i32):
    %n = arith.xori %c, %c : i1
    %t = arith.cmpi eq, %n, %c : i1
    %v = arith.select %t, %x, %y : i32
    linalg.yield %v : i32
  } -> tensor<?x?xi32>
  // n is always false, so t is !c: the select picks a where a > b, else b.
  %xs = flow.tensor.dynamic_constant dense<[[2, 5, -3], [4, 4, 1], [9, 9, 2]]> : tensor<3x3xi32> -> tensor<?x?xi32>
  check.expect_eq(%s, %xs) : tensor<?x?xi32>
  return
}
