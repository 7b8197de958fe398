// A codegen.scope.workgroups inside an llvm-cpu device scope, followed by a
// linalg.add (exp(a) + a on 4 workgroups of 3 elements).
func.func @main(%a: tensor<12xf32>) -> tensor<12xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c4 = arith.constant 4 : index
    %w = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<12xf32>)
        -> (tensor<12xf32>) as (%o) {
      %off = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
      %t = tensor.extract_slice %x[%off] [3] [1] : tensor<12xf32> to tensor<3xf32>
      %init = tensor.empty() : tensor<3xf32>
      %e = linalg.exp ins(%t : tensor<3xf32>) outs(%init : tensor<3xf32>) -> tensor<3xf32>
      codegen.store %e into %o[%off] [3] [1] : tensor<3xf32> into tensor<12xf32>
    }
    %e2 = tensor.empty() : tensor<12xf32>
    %s = linalg.add ins(%w, %a : tensor<12xf32>, tensor<12xf32>) outs(%e2 : tensor<12xf32>) -> tensor<12xf32>
    util.return %s : tensor<12xf32>
  } : tensor<12xf32>
  return %r : tensor<12xf32>
}
