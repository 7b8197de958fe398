// End to end: examples/codegen-tu.mlir, two tu scopes with their own
// strategies (a tiled and vectorized matmul, a tiled and vectorized row
// reduction tied to the output), run by scope-run, equals the same program
// with its scopes inlined, lowered by upstream mlir-opt to plain loops and
// run by mlir-runner (tolerance rtol 1e-5 / atol 1e-6: the vectorized
// matmul may fuse multiply-adds).
//
// DEFINE: %{a} = -0.625 0.25 -0.25 0.625 0.125 -0.375 0.5 0.0 -0.5 0.375 -0.125 -0.625 0.25 -0.25 0.625 0.125 -0.375 0.5 0.0 -0.5 0.375 -0.125 -0.625 0.25 -0.25 0.625 0.125 -0.375 0.5 0.0 -0.5 0.375
// DEFINE: %{b} = -1.0 0.25 -0.75 0.5 -0.5 0.75 -0.25 1.0 0.0 -1.0 0.25 -0.75 0.5 -0.5 0.75 -0.25 1.0 0.0 -1.0 0.25 -0.75 0.5 -0.5 0.75 -0.25 1.0 0.0 -1.0 0.25 -0.75 0.5 -0.5

// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-opt --codegen-inline-scopes %scopeir_src_root/examples/codegen-tu.mlir -o %t/stripped.mlir
// RUN: cat %scopeir_src_root/examples/codegen-tu.mlir %S/Inputs/codegen-tu-reference-driver.mlir > %t/combined.mlir
// RUN: scope-opt --codegen-inline-scopes %t/combined.mlir -o %t/reference.mlir
// RUN: mlir-opt %t/reference.mlir \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-deallocation-pipeline --convert-bufferization-to-memref --convert-linalg-to-loops \
// RUN:   --convert-scf-to-cf --expand-strided-metadata --lower-affine --convert-math-to-llvm \
// RUN:   --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm \
// RUN:   --reconcile-unrealized-casts \
// RUN: | mlir-runner -e run_reference -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   > %t/reference.txt
// RUN: FileCheck %s --check-prefix=REF < %t/reference.txt
// REF: sizes = [4]

// RUN: scope-run %scopeir_src_root/examples/codegen-tu.mlir --host-backend=llvm-cpu --function=main \
// RUN:   --input="4x8xf32=%{a}" --input="8x4xf32=%{b}" --input="4xf32=0" > %t/scoped.txt
// RUN: FileCheck %s --check-prefix=OUT < %t/scoped.txt
// OUT: 4xf32={{([-0-9.e]+ ){3}[-0-9.e]+}}
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/scoped.txt %t/reference.txt

// The strategies really ran: the scopes hold vector code afterwards.
// RUN: scope-opt --codegen-run-scope-pipelines %scopeir_src_root/examples/codegen-tu.mlir | FileCheck %s --check-prefix=RAN
// RAN: codegen.scope.tu
// RAN:   vector.transfer_read
// RAN: codegen.scope.tu
// RAN:   vector.multi_reduction

// After whole-function bufferization the scopes cost nothing: as many
// allocations (the matmul's tensor.empty) and copies with the scopes as
// without them: none on the program as written; after the strategies ran,
// the tiles' insert_slice ops become the same copies of a subview onto
// itself either way.
// RUN: scope-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %scopeir_src_root/examples/codegen-tu.mlir -o %t/with.mlir
// RUN: scope-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %t/stripped.mlir -o %t/without.mlir
// RUN: grep -c "memref.alloc" %t/with.mlir | FileCheck %s --check-prefix=ONE
// RUN: grep -c "memref.alloc" %t/without.mlir | FileCheck %s --check-prefix=ONE
// RUN: not grep "memref.copy" %t/with.mlir %t/without.mlir
// RUN: scope-opt --codegen-run-scope-pipelines --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %scopeir_src_root/examples/codegen-tu.mlir -o %t/with-ran.mlir
// RUN: scope-opt --codegen-run-scope-pipelines --codegen-inline-scopes --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %scopeir_src_root/examples/codegen-tu.mlir -o %t/without-ran.mlir
// RUN: grep -c "memref.alloc" %t/with-ran.mlir > %t/n-with-ran
// RUN: grep -c "memref.alloc" %t/without-ran.mlir > %t/n-without-ran
// RUN: diff %t/n-with-ran %t/n-without-ran
// RUN: grep -c "memref.copy" %t/with-ran.mlir > %t/c-with-ran
// RUN: grep -c "memref.copy" %t/without-ran.mlir > %t/c-without-ran
// RUN: diff %t/c-with-ran %t/c-without-ran
// ONE: {{^}}1{{$}}
// The reduction's result is the output buffer itself.
// RUN: FileCheck %s --check-prefix=TIED < %t/with.mlir
// TIED: func.func @main(%{{.*}}, %{{.*}}, %[[DST:.*]]: memref<4xf32>) -> memref<4xf32>
// TIED: codegen.scope.tu ({{.*}}, %[[DST]] as %{{.*}}: memref<4xf32>) -> (%[[DST]])
