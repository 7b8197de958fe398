// scope-run --dump-dispatches=dot prints the dispatches it compiled as a
// Graphviz graph (flow-print-dispatch-graph's): clusters for the zones and
// scopes they came from, a box per dispatch numbered as in the text dump,
// filled with its device's colour, an extern scope's decomposition with a
// double border, an ellipse per device. It exits after compiling: no inputs
// are needed and stdout holds the graph alone.
// RUN: scope-run %s --dump-dispatches=dot | FileCheck %s
// RUN: scope-run %s --input="2x4xf32=1 2 3 4 5 6 7 8" --dump-dispatches | FileCheck %s --check-prefix=TEXT
// RUN: scope-run %s --input="2x4xf32=1 2 3 4 5 6 7 8" --dump-dispatches=text | FileCheck %s --check-prefix=TEXT
// RUN: not scope-run %s --dump-dispatches=svg 2>&1 | FileCheck %s --check-prefix=BAD

//      CHECK: digraph dispatches {
// CHECK-NEXT:   rankdir=LR;
// CHECK-NEXT:   node [shape=box, style=filled];
// CHECK-NEXT:   subgraph cluster_0 {
// CHECK-NEXT:     label="encoder";
// CHECK-NEXT:     subgraph cluster_1 {
// CHECK-NEXT:       label="proj";
// CHECK-NEXT:       d0 [label="#0 main_dispatch_0", fillcolor="[[CPU:#[0-9a-f]+]]"];
// CHECK-NEXT:     }
// CHECK-NEXT:     subgraph cluster_2 {
// CHECK-NEXT:       label="#hal.extern<\"neg_f32\">";
// CHECK-NEXT:       d1 [label="#1 main_dispatch_1\ndecomposition of neg_f32", fillcolor="[[CPU]]", peripheries=2];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   subgraph cluster_3 {
// CHECK-NEXT:     label="head";
// CHECK-NEXT:     d2 [label="#2 main_dispatch_2", fillcolor="[[LOOPS:#[0-9a-f]+]]"];
// CHECK-NEXT:   }
// CHECK-NEXT:   dev0 [label="llvm-cpu", shape=ellipse, fillcolor="[[CPU]]"];
// CHECK-NEXT:   dev1 [label="llvm-cpu-loops", shape=ellipse, fillcolor="[[LOOPS]]"];
// CHECK-NEXT:   d0 -> dev0;
// CHECK-NEXT:   d1 -> dev0;
// CHECK-NEXT:   d2 -> dev1;
// CHECK-NEXT: }
//  CHECK-NOT: {{.}}

//      TEXT: dispatch #0 @llvm_cpu_executables::@main_dispatch_0 device=#hal.device.target<"llvm-cpu"> scope=encoder/proj
// TEXT-NEXT: dispatch #1 @llvm_cpu_executables::@main_dispatch_1 device=#hal.device.target<"llvm-cpu"> scope=encoder/#hal.extern<"neg_f32">
// TEXT-NEXT: dispatch #2 @llvm_cpu_loops_executables::@main_dispatch_2 device=#hal.device.target<"llvm-cpu-loops"> scope=head
// TEXT-NEXT: 2x4xf32=[-3 -5 -7 -9][-11 -13 -15 -17]

// BAD: for the --dump-dispatches option: Cannot find option named 'svg'!
func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %e = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"encoder">] {
    %p = util.annotate [#util.zone<"proj">] {
      %init = tensor.empty() : tensor<2x4xf32>
      %d = linalg.add ins(%x, %x : tensor<2x4xf32>, tensor<2x4xf32>) outs(%init : tensor<2x4xf32>) -> tensor<2x4xf32>
      util.return %d : tensor<2x4xf32>
    } : tensor<2x4xf32>
    %n = util.scope [#hal.extern<"neg_f32">] (%p as %a: tensor<2x4xf32>) -> (tensor<2x4xf32>) {
      %init = tensor.empty() : tensor<2x4xf32>
      %m = linalg.negf ins(%a : tensor<2x4xf32>) outs(%init : tensor<2x4xf32>) -> tensor<2x4xf32>
      util.return %m : tensor<2x4xf32>
    }
    util.return %n : tensor<2x4xf32>
  } : tensor<2x4xf32>
  %h = util.annotate [#hal.device.target<"llvm-cpu-loops">, #util.zone<"head">] {
    %c1 = arith.constant 1.0 : f32
    %init = tensor.empty() : tensor<2x4xf32>
    %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e : tensor<2x4xf32>) outs(%init : tensor<2x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.subf %in, %c1 : f32
      linalg.yield %s : f32
    } -> tensor<2x4xf32>
    util.return %o : tensor<2x4xf32>
  } : tensor<2x4xf32>
  return %h : tensor<2x4xf32>
}
