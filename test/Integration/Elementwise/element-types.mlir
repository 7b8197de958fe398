// The element-type matrix of elementwise ops on tensors: one function per
// element type (i1, i8, i16, i32, i64, index, f16, bf16, f32, f64), each
// with a sum, a product, a maximum, a comparison and a select on a dynamic
// shape, the comparison and the select placed on llvm-cpu; every backend,
// both granularities. Integers wrap at their width; the float inputs are
// exact in every float type, so every result is exact too (expected values
// from NumPy at the element type, not from scopeir).

// RUN: scope-run %s --function=i8_ops --input="2x2xi8=3 -7 100 -128" --input="2x2xi8=4 2 100 1" | FileCheck %s --check-prefix=I8
// RUN: scope-run %s --function=i8_ops --input="2x2xi8=3 -7 100 -128" --input="2x2xi8=4 2 100 1" --host-backend=llvm-cpu | FileCheck %s --check-prefix=I8
// RUN: scope-run %s --function=i8_ops --input="2x2xi8=3 -7 100 -128" --input="2x2xi8=4 2 100 1" --dispatch=false | FileCheck %s --check-prefix=I8
// RUN: scope-run %s --function=i8_ops --input="2x2xi8=3 -7 100 -128" --input="2x2xi8=4 2 100 1" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=I8
// RUN: scope-run %s --function=i16_ops --input="2x2xi16=300 -7 1000 -32768" --input="2x2xi16=4 2 100 1" | FileCheck %s --check-prefix=I16
// RUN: scope-run %s --function=i16_ops --input="2x2xi16=300 -7 1000 -32768" --input="2x2xi16=4 2 100 1" --host-backend=llvm-cpu | FileCheck %s --check-prefix=I16
// RUN: scope-run %s --function=i16_ops --input="2x2xi16=300 -7 1000 -32768" --input="2x2xi16=4 2 100 1" --dispatch=false | FileCheck %s --check-prefix=I16
// RUN: scope-run %s --function=i16_ops --input="2x2xi16=300 -7 1000 -32768" --input="2x2xi16=4 2 100 1" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=I16
// RUN: scope-run %s --function=i32_ops --input="2x2xi32=3 -7 100000 -5" --input="2x2xi32=4 2 100000 1" | FileCheck %s --check-prefix=I32
// RUN: scope-run %s --function=i32_ops --input="2x2xi32=3 -7 100000 -5" --input="2x2xi32=4 2 100000 1" --host-backend=llvm-cpu | FileCheck %s --check-prefix=I32
// RUN: scope-run %s --function=i32_ops --input="2x2xi32=3 -7 100000 -5" --input="2x2xi32=4 2 100000 1" --dispatch=false | FileCheck %s --check-prefix=I32
// RUN: scope-run %s --function=i32_ops --input="2x2xi32=3 -7 100000 -5" --input="2x2xi32=4 2 100000 1" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=I32
// RUN: scope-run %s --function=i64_ops --input="2x2xi64=3 -7 10000000000 -5" --input="2x2xi64=4 2 10000000000 1" | FileCheck %s --check-prefix=I64
// RUN: scope-run %s --function=i64_ops --input="2x2xi64=3 -7 10000000000 -5" --input="2x2xi64=4 2 10000000000 1" --host-backend=llvm-cpu | FileCheck %s --check-prefix=I64
// RUN: scope-run %s --function=i64_ops --input="2x2xi64=3 -7 10000000000 -5" --input="2x2xi64=4 2 10000000000 1" --dispatch=false | FileCheck %s --check-prefix=I64
// RUN: scope-run %s --function=i64_ops --input="2x2xi64=3 -7 10000000000 -5" --input="2x2xi64=4 2 10000000000 1" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=I64
// RUN: scope-run %s --function=index_ops --input="2x2xindex=3 -7 10000000000 -5" --input="2x2xindex=4 2 10000000000 1" | FileCheck %s --check-prefix=IDX
// RUN: scope-run %s --function=index_ops --input="2x2xindex=3 -7 10000000000 -5" --input="2x2xindex=4 2 10000000000 1" --host-backend=llvm-cpu | FileCheck %s --check-prefix=IDX
// RUN: scope-run %s --function=index_ops --input="2x2xindex=3 -7 10000000000 -5" --input="2x2xindex=4 2 10000000000 1" --dispatch=false | FileCheck %s --check-prefix=IDX
// RUN: scope-run %s --function=index_ops --input="2x2xindex=3 -7 10000000000 -5" --input="2x2xindex=4 2 10000000000 1" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=IDX
// RUN: scope-run %s --function=f16_ops --input="2x2xf16=1.5 -2 0.25 -0.125" --input="2x2xf16=2 2 -4 0.5" | FileCheck %s --check-prefix=F16
// RUN: scope-run %s --function=f16_ops --input="2x2xf16=1.5 -2 0.25 -0.125" --input="2x2xf16=2 2 -4 0.5" --host-backend=llvm-cpu | FileCheck %s --check-prefix=F16
// RUN: scope-run %s --function=f16_ops --input="2x2xf16=1.5 -2 0.25 -0.125" --input="2x2xf16=2 2 -4 0.5" --dispatch=false | FileCheck %s --check-prefix=F16
// RUN: scope-run %s --function=f16_ops --input="2x2xf16=1.5 -2 0.25 -0.125" --input="2x2xf16=2 2 -4 0.5" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=F16
// RUN: scope-run %s --function=bf16_ops --input="2x2xbf16=1.5 -2 0.25 -0.125" --input="2x2xbf16=2 2 -4 0.5" | FileCheck %s --check-prefix=BF16
// RUN: scope-run %s --function=bf16_ops --input="2x2xbf16=1.5 -2 0.25 -0.125" --input="2x2xbf16=2 2 -4 0.5" --host-backend=llvm-cpu | FileCheck %s --check-prefix=BF16
// RUN: scope-run %s --function=bf16_ops --input="2x2xbf16=1.5 -2 0.25 -0.125" --input="2x2xbf16=2 2 -4 0.5" --dispatch=false | FileCheck %s --check-prefix=BF16
// RUN: scope-run %s --function=bf16_ops --input="2x2xbf16=1.5 -2 0.25 -0.125" --input="2x2xbf16=2 2 -4 0.5" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=BF16
// RUN: scope-run %s --function=f32_ops --input="2x2xf32=1.5 -2 0.25 -0.125" --input="2x2xf32=2 2 -4 0.5" | FileCheck %s --check-prefix=F32
// RUN: scope-run %s --function=f32_ops --input="2x2xf32=1.5 -2 0.25 -0.125" --input="2x2xf32=2 2 -4 0.5" --host-backend=llvm-cpu | FileCheck %s --check-prefix=F32
// RUN: scope-run %s --function=f32_ops --input="2x2xf32=1.5 -2 0.25 -0.125" --input="2x2xf32=2 2 -4 0.5" --dispatch=false | FileCheck %s --check-prefix=F32
// RUN: scope-run %s --function=f32_ops --input="2x2xf32=1.5 -2 0.25 -0.125" --input="2x2xf32=2 2 -4 0.5" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=F32
// RUN: scope-run %s --function=f64_ops --input="2x2xf64=1.5 -2 0.25 -0.125" --input="2x2xf64=2 2 -4 0.5" | FileCheck %s --check-prefix=F64
// RUN: scope-run %s --function=f64_ops --input="2x2xf64=1.5 -2 0.25 -0.125" --input="2x2xf64=2 2 -4 0.5" --host-backend=llvm-cpu | FileCheck %s --check-prefix=F64
// RUN: scope-run %s --function=f64_ops --input="2x2xf64=1.5 -2 0.25 -0.125" --input="2x2xf64=2 2 -4 0.5" --dispatch=false | FileCheck %s --check-prefix=F64
// RUN: scope-run %s --function=f64_ops --input="2x2xf64=1.5 -2 0.25 -0.125" --input="2x2xf64=2 2 -4 0.5" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=F64
// RUN: scope-run %s --function=i1_ops --input="2x2xi1=1 0 1 0" --input="2x2xi1=1 1 0 0" | FileCheck %s --check-prefix=I1
// RUN: scope-run %s --function=i1_ops --input="2x2xi1=1 0 1 0" --input="2x2xi1=1 1 0 0" --host-backend=llvm-cpu | FileCheck %s --check-prefix=I1
// RUN: scope-run %s --function=i1_ops --input="2x2xi1=1 0 1 0" --input="2x2xi1=1 1 0 0" --dispatch=false | FileCheck %s --check-prefix=I1
// RUN: scope-run %s --function=i1_ops --input="2x2xi1=1 0 1 0" --input="2x2xi1=1 1 0 0" --dispatch=false --host-backend=llvm-cpu | FileCheck %s --check-prefix=I1

