// Every element type the backends handle (docs/check.md: i1, i8, i16, i32,
// i64, index, f16, bf16, f32, f64), checked at run time with the checker's
// entry point for that type: elementwise sums, products, maxima and
// compare-and-select on static shapes, then products, selects and a row-sum
// reduction on dynamic shapes. Integers wrap at their width (inputs at the
// extremes of the type); the float inputs are small dyadic numbers whose
// results, partial sums included, are exact even in bf16, so every check is
// bitwise. Expected values from NumPy at the element type (a generator
// script computed them; bf16's exactness checked on float32 bits).

// RUN: scope-check %s --device=llvm-cpu | FileCheck %s
// RUN: scope-check %s --device=llvm-cpu-loops | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=1 \
// RUN:   | scope-check - --device=llvm-cpu | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=2 \
// RUN:   | scope-check - --device=llvm-cpu-loops | FileCheck %s

// CHECK: PASS i1_ops
// CHECK-NEXT: PASS i8_ops
// CHECK-NEXT: PASS i16_ops
// CHECK-NEXT: PASS i32_ops
// CHECK-NEXT: PASS i64_ops
// CHECK-NEXT: PASS index_ops
// CHECK-NEXT: PASS f16_ops
// CHECK-NEXT: PASS bf16_ops
// CHECK-NEXT: PASS f32_ops
// CHECK-NEXT: PASS f64_ops
// CHECK-NEXT: 10 passed, 0 failed

// i1: logic ops and a select on booleans (one byte per element in memory),
// and an or-reduction and an and-reduction of rows on dynamic shapes.
func.func @i1_ops() {
  %a = util.unfoldable_constant dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
  %b = util.unfoldable_constant dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>
  %and = arith.andi %a, %b : tensor<2x3xi1>
  check.expect_eq_const(%and, dense<[[true, false, false], [false, false, false]]> : tensor<2x3xi1>) : tensor<2x3xi1>
  %or = arith.ori %a, %b : tensor<2x3xi1>
  check.expect_eq_const(%or, dense<[[true, true, true], [false, true, true]]> : tensor<2x3xi1>) : tensor<2x3xi1>
  %xor = arith.xori %a, %b : tensor<2x3xi1>
  check.expect_eq_const(%xor, dense<[[false, true, true], [false, true, true]]> : tensor<2x3xi1>) : tensor<2x3xi1>
  %sel = arith.select %a, %b, %xor : tensor<2x3xi1>, tensor<2x3xi1>
  check.expect_eq_const(%sel, dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>) : tensor<2x3xi1>
  %da = flow.tensor.dynamic_constant dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1> -> tensor<?x?xi1>
  %db = flow.tensor.dynamic_constant dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1> -> tensor<?x?xi1>
  %dxor = arith.xori %da, %db : tensor<?x?xi1>
  %xxor = flow.tensor.dynamic_constant dense<[[false, true, true], [false, true, true]]> : tensor<2x3xi1> -> tensor<?x?xi1>
  check.expect_eq(%dxor, %xxor) : tensor<?x?xi1>
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xi1>
  %false = arith.constant false
  %true = arith.constant true
  %re = tensor.empty(%d0) : tensor<?xi1>
  %rf = linalg.fill ins(%false : i1) outs(%re : tensor<?xi1>) -> tensor<?xi1>
  %rt = linalg.fill ins(%true : i1) outs(%re : tensor<?xi1>) -> tensor<?xi1>
  %any, %all = linalg.reduce ins(%db, %db : tensor<?x?xi1>, tensor<?x?xi1>) outs(%rf, %rt : tensor<?xi1>, tensor<?xi1>) dimensions = [1]
    (%x: i1, %y: i1, %o: i1, %n: i1) {
      %r = arith.ori %x, %o : i1
      %s = arith.andi %y, %n : i1
      linalg.yield %r, %s : i1, i1
    }
  %xany = flow.tensor.dynamic_constant dense<[true, true]> : tensor<2xi1> -> tensor<?xi1>
  %xall = flow.tensor.dynamic_constant dense<[false, false]> : tensor<2xi1> -> tensor<?xi1>
  check.expect_eq(%any, %xany) : tensor<?xi1>
  check.expect_eq(%all, %xall) : tensor<?xi1>
  return
}

