// Float arith and math ops on ranked tensors (convert-elementwise-to-linalg):
// every backend, both granularities, dynamic and static shapes, a scalar
// splat mixed in. Half of the ops are placed on llvm-cpu. Expected values
// are computed by hand (printed with 6 significant digits).
// RUN: scope-run %s --function=floats --input="2x3xf32=1 -2 0.5 4 -0.25 9" --input=f32=2 | FileCheck %s
// RUN: scope-run %s --function=floats --input="2x3xf32=1 -2 0.5 4 -0.25 9" --input=f32=2 --host-backend=llvm-cpu | FileCheck %s
// RUN: scope-run %s --function=floats --input="2x3xf32=1 -2 0.5 4 -0.25 9" --input=f32=2 --dispatch=false | FileCheck %s
// RUN: scope-run %s --function=floats --input="2x3xf32=1 -2 0.5 4 -0.25 9" --input=f32=2 --dispatch=false --host-backend=llvm-cpu --threads=2 | FileCheck %s
// RUN: scope-run %s --function=floats_static --input="2x3xf32=1 -2 0.5 4 -0.25 9" --input=f32=2 | FileCheck %s
// RUN: scope-run %s --function=floats_static --input="2x3xf32=1 -2 0.5 4 -0.25 9" --input=f32=2 --host-backend=llvm-cpu | FileCheck %s

// a + s, a * s, a / s, -a, max(a, 0), a < 0
// CHECK:      2x3xf32=[3 0 2.5][6 1.75 11]
// CHECK-NEXT: 2x3xf32=[2 -4 1][8 -0.5 18]
// CHECK-NEXT: 2x3xf32=[0.5 -1 0.25][2 -0.125 4.5]
// CHECK-NEXT: 2x3xf32=[-1 2 -0.5][-4 0.25 -9]
// CHECK-NEXT: 2x3xf32=[1 0 0.5][4 0 9]
// CHECK-NEXT: 2x3xi1=[0 1 0][0 1 0]
// |a|, sqrt(|a|), exp(0) * a, floor(a), ceil(a), fma(a, s, a) = 3a
// CHECK-NEXT: 2x3xf32=[1 2 0.5][4 0.25 9]
// CHECK-NEXT: 2x3xf32=[1 1.41421 0.707107][2 0.5 3]
// CHECK-NEXT: 2x3xf32=[1 -2 0.5][4 -0.25 9]
// CHECK-NEXT: 2x3xf32=[1 -2 0][4 -1 9]
// CHECK-NEXT: 2x3xf32=[1 -2 1][4 -0 9]
// CHECK-NEXT: 2x3xf32=[3 -6 1.5][12 -0.75 27]
// tanh(a), log(|a|), a^s (powf), fptosi(a * s), sitofp back
// CHECK-NEXT: 2x3xf32=[0.761594 -0.964028 0.462117][0.999329 -0.244919 1]
// CHECK-NEXT: 2x3xf32=[0 0.693147 -0.693147][1.38629 -1.38629 2.19722]
// CHECK-NEXT: 2x3xf32=[1 4 0.25][16 0.0625 81]
// CHECK-NEXT: 2x3xi32=[2 -4 1][8 0 18]
// CHECK-NEXT: 2x3xf64=[2 -4 1][8 0 18]