// I8:      2x2xi8=[7 -5][-56 -127]
// I8-NEXT: 2x2xi8=[12 -14][16 -128]
// I8-NEXT: 2x2xi8=[4 2][100 1]
// I8-NEXT: 2x2xi1=[1 1][0 1]
// I8-NEXT: 2x2xi8=[3 -7][100 -128]
// I16:      2x2xi16=[304 -5][1100 -32767]
// I16-NEXT: 2x2xi16=[1200 -14][-31072 -32768]
// I16-NEXT: 2x2xi16=[300 2][1000 1]
// I16-NEXT: 2x2xi1=[0 1][0 1]
// I16-NEXT: 2x2xi16=[4 -7][100 -32768]
// I32:      2x2xi32=[7 -5][200000 -4]
// I32-NEXT: 2x2xi32=[12 -14][1410065408 -5]
// I32-NEXT: 2x2xi32=[4 2][100000 1]
// I32-NEXT: 2x2xi1=[1 1][0 1]
// I32-NEXT: 2x2xi32=[3 -7][100000 -5]
// I64:      2x2xi64=[7 -5][20000000000 -4]
// I64-NEXT: 2x2xi64=[12 -14][7766279631452241920 -5]
// I64-NEXT: 2x2xi64=[4 2][10000000000 1]
// I64-NEXT: 2x2xi1=[1 1][0 1]
// I64-NEXT: 2x2xi64=[3 -7][10000000000 -5]
// IDX:      2x2xi64=[7 -5][20000000000 -4]
// IDX-NEXT: 2x2xi64=[12 -14][7766279631452241920 -5]
// IDX-NEXT: 2x2xi64=[4 2][10000000000 1]
// IDX-NEXT: 2x2xi1=[1 1][0 1]
// IDX-NEXT: 2x2xi64=[3 -7][10000000000 -5]
// F16:      2x2xf16=[3.5 0][-3.75 0.375]
// F16-NEXT: 2x2xf16=[3 -4][-1 -0.0625]
// F16-NEXT: 2x2xf16=[2 2][0.25 0.5]
// F16-NEXT: 2x2xi1=[1 1][0 1]
// F16-NEXT: 2x2xf16=[1.5 -2][-4 -0.125]
// BF16:      2x2xbf16=[3.5 0][-3.75 0.375]
// BF16-NEXT: 2x2xbf16=[3 -4][-1 -0.0625]
// BF16-NEXT: 2x2xbf16=[2 2][0.25 0.5]
// BF16-NEXT: 2x2xi1=[1 1][0 1]
// BF16-NEXT: 2x2xbf16=[1.5 -2][-4 -0.125]
// F32:      2x2xf32=[3.5 0][-3.75 0.375]
// F32-NEXT: 2x2xf32=[3 -4][-1 -0.0625]
// F32-NEXT: 2x2xf32=[2 2][0.25 0.5]
// F32-NEXT: 2x2xi1=[1 1][0 1]
// F32-NEXT: 2x2xf32=[1.5 -2][-4 -0.125]
// F64:      2x2xf64=[3.5 0][-3.75 0.375]
// F64-NEXT: 2x2xf64=[3 -4][-1 -0.0625]
// F64-NEXT: 2x2xf64=[2 2][0.25 0.5]
// F64-NEXT: 2x2xi1=[1 1][0 1]
// F64-NEXT: 2x2xf64=[1.5 -2][-4 -0.125]
// I1:      2x2xi1=[1 1][1 0]
// I1-NEXT: 2x2xi1=[1 0][0 0]
// I1-NEXT: 2x2xi1=[0 1][1 0]
// I1-NEXT: 2x2xi1=[0 1][0 0]
// I1-NEXT: 2x2xi1=[1 1][1 0]

func.func @i8_ops(%a: tensor<?x2xi8>, %b: tensor<?x2xi8>) -> (tensor<?x2xi8>, tensor<?x2xi8>, tensor<?x2xi8>, tensor<?x2xi1>, tensor<?x2xi8>) {
  %s = arith.addi %a, %b : tensor<?x2xi8>
  %p = arith.muli %a, %b : tensor<?x2xi8>
  %m = arith.maxsi %a, %b : tensor<?x2xi8>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpi slt, %a, %b : tensor<?x2xi8>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xi8>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xi8>
  } : tensor<?x2xi1>, tensor<?x2xi8>
  return %s, %p, %m, %lt, %sel : tensor<?x2xi8>, tensor<?x2xi8>, tensor<?x2xi8>, tensor<?x2xi1>, tensor<?x2xi8>
}

func.func @i16_ops(%a: tensor<?x2xi16>, %b: tensor<?x2xi16>) -> (tensor<?x2xi16>, tensor<?x2xi16>, tensor<?x2xi16>, tensor<?x2xi1>, tensor<?x2xi16>) {
  %s = arith.addi %a, %b : tensor<?x2xi16>
  %p = arith.muli %a, %b : tensor<?x2xi16>
  %m = arith.maxsi %a, %b : tensor<?x2xi16>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpi slt, %a, %b : tensor<?x2xi16>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xi16>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xi16>
  } : tensor<?x2xi1>, tensor<?x2xi16>
  return %s, %p, %m, %lt, %sel : tensor<?x2xi16>, tensor<?x2xi16>, tensor<?x2xi16>, tensor<?x2xi1>, tensor<?x2xi16>
}

