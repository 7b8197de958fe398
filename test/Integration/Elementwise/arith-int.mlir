// Integer arith ops on ranked tensors (convert-elementwise-to-linalg in the
// compile pipeline's front end): every backend, both granularities, a
// dynamic and a static shape, scalars mixed in (a splat, a select on a
// scalar condition). Half of each function is placed on llvm-cpu, the rest
// runs on the host backend. Expected values are i32 arithmetic by hand
// (wrapping where it overflows i8).
// RUN: scope-run %s --function=ints --input="4xi32=7 -9 100 3" --input=i32=5 | FileCheck %s
// RUN: scope-run %s --function=ints --input="4xi32=7 -9 100 3" --input=i32=5 --host-backend=llvm-cpu | FileCheck %s
// RUN: scope-run %s --function=ints --input="4xi32=7 -9 100 3" --input=i32=5 --dispatch=false | FileCheck %s
// RUN: scope-run %s --function=ints --input="4xi32=7 -9 100 3" --input=i32=5 --dispatch=false --host-backend=llvm-cpu | FileCheck %s
// RUN: scope-run %s --function=ints_static --input="4xi32=7 -9 100 3" --input=i32=5 | FileCheck %s
// RUN: scope-run %s --function=ints_static --input="4xi32=7 -9 100 3" --input=i32=5 --host-backend=llvm-cpu --threads=2 | FileCheck %s

// a + a, a - s, a * s, a / s, a % s (signed, truncating)
// CHECK:      4xi32=14 -18 200 6
// CHECK-NEXT: 4xi32=2 -14 95 -2
// CHECK-NEXT: 4xi32=35 -45 500 15
// CHECK-NEXT: 4xi32=1 -1 20 0
// CHECK-NEXT: 4xi32=2 -4 0 3
// max(a, s), min(a, s), a << 2, a >> 1 (arithmetic), a & 6, a | 1, a ^ 5
// CHECK-NEXT: 4xi32=7 5 100 5
// CHECK-NEXT: 4xi32=5 -9 5 3
// CHECK-NEXT: 4xi32=28 -36 400 12
// CHECK-NEXT: 4xi32=3 -5 50 1
// CHECK-NEXT: 4xi32=6 6 4 2
// CHECK-NEXT: 4xi32=7 -9 101 3
// CHECK-NEXT: 4xi32=2 -14 97 6
// a > s, select(a > s, a, s) = max, select(s > 0, a, -a) on a scalar condition
// CHECK-NEXT: 4xi1=1 0 1 0
// CHECK-NEXT: 4xi32=7 5 100 5
// CHECK-NEXT: 4xi32=7 -9 100 3
// trunci to i8 of a * 3 (300 wraps to 44), extsi back to i64, index_cast to index
// CHECK-NEXT: 4xi8=21 -27 44 9
// CHECK-NEXT: 4xi64=21 -27 44 9
// CHECK-NEXT: 4xi64=7 -9 100 3

