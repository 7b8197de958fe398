// One function, two translation units, one bufferization.
//
//   rowsums = sum_j (a * b)[i, j]
//
// The matmul is compiled by one strategy (tiled 2x4x4 and vectorized), the
// row reduction that consumes it by another (its rows tiled by 2 and
// vectorized), each in its own codegen.scope.tu. The function is still
// bufferized as a whole: the reduction's scope is tied to the output, which
// it updates in place, so the scopes cost no allocation and no copy (see
// test/Integration/codegen-tu.mlir and docs/codegen.md). The llvm-cpu host
// backend lowers the vector code the strategies produce.
//
// Run it:
//   scope-run examples/codegen-tu.mlir --host-backend=llvm-cpu --function=main \
//     --input="4x8xf32=1" --input="8x4xf32=0.5" --input="4xf32=0"

func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %out: tensor<4xf32>) -> tensor<4xf32> {
  %mm = codegen.scope.tu (%a as %x: tensor<4x8xf32>, %b as %y: tensor<8x4xf32>)
      -> (tensor<4x4xf32>)
      pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=2,4,4},canonicalize,cse" {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %p = linalg.matmul ins(%x, %y : tensor<4x8xf32>, tensor<8x4xf32>)
                       outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    codegen.yield %p : tensor<4x4xf32>
  }
  %sums = codegen.scope.tu (%mm as %p: tensor<4x4xf32>, %out as %o: tensor<4xf32>)
      -> (%out)
      pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=2,0},canonicalize,cse" {
    %r = linalg.reduce ins(%p : tensor<4x4xf32>) outs(%o : tensor<4xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %s = arith.addf %in, %acc : f32
        linalg.yield %s : f32
      }
    codegen.yield %r : tensor<4xf32>
  }
  return %sums : tensor<4xf32>
}
