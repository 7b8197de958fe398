// REQUIRES: graphviz
// Graphviz reads the graph of --dump-dispatches=dot: every dispatch, the
// extern kernel's decomposition and every device become nodes, with the
// edges to the devices (`dot -Tplain` lists what it laid out).
// RUN: scope-run %S/dump-dispatches-dot.mlir --dump-dispatches=dot | dot -Tplain | FileCheck %s
//  CHECK-DAG: node d0 {{.*}} "#0 main_dispatch_0" filled box
//  CHECK-DAG: node d1 {{.*}} "#1 main_dispatch_1\ndecomposition of neg_f32" filled box
//  CHECK-DAG: node d2 {{.*}} "#2 main_dispatch_2" filled box
//  CHECK-DAG: node dev0 {{.*}} "llvm-cpu" filled ellipse
//  CHECK-DAG: node dev1 {{.*}} "llvm-cpu-loops" filled ellipse
//  CHECK-DAG: edge d0 dev0
//  CHECK-DAG: edge d1 dev0
//  CHECK-DAG: edge d2 dev1
//      CHECK: stop
