// Scopes closed inside an scf.for body under construction: the generator
// checks each scope's result dims with the same dim analysis as
// util-lower-annotations, which may follow a nested loop's init back to the
// enclosing loop's iter_arg, where upstream's scf.for bounds model reads the
// body's terminator. The body yields its iter_arg until it is complete
// (seed 2240 crashed in the analysis before).
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-gen --seed=2240 -o %t/scoped.mlir --without-scopes=%t/plain.mlir
// RUN: scope-opt %t/scoped.mlir | FileCheck %s
// RUN: scope-opt %t/plain.mlir -o /dev/null

// A scope, then a nested loop, inside one loop body; the loop yields the
// value computed last, not its iter_arg placeholder.
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.+]] = {{.*}}) -> (tensor<?xf32>)
// CHECK: util.scope
// CHECK: scf.for {{.*}} iter_args({{.*}} = %[[ACC]])
// CHECK: scf.yield
// CHECK-NOT: scf.yield %[[ACC]] :
// CHECK: scf.yield
