// The compile pipeline, as `scope-opt --scopeir-compile-to-llvm` and
// scope-run build it (pipeline::buildCompilePipeline): this test is its
// documentation. Each variant checks the passes its option adds, removes or
// configures; the default lists every pass in order.
//
// RUN: scope-opt %s --scopeir-compile-to-llvm --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: scope-opt %s --scopeir-compile-to-llvm="kernel-spec=%S/Inputs/no-kernels.mlir kernel-fallbacks=k1,k2 check-kernels=true" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=KERNELS
// RUN: scope-opt %s --scopeir-compile-to-llvm=trace=true --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: scope-opt %s --scopeir-compile-to-llvm=dispatch=false --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPES
// RUN: scope-opt %s --scopeir-compile-to-llvm="dispatch=false trace=true" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPES-TRACE
// RUN: scope-opt %s --scopeir-compile-to-llvm=threads=2 --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: scope-opt %s --scopeir-compile-to-llvm=input-type=tosa --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOSA
// RUN: scope-opt %s --scopeir-compile-to-llvm="strip-scopes=true check-stores=true host-backend=llvm-cpu dump-dispatches=text" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: scope-opt %s --scopeir-compile-to-llvm=dump-dispatches=dot --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DOT

// Front end: devices and element types checked, IREE's test conventions
// lowered (unfoldable constants behind barriers, expectations to runtime
// calls), elementwise ops on tensors made linalg, the program's own tu
// scopes compiled, calls wrapped on their callee's device and inlined (no
// cleanup pipeline).
// CHECK:      builtin.module(
// CHECK-NEXT:   hal-verify-device-targets,
// CHECK-NEXT:   hal-verify-element-types,
// CHECK-NEXT:   util-lower-unfoldable-constants,
// CHECK-NEXT:   flow-lower-tensor-ops,
// CHECK-NEXT:   check-lower-to-runtime,
// CHECK-NEXT:   convert-elementwise-to-linalg,
// CHECK-NEXT:   codegen-run-scope-pipelines{strategy-library=},
// CHECK-NEXT:   lower-affine,
// CHECK-NEXT:   hal-wrap-cross-device-calls,
// CHECK-NEXT:   inline{default-pipeline= {{.*}}},
// CHECK-NEXT:   symbol-dce,
// CHECK-NEXT:   hal-wrap-device-entry-points,
// Dispatch formation inside device scopes, zones stripped first; values
// crossing between memories (a device's own, the host's) get transfers.
// CHECK-NEXT:   util-lower-annotations,
// CHECK-NEXT:   hal-outline-extern-scopes{drop-decompositions=true },
// CHECK-NEXT:   flow-record-scope-paths,
// CHECK-NEXT:   util-strip-scopes{invert=false kind=zone outlined=false},
// CHECK-NEXT:   flow-form-dispatch-regions{remarks=false},
// CHECK-NEXT:   flow-outline-dispatch-regions,
// CHECK-NEXT:   flow-insert-transfers,
// CHECK-NEXT:   flow-link-executables,
// CHECK-NEXT:   util-strip-scopes{invert=false kind= outlined=false},
// Backends on tensors, bufferization, backends on buffers, then the
// executable pipelines of devices with memory of their own.
// CHECK-NEXT:   codegen-lower-workgroups{check-stores=false},
// CHECK-NEXT:   hal-run-backend-pipelines{host-backend=llvm-cpu-loops phase=tensor},
// CHECK-NEXT:   hal-lower-dispatch-externs{check=false },
// CHECK-NEXT:   symbol-dce,
// CHECK-NEXT:   util-split-empty-tensors,
// CHECK-NEXT:   one-shot-bufferize{{{.*}}allow-return-allocs-from-loops=true {{.*}}bufferize-function-boundaries=true {{.*}}function-boundary-type-conversion=identity-layout-map {{.*}}},
// CHECK-NEXT:   util-realloc-call-operands,
// CHECK-NEXT:   codegen-inline-scopes,
// CHECK-NEXT:   expand-realloc{{.*}},
// CHECK-NEXT:   canonicalize{{.*}},
// CHECK-NEXT:   ownership-based-buffer-deallocation{{.*}},
// CHECK-NEXT:   canonicalize{{.*}},
// CHECK-NEXT:   buffer-deallocation-simplification,
// CHECK-NEXT:   bufferization-lower-deallocations,
// CHECK-NEXT:   cse,
// CHECK-NEXT:   canonicalize{{.*}},
// CHECK-NEXT:   hal-run-backend-pipelines{host-backend=llvm-cpu-loops phase=buffer},
// CHECK-NEXT:   hal-run-backend-pipelines{host-backend=llvm-cpu-loops phase=executable},
// CHECK-NEXT:   codegen-erase-strategy-sequences,
// Host lowering to the LLVM dialect (one thread: no OpenMP conversion).
// CHECK-NEXT:   convert-bufferization-to-memref,
// CHECK-NEXT:   expand-strided-metadata,
// CHECK-NEXT:   lower-affine,
// CHECK-NEXT:   convert-scf-to-cf{{.*}},
// CHECK-NEXT:   convert-vector-to-llvm{{{.*}}vector-contract-lowering=outerproduct{{.*}}},
// CHECK-NEXT:   convert-math-to-llvm{{.*}},
// CHECK-NEXT:   finalize-memref-to-llvm{{.*}},
// CHECK-NEXT:   convert-arith-to-llvm{{.*}},
// CHECK-NEXT:   convert-index-to-llvm{{.*}},
// CHECK-NEXT:   convert-cf-to-llvm{{.*}},
// CHECK-NEXT:   convert-func-to-llvm{{.*}},
// CHECK-NEXT:   convert-openmp-to-llvm,
// CHECK-NEXT:   convert-ub-to-llvm{{.*}},
// CHECK-NEXT:   util-lower-optimization-barriers,
// CHECK-NEXT:   reconcile-unrealized-casts
// CHECK-NEXT: )

