//===- ScopeTypeConversion.cpp - Structural type conversion of scopes -----===//
//
// This file implements the dialect-conversion patterns that rewrite scope ops
// (any ScopeOpInterface op, through its interfaces) and util.return when a
// TypeConverter changes the types flowing through them (1:1 and 1:N).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Transforms/TypeConversion.h"

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace scopeir::util;

namespace {

/// Returns the dims a converted value uses in place of `original`'s dims, or
/// failure if the converted type has a different number of dynamic dims.
/// Dims stay `index`: when the converter also rewrote an `index` dim value,
/// the original one is kept.
static LogicalResult checkConvertedDims(Operation *op, StringRef what,
                                        unsigned index, Type original,
                                        TypeRange converted) {
  unsigned expected = getNumDynamicDims(original);
  for (Type type : converted) {
    if (getNumDynamicDims(type) == expected)
      continue;
    return op->emitError("type conversion of ")
           << what << " #" << index << " from " << original << " to " << type
           << " changes its number of dynamic dims from " << expected << " to "
           << getNumDynamicDims(type) << "; scope dims cannot be converted";
  }
  return success();
}

/// Moves `op`'s body into `newOp`, converts the block signatures (the entry
/// block's through `entryConversion`) and replaces `op` by `newOp`'s results,
/// grouped per original result by `resultSlices` (begin, size).
static LogicalResult
moveBodyAndReplace(Operation *op, Operation *newOp,
                   TypeConverter::SignatureConversion &entryConversion,
                   ArrayRef<std::pair<unsigned, unsigned>> resultSlices,
                   const TypeConverter &converter,
                   ConversionPatternRewriter &rewriter) {
  Region &newBody = newOp->getRegion(0);
  rewriter.inlineRegionBefore(op->getRegion(0), newBody, newBody.begin());
  if (failed(rewriter.convertRegionTypes(&newBody, converter,
                                         &entryConversion)))
    return rewriter.notifyMatchFailure(op, "cannot convert the body");

  SmallVector<SmallVector<Value>> replacements;
  for (auto [begin, size] : resultSlices)
    replacements.push_back(
        llvm::to_vector_of<Value>(newOp->getResults().slice(begin, size)));
  rewriter.replaceOpWithMultiple(op, std::move(replacements));
  return success();
}

//===----------------------------------------------------------------------===//
// Scope ops
//===----------------------------------------------------------------------===//

/// Converts any ScopeOpInterface op through its interfaces: the explicit
/// captures of a closure (ClosureOpInterface), its ties (TiedOpInterface)
/// and its dims (ShapeAwareOpInterface), its results and its body. The
/// replacement is a copy of the op (same name, properties and attributes)
/// whose captures, dims, ties and result types are then set through the
/// interfaces, so a new scope op converts without a pattern of its own.
struct ConvertScopeOpTypes
    : public OpInterfaceConversionPattern<ScopeOpInterface> {
  using OpInterfaceConversionPattern::OpInterfaceConversionPattern;

  LogicalResult
  matchAndRewrite(ScopeOpInterface scope, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *op = scope;
    const TypeConverter *converter = getTypeConverter();
    auto closure = dyn_cast<ClosureOpInterface>(op);
    auto tied = dyn_cast<TiedOpInterface>(op);
    auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op);
    if (!closure && !scope.getExplicitCaptures().empty())
      return rewriter.notifyMatchFailure(op, "captures but is no closure");
    OperandRange captures =
        closure ? closure.getClosureOperands() : scope.getExplicitCaptures();
    // (The begin index of an empty range is not defined.)
    unsigned firstCapture =
        captures.empty() ? 0 : captures.getBeginOperandIndex();
    // Every other operand must be a dim, which stays `index`: a dim the
    // converter kept a single `index` is taken converted, any other as it
    // was.
    llvm::SmallDenseMap<Value, Value> convertedDims;
    for (OpOperand &operand : op->getOpOperands()) {
      unsigned number = operand.getOperandNumber();
      if (number >= firstCapture && number < firstCapture + captures.size())
        continue;
      if (!operand.get().getType().isIndex())
        return rewriter.notifyMatchFailure(
            op, "has an operand that is neither a capture nor a dim");
      ValueRange converted = operands[number];
      if (converted.size() == 1 && converted.front().getType().isIndex())
        convertedDims.try_emplace(operand.get(), converted.front());
    }
    auto mapDims = [&](ValueRange dims) {
      SmallVector<Value> mapped;
      for (Value dim : dims)
        mapped.push_back(convertedDims.lookup(dim) ? convertedDims.lookup(dim)
                                                   : dim);
      return mapped;
    };

    // Captures: each original capture becomes the values the adaptor holds
    // for it; each converted value reuses the original's dims.
    TypeConverter::SignatureConversion entryConversion(captures.size());
    SmallVector<Value> newCaptures, newCaptureDims;
    SmallVector<unsigned> firstNewCapture;
    for (auto [i, capture] : llvm::enumerate(captures)) {
      ValueRange converted = operands[firstCapture + i];
      SmallVector<Type> types(converted.getTypes());
      if (failed(
              checkConvertedDims(op, "capture", i, capture.getType(), types)))
        return failure();
      SmallVector<Value> dims;
      if (shapeAware)
        dims = mapDims(shapeAware.getOperandDynamicDims(firstCapture + i));
      firstNewCapture.push_back(newCaptures.size());
      entryConversion.addInputs(i, types);
      llvm::append_range(newCaptures, converted);
      for (size_t k = 0, e = converted.size(); k < e; ++k)
        llvm::append_range(newCaptureDims, dims);
    }

    // Results: a tied result ties its N converted results pairwise to the N
    // converted captures; an untied one repeats its dims for each piece.
    SmallVector<Type> newResultTypes;
    SmallVector<Value> newResultDims;
    SmallVector<int64_t> newTies;
    SmallVector<std::pair<unsigned, unsigned>> resultSlices;
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      SmallVector<Type> types;
      if (failed(converter->convertType(result.getType(), types)))
        return rewriter.notifyMatchFailure(op, "cannot convert a result type");
      resultSlices.emplace_back(newResultTypes.size(), types.size());
      std::optional<unsigned> tie;
      if (tied)
        tie = tied.getTiedResultOperandIndex(i);
      if (tie) {
        ValueRange tiedCapture = operands[firstCapture + *tie];
        if (TypeRange(tiedCapture.getTypes()) != TypeRange(types))
          return rewriter.notifyMatchFailure(
              op, "tied result converts differently from its capture");
        for (size_t k = 0, e = types.size(); k < e; ++k)
          newTies.push_back(firstNewCapture[*tie] + k);
        llvm::append_range(newResultTypes, types);
        continue;
      }
      if (failed(checkConvertedDims(op, "result", i, result.getType(), types)))
        return failure();
      SmallVector<Value> dims;
      if (shapeAware)
        dims = mapDims(shapeAware.getResultDynamicDims(i));
      for (size_t k = 0, e = types.size(); k < e; ++k) {
        newTies.push_back(TiedOpInterface::kUntied);
        llvm::append_range(newResultDims, dims);
      }
      llvm::append_range(newResultTypes, types);
    }

