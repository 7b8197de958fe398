// RUN: scope-opt --split-input-file --codegen-lower-workgroups %s | FileCheck %s

// codegen-lower-workgroups computes a stored tile in place: where the ops
// computing the tile start from an empty tensor used only there, that
// tensor becomes the slice of the shared output the store writes, so that
// bufferization writes the tile into the result instead of copying it
// there.

// The hand-distributed matmul and its epilogue: the ReLU's empty init is
// the store's slice (dynamic rows); the matmul's and the bias add's stay.
// CHECK-LABEL: func.func @matmul_epilogue
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) in (%{{.*}}, 2) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<?x64xf32>) {
// CHECK:   %[[OI:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK:   %[[OJ:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK:   %[[H:.*]] = affine.min
// CHECK:   %[[E:.*]] = tensor.empty(%[[H]]) : tensor<?x32xf32>
// CHECK:   %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x32xf32>)
// CHECK:   %[[MM:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x16xf32>, tensor<16x32xf32>) outs(%[[F]] : tensor<?x32xf32>)
// CHECK:   %[[E2:.*]] = tensor.empty(%[[H]]) : tensor<?x32xf32>
// CHECK:   %[[B:.*]] = linalg.add ins(%[[MM]], %[[MM]] : tensor<?x32xf32>, tensor<?x32xf32>) outs(%[[E2]] : tensor<?x32xf32>)
// CHECK:   %[[S:.*]] = tensor.extract_slice %[[O]][%[[OI]], %[[OJ]]] [%[[H]], 32] [1, 1] : tensor<?x64xf32> to tensor<?x32xf32>
// CHECK:   %[[R:.*]] = linalg.max ins(%[[B]], %{{.*}} : tensor<?x32xf32>, tensor<?x32xf32>) outs(%[[S]] : tensor<?x32xf32>)
// CHECK-NOT: tensor.empty
// CHECK:   scf.forall.in_parallel {
// CHECK:     tensor.parallel_insert_slice %[[R]] into %[[O]][%[[OI]], %[[OJ]]] [%[[H]], 32] [1, 1]
func.func @matmul_epilogue(%a: tensor<?x16xf32>, %b: tensor<16x64xf32>,
                           %zeros: tensor<?x32xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %m = tensor.dim %a, %c0 : tensor<?x16xf32>
  %rows = affine.apply affine_map<()[s0] -> (s0 ceildiv 32)>()[%m]
  %r = codegen.scope.workgroups (%i, %j) in (%ni = %rows, %nj = %c2)
      (%a as %x: tensor<?x16xf32>{%m}, %b as %y: tensor<16x64xf32>,
       %zeros as %zs: tensor<?x32xf32>{%m})
      -> (tensor<?x64xf32>{%m}) as (%out) {
    %zero = arith.constant 0.0 : f32
    %d0 = arith.constant 0 : index
    %mx = tensor.dim %x, %d0 : tensor<?x16xf32>
    %oi = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
    %h = affine.min affine_map<(d0)[s0] -> (32, s0 - d0)>(%oi)[%mx]
    %ta = tensor.extract_slice %x[%oi, 0] [%h, 16] [1, 1]
        : tensor<?x16xf32> to tensor<?x16xf32>
    %tb = tensor.extract_slice %y[0, %oj] [16, 32] [1, 1]
        : tensor<16x64xf32> to tensor<16x32xf32>
    %e = tensor.empty(%h) : tensor<?x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
    %t = linalg.matmul ins(%ta, %tb : tensor<?x16xf32>, tensor<16x32xf32>)
                       outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
    %e2 = tensor.empty(%h) : tensor<?x32xf32>
    %s = linalg.add ins(%t, %t : tensor<?x32xf32>, tensor<?x32xf32>)
                    outs(%e2 : tensor<?x32xf32>) -> tensor<?x32xf32>
    %z = tensor.extract_slice %zs[0, 0] [%h, 32] [1, 1]
        : tensor<?x32xf32> to tensor<?x32xf32>
    %e3 = tensor.empty(%h) : tensor<?x32xf32>
    %relu = linalg.max ins(%s, %z : tensor<?x32xf32>, tensor<?x32xf32>)
                       outs(%e3 : tensor<?x32xf32>) -> tensor<?x32xf32>
    codegen.store %relu into %out[%oi, %oj] [%h, 32] [1, 1]
        : tensor<?x32xf32> into tensor<?x64xf32>
  }
  return %r : tensor<?x64xf32>
}

// -----

// A chain of destinations: the fill's empty init becomes the slice, the
// matmul accumulating into it computes the tile in place (static shapes).
// CHECK-LABEL: func.func @fill_chain
// CHECK: scf.forall (%[[I:.*]]) in (4) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<32x8xf32>) {
// CHECK:   %[[OI:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK:   %[[S:.*]] = tensor.extract_slice %[[O]][%[[OI]], 0] [8, 8] [1, 1] : tensor<32x8xf32> to tensor<8x8xf32>
// CHECK:   %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[S]] : tensor<8x8xf32>)
// CHECK:   %[[MM:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8x8xf32>) outs(%[[F]] : tensor<8x8xf32>)
// CHECK:   tensor.parallel_insert_slice %[[MM]] into %[[O]][%[[OI]], 0] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<32x8xf32>
func.func @fill_chain(%a: tensor<8x8xf32>) -> tensor<32x8xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4)
      (%a as %x: tensor<8x8xf32>) -> (tensor<32x8xf32>) as (%out) {
    %zero = arith.constant 0.0 : f32
    %oi = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    %e = tensor.empty() : tensor<8x8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
    %t = linalg.matmul ins(%x, %x : tensor<8x8xf32>, tensor<8x8xf32>)
                       outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
    codegen.store %t into %out[%oi, 0] [8, 8] [1, 1]
        : tensor<8x8xf32> into tensor<32x8xf32>
  }
  return %r : tensor<32x8xf32>
}

