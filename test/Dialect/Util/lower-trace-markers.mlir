// RUN: scope-opt --split-input-file --util-lower-trace-markers %s | FileCheck %s

// Each marker becomes a call of the runtime with the address of its site:
// category, name and args (as JSON, with the marker's location) separated
// and ended by NUL. A begin and its end share the site; the runtime entry
// points are declared once.
// CHECK-LABEL: module
//   CHECK-DAG: llvm.mlir.global internal constant @[[SITE:__scopeir_trace_site_[0-9]+]]("zone\00ffn\00{\22loc\22:\22lower-trace-markers.mlir:23:3\22,\22n\22:3,\22scope\22:[\22enc\22,\22ffn\22]}\00")
//   CHECK-DAG: llvm.mlir.global internal constant @[[DSITE:__scopeir_trace_site_[0-9]+]]("dispatch\00f_0\00{}\00")
//   CHECK-DAG: llvm.func @scopeir_trace_begin(!llvm.ptr)
//   CHECK-DAG: llvm.func @scopeir_trace_end(!llvm.ptr)
//       CHECK: func.func @markers
//  CHECK-NEXT:   %[[A:.+]] = llvm.mlir.addressof @[[SITE]] : !llvm.ptr
//  CHECK-NEXT:   llvm.call @scopeir_trace_begin(%[[A]]) : (!llvm.ptr) -> ()
//  CHECK-NEXT:   arith.negf
//  CHECK-NEXT:   %[[B:.+]] = llvm.mlir.addressof @[[SITE]] : !llvm.ptr
//  CHECK-NEXT:   llvm.call @scopeir_trace_end(%[[B]]) : (!llvm.ptr) -> ()
//  CHECK-NEXT:   %[[C:.+]] = llvm.mlir.addressof @[[DSITE]] : !llvm.ptr
//  CHECK-NEXT:   llvm.call @scopeir_trace_begin(%[[C]])
//  CHECK-NEXT:   %[[D:.+]] = llvm.mlir.addressof @[[DSITE]] : !llvm.ptr
//  CHECK-NEXT:   llvm.call @scopeir_trace_end(%[[D]])
//   CHECK-NOT: util.trace
//   CHECK-NOT: llvm.func @scopeir_trace_begin
module {
  func.func @markers(%x: f32) -> f32 {
    util.trace.begin "zone" "ffn" args {scope = ["enc", "ffn"], n = 3 : i64} loc(#loc)
    %y = arith.negf %x : f32
    util.trace.end "zone" "ffn" args {scope = ["enc", "ffn"], n = 3 : i64} loc(#loc)
    util.trace.begin "dispatch" "f_0" loc(unknown)
    util.trace.end "dispatch" "f_0" loc(unknown)
    return %y : f32
  }
}
#loc = loc("lower-trace-markers.mlir":23:3)

// -----

// A site global whose name is taken is renamed; an existing declaration of
// an entry point is reused.
// CHECK-LABEL: module
//   CHECK-DAG: llvm.mlir.global internal constant @[[NEW:__scopeir_trace_site_0_[0-9]+]]("zone\00z\00{}\00")
//   CHECK-DAG: llvm.mlir.global external @__scopeir_trace_site_0()
//       CHECK: llvm.func @scopeir_trace_begin(!llvm.ptr)
//   CHECK-NOT: llvm.func @scopeir_trace_begin
//       CHECK: llvm.mlir.addressof @[[NEW]]
module {
  llvm.mlir.global external @__scopeir_trace_site_0() : i32
  llvm.func @scopeir_trace_begin(!llvm.ptr)
  func.func @taken() {
    util.trace.begin "zone" "z" loc(unknown)
    return
  }
}
