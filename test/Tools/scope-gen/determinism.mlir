// scope-gen is deterministic: the same seed and options give the same bytes
// in every output (the draws use std::mt19937_64's raw output, fully
// specified by the C++ standard); another seed gives another program.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-gen --seed=11 -o %t/a.mlir --reference=%t/a.ref.mlir --inputs=%t/a.txt --meta=%t/a.json
// RUN: scope-gen --seed=11 -o %t/b.mlir --reference=%t/b.ref.mlir --inputs=%t/b.txt --meta=%t/b.json
// RUN: cmp %t/a.mlir %t/b.mlir
// RUN: cmp %t/a.ref.mlir %t/b.ref.mlir
// RUN: cmp %t/a.txt %t/b.txt
// RUN: cmp %t/a.json %t/b.json
// RUN: scope-gen --seed=12 -o %t/c.mlir
// RUN: not cmp -s %t/a.mlir %t/c.mlir
// The same with options, and on stdout.
// RUN: scope-gen --seed=3 --ops=matmul,elementwise,reduction --scopes=zone,annotate > %t/d.mlir
// RUN: scope-gen --seed=3 --ops=matmul,elementwise,reduction --scopes=zone,annotate > %t/e.mlir
// RUN: cmp %t/d.mlir %t/e.mlir
// --count=N generates N seeds in one process, each as it is alone: %d in a
// file name is the seed.
// RUN: scope-gen --seed=10 --count=3 -o %t/n%d.mlir --reference=%t/n%d.ref.mlir \
// RUN:   --inputs=%t/n%d.txt --meta=%t/n%d.json
// RUN: cmp %t/n11.mlir %t/a.mlir
// RUN: cmp %t/n11.ref.mlir %t/a.ref.mlir
// RUN: cmp %t/n11.txt %t/a.txt
// RUN: cmp %t/n11.json %t/a.json
// RUN: cmp %t/n12.mlir %t/c.mlir
// RUN: scope-gen --seed=10 -o %t/n10-alone.mlir
// RUN: cmp %t/n10.mlir %t/n10-alone.mlir
// RUN: not ls %t/n13.mlir
