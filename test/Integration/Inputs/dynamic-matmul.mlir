// A dynamically shaped fill + matmul in an llvm-cpu scope (the shape the
// llvm-cpu contraction strategy is benchmarked on).
func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty(%m, %n) : tensor<?x?xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
    %mm = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                        outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
    util.return %mm : tensor<?x?xf32>
  } : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