// i8: sums and products that wrap at the width, signed max and
// compare-and-select, row sums.
func.func @i8_ops() {
  %a = util.unfoldable_constant dense<[[3, -7, 100], [-128, 127, 5]]> : tensor<2x3xi8>
  %b = util.unfoldable_constant dense<[[4, 2, 100], [1, 1, -5]]> : tensor<2x3xi8>
  %e = tensor.empty() : tensor<2x3xi8>
  %add = linalg.add ins(%a, %b : tensor<2x3xi8>, tensor<2x3xi8>) outs(%e : tensor<2x3xi8>) -> tensor<2x3xi8>
  check.expect_eq_const(%add, dense<[[7, -5, -56], [-127, -128, 0]]> : tensor<2x3xi8>) : tensor<2x3xi8>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xi8>, tensor<2x3xi8>) outs(%e : tensor<2x3xi8>) -> tensor<2x3xi8>
  check.expect_eq_const(%mul, dense<[[12, -14, 16], [-128, 127, -25]]> : tensor<2x3xi8>) : tensor<2x3xi8>
  %max = linalg.max ins(%a, %b : tensor<2x3xi8>, tensor<2x3xi8>) outs(%e : tensor<2x3xi8>) -> tensor<2x3xi8>
  check.expect_eq_const(%max, dense<[[4, 2, 100], [1, 127, 5]]> : tensor<2x3xi8>) : tensor<2x3xi8>
  %lt = arith.cmpi slt, %a, %b : tensor<2x3xi8>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xi8>
  check.expect_eq_const(%min, dense<[[3, -7, 100], [-128, 1, -5]]> : tensor<2x3xi8>) : tensor<2x3xi8>
  %da = flow.tensor.dynamic_constant dense<[[3, -7, 100], [-128, 127, 5]]> : tensor<2x3xi8> -> tensor<?x?xi8>
  %db = flow.tensor.dynamic_constant dense<[[4, 2, 100], [1, 1, -5]]> : tensor<2x3xi8> -> tensor<?x?xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xi8>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xi8>
  %de = tensor.empty(%d0, %d1) : tensor<?x?xi8>
  %dmul = linalg.mul ins(%da, %db : tensor<?x?xi8>, tensor<?x?xi8>) outs(%de : tensor<?x?xi8>) -> tensor<?x?xi8>
  %xmul = flow.tensor.dynamic_constant dense<[[12, -14, 16], [-128, 127, -25]]> : tensor<2x3xi8> -> tensor<?x?xi8>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xi8>
  %dlt = arith.cmpi slt, %da, %db : tensor<?x?xi8>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xi8>
  %xmin = flow.tensor.dynamic_constant dense<[[3, -7, 100], [-128, 1, -5]]> : tensor<2x3xi8> -> tensor<?x?xi8>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xi8>
  %z = arith.constant 0 : i8
  %re = tensor.empty(%d0) : tensor<?xi8>
  %rf = linalg.fill ins(%z : i8) outs(%re : tensor<?xi8>) -> tensor<?xi8>
  %rs = linalg.reduce ins(%da : tensor<?x?xi8>) outs(%rf : tensor<?xi8>) dimensions = [1]
    (%x: i8, %acc: i8) {
      %r = arith.addi %x, %acc : i8
      linalg.yield %r : i8
    }
  %xrs = flow.tensor.dynamic_constant dense<[96, 4]> : tensor<2xi8> -> tensor<?xi8>
  check.expect_eq(%rs, %xrs) : tensor<?xi8>
  return
}

