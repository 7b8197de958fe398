// Strategies written as transform named sequences of the program itself run
// under scope-run: a tu scope the program writes (strategy = @tile_rows(2))
// and a layer whose #codegen.strategy names the same sequence for the
// llvm-cpu backend's own tu scopes. The sequences stay in the module until
// the backends have run their strategies, then go before host lowering
// (codegen-erase-strategy-sequences): transform IR has no LLVM translation.
// The inputs are multiples of 1/4, so the products are exact; the expected
// values are a * b (first result) and 2 * a * b (second), computed by hand.
//
// DEFINE: %{a} = -0.75 -0.5 -0.25 0.0 0.25 0.5 0.75 -0.75 -0.5 -0.25 0.0 0.25 0.5 0.75 -0.75 -0.5 -0.25 0.0 0.25 0.5 0.75 -0.75 -0.5 -0.25 0.0 0.25 0.5 0.75 -0.75 -0.5 -0.25 0.0
// DEFINE: %{b} = -1.0 -0.5 0.0 0.5 1.0 -1.0 -0.5 0.0 0.5 1.0 -1.0 -0.5 0.0 0.5 1.0 -1.0 -0.5 0.0 0.5 1.0 -1.0 -0.5 0.0 0.5 1.0 -1.0 -0.5 0.0 0.5 1.0 -1.0 -0.5

// RUN: scope-run %s --input="4x8xf32=%{a}" --input="8x4xf32=%{b}" | FileCheck %s --check-prefix=OUT
//      OUT: 4x4xf32=[-0.125 -1.125 1 0.625][-1.75 0.5 1.5 0.625][0.125 1.25 1.125 -0.25][1.125 1.125 -0.125 -2]
// OUT-NEXT: 4x4xf32=[-0.25 -2.25 2 1.25][-3.5 1 3 1.25][0.25 2.5 2.25 -0.5][2.25 2.25 -0.25 -4]

// Each strategy ran (its matmul is tiled by the rows it says), the backend's
// from the module's sequence, and the sequence is gone afterwards.
// RUN: scope-opt %s --scopeir-compile-to-llvm --mlir-print-ir-after=codegen-run-scope-pipelines,codegen-erase-strategy-sequences -o /dev/null 2>&1 | FileCheck %s
//      CHECK: IR Dump After RunScopePipelinesPass
//      CHECK: transform.named_sequence @tile_rows
//      CHECK: func.func @main
//      CHECK:   scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c2
//      CHECK:     linalg.matmul
//      CHECK: IR Dump After RunScopePipelinesPass
//      CHECK: func.func private @llvm_cpu_executables_main_dispatch_{{[0-9]+}}
//      CHECK:   scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c1
//      CHECK:     linalg.matmul
//      CHECK: IR Dump After EraseStrategySequencesPass
//  CHECK-NOT: transform.
//      CHECK: func.func @main
//  CHECK-NOT: transform.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile_rows(%scope: !transform.any_op {transform.readonly},
                                      %rows: !transform.param<i64> {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %scope
        : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %mm tile_sizes [%rows]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %mm = codegen.scope.tu (%a as %x: tensor<4x8xf32>, %b as %y: tensor<8x4xf32>)
        -> (tensor<4x4xf32>) strategy = @tile_rows(2 : i64) {
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      %p = linalg.matmul ins(%x, %y : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
      codegen.yield %p : tensor<4x4xf32>
    }
    %dev = util.annotate [#hal.device.target<"llvm-cpu">, #codegen.strategy<contraction = @tile_rows(1 : i64)>] {
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      %p = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
      %s = linalg.add ins(%p, %p : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %s : tensor<4x4xf32>
    } : tensor<4x4xf32>
    return %mm, %dev : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
