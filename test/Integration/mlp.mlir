// End to end: examples/mlp.mlir (layer 1 on llvm-cpu, layer 2 on
// llvm-cpu-loops) run by scope-run equals
//  (1) an independent reference: the same program with its scopes stripped,
//      lowered by upstream mlir-opt with a plain-loops pipeline (below)
//      and run by mlir-runner (printMemrefF32); tolerance
//      rtol 1e-5 / atol 1e-6, because llvm-cpu vectorizes layer 1's matmul
//      into fused multiply-adds while the reference rounds each product;
//  (2) scope-run on the same program with every scope stripped, whose host
//      backend compiles everything: within the same tolerance against the
//      mixed-device run, and bit for bit (.npy files compared with cmp)
//      against a run of the scoped program whose scopes are all placed on the
//      backend the stripped run uses, for each of the two backends.
//
// The batch of three rows both runs use (the driver spells it as a dense
// literal).
// DEFINE: %{x} = -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375

// RUN: rm -rf %t && mkdir -p %t
// RUN: cat %scopeir_src_root/examples/mlp.mlir %S/Inputs/mlp-reference-driver.mlir > %t/combined.mlir
// RUN: scope-opt --util-strip-scopes %t/combined.mlir -o %t/reference.mlir
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
// REF: sizes = [3, 10]

// The scoped program, on two devices.
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --function=main --input="3x16xf32=%{x}" \
// RUN:   --output=@%t/scoped.npy
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --function=main --input="3x16xf32=%{x}" > %t/scoped.txt
// RUN: FileCheck %s --check-prefix=OUT < %t/scoped.txt
// OUT: 3x10xf32=[{{([-0-9.e]+ ){9}[-0-9.e]+}}][{{([-0-9.e]+ ){9}[-0-9.e]+}}][{{([-0-9.e]+ ){9}[-0-9.e]+}}]
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/scoped.txt %t/reference.txt

// Every row is a probability distribution.
// RUN: %python -c "import re, sys; rows = re.findall(r'\[([^\]]*)\]', open(sys.argv[1]).read()); sums = [sum(map(float, r.split())) for r in rows]; print(len(rows), all(abs(s - 1) < 1e-5 for s in sums))" %t/scoped.txt | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: 3 True

// The stripped program on the default host backend (llvm-cpu-loops): within
// tolerance of the mixed run, equal to the reference at print precision...
// RUN: scope-opt --util-strip-scopes %scopeir_src_root/examples/mlp.mlir -o %t/stripped.mlir
// RUN: scope-run %t/stripped.mlir --input="3x16xf32=%{x}" > %t/stripped-loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/stripped-loops.txt %t/scoped.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/stripped-loops.txt %t/reference.txt
// ...and bit for bit equal to the scoped program with both layers on llvm-cpu-loops.
// RUN: scope-run %t/stripped.mlir --input="3x16xf32=%{x}" --output=@%t/stripped-loops.npy
// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %scopeir_src_root/examples/mlp.mlir > %t/all-loops.mlir
// RUN: scope-run %t/all-loops.mlir --input="3x16xf32=%{x}" --output=@%t/all-loops.npy
// RUN: cmp %t/stripped-loops.npy %t/all-loops.npy

// The same with llvm-cpu compiling everything (softmax reductions included).
// RUN: scope-run %t/stripped.mlir --host-backend=llvm-cpu --input="3x16xf32=%{x}" --output=@%t/stripped-vec.npy
// RUN: sed 's/"llvm-cpu-loops"/"llvm-cpu"/' %scopeir_src_root/examples/mlp.mlir > %t/all-vec.mlir
// RUN: scope-run %t/all-vec.mlir --input="3x16xf32=%{x}" --output=@%t/all-vec.npy
// RUN: cmp %t/stripped-vec.npy %t/all-vec.npy
// RUN: scope-run %t/all-vec.mlir --input="3x16xf32=%{x}" > %t/all-vec.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/all-vec.txt %t/reference.txt

