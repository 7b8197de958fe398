// The workgroups scope kind: an elementwise linalg op is replaced by the
// same op distributed over a grid of workgroups, whose codegen.store sits at
// the top of the body, in an scf.for over sub-tiles, or in both branches of
// an scf.if. The program without scopes holds the op itself. The kind is
// opt-in: `all` (the default) leaves it out.

// Seed 17: a two-dimensional grid storing under an scf.if (the whole tile
// in one branch, sub-tiles in a loop in the other), then a one-dimensional
// grid storing in an scf.for (the first in a helper function).
// RUN: scope-gen --seed=17 --scopes=all,workgroups | FileCheck %s
// CHECK:       codegen.scope.workgroups (%{{.+}}, %{{.+}}) in (
// CHECK-SAME:    -> (tensor<{{[^>]+}}>{{.*}}) as (%[[OUT:[a-z0-9]+]])
// CHECK:         scf.if
// CHECK:           codegen.store %{{.+}} into %[[OUT]]
// CHECK:         } else {
// CHECK:           scf.for
// CHECK:             codegen.store %{{.+}} into %[[OUT]]
// CHECK:       codegen.scope.workgroups (%{{[a-z0-9]+}}) in (
// CHECK-SAME:    -> (tensor<{{[^>]+}}>{{.*}}) as (%[[OUT2:[a-z0-9]+]])
// CHECK:         scf.for
// CHECK:           codegen.store %{{.+}} into %[[OUT2]]

// The scope description asks the differential to check the stores.
// RUN: scope-gen --seed=17 --scopes=all,workgroups -o /dev/null --meta=%t.json
// RUN: FileCheck %s --check-prefix=META < %t.json
// META: "workgroups": {{[1-9]}}
// META: "check_stores": true

// Without scopes, and without the kind, there is none.
// RUN: scope-gen --seed=17 --scopes=all,workgroups -o /dev/null --without-scopes=%t.plain.mlir
// RUN: FileCheck %s --check-prefix=NONE < %t.plain.mlir
// RUN: scope-gen --seed=17 | FileCheck %s --check-prefix=NONE
// NONE-LABEL: func.func @main(
// NONE-NOT: codegen.
