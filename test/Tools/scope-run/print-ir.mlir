// MLIR's pass manager flags work in scope-run, and the IR after the backend
// pipelines shows each outlined device function compiled by its own backend.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --dispatch=false --input="2x3xf32=1" --input="2x3xf32=2" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=hal-run-backend-pipelines 2>&1 | FileCheck %s
// CHECK: IR Dump After RunBackendPipelinesPass (hal-run-backend-pipelines)
// CHECK-LABEL: func.func @add_scale
// CHECK-SAME:    attributes {llvm.emit_c_interface}
// CHECK:         call @add_scale_scope_0
// CHECK:         call @add_scale_scope_1
// CHECK-LABEL: func.func private @add_scale_scope_0
// CHECK-SAME:    util.scope_attrs = [#hal.device.target<"llvm-cpu">]
// CHECK:         vector.transfer_read
// CHECK:         arith.addf %{{.+}}, %{{.+}} : vector<8x3xf32>
// CHECK-LABEL: func.func private @add_scale_scope_1
// CHECK-SAME:    util.scope_attrs = [#hal.device.target<"llvm-cpu-loops">]
// CHECK-NOT:     vector.
// CHECK:         linalg.add
// CHECK: IR Dump After RunBackendPipelinesPass (hal-run-backend-pipelines)
// CHECK-LABEL: func.func private @add_scale_scope_1
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             memref.load
// CHECK:             arith.addf %{{.+}}, %{{.+}} : f32
// CHECK: 2x3xf32=[3 3 3][3 3 3]
// CHECK: 2x3xf32=[6 6 6][6 6 6]

// --emit-llvm-dialect stops after the host lowering.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --emit-llvm-dialect | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.func @_mlir_ciface_add_scale
// LLVM-NOT: linalg.
// LLVM-NOT: func.func

// The same pipeline in scope-opt, at scope-run's default (dispatch)
// granularity.
// RUN: scope-opt %S/Inputs/add.mlir --scopeir-compile-to-llvm | FileCheck %s --check-prefix=OPT
// OPT: llvm.func @llvm_cpu_executables_add_scale_dispatch_0
// OPT: llvm.intr.masked.load

// Dispatch granularity is the default: without --dispatch, the device scopes'
// ops are formed into dispatch regions, each placed on its scope's device.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1" --input="2x3xf32=2" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=flow-form-dispatch-regions 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: flow.dispatch.region on(#hal.device.target<"llvm-cpu">)
// DEFAULT: flow.dispatch.region on(#hal.device.target<"llvm-cpu-loops">)

// At dispatch granularity each dispatch function is compiled by the backend
// of its device: the llvm-cpu dispatch is tiled and vectorized, the
// llvm-cpu-loops one stays a linalg op on tensors until its loops.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1" --input="2x3xf32=2" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=hal-run-backend-pipelines 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DISPATCH
// DISPATCH: IR Dump After RunBackendPipelinesPass (hal-run-backend-pipelines)
// DISPATCH-LABEL: func.func private @llvm_cpu_executables_add_scale_dispatch_0
// DISPATCH-SAME:    util.scope_attrs = [#hal.device.target<"llvm-cpu">]
// DISPATCH:         vector.transfer_read
// DISPATCH:         arith.addf %{{.+}}, %{{.+}} : vector<8x3xf32>
// DISPATCH-LABEL: func.func private @llvm_cpu_loops_executables_add_scale_dispatch_1
// DISPATCH-SAME:    util.scope_attrs = [#hal.device.target<"llvm-cpu-loops">]
// DISPATCH-NOT:     vector.
// DISPATCH:         linalg.add
// DISPATCH: IR Dump After RunBackendPipelinesPass (hal-run-backend-pipelines)
// DISPATCH-LABEL: func.func private @llvm_cpu_loops_executables_add_scale_dispatch_1
// DISPATCH:         scf.for
// DISPATCH:           scf.for
// DISPATCH:             memref.load
// DISPATCH:             arith.addf %{{.+}}, %{{.+}} : f32
