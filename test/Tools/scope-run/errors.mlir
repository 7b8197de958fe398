// Every CLI error of scope-run is a one-line message and exit code 1, never
// a crash. (`not` fails on a crash as well as on success: it requires exit 1.)

// Unknown function.
// RUN: not scope-run %S/Inputs/add.mlir --function=nope 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: scope-run: no function '@nope' with a body in

// A private function is not an entry point.
// RUN: not scope-run %S/Inputs/add.mlir --function=hidden --input="2xf32=1" 2>&1 | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: scope-run: function '@hidden' is private

// Wrong number of inputs.
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1" 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: scope-run: @add_scale: the function takes 2 inputs but 1 were given (--input=...)

// Wrong static dim, rank and element type.
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2x4xf32=1" --input="2x3xf32=1" 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: scope-run: @add_scale: input #0 is 2x4xf32 but argument #0 has type tensor<?x3xf32>
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="3xf32=1" --input="2x3xf32=1" 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: scope-run: @add_scale: input #0 is 3xf32 but argument #0 has type tensor<?x3xf32>
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1" --input="2x3xi32=1" 2>&1 | FileCheck %s --check-prefix=ELTYPE
// ELTYPE: scope-run: @add_scale: input #1 is 2x3xi32 but argument #1 has type tensor<?x3xf32>

// Bad literals, value counts, types and specs.
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1 2 x 4 5 6" 2>&1 | FileCheck %s --check-prefix=LITERAL
// LITERAL: scope-run: --input #0: bad f32 literal 'x'
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1 2 3" 2>&1 | FileCheck %s --check-prefix=VALUES
// VALUES: scope-run: --input #0: input '2x3xf32' needs 6 values (or one to splat) but 3 were given
// RUN: not scope-run %S/Inputs/add.mlir --function=ints --input="4xi32=1 2 3 4.5" 2>&1 | FileCheck %s --check-prefix=INTLIT
// INTLIT: scope-run: --input #0: bad i32 literal '4.5'
// RUN: not scope-run %S/Inputs/add.mlir --function=ints --input="4xi8=300" 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: scope-run: --input #0: literal '300' does not fit in i8
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xui8=1" 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: scope-run: --input #0: unsupported element type 'ui8' in '2x3xui8'
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2xyxf32=1" 2>&1 | FileCheck %s --check-prefix=DIM
// DIM: scope-run: --input #0: bad dimension 'y' in '2xyxf32'
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="1 2 3" 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC: scope-run: --input #0: bad input '1 2 3': expected SHAPExTYPE=VALUES

// Unreadable and malformed files.
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input=@%t.missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: scope-run: --input #0: cannot read '{{.+}}missing.npy':
// RUN: printf 'not numpy' > %t.bad.npy
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input=@%t.bad.npy 2>&1 | FileCheck %s --check-prefix=BADNPY
// BADNPY: scope-run: --input #0: '{{.+}}bad.npy' is not a supported .npy file: missing the \x93NUMPY magic
// RUN: printf 'abc' > %t.short.bin
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=@%t.short.bin" 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: scope-run: --input #0: '{{.+}}short.bin' holds 3 bytes but 2x3xf32 needs 24
// RUN: not scope-run %t.no-such-file.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: scope-run: cannot open input file '{{.+}}no-such-file.mlir'

// Unsupported signatures, too many outputs, bad output specs.
// RUN: not scope-run %S/Inputs/add.mlir --function=vector_arg --input="4xf32=1" 2>&1 | FileCheck %s --check-prefix=VECTOR
// VECTOR: scope-run: @vector_arg: result #0 has type vector<4xf32>: scope-run passes only ranked tensors, identity-layout memrefs and scalars
// A scalar argument takes a rank-0 input.
// RUN: not scope-run %S/Inputs/add.mlir --function=scalar_arg --input="1xf32=1" 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: scope-run: @scalar_arg: input #0 is 1xf32 but argument #0 has type f32
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="1x3xf32=1" --input="1x3xf32=1" --output=@a --output=@b --output=@c 2>&1 | FileCheck %s --check-prefix=OUTPUTS
// OUTPUTS: scope-run: 3 --output given but @add_scale has 2 results
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="1x3xf32=1" --input="1x3xf32=1" --output=file.npy 2>&1 | FileCheck %s --check-prefix=OUTSPEC
// OUTSPEC: scope-run: --output 'file.npy': expected @file.npy or -

// Devices: an unregistered backend is reported at the op naming it, with
// the registered ones; so is an unknown host backend.
// RUN: not scope-run %S/Inputs/unknown-device.mlir --function=main --input="2xf32=1" 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: unknown-device.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unknown target backend 'gpu'; registered backends: llvm-cpu, llvm-cpu-loops
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --host-backend=tpu 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: scope-run: unknown host backend 'tpu'; registered backends: llvm-cpu, llvm-cpu-loops

// Invalid IR: the parser's diagnostic, exit 1.
// RUN: printf 'func.func @f( {' > %t.broken.mlir
// RUN: not scope-run %t.broken.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: error:
