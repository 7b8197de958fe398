// scope-reduce-rewrites keeps what the interestingness test needs (here: a
// math.exp) and cuts the data flow around it: results forwarded to operands,
// tensors replaced by zeros, scf.if by its then-branch, scopes inlined, dead
// ops and unused private functions erased.
// RUN: scope-reduce %s --scope-reduce-rewrites='test=%S/Inputs/contains.sh test-arg=math.exp' | FileCheck %s
// The original must be interesting for the reducer to start.
// RUN: not %S/Inputs/contains.sh math.exp %s
// Only the listed kinds run: without inline-scope the zone stays.
// RUN: scope-reduce %s --scope-reduce-rewrites='test=%S/Inputs/contains.sh test-arg=math.exp kinds=forward,zero,then' \
// RUN:   | FileCheck %s --check-prefix=KINDS

// CHECK-LABEL: func.func @main
// CHECK-NOT: util.
// CHECK-NOT: linalg.matmul
// CHECK-NOT: scf.if
// CHECK: math.exp
// CHECK-NOT: func.func @helper

// KINDS: util.annotate [#util.zone<"z0">]
// KINDS: math.exp
// KINDS-NOT: linalg.matmul

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func private @helper(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = linalg.add ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
  func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %p: i1) -> tensor<4x4xf32> {
    %cst = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    %h = func.call @helper(%m) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %z = util.annotate [#util.zone<"z0">] {
      %r = scf.if %p -> tensor<4x4xf32> {
        %x = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
            ins(%h : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
        ^bb0(%in: f32, %out: f32):
          %v = math.exp %in : f32
          linalg.yield %v : f32
        } -> tensor<4x4xf32>
        scf.yield %x : tensor<4x4xf32>
      } else {
        scf.yield %h : tensor<4x4xf32>
      }
      util.return %r : tensor<4x4xf32>
    } : tensor<4x4xf32>
    return %z : tensor<4x4xf32>
  }
}
