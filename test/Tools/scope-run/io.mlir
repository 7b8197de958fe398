// Inputs and outputs of scope-run: literals, splats, brackets, dynamic dims,
// several results, integer and boolean types, rank 0, .npy and raw files.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale \
// RUN:   --input="2x3xf32=1 2 3 4 5 6" --input="2x3xf32=0.5" | FileCheck %s --check-prefix=LITERAL
// LITERAL:      2x3xf32=[1.5 2.5 3.5][4.5 5.5 6.5]
// LITERAL-NEXT: 2x3xf32=[3 5 7][9 11 13]

// Brackets and commas are separators; the batch dim follows the input.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale \
// RUN:   --input="1x3xf32=[1, 2, 3]" --input="1x3xf32=[-1, -2, -3.5]" | FileCheck %s --check-prefix=BATCH1
// BATCH1:      1x3xf32=[0 0 -0.5]
// BATCH1-NEXT: 1x3xf32=[0 0 -1]

// A batch of zero rows.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale \
// RUN:   --input="0x3xf32=" --input="0x3xf32=" | FileCheck %s --check-prefix=EMPTY
// EMPTY:      0x3xf32=
// EMPTY-NEXT: 0x3xf32=

// .npy round trip: results written with --output=@, read back with --input=@.
// RUN: rm -f %t.sum.npy %t.twice.npy
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale \
// RUN:   --input="2x3xf32=1 2 3 4 5 6" --input="2x3xf32=1" \
// RUN:   --output=@%t.sum.npy --output=@%t.twice.npy | count 0
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale \
// RUN:   --input=@%t.sum.npy --input=@%t.twice.npy | FileCheck %s --check-prefix=NPY
// NPY:      2x3xf32=[6 9 12][15 18 21]
// NPY-NEXT: 2x3xf32=[12 18 24][30 36 42]

// The .npy header is what NumPy writes (format 1.0, '<f4', C order).
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); print(d[:6] == b'\x93NUMPY', d[6], (10 + d[8] + 256 * d[9]) %% 64, d[10:80].decode())" %t.sum.npy | FileCheck %s --check-prefix=HEADER
// HEADER: True 1 0 {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }

// '-' prints a result even when a later one goes to a file.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale \
// RUN:   --input="1x3xf32=1" --input="1x3xf32=1" --output=- --output=@%t.twice2.npy | FileCheck %s --check-prefix=DASH
// DASH: 1x3xf32=[2 2 2]
// DASH-NOT: 1x3xf32

// Raw binary input: little-endian C-order bytes.
// RUN: %python -c "import struct, sys; open(sys.argv[1], 'wb').write(struct.pack('<6f', 1, 2, 3, 4, 5, 6))" %t.raw.bin
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale \
// RUN:   --input="2x3xf32=@%t.raw.bin" --input="2x3xf32=0" | FileCheck %s --check-prefix=RAW
// RAW: 2x3xf32=[1 2 3][4 5 6]

// Integers, booleans, rank 0; unsigned spellings of i8 wrap.
// RUN: scope-run %S/Inputs/add.mlir --function=ints \
// RUN:   --input="4xi32=1 -2 3 2147483647" --input="2x2xi64=3 -4 5 3037000499" \
// RUN:   --input="3xi8=-128 127 255" --input="2xi1=true 0" --input="f64=2.5" | FileCheck %s --check-prefix=INTS
// INTS:      4xi32=2 -4 6 -2
// INTS-NEXT: 2x2xi64=[9 16][25 9223372030926249001]
// INTS-NEXT: 3xi8=-128 127 -1
// INTS-NEXT: 2xi1=1 0
// INTS-NEXT: f64=2.5