func.func @i32_ops(%a: tensor<?x2xi32>, %b: tensor<?x2xi32>) -> (tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x2xi1>, tensor<?x2xi32>) {
  %s = arith.addi %a, %b : tensor<?x2xi32>
  %p = arith.muli %a, %b : tensor<?x2xi32>
  %m = arith.maxsi %a, %b : tensor<?x2xi32>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpi slt, %a, %b : tensor<?x2xi32>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xi32>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xi32>
  } : tensor<?x2xi1>, tensor<?x2xi32>
  return %s, %p, %m, %lt, %sel : tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x2xi1>, tensor<?x2xi32>
}

func.func @i64_ops(%a: tensor<?x2xi64>, %b: tensor<?x2xi64>) -> (tensor<?x2xi64>, tensor<?x2xi64>, tensor<?x2xi64>, tensor<?x2xi1>, tensor<?x2xi64>) {
  %s = arith.addi %a, %b : tensor<?x2xi64>
  %p = arith.muli %a, %b : tensor<?x2xi64>
  %m = arith.maxsi %a, %b : tensor<?x2xi64>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpi slt, %a, %b : tensor<?x2xi64>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xi64>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xi64>
  } : tensor<?x2xi1>, tensor<?x2xi64>
  return %s, %p, %m, %lt, %sel : tensor<?x2xi64>, tensor<?x2xi64>, tensor<?x2xi64>, tensor<?x2xi1>, tensor<?x2xi64>
}

func.func @index_ops(%a: tensor<?x2xindex>, %b: tensor<?x2xindex>) -> (tensor<?x2xindex>, tensor<?x2xindex>, tensor<?x2xindex>, tensor<?x2xi1>, tensor<?x2xindex>) {
  %s = arith.addi %a, %b : tensor<?x2xindex>
  %p = arith.muli %a, %b : tensor<?x2xindex>
  %m = arith.maxsi %a, %b : tensor<?x2xindex>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpi slt, %a, %b : tensor<?x2xindex>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xindex>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xindex>
  } : tensor<?x2xi1>, tensor<?x2xindex>
  return %s, %p, %m, %lt, %sel : tensor<?x2xindex>, tensor<?x2xindex>, tensor<?x2xindex>, tensor<?x2xi1>, tensor<?x2xindex>
}

