// The insert/remove invariant (docs/invariants.md): wrapping random ranges
// of ops in scopes of random forms and attributes, then stripping every scope,
// gives back the input text exactly. Each seed/density pair is one RUN line:
// %{inserted} proves that the seed inserted scopes (the input has none, so
// the count of scope ops must be positive), %{roundtrip} that stripping them
// gives the reference, the input printed by scope-opt itself.
//
// DEFINE: %{inserted} = grep -cE 'util\.(scope|annotate)( |$)' %t.in | FileCheck %s --check-prefix=INSERTED --match-full-lines
// DEFINE: %{roundtrip} = scope-opt --util-strip-scopes %t.in | diff %t.ref -
// INSERTED: {{[1-9][0-9]*}}
//
// RUN: scope-opt %s -o %t.ref
// RUN: not grep -E 'util\.(scope|annotate)( |$)' %t.ref
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
// RUN: scope-opt --test-util-insert-scopes=seed=13 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=14 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=15 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes=seed=16 %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=17 density=0.8" %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=18 density=0.8" %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=19 density=0.8" %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=20 density=0.8" %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=21 density=1.0" %s -o %t.in && %{inserted} && %{roundtrip}
// RUN: scope-opt --test-util-insert-scopes="seed=22 density=1.0" %s -o %t.in && %{inserted} && %{roundtrip}
//
// Insertion is not trivial: the scopes are there, in every form.
// RUN: scope-opt --test-util-insert-scopes=seed=9 %s | FileCheck %s --check-prefix=FORMS
//
// Insertion is deterministic for a seed.
// RUN: scope-opt --test-util-insert-scopes=seed=5 %s -o %t.a
// RUN: scope-opt --test-util-insert-scopes=seed=5 %s -o %t.b
// RUN: diff %t.a %t.b
//
// Every inserted annotation has result dims computable above it, so lowering
// them succeeds.
// RUN: scope-opt --test-util-insert-scopes="seed=3 density=0.8" %s | scope-opt --util-lower-annotations | FileCheck %s --check-prefix=LOWERED
// RUN: scope-opt --test-util-insert-scopes="seed=9 density=0.8" %s | scope-opt --util-lower-annotations | FileCheck %s --check-prefix=LOWERED
// LOWERED-NOT: util.annotate

