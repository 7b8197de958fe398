// A larger model than examples/mlp.mlir, for dispatch granularity: a
// residual encoder block on `llvm-cpu` split into zones, a head on
// `llvm-cpu-loops` with a nested `llvm-cpu` scope (the innermost device
// wins), and a final scaling outside every scope (host). The batch size is
// dynamic.
//
//   h1 = relu(x * W1 + b1)                      zone encoder/layer1, llvm-cpu
//   h2 = relu(h1 * W2 + b2)                     zone encoder/layer2, llvm-cpu
//   h  = h1 + h2                                zone encoder, llvm-cpu
//   l  = h * W3 + b3                            llvm-cpu-loops
//   c  = l - mean_j(l)                          zone norm, llvm-cpu
//   y  = 0.5 * c                                host
//
// Run it:
//   scope-run examples/encoder.mlir --dispatch --dump-dispatches \
//     --input="2x8xf32=0.5 -1 0.25 0 1 -0.5 0.75 -0.25 1 0 -1 0.5 0.25 -0.75 0 1"

func.func @main(%x: tensor<?x8xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %batch = tensor.dim %x, %c0 : tensor<?x8xf32>

  %h = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"encoder">] {
    %h1 = util.annotate [#util.zone<"layer1">] {
      %l1_w = arith.constant dense<[
      [0.148, 0.199, 0.248, 0.295, 0.337, 0.376, 0.410, 0.439, 0.462, 0.480, 0.493, 0.499, 0.499, 0.494, 0.482, 0.464],
      [0.310, 0.352, 0.389, 0.421, 0.448, 0.470, 0.486, 0.496, 0.500, 0.498, 0.490, 0.476, 0.457, 0.432, 0.401, 0.366],
      [0.431, 0.456, 0.476, 0.490, 0.498, 0.500, 0.496, 0.486, 0.470, 0.448, 0.421, 0.389, 0.352, 0.311, 0.266, 0.218],
      [0.494, 0.499, 0.499, 0.493, 0.481, 0.463, 0.439, 0.410, 0.376, 0.338, 0.295, 0.249, 0.200, 0.149, 0.095, 0.041],
      [0.489, 0.475, 0.455, 0.429, 0.398, 0.363, 0.323, 0.279, 0.232, 0.182, 0.129, 0.076, 0.021, -0.034, -0.089, -0.142],
      [0.418, 0.386, 0.349, 0.307, 0.262, 0.214, 0.163, 0.110, 0.056, 0.001, -0.054, -0.108, -0.161, -0.212, -0.261, -0.306],
      [0.291, 0.245, 0.195, 0.144, 0.090, 0.036, -0.019, -0.074, -0.128, -0.180, -0.230, -0.278, -0.321, -0.362, -0.397, -0.428],
      [0.124, 0.071, 0.016, -0.039, -0.094, -0.147, -0.199, -0.248, -0.294, -0.337, -0.375, -0.409, -0.438, -0.462, -0.480, -0.493]
    ]> : tensor<8x16xf32>
      %l1_b = arith.constant dense<[0.100, 0.076, 0.017, -0.050, -0.094, -0.094, -0.049, 0.019, 0.078, 0.100, 0.075, 0.015, -0.052, -0.095, -0.093, -0.048]> : tensor<16xf32>
      %l1_e = tensor.empty(%batch) : tensor<?x16xf32>
      %l1_acc = linalg.fill ins(%zero : f32) outs(%l1_e : tensor<?x16xf32>) -> tensor<?x16xf32>
      %l1_mm = linalg.matmul ins(%x, %l1_w : tensor<?x8xf32>, tensor<8x16xf32>)
                         outs(%l1_acc : tensor<?x16xf32>) -> tensor<?x16xf32>
      %l1_out = linalg.generic {
          indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
          iterator_types = ["parallel", "parallel"]}
          ins(%l1_mm, %l1_b : tensor<?x16xf32>, tensor<16xf32>) outs(%l1_e : tensor<?x16xf32>) {
      ^bb0(%m: f32, %bb: f32, %o: f32):
        %s = arith.addf %m, %bb : f32
        %r = arith.maximumf %s, %zero : f32
        linalg.yield %r : f32
      } -> tensor<?x16xf32>
      util.return %l1_out : tensor<?x16xf32>
    } : tensor<?x16xf32>
    %h2 = util.annotate [#util.zone<"layer2">] {
      %l2_w = arith.constant dense<[
      [0.089, 0.196, 0.270, 0.300, 0.280, 0.213, 0.112, -0.009, -0.127, -0.225, -0.285, -0.299, -0.262, -0.182, -0.072, 0.050],
      [0.152, 0.242, 0.293, 0.295, 0.248, 0.160, 0.045, -0.077, -0.186, -0.264, -0.299, -0.284, -0.222, -0.123, -0.004, 0.116],
      [0.207, 0.276, 0.300, 0.274, 0.203, 0.098, -0.023, -0.141, -0.235, -0.290, -0.297, -0.255, -0.170, -0.058, 0.065, 0.176],
      [0.251, 0.296, 0.291, 0.239, 0.147, 0.030, -0.091, -0.197, -0.271, -0.300, -0.279, -0.212, -0.109, 0.011, 0.130, 0.227],
      [0.282, 0.299, 0.268, 0.191, 0.083, -0.038, -0.154, -0.244, -0.293, -0.294, -0.246, -0.158, -0.043, 0.079, 0.188, 0.266],
      [0.298, 0.288, 0.230, 0.134, 0.015, -0.105, -0.208, -0.277, -0.300, -0.273, -0.201, -0.095, 0.026, 0.143, 0.236, 0.290],
      [0.298, 0.260, 0.180, 0.069, -0.053, -0.167, -0.252, -0.296, -0.291, -0.237, -0.145, -0.028, 0.093, 0.199, 0.272, 0.300],
      [0.283, 0.220, 0.120, 0.000, -0.119, -0.219, -0.283, -0.299, -0.266, -0.189, -0.081, 0.041, 0.156, 0.245, 0.294, 0.294],
      [0.253, 0.167, 0.054, -0.068, -0.179, -0.260, -0.298, -0.287, -0.228, -0.131, -0.013, 0.108, 0.210, 0.278, 0.300, 0.272],
      [0.209, 0.106, -0.015, -0.133, -0.229, -0.287, -0.298, -0.259, -0.178, -0.066, 0.056, 0.169, 0.254, 0.296, 0.290, 0.236],
      [0.155, 0.039, -0.082, -0.191, -0.267, -0.299, -0.282, -0.218, -0.118, 0.002, 0.121, 0.221, 0.283, 0.299, 0.265, 0.187],
      [0.092, -0.029, -0.146, -0.238, -0.291, -0.296, -0.251, -0.165, -0.052, 0.070, 0.181, 0.261, 0.298, 0.286, 0.226, 0.129],
      [0.024, -0.097, -0.202, -0.274, -0.300, -0.277, -0.207, -0.104, 0.017, 0.135, 0.231, 0.288, 0.298, 0.258, 0.175, 0.064],
      [-0.044, -0.159, -0.247, -0.294, -0.293, -0.243, -0.152, -0.037, 0.085, 0.193, 0.268, 0.300, 0.281, 0.216, 0.115, -0.005],
      [-0.111, -0.213, -0.279, -0.300, -0.270, -0.196, -0.090, 0.032, 0.148, 0.240, 0.292, 0.295, 0.250, 0.163, 0.049, -0.073],
      [-0.171, -0.255, -0.297, -0.289, -0.234, -0.139, -0.022, 0.099, 0.204, 0.275, 0.300, 0.276, 0.206, 0.101, -0.020, -0.137]
    ]> : tensor<16x16xf32>
      %l2_b = arith.constant dense<[0.100, 0.027, -0.086, -0.073, 0.047, 0.098, 0.005, -0.095, -0.056, 0.065, 0.091, -0.016, -0.099, -0.037, 0.080, 0.080]> : tensor<16xf32>
      %l2_e = tensor.empty(%batch) : tensor<?x16xf32>
      %l2_acc = linalg.fill ins(%zero : f32) outs(%l2_e : tensor<?x16xf32>) -> tensor<?x16xf32>
      %l2_mm = linalg.matmul ins(%h1, %l2_w : tensor<?x16xf32>, tensor<16x16xf32>)
                         outs(%l2_acc : tensor<?x16xf32>) -> tensor<?x16xf32>
      %l2_out = linalg.generic {
          indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
          iterator_types = ["parallel", "parallel"]}
          ins(%l2_mm, %l2_b : tensor<?x16xf32>, tensor<16xf32>) outs(%l2_e : tensor<?x16xf32>) {
      ^bb0(%m: f32, %bb: f32, %o: f32):
        %s = arith.addf %m, %bb : f32
        %r = arith.maximumf %s, %zero : f32
        linalg.yield %r : f32
      } -> tensor<?x16xf32>
      util.return %l2_out : tensor<?x16xf32>
    } : tensor<?x16xf32>
    %res_e = tensor.empty(%batch) : tensor<?x16xf32>
    %res = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%h1, %h2 : tensor<?x16xf32>, tensor<?x16xf32>) outs(%res_e : tensor<?x16xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<?x16xf32>
    util.return %res : tensor<?x16xf32>
  } : tensor<?x16xf32>

  %c = util.annotate [#hal.device.target<"llvm-cpu-loops">, #util.zone<"head">] {
    %l3_w = arith.constant dense<[
      [0.148, 0.278, 0.385, 0.460],
      [0.369, 0.450, 0.494, 0.496],
      [0.489, 0.498, 0.466, 0.395],
      [0.475, 0.410, 0.311, 0.186],
      [0.330, 0.209, 0.071, -0.074],
      [0.095, -0.049, -0.189, -0.314],
      [-0.166, -0.294, -0.397, -0.468],
      [-0.382, -0.458, -0.496, -0.493],
      [-0.493, -0.497, -0.459, -0.383],
      [-0.468, -0.399, -0.296, -0.168],
      [-0.316, -0.192, -0.052, 0.093],
      [-0.076, 0.068, 0.207, 0.328],
      [0.184, 0.309, 0.409, 0.474],
      [0.394, 0.465, 0.498, 0.489],
      [0.496, 0.494, 0.451, 0.371],
      [0.461, 0.387, 0.280, 0.150]
    ]> : tensor<16x4xf32>
    %l3_b = arith.constant dense<[0.100, -0.050, -0.049, 0.100]> : tensor<4xf32>
    %l3_e = tensor.empty(%batch) : tensor<?x4xf32>
    %l3_acc = linalg.fill ins(%zero : f32) outs(%l3_e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %l3_mm = linalg.matmul ins(%h, %l3_w : tensor<?x16xf32>, tensor<16x4xf32>)
                       outs(%l3_acc : tensor<?x4xf32>) -> tensor<?x4xf32>
    %l3_out = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%l3_mm, %l3_b : tensor<?x4xf32>, tensor<4xf32>) outs(%l3_e : tensor<?x4xf32>) {
    ^bb0(%m: f32, %bb: f32, %o: f32):
      %s = arith.addf %m, %bb : f32
      linalg.yield %s : f32
    } -> tensor<?x4xf32>
    %centered = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"norm">] {
      %sum_e = tensor.empty(%batch) : tensor<?xf32>
      %sum_init = linalg.fill ins(%zero : f32) outs(%sum_e : tensor<?xf32>) -> tensor<?xf32>
      %sum = linalg.generic {
          indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
          iterator_types = ["parallel", "reduction"]}
          ins(%l3_out : tensor<?x4xf32>) outs(%sum_init : tensor<?xf32>) {
      ^bb0(%v: f32, %acc: f32):
        %s = arith.addf %v, %acc : f32
        linalg.yield %s : f32
      } -> tensor<?xf32>
      %out_e = tensor.empty(%batch) : tensor<?x4xf32>
      %quarter = arith.constant 0.25 : f32
      %cent = linalg.generic {
          indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
          iterator_types = ["parallel", "parallel"]}
          ins(%l3_out, %sum : tensor<?x4xf32>, tensor<?xf32>) outs(%out_e : tensor<?x4xf32>) {
      ^bb0(%v: f32, %s: f32, %o: f32):
        %mean = arith.mulf %s, %quarter : f32
        %d = arith.subf %v, %mean : f32
        linalg.yield %d : f32
      } -> tensor<?x4xf32>
      util.return %cent : tensor<?x4xf32>
    } : tensor<?x4xf32>
    util.return %centered : tensor<?x4xf32>
  } : tensor<?x4xf32>

  %half = arith.constant 0.5 : f32
  %y_e = tensor.empty(%batch) : tensor<?x4xf32>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<?x4xf32>) outs(%y_e : tensor<?x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %half : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
