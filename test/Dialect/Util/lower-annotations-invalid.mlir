// RUN: scope-opt --split-input-file --verify-diagnostics --util-lower-annotations %s

// The size is loaded from memory inside the scope: no value above the scope
// holds it.
func.func @size_from_memory(%m: memref<index>) -> tensor<?xf32> {
  // expected-error @+1 {{'util.annotate' op result #0: cannot compute dynamic dimension #0 above the scope}}
  %y = util.annotate {
    %n = memref.load %m[] : memref<index>
    // expected-note @+1 {{returned value defined here}}
    %e = tensor.empty(%n) : tensor<?xf32>
    util.return %e : tensor<?xf32>
  } : tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Only the second result and its second dimension fail: the diagnostic names
// them.
func.func @names_result_and_dim(%x: tensor<?xf32>, %m: memref<index>, %a: index) -> (tensor<?xf32>, tensor<?x?xf32>) {
  // expected-error @+1 {{result #1: cannot compute dynamic dimension #1 above the scope}}
  %y:2 = util.annotate {
    %n = memref.load %m[] : memref<index>
    %s = arith.negf %x : tensor<?xf32>
    // expected-note @+1 {{returned value defined here}}
    %e = tensor.empty(%a, %n) : tensor<?x?xf32>
    util.return %s, %e : tensor<?xf32>, tensor<?x?xf32>
  } : tensor<?xf32>, tensor<?x?xf32>
  return %y#0, %y#1 : tensor<?xf32>, tensor<?x?xf32>
}

// -----

// The exits of a multi-block body return tensors of different sizes.
func.func @exits_disagree(%c: i1, %a: index, %b: index) -> tensor<?xf32> {
  // expected-error @+1 {{result #0: cannot compute dynamic dimension #0 above the scope}}
  %y = util.annotate {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    // expected-note @+1 {{returned value defined here}}
    %e = tensor.empty(%a) : tensor<?xf32>
    util.return %e : tensor<?xf32>
  ^bb2:
    // expected-note @+1 {{returned value defined here}}
    %f = tensor.empty(%b) : tensor<?xf32>
    util.return %f : tensor<?xf32>
  } : tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// A loop-carried shape: each iteration may change the size, so the loop's
// result has no dim computable above the scope.
func.func @loop_carried(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{result #0: cannot compute dynamic dimension #0 above the scope}}
  %y = util.annotate {
    // expected-note @+1 {{returned value defined here}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<?xf32> {
      %s = tensor.extract_slice %acc[0] [%i] [1] : tensor<?xf32> to tensor<?xf32>
      scf.yield %s : tensor<?xf32>
    }
    util.return %r : tensor<?xf32>
  } : tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// The scope in the loop body declares its result's dim #0 as dim #1 of the
// iter_arg (read with an index a scope computes): the loop swaps the sizes
// on every iteration, so dim #0 of its result is not the init's.
func.func @loop_swaps_dims(%x: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{result #0: cannot compute dynamic dimension #0 above the scope}}
  %y = util.annotate {
    // expected-note @+1 {{returned value defined here}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<?x?xf32> {
      %k:2 = util.scope -> (index, index) {
        %z = arith.constant 0 : index
        %o = arith.constant 1 : index
        util.return %z, %o : index, index
      }
      %d0 = tensor.dim %acc, %k#0 : tensor<?x?xf32>
      %d1 = tensor.dim %acc, %k#1 : tensor<?x?xf32>
      %s = util.scope (%acc as %a: tensor<?x?xf32>{%d0, %d1}) -> (tensor<?x?xf32>{%d1, %d0}) {
        %t = tensor.empty(%d1, %d0) : tensor<?x?xf32>
        %e = linalg.transpose ins(%a : tensor<?x?xf32>) outs(%t : tensor<?x?xf32>) permutation = [1, 0]
        util.return %e : tensor<?x?xf32>
      }
      scf.yield %s : tensor<?x?xf32>
    }
    util.return %r : tensor<?x?xf32>
  } : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A size computed from a linalg.generic whose body reads a value loaded
// inside the scope: the generic is not computed above the scope (only ops
// whose regions use nothing but their own values are), so neither is the
// size.
#map1 = affine_map<(d0) -> (d0)>
func.func @generic_body_reads_from_scope(%x: tensor<4xf32>, %m: memref<f32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'util.annotate' op result #0: cannot compute dynamic dimension #0 above the scope}}
  %y = util.annotate {
    %k = memref.load %m[] : memref<f32>
    %e = tensor.empty() : tensor<4xf32>
    %n = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %k : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %v = tensor.extract %n[%c0] : tensor<4xf32>
    %p = arith.cmpf oeq, %v, %zero : f32
    %size = arith.select %p, %c5, %c0 : index
    // expected-note @+1 {{returned value defined here}}
    %t = tensor.empty(%size) : tensor<?xf32>
    util.return %t : tensor<?xf32>
  } : tensor<?xf32>
  return %y : tensor<?xf32>
}
