// RUN: scope-opt --split-input-file --flow-record-scope-paths --util-strip-scopes=kind=zone --flow-form-dispatch-regions --flow-outline-dispatch-regions --flow-print-dispatch-graph %s -o /dev/null | FileCheck %s
// RUN: scope-opt --split-input-file --flow-print-dispatch-graph %s -o /dev/null | FileCheck %s --check-prefix=UNRECORDED

// An extern kernel call is a `component` node labelled with its symbol and
// decomposition, in the cluster of the path recorded before its zone was
// stripped, coloured and linked by the placement around it; the dispatches
// around it keep their own numbering (#0, #1: the dispatch map's).
//      CHECK: digraph dispatches {
// CHECK-NEXT:   rankdir=LR;
// CHECK-NEXT:   node [shape=box, style=filled];
// CHECK-NEXT:   d1 [label="#1 main_dispatch_1", fillcolor="[[HOST:#[0-9a-f]+]]"];
// CHECK-NEXT:   subgraph cluster_0 {
// CHECK-NEXT:     label="block";
// CHECK-NEXT:     subgraph cluster_1 {
// CHECK-NEXT:       label="#hal.device.target<\"llvm-cpu\">";
// CHECK-NEXT:       d0 [label="#0 main_dispatch_0", fillcolor="[[CPU:#[0-9a-f]+]]"];
// CHECK-NEXT:       subgraph cluster_2 {
// CHECK-NEXT:         label="mm";
// CHECK-NEXT:         k0 [label="extern mm_f32\ndecomposition @mm_f32_decomposition", fillcolor="[[CPU]]", shape=component];
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   dev0 [label="llvm-cpu", shape=ellipse, fillcolor="[[CPU]]"];
// CHECK-NEXT:   dev1 [label="host", shape=ellipse, fillcolor="[[HOST]]"];
// CHECK-NEXT:   d0 -> dev0;
// CHECK-NEXT:   k0 -> dev0;
// CHECK-NEXT:   d1 -> dev1;
// CHECK-NEXT: }

// Without a recorded path, a call is placed by the scopes around it now.
//      UNRECORDED: digraph dispatches {
//      UNRECORDED:   subgraph cluster_0 {
// UNRECORDED-NEXT:     label="block";
// UNRECORDED-NEXT:     subgraph cluster_1 {
// UNRECORDED-NEXT:       label="#hal.device.target<\"llvm-cpu\">";
// UNRECORDED-NEXT:       subgraph cluster_2 {
// UNRECORDED-NEXT:         label="mm";
// UNRECORDED-NEXT:         k0 [label="extern mm_f32\ndecomposition @mm_f32_decomposition", fillcolor="[[CPU:#[0-9a-f]+]]", shape=component];
//      UNRECORDED:   dev0 [label="llvm-cpu", shape=ellipse, fillcolor="[[CPU]]"];
// UNRECORDED-NEXT:   k0 -> dev0;
// UNRECORDED-NEXT: }
func.func private @mm_f32_decomposition(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x4xf32>

func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#util.zone<"block">] {
    %d = util.annotate [#hal.device.target<"llvm-cpu">] {
      %e = tensor.empty() : tensor<4x8xf32>
      %n = linalg.negf ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
      %m = util.annotate [#util.zone<"mm">] {
        %k = hal.dispatch.extern "mm_f32"(%n, %b) : (tensor<4x8xf32>, tensor<8x4xf32>) -> (tensor<4x4xf32>) decomposition @mm_f32_decomposition
        util.return %k : tensor<4x4xf32>
      } : tensor<4x4xf32>
      util.return %m : tensor<4x4xf32>
    } : tensor<4x4xf32>
    util.return %d : tensor<4x4xf32>
  } : tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %o = linalg.exp ins(%r : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %o : tensor<4x4xf32>
}

// -----

// An extern scope left in place (no library provides the kernel) is a
// cluster named like any scope without a zone; the dispatch formed inside
// it computes the kernel's decomposition: a double border and a second
// label line naming the kernel. A call outside every scope is outside every
// cluster; without a decomposition its label is the symbol alone.
//      CHECK: digraph dispatches {
//      CHECK:   k0 [label="extern scale_f32", fillcolor="[[HOST:#[0-9a-f]+]]", shape=component];
// CHECK-NEXT:   subgraph cluster_0 {
// CHECK-NEXT:     label="#hal.extern<\"mm_f32\", {status = false}>";
// CHECK-NEXT:     d0 [label="#0 kept_dispatch_0\ndecomposition of mm_f32", fillcolor="[[HOST]]", peripheries=2];
// CHECK-NEXT:   }
// CHECK-NEXT:   dev0 [label="host", shape=ellipse, fillcolor="[[HOST]]"];
// CHECK-NEXT:   k0 -> dev0;
// CHECK-NEXT:   d0 -> dev0;
// CHECK-NEXT: }
//      UNRECORDED: digraph dispatches {
// UNRECORDED-NEXT:   rankdir=LR;
// UNRECORDED-NEXT:   node [shape=box, style=filled];
// UNRECORDED-NEXT:   k0 [label="extern scale_f32", fillcolor="[[HOST:#[0-9a-f]+]]", shape=component];
// UNRECORDED-NEXT:   dev0 [label="host", shape=ellipse, fillcolor="[[HOST]]"];
// UNRECORDED-NEXT:   k0 -> dev0;
// UNRECORDED-NEXT: }
func.func @kept(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>, %f: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %s = hal.dispatch.extern "scale_f32"(%f) : (tensor<4x4xf32>) -> (tensor<4x4xf32>)
  %m = util.scope [#hal.extern<"mm_f32", {status = false}>] (%x as %a: tensor<4x8xf32>, %w as %b: tensor<8x4xf32>, %s as %c: tensor<4x4xf32>) -> (tensor<4x4xf32>) {
    %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %r : tensor<4x4xf32>
  }
  return %m : tensor<4x4xf32>
}
