// The program without scopes is the program with scopes, stripped: after
// util-strip-scopes (and canonicalization and CSE, which clean up the dims
// computed for scopes) the program with scopes is the reference program
// without its driver. The oracle checks this for every seed; here for two,
// with and without devices on functions.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-gen --seed=5 --no-scopes=func-device,module-device -o %t/s.mlir --reference=%t/r.mlir
// RUN: scope-opt --util-strip-scopes --canonicalize --cse %t/s.mlir -o %t/s.canon.mlir
// RUN: scope-opt --symbol-privatize=exclude=main --symbol-dce --canonicalize --cse %t/r.mlir -o %t/r.canon.mlir
// RUN: diff %t/s.canon.mlir %t/r.canon.mlir
// Scopes were there to strip.
// RUN: FileCheck %s --check-prefix=SCOPED < %t/s.mlir
// SCOPED: util.{{scope|annotate}}
// RUN: scope-gen --seed=9 --scopes=zone,nest,annotate,scope,insert-pass -o %t/s9.mlir --reference=%t/r9.mlir
// RUN: scope-opt --util-strip-scopes --canonicalize --cse %t/s9.mlir -o %t/s9.canon.mlir
// RUN: scope-opt --symbol-privatize=exclude=main --symbol-dce --canonicalize --cse %t/r9.mlir -o %t/r9.canon.mlir
// RUN: diff %t/s9.canon.mlir %t/r9.canon.mlir

// --without-scopes writes the reference program without its driver: the
// same as dropping the driver from --reference's (what the oracle compares
// the stripped program with, in one scope-opt --split-input-file run).
// RUN: scope-gen --seed=5 --no-scopes=func-device,module-device -o %t/s5.mlir --reference=%t/r5.mlir \
// RUN:   --without-scopes=%t/p5.mlir
// RUN: cmp %t/s5.mlir %t/s.mlir
// RUN: scope-opt --symbol-privatize=exclude=main --symbol-dce %t/r5.mlir -o %t/r5.nodriver.mlir
// RUN: scope-opt %t/p5.mlir -o %t/p5.printed.mlir
// RUN: diff %t/r5.nodriver.mlir %t/p5.printed.mlir
// RUN: FileCheck %s --check-prefix=PROGRAM --implicit-check-not=reference_main \
// RUN:   --implicit-check-not=util. < %t/p5.mlir
// PROGRAM: func.func @main(
