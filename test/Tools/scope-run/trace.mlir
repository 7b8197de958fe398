// scope-run --trace writes Chrome trace-event JSON. The file is parsed back
// and its structure checked by Inputs/check-trace.py (JSON, complete events,
// proper nesting per track, zones nested as their scope paths say,
// dispatches with devices), with the counts this model must give: a slice
// per zone entry (3 for the zone in a loop of 3 iterations), one per
// dispatch run, and the passes of the compile pipeline.
// DEFINE: %{inputs} = --input="2x4xf32=1 2 3 4 5 6 7 8" --input="4x4xf32=0.5"
// DEFINE: %{expect} = --zone encoder=1 --zone encoder/proj=1 --zone encoder/step=3 --zone head=1 --zone head/neg=1 --zone epilogue=1 --dispatches 6 --device llvm-cpu --device llvm-cpu-loops --device host --pass util-trace-zones --pass flow-form-dispatch-regions --pass flow-trace-dispatches --pass util-lower-trace-markers

// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %S/Inputs/zones.mlir %{inputs} --trace=%t/trace.json > %t/traced.txt
// RUN: %python %S/Inputs/check-trace.py %t/trace.json %{expect}

// The checker fails on wrong expectations (it is not vacuous).
// RUN: not %python %S/Inputs/check-trace.py %t/trace.json --zone encoder/step=4 | FileCheck %s --check-prefix=WRONG
// WRONG: check-trace: zone encoder/step: 3 slices, expected 4
// RUN: not %python %S/Inputs/check-trace.py %t/trace.json --device gpu

// Several runs (--benchmark) give a slice per call, on the same tracks.
// RUN: scope-run %S/Inputs/zones.mlir %{inputs} --benchmark=2 --trace=%t/bench.json > /dev/null
// RUN: %python %S/Inputs/check-trace.py %t/bench.json --zone encoder=2 --zone encoder/step=6 --dispatches 12

// Tracing changes no result and no dispatch: the same dispatch map, the same
// outputs.
// RUN: scope-run %S/Inputs/zones.mlir %{inputs} > %t/plain.txt
// RUN: diff %t/plain.txt %t/traced.txt
// RUN: scope-run %S/Inputs/zones.mlir %{inputs} --dump-dispatches > %t/plain-map.txt
// RUN: scope-run %S/Inputs/zones.mlir %{inputs} --dump-dispatches --trace=%t/map.json > %t/traced-map.txt
// RUN: diff %t/plain-map.txt %t/traced-map.txt
// RUN: FileCheck %s --check-prefix=MAP < %t/traced-map.txt
// MAP-COUNT-4: dispatch #

// With tracing the compiled module calls the runtime; without it there is
// no trace call, no site and no declaration.
// RUN: scope-run %S/Inputs/zones.mlir --emit-llvm-dialect | FileCheck %s --check-prefix=OFF --implicit-check-not=scopeir_trace
// OFF: llvm.func @main
// RUN: scope-run %S/Inputs/zones.mlir --emit-llvm-dialect --trace=%t/emit.json | FileCheck %s --check-prefix=ON
// ON-DAG: llvm.call @scopeir_trace_begin
// ON-DAG: llvm.call @scopeir_trace_end
// ON-DAG: llvm.mlir.global internal constant @__scopeir_trace_site_

// --print-zones prints, at exit, a row per zone path in the order zones were
// first entered, with calls counted per entry.
// RUN: scope-run %S/Inputs/zones.mlir %{inputs} --print-zones 2> %t/zones.txt > /dev/null
// RUN: FileCheck %s --check-prefix=ZONES < %t/zones.txt
// ZONES:      zone calls total ms mean us % of run
// ZONES-NEXT: encoder 1 {{[0-9]+\.[0-9]{3} [0-9]+\.[0-9]{3} [0-9]+\.[0-9]}}%
// ZONES-NEXT: encoder/proj 1 {{[0-9]}}
// ZONES-NEXT: encoder/step 3 {{[0-9]}}
// ZONES-NEXT: head 1 {{[0-9]}}
// ZONES-NEXT: head/neg 1 {{[0-9]}}
// ZONES-NEXT: epilogue 1 {{[0-9]}}
// ZONES-NEXT: run time: {{[0-9.]+}} ms

// A --trace path that cannot be written is an error before compiling.
// RUN: not scope-run %S/Inputs/zones.mlir %{inputs} --trace=%t/no-such-dir/t.json 2>&1 | FileCheck %s --check-prefix=BADPATH
// BADPATH: scope-run: --trace={{.*}}no-such-dir/t.json: cannot open for writing: No such file or directory
// BADPATH-NOT: error
// RUN: not scope-run %S/Inputs/zones.mlir %{inputs} --trace=%t 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: scope-run: --trace={{.*}}: is a directory
// Before compiling: a bad trace path is reported even for a module that
// does not parse.
// RUN: echo "garbage" > %t/bad.mlir
// RUN: not scope-run %t/bad.mlir --trace=%t/no-such-dir/t.json 2>&1 | FileCheck %s --check-prefix=BADPATH

// A compile that fails still leaves a valid trace: the passes up to the
// failing one (here the backend contract rejects a complex op).
// RUN: not scope-run %S/Inputs/compile-fails.mlir --input="2x4xf32=1" --trace=%t/fail.json 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: scope-run: compilation failed
// RUN: %python %S/Inputs/check-trace.py %t/fail.json --pass flow-form-dispatch-regions --dispatches 0
