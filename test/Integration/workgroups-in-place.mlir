// Tiles computed in place in a tied result whose capture the body also
// reads: each workgroup negates the other half of the capture into its own
// half. codegen-lower-workgroups makes the tile's empty tensor a slice of
// the loop's shared output, which is the capture itself; bufferization must
// still give the workgroups the capture's old values (it copies the
// capture, which the body reads and the function returns). The swapped,
// negated halves, then the capture unchanged, on both CPU backends, 1 and
// 2 threads.
// RUN: scope-opt --codegen-lower-workgroups %s | FileCheck %s --check-prefix=IR
// RUN: scope-run %s "--input=8xf32=1 2 3 4 5 6 7 8" | FileCheck %s
// RUN: scope-run %s "--input=8xf32=1 2 3 4 5 6 7 8" --host-backend=llvm-cpu --threads=1 | FileCheck %s
// RUN: scope-run %s "--input=8xf32=1 2 3 4 5 6 7 8" --host-backend=llvm-cpu --threads=2 | FileCheck %s
// RUN: scope-run %s "--input=8xf32=1 2 3 4 5 6 7 8" --host-backend=llvm-cpu-loops --threads=2 | FileCheck %s
// CHECK: 8xf32=-5 -6 -7 -8 -1 -2 -3 -4
// CHECK-NEXT: 8xf32=1 2 3 4 5 6 7 8

// IR: scf.forall (%{{.*}}) in (2) shared_outs(%[[O:.*]] = %{{.*}})
// IR: %[[S:.*]] = tensor.extract_slice %[[O]]
// IR: linalg.negf ins(%{{.*}} : tensor<4xf32>) outs(%[[S]] : tensor<4xf32>)

func.func @main(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c2 = arith.constant 2 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>)
      -> (%a) as (%o) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %other = arith.subi %c1, %i : index
    %src = arith.muli %other, %c4 : index
    %dst = arith.muli %i, %c4 : index
    %s = tensor.extract_slice %x[%src] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %t = linalg.negf ins(%s : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    codegen.store %t into %o[%dst] [4] [1] : tensor<4xf32> into tensor<8xf32>
  }
  return %r, %a : tensor<8xf32>, tensor<8xf32>
}
