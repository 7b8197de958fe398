// llvm-cpu computes f32 exp and tanh by polynomial approximations on
// vectors (llvm-cpu-approximate-math), not by libm calls per lane; the
// values stay within a few ulp of llvm-cpu-loops' (libm): exp within 1 ulp
// of the correctly rounded value, tanh within 5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %s --function=activations --host-backend=llvm-cpu --emit-llvm | FileCheck %s --check-prefix=IR
// IR-NOT: call {{.*}}@expf
// IR-NOT: call {{.*}}@tanhf
// IR-NOT: @llvm.exp.
// IR: define
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 8 1000 --seed 7
// RUN: scope-run %s --function=activations --host-backend=llvm-cpu --input=@%t/x.npy > %t/vec.txt
// RUN: scope-run %s --function=activations --host-backend=llvm-cpu-loops --input=@%t/x.npy > %t/loops.txt
// (The printed values carry 6 significant digits: a 1-ulp difference can
// change the last.)
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/vec.txt %t/loops.txt

#id = affine_map<(d0, d1) -> (d0, d1)>
// SiLU (x * sigmoid(x), EfficientNet's activation) and tanh.
func.func @activations(%x: tensor<8x1000xf32>) -> (tensor<8x1000xf32>, tensor<8x1000xf32>) {
  %e = tensor.empty() : tensor<8x1000xf32>
  %silu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x1000xf32>) outs(%e : tensor<8x1000xf32>) {
  ^bb0(%in: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %in, %d : f32
    linalg.yield %s : f32
  } -> tensor<8x1000xf32>
  %t = math.tanh %x : tensor<8x1000xf32>
  return %silu, %t : tensor<8x1000xf32>, tensor<8x1000xf32>
}
