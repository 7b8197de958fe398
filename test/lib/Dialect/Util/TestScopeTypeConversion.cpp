//===- TestScopeTypeConversion.cpp - Test scope type conversion -----------===//
//
// This file implements the test-util-scope-type-conversion pass: a test type
// converter (complex<f32> -> f32, f32; tensor of i1 -> tensor of i8) driven
// through functions, calls, branches, scf ops and scopes.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Util/TestPasses.h"

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/TypeConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace scopeir::test {
#define GEN_PASS_DEF_TESTSCOPETYPECONVERSIONPASS
#include "Dialect/Util/TestPasses.h.inc"
} // namespace scopeir::test

using namespace mlir;
using namespace scopeir::util;

namespace {

/// Returns true for `complex<f32>`, the type this test splits in two.
static bool isSplitComplex(Type type) {
  auto complexType = dyn_cast<ComplexType>(type);
  return complexType && complexType.getElementType().isF32();
}

/// The test converter. Rules added last are tried first.
class TestTypeConverter : public TypeConverter {
public:
  TestTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](RankedTensorType type) -> std::optional<Type> {
      Type element = type.getElementType();
      if (element.isInteger(1))
        return type.clone(IntegerType::get(type.getContext(), 8));
      // Test-only: a rule that adds a dynamic dim.
      if (element.isInteger(2) &&
          type.getShape() == ArrayRef<int64_t>{ShapedType::kDynamic})
        return RankedTensorType::get(
            {ShapedType::kDynamic, ShapedType::kDynamic},
            IntegerType::get(type.getContext(), 8));
      return std::nullopt;
    });
    addConversion(
        [](ComplexType type,
           SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
          if (!isSplitComplex(type))
            return std::nullopt;
          results.append(2, type.getElementType());
          return success();
        });

    // Converted values back to the original type.
    addSourceMaterialization([](OpBuilder &builder, Type type,
                                ValueRange inputs, Location loc) -> Value {
      if (isSplitComplex(type) && inputs.size() == 2)
        return complex::CreateOp::create(builder, loc, type, inputs[0],
                                         inputs[1]);
      auto tensorType = dyn_cast<RankedTensorType>(type);
      if (tensorType && inputs.size() == 1 &&
          tensorType.getElementType().isInteger(1))
        return arith::TruncIOp::create(builder, loc, type, inputs[0]);
      return nullptr;
    });
    // Original values to the converted types.
    addTargetMaterialization([](OpBuilder &builder, TypeRange types,
                                ValueRange inputs,
                                Location loc) -> SmallVector<Value> {
      if (inputs.size() != 1)
        return {};
      Value input = inputs.front();
      if (isSplitComplex(input.getType()) && types.size() == 2)
        return {complex::ReOp::create(builder, loc, input),
                complex::ImOp::create(builder, loc, input)};
      auto tensorType = dyn_cast<RankedTensorType>(input.getType());
      if (tensorType && types.size() == 1 &&
          tensorType.getElementType().isInteger(1))
        return {arith::ExtUIOp::create(builder, loc, types.front(), input)};
      return {};
    });
  }
};

/// complex.create of split parts: the parts themselves.
struct ConvertCreate : OpConversionPattern<complex::CreateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(complex::CreateOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts;
    llvm::append_range(parts, adaptor.getReal());
    llvm::append_range(parts, adaptor.getImaginary());
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

/// complex.re / complex.im of a split value: one of its parts.
template <typename OpTy, unsigned Part>
struct ConvertPart : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op,
                  typename OpConversionPattern<OpTy>::OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange parts = adaptor.getComplex();
    if (parts.size() != 2)
      return rewriter.notifyMatchFailure(op, "operand is not split");
    rewriter.replaceOp(op, parts[Part]);
    return success();
  }
};

/// complex.add of split values: two arith.addf.
struct ConvertAdd : OpConversionPattern<complex::AddOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(complex::AddOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    if (lhs.size() != 2 || rhs.size() != 2)
      return rewriter.notifyMatchFailure(op, "operands are not split");
    Value re = arith::AddFOp::create(rewriter, op.getLoc(), lhs[0], rhs[0]);
    Value im = arith::AddFOp::create(rewriter, op.getLoc(), lhs[1], rhs[1]);
    rewriter.replaceOpWithMultiple(op, {SmallVector<Value>{re, im}});
    return success();
  }
};

/// Flattens 1:N converted operand groups.
static SmallVector<Value> flatten(ArrayRef<ValueRange> groups) {
  SmallVector<Value> values;
  for (ValueRange group : groups)
    llvm::append_range(values, group);
  return values;
}

/// cf.br with 1:N converted operands. (Upstream's branch conversion pattern
/// is 1:1 in MLIR 22.)
struct ConvertBranch : OpConversionPattern<cf::BranchOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cf::BranchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<cf::BranchOp>(
        op, op.getDest(), flatten(adaptor.getDestOperands()));
    return success();
  }
};

/// cf.cond_br with 1:N converted operands.
struct ConvertCondBranch : OpConversionPattern<cf::CondBranchOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cf::CondBranchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange condition = adaptor.getCondition();
    if (condition.size() != 1)
      return rewriter.notifyMatchFailure(op, "condition is not 1:1");
    rewriter.replaceOpWithNewOp<cf::CondBranchOp>(
        op, condition.front(), op.getTrueDest(),
        flatten(adaptor.getTrueDestOperands()), op.getFalseDest(),
        flatten(adaptor.getFalseDestOperands()));
    return success();
  }
};

struct TestScopeTypeConversionPass
    : scopeir::test::impl::TestScopeTypeConversionPassBase<
          TestScopeTypeConversionPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    TestTypeConverter converter;
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);

    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    patterns.add<ConvertBranch, ConvertCondBranch>(converter, ctx);
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp, cf::BranchOp,
                                 cf::CondBranchOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    // Ops without a pattern keep their types; their operands are
    // materialized back.
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    populateScopeTypeConversionPatterns(converter, patterns, target);

    patterns.add<ConvertCreate, ConvertAdd, ConvertPart<complex::ReOp, 0>,
                 ConvertPart<complex::ImOp, 1>>(converter, ctx);
    target.addDynamicallyLegalOp<complex::CreateOp, complex::AddOp,
                                 complex::ReOp, complex::ImOp>(
        [&](Operation *op) { return converter.isLegal(op); });

    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
