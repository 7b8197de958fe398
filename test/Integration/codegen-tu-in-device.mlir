// A program's own codegen.scope.tu inside a device scope: a tu scope whose
// strategy is a transform named sequence of the module, and a consumer tu
// scope (a pass pipeline) tied to its output, in a util.annotate on a
// device, dynamic rows. Each tu scope becomes a dispatch of its own on the
// scope's device whatever its strategy made of its ops (at dispatch
// granularity the tiled loops used to be left out of every region:
// "op placed on ... is not in a dispatch region"), and computes what it
// computes at scope granularity. @by_attr does the same through a
// #codegen.strategy on the device scope, which reaches the backend's own tu
// scopes. Expected values: relu(a x b) by hand (NumPy agrees).
//
// DEFINE: %{a} = 1 2 3 4 5 6 7 8 -1 -2 -3 -4 -5 -6 -7 -8 1 -1 1 -1 1 -1 1 -1
// DEFINE: %{b} = 0.5 1 -0.25 0 0.5 1 -0.25 0 0.5 1 -0.25 0 0.5 1 -0.25 0 0.5 0 -0.25 0 0.5 0 -0.25 0 0.5 0 -0.25 0 0.5 0 -0.25 1
// DEFINE: %{run} = scope-run %s --input="3x8xf32=%{a}" --input="8x4xf32=%{b}"

// RUN: %{run} --function=on_llvm_cpu | FileCheck %s
// RUN: %{run} --function=on_llvm_cpu --dispatch=false | FileCheck %s
// RUN: %{run} --function=on_llvm_cpu_loops | FileCheck %s
// RUN: %{run} --function=on_llvm_cpu_loops --dispatch=false | FileCheck %s
// RUN: %{run} --function=by_attr | FileCheck %s
// RUN: %{run} --function=by_attr --dispatch=false | FileCheck %s
// RUN: %{run} --function=on_llvm_cpu --threads=2 --host-backend=llvm-cpu | FileCheck %s
// CHECK: 3x4xf32=[18 10 0 8][0 0 9 0][0 0 0 0]

// Each tu scope is a dispatch of its own placed on the scope's device (the
// dump lists the dispatches of every function of the module).
// RUN: %{run} --function=on_llvm_cpu --dump-dispatches | FileCheck %s --check-prefix=DISPATCHES
// DISPATCHES:      @llvm_cpu_executables::@on_llvm_cpu_dispatch_0 device=#hal.device.target<"llvm-cpu">
// DISPATCHES-NEXT: @llvm_cpu_executables::@on_llvm_cpu_dispatch_1 device=#hal.device.target<"llvm-cpu">
// DISPATCHES-NEXT: @llvm_cpu_loops_executables::@on_llvm_cpu_loops_dispatch_0 device=#hal.device.target<"llvm-cpu-loops">
// DISPATCHES-NEXT: @llvm_cpu_loops_executables::@on_llvm_cpu_loops_dispatch_1 device=#hal.device.target<"llvm-cpu-loops">
// DISPATCHES-NEXT: @llvm_cpu_executables::@by_attr_dispatch_0 device=#hal.device.target<"llvm-cpu">

// The strategy ran on the program as written (rows tiled by 2), the tie
// of the consumer kept.
// RUN: scope-opt %s --scopeir-compile-to-llvm --mlir-print-ir-after=flow-form-dispatch-regions -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @on_llvm_cpu(
//       IR:   %[[MM:.+]] = flow.dispatch.region on(#hal.device.target<"llvm-cpu">)
//       IR:     codegen.scope.tu
//       IR:       scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c2
//       IR:         linalg.matmul
//       IR:   flow.dispatch.region on(#hal.device.target<"llvm-cpu">)
//  IR-NEXT:     codegen.scope.tu (%[[MM]] as %{{.+}}: tensor<?x4xf32>{%{{.+}}}) -> (%[[MM]])

