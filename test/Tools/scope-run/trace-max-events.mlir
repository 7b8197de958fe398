// --trace-max-events bounds the events each recording thread keeps: a zone
// entered 100,000 times (200,000 events, plus the dispatches') on one
// thread with a bound of 131,072 keeps two chunks of 65,536 events; the
// older ones are dropped from the trace file (counted there, and in a
// note) but the zone summary counts every call. Without a bound of its own
// the default (2^22 events) keeps everything.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %s --input=f32=1 --threads=1 --trace=%t/bounded.json --trace-max-events=131072 --print-zones > %t/bounded.txt 2> %t/bounded.err
// RUN: FileCheck %s --check-prefix=NOTE < %t/bounded.err
// NOTE: scope-run: note: the trace holds the last events of each thread; {{[1-9][0-9]*}} earlier events were dropped at --trace-max-events (the zone summary counts them)
// NOTE: step 100000
// RUN: %python %S/Inputs/check-trace.py %t/bounded.json --max-zone-slices step=65536
// RUN: FileCheck %s --check-prefix=DROPPED < %t/bounded.json
// DROPPED: "otherData":{"droppedEvents":{{[1-9][0-9]*}}}

// The unbounded trace has every slice and drops nothing; the results are
// the same.
// RUN: scope-run %s --input=f32=1 --threads=1 --trace=%t/full.json --trace-max-events=0 > %t/full.txt
// RUN: %python %S/Inputs/check-trace.py %t/full.json --zone step=100000
// RUN: FileCheck %s --check-prefix=FULL < %t/full.json
// FULL: "otherData":{"droppedEvents":0}
// RUN: diff %t/bounded.txt %t/full.txt
// RUN: FileCheck %s < %t/full.txt
// CHECK: f32=100001

func.func @main(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> f32 {
    %s = util.annotate [#util.zone<"step">] {
      %a = arith.addf %acc, %one : f32
      util.return %a : f32
    } : f32
    scf.yield %s : f32
  }
  return %r : f32
}
