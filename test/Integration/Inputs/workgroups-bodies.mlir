// Workgroup bodies with stores in loops, under conditions, in several
// blocks, and results tied to captures (run by workgroups-bodies.mlir).

// Two workgroups of 4 rows, each storing its rows in two halves from an
// scf.for: row r of the result is a's row plus the first row of its half
// (0, 2, 4, 6).
func.func @row_halves(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %c2 = arith.constant 2 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8x4xf32>)
      -> (tensor<8x4xf32>) as (%o) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2i = arith.constant 2 : index
    scf.for %h = %c0 to %c2i step %c1 {
      %off = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1 * 2)>(%i, %h)
      %s = tensor.extract_slice %x[%off, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
      %offi = arith.index_cast %off : index to i32
      %offf = arith.sitofp %offi : i32 to f32
      %e = tensor.empty() : tensor<2x4xf32>
      %f = linalg.fill ins(%offf : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
      %sum = linalg.add ins(%s, %f : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
      codegen.store %sum into %o[%off, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
    }
  }
  return %r : tensor<8x4xf32>
}

// A result tied to a: only the odd workgroups store (an scf.if), each its
// element of a negated; the even elements keep a's values. a itself, read
// after the scope, is unchanged.
func.func @odd_negated(%a: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %c6 = arith.constant 6 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c6) (%a as %x: tensor<6xf32>)
      -> (%a) as (%o) {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi ne, %rem, %c0 : index
    scf.if %odd {
      %s = tensor.extract_slice %x[%i] [1] [1] : tensor<6xf32> to tensor<1xf32>
      %neg = arith.negf %s : tensor<1xf32>
      codegen.store %neg into %o[%i] [1] [1] : tensor<1xf32> into tensor<6xf32>
    }
  }
  return %r, %a : tensor<6xf32>, tensor<6xf32>
}

// A body of several blocks: even workgroups store their element of a,
// odd ones its negation, from two blocks.
func.func @blocks(%a: tensor<6xf32>) -> tensor<6xf32> {
  %c6 = arith.constant 6 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c6) (%a as %x: tensor<6xf32>)
      -> (tensor<6xf32>) as (%o) {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi ne, %rem, %c0 : index
    %s = tensor.extract_slice %x[%i] [1] [1] : tensor<6xf32> to tensor<1xf32>
    cf.cond_br %odd, ^negate, ^copy
  ^negate:
    %neg = arith.negf %s : tensor<1xf32>
    codegen.store %neg into %o[%i] [1] [1] : tensor<1xf32> into tensor<6xf32>
    codegen.yield
  ^copy:
    codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<6xf32>
    codegen.yield
  }
  return %r : tensor<6xf32>
}

// Halves of 3 rows at offsets 4i + 2h of a 9-row result: the halves of a
// workgroup overlap in row 4i + 2 (stored twice); row 8 is stored once.
func.func @overlapping_halves(%a: tensor<9x4xf32>) -> tensor<9x4xf32> {
  %c2 = arith.constant 2 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<9x4xf32>)
      -> (tensor<9x4xf32>) as (%o) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2i = arith.constant 2 : index
    scf.for %h = %c0 to %c2i step %c1 {
      %off = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1 * 2)>(%i, %h)
      %s = tensor.extract_slice %x[%off, 0] [3, 4] [1, 1] : tensor<9x4xf32> to tensor<3x4xf32>
      codegen.store %s into %o[%off, 0] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<9x4xf32>
    }
  }
  return %r : tensor<9x4xf32>
}

// Only the odd workgroups store, into an untied result: element 0 is
// never stored.
func.func @odd_only(%a: tensor<6xf32>) -> tensor<6xf32> {
  %c6 = arith.constant 6 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c6) (%a as %x: tensor<6xf32>)
      -> (tensor<6xf32>) as (%o) {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi ne, %rem, %c0 : index
    scf.if %odd {
      %s = tensor.extract_slice %x[%i] [1] [1] : tensor<6xf32> to tensor<1xf32>
      codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<6xf32>
    }
  }
  return %r : tensor<6xf32>
}

// A result tied to a, each workgroup storing its element twice (from an
// scf.for of two iterations): at most once is allowed.
func.func @tied_twice(%a: tensor<6xf32>) -> tensor<6xf32> {
  %c6 = arith.constant 6 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c6) (%a as %x: tensor<6xf32>)
      -> (%a) as (%o) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %h = %c0 to %c2 step %c1 {
      %s = tensor.extract_slice %x[%i] [1] [1] : tensor<6xf32> to tensor<1xf32>
      codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<6xf32>
    }
  }
  return %r : tensor<6xf32>
}

// A result tied to a, stored at the top of the body (a shared output of the
// loop): workgroup i negates element 2i; the odd elements keep a's values,
// and a itself, read after the scope, is unchanged.
func.func @even_negated(%a: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %c3 = arith.constant 3 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c3) (%a as %x: tensor<6xf32>)
      -> (%a) as (%o) {
    %k = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %s = tensor.extract_slice %x[%k] [1] [1] : tensor<6xf32> to tensor<1xf32>
    %neg = arith.negf %s : tensor<1xf32>
    codegen.store %neg into %o[%k] [1] [1] : tensor<1xf32> into tensor<6xf32>
  }
  return %r, %a : tensor<6xf32>, tensor<6xf32>
}
