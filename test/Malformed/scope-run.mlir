// Malformed input to scope-run: a program broken as a file, a program it
// cannot compile, and broken .npy inputs. Each is a diagnostic (located when
// it is about the program) and exit code 1, never a crash.
// RUN: rm -rf %t && mkdir -p %t

// A truncated program: the parser's located error.
// RUN: head -c 400 %S/../Tools/scope-run/Inputs/add.mlir > %t/truncated.mlir
// RUN: %expect_exit 1 scope-run %t/truncated.mlir --function=add_scale \
// RUN:   --input=1x3xf32=1 --input=1x3xf32=1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRUNCATED --implicit-check-not=error:
// TRUNCATED: truncated.mlir:8:10: error: Dialect `' not found for custom op 'lina'

// Control bytes and invalid UTF-8 instead of a program.
// RUN: printf '\001\002garbage\377\n' > %t/garbage.mlir
// RUN: %expect_exit 1 scope-run %t/garbage.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GARBAGE --implicit-check-not=error:
// GARBAGE: garbage.mlir:1:1: error: unexpected character

// Valid IR the compile pipeline rejects: located at the scope, then one
// line saying compilation failed.
// RUN: %expect_exit 1 scope-run %S/Inputs/scope-run-undimmable.mlir \
// RUN:   --input=i64=3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMPILE --implicit-check-not=error:
// COMPILE: scope-run-undimmable.mlir:5:8: error: 'util.annotate' op result #0: cannot compute dynamic dimension #0 above the scope
// COMPILE: scope-run: compilation failed

// A .npy file cut inside its header.
// RUN: printf '\223NUMPY\001\000\100\000{' > %t/truncated.npy
// RUN: %expect_exit 1 scope-run %S/../Tools/scope-run/Inputs/add.mlir \
// RUN:   --function=add_scale --input=@%t/truncated.npy --input=1x3xf32=1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPY-HEADER
// NPY-HEADER: scope-run: --input #0: '{{.+}}truncated.npy' is not a supported .npy file: truncated header

// A .npy file with fewer data bytes than its shape needs.
// RUN: %python -c "import struct, sys; h = \"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }\"; h += ' ' * (63 - 10 - len(h)) + '\n'; sys.stdout.buffer.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode() + struct.pack('<3f', 1, 2, 3))" > %t/short.npy
// RUN: %expect_exit 1 scope-run %S/../Tools/scope-run/Inputs/add.mlir \
// RUN:   --function=add_scale --input=@%t/short.npy --input=1x3xf32=1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPY-SHORT
// NPY-SHORT: scope-run: --input #0: '{{.+}}short.npy' is not a supported .npy file: holds 12 data bytes but 2x3xf32 needs 24

// A .npy file in Fortran order.
// RUN: %python -c "import struct, sys; h = \"{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }\"; h += ' ' * (63 - 10 - len(h)) + '\n'; sys.stdout.buffer.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode() + struct.pack('<6f', 1, 2, 3, 4, 5, 6))" > %t/fortran.npy
// RUN: %expect_exit 1 scope-run %S/../Tools/scope-run/Inputs/add.mlir \
// RUN:   --function=add_scale --input=@%t/fortran.npy --input=1x3xf32=1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPY-FORTRAN
// NPY-FORTRAN: scope-run: --input #0: '{{.+}}fortran.npy' is not a supported .npy file: Fortran order is not supported (save with C order)

// A .npy file whose element type does not match the argument.
// RUN: %python -c "import struct, sys; h = \"{'descr': '<f8', 'fortran_order': False, 'shape': (1, 3), }\"; h += ' ' * (63 - 10 - len(h)) + '\n'; sys.stdout.buffer.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode() + struct.pack('<3d', 1, 2, 3))" > %t/f64.npy
// RUN: %expect_exit 1 scope-run %S/../Tools/scope-run/Inputs/add.mlir \
// RUN:   --function=add_scale --input=@%t/f64.npy --input=1x3xf32=1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPY-TYPE
// NPY-TYPE: scope-run: @add_scale: input #0 is 1x3xf64 but argument #0 has type tensor<?x3xf32>
