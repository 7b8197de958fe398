// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-lower-parallel-tiles))" %s | FileCheck %s --check-prefix=LOWER
// RUN: scope-opt --split-input-file --llvm-cpu-configure-openmp %s | FileCheck %s --check-prefix=LIMIT

// Parallel tiles (bufferized scf.forall) become scf.parallel loops, or
// scf.for loops on a device configured with one thread.
// LOWER-LABEL: func.func @parallel
//       LOWER:   scf.parallel
//   LOWER-NOT:   scf.forall
// LOWER-LABEL: func.func @serial
//       LOWER:   scf.for
//   LOWER-NOT:   scf.parallel
// A forall nested in one that became parallel (a strategy's tiles inside a
// lowered workgroups grid) becomes a serial loop inside the parallel one.
// LOWER-LABEL: func.func @nested
//       LOWER:   scf.parallel
//       LOWER:     scf.for
//   LOWER-NOT:   scf.parallel
//   LOWER-NOT:   scf.forall
func.func @parallel(%m: memref<8xf32>) attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %cst = arith.constant 1.0 : f32
  scf.forall (%i) in (8) {
    memref.store %cst, %m[%i] : memref<8xf32>
  }
  return
}
func.func @serial(%m: memref<8xf32>) attributes {hal.device = #hal.device.target<"llvm-cpu", {threads = 1}>} {
  %cst = arith.constant 1.0 : f32
  scf.forall (%i) in (8) {
    memref.store %cst, %m[%i] : memref<8xf32>
  }
  return
}
func.func @nested(%m: memref<4x8xf32>) attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %cst = arith.constant 1.0 : f32
  scf.forall (%i) in (4) {
    scf.forall (%j) in (8) {
      memref.store %cst, %m[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// -----

// A forall still on tensors cannot become a loop.
// RUN: %expect_exit 1 scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-lower-parallel-tiles))" %S/Inputs/forall-on-tensors.mlir 2>&1 | FileCheck %s --check-prefix=TENSOR
// TENSOR: error: 'scf.forall' op llvm-cpu-lower-parallel-tiles: cannot convert to a loop (the op must be bufferized)

// Worksharing loops of llvm-cpu functions get a guided schedule (kept where
// one is set; functions on other devices are left alone).
// LIMIT-LABEL: func.func @schedule
//       LIMIT:   omp.wsloop schedule(guided)
//       LIMIT:   omp.wsloop schedule(static)
// LIMIT-LABEL: func.func @negative_schedule_other_device
//       LIMIT:   omp.wsloop {
func.func @schedule(%n: index) attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        omp.yield
      }
    }
    omp.wsloop schedule(static) {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func @negative_schedule_other_device(%n: index) attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// A device with `threads = N` caps its OpenMP regions at N threads, keeping
// a smaller count; other functions keep theirs.
// LIMIT-LABEL: func.func @capped
//       LIMIT:   %[[TWO:.+]] = arith.constant 2 : i32
//       LIMIT:   omp.parallel num_threads(%[[TWO]] : i32)
// LIMIT-LABEL: func.func @smaller
//       LIMIT:   %[[ONE:.+]] = arith.constant 1 : i32
//   LIMIT-NOT:   arith.constant
//       LIMIT:   omp.parallel num_threads(%[[ONE]] : i32)
// LIMIT-LABEL: func.func @uncapped
//       LIMIT:   %[[FOUR:.+]] = arith.constant 4 : i32
//       LIMIT:   omp.parallel num_threads(%[[FOUR]] : i32)
func.func @capped() attributes {hal.device = #hal.device.target<"llvm-cpu", {threads = 2}>} {
  %c4 = arith.constant 4 : i32
  omp.parallel num_threads(%c4 : i32) {
    omp.terminator
  }
  return
}
func.func @smaller() attributes {hal.device = #hal.device.target<"llvm-cpu", {threads = 2}>} {
  %c1 = arith.constant 1 : i32
  omp.parallel num_threads(%c1 : i32) {
    omp.terminator
  }
  return
}
func.func @uncapped() attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c4 = arith.constant 4 : i32
  omp.parallel num_threads(%c4 : i32) {
    omp.terminator
  }
  return
}
