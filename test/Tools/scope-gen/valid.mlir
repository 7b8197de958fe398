// Every output of scope-gen is valid: the program with scopes for scope-opt,
// the reference (program without scopes plus its driver) for upstream
// mlir-opt, which knows none of scopeir's dialects; the inputs are
// scope-run literals matching @main's arguments, and the description is
// JSON with what the oracle reads.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-gen --seed=1 -o %t/1.mlir --reference=%t/1.ref.mlir --inputs=%t/1.txt --meta=%t/1.json
// RUN: scope-opt %t/1.mlir -o /dev/null
// RUN: mlir-opt %t/1.ref.mlir -o /dev/null
// RUN: scope-gen --seed=2 -o %t/2.mlir --reference=%t/2.ref.mlir
// RUN: scope-opt %t/2.mlir -o /dev/null
// RUN: mlir-opt %t/2.ref.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=INPUTS < %t/1.txt
// INPUTS: --input={{([0-9]+x)+}}f32={{[-0-9.,]+$}}
// RUN: FileCheck %s --check-prefix=META < %t/1.json
// META: "seed": 1,
// META: "host_backend": "llvm-cpu{{(-loops)?}}",
// META: "uniform_backend":
// META: "inputs": [
// META: "results": [
// META: "type": "{{([0-9]+x)*}}f32",
// META: "err": {{[-0-9.e]+}},
// META: "exact": {{true|false}},
// META: "features": {
// META: "scopes": {
// The reference holds @main and the driver that prints each result's bits.
// RUN: FileCheck %s --check-prefix=REF < %t/1.ref.mlir
// REF: func.func @main(
// REF: func.func private @printMemrefI32(tensor<*xi32>)
// REF: func.func @reference_main()
// REF: call @main(
// REF: arith.bitcast {{.+}} : f32 to i32
// REF: call @printMemrefI32(
