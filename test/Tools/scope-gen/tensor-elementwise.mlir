// The tensor-elementwise op family: arith and math ops written directly on
// ranked tensors, static and dynamic, computing in f32, f64 (extended and
// truncated back) and signed integers (converted from and back to f32). It
// is opt-in: `all` (the default) leaves it out, so every seed's program is
// what it was before the family existed.

// Seed 0: integer ops of two widths; the divisor of a division is made odd
// (x | 1, the 1s a fill), never 0.
// RUN: scope-gen --seed=0 --ops=all,tensor-elementwise --scopes=none | FileCheck %s --check-prefix=INT
// INT-LABEL: func.func @main(
// INT:      %[[ONE:.+]] = arith.constant 1 : i16
// INT:      %[[A:.+]] = arith.fptosi %{{.+}} : tensor<8x8xf32> to tensor<8x8xi16>
// INT:      %[[B:.+]] = arith.fptosi %{{.+}} : tensor<8x8xf32> to tensor<8x8xi16>
// INT:      %[[ONES:.+]] = linalg.fill ins(%[[ONE]] : i16) outs(%{{.+}} : tensor<8x8xi16>)
// INT-NEXT: %[[ODD:.+]] = arith.ori %[[B]], %[[ONES]] : tensor<8x8xi16>
// INT-NEXT: %[[Q:.+]] = arith.divsi %[[A]], %[[ODD]] : tensor<8x8xi16>
// INT-NEXT: arith.sitofp %[[Q]] : tensor<8x8xi16> to tensor<8x8xf32>
// INT:      arith.muli %{{.+}}, %{{.+}} : tensor<1xi32>

// Seed 11: dynamic shapes (in a helper function too), and f64.
// RUN: scope-gen --seed=11 --ops=all,tensor-elementwise --scopes=none | FileCheck %s --check-prefix=DYN
// DYN-LABEL: func.func private @helper_0(
// DYN:      arith.minimumf %{{.+}}, %{{.+}} : tensor<?x?x7x3xf32>
// DYN-LABEL: func.func @main(
// DYN:      %[[X:.+]] = arith.extf %{{.+}} : tensor<?x3xf32> to tensor<?x3xf64>
// DYN:      %[[Y:.+]] = arith.extf %{{.+}} : tensor<?x3xf32> to tensor<?x3xf64>
// DYN-NEXT: %[[S:.+]] = arith.addf %[[X]], %[[Y]] : tensor<?x3xf64>
// DYN-NEXT: arith.truncf %[[S]] : tensor<?x3xf64> to tensor<?x3xf32>

// Seed 16: a comparison selecting between its operands (an i1 tensor).
// RUN: scope-gen --seed=16 --ops=all,tensor-elementwise --scopes=none | FileCheck %s --check-prefix=SELECT
// SELECT-LABEL: func.func @main(
// SELECT:      %[[C:.+]] = arith.cmpf ole, %[[L:.+]], %[[R:.+]] : tensor<?xf32>
// SELECT-NEXT: arith.select %[[C]], %[[L]], %[[R]] : tensor<?xi1>, tensor<?xf32>

// Not named, not generated: the same seeds with the default families hold
// no arith op on a tensor.
// RUN: scope-gen --seed=0 --scopes=none | FileCheck %s --check-prefix=OFF
// RUN: scope-gen --seed=11 --scopes=none | FileCheck %s --check-prefix=OFF
// OFF-LABEL: func.func @main(
// OFF-NOT: arith.{{[a-z]+}} %{{.*}}: tensor<