// i16: sums and products that wrap at the width, signed max and
// compare-and-select, row sums.
func.func @i16_ops() {
  %a = util.unfoldable_constant dense<[[300, -7, 1000], [-32768, 32767, 5]]> : tensor<2x3xi16>
  %b = util.unfoldable_constant dense<[[4, 2, 100], [1, 1, -5]]> : tensor<2x3xi16>
  %e = tensor.empty() : tensor<2x3xi16>
  %add = linalg.add ins(%a, %b : tensor<2x3xi16>, tensor<2x3xi16>) outs(%e : tensor<2x3xi16>) -> tensor<2x3xi16>
  check.expect_eq_const(%add, dense<[[304, -5, 1100], [-32767, -32768, 0]]> : tensor<2x3xi16>) : tensor<2x3xi16>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xi16>, tensor<2x3xi16>) outs(%e : tensor<2x3xi16>) -> tensor<2x3xi16>
  check.expect_eq_const(%mul, dense<[[1200, -14, -31072], [-32768, 32767, -25]]> : tensor<2x3xi16>) : tensor<2x3xi16>
  %max = linalg.max ins(%a, %b : tensor<2x3xi16>, tensor<2x3xi16>) outs(%e : tensor<2x3xi16>) -> tensor<2x3xi16>
  check.expect_eq_const(%max, dense<[[300, 2, 1000], [1, 32767, 5]]> : tensor<2x3xi16>) : tensor<2x3xi16>
  %lt = arith.cmpi slt, %a, %b : tensor<2x3xi16>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xi16>
  check.expect_eq_const(%min, dense<[[4, -7, 100], [-32768, 1, -5]]> : tensor<2x3xi16>) : tensor<2x3xi16>
  %da = flow.tensor.dynamic_constant dense<[[300, -7, 1000], [-32768, 32767, 5]]> : tensor<2x3xi16> -> tensor<?x?xi16>
  %db = flow.tensor.dynamic_constant dense<[[4, 2, 100], [1, 1, -5]]> : tensor<2x3xi16> -> tensor<?x?xi16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xi16>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xi16>
  %de = tensor.empty(%d0, %d1) : tensor<?x?xi16>
  %dmul = linalg.mul ins(%da, %db : tensor<?x?xi16>, tensor<?x?xi16>) outs(%de : tensor<?x?xi16>) -> tensor<?x?xi16>
  %xmul = flow.tensor.dynamic_constant dense<[[1200, -14, -31072], [-32768, 32767, -25]]> : tensor<2x3xi16> -> tensor<?x?xi16>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xi16>
  %dlt = arith.cmpi slt, %da, %db : tensor<?x?xi16>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xi16>
  %xmin = flow.tensor.dynamic_constant dense<[[4, -7, 100], [-32768, 1, -5]]> : tensor<2x3xi16> -> tensor<?x?xi16>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xi16>
  %z = arith.constant 0 : i16
  %re = tensor.empty(%d0) : tensor<?xi16>
  %rf = linalg.fill ins(%z : i16) outs(%re : tensor<?xi16>) -> tensor<?xi16>
  %rs = linalg.reduce ins(%da : tensor<?x?xi16>) outs(%rf : tensor<?xi16>) dimensions = [1]
    (%x: i16, %acc: i16) {
      %r = arith.addi %x, %acc : i16
      linalg.yield %r : i16
    }
  %xrs = flow.tensor.dynamic_constant dense<[1293, 4]> : tensor<2xi16> -> tensor<?xi16>
  check.expect_eq(%rs, %xrs) : tensor<?xi16>
  return
}

