// Transfers between memories in the dispatch map (flow-print-dispatches,
// after the dispatches), in its graph (flow-print-dispatch-graph) and in the
// trace (flow-trace-dispatches).
// RUN: scope-opt --flow-print-dispatches %s -o /dev/null | FileCheck %s --check-prefix=MAP
// RUN: scope-opt --flow-print-dispatch-graph %s -o /dev/null | FileCheck %s --check-prefix=DOT
// RUN: scope-opt --flow-trace-dispatches %s | FileCheck %s --check-prefix=TRACE

module @vulkan_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"vulkan">]} {
  func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.addf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// MAP: dispatch #0 @vulkan_executables::@add device=#hal.device.target<"vulkan"> scope=-
// MAP-NEXT: transfer #0 tensor<4xf32> from host to #hal.device.target<"vulkan"> scope=-
// MAP-NEXT: transfer #1 tensor<?xf32> from #hal.device.target<"vulkan"> to host scope=layer

// A node per transfer, coloured as its destination, in its scope's cluster,
// with edges from its source's device and to its destination's.
// DOT: t0 [label="transfer\ntensor<4xf32>", fillcolor="[[VK:#[0-9a-f]+]]", shape=cds];
// DOT: d0 [label="#0 add", fillcolor="[[VK]]"];
// DOT: label="layer";
// DOT-NEXT: t1 [label="transfer\ntensor<?xf32>", fillcolor="[[HOST:#[0-9a-f]+]]", shape=cds];
// DOT: dev0 [label="host", shape=ellipse, fillcolor="[[HOST]]"];
// DOT: dev1 [label="vulkan", shape=ellipse, fillcolor="[[VK]]"];
// DOT: t0 -> dev1;
// DOT: dev0 -> t0 [style=dashed];
// DOT: t1 -> dev0;
// DOT: dev1 -> t1 [style=dashed];

// A `transfer` slice per transfer, named after its direction, with its
// sides, its type and, for a static shape, its bytes.
// TRACE-LABEL: func.func @main
//       TRACE: util.trace.begin "transfer" "host->vulkan" args {bytes = 16 : i64, from = "host", to = "vulkan", type = "tensor<4xf32>"}
//  TRACE-NEXT: flow.tensor.transfer
//  TRACE-NEXT: util.trace.end "transfer" "host->vulkan"
//       TRACE: util.trace.begin "transfer" "vulkan->host" args {from = "vulkan", to = "host", type = "tensor<?xf32>"}
//  TRACE-NEXT: flow.tensor.transfer
//  TRACE-NEXT: util.trace.end "transfer" "vulkan->host"
func.func @main(%x: tensor<4xf32>) -> tensor<?xf32> {
  %up = flow.tensor.transfer %x : tensor<4xf32> from host to #hal.device.target<"vulkan">
  %y = flow.dispatch @vulkan_executables::@add(%up) : (tensor<4xf32>) -> (tensor<4xf32>)
  %r = util.annotate [#util.zone<"layer">] {
    %c = tensor.cast %y : tensor<4xf32> to tensor<?xf32>
    %down = flow.tensor.transfer %c : tensor<?xf32> from #hal.device.target<"vulkan"> to host
    util.return %down : tensor<?xf32>
  } : tensor<?xf32>
  return %r : tensor<?xf32>
}