// Seed 9 produces every form (checked as properties, in any order):
// util.annotate, implicit-only util.scope, util.scope with an explicitly
// captured dynamic tensor and its dims, a result tied to a capture, a zone.
// FORMS-DAG: util.annotate
// FORMS-DAG: util.scope {{(\[.*\] )?}}-> (
// FORMS-DAG: util.scope {{.*}}(%{{.+}} as %{{.+}}: tensor<{{.+}}>{%{{.+}}}
// FORMS-DAG: util.scope {{.*}}) -> (%{{[0-9a-z_]+}}{{[,)]}}
// FORMS-DAG: [#util.zone<"{{z[0-9]+}}">]
// A two-layer MLP with a dynamic batch: the batch size exists above every op
// as %batch, so most ranges have result shapes computable above them.
#map = affine_map<(d0, d1) -> (d0, d1)>
#bcast = affine_map<(d0, d1) -> (d1)>
func.func @mlp(%x: tensor<?x784xf32>, %w1: tensor<784x128xf32>, %b1: tensor<128xf32>,
               %w2: tensor<128x10xf32>, %b2: tensor<10xf32>) -> tensor<?x10xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %batch = tensor.dim %x, %c0 : tensor<?x784xf32>
  %e1 = tensor.empty(%batch) : tensor<?x128xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?x128xf32>) -> tensor<?x128xf32>
  %mm1 = linalg.matmul ins(%x, %w1 : tensor<?x784xf32>, tensor<784x128xf32>) outs(%f1 : tensor<?x128xf32>) -> tensor<?x128xf32>
  %h1 = linalg.generic {indexing_maps = [#map, #bcast, #map], iterator_types = ["parallel", "parallel"]}
      ins(%mm1, %b1 : tensor<?x128xf32>, tensor<128xf32>) outs(%e1 : tensor<?x128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<?x128xf32>
  %e2 = tensor.empty(%batch) : tensor<?x10xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<?x10xf32>) -> tensor<?x10xf32>
  %mm2 = linalg.matmul ins(%h1, %w2 : tensor<?x128xf32>, tensor<128x10xf32>) outs(%f2 : tensor<?x10xf32>) -> tensor<?x10xf32>
  %y = linalg.generic {indexing_maps = [#map, #bcast, #map], iterator_types = ["parallel", "parallel"]}
      ins(%mm2, %b2 : tensor<?x10xf32>, tensor<10xf32>) outs(%e2 : tensor<?x10xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x10xf32>
  return %y : tensor<?x10xf32>
}

// A residual stack: scf.for over layers with a tensor iter_arg, an scf.if
// choosing an activation, elementwise tensor arithmetic.
func.func @layers(%x: tensor<?x64xf32>, %w: tensor<64x64xf32>, %n: index, %relu: i1) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %batch = tensor.dim %x, %c0 : tensor<?x64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<?x64xf32> {
    %e = tensor.empty(%batch) : tensor<?x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
    %mm = linalg.matmul ins(%acc, %w : tensor<?x64xf32>, tensor<64x64xf32>) outs(%f : tensor<?x64xf32>) -> tensor<?x64xf32>
    %act = scf.if %relu -> tensor<?x64xf32> {
      %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%mm : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
      ^bb0(%a: f32, %o: f32):
        %v = arith.maximumf %a, %zero : f32
        linalg.yield %v : f32
      } -> tensor<?x64xf32>
      scf.yield %m : tensor<?x64xf32>
    } else {
      scf.yield %mm : tensor<?x64xf32>
    }
    %sum = arith.addf %act, %acc : tensor<?x64xf32>
    %i32 = arith.index_cast %i : index to i32
    %fi = arith.sitofp %i32 : i32 to f32
    %scale = arith.addf %fi, %zero : f32
    scf.yield %sum : tensor<?x64xf32>
  }
  return %r : tensor<?x64xf32>
}

// Scalar control flow across blocks, with slices of a dynamic tensor.
func.func @cfg(%t: tensor<?xf32>, %k: index, %c: i1) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %s = tensor.extract_slice %t[0] [%k] [1] : tensor<?xf32> to tensor<?xf32>
  cf.cond_br %c, ^bb1, ^bb2(%s : tensor<?xf32>)
^bb1:
  %e = tensor.empty(%k) : tensor<?xf32>
  %n = arith.negf %s : tensor<?xf32>
  %ins = tensor.insert_slice %n into %t[0] [%k] [1] : tensor<?xf32> into tensor<?xf32>
  %out = tensor.extract_slice %ins[0] [%k] [1] : tensor<?xf32> to tensor<?xf32>
  cf.br ^bb2(%out : tensor<?xf32>)
^bb2(%v: tensor<?xf32>):
  %w = arith.mulf %v, %v : tensor<?xf32>
  return %w : tensor<?xf32>
}

// Padding and concatenation: a pad with dynamic low/high has a result shape
// that exists nowhere above, so no range may end right after it.
func.func @pad_concat(%t: tensor<?x16xf32>, %u: tensor<4x16xf32>, %lo: index) -> (tensor<?x16xf32>, tensor<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %t low[%lo, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x16xf32> to tensor<?x16xf32>
  %q = arith.addf %p, %p : tensor<?x16xf32>
  %pu = tensor.pad %u low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x16xf32> to tensor<6x16xf32>
  %cat = tensor.concat dim(0) %t, %pu : (tensor<?x16xf32>, tensor<6x16xf32>) -> tensor<?x16xf32>
  %d = tensor.dim %cat, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%d) : tensor<?x16xf32>
  %sum = linalg.add ins(%cat, %cat : tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %q, %sum : tensor<?x16xf32>, tensor<?x16xf32>
}
