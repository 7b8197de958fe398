// The backend contract: after a backend's buffer pipeline only ops the host
// lowering handles may remain. hal-run-backend-pipelines{phase=buffer} checks
// it after every backend; each case plants a leftover the backend does not
// lower (an op of a dialect the host never lowers) and expects the error at
// that op, naming the backend.
// RUN: scope-opt --split-input-file --verify-diagnostics --hal-run-backend-pipelines=phase=buffer %s

// llvm-cpu leaves complex arithmetic as it is.
func.func @llvm_cpu(%a: complex<f32>) -> complex<f32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  // expected-error @+1 {{'complex.add' is left in function 'llvm_cpu' by backend 'llvm-cpu', whose buffer pipeline must leave only ops the host lowering to LLVM handles}}
  %s = complex.add %a, %a : complex<f32>
  return %s : complex<f32>
}

// -----

// So does llvm-cpu-loops.
func.func @llvm_cpu_loops(%a: complex<f32>) -> complex<f32>
    attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
  // expected-error @+1 {{'complex.add' is left in function 'llvm_cpu_loops' by backend 'llvm-cpu-loops'}}
  %s = complex.add %a, %a : complex<f32>
  return %s : complex<f32>
}

// -----

// A tensor op bufferization kept (here: the function was never bufferized)
// on the host backend: the first op outside the contract is reported.
func.func @unbufferized(%n: index) -> tensor<?xf32> {
  // expected-error @+1 {{'tensor.empty' is left in function 'unbufferized' by backend 'llvm-cpu-loops'}}
  %e = tensor.empty(%n) : tensor<?xf32>
  return %e : tensor<?xf32>
}

// -----

// Only ops of the host lowering's dialects: nothing to report.
func.func @clean(%m: memref<4xf32>, %v: vector<4xf32>)
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  return
}

// -----

// So does vulkan (its buffer pipeline makes loop nests; complex numbers are
// none of them).
func.func @vulkan(%a: complex<f32>) -> complex<f32>
    attributes {hal.device = #hal.device.target<"vulkan">} {
  // expected-error @+1 {{'complex.add' is left in function 'vulkan' by backend 'vulkan', whose buffer pipeline must leave only ops the host lowering to LLVM handles}}
  %s = complex.add %a, %a : complex<f32>
  return %s : complex<f32>
}

// -----

// Optimization barriers stay until the host lowering's last step
// (util-lower-optimization-barriers): they are not leftovers.
func.func @barrier(%m: memref<4xf32>) -> memref<4xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %b = util.optimization_barrier %m : memref<4xf32>
  return %b : memref<4xf32>
}
