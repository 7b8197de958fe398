// Two results, one dynamic dim, placed on both backends: the small module the
// scope-run CLI tests run.
func.func @add_scale(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x3xf32>
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %sum = util.annotate [#hal.device.target<"llvm-cpu">] {
    %s = linalg.add ins(%a, %b : tensor<?x3xf32>, tensor<?x3xf32>)
                    outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
    util.return %s : tensor<?x3xf32>
  } : tensor<?x3xf32>
  %twice = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
    %t = linalg.add ins(%sum, %sum : tensor<?x3xf32>, tensor<?x3xf32>)
                    outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
    util.return %t : tensor<?x3xf32>
  } : tensor<?x3xf32>
  return %sum, %twice : tensor<?x3xf32>, tensor<?x3xf32>
}

func.func @ints(%a: tensor<4xi32>, %b: tensor<2x2xi64>, %c: tensor<3xi8>, %d: tensor<2xi1>, %e: tensor<f64>)
    -> (tensor<4xi32>, tensor<2x2xi64>, tensor<3xi8>, tensor<2xi1>, tensor<f64>) {
  %ea = tensor.empty() : tensor<4xi32>
  %ra = linalg.add ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%ea : tensor<4xi32>) -> tensor<4xi32>
  %eb = tensor.empty() : tensor<2x2xi64>
  %rb = linalg.mul ins(%b, %b : tensor<2x2xi64>, tensor<2x2xi64>) outs(%eb : tensor<2x2xi64>) -> tensor<2x2xi64>
  return %ra, %rb, %c, %d, %e : tensor<4xi32>, tensor<2x2xi64>, tensor<3xi8>, tensor<2xi1>, tensor<f64>
}

func.func @scalar_arg(%x: f32) -> f32 {
  return %x : f32
}

func.func @vector_arg(%x: vector<4xf32>) -> vector<4xf32> {
  return %x : vector<4xf32>
}

func.func private @hidden(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
