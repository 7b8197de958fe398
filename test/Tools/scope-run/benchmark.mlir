// --benchmark=N compiles once, calls the function N times and prints the
// compile time and one row of per-call min/median/max wall times (shaped
// like iree-benchmark-module's report) instead of the results.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1" --input="2x3xf32=2" --benchmark=3 | FileCheck %s
// CHECK:      Compile time: {{[0-9.]+}} {{s|ms|us}} (passes, LLVM and machine code)
// CHECK-NEXT: ---
// CHECK-NEXT: Benchmark Min Median Max Iterations
// CHECK-NEXT: ---
// CHECK-NEXT: BM_add_scale/real_time {{[0-9.]+ (s|ms|us)}} {{[0-9.]+ (s|ms|us)}} {{[0-9.]+ (s|ms|us)}} 3{{$}}
// CHECK-NOT:  2x3xf32=

// A failing input check still fails before anything runs.
// RUN: not scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1" --benchmark=3 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: scope-run: @add_scale: the function takes 2 inputs but 1 were given
