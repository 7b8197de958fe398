// Every element type scope-run exchanges, literal and .npy, and scalar
// arguments and results. The .npy bytes are written and read by
// Inputs/npy.py, not by scope-run: bf16 is the 2-byte void (`<V2`) that
// numpy.save writes for an ml_dtypes.bfloat16 array (1.0 is 0x3f80).
// RUN: rm -rf %t && mkdir -p %t

// f16 and bf16 literals round to nearest-even; doubling overflows to inf.
// RUN: scope-run %S/Inputs/element-types.mlir --function=f16 --input="4xf16=1 0.1 -2.5 65504" | FileCheck %s --check-prefix=F16
// F16: 4xf16=2 0.199951 -5 inf
// RUN: scope-run %S/Inputs/element-types.mlir --function=bf16 --input="2x2xbf16=1 0.1 -2.5 3e38" | FileCheck %s --check-prefix=BF16
// BF16: 2x2xbf16=[2 0.200195][-5 inf]
// RUN: scope-run %S/Inputs/element-types.mlir --function=i8 --input="4xi8=1 -3 64 127" | FileCheck %s --check-prefix=I8
// I8: 4xi8=2 -6 -128 -2
// RUN: scope-run %S/Inputs/element-types.mlir --function=i16 --input="4xi16=1 -3 64 127" | FileCheck %s --check-prefix=I16
// I16: 4xi16=2 -6 128 254
// RUN: scope-run %S/Inputs/element-types.mlir --function=bool --input=i1=1 | FileCheck %s --check-prefix=I1
// I1: i1=0

// .npy in and out: bf16 [1 2 0 -1.5] doubled is [2 4 0 -3].
// RUN: %python %S/Inputs/npy.py write %t/b.npy '<V2' 2x2 803f00400000c0bf
// RUN: scope-run %S/Inputs/element-types.mlir --function=bf16 --input=@%t/b.npy --output=@%t/b2.npy
// RUN: %python %S/Inputs/npy.py dump %t/b2.npy | FileCheck %s --check-prefix=BF16NPY
// BF16NPY: <V2 2x2 00408040000040c0
// f16 [1 2 3 -4] doubled is [2 4 6 -8], printed and written.
// RUN: %python %S/Inputs/npy.py write %t/h.npy '<f2' 4 003c0040004200c4
// RUN: scope-run %S/Inputs/element-types.mlir --function=f16 --input=@%t/h.npy | FileCheck %s --check-prefix=F16NPY
// F16NPY: 4xf16=2 4 6 -8
// RUN: scope-run %S/Inputs/element-types.mlir --function=f16 --input=@%t/h.npy --output=@%t/h2.npy
// RUN: %python %S/Inputs/npy.py dump %t/h2.npy | FileCheck %s --check-prefix=F16OUT
// F16OUT: <f2 4 00400044004600c8
// What scope-run writes, it reads back.
// RUN: scope-run %S/Inputs/element-types.mlir --function=bf16 --input=@%t/b2.npy | FileCheck %s --check-prefix=BF16BACK
// BF16BACK: 2x2xbf16=[4 8][0 -6]

// Scalars: arguments by value, results printed and written as rank-0 .npy.
// RUN: scope-run %S/Inputs/element-types.mlir --function=scalars --input=f32=0.5 --input=i64=3 | FileCheck %s --check-prefix=SCALARS
// SCALARS: f32=1
// SCALARS-NEXT: i64=6
// RUN: scope-run %S/Inputs/element-types.mlir --function=scalars --input=f32=0.5 --input=i64=3 --output=@%t/s.npy --output=@%t/n.npy
// RUN: %python %S/Inputs/npy.py dump %t/s.npy | FileCheck %s --check-prefix=SNPY
// RUN: %python %S/Inputs/npy.py dump %t/n.npy | FileCheck %s --check-prefix=NNPY
// SNPY: <f4 - 0000803f
// NNPY: <i8 - 0600000000000000
// RUN: %python %S/Inputs/npy.py write %t/x.npy '<f4' - 0000c03f
// RUN: scope-run %S/Inputs/element-types.mlir --function=scalars --input=@%t/x.npy --input=i64=-4 | FileCheck %s --check-prefix=SNPYIN
// SNPYIN: f32=3
// SNPYIN-NEXT: i64=-8
// A tensor and a scalar in, both out.
// RUN: scope-run %S/Inputs/element-types.mlir --function=scale --input="3xf32=1 2 3" --input=f32=0.5 | FileCheck %s --check-prefix=MIXED
// MIXED: 3xf32=0.5 1 1.5
// MIXED-NEXT: f32=0.5
// RUN: scope-run %S/Inputs/element-types.mlir --function=half_scalar --input=f16=1.5 | FileCheck %s --check-prefix=HALF
// HALF: f16=3

// Bad inputs: located messages and a non-zero exit.
// RUN: not scope-run %S/Inputs/element-types.mlir --function=half_scalar --input=f16=1e5 2>&1 | FileCheck %s --check-prefix=ERR-F16
// ERR-F16: scope-run: --input #0: literal '1e5' does not fit in f16
// RUN: not scope-run %S/Inputs/element-types.mlir --function=bf16 --input="2x2xbf16=1 2 3 x" 2>&1 | FileCheck %s --check-prefix=ERR-BF16
// ERR-BF16: scope-run: --input #0: bad bf16 literal 'x'
// RUN: not scope-run %S/Inputs/element-types.mlir --function=i8 --input="4xi8=1 2 3 -129" 2>&1 | FileCheck %s --check-prefix=ERR-I8
// ERR-I8: scope-run: --input #0: literal '-129' does not fit in i8
// RUN: not scope-run %S/Inputs/element-types.mlir --function=bool --input=i1=2 2>&1 | FileCheck %s --check-prefix=ERR-I1
// ERR-I1: scope-run: --input #0: bad i1 literal '2'
// RUN: not scope-run %S/Inputs/element-types.mlir --function=scalars --input=2xf32=1 --input=i64=3 2>&1 | FileCheck %s --check-prefix=ERR-SCALAR
// ERR-SCALAR: scope-run: @scalars: input #0 is 2xf32 but argument #0 has type f32
// RUN: not scope-run %S/Inputs/element-types.mlir --function=scalars --input=f64=0.5 --input=i64=3 2>&1 | FileCheck %s --check-prefix=ERR-SCALARTYPE
// ERR-SCALARTYPE: scope-run: @scalars: input #0 is f64 but argument #0 has type f32
// RUN: not scope-run %S/Inputs/element-types.mlir --function=i16 --input=i16=3 2>&1 | FileCheck %s --check-prefix=ERR-RANK0
// ERR-RANK0: scope-run: @i16: input #0 is i16 but argument #0 has type tensor<4xi16>
// RUN: %python %S/Inputs/npy.py write %t/bad.npy '<V4' 2 0000c03f0000c03f
// RUN: not scope-run %S/Inputs/element-types.mlir --function=bf16 --input=@%t/bad.npy 2>&1 | FileCheck %s --check-prefix=ERR-NPY
// ERR-NPY: scope-run: --input #0: '{{.+}}bad.npy' is not a supported .npy file: dtype '<V4' is not one of bool, int8/16/32/64, float16/32/64 or bfloat16 (little-endian)