// i32: sums and products that wrap at the width, signed max and
// compare-and-select, row sums.
func.func @i32_ops() {
  %a = util.unfoldable_constant dense<[[3, -7, 100000], [-2147483648, 2147483647, 5]]> : tensor<2x3xi32>
  %b = util.unfoldable_constant dense<[[4, 2, 100000], [1, 1, -5]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<2x3xi32>
  %add = linalg.add ins(%a, %b : tensor<2x3xi32>, tensor<2x3xi32>) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const(%add, dense<[[7, -5, 200000], [-2147483647, -2147483648, 0]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xi32>, tensor<2x3xi32>) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const(%mul, dense<[[12, -14, 1410065408], [-2147483648, 2147483647, -25]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  %max = linalg.max ins(%a, %b : tensor<2x3xi32>, tensor<2x3xi32>) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const(%max, dense<[[4, 2, 100000], [1, 2147483647, 5]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  %lt = arith.cmpi slt, %a, %b : tensor<2x3xi32>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xi32>
  check.expect_eq_const(%min, dense<[[3, -7, 100000], [-2147483648, 1, -5]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  %da = flow.tensor.dynamic_constant dense<[[3, -7, 100000], [-2147483648, 2147483647, 5]]> : tensor<2x3xi32> -> tensor<?x?xi32>
  %db = flow.tensor.dynamic_constant dense<[[4, 2, 100000], [1, 1, -5]]> : tensor<2x3xi32> -> tensor<?x?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xi32>
  %de = tensor.empty(%d0, %d1) : tensor<?x?xi32>
  %dmul = linalg.mul ins(%da, %db : tensor<?x?xi32>, tensor<?x?xi32>) outs(%de : tensor<?x?xi32>) -> tensor<?x?xi32>
  %xmul = flow.tensor.dynamic_constant dense<[[12, -14, 1410065408], [-2147483648, 2147483647, -25]]> : tensor<2x3xi32> -> tensor<?x?xi32>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xi32>
  %dlt = arith.cmpi slt, %da, %db : tensor<?x?xi32>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xi32>
  %xmin = flow.tensor.dynamic_constant dense<[[3, -7, 100000], [-2147483648, 1, -5]]> : tensor<2x3xi32> -> tensor<?x?xi32>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xi32>
  %z = arith.constant 0 : i32
  %re = tensor.empty(%d0) : tensor<?xi32>
  %rf = linalg.fill ins(%z : i32) outs(%re : tensor<?xi32>) -> tensor<?xi32>
  %rs = linalg.reduce ins(%da : tensor<?x?xi32>) outs(%rf : tensor<?xi32>) dimensions = [1]
    (%x: i32, %acc: i32) {
      %r = arith.addi %x, %acc : i32
      linalg.yield %r : i32
    }
  %xrs = flow.tensor.dynamic_constant dense<[99996, 4]> : tensor<2xi32> -> tensor<?xi32>
  check.expect_eq(%rs, %xrs) : tensor<?xi32>
  return
}

// i64: sums and products that wrap at the width, signed max and
// compare-and-select, row sums.
func.func @i64_ops() {
  %a = util.unfoldable_constant dense<[[3, -7, 10000000000], [-9223372036854775808, 9223372036854775807, 5]]> : tensor<2x3xi64>
  %b = util.unfoldable_constant dense<[[4, 2, 10000000000], [1, 1, -5]]> : tensor<2x3xi64>
  %e = tensor.empty() : tensor<2x3xi64>
  %add = linalg.add ins(%a, %b : tensor<2x3xi64>, tensor<2x3xi64>) outs(%e : tensor<2x3xi64>) -> tensor<2x3xi64>
  check.expect_eq_const(%add, dense<[[7, -5, 20000000000], [-9223372036854775807, -9223372036854775808, 0]]> : tensor<2x3xi64>) : tensor<2x3xi64>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xi64>, tensor<2x3xi64>) outs(%e : tensor<2x3xi64>) -> tensor<2x3xi64>
  check.expect_eq_const(%mul, dense<[[12, -14, 7766279631452241920], [-9223372036854775808, 9223372036854775807, -25]]> : tensor<2x3xi64>) : tensor<2x3xi64>
  %max = linalg.max ins(%a, %b : tensor<2x3xi64>, tensor<2x3xi64>) outs(%e : tensor<2x3xi64>) -> tensor<2x3xi64>
  check.expect_eq_const(%max, dense<[[4, 2, 10000000000], [1, 9223372036854775807, 5]]> : tensor<2x3xi64>) : tensor<2x3xi64>
  %lt = arith.cmpi slt, %a, %b : tensor<2x3xi64>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xi64>
  check.expect_eq_const(%min, dense<[[3, -7, 10000000000], [-9223372036854775808, 1, -5]]> : tensor<2x3xi64>) : tensor<2x3xi64>
  %da = flow.tensor.dynamic_constant dense<[[3, -7, 10000000000], [-9223372036854775808, 9223372036854775807, 5]]> : tensor<2x3xi64> -> tensor<?x?xi64>
  %db = flow.tensor.dynamic_constant dense<[[4, 2, 10000000000], [1, 1, -5]]> : tensor<2x3xi64> -> tensor<?x?xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xi64>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xi64>
  %de = tensor.empty(%d0, %d1) : tensor<?x?xi64>
  %dmul = linalg.mul ins(%da, %db : tensor<?x?xi64>, tensor<?x?xi64>) outs(%de : tensor<?x?xi64>) -> tensor<?x?xi64>
  %xmul = flow.tensor.dynamic_constant dense<[[12, -14, 7766279631452241920], [-9223372036854775808, 9223372036854775807, -25]]> : tensor<2x3xi64> -> tensor<?x?xi64>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xi64>
  %dlt = arith.cmpi slt, %da, %db : tensor<?x?xi64>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xi64>
  %xmin = flow.tensor.dynamic_constant dense<[[3, -7, 10000000000], [-9223372036854775808, 1, -5]]> : tensor<2x3xi64> -> tensor<?x?xi64>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xi64>
  %z = arith.constant 0 : i64
  %re = tensor.empty(%d0) : tensor<?xi64>
  %rf = linalg.fill ins(%z : i64) outs(%re : tensor<?xi64>) -> tensor<?xi64>
  %rs = linalg.reduce ins(%da : tensor<?x?xi64>) outs(%rf : tensor<?xi64>) dimensions = [1]
    (%x: i64, %acc: i64) {
      %r = arith.addi %x, %acc : i64
      linalg.yield %r : i64
    }
  %xrs = flow.tensor.dynamic_constant dense<[9999999996, 4]> : tensor<2xi64> -> tensor<?xi64>
  check.expect_eq(%rs, %xrs) : tensor<?xi64>
  return
}

// index: the same, as arith ops on tensors (linalg's named ops take no
// index).
func.func @index_ops() {
  %a = util.unfoldable_constant dense<[[3, -7, 10000000000], [-4, 9, 5]]> : tensor<2x3xindex>
  %b = util.unfoldable_constant dense<[[4, 2, 10000000000], [1, 1, -5]]> : tensor<2x3xindex>
  %add = arith.addi %a, %b : tensor<2x3xindex>
  check.expect_eq_const(%add, dense<[[7, -5, 20000000000], [-3, 10, 0]]> : tensor<2x3xindex>) : tensor<2x3xindex>
  %mul = arith.muli %a, %b : tensor<2x3xindex>
  check.expect_eq_const(%mul, dense<[[12, -14, 7766279631452241920], [-4, 9, -25]]> : tensor<2x3xindex>) : tensor<2x3xindex>
  %max = arith.maxsi %a, %b : tensor<2x3xindex>
  check.expect_eq_const(%max, dense<[[4, 2, 10000000000], [1, 9, 5]]> : tensor<2x3xindex>) : tensor<2x3xindex>
  %lt = arith.cmpi slt, %a, %b : tensor<2x3xindex>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xindex>
  check.expect_eq_const(%min, dense<[[3, -7, 10000000000], [-4, 1, -5]]> : tensor<2x3xindex>) : tensor<2x3xindex>
  %da = flow.tensor.dynamic_constant dense<[[3, -7, 10000000000], [-4, 9, 5]]> : tensor<2x3xindex> -> tensor<?x?xindex>
  %db = flow.tensor.dynamic_constant dense<[[4, 2, 10000000000], [1, 1, -5]]> : tensor<2x3xindex> -> tensor<?x?xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xindex>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xindex>
  %dmul = arith.muli %da, %db : tensor<?x?xindex>
  %xmul = flow.tensor.dynamic_constant dense<[[12, -14, 7766279631452241920], [-4, 9, -25]]> : tensor<2x3xindex> -> tensor<?x?xindex>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xindex>
  %dlt = arith.cmpi slt, %da, %db : tensor<?x?xindex>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xindex>
  %xmin = flow.tensor.dynamic_constant dense<[[3, -7, 10000000000], [-4, 1, -5]]> : tensor<2x3xindex> -> tensor<?x?xindex>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xindex>
  %z = arith.constant 0 : index
  %re = tensor.empty(%d0) : tensor<?xindex>
  %rf = linalg.fill ins(%z : index) outs(%re : tensor<?xindex>) -> tensor<?xindex>
  %rs = linalg.reduce ins(%da : tensor<?x?xindex>) outs(%rf : tensor<?xindex>) dimensions = [1]
    (%x: index, %acc: index) {
      %r = arith.addi %x, %acc : index
      linalg.yield %r : index
    }
  %xrs = flow.tensor.dynamic_constant dense<[9999999996, 10]> : tensor<2xindex> -> tensor<?xindex>
  check.expect_eq(%rs, %xrs) : tensor<?xindex>
  return
}

// f16: the same ops on values whose results are exact in f16.
func.func @f16_ops() {
  %a = util.unfoldable_constant dense<[[1.5, -2.0, 0.25], [3.0, 96.0, -0.5]]> : tensor<2x3xf16>
  %b = util.unfoldable_constant dense<[[2.0, 2.0, -4.0], [0.5, 1.5, 8.0]]> : tensor<2x3xf16>
  %e = tensor.empty() : tensor<2x3xf16>
  %add = linalg.add ins(%a, %b : tensor<2x3xf16>, tensor<2x3xf16>) outs(%e : tensor<2x3xf16>) -> tensor<2x3xf16>
  check.expect_eq_const(%add, dense<[[3.5, 0.0, -3.75], [3.5, 97.5, 7.5]]> : tensor<2x3xf16>) : tensor<2x3xf16>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xf16>, tensor<2x3xf16>) outs(%e : tensor<2x3xf16>) -> tensor<2x3xf16>
  check.expect_eq_const(%mul, dense<[[3.0, -4.0, -1.0], [1.5, 144.0, -4.0]]> : tensor<2x3xf16>) : tensor<2x3xf16>
  %max = linalg.max ins(%a, %b : tensor<2x3xf16>, tensor<2x3xf16>) outs(%e : tensor<2x3xf16>) -> tensor<2x3xf16>
  check.expect_eq_const(%max, dense<[[2.0, 2.0, 0.25], [3.0, 96.0, 8.0]]> : tensor<2x3xf16>) : tensor<2x3xf16>
  %lt = arith.cmpf olt, %a, %b : tensor<2x3xf16>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xf16>
  check.expect_eq_const(%min, dense<[[1.5, -2.0, -4.0], [0.5, 1.5, -0.5]]> : tensor<2x3xf16>) : tensor<2x3xf16>
  %da = flow.tensor.dynamic_constant dense<[[1.5, -2.0, 0.25], [3.0, 96.0, -0.5]]> : tensor<2x3xf16> -> tensor<?x?xf16>
  %db = flow.tensor.dynamic_constant dense<[[2.0, 2.0, -4.0], [0.5, 1.5, 8.0]]> : tensor<2x3xf16> -> tensor<?x?xf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xf16>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xf16>
  %de = tensor.empty(%d0, %d1) : tensor<?x?xf16>
  %dmul = linalg.mul ins(%da, %db : tensor<?x?xf16>, tensor<?x?xf16>) outs(%de : tensor<?x?xf16>) -> tensor<?x?xf16>
  %xmul = flow.tensor.dynamic_constant dense<[[3.0, -4.0, -1.0], [1.5, 144.0, -4.0]]> : tensor<2x3xf16> -> tensor<?x?xf16>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xf16>
  %dlt = arith.cmpf olt, %da, %db : tensor<?x?xf16>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xf16>
  %xmin = flow.tensor.dynamic_constant dense<[[1.5, -2.0, -4.0], [0.5, 1.5, -0.5]]> : tensor<2x3xf16> -> tensor<?x?xf16>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xf16>
  %z = arith.constant 0.0 : f16
  %re = tensor.empty(%d0) : tensor<?xf16>
  %rf = linalg.fill ins(%z : f16) outs(%re : tensor<?xf16>) -> tensor<?xf16>
  %rs = linalg.reduce ins(%da : tensor<?x?xf16>) outs(%rf : tensor<?xf16>) dimensions = [1]
    (%x: f16, %acc: f16) {
      %r = arith.addf %x, %acc : f16
      linalg.yield %r : f16
    }
  %xrs = flow.tensor.dynamic_constant dense<[-0.25, 98.5]> : tensor<2xf16> -> tensor<?xf16>
  check.expect_eq(%rs, %xrs) : tensor<?xf16>
  return
}

// bf16: the same ops on values whose results are exact in bf16.
func.func @bf16_ops() {
  %a = util.unfoldable_constant dense<[[1.5, -2.0, 0.25], [3.0, 96.0, -0.5]]> : tensor<2x3xbf16>
  %b = util.unfoldable_constant dense<[[2.0, 2.0, -4.0], [0.5, 1.5, 8.0]]> : tensor<2x3xbf16>
  %e = tensor.empty() : tensor<2x3xbf16>
  %add = linalg.add ins(%a, %b : tensor<2x3xbf16>, tensor<2x3xbf16>) outs(%e : tensor<2x3xbf16>) -> tensor<2x3xbf16>
  check.expect_eq_const(%add, dense<[[3.5, 0.0, -3.75], [3.5, 97.5, 7.5]]> : tensor<2x3xbf16>) : tensor<2x3xbf16>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xbf16>, tensor<2x3xbf16>) outs(%e : tensor<2x3xbf16>) -> tensor<2x3xbf16>
  check.expect_eq_const(%mul, dense<[[3.0, -4.0, -1.0], [1.5, 144.0, -4.0]]> : tensor<2x3xbf16>) : tensor<2x3xbf16>
  %max = linalg.max ins(%a, %b : tensor<2x3xbf16>, tensor<2x3xbf16>) outs(%e : tensor<2x3xbf16>) -> tensor<2x3xbf16>
  check.expect_eq_const(%max, dense<[[2.0, 2.0, 0.25], [3.0, 96.0, 8.0]]> : tensor<2x3xbf16>) : tensor<2x3xbf16>
  %lt = arith.cmpf olt, %a, %b : tensor<2x3xbf16>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xbf16>
  check.expect_eq_const(%min, dense<[[1.5, -2.0, -4.0], [0.5, 1.5, -0.5]]> : tensor<2x3xbf16>) : tensor<2x3xbf16>
  %da = flow.tensor.dynamic_constant dense<[[1.5, -2.0, 0.25], [3.0, 96.0, -0.5]]> : tensor<2x3xbf16> -> tensor<?x?xbf16>
  %db = flow.tensor.dynamic_constant dense<[[2.0, 2.0, -4.0], [0.5, 1.5, 8.0]]> : tensor<2x3xbf16> -> tensor<?x?xbf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xbf16>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xbf16>
  %de = tensor.empty(%d0, %d1) : tensor<?x?xbf16>
  %dmul = linalg.mul ins(%da, %db : tensor<?x?xbf16>, tensor<?x?xbf16>) outs(%de : tensor<?x?xbf16>) -> tensor<?x?xbf16>
  %xmul = flow.tensor.dynamic_constant dense<[[3.0, -4.0, -1.0], [1.5, 144.0, -4.0]]> : tensor<2x3xbf16> -> tensor<?x?xbf16>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xbf16>
  %dlt = arith.cmpf olt, %da, %db : tensor<?x?xbf16>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xbf16>
  %xmin = flow.tensor.dynamic_constant dense<[[1.5, -2.0, -4.0], [0.5, 1.5, -0.5]]> : tensor<2x3xbf16> -> tensor<?x?xbf16>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xbf16>
  %z = arith.constant 0.0 : bf16
  %re = tensor.empty(%d0) : tensor<?xbf16>
  %rf = linalg.fill ins(%z : bf16) outs(%re : tensor<?xbf16>) -> tensor<?xbf16>
  %rs = linalg.reduce ins(%da : tensor<?x?xbf16>) outs(%rf : tensor<?xbf16>) dimensions = [1]
    (%x: bf16, %acc: bf16) {
      %r = arith.addf %x, %acc : bf16
      linalg.yield %r : bf16
    }
  %xrs = flow.tensor.dynamic_constant dense<[-0.25, 98.5]> : tensor<2xbf16> -> tensor<?xbf16>
  check.expect_eq(%rs, %xrs) : tensor<?xbf16>
  return
}

// f32: the same ops on values whose results are exact in f32.
func.func @f32_ops() {
  %a = util.unfoldable_constant dense<[[1.5, -2.0, 0.25], [3.0, 96.0, -0.5]]> : tensor<2x3xf32>
  %b = util.unfoldable_constant dense<[[2.0, 2.0, -4.0], [0.5, 1.5, 8.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %add = linalg.add ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const(%add, dense<[[3.5, 0.0, -3.75], [3.5, 97.5, 7.5]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const(%mul, dense<[[3.0, -4.0, -1.0], [1.5, 144.0, -4.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  %max = linalg.max ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const(%max, dense<[[2.0, 2.0, 0.25], [3.0, 96.0, 8.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  %lt = arith.cmpf olt, %a, %b : tensor<2x3xf32>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>
  check.expect_eq_const(%min, dense<[[1.5, -2.0, -4.0], [0.5, 1.5, -0.5]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  %da = flow.tensor.dynamic_constant dense<[[1.5, -2.0, 0.25], [3.0, 96.0, -0.5]]> : tensor<2x3xf32> -> tensor<?x?xf32>
  %db = flow.tensor.dynamic_constant dense<[[2.0, 2.0, -4.0], [0.5, 1.5, 8.0]]> : tensor<2x3xf32> -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xf32>
  %de = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %dmul = linalg.mul ins(%da, %db : tensor<?x?xf32>, tensor<?x?xf32>) outs(%de : tensor<?x?xf32>) -> tensor<?x?xf32>
  %xmul = flow.tensor.dynamic_constant dense<[[3.0, -4.0, -1.0], [1.5, 144.0, -4.0]]> : tensor<2x3xf32> -> tensor<?x?xf32>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xf32>
  %dlt = arith.cmpf olt, %da, %db : tensor<?x?xf32>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xf32>
  %xmin = flow.tensor.dynamic_constant dense<[[1.5, -2.0, -4.0], [0.5, 1.5, -0.5]]> : tensor<2x3xf32> -> tensor<?x?xf32>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %re = tensor.empty(%d0) : tensor<?xf32>
  %rf = linalg.fill ins(%z : f32) outs(%re : tensor<?xf32>) -> tensor<?xf32>
  %rs = linalg.reduce ins(%da : tensor<?x?xf32>) outs(%rf : tensor<?xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  %xrs = flow.tensor.dynamic_constant dense<[-0.25, 98.5]> : tensor<2xf32> -> tensor<?xf32>
  check.expect_eq(%rs, %xrs) : tensor<?xf32>
  return
}

// f64: the same ops on values whose results are exact in f64.
func.func @f64_ops() {
  %a = util.unfoldable_constant dense<[[1.5, -2.0, 0.25], [3.0, 96.0, -0.5]]> : tensor<2x3xf64>
  %b = util.unfoldable_constant dense<[[2.0, 2.0, -4.0], [0.5, 1.5, 8.0]]> : tensor<2x3xf64>
  %e = tensor.empty() : tensor<2x3xf64>
  %add = linalg.add ins(%a, %b : tensor<2x3xf64>, tensor<2x3xf64>) outs(%e : tensor<2x3xf64>) -> tensor<2x3xf64>
  check.expect_eq_const(%add, dense<[[3.5, 0.0, -3.75], [3.5, 97.5, 7.5]]> : tensor<2x3xf64>) : tensor<2x3xf64>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xf64>, tensor<2x3xf64>) outs(%e : tensor<2x3xf64>) -> tensor<2x3xf64>
  check.expect_eq_const(%mul, dense<[[3.0, -4.0, -1.0], [1.5, 144.0, -4.0]]> : tensor<2x3xf64>) : tensor<2x3xf64>
  %max = linalg.max ins(%a, %b : tensor<2x3xf64>, tensor<2x3xf64>) outs(%e : tensor<2x3xf64>) -> tensor<2x3xf64>
  check.expect_eq_const(%max, dense<[[2.0, 2.0, 0.25], [3.0, 96.0, 8.0]]> : tensor<2x3xf64>) : tensor<2x3xf64>
  %lt = arith.cmpf olt, %a, %b : tensor<2x3xf64>
  %min = arith.select %lt, %a, %b : tensor<2x3xi1>, tensor<2x3xf64>
  check.expect_eq_const(%min, dense<[[1.5, -2.0, -4.0], [0.5, 1.5, -0.5]]> : tensor<2x3xf64>) : tensor<2x3xf64>
  %da = flow.tensor.dynamic_constant dense<[[1.5, -2.0, 0.25], [3.0, 96.0, -0.5]]> : tensor<2x3xf64> -> tensor<?x?xf64>
  %db = flow.tensor.dynamic_constant dense<[[2.0, 2.0, -4.0], [0.5, 1.5, 8.0]]> : tensor<2x3xf64> -> tensor<?x?xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %da, %c0 : tensor<?x?xf64>
  %d1 = tensor.dim %da, %c1 : tensor<?x?xf64>
  %de = tensor.empty(%d0, %d1) : tensor<?x?xf64>
  %dmul = linalg.mul ins(%da, %db : tensor<?x?xf64>, tensor<?x?xf64>) outs(%de : tensor<?x?xf64>) -> tensor<?x?xf64>
  %xmul = flow.tensor.dynamic_constant dense<[[3.0, -4.0, -1.0], [1.5, 144.0, -4.0]]> : tensor<2x3xf64> -> tensor<?x?xf64>
  check.expect_eq(%dmul, %xmul) : tensor<?x?xf64>
  %dlt = arith.cmpf olt, %da, %db : tensor<?x?xf64>
  %dmin = arith.select %dlt, %da, %db : tensor<?x?xi1>, tensor<?x?xf64>
  %xmin = flow.tensor.dynamic_constant dense<[[1.5, -2.0, -4.0], [0.5, 1.5, -0.5]]> : tensor<2x3xf64> -> tensor<?x?xf64>
  check.expect_eq(%dmin, %xmin) : tensor<?x?xf64>
  %z = arith.constant 0.0 : f64
  %re = tensor.empty(%d0) : tensor<?xf64>
  %rf = linalg.fill ins(%z : f64) outs(%re : tensor<?xf64>) -> tensor<?xf64>
  %rs = linalg.reduce ins(%da : tensor<?x?xf64>) outs(%rf : tensor<?xf64>) dimensions = [1]
    (%x: f64, %acc: f64) {
      %r = arith.addf %x, %acc : f64
      linalg.yield %r : f64
    }
  %xrs = flow.tensor.dynamic_constant dense<[-0.25, 98.5]> : tensor<2xf64> -> tensor<?xf64>
  check.expect_eq(%rs, %xrs) : tensor<?xf64>
  return
}
