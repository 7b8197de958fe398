// The differential oracle and its reduction on a planted miscompile: a
// stand-in scope-run (Inputs/planted-scope-run.py) changes a result bit when
// the program has a transpose and a zone. The seed must fail as a mismatch
// with and without scopes (the program without scopes is computed right),
// be kept with its repro, and shrink to the transpose in its zone.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env PLANTED_SCOPE_RUN=%scopeir_tools_dir/scope-run \
// RUN:   not %python %scopeir_src_root/utils/differential.py --tools-dir=%scopeir_tools_dir \
// RUN:   --llvm-dir=%llvm_tools_dir/.. --work=%t --jobs=1 --reduce \
// RUN:   --scope-run=%S/Inputs/planted-scope-run.py \
// RUN:   --gen-arg=--ops=matmul,elementwise,transpose --gen-arg=--min-ops=5 --gen-arg=--max-ops=6 \
// RUN:   --gen-arg=--scopes=zone,annotate --gen-arg=--scope-density=1 --gen-arg=--no-ops=dynamic \
// RUN:   1 2 | FileCheck %s
// RUN: FileCheck %s --check-prefix=REDUCED < %t/failures/seed-2/reduced.mlir
// RUN: scope-opt %t/failures/seed-2/reduced.mlir -o /dev/null
// The reduced program is still interesting; the stripped one is not.
// RUN: env PLANTED_SCOPE_RUN=%scopeir_tools_dir/scope-run \
// RUN:   not %t/failures/seed-2/interesting.sh %t/failures/seed-2/reduced.mlir
// RUN: env PLANTED_SCOPE_RUN=%scopeir_tools_dir/scope-run \
// RUN:   %t/failures/seed-2/interesting.sh %t/failures/seed-2/stripped.mlir
// RUN: FileCheck %s --check-prefix=REPRO < %t/failures/seed-2/repro.sh

// CHECK: seed 2: FAIL scoped-vs-stripped: result 0: 1 values differ (bit for bit expected
// CHECK: seed 2: scoped.mlir reduced from {{[0-9]+}} to {{[0-9]+}} lines
// CHECK: differential: 1 seeds (2-2)
// CHECK: failing seeds: 1
// CHECK-NEXT: scoped-vs-stripped 1 (seeds 2)

// REDUCED: func.func @main
// REDUCED: util.annotate [#util.zone<"z0">]
// REDUCED: linalg.transpose
// REDUCED-NOT: linalg.matmul
// REDUCED-NOT: linalg.generic

// REPRO: # seed 2: the results with scopes differ from those without
// REPRO: scope-gen --seed=2 --ops=matmul,elementwise,transpose
// REPRO: scope-run scoped.mlir
