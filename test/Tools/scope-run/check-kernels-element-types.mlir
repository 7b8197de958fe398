// --check-kernels compares results of every element type scope-run
// exchanges. Per type, copy_<t> of the test kernel library copies its
// argument (as its decomposition does) and copy_wrong_<t> flips one bit of
// element 0: the lowest exponent bit of a float (-2.5 becomes -5), bit 0 of
// an integer (-3 becomes -4, an i1 1 becomes 0). The mismatches show that
// each type's elements are read as their values (f16 and bf16 decoded,
// integers signed); the right copies show equal infinities matching.
// DEFINE: %{lib} = %scopeir_obj_root/lib/libscopeir_test_kernels%shlibext
// DEFINE: %{ints} = --input="3xi1=1 0 1" --input="3xi8=-3 127 0" --input="3xi16=-3 32767 0" --input="3xi32=-3 7 0" --input="3xi64=-3 7 0"
// DEFINE: %{floats} = --input="3xf16=-2.5 inf 1" --input="3xbf16=-2.5 inf 1" --input="3xf32=-2.5 inf 1" --input="3xf64=-2.5 inf 1"
// RUN: %expect_exit 1 scope-run %s --function=copies %{ints} %{floats} --kernel-library=%{lib} --require-kernels --check-kernels 2>&1 >/dev/null | FileCheck %s
// CHECK:      kernel check (rtol 1.000000e-04, atol 1.000000e-05):
// CHECK-NEXT:   copy_bf16: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_f16: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_f32: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_f64: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_i1: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_i16: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_i32: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_i64: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_i8: 1 call, max abs diff 0, max rel diff 0, ok
// CHECK-NEXT:   copy_wrong_bf16: 1 call, max abs diff 2.5, max rel diff 1, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel -5, decomposition -2.5
// CHECK-NEXT:   copy_wrong_f16: 1 call, max abs diff 2.5, max rel diff 1, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel -5, decomposition -2.5
// CHECK-NEXT:   copy_wrong_f32: 1 call, max abs diff 2.5, max rel diff 1, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel -5, decomposition -2.5
// CHECK-NEXT:   copy_wrong_f64: 1 call, max abs diff 2.5, max rel diff 1, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel -5, decomposition -2.5
// CHECK-NEXT:   copy_wrong_i1: 1 call, max abs diff 1, max rel diff 1, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel 0, decomposition 1
// CHECK-NEXT:   copy_wrong_i16: 1 call, max abs diff 1, max rel diff 0.333, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel -4, decomposition -3
// CHECK-NEXT:   copy_wrong_i32: 1 call, max abs diff 1, max rel diff 0.333, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel -4, decomposition -3
// CHECK-NEXT:   copy_wrong_i64: 1 call, max abs diff 1, max rel diff 0.333, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel -4, decomposition -3
// CHECK-NEXT:   copy_wrong_i8: 1 call, max abs diff 1, max rel diff 0.333, MISMATCH in 1 call; first: call 1, result #0 at [0]: kernel -4, decomposition -3
// CHECK-NEXT: scope-run: a kernel's results differ from its decomposition's (--check-kernels)

