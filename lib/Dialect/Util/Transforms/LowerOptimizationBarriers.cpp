//===- LowerOptimizationBarriers.cpp - Barriers to inline asm ---*- C++ -*-===//
//
// This file implements util-lower-optimization-barriers, which replaces each
// util.optimization_barrier, once its surroundings are in the LLVM dialect,
// by empty inline assembly blocks that pass every scalar of its operands
// through a register: LLVM cannot see through them.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace scopeir::util {
#define GEN_PASS_DEF_LOWEROPTIMIZATIONBARRIERSPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

/// Returns `value` passed through an empty inline assembly block, field by
/// field for LLVM structures and arrays (memref descriptors); failure for a
/// type that holds something else than integers, floats and pointers.
static FailureOr<Value> hide(OpBuilder &builder, Location loc, Value value) {
  Type type = value.getType();
  auto passThrough = [&](Value scalar) {
    return LLVM::InlineAsmOp::create(
               builder, loc, scalar.getType(), ValueRange{scalar},
               /*asm_string=*/"", /*constraints=*/"=r,0",
               /*has_side_effects=*/false, /*is_align_stack=*/false,
               LLVM::tailcallkind::TailCallKind::None,
               /*asm_dialect=*/LLVM::AsmDialectAttr(),
               /*operand_attrs=*/ArrayAttr())
        .getResult(0);
  };
  if (isa<LLVM::LLVMPointerType>(type))
    return passThrough(value);
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    if (width == 64)
      return passThrough(value);
    if (width > 64)
      return failure();
    // Narrow integers (i1 included) go through a full register, which every
    // target's `r` constraint accepts.
    Type i64 = builder.getI64Type();
    Value wide = LLVM::ZExtOp::create(builder, loc, i64, value);
    return LLVM::TruncOp::create(builder, loc, type, passThrough(wide))
        .getResult();
  }
  if (auto floatType = dyn_cast<FloatType>(type)) {
    Type bits = builder.getIntegerType(floatType.getWidth());
    Value asInt = LLVM::BitcastOp::create(builder, loc, bits, value);
    FailureOr<Value> hidden = hide(builder, loc, asInt);
    if (failed(hidden))
      return failure();
    return LLVM::BitcastOp::create(builder, loc, type, *hidden).getResult();
  }
  auto hideElements = [&](ArrayRef<Type> elementTypes) -> FailureOr<Value> {
    Value result = value;
    for (auto [i, elementType] : llvm::enumerate(elementTypes)) {
      Value element = LLVM::ExtractValueOp::create(builder, loc, value,
                                                   ArrayRef<int64_t>{(int64_t)i});
      FailureOr<Value> hidden = hide(builder, loc, element);
      if (failed(hidden))
        return failure();
      result = LLVM::InsertValueOp::create(builder, loc, result, *hidden,
                                           ArrayRef<int64_t>{(int64_t)i});
    }
    return result;
  };
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type))
    return hideElements(structType.getBody());
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return hideElements(SmallVector<Type>(array.getNumElements(),
                                          array.getElementType()));
  return failure();
}

namespace {

struct BarrierLowering
    : public ConvertOpToLLVMPattern<OptimizationBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> results;
    for (auto [original, converted] :
         llvm::zip_equal(op.getOperands(), adaptor.getOperands())) {
      FailureOr<Value> hidden = hide(rewriter, op.getLoc(), converted);
      if (failed(hidden))
        return rewriter.notifyMatchFailure(op, "unsupported operand type");
      results.push_back(*hidden);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct LowerOptimizationBarriersPass
    : public scopeir::util::impl::LowerOptimizationBarriersPassBase<
          LowerOptimizationBarriersPass> {
  void runOnOperation() override {
    SmallVector<OptimizationBarrierOp> barriers;
    getOperation()->walk(
        [&](OptimizationBarrierOp op) { barriers.push_back(op); });
    if (barriers.empty())
      return markAllAnalysesPreserved();
    LLVMTypeConverter converter(&getContext());
    // Every operand type must have an LLVM form the barrier can hide.
    for (OptimizationBarrierOp barrier : barriers)
      for (Type type : barrier.getOperandTypes()) {
        Type converted = converter.convertType(type);
        if (!converted || !isHideable(converted)) {
          barrier.emitOpError("cannot hide a value of type ")
              << type << " (supported: integers up to 64 bits, floats, "
              << "index, pointers and memrefs)";
          return signalPassFailure();
        }
      }
    RewritePatternSet patterns(&getContext());
    patterns.add<BarrierLowering>(converter);
    ConversionTarget target(getContext());
    target.addIllegalOp<OptimizationBarrierOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }

  /// Returns true if `type` (an LLVM type) holds only integers up to 64
  /// bits, floats and pointers.
  static bool isHideable(Type type) {
    if (isa<LLVM::LLVMPointerType>(type))
      return true;
    if (auto integer = dyn_cast<IntegerType>(type))
      return integer.getWidth() <= 64;
    if (auto floatType = dyn_cast<FloatType>(type))
      return floatType.getWidth() <= 64;
    if (auto structType = dyn_cast<LLVM::LLVMStructType>(type))
      return llvm::all_of(structType.getBody(), isHideable);
    if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
      return isHideable(array.getElementType());
    return false;
  }
};

} // namespace
