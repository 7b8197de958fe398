// scope-gen's lists of op families and scope kinds, and its errors: an
// unknown name or a bad count is one line on stderr and exit code 1.
// RUN: scope-gen --list | FileCheck %s --check-prefix=LIST
// LIST: op families: matmul batch-matmul conv pooling elementwise named-elementwise reduction fill transpose broadcast extract-slice insert-slice pad concat reshape cast for if call math dynamic tensor-elementwise mlp-layer{{$}}
// LIST: scope kinds: device zone nest annotate scope hal-device-scope func-device module-device insert-pass codegen-tu workgroups extern{{$}}
// LIST: opt-in (not in 'all'; name them, as in --ops=all,NAME): tensor-elementwise mlp-layer codegen-tu workgroups extern{{$}}

// `all` may be one of several names: `all,NAME` adds an opt-in family or
// kind to the defaults (tensor-elementwise.mlir, workgroups.mlir,
// codegen-tu.mlir and mlp-layer.mlir check what they generate). An unknown
// name among them is still an error.
// RUN: not scope-gen --ops=all,bogus 2>&1 | FileCheck %s --check-prefix=OPS

// RUN: not scope-gen --ops=matmul,bogus 2>&1 | FileCheck %s --check-prefix=OPS
// OPS: scope-gen: unknown op family 'bogus' (--list shows them)
// RUN: not scope-gen --no-scopes=bogus 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: scope-gen: unknown scope kind 'bogus' (--list shows them)
// RUN: not scope-gen --min-ops=0 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not scope-gen --min-ops=5 --max-ops=4 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: scope-gen: --min-ops must be at least 1 and at most --max-ops
// RUN: not scope-gen --scope-density=2 2>&1 | FileCheck %s --check-prefix=DENSITY
// DENSITY: scope-gen: densities must be between 0 and 1

// Op families: only the ones asked for (with the fills, constants and
// casts their operands need), and the math ops only with `math`.
// RUN: scope-gen --seed=4 --ops=matmul --scopes=none | FileCheck %s --check-prefix=MATMUL \
// RUN:   --implicit-check-not=linalg.generic --implicit-check-not=linalg.batch_matmul \
// RUN:   --implicit-check-not=tensor.pad --implicit-check-not=scf. --implicit-check-not=math.
// MATMUL: linalg.matmul
// RUN: scope-gen --seed=4 --no-ops=math --scopes=none | FileCheck %s --check-prefix=NOMATH \
// RUN:   --implicit-check-not=math.exp --implicit-check-not=math.log \
// RUN:   --implicit-check-not=math.sin --implicit-check-not=math.cos --implicit-check-not=math.sqrt
// NOMATH: func.func @main(
// RUN: scope-gen --seed=4 --no-ops=dynamic --scopes=none | FileCheck %s --check-prefix=STATIC
// STATIC: func.func @main({{[^?]*}}) ->

// --help lists scope-gen's options, not the ones the libraries register.
// RUN: scope-gen --help | FileCheck %s --check-prefix=HELP --implicit-check-not=aarch64
// HELP: scope-gen options:
// HELP: --seed=

// --count: at least 1; above 1, every file name given holds %d, and -o
// names one.
// RUN: not scope-gen --count=0 2>&1 | FileCheck %s --check-prefix=COUNT0
// COUNT0: scope-gen: --count must be at least 1
// RUN: not scope-gen --count=2 2>&1 | FileCheck %s --check-prefix=COUNTO
// COUNTO: scope-gen: with --count above 1, -o must name a file holding %d
// RUN: not scope-gen --count=2 -o %t.%d.mlir --meta=%t.json 2>&1 | FileCheck %s --check-prefix=COUNTPATTERN
// COUNTPATTERN: scope-gen: with --count above 1, every file name must hold %d (--meta {{.*}}.json does not)
