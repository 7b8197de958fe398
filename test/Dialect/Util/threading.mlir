// Every scope pass gives the same output with and without multi-threading
// on a module of many functions, the function passes nested under func.func
// so that the pass manager runs them on the functions in parallel: the names,
// order and numbering of what they create do not depend on which thread got
// which function.
//
// RUN: scope-opt --pass-pipeline='builtin.module(func.func(util-capture-scope-values))' %s -o %t.0.threads
// RUN: scope-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(util-capture-scope-values))' %s -o %t.0.serial
// RUN: diff %t.0.threads %t.0.serial
// RUN: scope-opt --pass-pipeline='builtin.module(func.func(util-strip-scopes))' %s -o %t.1.threads
// RUN: scope-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(util-strip-scopes))' %s -o %t.1.serial
// RUN: diff %t.1.threads %t.1.serial
// RUN: scope-opt --pass-pipeline='builtin.module(util-outline-scopes{bufferization-safe=false})' %s -o %t.2.threads
// RUN: scope-opt --mlir-disable-threading --pass-pipeline='builtin.module(util-outline-scopes{bufferization-safe=false})' %s -o %t.2.serial
// RUN: diff %t.2.threads %t.2.serial
// RUN: scope-opt --pass-pipeline='builtin.module(func.func(util-induce-tied-operands))' %s -o %t.3.threads
// RUN: scope-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(util-induce-tied-operands))' %s -o %t.3.serial
// RUN: diff %t.3.threads %t.3.serial
// RUN: scope-opt --pass-pipeline='builtin.module(func.func(util-lower-annotations))' %s -o %t.4.threads
// RUN: scope-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(util-lower-annotations))' %s -o %t.4.serial
// RUN: diff %t.4.threads %t.4.serial
// RUN: scope-opt --pass-pipeline='builtin.module(func.func(util-trace-zones))' %s -o %t.5.threads
// RUN: scope-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(util-trace-zones))' %s -o %t.5.serial
// RUN: diff %t.5.threads %t.5.serial
// RUN: scope-opt --pass-pipeline='builtin.module(func.func(util-trace-zones),util-lower-trace-markers)' %s -o %t.6.threads
// RUN: scope-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(util-trace-zones),util-lower-trace-markers)' %s -o %t.6.serial
// RUN: diff %t.6.threads %t.6.serial
// RUN: scope-opt --pass-pipeline='builtin.module(func.func(util-lower-annotations),util-outline-scopes{bufferization-safe=false})' %s -o %t.7.threads
// RUN: scope-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(util-lower-annotations),util-outline-scopes{bufferization-safe=false})' %s -o %t.7.serial
// RUN: diff %t.7.threads %t.7.serial
// The outputs are not empty: outlining named every function's zone callee.
// RUN: FileCheck %s --input-file=%t.2.threads

// CHECK-LABEL: func.func @f0(
//       CHECK: func.func private @z0(
//       CHECK: func.func private @f0_scope_0(
// CHECK-LABEL: func.func @f1(
//       CHECK: func.func private @z1(
//       CHECK: func.func private @f1_scope_0(
// CHECK-LABEL: func.func @f2(
//       CHECK: func.func private @z2(
//       CHECK: func.func private @f2_scope_0(
// CHECK-LABEL: func.func @f3(
//       CHECK: func.func private @z3(
//       CHECK: func.func private @f3_scope_0(
// CHECK-LABEL: func.func @f4(
//       CHECK: func.func private @z4(
//       CHECK: func.func private @f4_scope_0(
// CHECK-LABEL: func.func @f5(
//       CHECK: func.func private @z5(
//       CHECK: func.func private @f5_scope_0(
// CHECK-LABEL: func.func @f6(
//       CHECK: func.func private @z6(
//       CHECK: func.func private @f6_scope_0(
// CHECK-LABEL: func.func @f7(
//       CHECK: func.func private @z7(
//       CHECK: func.func private @f7_scope_0(
// CHECK-LABEL: func.func @f8(
//       CHECK: func.func private @z8(
//       CHECK: func.func private @f8_scope_0(
// CHECK-LABEL: func.func @f9(
//       CHECK: func.func private @z9(
//       CHECK: func.func private @f9_scope_0(
// CHECK-LABEL: func.func @f10(
//       CHECK: func.func private @z10(
//       CHECK: func.func private @f10_scope_0(
// CHECK-LABEL: func.func @f11(
//       CHECK: func.func private @z11(
//       CHECK: func.func private @f11_scope_0(
// CHECK-LABEL: func.func @f12(
//       CHECK: func.func private @z12(
//       CHECK: func.func private @f12_scope_0(
// CHECK-LABEL: func.func @f13(
//       CHECK: func.func private @z13(
//       CHECK: func.func private @f13_scope_0(
// CHECK-LABEL: func.func @f14(
//       CHECK: func.func private @z14(
//       CHECK: func.func private @f14_scope_0(
// CHECK-LABEL: func.func @f15(
//       CHECK: func.func private @z15(
//       CHECK: func.func private @f15_scope_0(

func.func @f0(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z0">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f1(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z1">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f2(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z2">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f3(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z3">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f4(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z4">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f5(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z5">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f6(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z6">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f7(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z7">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f8(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z8">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f9(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z9">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f10(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z10">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f11(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z11">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f12(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z12">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f13(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z13">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f14(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z14">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}

func.func @f15(%t: tensor<?xf32>, %d: index, %x: f32) -> (tensor<?xf32>, f32) {
  %cst = arith.constant 1.0 : f32
  %s = util.scope [#util.zone<"z15">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    %c = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %c : tensor<?xf32>
  }
  %u = util.scope -> (f32) {
    %y = arith.addf %x, %cst : f32
    %v = util.scope [#util.zone<"inner">] -> (f32) {
      %w = arith.mulf %y, %x : f32
      util.return %w : f32
    }
    util.return %v : f32
  }
  %n = util.annotate [#util.zone<"note">] {
    %m = arith.subf %u, %cst : f32
    util.return %m : f32
  } : f32
  return %s, %n : tensor<?xf32>, f32
}
