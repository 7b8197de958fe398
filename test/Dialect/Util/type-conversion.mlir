// RUN: scope-opt --split-input-file --test-util-scope-type-conversion %s | FileCheck %s
// RUN: scope-opt --split-input-file --test-util-scope-type-conversion %s | scope-opt --split-input-file --verify-each | FileCheck %s

// A 1:N capture tied to a result: the two f32 results tie pairwise to the two
// f32 captures; the 1:1 converted tensor keeps its dims.
// CHECK-LABEL: func.func @tied_one_to_n
//  CHECK-SAME: (%[[RE:.+]]: f32, %[[IM:.+]]: f32, %[[M:.+]]: tensor<?xi8>, %[[D:.+]]: index) -> (f32, f32, tensor<?xi8>)
//       CHECK: %[[R:.+]]:3 = util.scope [#util.zone<"z">] (%[[RE]] as %[[A0:.+]]: f32, %[[IM]] as %[[A1:.+]]: f32, %[[M]] as %[[B:.+]]: tensor<?xi8>{%[[D]]}) -> (%[[RE]], %[[IM]], %[[M]]) {
//       CHECK:   %[[S0:.+]] = arith.addf %[[A0]], %[[A0]] : f32
//       CHECK:   %[[S1:.+]] = arith.addf %[[A1]], %[[A1]] : f32
//       CHECK:   util.return %[[S0]], %[[S1]], %[[B]] : f32, f32, tensor<?xi8>
//       CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2 : f32, f32, tensor<?xi8>
func.func @tied_one_to_n(%c: complex<f32>, %m: tensor<?xi1>, %d: index) -> (complex<f32>, tensor<?xi1>) {
  %r:2 = util.scope [#util.zone<"z">] (%c as %a: complex<f32>, %m as %b: tensor<?xi1>{%d}) -> (%c, %m) {
    %s = complex.add %a, %a : complex<f32>
    util.return %s, %b : complex<f32>, tensor<?xi1>
  }
  return %r#0, %r#1 : complex<f32>, tensor<?xi1>
}

// -----

// Ties are renumbered after a 1:N capture that precedes the tied one, and an
// untied 1:N result gets no dims; an untied dynamic tensor result keeps its.
// CHECK-LABEL: func.func @renumbered_ties
//  CHECK-SAME: (%[[RE:.+]]: f32, %[[IM:.+]]: f32, %[[M:.+]]: tensor<?x4xi8>, %[[D:.+]]: index, %[[E:.+]]: index)
//       CHECK: util.scope (%[[RE]] as %{{.+}}: f32, %[[IM]] as %{{.+}}: f32, %[[M]] as %{{.+}}: tensor<?x4xi8>{%[[D]]}) -> (f32, f32, %[[M]], tensor<?xi8>{%[[E]]})
func.func @renumbered_ties(%c: complex<f32>, %m: tensor<?x4xi1>, %d: index, %e: index) -> (complex<f32>, tensor<?x4xi1>, tensor<?xi1>) {
  %r:3 = util.scope (%c as %a: complex<f32>, %m as %b: tensor<?x4xi1>{%d}) -> (complex<f32>, %m, tensor<?xi1>{%e}) {
    %n = tensor.empty(%e) : tensor<?xi1>
    util.return %a, %b, %n : complex<f32>, tensor<?x4xi1>, tensor<?xi1>
  }
  return %r#0, %r#1, %r#2 : complex<f32>, tensor<?x4xi1>, tensor<?xi1>
}

// -----

// Nested scopes: the inner scope's captures are the outer entry arguments
// after conversion.
// CHECK-LABEL: func.func @nested
//       CHECK: util.scope [#util.zone<"outer">] (%{{.+}} as %[[O0:.+]]: f32, %{{.+}} as %[[O1:.+]]: f32) -> (%{{.+}}, %{{.+}}) {
//       CHECK:   %[[I:.+]]:2 = util.scope [#util.zone<"inner">] (%[[O0]] as %[[I0:.+]]: f32, %[[O1]] as %[[I1:.+]]: f32) -> (%[[O0]], %[[O1]]) {
//       CHECK:     util.return %[[I0]], %[[I1]] : f32, f32
//       CHECK:   util.return %[[I]]#0, %[[I]]#1 : f32, f32
func.func @nested(%c: complex<f32>) -> complex<f32> {
  %r = util.scope [#util.zone<"outer">] (%c as %o: complex<f32>) -> (%c) {
    %i = util.scope [#util.zone<"inner">] (%o as %in: complex<f32>) -> (%o) {
      util.return %in : complex<f32>
    }
    util.return %i : complex<f32>
  }
  return %r : complex<f32>
}

// -----

