// RUN: scope-opt --split-input-file --flow-record-scope-paths --util-trace-zones --util-strip-scopes=kind=zone --flow-form-dispatch-regions --flow-outline-dispatch-regions --flow-trace-dispatches %s | FileCheck %s

// The matmul (zone "mm") and its consumer (zone "act") fuse into one
// dispatch whose common zone is "block". Formation left it where the relu
// was, inside the markers of "act" (the zone still open there; "mm" is
// closed); the pass moves it before "act"'s begin, so its slice nests
// directly in "block" and the straddled zones' slices do not count its time. Its markers name device, executable, index, scope and
// the straddled zones.
// CHECK-LABEL: func.func @straddle
//  CHECK-NEXT:   util.annotate [#hal.device.target<"llvm-cpu">] {
//  CHECK-NEXT:     util.trace.begin "zone" "block" args {scope = ["block"]}
//  CHECK-NEXT:     util.trace.begin "zone" "mm" args {scope = ["block", "mm"]}
//  CHECK-NEXT:     util.trace.end "zone" "mm"
//  CHECK-NEXT:     util.trace.begin "dispatch" "straddle_dispatch_0" args {device = "llvm-cpu", executable = "@llvm_cpu_executables::@straddle_dispatch_0", index = 0 : i64, scope = ["block"], zones = {{\[}}["block", "mm"], ["block", "act"]]}
//  CHECK-NEXT:   %[[D:.+]] = flow.dispatch @llvm_cpu_executables::@straddle_dispatch_0
//  CHECK-NEXT:     util.trace.end "dispatch" "straddle_dispatch_0" args {device = "llvm-cpu"
//  CHECK-NEXT:     util.trace.begin "zone" "act" args {scope = ["block", "act"]}
//  CHECK-NEXT:     util.trace.end "zone" "act"
//  CHECK-NEXT:     util.trace.end "zone" "block"
//  CHECK-NEXT:     util.return %[[D]]
func.func @straddle(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"block">] {
    %m = util.annotate [#util.zone<"mm">] {
      %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %mm : tensor<4x4xf32>
    } : tensor<4x4xf32>
    %act = util.annotate [#util.zone<"act">] {
      %e = tensor.empty() : tensor<4x4xf32>
      %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
      ^bb0(%x: f32, %o: f32):
        %cst = arith.constant 0.0 : f32
        %s = arith.maximumf %x, %cst : f32
        linalg.yield %s : f32
      } -> tensor<4x4xf32>
      util.return %relu : tensor<4x4xf32>
    } : tensor<4x4xf32>
    util.return %act : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A dispatch inside a loop is marked in the loop body; dispatches are
// numbered in module order, as the dispatch map numbers them. A dispatch
// from one zone only stays where it is, inside that zone.
// CHECK-LABEL: func.func @loop
//       CHECK: util.trace.begin "dispatch" "loop_dispatch_0" args {device = "host", executable = "@host_executables::@loop_dispatch_0", index = 0 : i64, scope = []}
//  CHECK-NEXT: flow.dispatch @host_executables::@loop_dispatch_0
//  CHECK-NEXT: util.trace.end "dispatch" "loop_dispatch_0"
//       CHECK: scf.for
//  CHECK-NEXT:   util.trace.begin "zone" "step"
//  CHECK-NEXT:   util.trace.begin "dispatch" "loop_dispatch_1" args {device = "host", executable = "@host_executables::@loop_dispatch_1", index = 1 : i64, scope = ["step"]}
//  CHECK-NEXT:   flow.dispatch @host_executables::@loop_dispatch_1
//  CHECK-NEXT:   util.trace.end "dispatch" "loop_dispatch_1"
//  CHECK-NEXT:   util.trace.end "zone" "step"
//  CHECK-NEXT:   scf.yield
func.func @loop(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %x2 = linalg.negf ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x2) -> tensor<4xf32> {
    %s = util.annotate [#util.zone<"step">] {
      %d = linalg.add ins(%acc, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
      util.return %d : tensor<4xf32>
    } : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %l : tensor<4xf32>
}

// -----

// An extern kernel call gets dispatch markers named after the kernel, with
// the placement around it and the scope path recorded on it, inside the
// markers of its zone; it has no index (it is not in the dispatch map).
// CHECK-LABEL: func.func @kernel
//       CHECK:   util.trace.begin "zone" "layer" args {scope = ["layer"]}
//  CHECK-NEXT:   util.trace.begin "dispatch" "neg_f32" args {device = "llvm-cpu", extern = "neg_f32", scope = ["layer"]}
//  CHECK-NEXT:   %[[K:.+]] = hal.dispatch.extern "neg_f32"
//  CHECK-NEXT:   util.trace.end "dispatch" "neg_f32" args {device = "llvm-cpu", extern = "neg_f32", scope = ["layer"]}
//       CHECK:   util.trace.begin "dispatch" "kernel_dispatch_0" args {device = "llvm-cpu", executable = "@llvm_cpu_executables::@kernel_dispatch_0", index = 0 : i64, scope = ["layer"]}
//       CHECK:   util.trace.end "zone" "layer"
func.func @kernel(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"layer">] {
    %k = hal.dispatch.extern "neg_f32"(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
    %e = tensor.empty() : tensor<4xf32>
    %o = linalg.exp ins(%k : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %o : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}
