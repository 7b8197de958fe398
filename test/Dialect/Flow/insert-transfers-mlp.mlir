// Transfers on the two-layer MLP (examples/mlp.mlir) once dispatches are
// outlined, with layers moved to a device with memory of its own:
//  - layer 1 on vulkan, layer 2 on llvm-cpu-loops (prefix ONE): exactly the
//    values crossing the two edges move, the input up and the hidden
//    activations down (the batch size is read with tensor.dim, which moves
//    nothing), each once, the device side as an implicit capture;
//  - both layers on vulkan (prefix BOTH): the input up and the probabilities
//    down, and nothing between the layers (no host round trip);
//  - both layers on CPU backends, the example as written (prefix CPU): none.
// RUN: sed -e 's/"llvm-cpu">/"vulkan">/' %scopeir_src_root/examples/mlp.mlir \
// RUN: | scope-opt --util-lower-annotations --flow-form-dispatch-regions --flow-outline-dispatch-regions --flow-insert-transfers \
// RUN: | FileCheck %s --check-prefix=ONE
// RUN: sed -e 's/"llvm-cpu">/"vulkan">/' -e 's/"llvm-cpu-loops">/"vulkan">/' %scopeir_src_root/examples/mlp.mlir \
// RUN: | scope-opt --util-lower-annotations --flow-form-dispatch-regions --flow-outline-dispatch-regions --flow-insert-transfers \
// RUN: | FileCheck %s --check-prefix=BOTH
// RUN: scope-opt --util-lower-annotations --flow-form-dispatch-regions --flow-outline-dispatch-regions --flow-insert-transfers %scopeir_src_root/examples/mlp.mlir \
// RUN: | FileCheck %s --check-prefix=CPU

// ONE-LABEL: func.func @main
//  ONE-SAME: (%[[X:.+]]: tensor<?x16xf32>)
//       ONE: %[[UP:.+]] = flow.tensor.transfer %[[X]] : tensor<?x16xf32> from host to #hal.device.target<"vulkan">
//       ONE: %[[H:.+]] = util.scope [#hal.device.target<"vulkan">]
//       ONE:   flow.dispatch @vulkan_executables::@main_dispatch_0(%{{.+}}, %[[UP]])
//       ONE: %[[DOWN:.+]] = flow.tensor.transfer %[[H]] : tensor<?x32xf32> from #hal.device.target<"vulkan"> to host
//       ONE: util.scope [#hal.device.target<"llvm-cpu-loops">]
//       ONE:   flow.dispatch @llvm_cpu_loops_executables::@main_dispatch_1(%{{.+}}, %[[DOWN]])
//   ONE-NOT: flow.tensor.transfer

// BOTH-LABEL: func.func @main
//  BOTH-SAME: (%[[X:.+]]: tensor<?x16xf32>)
//       BOTH: flow.tensor.transfer %[[X]] : tensor<?x16xf32> from host to #hal.device.target<"vulkan">
//   BOTH-NOT: flow.tensor.transfer
//       BOTH: %[[H:.+]] = util.scope [#hal.device.target<"vulkan">]
//   BOTH-NOT: flow.tensor.transfer
//       BOTH: %[[P:.+]] = util.scope [#hal.device.target<"vulkan">] ({{.+}}, %[[H]] as
//   BOTH-NOT: flow.tensor.transfer
//       BOTH: %[[DOWN:.+]] = flow.tensor.transfer %[[P]] : tensor<?x10xf32> from #hal.device.target<"vulkan"> to host
//  BOTH-NEXT: return %[[DOWN]]
//   BOTH-NOT: flow.tensor.transfer

// CPU-NOT: flow.tensor.transfer
