// End to end: examples/tosa-cnn.mlir (TOSA; conv layer on llvm-cpu, the
// classifier on llvm-cpu-loops) run by scope-run equals an independent
// reference: the same program with its scopes stripped, converted by
// upstream mlir-opt with the TOSA to linalg passes of upstream's own TOSA
// pipeline (decompositions, shape inference, broadcasting, named ops,
// elementwise), lowered to plain loops and run by mlir-runner
// (printMemrefF32). The weights and images are multiples of 1/32 and 1/8,
// so the two agree to rounding: rtol 1e-5 / atol 1e-6.
//
// Image value i is ((37 i) mod 17 - 8) / 8, as in the reference driver.
// DEFINE: %{x} = -1.0 -0.625 -0.25 0.125 0.5 0.875 -0.875 -0.5 -0.125 0.25 0.625 1.0 -0.75 -0.375 0.0 0.375 0.75 -1.0 -0.625 -0.25 0.125 0.5 0.875 -0.875 -0.5 -0.125 0.25 0.625 1.0 -0.75 -0.375 0.0 0.375 0.75 -1.0 -0.625 -0.25 0.125 0.5 0.875 -0.875 -0.5 -0.125 0.25 0.625 1.0 -0.75 -0.375 0.0 0.375 0.75 -1.0 -0.625 -0.25 0.125 0.5 0.875 -0.875 -0.5 -0.125 0.25 0.625 1.0 -0.75 -0.375 0.0 0.375 0.75 -1.0 -0.625 -0.25 0.125 0.5 0.875 -0.875 -0.5 -0.125 0.25 0.625 1.0 -0.75 -0.375 0.0 0.375 0.75 -1.0 -0.625 -0.25 0.125 0.5 0.875 -0.875 -0.5 -0.125 0.25 0.625 1.0 -0.75 -0.375 0.0 0.375 0.75 -1.0 -0.625 -0.25 0.125 0.5 0.875 -0.875 -0.5 -0.125 0.25 0.625 1.0 -0.75 -0.375 0.0 0.375 0.75 -1.0 -0.625 -0.25 0.125 0.5 0.875 -0.875 -0.5 -0.125

// RUN: rm -rf %t && mkdir -p %t
// RUN: cat %scopeir_src_root/examples/tosa-cnn.mlir %S/Inputs/tosa-cnn-reference-driver.mlir > %t/combined.mlir
// RUN: scope-opt --util-strip-scopes %t/combined.mlir -o %t/reference.mlir
// RUN: mlir-opt %t/reference.mlir \
// RUN:   --pass-pipeline='builtin.module(func.func(tosa-optional-decompositions,tosa-infer-shapes,tosa-make-broadcastable,tosa-to-linalg-named,canonicalize,tosa-layerwise-constant-fold,tosa-make-broadcastable,tosa-to-linalg,tosa-to-arith,tosa-to-tensor))' \
// RUN: | mlir-opt \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-deallocation-pipeline --convert-bufferization-to-memref --convert-linalg-to-loops \
// RUN:   --convert-scf-to-cf --expand-strided-metadata --lower-affine --convert-math-to-llvm \
// RUN:   --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm \
// RUN:   --reconcile-unrealized-casts \
// RUN: | mlir-runner -e run_reference -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   > %t/reference.txt
// RUN: FileCheck %s --check-prefix=REF < %t/reference.txt
// REF: sizes = [2, 10]

// The scoped TOSA program, its input type detected.
// RUN: scope-run %scopeir_src_root/examples/tosa-cnn.mlir --input="2x8x8x1xf32=%{x}" > %t/scoped.txt
// RUN: FileCheck %s --check-prefix=OUT < %t/scoped.txt
// OUT: 2x10xf32=[{{([-0-9.e]+ ){9}[-0-9.e]+}}][{{([-0-9.e]+ ){9}[-0-9.e]+}}]
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/scoped.txt %t/reference.txt
// Each row is a probability distribution.
// RUN: %python -c "import re, sys; rows = re.findall(r'\[([^\]]*)\]', open(sys.argv[1]).read()); sums = [sum(map(float, r.split())) for r in rows]; print(len(rows), all(abs(s - 1) < 1e-5 for s in sums))" %t/scoped.txt | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: 2 True

// --input-type=tosa gives the same bytes; the layers keep their devices and
// zones through the conversion.
// RUN: scope-run %scopeir_src_root/examples/tosa-cnn.mlir --input="2x8x8x1xf32=%{x}" --output=@%t/auto.npy
// RUN: scope-run %scopeir_src_root/examples/tosa-cnn.mlir --input-type=tosa --input="2x8x8x1xf32=%{x}" --output=@%t/tosa.npy
// RUN: cmp %t/auto.npy %t/tosa.npy
// RUN: scope-run %scopeir_src_root/examples/tosa-cnn.mlir --input="2x8x8x1xf32=%{x}" --dump-dispatches | FileCheck %s --check-prefix=PLACED
// PLACED-DAG: device=#hal.device.target<"llvm-cpu"> scope=conv
// PLACED-DAG: device=#hal.device.target<"llvm-cpu-loops"> scope=classifier
// PLACED-DAG: device=#hal.device.target<"llvm-cpu-loops"> scope=classifier/softmax
// PLACED-NOT: device=#hal.device.target<"llvm-cpu"> scope=classifier

// Forced linalg input: a located error, not a failure deep in the pipeline.
// RUN: not scope-run %scopeir_src_root/examples/tosa-cnn.mlir --input-type=linalg --input="2x8x8x1xf32=0" 2>&1 | FileCheck %s --check-prefix=LINALG
// LINALG: tosa-cnn.mlir:{{[0-9]+}}:{{[0-9]+}}: error: TOSA op in a module compiled as linalg (--input-type=linalg); use --input-type=tosa or auto

// scope-opt's compile pipeline takes the input type too.
// RUN: scope-opt %scopeir_src_root/examples/tosa-cnn.mlir --scopeir-compile-to-llvm=input-type=tosa | FileCheck %s --check-prefix=OPT
// OPT-NOT: tosa.
// OPT: llvm.func @main(
// OPT-NOT: tosa.