func.func @copies(%i1: tensor<3xi1>, %i8: tensor<3xi8>, %i16: tensor<3xi16>, %i32: tensor<3xi32>, %i64: tensor<3xi64>, %f16: tensor<3xf16>, %bf16: tensor<3xbf16>, %f32: tensor<3xf32>, %f64: tensor<3xf64>) -> (tensor<3xi1>, tensor<3xi8>, tensor<3xi16>, tensor<3xi32>, tensor<3xi64>, tensor<3xf16>, tensor<3xbf16>, tensor<3xf32>, tensor<3xf64>, tensor<3xi1>, tensor<3xi8>, tensor<3xi16>, tensor<3xi32>, tensor<3xi64>, tensor<3xf16>, tensor<3xbf16>, tensor<3xf32>, tensor<3xf64>) {
  %copy_i1 = util.scope [#hal.extern<"copy_i1">] (%i1 as %a: tensor<3xi1>) -> (tensor<3xi1>) {
    util.return %a : tensor<3xi1>
  }
  %copy_i8 = util.scope [#hal.extern<"copy_i8">] (%i8 as %a: tensor<3xi8>) -> (tensor<3xi8>) {
    util.return %a : tensor<3xi8>
  }
  %copy_i16 = util.scope [#hal.extern<"copy_i16">] (%i16 as %a: tensor<3xi16>) -> (tensor<3xi16>) {
    util.return %a : tensor<3xi16>
  }
  %copy_i32 = util.scope [#hal.extern<"copy_i32">] (%i32 as %a: tensor<3xi32>) -> (tensor<3xi32>) {
    util.return %a : tensor<3xi32>
  }
  %copy_i64 = util.scope [#hal.extern<"copy_i64">] (%i64 as %a: tensor<3xi64>) -> (tensor<3xi64>) {
    util.return %a : tensor<3xi64>
  }
  %copy_f16 = util.scope [#hal.extern<"copy_f16">] (%f16 as %a: tensor<3xf16>) -> (tensor<3xf16>) {
    util.return %a : tensor<3xf16>
  }
  %copy_bf16 = util.scope [#hal.extern<"copy_bf16">] (%bf16 as %a: tensor<3xbf16>) -> (tensor<3xbf16>) {
    util.return %a : tensor<3xbf16>
  }
  %copy_f32 = util.scope [#hal.extern<"copy_f32">] (%f32 as %a: tensor<3xf32>) -> (tensor<3xf32>) {
    util.return %a : tensor<3xf32>
  }
  %copy_f64 = util.scope [#hal.extern<"copy_f64">] (%f64 as %a: tensor<3xf64>) -> (tensor<3xf64>) {
    util.return %a : tensor<3xf64>
  }
  %copy_wrong_i1 = util.scope [#hal.extern<"copy_wrong_i1">] (%i1 as %a: tensor<3xi1>) -> (tensor<3xi1>) {
    util.return %a : tensor<3xi1>
  }
  %copy_wrong_i8 = util.scope [#hal.extern<"copy_wrong_i8">] (%i8 as %a: tensor<3xi8>) -> (tensor<3xi8>) {
    util.return %a : tensor<3xi8>
  }
  %copy_wrong_i16 = util.scope [#hal.extern<"copy_wrong_i16">] (%i16 as %a: tensor<3xi16>) -> (tensor<3xi16>) {
    util.return %a : tensor<3xi16>
  }
  %copy_wrong_i32 = util.scope [#hal.extern<"copy_wrong_i32">] (%i32 as %a: tensor<3xi32>) -> (tensor<3xi32>) {
    util.return %a : tensor<3xi32>
  }
  %copy_wrong_i64 = util.scope [#hal.extern<"copy_wrong_i64">] (%i64 as %a: tensor<3xi64>) -> (tensor<3xi64>) {
    util.return %a : tensor<3xi64>
  }
  %copy_wrong_f16 = util.scope [#hal.extern<"copy_wrong_f16">] (%f16 as %a: tensor<3xf16>) -> (tensor<3xf16>) {
    util.return %a : tensor<3xf16>
  }
  %copy_wrong_bf16 = util.scope [#hal.extern<"copy_wrong_bf16">] (%bf16 as %a: tensor<3xbf16>) -> (tensor<3xbf16>) {
    util.return %a : tensor<3xbf16>
  }
  %copy_wrong_f32 = util.scope [#hal.extern<"copy_wrong_f32">] (%f32 as %a: tensor<3xf32>) -> (tensor<3xf32>) {
    util.return %a : tensor<3xf32>
  }
  %copy_wrong_f64 = util.scope [#hal.extern<"copy_wrong_f64">] (%f64 as %a: tensor<3xf64>) -> (tensor<3xf64>) {
    util.return %a : tensor<3xf64>
  }
  return %copy_i1, %copy_i8, %copy_i16, %copy_i32, %copy_i64, %copy_f16, %copy_bf16, %copy_f32, %copy_f64, %copy_wrong_i1, %copy_wrong_i8, %copy_wrong_i16, %copy_wrong_i32, %copy_wrong_i64, %copy_wrong_f16, %copy_wrong_bf16, %copy_wrong_f32, %copy_wrong_f64 : tensor<3xi1>, tensor<3xi8>, tensor<3xi16>, tensor<3xi32>, tensor<3xi64>, tensor<3xf16>, tensor<3xbf16>, tensor<3xf32>, tensor<3xf64>, tensor<3xi1>, tensor<3xi8>, tensor<3xi16>, tensor<3xi32>, tensor<3xi64>, tensor<3xf16>, tensor<3xbf16>, tensor<3xf32>, tensor<3xf64>
}
