// Scope attribute lookups answer the same before and after outlining: the
// same remarks are expected from each RUN line.
// RUN: scope-opt --split-input-file --test-util-lookup --verify-diagnostics %s
// RUN: scope-opt --split-input-file --util-outline-scopes=bufferization-safe=false --test-util-lookup --verify-diagnostics %s
// RUN: scope-opt --split-input-file --util-outline-scopes="kind=zone bufferization-safe=false" --test-util-lookup --verify-diagnostics %s
// RUN: scope-opt --split-input-file --util-outline-scopes=bufferization-safe=false --util-outline-scopes=bufferization-safe=false --test-util-lookup --verify-diagnostics %s

// Nested zones, an unnamed scope between them, a zone inside a loop inside a
// zone, and a function that carries a zone itself.
func.func @nested(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> attributes {util.scope_attrs = [#util.zone<"model">]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{zones: [model], innermost: model}}
  %e = math.exp %x {test.lookup} : tensor<?xf32>
  %r = util.scope [#util.zone<"encoder">] -> (tensor<?xf32>{%n}) {
    // expected-remark @below {{zones: [model, encoder], innermost: encoder}}
    %a = math.absf %e {test.lookup} : tensor<?xf32>
    %s = util.scope -> (tensor<?xf32>{%n}) {
      %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<?xf32>) {
        %f = util.scope [#util.zone<"ffn">] -> (tensor<?xf32>{%n}) {
          // expected-remark @below {{zones: [model, encoder, ffn], innermost: ffn}}
          %t = math.tanh %acc {test.lookup} : tensor<?xf32>
          util.return %t : tensor<?xf32>
        }
        scf.yield %f : tensor<?xf32>
      }
      // expected-remark @below {{zones: [model, encoder], innermost: encoder}}
      %neg = math.absf %l {test.lookup} : tensor<?xf32>
      util.return %neg : tensor<?xf32>
    }
    util.return %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A multi-block body and an op outside every scope.
func.func @multi_block(%c: i1, %x: f32) -> f32 {
  // expected-remark @below {{zones: [], innermost: none}}
  %y = arith.negf %x {test.lookup} : f32
  %r = util.scope [#util.zone<"branchy">] (%c as %cc: i1) -> (f32) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    // expected-remark @below {{zones: [branchy], innermost: branchy}}
    %a = arith.addf %y, %y {test.lookup} : f32
    util.return %a : f32
  ^bb2:
    %s = util.scope [#util.zone<"leaf">] -> (f32) {
      // expected-remark @below {{zones: [branchy, leaf], innermost: leaf}}
      %m = arith.mulf %y, %y {test.lookup} : f32
      util.return %m : f32
    }
    util.return %s : f32
  }
  return %r : f32
}

// -----

// A zone carried by a nested module applies before and after outlining (the
// callee lives in that module).
module @inner attributes {util.scope_attrs = [#util.zone<"mod">]} {
  func.func @k(%x: f32) -> f32 {
    %r = util.scope [#util.zone<"ffn">] -> (f32) {
      // expected-remark @below {{zones: [mod, ffn], innermost: ffn}}
      %y = arith.mulf %x, %x {test.lookup} : f32
      util.return %y : f32
    }
    return %r : f32
  }
}
