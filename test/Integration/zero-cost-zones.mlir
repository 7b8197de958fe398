// Zero cost of zones: with tracing off, a program whose only scopes are
// zones (nested annotations, a util.scope with explicit captures and a tie,
// a zone inside scf.for, a multi-block zone body) compiles to the same LLVM
// IR as the same program written without them, at dispatch granularity (the
// default), at scope granularity and through scope-opt's compile pipeline.
//
// RUN: split-file %s %t
// RUN: scope-run %t/zoned.mlir --function=layer --emit-llvm-dialect | mlir-translate --mlir-to-llvmir -o %t/zoned.ll
// RUN: scope-run %t/plain.mlir --function=layer --emit-llvm-dialect | mlir-translate --mlir-to-llvmir -o %t/plain.ll
// RUN: diff %t/zoned.ll %t/plain.ll
// RUN: scope-run %t/zoned.mlir --function=layer --emit-llvm-dialect --dispatch=false | mlir-translate --mlir-to-llvmir -o %t/zoned-scope.ll
// RUN: scope-run %t/plain.mlir --function=layer --emit-llvm-dialect --dispatch=false | mlir-translate --mlir-to-llvmir -o %t/plain-scope.ll
// RUN: diff %t/zoned-scope.ll %t/plain-scope.ll
// RUN: scope-opt --scopeir-compile-to-llvm %t/zoned.mlir | mlir-translate --mlir-to-llvmir -o %t/zoned-opt.ll
// RUN: scope-opt --scopeir-compile-to-llvm %t/plain.mlir | mlir-translate --mlir-to-llvmir -o %t/plain-opt.ll
// RUN: diff %t/zoned-opt.ll %t/plain-opt.ll
//
// The dispatch map is the same too: the same dispatches, executables and
// devices in the same order; only the scope path column differs (the zones
// name where each dispatch came from). With tracing off nothing calls the
// tracing runtime.
// RUN: scope-run %t/zoned.mlir --function=layer --emit-llvm-dialect --dump-dispatches | grep '^dispatch #' | sed 's/ scope=.*//' > %t/zoned-map.txt
// RUN: scope-run %t/plain.mlir --function=layer --emit-llvm-dialect --dump-dispatches | grep '^dispatch #' | sed 's/ scope=.*//' > %t/plain-map.txt
// RUN: diff %t/zoned-map.txt %t/plain-map.txt
// RUN: FileCheck %s --check-prefix=MAP --input-file %t/zoned-map.txt
// MAP-COUNT-4: dispatch #{{[0-9]}} @host_executables::@{{(layer|pick)}}_dispatch_{{[0-9]}} device=host
// RUN: not grep -q scopeir_trace %t/zoned.ll
//
// The comparison is not between two empty modules: both functions are there
// and compute.
// RUN: FileCheck %s --input-file %t/zoned.ll
// CHECK-DAG: define {{.*}}@layer(
// CHECK-DAG: define {{.*}}@pick(
// CHECK-DAG: fmul
// CHECK-DAG: fneg

//--- zoned.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @layer(%x: tensor<?x4xf32>, %w: tensor<4x4xf32>, %b: tensor<4xf32>, %steps: index) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %r = util.annotate [#util.zone<"layer">] {
    %e = tensor.empty(%n) : tensor<?x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %m = util.annotate [#util.zone<"matmul">] {
      %mm = linalg.matmul ins(%x, %w : tensor<?x4xf32>, tensor<4x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
      util.return %mm : tensor<?x4xf32>
    } : tensor<?x4xf32>
    %a = util.scope [#util.zone<"bias">] (%m as %mm: tensor<?x4xf32>{%n}, %b as %bb: tensor<4xf32>) -> (%m) {
      %g = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
          ins(%bb : tensor<4xf32>) outs(%mm : tensor<?x4xf32>) {
      ^bb0(%v: f32, %acc: f32):
        %s = arith.addf %acc, %v : f32
        linalg.yield %s : f32
      } -> tensor<?x4xf32>
      util.return %g : tensor<?x4xf32>
    }
    util.return %a : tensor<?x4xf32>
  } : tensor<?x4xf32>
  %l = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %r) -> tensor<?x4xf32> {
    %s = util.annotate [#util.zone<"step">] {
      %d = linalg.add ins(%acc, %acc : tensor<?x4xf32>, tensor<?x4xf32>) outs(%acc : tensor<?x4xf32>) -> tensor<?x4xf32>
      util.return %d : tensor<?x4xf32>
    } : tensor<?x4xf32>
    scf.yield %s : tensor<?x4xf32>
  }
  return %l : tensor<?x4xf32>
}

func.func @pick(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = util.annotate [#util.zone<"pick">] {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %e = tensor.empty() : tensor<4xf32>
    %d = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %d : tensor<4xf32>
  ^bb2:
    util.return %x : tensor<4xf32>
  } : tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %n = linalg.negf ins(%r : tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- plain.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @layer(%x: tensor<?x4xf32>, %w: tensor<4x4xf32>, %b: tensor<4xf32>, %steps: index) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x4xf32>, tensor<4x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
  %g = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<4xf32>) outs(%mm : tensor<?x4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  %l = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %g) -> tensor<?x4xf32> {
    %d = linalg.add ins(%acc, %acc : tensor<?x4xf32>, tensor<?x4xf32>) outs(%acc : tensor<?x4xf32>) -> tensor<?x4xf32>
    scf.yield %d : tensor<?x4xf32>
  }
  return %l : tensor<?x4xf32>
}

func.func @pick(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %e = tensor.empty() : tensor<4xf32>
  %d = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^bb3(%d : tensor<4xf32>)
^bb2:
  cf.br ^bb3(%x : tensor<4xf32>)
^bb3(%r: tensor<4xf32>):
  %e2 = tensor.empty() : tensor<4xf32>
  %n = linalg.negf ins(%r : tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