module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile_rows(%scope: !transform.any_op {transform.readonly},
                                      %rows: !transform.param<i64> {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %scope
        : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %mm tile_sizes [%rows]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @tile_generic_rows(%scope: !transform.any_op {transform.readonly},
                                              %rows: !transform.param<i64> {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %scope
        : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %g tile_sizes [%rows]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  func.func @on_llvm_cpu(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>) -> tensor<?x4xf32> {
    %c0 = arith.constant 0 : index
    %n = tensor.dim %a, %c0 : tensor<?x8xf32>
    %r = util.annotate [#hal.device.target<"llvm-cpu">] {
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty(%n) : tensor<?x4xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
      %mm = codegen.scope.tu (%a as %x: tensor<?x8xf32>{%n}, %b as %y: tensor<8x4xf32>,
                              %f as %o: tensor<?x4xf32>{%n}) -> (%f) strategy = @tile_rows(2 : i64) {
        %p = linalg.matmul ins(%x, %y : tensor<?x8xf32>, tensor<8x4xf32>) outs(%o : tensor<?x4xf32>) -> tensor<?x4xf32>
        codegen.yield %p : tensor<?x4xf32>
      }
      %relu = codegen.scope.tu (%mm as %m: tensor<?x4xf32>{%n}) -> (%mm) pipeline = "canonicalize" {
        %zero2 = arith.constant 0.0 : f32
        %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%m : tensor<?x4xf32>) {
        ^bb0(%v: f32):
          %mx = arith.maximumf %v, %zero2 : f32
          linalg.yield %mx : f32
        } -> tensor<?x4xf32>
        codegen.yield %g : tensor<?x4xf32>
      }
      util.return %relu : tensor<?x4xf32>
    } : tensor<?x4xf32>
    return %r : tensor<?x4xf32>
  }

  // The same on the other backend, the pipeline strategy first.
  func.func @on_llvm_cpu_loops(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>) -> tensor<?x4xf32> {
    %c0 = arith.constant 0 : index
    %n = tensor.dim %a, %c0 : tensor<?x8xf32>
    %r = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty(%n) : tensor<?x4xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
      %mm = codegen.scope.tu (%a as %x: tensor<?x8xf32>{%n}, %b as %y: tensor<8x4xf32>,
                              %f as %o: tensor<?x4xf32>{%n}) -> (%f)
          pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=2,4,4},canonicalize" {
        %p = linalg.matmul ins(%x, %y : tensor<?x8xf32>, tensor<8x4xf32>) outs(%o : tensor<?x4xf32>) -> tensor<?x4xf32>
        codegen.yield %p : tensor<?x4xf32>
      }
      %relu = codegen.scope.tu (%mm as %m: tensor<?x4xf32>{%n}) -> (%mm) strategy = @tile_generic_rows(1 : i64) {
        %zero2 = arith.constant 0.0 : f32
        %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%m : tensor<?x4xf32>) {
        ^bb0(%v: f32):
          %mx = arith.maximumf %v, %zero2 : f32
          linalg.yield %mx : f32
        } -> tensor<?x4xf32>
        codegen.yield %g : tensor<?x4xf32>
      }
      util.return %relu : tensor<?x4xf32>
    } : tensor<?x4xf32>
    return %r : tensor<?x4xf32>
  }

  // A #codegen.strategy on the device scope: the llvm-cpu backend's own tu
  // scope for the matmul runs the module's sequence.
  func.func @by_attr(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>) -> tensor<?x4xf32> {
    %c0 = arith.constant 0 : index
    %n = tensor.dim %a, %c0 : tensor<?x8xf32>
    %r = util.annotate [#hal.device.target<"llvm-cpu">, #codegen.strategy<contraction = @tile_rows(1 : i64)>] {
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty(%n) : tensor<?x4xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
      %p = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
      %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%p : tensor<?x4xf32>) {
      ^bb0(%v: f32):
        %mx = arith.maximumf %v, %zero : f32
        linalg.yield %mx : f32
      } -> tensor<?x4xf32>
      util.return %g : tensor<?x4xf32>
    } : tensor<?x4xf32>
    return %r : tensor<?x4xf32>
  }
}
