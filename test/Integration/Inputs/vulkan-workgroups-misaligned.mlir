// Workgroup distributions that do not align with their result, each in a
// vulkan scope (vulkan-workgroups-check-stores.mlir): each workgroup
// computes its tile with a linalg op, a parallel loop its threads share, so
// the rest of its body (the store, and the check's counting) runs in every
// thread of the workgroup.
#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// Tiles of 4 at offsets 0, 3, 6: elements 3 and 6 are stored twice.
func.func @overlap(%a: tensor<12xf32>) -> tensor<10xf32> {
  %c3 = arith.constant 3 : index
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %res = codegen.scope.workgroups (%i) in (%n = %c3) (%a as %x: tensor<12xf32>)
        -> (tensor<10xf32>) as (%o) {
      %off = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
      %t = tensor.extract_slice %x[%off] [4] [1] : tensor<12xf32> to tensor<4xf32>
      %e = tensor.empty() : tensor<4xf32>
      %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
          ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%v: f32, %w: f32):
        %m = arith.negf %v : f32
        linalg.yield %m : f32
      } -> tensor<4xf32>
      codegen.store %neg into %o[%off] [4] [1] : tensor<4xf32> into tensor<10xf32>
    }
    util.return %res : tensor<10xf32>
  } : tensor<10xf32>
  return %r : tensor<10xf32>
}

// 2x2 tiles of a 4x5 result on a 2x2 grid: column 4 is never stored.
func.func @gap(%a: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %c2 = arith.constant 2 : index
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %res = codegen.scope.workgroups (%i, %j) in (%ni = %c2, %nj = %c2)
        (%a as %x: tensor<4x5xf32>) -> (tensor<4x5xf32>) as (%o) {
      %oi = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
      %oj = affine.apply affine_map<(d0) -> (d0 * 2)>(%j)
      %t = tensor.extract_slice %x[%oi, %oj] [2, 2] [1, 1] : tensor<4x5xf32> to tensor<2x2xf32>
      %e = tensor.empty() : tensor<2x2xf32>
      %neg = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
          ins(%t : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) {
      ^bb0(%v: f32, %w: f32):
        %m = arith.negf %v : f32
        linalg.yield %m : f32
      } -> tensor<2x2xf32>
      codegen.store %neg into %o[%oi, %oj] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x5xf32>
    }
    util.return %res : tensor<4x5xf32>
  } : tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// ceil(M / 4) + 1 workgroups of 4 elements each: the last two write past
// the end of a dynamically shaped result (M = 10: workgroup 2 partly,
// workgroup 3 wholly); the first of them is reported.
func.func @out_of_bounds(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?xf32>
  %n = affine.apply affine_map<()[s0] -> (s0 ceildiv 4 + 1)>()[%m]
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %res = codegen.scope.workgroups (%i) in (%ni = %n) (%a as %x: tensor<?xf32>{%m})
        -> (tensor<?xf32>{%m}) as (%o) {
      %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4xf32>
      %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      codegen.store %t into %o[%off] [4] [1] : tensor<4xf32> into tensor<?xf32>
    }
    util.return %res : tensor<?xf32>
  } : tensor<?xf32>
  return %r : tensor<?xf32>
}

// The same distribution as @overlap but aligned: tiles of 3 at 0, 3, 6, 9
// cover 12 elements exactly once.
func.func @aligned(%a: tensor<12xf32>) -> tensor<12xf32> {
  %c4 = arith.constant 4 : index
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %res = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<12xf32>)
        -> (tensor<12xf32>) as (%o) {
      %off = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
      %t = tensor.extract_slice %x[%off] [3] [1] : tensor<12xf32> to tensor<3xf32>
      %e = tensor.empty() : tensor<3xf32>
      %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
          ins(%t : tensor<3xf32>) outs(%e : tensor<3xf32>) {
      ^bb0(%v: f32, %w: f32):
        %m = arith.negf %v : f32
        linalg.yield %m : f32
      } -> tensor<3xf32>
      codegen.store %neg into %o[%off] [3] [1] : tensor<3xf32> into tensor<12xf32>
    }
    util.return %res : tensor<12xf32>
  } : tensor<12xf32>
  return %r : tensor<12xf32>
}