// A multi-block body: blocks other than the entry block have their arguments
// converted too (1:1 and 1:N), and the branches forward converted values.
// CHECK-LABEL: func.func @multi_block
//       CHECK: util.scope (%{{.+}} as %[[C:.+]]: i1, %{{.+}} as %[[X0:.+]]: f32, %{{.+}} as %[[X1:.+]]: f32, %{{.+}} as %[[T:.+]]: tensor<4xi8>) -> (f32, f32, tensor<4xi8>) {
//       CHECK:   cf.cond_br %[[C]], ^bb1(%[[X0]], %[[X1]], %[[T]] : f32, f32, tensor<4xi8>), ^bb2
//       CHECK: ^bb1(%[[Y0:.+]]: f32, %[[Y1:.+]]: f32, %[[U:.+]]: tensor<4xi8>):
//       CHECK:   util.return %[[Y0]], %[[Y1]], %[[U]] : f32, f32, tensor<4xi8>
//       CHECK: ^bb2:
//       CHECK:   util.return %[[X1]], %[[X0]], %[[T]] : f32, f32, tensor<4xi8>
func.func @multi_block(%c: i1, %x: complex<f32>, %t: tensor<4xi1>) -> (complex<f32>, tensor<4xi1>) {
  %r:2 = util.scope (%c as %cc: i1, %x as %xx: complex<f32>, %t as %tt: tensor<4xi1>) -> (complex<f32>, tensor<4xi1>) {
    cf.cond_br %cc, ^bb1(%xx, %tt : complex<f32>, tensor<4xi1>), ^bb2
  ^bb1(%y: complex<f32>, %u: tensor<4xi1>):
    util.return %y, %u : complex<f32>, tensor<4xi1>
  ^bb2:
    %re = complex.re %xx : complex<f32>
    %im = complex.im %xx : complex<f32>
    %sw = complex.create %im, %re : complex<f32>
    util.return %sw, %tt : complex<f32>, tensor<4xi1>
  }
  return %r#0, %r#1 : complex<f32>, tensor<4xi1>
}

// -----

// A scope in an scf.for body, a call and an scf.if: upstream's structural
// conversions and ours compose.
// CHECK-LABEL: func.func @in_loop
//       CHECK: scf.for {{.+}} iter_args(%[[A0:.+]] = %{{.+}}, %[[A1:.+]] = %{{.+}}) -> (f32, f32)
//       CHECK:   %[[S:.+]]:2 = util.scope (%[[A0]] as %[[B0:.+]]: f32, %[[A1]] as %[[B1:.+]]: f32) -> (%[[A0]], %[[A1]]) {
//       CHECK:     %[[C:.+]]:2 = func.call @callee(%[[B0]], %[[B1]]) : (f32, f32) -> (f32, f32)
//       CHECK:     util.return %[[C]]#0, %[[C]]#1 : f32, f32
//       CHECK:   scf.yield %[[S]]#0, %[[S]]#1 : f32, f32
//       CHECK: scf.if %{{.+}} -> (tensor<2xi8>)
//       CHECK:   util.scope -> (tensor<2xi8>)
func.func private @callee(complex<f32>) -> complex<f32>
func.func @in_loop(%c: complex<f32>, %n: index, %p: i1, %t: tensor<2xi1>) -> (complex<f32>, tensor<2xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> complex<f32> {
    %s = util.scope (%acc as %a: complex<f32>) -> (%acc) {
      %v = func.call @callee(%a) : (complex<f32>) -> complex<f32>
      util.return %v : complex<f32>
    }
    scf.yield %s : complex<f32>
  }
  %w = scf.if %p -> tensor<2xi1> {
    %x = util.scope -> (tensor<2xi1>) {
      util.return %t : tensor<2xi1>
    }
    scf.yield %x : tensor<2xi1>
  } else {
    scf.yield %t : tensor<2xi1>
  }
  return %l, %w : complex<f32>, tensor<2xi1>
}

// -----

// An op that is not converted keeps its original types: the converted values
// are materialized back (complex.create, arith.trunci) next to it.
// CHECK-LABEL: func.func @materialized
//       CHECK: util.scope (%{{.+}} as %[[A0:.+]]: f32, %{{.+}} as %[[A1:.+]]: f32, %{{.+}} as %[[B:.+]]: tensor<3xi8>) -> (f32, i1) {
//   CHECK-DAG:   %[[C:.+]] = complex.create %[[A0]], %[[A1]] : complex<f32>
//   CHECK-DAG:   %[[T:.+]] = arith.trunci %[[B]] : tensor<3xi8> to tensor<3xi1>
//       CHECK:   %[[ABS:.+]] = complex.abs %[[C]] : complex<f32>
//       CHECK:   tensor.extract %[[T]][%{{.+}}] : tensor<3xi1>
func.func @materialized(%c: complex<f32>, %t: tensor<3xi1>) -> (f32, i1) {
  %r:2 = util.scope (%c as %a: complex<f32>, %t as %b: tensor<3xi1>) -> (f32, i1) {
    %abs = complex.abs %a : complex<f32>
    %c0 = arith.constant 0 : index
    %e = tensor.extract %b[%c0] : tensor<3xi1>
    util.return %abs, %e : f32, i1
  }
  return %r#0, %r#1 : f32, i1
}

// -----

// util.annotate results convert too.
// CHECK-LABEL: func.func @annotate
//       CHECK: %[[R:.+]]:2 = util.annotate [#util.zone<"a">] {
//       CHECK:   util.return %{{.+}}, %{{.+}} : f32, f32
//       CHECK: } : f32, f32
func.func @annotate(%c: complex<f32>) -> complex<f32> {
  %r = util.annotate [#util.zone<"a">] {
    util.return %c : complex<f32>
  } : complex<f32>
  return %r : complex<f32>
}

// -----

// No type changes: the scope is left exactly as it is.
// CHECK-LABEL: func.func @no_conversion
//       CHECK: util.scope (%{{.+}} as %{{.+}}: tensor<?xf32>{%{{.+}}}) -> (%{{.+}}) {
func.func @no_conversion(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%t) {
    util.return %a : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