// The spec applies after inlining; kernels no library provides compile as
// their decompositions, which are kept for the check.
// KERNELS:      symbol-dce,
// KERNELS-NEXT: hal-wrap-device-entry-points,
// KERNELS-NEXT: hal-apply-kernel-patterns{remarks=false spec={{.*}}no-kernels.mlir},
// KERNELS-NEXT: util-lower-annotations,
// KERNELS-NEXT: hal-outline-extern-scopes{drop-decompositions=false fallback={k1,k2}},
// KERNELS:      hal-lower-dispatch-externs{check=true fallback={k1,k2}},

// Zones are marked before they are stripped, dispatches once outlined.
// TRACE:      flow-record-scope-paths,
// TRACE-NEXT: util-trace-zones,
// TRACE-NEXT: util-strip-scopes{invert=false kind=zone outlined=false},
// TRACE-NEXT: flow-form-dispatch-regions{remarks=false},
// TRACE-NEXT: flow-outline-dispatch-regions,
// TRACE-NEXT: flow-insert-transfers,
// TRACE-NEXT: flow-trace-dispatches,
// TRACE-NEXT: util-lower-trace-markers,
// TRACE-NEXT: flow-link-executables,

// Scope granularity: device scopes become functions, no dispatch regions.
// SCOPES:      hal-outline-extern-scopes{drop-decompositions=true },
// SCOPES-NEXT: util-outline-scopes{bufferization-safe=false destination-results=false kind=device remarks=false},
// SCOPES-NEXT: util-strip-scopes{invert=false kind= outlined=false},
// SCOPES-NEXT: flow-insert-transfers,
// SCOPES-NEXT: flow-link-executables,
// SCOPES-NEXT: codegen-lower-workgroups
// SCOPES-NOT:  flow-form-dispatch-regions

// SCOPES-TRACE:      hal-outline-extern-scopes{drop-decompositions=true },
// SCOPES-TRACE-NEXT: util-trace-zones,
// SCOPES-TRACE-NEXT: util-outline-scopes{bufferization-safe=false destination-results=false kind=device remarks=false},
// SCOPES-TRACE-NEXT: util-strip-scopes{invert=false kind= outlined=false},
// SCOPES-TRACE-NEXT: flow-insert-transfers,
// SCOPES-TRACE-NEXT: util-lower-trace-markers,
// SCOPES-TRACE-NEXT: flow-link-executables,

// Several threads: parallel loops become OpenMP loops, then each backend
// applies its threading policy.
// THREADS:      codegen-erase-strategy-sequences,
// THREADS-NEXT: convert-scf-to-openmp{num-threads=2},
// THREADS-NEXT: hal-run-backend-pipelines{host-backend=llvm-cpu-loops phase=openmp},
// THREADS-NEXT: canonicalize{{.*}},
// THREADS-NEXT: convert-bufferization-to-memref,

// TOSA input: upstream's conversions on every function first (control
// flow first; tosa.apply_scale included).
// TOSA:      check-lower-to-runtime,
// TOSA-NEXT: func.func(
// TOSA-NEXT:   tosa-to-scf,
// TOSA-NEXT:   tosa-to-linalg-named{{.*}},
// TOSA-NEXT:   tosa-to-linalg{{.*}},
// TOSA-NEXT:   tosa-to-arith{include-apply-rescale=true {{.*}}},
// TOSA-NEXT:   tosa-to-tensor,
// TOSA-NEXT:   canonicalize{{.*}}
// TOSA-NEXT: ),
// TOSA-NEXT: convert-elementwise-to-linalg,
// TOSA-NEXT: codegen-run-scope-pipelines

// OTHER:      builtin.module(
// OTHER-NEXT:   util-strip-scopes{invert=false kind= outlined=false},
// OTHER-NEXT:   hal-verify-device-targets,
// OTHER:        flow-outline-dispatch-regions,
// OTHER-NEXT:   flow-insert-transfers,
// OTHER-NEXT:   flow-print-dispatches,
// OTHER-NEXT:   flow-link-executables,
// OTHER:        codegen-lower-workgroups{check-stores=true},
// OTHER-NEXT:   hal-run-backend-pipelines{host-backend=llvm-cpu phase=tensor},
// OTHER:        hal-run-backend-pipelines{host-backend=llvm-cpu phase=buffer},

// DOT:      flow-outline-dispatch-regions,
// DOT-NEXT: flow-insert-transfers,
// DOT-NEXT: flow-print-dispatch-graph,
// DOT-NEXT: flow-link-executables,

module {}
