// index scalars and tensors of index in and out. `index` is 64 bits wide
// on the JIT's target: an index argument takes `index=N` or, as
// iree-run-module spells a 64-bit integer, `i64=N`; an index result prints
// as i64.
// RUN: scope-run %s --function=scale --input=index=3 --input="4xindex=1 -2 30 4" | FileCheck %s
// RUN: scope-run %s --function=scale --input=i64=3 --input="4xi64=1 -2 30 4" | FileCheck %s
// RUN: scope-run %s --function=scale --input=index=3 --input="4xindex=1 -2 30 4" --host-backend=llvm-cpu | FileCheck %s
// RUN: scope-run %s --function=scale --input=index=3 --input="4xindex=1 -2 30 4" --dispatch=false | FileCheck %s
// RUN: scope-run %s --function=rows --input=index=2 --input="2x4xf32=1 2 3 4 5 6 7 8" | FileCheck %s --check-prefix=ROWS
// RUN: not scope-run %s --function=scale --input=f32=3 --input="4xindex=1 2 3 4" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK:      i64=6
// CHECK-NEXT: 4xi64=3 -6 90 12

// BAD: scope-run: @scale: input #0 is f32 but argument #0 has type index

// Sums of index arithmetic, a tensor of index scaled on llvm-cpu.
func.func @scale(%k: index, %t: tensor<?xindex>) -> (index, tensor<?xindex>) {
  %double = arith.addi %k, %k : index
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c0 = arith.constant 0 : index
    %n = tensor.dim %t, %c0 : tensor<?xindex>
    %kv = tensor.splat %k[%n] : tensor<?xindex>
    %m = arith.muli %t, %kv : tensor<?xindex>
    util.return %m : tensor<?xindex>
  } : tensor<?xindex>
  return %double, %r : index, tensor<?xindex>
}

// ROWS: 2x2xf32=[1 2][5 6]
// ROWS-NEXT: i64=4

// An index argument sizing a slice (the README's %d0 as a function
// argument), the number of columns returned as an index.
func.func @rows(%d: index, %x: tensor<?x4xf32>) -> (tensor<?x?xf32>, index) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %s = tensor.extract_slice %x[0, 0] [%n, %d] [1, 1] : tensor<?x4xf32> to tensor<?x?xf32>
  %c4 = arith.constant 4 : index
  return %s, %c4 : tensor<?x?xf32>, index
}
