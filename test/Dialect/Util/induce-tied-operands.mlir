// RUN: scope-opt --split-input-file --util-induce-tied-operands %s | FileCheck %s

// A linalg op writing into the capture's block argument: the result is tied
// and its dim leaves result_dims.
// CHECK-LABEL: func.func @linalg_outs
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[D:.+]]: index)
//       CHECK: util.scope (%[[T]] as %{{.+}}: tensor<?x4xf32>{%[[D]]}) -> (%[[T]]) {
func.func @linalg_outs(%t: tensor<?x4xf32>, %d: index) -> tensor<?x4xf32> {
  %r = util.scope (%t as %a: tensor<?x4xf32>{%d}) -> (tensor<?x4xf32>{%d}) {
    %cst = arith.constant 0.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?x4xf32>) -> tensor<?x4xf32>
    util.return %f : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// A chain: linalg.generic into the argument, then tensor.insert_slice and
// tensor.insert into the result. Only the chained result is tied; the other
// (fresh) result keeps its dims, which are reordered correctly.
// CHECK-LABEL: func.func @chain
//  CHECK-SAME: (%[[T:.+]]: tensor<?x?xf32>, %[[S:.+]]: tensor<2x2xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index, %[[N:.+]]: index)
//       CHECK: util.scope (%[[T]] as %{{.+}}: tensor<?x?xf32>{%[[D0]], %[[D1]]}, %[[S]] as %{{.+}}: tensor<2x2xf32>) -> (tensor<?xf32>{%[[N]]}, %[[T]]) {
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%t: tensor<?x?xf32>, %s: tensor<2x2xf32>, %d0: index, %d1: index, %n: index) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %r:2 = util.scope (%t as %a: tensor<?x?xf32>{%d0, %d1}, %s as %b: tensor<2x2xf32>)
      -> (tensor<?xf32>{%n}, tensor<?x?xf32>{%d0, %d1}) {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.0 : f32
    %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
        outs(%a : tensor<?x?xf32>) {
    ^bb0(%out: f32):
      %m = arith.mulf %out, %out : f32
      linalg.yield %m : f32
    } -> tensor<?x?xf32>
    %i = tensor.insert_slice %b into %g[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<?x?xf32>
    %j = tensor.insert %cst into %i[%c0, %c0] : tensor<?x?xf32>
    %e = tensor.empty(%n) : tensor<?xf32>
    util.return %e, %j : tensor<?xf32>, tensor<?x?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?x?xf32>
}

// -----

// An scf.for whose iter_arg starts at the capture and is updated in place
// each iteration.
// CHECK-LABEL: func.func @loop_chain
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK: util.scope (%[[T]] as %{{.+}}: tensor<?xf32>{%[[D]]}) -> (%[[T]])
func.func @loop_chain(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = scf.for %i = %c0 to %d step %c1 iter_args(%acc = %a) -> (tensor<?xf32>) {
      %cst = arith.constant 2.0 : f32
      %u = tensor.insert %cst into %acc[%i] : tensor<?xf32>
      scf.yield %u : tensor<?xf32>
    }
    util.return %l : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Nested scopes: the inner result is tied first, which extends the outer
// chain through it; the inner capture is the outer block argument, defined
// in the inner scope's block.
// CHECK-LABEL: func.func @nested
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK: util.scope (%[[T]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (%[[T]])
//       CHECK:   util.scope (%[[A]] as %{{.+}}: tensor<?xf32>{%[[D]]}) -> (%[[A]])
func.func @nested(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %in = util.scope (%a as %b: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
      %cst = arith.constant 0.0 : f32
      %f = linalg.fill ins(%cst : f32) outs(%b : tensor<?xf32>) -> tensor<?xf32>
      util.return %f : tensor<?xf32>
    }
    util.return %in : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A multi-block body: both util.returns produce the result in place from the
// same capture.
// CHECK-LABEL: func.func @multi_block
//       CHECK: util.scope (%{{.+}} as %{{.+}}: i1, %[[T:.+]] as %{{.+}}: tensor<?xf32>{%{{.+}}}) -> (%[[T]])
func.func @multi_block(%c: i1, %t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope (%c as %cc: i1, %t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    %cst = arith.constant 1.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %f : tensor<?xf32>
  ^bb2:
    util.return %a : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Uses of the capture before the scope in the same block do not keep it
// alive; a scope nested in scf.if whose capture is defined in the if's block
// is tied too.
// CHECK-LABEL: func.func @use_before
//       CHECK: tensor.dim
//       CHECK: util.scope (%[[T:.+]] as %{{.+}}: tensor<?xf32>{%{{.+}}}) -> (%[[T]])
//       CHECK: scf.if
//       CHECK:   %[[E:.+]] = tensor.empty
//       CHECK:   util.scope (%[[E]] as %{{.+}}: tensor<?xf32>{%{{.+}}}) -> (%[[E]])
func.func @use_before(%t: tensor<?xf32>, %flag: i1) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %cst = arith.constant 1.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %f : tensor<?xf32>
  }
  %s = scf.if %flag -> (tensor<?xf32>) {
    %e = tensor.empty(%d) : tensor<?xf32>
    %x = util.scope (%e as %b: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
      %cst = arith.constant 3.0 : f32
      %f = linalg.fill ins(%cst : f32) outs(%b : tensor<?xf32>) -> tensor<?xf32>
      util.return %f : tensor<?xf32>
    }
    scf.yield %x : tensor<?xf32>
  } else {
    scf.yield %r : tensor<?xf32>
  }
  return %s : tensor<?xf32>
}

// -----

// The capture is used after the scope: no tie.
// CHECK-LABEL: func.func @no_used_later
//       CHECK: util.scope (%{{.+}} as %{{.+}}: tensor<?xf32>{%[[D:.+]]}) -> (tensor<?xf32>{%[[D]]})
func.func @no_used_later(%t: tensor<?xf32>, %d: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %cst = arith.constant 0.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %f : tensor<?xf32>
  }
  %n = math.absf %t : tensor<?xf32>
  return %r, %n : tensor<?xf32>, tensor<?xf32>
}

// -----

// The capture is also used implicitly inside the scope: no tie.
// CHECK-LABEL: func.func @no_implicit_use
//       CHECK: util.scope (%{{.+}} as %{{.+}}: tensor<4xf32>) -> (tensor<4xf32>)
func.func @no_implicit_use(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.scope (%t as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %f = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    util.return %f : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// The scope runs in a loop and the capture comes from outside it: each
// iteration reads the capture again, so it does not die at the scope.
// CHECK-LABEL: func.func @no_defined_outside_loop
//       CHECK: util.scope (%{{.+}} as %{{.+}}: tensor<4xf32>) -> (tensor<4xf32>)
func.func @no_defined_outside_loop(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> (tensor<4xf32>) {
    %r = util.scope (%t as %a: tensor<4xf32>) -> (tensor<4xf32>) {
      %cst = arith.constant 0.0 : f32
      %f = linalg.fill ins(%cst : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
      util.return %f : tensor<4xf32>
    }
    scf.yield %r : tensor<4xf32>
  }
  return %l : tensor<4xf32>
}

// -----

// The result type differs from the capture's (static vs dynamic): no tie.
// CHECK-LABEL: func.func @no_type_mismatch
//       CHECK: util.scope (%{{.+}} as %{{.+}}: tensor<4xf32>) -> (tensor<?xf32>{%{{.+}}})
func.func @no_type_mismatch(%t: tensor<4xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope (%t as %a: tensor<4xf32>) -> (tensor<?xf32>{%d}) {
    %cst = arith.constant 0.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    %c = tensor.cast %f : tensor<4xf32> to tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// The result is computed into fresh storage (tensor.empty), or by an op that
// is not destination-passing (an elementwise arith op): no tie.
// CHECK-LABEL: func.func @no_not_in_place
//       CHECK: util.scope (%{{.+}} as %{{.+}}: tensor<?xf32>{%[[D:.+]]}, %{{.+}} as %{{.+}}: tensor<?xf32>{%[[D]]}) -> (tensor<?xf32>{%[[D]]}, tensor<?xf32>{%[[D]]})
func.func @no_not_in_place(%t: tensor<?xf32>, %u: tensor<?xf32>, %d: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r:2 = util.scope (%t as %a: tensor<?xf32>{%d}, %u as %b: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}, tensor<?xf32>{%d}) {
    %e = tensor.empty(%d) : tensor<?xf32>
    %f = linalg.copy ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    %s = arith.addf %b, %b : tensor<?xf32>
    util.return %f, %s : tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// The two util.returns produce the result from different captures, and a
// loop whose body does not update its iter_arg in place: no tie.
// CHECK-LABEL: func.func @no_ambiguous_source
//       CHECK: util.scope (%{{.+}} as %{{.+}}: tensor<?xf32>{%[[D:.+]]}, %{{.+}} as %{{.+}}: tensor<?xf32>{%[[D]]}) -> (tensor<?xf32>{%[[D]]}, tensor<?xf32>{%[[D]]})
func.func @no_ambiguous_source(%c: i1, %t: tensor<?xf32>, %u: tensor<?xf32>, %d: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r:2 = util.scope (%t as %a: tensor<?xf32>{%d}, %u as %b: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}, tensor<?xf32>{%d}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = scf.for %i = %c0 to %d step %c1 iter_args(%acc = %b) -> (tensor<?xf32>) {
      %e = tensor.empty(%d) : tensor<?xf32>
      scf.yield %e : tensor<?xf32>
    }
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    util.return %a, %l : tensor<?xf32>, tensor<?xf32>
  ^bb2:
    util.return %b, %l : tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// Two results are produced in place from one capture: only the first is
// tied. An already tied result is left as it is.
// CHECK-LABEL: func.func @one_tie_per_capture
//  CHECK-SAME: (%[[T:.+]]: tensor<4xf32>, %[[U:.+]]: tensor<4xf32>)
//       CHECK: util.scope (%[[T]] as %{{.+}}: tensor<4xf32>, %[[U]] as %{{.+}}: tensor<4xf32>) -> (%[[T]], tensor<4xf32>, %[[U]])
func.func @one_tie_per_capture(%t: tensor<4xf32>, %u: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r:3 = util.scope (%t as %a: tensor<4xf32>, %u as %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, %u) {
    %cst = arith.constant 0.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    %g = linalg.fill ins(%cst : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    util.return %f, %g, %b : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A scalar returned unchanged has no storage to share: no tie.
// CHECK-LABEL: func.func @no_scalar
//       CHECK: util.scope (%{{.+}} as %{{.+}}: f32) -> (f32)
func.func @no_scalar(%x: f32) -> f32 {
  %r = util.scope (%x as %a: f32) -> (f32) {
    util.return %a : f32
  }
  return %r : f32
}