// -----

// The store's offset is computed after the op writing into the empty
// tensor: the slice cannot be built there, and the empty tensor stays.
// CHECK-LABEL: func.func @no_offset_after_use
// CHECK: scf.forall
// CHECK:   %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:   linalg.exp ins(%{{.*}} : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK-NOT: tensor.extract_slice
// CHECK:   scf.forall.in_parallel
func.func @no_offset_after_use(%a: tensor<8xf32>) -> tensor<32xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4)
      (%a as %x: tensor<8xf32>) -> (tensor<32xf32>) as (%out) {
    %e = tensor.empty() : tensor<8xf32>
    %t = linalg.exp ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %o = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    codegen.store %t into %out[%o] [8] [1] : tensor<8xf32> into tensor<32xf32>
  }
  return %r : tensor<32xf32>
}

// -----

// An empty tensor with another use (here a second op computing into it)
// stays: its slice would be shared by both.
// CHECK-LABEL: func.func @no_shared_empty
// CHECK: scf.forall
// CHECK:   %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:   linalg.exp ins(%{{.*}} : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK:   linalg.log ins(%{{.*}} : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK-NOT: tensor.extract_slice
// CHECK:   scf.forall.in_parallel
func.func @no_shared_empty(%a: tensor<8xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  %c4 = arith.constant 4 : index
  %r:2 = codegen.scope.workgroups (%i) in (%n = %c4)
      (%a as %x: tensor<8xf32>) -> (tensor<32xf32>, tensor<32xf32>) as (%out, %out2) {
    %o = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    %e = tensor.empty() : tensor<8xf32>
    %t = linalg.exp ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %u = linalg.log ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    codegen.store %t into %out[%o] [8] [1] : tensor<8xf32> into tensor<32xf32>
    codegen.store %u into %out2[%o] [8] [1] : tensor<8xf32> into tensor<32xf32>
  }
  return %r#0, %r#1 : tensor<32xf32>, tensor<32xf32>
}

// -----

// An empty tensor from outside the inner scope (captured from the outer
// scope's body) is one for all of the inner workgroups: it stays.
// CHECK-LABEL: func.func @no_empty_outside
// CHECK: scf.forall
// CHECK:   %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:   scf.forall
// CHECK-NOT: tensor.extract_slice
// CHECK:     linalg.exp ins(%{{.*}} : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK-NOT: tensor.extract_slice
// CHECK:     scf.forall.in_parallel
func.func @no_empty_outside(%a: tensor<8xf32>) -> tensor<2x32xf32> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%k) in (%m = %c2)
      (%a as %y: tensor<8xf32>) -> (tensor<2x32xf32>) as (%outer) {
    %four = arith.constant 4 : index
    %e = tensor.empty() : tensor<8xf32>
    %inner = codegen.scope.workgroups (%i) in (%n = %four)
        (%y as %x: tensor<8xf32>, %e as %ex: tensor<8xf32>)
        -> (tensor<32xf32>) as (%out) {
      %o = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
      %t = linalg.exp ins(%x : tensor<8xf32>) outs(%ex : tensor<8xf32>) -> tensor<8xf32>
      codegen.store %t into %out[%o] [8] [1] : tensor<8xf32> into tensor<32xf32>
    }
    %row = tensor.expand_shape %inner [[0, 1]] output_shape [1, 32]
        : tensor<32xf32> into tensor<1x32xf32>
    codegen.store %row into %outer[%k, 0] [1, 32] [1, 1]
        : tensor<1x32xf32> into tensor<2x32xf32>
  }
  return %r : tensor<2x32xf32>
}
