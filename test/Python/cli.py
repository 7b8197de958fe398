# The command line, python3 -m scopeir.torch export|run|bench, on a model
# loaded as FILE:FACTORY: export prints (or writes) the module and its
# parameters; run compares with eager (max abs/rel diff) and prints the
# zone table and the slowest modules; run takes an exported module back;
# bench prints scopeir's and eager's times; errors are one line and exit 1.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -m scopeir.torch export %S/Inputs/models.py:small_cnn --input-shape 2x3x8x8 \
# RUN:   --place classifier=llvm-cpu | FileCheck %s --check-prefix=EXPORT
# EXPORT: func.func @main(%arg0: tensor<2x3x8x8xf32>,
# EXPORT: util.annotate [#util.zone<"features">] {
# EXPORT: util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"classifier">] {

# RUN: %python -m scopeir.torch run %S/Inputs/models.py:small_cnn --input-shape 2x3x8x8 \
# RUN:   --print-zones --slowest 2 --trace %t/trace.json | FileCheck %s --check-prefix=COMPARE
# RUN: FileCheck %s --check-prefix=TRACE < %t/trace.json
# COMPARE: exported in {{.*}} s ({{[0-9]+}} ops, {{[0-9]+}} scopes), compiled in {{.*}} s
# COMPARE: call: {{.*}} s
# COMPARE: output #0 [2, 10]: max abs diff {{.*}}, max rel diff {{.*}} (max |eager| {{.*}}): ok
# COMPARE: zone calls total ms mean us % of run
# COMPARE: features 1
# COMPARE: features/features.0 1
# COMPARE: slowest modules (time in their own dispatches, of {{.*}} ms in zones):
# COMPARE-NEXT: {{features(.[0-3])?|classifier}} {{.*}} ms {{.*}}% (total with sub-modules {{.*}} ms, 1 call)
# COMPARE-NEXT: {{features(.[0-3])?|classifier}} {{.*}} ms {{.*}}% (total with sub-modules {{.*}} ms, 1 call)
# TRACE: {"name":"features.0","cat":"zone",

# RUN: %python -m scopeir.torch export %S/Inputs/models.py:small_cnn --input-shape 2x3x8x8 \
# RUN:   --dynamic-batch -o %t/cnn.mlir --parameters %t/cnn.npz | FileCheck %s --check-prefix=SAVE
# SAVE: exported {{.*}}cnn.mlir in {{.*}} s ({{[0-9]+}} ops, {{[0-9]+}} scopes, 8 parameters, written to {{.*}}cnn.npz)
# RUN: %python -m scopeir.torch run %t/cnn.mlir --parameters %t/cnn.npz --input-shape 5x3x8x8 \
# RUN:   --reference %S/Inputs/models.py:small_cnn | FileCheck %s --check-prefix=LOAD
# LOAD: loaded {{.*}}cnn.mlir in {{.*}} s, compiled in {{.*}} s
# LOAD: output #0 [5, 10]: max abs diff {{.*}}: ok

# RUN: %python -m scopeir.torch bench %S/Inputs/models.py:small_cnn --input-shape 1x3x8x8 \
# RUN:   --iterations 3 --threads 1 | FileCheck %s --check-prefix=BENCH
# BENCH: scopeir: min {{.*}} ms, median {{.*}} ms over 3 calls
# BENCH: eager: min {{.*}} ms, median {{.*}} ms over 3 calls (1 threads)
# BENCH: scopeir / eager (median): {{.*}}x

# RUN: %expect_exit 1 %python -m scopeir.torch run %S/Inputs/models.py:unsupported \
# RUN:   --input-shape 8 2> %t/unsupported.txt
# RUN: FileCheck %s --check-prefix=NOLOWERING < %t/unsupported.txt
# NOLOWERING: scopeir.torch: error: unsupported: aten._fft_r2c.default in the model's forward ({{.*}}models.py:26): no lowering for this op
# NOLOWERING-NOT: Traceback

# RUN: %expect_exit 1 %python -m scopeir.torch export %S/Inputs/models.py:small_cnn \
# RUN:   --input-shape 1x3x8x8 --place nope=llvm-cpu 2>&1 | FileCheck %s --check-prefix=BADNAME
# BADNAME: scopeir.torch: error: place: the model has no module 'nope'
# RUN: %expect_exit 1 %python -m scopeir.torch export %S/Inputs/models.py:not_a_module \
# RUN:   --input-shape 1 2>&1 | FileCheck %s --check-prefix=NOTMODULE
# NOTMODULE: scopeir.torch: error: {{.*}}models.py:not_a_module returned a int, not an nn.Module
# RUN: %expect_exit 1 %python -m scopeir.torch run %t/cnn.mlir --input-shape 1x3x8x8 2>&1 \
# RUN:   | FileCheck %s --check-prefix=NOPARAMS
# NOPARAMS: scopeir.torch: error: an exported module needs --parameters FILE.npz
