// RUN: scope-opt --split-input-file --llvm-cpu-approximate-math %s | FileCheck %s
// RUN: scope-opt --split-input-file --llvm-cpu-approximate-math="functions=tanh" %s | FileCheck %s --check-prefix=TANH

// f32 exp, tanh and erf, scalar or vector, become arithmetic (no math call
// LLVM would turn into a libm call per lane); f64 stays.
// CHECK-LABEL: func.func @f32_math
//   CHECK-NOT:   math.exp
//   CHECK-NOT:   math.tanh
//   CHECK-NOT:   math.erf
//       CHECK:   arith.mulf {{.+}} : vector<16xf32>
//       CHECK:   return
// TANH-LABEL:  func.func @f32_math
//       TANH:    math.exp {{.+}} : vector<16xf32>
//   TANH-NOT:    math.tanh
//       TANH:    math.erf {{.+}} : f32
func.func @f32_math(%v: vector<16xf32>, %s: f32) -> (vector<16xf32>, vector<16xf32>, f32) {
  %a = math.exp %v : vector<16xf32>
  %b = math.tanh %v : vector<16xf32>
  %c = math.erf %s : f32
  return %a, %b, %c : vector<16xf32>, vector<16xf32>, f32
}

// -----

// CHECK-LABEL: func.func @f64_math
//       CHECK:   math.exp {{.+}} : vector<4xf64>
func.func @f64_math(%v: vector<4xf64>) -> vector<4xf64> {
  %a = math.exp %v : vector<4xf64>
  return %a : vector<4xf64>
}

// -----

// Math on tensors (the pass run before bufferization) stays as it is: the
// approximations are scalar and vector arithmetic.
// CHECK-LABEL: func.func @on_tensors
// CHECK-NEXT: math.exp %{{.*}} : tensor<4xf32>
// CHECK-NEXT: math.tanh %{{.*}} : tensor<4xf32>
// CHECK-NEXT: return
// TANH-LABEL: func.func @on_tensors
// TANH: math.tanh %{{.*}} : tensor<4xf32>
func.func @on_tensors(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = math.exp %x : tensor<4xf32>
  %t = math.tanh %x : tensor<4xf32>
  return %e, %t : tensor<4xf32>, tensor<4xf32>
}
