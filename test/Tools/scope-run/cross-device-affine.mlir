// A function placed on another device whose body holds an affine op is
// inlined into the scope wrapped around its call: the pipeline lowers the
// input's affine ops first, since upstream inlines an affine op only into a
// function or affine loop. (Reduced from differential seed 2129: the call
// stayed, and util-lower-annotations failed with "'util.annotate' op result
// #0: cannot compute dynamic dimension #0 above the scope".)
// RUN: scope-run %s --input=3xf32=1,2,3 | FileCheck %s
// RUN: scope-run %s --dispatch=false --input=3xf32=1,2,3 | FileCheck %s
// CHECK: 5xf32=0 0 2 4 6

#map = affine_map<()[s0] -> (s0 + 2)>
func.func private @helper(%x: tensor<?xf32>) -> tensor<?xf32> attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %n = affine.apply #map()[%d]
  %p = tensor.pad %x low[2] high[0] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<?xf32> to tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.add ins(%p, %p : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = call @helper(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