func.func @ints(%a: tensor<?xi32>, %s: i32)
    -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi32>, tensor<?xi32>, tensor<?xi1>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi8>, tensor<?xi64>, tensor<?xindex>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi32>
  %zero = arith.constant 0 : i32
  %s_splat = tensor.splat %s[%n] : tensor<?xi32>
  %sum = arith.addi %a, %a : tensor<?xi32>
  %diff = arith.subi %a, %s_splat : tensor<?xi32>
  %prod = arith.muli %a, %s_splat : tensor<?xi32>
  %quot, %rem = util.annotate [#hal.device.target<"llvm-cpu">] {
    %q = arith.divsi %a, %s_splat : tensor<?xi32>
    %r = arith.remsi %a, %s_splat : tensor<?xi32>
    util.return %q, %r : tensor<?xi32>, tensor<?xi32>
  } : tensor<?xi32>, tensor<?xi32>
  %max = arith.maxsi %a, %s_splat : tensor<?xi32>
  %min = arith.minsi %a, %s_splat : tensor<?xi32>
  %c2 = arith.constant dense<2> : tensor<4xi32>
  %two = tensor.cast %c2 : tensor<4xi32> to tensor<?xi32>
  %c1 = arith.constant dense<1> : tensor<4xi32>
  %one = tensor.cast %c1 : tensor<4xi32> to tensor<?xi32>
  %shl, %shr, %and, %or, %xor = util.annotate [#hal.device.target<"llvm-cpu">] {
    %0 = arith.shli %a, %two : tensor<?xi32>
    %1 = arith.shrsi %a, %one : tensor<?xi32>
    %c6 = arith.constant dense<6> : tensor<4xi32>
    %six = tensor.cast %c6 : tensor<4xi32> to tensor<?xi32>
    %2 = arith.andi %a, %six : tensor<?xi32>
    %3 = arith.ori %a, %one : tensor<?xi32>
    %c5 = arith.constant dense<5> : tensor<4xi32>
    %five = tensor.cast %c5 : tensor<4xi32> to tensor<?xi32>
    %4 = arith.xori %a, %five : tensor<?xi32>
    util.return %0, %1, %2, %3, %4 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>
  } : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>
  %gt = arith.cmpi sgt, %a, %s_splat : tensor<?xi32>
  %sel = arith.select %gt, %a, %s_splat : tensor<?xi1>, tensor<?xi32>
  %positive = arith.cmpi sgt, %s, %zero : i32
  %neg = arith.subi %s_splat, %s_splat : tensor<?xi32>
  %nega = arith.subi %neg, %a : tensor<?xi32>
  %psel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %p = arith.select %positive, %a, %nega : tensor<?xi32>
    util.return %p : tensor<?xi32>
  } : tensor<?xi32>
  %c3 = arith.constant dense<3> : tensor<4xi32>
  %three = tensor.cast %c3 : tensor<4xi32> to tensor<?xi32>
  %triple = arith.muli %a, %three : tensor<?xi32>
  %narrow, %wide = util.annotate [#hal.device.target<"llvm-cpu">] {
    %t = arith.trunci %triple : tensor<?xi32> to tensor<?xi8>
    %w = arith.extsi %t : tensor<?xi8> to tensor<?xi64>
    util.return %t, %w : tensor<?xi8>, tensor<?xi64>
  } : tensor<?xi8>, tensor<?xi64>
  %idx = arith.index_cast %a : tensor<?xi32> to tensor<?xindex>
  return %sum, %diff, %prod, %quot, %rem, %max, %min, %shl, %shr, %and, %or,
         %xor, %gt, %sel, %psel, %narrow, %wide, %idx
      : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi32>, tensor<?xi32>, tensor<?xi1>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi8>, tensor<?xi64>, tensor<?xindex>
}

// The same on static shapes.
func.func @ints_static(%a: tensor<4xi32>, %s: i32)
    -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
        tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
        tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xi32>,
        tensor<4xi8>, tensor<4xi64>, tensor<4xindex>) {
  %d = tensor.cast %a : tensor<4xi32> to tensor<?xi32>
  %r:18 = call @ints(%d, %s) : (tensor<?xi32>, i32)
    -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi32>, tensor<?xi32>, tensor<?xi1>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi8>, tensor<?xi64>, tensor<?xindex>)
  %0 = tensor.cast %r#0 : tensor<?xi32> to tensor<4xi32>
  %1 = tensor.cast %r#1 : tensor<?xi32> to tensor<4xi32>
  %2 = tensor.cast %r#2 : tensor<?xi32> to tensor<4xi32>
  %3 = tensor.cast %r#3 : tensor<?xi32> to tensor<4xi32>
  %4 = tensor.cast %r#4 : tensor<?xi32> to tensor<4xi32>
  %5 = tensor.cast %r#5 : tensor<?xi32> to tensor<4xi32>
  %6 = tensor.cast %r#6 : tensor<?xi32> to tensor<4xi32>
  %7 = tensor.cast %r#7 : tensor<?xi32> to tensor<4xi32>
  %8 = tensor.cast %r#8 : tensor<?xi32> to tensor<4xi32>
  %9 = tensor.cast %r#9 : tensor<?xi32> to tensor<4xi32>
  %10 = tensor.cast %r#10 : tensor<?xi32> to tensor<4xi32>
  %11 = tensor.cast %r#11 : tensor<?xi32> to tensor<4xi32>
  %12 = tensor.cast %r#12 : tensor<?xi1> to tensor<4xi1>
  %13 = tensor.cast %r#13 : tensor<?xi32> to tensor<4xi32>
  %14 = tensor.cast %r#14 : tensor<?xi32> to tensor<4xi32>
  %15 = tensor.cast %r#15 : tensor<?xi8> to tensor<4xi8>
  %16 = tensor.cast %r#16 : tensor<?xi64> to tensor<4xi64>
  %17 = tensor.cast %r#17 : tensor<?xindex> to tensor<4xindex>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17
      : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
        tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
        tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xi32>,
        tensor<4xi8>, tensor<4xi64>, tensor<4xindex>
}
