// RUN: scope-opt --flow-record-scope-paths --util-strip-scopes=kind=zone --flow-form-dispatch-regions --flow-outline-dispatch-regions --flow-print-dispatch-graph %s -o /dev/null | FileCheck %s

// One cluster per scope of the dispatches' paths (nested for nested
// scopes), a box per dispatch in the cluster of its path, filled with its
// device's colour, dashed if it straddles zones; an ellipse per device and
// an edge from each dispatch to its device. A dispatch with no scope path
// sits outside every cluster. A scope without a zone (the device scope) is
// a cluster named by its printed attributes, as in the scope path.
//      CHECK: digraph dispatches {
// CHECK-NEXT:   rankdir=LR;
// CHECK-NEXT:   node [shape=box, style=filled];
// CHECK-NEXT:   d2 [label="#2 main_dispatch_2", fillcolor="[[HOST:#[0-9a-f]+]]"];
// CHECK-NEXT:   subgraph cluster_0 {
// CHECK-NEXT:     label="block";
// CHECK-NEXT:     subgraph cluster_1 {
// CHECK-NEXT:       label="#hal.device.target<\"llvm-cpu\">";
// CHECK-NEXT:       d0 [label="#0 main_dispatch_0", fillcolor="[[CPU:#[0-9a-f]+]]", style="filled,dashed"];
// CHECK-NEXT:     }
// CHECK-NEXT:     subgraph cluster_2 {
// CHECK-NEXT:       label="tail";
// CHECK-NEXT:       d1 [label="#1 main_dispatch_1", fillcolor="[[LOOPS:#[0-9a-f]+]]"];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   dev0 [label="llvm-cpu", shape=ellipse, fillcolor="[[CPU]]"];
// CHECK-NEXT:   dev1 [label="llvm-cpu-loops", shape=ellipse, fillcolor="[[LOOPS]]"];
// CHECK-NEXT:   dev2 [label="host", shape=ellipse, fillcolor="[[HOST]]"];
// CHECK-NEXT:   d0 -> dev0;
// CHECK-NEXT:   d1 -> dev1;
// CHECK-NEXT:   d2 -> dev2;
// CHECK-NEXT: }
func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#util.zone<"block">] {
    %d = util.annotate [#hal.device.target<"llvm-cpu">] {
      %m = util.annotate [#util.zone<"mm">] {
        %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
        util.return %mm : tensor<4x4xf32>
      } : tensor<4x4xf32>
      %e = tensor.empty() : tensor<4x4xf32>
      %n = linalg.negf ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %n : tensor<4x4xf32>
    } : tensor<4x4xf32>
    %t = util.annotate [#hal.device.target<"llvm-cpu-loops">, #util.zone<"tail">] {
      %e = tensor.empty() : tensor<4x4xf32>
      %x = linalg.abs ins(%d : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %x : tensor<4x4xf32>
    } : tensor<4x4xf32>
    util.return %t : tensor<4x4xf32>
  } : tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %o = linalg.exp ins(%r : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %o : tensor<4x4xf32>
}
