// scope-run --batch runs one scope-run command line per line of a file in
// one process, after the batch's own arguments: each job as that command
// would run alone (the same result bits, errors and exit status), a status
// line after each, exit 1 if a job failed. A job whose LLVM IR and options
// are those of an earlier job reuses its machine code.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --input="2x3xf32=0.5" --output=@%t/alone.0.npy --output=@%t/alone.1.npy
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --input="2x3xf32=0.5" --output=@%t/alone-o0.0.npy --output=@%t/alone-o0.1.npy --opt-level=0
// RUN: echo '%S/Inputs/add.mlir --output=@%t/a.0.npy --output=@%t/a.1.npy' > %t/jobs.txt
// RUN: echo '# a comment, then an empty line' >> %t/jobs.txt
// RUN: echo '' >> %t/jobs.txt
// RUN: echo '%S/Inputs/add.mlir --output=@%t/b.0.npy --output=@%t/b.1.npy' >> %t/jobs.txt
// RUN: echo '%S/Inputs/add.mlir --opt-level=0 --output=@%t/c.0.npy --output=@%t/c.1.npy' >> %t/jobs.txt
// RUN: echo '%S/Inputs/add.mlir --job-stdout=%t/printed.txt' >> %t/jobs.txt
// RUN: echo '%S/Inputs/add.mlir --function=nope --job-stderr=%t/nope.err' >> %t/jobs.txt
// RUN: echo '%S/Inputs/add.mlir --bogus --job-stderr=%t/bogus.err' >> %t/jobs.txt
// RUN: echo '%t/missing.mlir --job-stderr=%t/missing.err' >> %t/jobs.txt
// RUN: echo '%S/Inputs/add.mlir --output=@%t/d.0.npy --output=@%t/d.1.npy' >> %t/jobs.txt
// RUN: not scope-run --batch=%t/jobs.txt --function=add_scale --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --input="2x3xf32=0.5" > %t/status.txt
// RUN: FileCheck %s --check-prefix=STATUS < %t/status.txt
// STATUS:      scope-run: job 0: exit 0{{$}}
// STATUS-NEXT: scope-run: job 1: exit 0 (machine code reused){{$}}
// STATUS-NEXT: scope-run: job 2: exit 0{{$}}
// STATUS-NEXT: scope-run: job 3: exit 0 (machine code reused){{$}}
// STATUS-NEXT: scope-run: job 4: exit 1{{$}}
// STATUS-NEXT: scope-run: job 5: exit 1{{$}}
// STATUS-NEXT: scope-run: job 6: exit 1{{$}}
// STATUS-NEXT: scope-run: job 7: exit 0 (machine code reused){{$}}
// STATUS-NOT: job
// Each job's results are those of the same command alone, before and after
// jobs that failed.
// RUN: cmp %t/a.0.npy %t/alone.0.npy
// RUN: cmp %t/a.1.npy %t/alone.1.npy
// RUN: cmp %t/b.0.npy %t/alone.0.npy
// RUN: cmp %t/b.1.npy %t/alone.1.npy
// RUN: cmp %t/c.0.npy %t/alone-o0.0.npy
// RUN: cmp %t/d.1.npy %t/alone.1.npy
// RUN: FileCheck %s --check-prefix=PRINTED < %t/printed.txt
// PRINTED:      2x3xf32=[1.5 2.5 3.5][4.5 5.5 6.5]
// PRINTED-NEXT: 2x3xf32=[3 5 7][9 11 13]
// RUN: FileCheck %s --check-prefix=NOPE < %t/nope.err
// NOPE: scope-run: no function '@nope' with a body in
// RUN: FileCheck %s --check-prefix=BOGUS < %t/bogus.err
// BOGUS: scope-run: Unknown command line argument '--bogus'
// RUN: FileCheck %s --check-prefix=MISSING < %t/missing.err
// MISSING: scope-run: cannot open input file '{{.*}}missing.mlir'

// From standard input, each line run as it arrives; a job's options do not
// carry over to the next (the second job prints its results).
// RUN: echo '%S/Inputs/add.mlir --output=@%t/e.0.npy --output=@%t/e.1.npy' > %t/stdin-jobs.txt
// RUN: echo '%S/Inputs/add.mlir' >> %t/stdin-jobs.txt
// RUN: scope-run --batch=- --function=add_scale --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --input="2x3xf32=0.5" < %t/stdin-jobs.txt | FileCheck %s --check-prefix=STDIN
// RUN: cmp %t/e.0.npy %t/alone.0.npy
// STDIN:      scope-run: job 0: exit 0{{$}}
// STDIN-NEXT: 2x3xf32=[1.5 2.5 3.5][4.5 5.5 6.5]
// STDIN-NEXT: 2x3xf32=[3 5 7][9 11 13]
// STDIN-NEXT: scope-run: job 1: exit 0 (machine code reused){{$}}

// Errors: a batch file that cannot be read; a job reading its module from
// the standard input the jobs come from; a batch inside a job; a job output
// file that cannot be written; --job-stdout and --job-stderr outside a batch.
// RUN: not scope-run --batch=%t/no-such-jobs.txt 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: scope-run: cannot read the batch file '{{.*}}no-such-jobs.txt'
// RUN: echo '--function=add_scale' | not scope-run --batch=- 2>&1 | FileCheck %s --check-prefix=STDINMODULE
// STDINMODULE: scope-run: a job of a batch read from standard input cannot read its module from it
// STDINMODULE: scope-run: job 0: exit 1
// RUN: echo '--batch=%t/jobs.txt' > %t/nested.txt
// RUN: not scope-run --batch=%t/nested.txt 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: scope-run: --batch in a batch job
// RUN: echo '%S/Inputs/add.mlir --job-stderr=%t/no-such-dir/x.err' > %t/unwritable.txt
// RUN: not scope-run --batch=%t/unwritable.txt 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: scope-run: --job-stdout/--job-stderr: cannot write '{{.*}}no-such-dir{{/|\\}}x.err'
// RUN: not scope-run %S/Inputs/add.mlir --job-stdout=%t/x.txt 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: scope-run: --job-stdout and --job-stderr are options of --batch jobs