    // A copy of the op with the new result types and an empty body; its
    // operands, dims and ties are then set through the interfaces.
    Operation *newOp = Operation::create(
        op->getLoc(), op->getName(), newResultTypes, op->getOperands(),
        op->getDiscardableAttrDictionary(), op->getPropertiesStorage(),
        /*successors=*/{}, op->getNumRegions());
    rewriter.insert(newOp);
    if (closure)
      cast<ClosureOpInterface>(newOp).getClosureOperandsMutable().assign(
          newCaptures);
    if (shapeAware) {
      auto newShapeAware = cast<ShapeAwareOpInterface>(newOp);
      newShapeAware.setAllOperandDynamicDims(newCaptureDims);
      newShapeAware.setAllResultDynamicDims(newResultDims);
    }
    if (tied)
      cast<TiedOpInterface>(newOp).setTiedResultIndices(newTies);

    // Move the body, then convert the entry block with the capture mapping
    // and every other block with the converter.
    return moveBodyAndReplace(op, newOp, entryConversion, resultSlices,
                              *converter, rewriter);
  }
};

//===----------------------------------------------------------------------===//
// util.return
//===----------------------------------------------------------------------===//

struct ConvertReturnOp : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands;
    for (ValueRange converted : adaptor.getOperands())
      llvm::append_range(operands, converted);
    rewriter.replaceOpWithNewOp<ReturnOp>(op, operands);
    return success();
  }
};

} // namespace

void scopeir::util::populateScopeTypeConversionPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertScopeOpTypes, ConvertReturnOp>(typeConverter, context);
  // Every scope op the context knows: ConversionTarget has no legality by
  // interface.
  for (RegisteredOperationName name : context->getRegisteredOperations()) {
    if (!name.hasInterface<ScopeOpInterface>())
      continue;
    target.addDynamicallyLegalOp(name, [&typeConverter](Operation *op) {
      return typeConverter.isLegal(op) &&
             typeConverter.isLegal(&op->getRegion(0));
    });
  }
  target.addDynamicallyLegalOp<ReturnOp>(
      [&typeConverter](ReturnOp op) { return typeConverter.isLegal(op); });
}