func.func @f16_ops(%a: tensor<?x2xf16>, %b: tensor<?x2xf16>) -> (tensor<?x2xf16>, tensor<?x2xf16>, tensor<?x2xf16>, tensor<?x2xi1>, tensor<?x2xf16>) {
  %s = arith.addf %a, %b : tensor<?x2xf16>
  %p = arith.mulf %a, %b : tensor<?x2xf16>
  %m = arith.maximumf %a, %b : tensor<?x2xf16>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpf olt, %a, %b : tensor<?x2xf16>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xf16>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xf16>
  } : tensor<?x2xi1>, tensor<?x2xf16>
  return %s, %p, %m, %lt, %sel : tensor<?x2xf16>, tensor<?x2xf16>, tensor<?x2xf16>, tensor<?x2xi1>, tensor<?x2xf16>
}

func.func @bf16_ops(%a: tensor<?x2xbf16>, %b: tensor<?x2xbf16>) -> (tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<?x2xi1>, tensor<?x2xbf16>) {
  %s = arith.addf %a, %b : tensor<?x2xbf16>
  %p = arith.mulf %a, %b : tensor<?x2xbf16>
  %m = arith.maximumf %a, %b : tensor<?x2xbf16>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpf olt, %a, %b : tensor<?x2xbf16>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xbf16>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xbf16>
  } : tensor<?x2xi1>, tensor<?x2xbf16>
  return %s, %p, %m, %lt, %sel : tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<?x2xi1>, tensor<?x2xbf16>
}

func.func @f32_ops(%a: tensor<?x2xf32>, %b: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xi1>, tensor<?x2xf32>) {
  %s = arith.addf %a, %b : tensor<?x2xf32>
  %p = arith.mulf %a, %b : tensor<?x2xf32>
  %m = arith.maximumf %a, %b : tensor<?x2xf32>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpf olt, %a, %b : tensor<?x2xf32>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xf32>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xf32>
  } : tensor<?x2xi1>, tensor<?x2xf32>
  return %s, %p, %m, %lt, %sel : tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xi1>, tensor<?x2xf32>
}

func.func @f64_ops(%a: tensor<?x2xf64>, %b: tensor<?x2xf64>) -> (tensor<?x2xf64>, tensor<?x2xf64>, tensor<?x2xf64>, tensor<?x2xi1>, tensor<?x2xf64>) {
  %s = arith.addf %a, %b : tensor<?x2xf64>
  %p = arith.mulf %a, %b : tensor<?x2xf64>
  %m = arith.maximumf %a, %b : tensor<?x2xf64>
  %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = arith.cmpf olt, %a, %b : tensor<?x2xf64>
    %v = arith.select %c, %a, %b : tensor<?x2xi1>, tensor<?x2xf64>
    util.return %c, %v : tensor<?x2xi1>, tensor<?x2xf64>
  } : tensor<?x2xi1>, tensor<?x2xf64>
  return %s, %p, %m, %lt, %sel : tensor<?x2xf64>, tensor<?x2xf64>, tensor<?x2xf64>, tensor<?x2xi1>, tensor<?x2xf64>
}

// i1: or, and, xor, a < b (unsigned) and select(a < b, b, a).
func.func @i1_ops(%a: tensor<?x2xi1>, %b: tensor<?x2xi1>) -> (tensor<?x2xi1>, tensor<?x2xi1>, tensor<?x2xi1>, tensor<?x2xi1>, tensor<?x2xi1>) {
  %o = arith.ori %a, %b : tensor<?x2xi1>
  %n = arith.andi %a, %b : tensor<?x2xi1>
  %x, %lt, %sel = util.annotate [#hal.device.target<"llvm-cpu">] {
    %0 = arith.xori %a, %b : tensor<?x2xi1>
    %1 = arith.cmpi ult, %a, %b : tensor<?x2xi1>
    %2 = arith.select %1, %b, %a : tensor<?x2xi1>, tensor<?x2xi1>
    util.return %0, %1, %2 : tensor<?x2xi1>, tensor<?x2xi1>, tensor<?x2xi1>
  } : tensor<?x2xi1>, tensor<?x2xi1>, tensor<?x2xi1>
  return %o, %n, %x, %lt, %sel : tensor<?x2xi1>, tensor<?x2xi1>, tensor<?x2xi1>, tensor<?x2xi1>, tensor<?x2xi1>
}
