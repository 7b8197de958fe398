// RUN: scope-opt --split-input-file --codegen-form-tu-scopes=table=llvm-cpu %s | FileCheck %s

// The llvm-cpu strategy table tiles an elementwise op of more than two
// loops by 1 along its leading loops and 8 x 16 along its two innermost,
// so that vectors run along the contiguous dim (an NCHW batch norm used to
// be tiled 8,16,16 outermost first: vector<1x16x16x56>, minutes of LLVM).
// The sizes depend on the rank only: static and dynamic shapes alike.
// CHECK-LABEL: func.func @nchw_affine_relu
//       CHECK:   codegen.scope.tu {{.+}} pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=1,1,8,16},canonicalize,cse"
//       CHECK:     linalg.generic
func.func @nchw_affine_relu(%x: tensor<1x64x56x56xf32>, %s: tensor<64xf32>) -> tensor<1x64x56x56xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x56x56xf32>
  %g = linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<1x64x56x56xf32>, tensor<64xf32>) outs(%e : tensor<1x64x56x56xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %y = arith.maximumf %m, %zero : f32
    linalg.yield %y : f32
  } -> tensor<1x64x56x56xf32>
  return %g : tensor<1x64x56x56xf32>
}

// -----

// Three loops, dynamic: tiled 1, 8, 16.
// CHECK-LABEL: func.func @rank3_dynamic
//       CHECK:   codegen.scope.tu {{.+}} pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=1,8,16},canonicalize,cse"
//       CHECK:     linalg.add
func.func @rank3_dynamic(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %r = linalg.add ins(%a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32>)
                  outs(%a : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// Two loops or fewer, and the other kinds of roots, keep the outermost-first
// 8,16,16 tiles.
// CHECK-LABEL: func.func @rank2_and_reduction
//       CHECK:   codegen.scope.tu {{.+}} pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=8,16,16},canonicalize,cse"
//       CHECK:     linalg.add
//       CHECK:   codegen.scope.tu {{.+}} pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=8,16,16},canonicalize,cse"
//       CHECK:     linalg.reduce
func.func @rank2_and_reduction(%a: tensor<4x8xf32>, %init: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %s = linalg.add ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>)
                  outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  return %s, %r : tensor<4x8xf32>, tensor<4xf32>
}
