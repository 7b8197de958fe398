// The insert/remove property on input that already has scopes (explicit
// captures with dims and ties, annotations, multi-block bodies in a function
// and in scf.for): inserting scopes (also inside the existing scopes' bodies)
// and then stripping everything gives exactly what stripping the input gives.
// Each seed/density pair is one RUN line: %{inserted} proves that the seed
// inserted scopes (the input has 4 scope ops, so the count must exceed 4),
// %{roundtrip} that stripping everything gives the reference.
//
// DEFINE: %{inserted} = grep -cE 'util\.(scope|annotate)( |$)' %t.in | FileCheck %s --check-prefix=INSERTED --match-full-lines
// DEFINE: %{roundtrip} = scope-opt --util-strip-scopes %t.in | diff %t.ref -
// INSERTED: {{([5-9]|[1-9][0-9]+)}}
//
// RUN: scope-opt %s | grep -cE 'util\.(scope|annotate)( |$)' | FileCheck %s --check-prefix=INPUT --match-full-lines
// INPUT: 4
// RUN: scope-opt --util-strip-scopes %s -o %t.ref
// RUN: scope-opt --test-util-insert-scopes=seed=1 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=2 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=3 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=4 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=5 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=6 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=7 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=8 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=9 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=10 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=11 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=12 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=13 density=0.9" %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=14 density=0.9" %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=15 density=0.9" %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=16 density=0.9" %s -o %t.in && %{inserted} && %{roundtrip}
//
// Insertion reaches into the bodies of existing scopes.
// RUN: scope-opt --test-util-insert-scopes="seed=2 density=0.9" %s | FileCheck %s
// CHECK-LABEL: func.func @encoder
//       CHECK:   util.scope [#util.zone<"attn">]
//       CHECK:     util.{{scope|annotate}}
//       CHECK:   util.annotate [#util.zone<"ffn">]
//       CHECK:     util.{{scope|annotate}}

// An encoder-like block with existing scopes: a zone with explicit captures,
// dims and a tie, and an annotation.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @encoder(%x: tensor<?x32xf32>, %wq: tensor<32x32xf32>, %w1: tensor<32x64xf32>, %w2: tensor<64x32xf32>) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %s = tensor.dim %x, %c0 : tensor<?x32xf32>
  %acc = tensor.empty(%s) : tensor<?x32xf32>
  %q = util.scope [#util.zone<"attn">] (%x as %xa: tensor<?x32xf32>{%s}, %acc as %acca: tensor<?x32xf32>{%s}, %s as %sa: index) -> (%acc) {
    %f = linalg.fill ins(%zero : f32) outs(%acca : tensor<?x32xf32>) -> tensor<?x32xf32>
    %m = linalg.matmul ins(%xa, %wq : tensor<?x32xf32>, tensor<32x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
    %t = tensor.empty(%sa) : tensor<?x32xf32>
    %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%m, %xa : tensor<?x32xf32>, tensor<?x32xf32>) outs(%t : tensor<?x32xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %v = arith.addf %a, %b : f32
      linalg.yield %v : f32
    } -> tensor<?x32xf32>
    %out = linalg.copy ins(%r : tensor<?x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
    util.return %out : tensor<?x32xf32>
  }
  %y = util.annotate [#util.zone<"ffn">] {
    %e1 = tensor.empty(%s) : tensor<?x64xf32>
    %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?x64xf32>) -> tensor<?x64xf32>
    %h = linalg.matmul ins(%q, %w1 : tensor<?x32xf32>, tensor<32x64xf32>) outs(%f1 : tensor<?x64xf32>) -> tensor<?x64xf32>
    %e2 = tensor.empty(%s) : tensor<?x32xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<?x32xf32>) -> tensor<?x32xf32>
    %o = linalg.matmul ins(%h, %w2 : tensor<?x64xf32>, tensor<64x32xf32>) outs(%f2 : tensor<?x32xf32>) -> tensor<?x32xf32>
    util.return %o : tensor<?x32xf32>
  } : tensor<?x32xf32>
  return %y : tensor<?x32xf32>
}

// Multi-block scopes: one in a function body (stripped into the function's
// CFG), one in scf.for (stripped into scf.execute_region).
func.func @branches(%c: i1, %x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = util.scope (%c as %cc: i1, %x as %xx: tensor<4xf32>) -> (tensor<4xf32>) {
    %neg = arith.negf %xx : tensor<4xf32>
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    %sq = arith.mulf %neg, %neg : tensor<4xf32>
    %sq2 = arith.addf %sq, %xx : tensor<4xf32>
    util.return %sq2 : tensor<4xf32>
  ^bb2:
    util.return %neg : tensor<4xf32>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<4xf32> {
    %d = arith.addf %acc, %acc : tensor<4xf32>
    %s = util.scope [#util.zone<"loop">] -> (tensor<4xf32>) {
      %e = arith.subf %d, %x : tensor<4xf32>
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      %m = arith.mulf %e, %e : tensor<4xf32>
      util.return %m : tensor<4xf32>
    ^bb2:
      util.return %e : tensor<4xf32>
    }
    %t = arith.addf %s, %d : tensor<4xf32>
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
