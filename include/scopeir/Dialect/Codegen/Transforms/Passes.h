//===- Passes.h - codegen dialect passes ------------------------*- C++ -*-===//
//
// This file declares the codegen dialect's passes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_PASSES_H
#define SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_PASSES_H

#include "scopeir/Dialect/Codegen/IR/CodegenDialect.h"
#include "scopeir/Dialect/Flow/IR/FlowDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace scopeir::codegen {

#define GEN_PASS_DECL
#include "scopeir/Dialect/Codegen/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Dialect/Codegen/Transforms/Passes.h.inc"

} // namespace scopeir::codegen

#endif // SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_PASSES_H