func.func @floats(%a: tensor<?x3xf32>, %s: f32)
    -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>,
        tensor<?x3xf32>, tensor<?x3xi1>, tensor<?x3xf32>, tensor<?x3xf32>,
        tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>,
        tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xi32>,
        tensor<?x3xf64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x3xf32>
  %zero = arith.constant 0.0 : f32
  %sv = tensor.splat %s[%n] : tensor<?x3xf32>
  %zv = tensor.splat %zero[%n] : tensor<?x3xf32>
  %add = arith.addf %a, %sv : tensor<?x3xf32>
  %mul = arith.mulf %a, %sv : tensor<?x3xf32>
  %div, %neg, %relu, %lt = util.annotate [#hal.device.target<"llvm-cpu">] {
    %0 = arith.divf %a, %sv : tensor<?x3xf32>
    %1 = arith.negf %a : tensor<?x3xf32>
    %2 = arith.maximumf %a, %zv : tensor<?x3xf32>
    %3 = arith.cmpf olt, %a, %zv : tensor<?x3xf32>
    util.return %0, %1, %2, %3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xi1>
  } : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xi1>
  %abs = math.absf %a : tensor<?x3xf32>
  %sqrt = math.sqrt %abs : tensor<?x3xf32>
  %e0 = math.exp %zv : tensor<?x3xf32>
  %e0a = arith.mulf %e0, %a : tensor<?x3xf32>
  %floor, %ceil, %fma = util.annotate [#hal.device.target<"llvm-cpu">] {
    %0 = math.floor %a : tensor<?x3xf32>
    %1 = math.ceil %a : tensor<?x3xf32>
    %2 = math.fma %a, %sv, %a : tensor<?x3xf32>
    util.return %0, %1, %2 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
  } : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
  %tanh = math.tanh %a : tensor<?x3xf32>
  %log, %pow = util.annotate [#hal.device.target<"llvm-cpu">] {
    %0 = math.log %abs : tensor<?x3xf32>
    %1 = math.powf %a, %sv : tensor<?x3xf32>
    util.return %0, %1 : tensor<?x3xf32>, tensor<?x3xf32>
  } : tensor<?x3xf32>, tensor<?x3xf32>
  %toi = arith.fptosi %mul : tensor<?x3xf32> to tensor<?x3xi32>
  %tof = arith.sitofp %toi : tensor<?x3xi32> to tensor<?x3xf64>
  return %add, %mul, %div, %neg, %relu, %lt, %abs, %sqrt, %e0a, %floor, %ceil,
         %fma, %tanh, %log, %pow, %toi, %tof
      : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>,
        tensor<?x3xf32>, tensor<?x3xi1>, tensor<?x3xf32>, tensor<?x3xf32>,
        tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>,
        tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xi32>,
        tensor<?x3xf64>
}

// The same on static shapes, written directly (no call: the static types
// reach the backends).
func.func @floats_static(%a: tensor<2x3xf32>, %s: f32)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>,
        tensor<2x3xf64>) {
  %zero = arith.constant 0.0 : f32
  %sv = tensor.splat %s : tensor<2x3xf32>
  %zv = tensor.splat %zero : tensor<2x3xf32>
  %add = arith.addf %a, %sv : tensor<2x3xf32>
  %mul = arith.mulf %a, %sv : tensor<2x3xf32>
  %div, %neg, %relu, %lt = util.annotate [#hal.device.target<"llvm-cpu">] {
    %0 = arith.divf %a, %sv : tensor<2x3xf32>
    %1 = arith.negf %a : tensor<2x3xf32>
    %2 = arith.maximumf %a, %zv : tensor<2x3xf32>
    %3 = arith.cmpf olt, %a, %zv : tensor<2x3xf32>
    util.return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>
  } : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>
  %abs = math.absf %a : tensor<2x3xf32>
  %sqrt = math.sqrt %abs : tensor<2x3xf32>
  %e0 = math.exp %zv : tensor<2x3xf32>
  %e0a = arith.mulf %e0, %a : tensor<2x3xf32>
  %floor, %ceil, %fma = util.annotate [#hal.device.target<"llvm-cpu">] {
    %0 = math.floor %a : tensor<2x3xf32>
    %1 = math.ceil %a : tensor<2x3xf32>
    %2 = math.fma %a, %sv, %a : tensor<2x3xf32>
    util.return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  } : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  %tanh = math.tanh %a : tensor<2x3xf32>
  %log, %pow = util.annotate [#hal.device.target<"llvm-cpu">] {
    %0 = math.log %abs : tensor<2x3xf32>
    %1 = math.powf %a, %sv : tensor<2x3xf32>
    util.return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
  } : tensor<2x3xf32>, tensor<2x3xf32>
  %toi = arith.fptosi %mul : tensor<2x3xf32> to tensor<2x3xi32>
  %tof = arith.sitofp %toi : tensor<2x3xi32> to tensor<2x3xf64>
  return %add, %mul, %div, %neg, %relu, %lt, %abs, %sqrt, %e0a, %floor, %ceil,
         %fma, %tanh, %log, %pow, %toi, %tof
      : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>,
        tensor<2x3xf64>
}
