// --strip-scopes strips every scope before compiling: the results are, bit
// for bit, those of the program scope-opt --util-strip-scopes prints, and
// the module compiled holds no scope (every op on the host backend: no
// dispatch of a device backend).
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-opt --util-strip-scopes %S/Inputs/add.mlir -o %t/stripped.mlir
// RUN: scope-run %t/stripped.mlir --function=add_scale --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --input="2x3xf32=0.5" --output=@%t/file.0.npy --output=@%t/file.1.npy
// RUN: scope-run %S/Inputs/add.mlir --strip-scopes --function=add_scale \
// RUN:   --input="2x3xf32=1 2 3 4 5 6" --input="2x3xf32=0.5" \
// RUN:   --output=@%t/flag.0.npy --output=@%t/flag.1.npy
// RUN: cmp %t/file.0.npy %t/flag.0.npy
// RUN: cmp %t/file.1.npy %t/flag.1.npy
// RUN: scope-run %S/Inputs/add.mlir --strip-scopes --function=add_scale --dump-dispatches \
// RUN:   --input="2x3xf32=1" --input="2x3xf32=2" | FileCheck %s --check-prefix=DISPATCHES
// DISPATCHES-NOT: llvm-cpu"
// DISPATCHES: 2x3xf32=[3 3 3][3 3 3]
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --dump-dispatches \
// RUN:   --input="2x3xf32=1" --input="2x3xf32=2" | FileCheck %s --check-prefix=KEPT
// KEPT: llvm-cpu"
