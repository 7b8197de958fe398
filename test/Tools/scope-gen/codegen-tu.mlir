// The codegen-tu scope kind: in a device scope, a linalg op gets a
// codegen.scope.tu of its own whose strategy is a pass pipeline or the
// module's tile sequence, sometimes followed by a tu scope tied to its
// result; a device scope may carry a #codegen.strategy naming the
// contraction sequence. The kind is opt-in: `all` (the default) leaves it
// out.

// Seed 5: a tu scope with a pipeline and a consumer tu scope tied to its
// result, in a scope on a device.
// RUN: scope-gen --seed=5 --ops=all,tensor-elementwise --scopes=all,codegen-tu,workgroups | FileCheck %s
// CHECK-LABEL: func.func @main(
// CHECK:       util.scope [#hal.device.target<"{{llvm-cpu|llvm-cpu-loops}}">
// CHECK:         %[[ROOT:.+]] = codegen.scope.tu ({{.+}}) -> (tensor<{{.+}}>) pipeline = "canonicalize,cse" {
// CHECK:         codegen.scope.tu (%[[ROOT]] as {{.+}}) -> (%[[ROOT]]) pipeline = "canonicalize" {

// Seed 0: a tu scope whose strategy is the module's named sequence, and a
// #codegen.strategy on a device scope.
// RUN: scope-gen --seed=0 --scopes=all,codegen-tu | FileCheck %s --check-prefix=SEQ
// SEQ:      module attributes {transform.with_named_sequence} {
// SEQ:        transform.named_sequence @scope_gen_tile(
// SEQ:          transform.structured.tile_using_for
// SEQ:        transform.named_sequence @scope_gen_tile_contraction(
// SEQ-LABEL:  func.func @main(
// SEQ-DAG:      #codegen.strategy<contraction = @scope_gen_tile_contraction({{[1-4]}} : i64)>
// SEQ-DAG:      codegen.scope.tu ({{.+}}) -> ({{.+}}) strategy = @scope_gen_tile({{[1-4]}} : i64) {

// Such programs are compiled differently with their scopes: the description
// says so, and the differential compares them within tolerance only.
// RUN: scope-gen --seed=0 --scopes=all,codegen-tu -o /dev/null --meta=%t.json
// RUN: FileCheck %s --check-prefix=META < %t.json
// META: "codegen-tu": {{[1-9]}}
// META: "strategies": true

// Without the kind: no tu scope, no sequence.
// RUN: scope-gen --seed=0 | FileCheck %s --check-prefix=NONE
// NONE-NOT: transform.
// NONE-NOT: codegen.
