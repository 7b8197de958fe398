// A transposed-A matmul and a dilated convolution in an llvm-cpu scope.
func.func @main(%a: tensor<70x130xf32>, %b: tensor<70x250xf32>, %i: tensor<1x17x19x8xf32>, %f: tensor<3x3x8x16xf32>) -> (tensor<130x250xf32>, tensor<1x13x15x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %r:2 = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<130x250xf32>
    %c = linalg.fill ins(%zero : f32) outs(%e : tensor<130x250xf32>) -> tensor<130x250xf32>
    %m = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
       ins(%a, %b : tensor<70x130xf32>, tensor<70x250xf32>) outs(%c : tensor<130x250xf32>) -> tensor<130x250xf32>
    %eo = tensor.empty() : tensor<1x13x15x16xf32>
    %o = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x13x15x16xf32>) -> tensor<1x13x15x16xf32>
    %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%i, %f : tensor<1x17x19x8xf32>, tensor<3x3x8x16xf32>) outs(%o : tensor<1x13x15x16xf32>) -> tensor<1x13x15x16xf32>
    util.return %m, %d : tensor<130x250xf32>, tensor<1x13x15x16xf32>
  } : tensor<130x250xf32>, tensor<1x13x15x16xf32>
  return %r#0, %r#1 : tensor<130x250xf32>, tensor<1x13x15x16xf32>
}
