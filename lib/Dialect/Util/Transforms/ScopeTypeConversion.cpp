//===- ScopeTypeConversion.cpp - Structural type conversion of scopes -----===//
//
// This file implements the dialect-conversion patterns that rewrite
// util.scope, util.annotate and util.return when a TypeConverter changes the
// types flowing through them (1:1 and 1:N).
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

/// Picks the `index` values standing for `original` dims: the converted value
/// when the converter kept it a single `index`, the original value otherwise.
static SmallVector<Value> keepIndexDims(OperandRange original,
                                        ArrayRef<ValueRange> converted) {
  SmallVector<Value> dims;
  for (auto [orig, conv] : llvm::zip_equal(original, converted)) {
    if (conv.size() == 1 && conv.front().getType().isIndex())
      dims.push_back(conv.front());
    else
      dims.push_back(orig);
  }
  return dims;
}

/// Moves `op`'s body into `newOp` (dropping the placeholder entry block a
/// builder may have made), converts the block signatures (the entry block's
/// through `entryConversion`) and replaces `op` by `newOp`'s results, grouped
/// per original result by `resultSlices` (begin, size).
static LogicalResult
moveBodyAndReplace(Operation *op, Operation *newOp,
                   TypeConverter::SignatureConversion &entryConversion,
                   ArrayRef<std::pair<unsigned, unsigned>> resultSlices,
                   const TypeConverter &converter,
                   ConversionPatternRewriter &rewriter) {
  Region &newBody = newOp->getRegion(0);
  Block *placeholder = newBody.empty() ? nullptr : &newBody.front();
  rewriter.inlineRegionBefore(op->getRegion(0), newBody, newBody.begin());
  if (placeholder)
    rewriter.eraseBlock(placeholder);
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
// util.scope
//===----------------------------------------------------------------------===//

struct ConvertScopeOp : OpConversionPattern<ScopeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScopeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *converter = getTypeConverter();
    SmallVector<Value> captureDims =
        keepIndexDims(op.getCaptureDims(), adaptor.getCaptureDims());
    SmallVector<Value> resultDims =
        keepIndexDims(op.getResultDims(), adaptor.getResultDims());

    // Captures: each original capture becomes the values the adaptor holds
    // for it; each converted value reuses the original's dims.
    unsigned numCaptures = op.getCaptures().size();
    TypeConverter::SignatureConversion entryConversion(numCaptures);
    SmallVector<Value> newCaptures, newCaptureDims;
    SmallVector<unsigned> firstNewCapture;
    unsigned dimOffset = 0;
    for (auto [i, capture] : llvm::enumerate(op.getCaptures())) {
      ValueRange converted = adaptor.getCaptures()[i];
      SmallVector<Type> types(converted.getTypes());
      if (failed(
              checkConvertedDims(op, "capture", i, capture.getType(), types)))
        return failure();
      unsigned numDims = getNumDynamicDims(capture.getType());
      ArrayRef<Value> dims = ArrayRef(captureDims).slice(dimOffset, numDims);
      dimOffset += numDims;
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
    SmallVector<int64_t> ties = op.getTiedResultIndices();
    dimOffset = 0;
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      SmallVector<Type> types;
      if (failed(converter->convertType(result.getType(), types)))
        return rewriter.notifyMatchFailure(op, "cannot convert a result type");
      resultSlices.emplace_back(newResultTypes.size(), types.size());
      int64_t tie = ties[i];
      if (tie != TiedOpInterface::kUntied) {
        ValueRange tiedCapture = adaptor.getCaptures()[tie];
        if (TypeRange(tiedCapture.getTypes()) != TypeRange(types))
          return rewriter.notifyMatchFailure(
              op, "tied result converts differently from its capture");
        for (size_t k = 0, e = types.size(); k < e; ++k)
          newTies.push_back(firstNewCapture[tie] + k);
        llvm::append_range(newResultTypes, types);
        continue;
      }
      if (failed(checkConvertedDims(op, "result", i, result.getType(), types)))
        return failure();
      unsigned numDims = getNumDynamicDims(result.getType());
      ArrayRef<Value> dims = ArrayRef(resultDims).slice(dimOffset, numDims);
      dimOffset += numDims;
      for (size_t k = 0, e = types.size(); k < e; ++k) {
        newTies.push_back(TiedOpInterface::kUntied);
        llvm::append_range(newResultDims, dims);
      }
      llvm::append_range(newResultTypes, types);
    }

    auto newOp =
        ScopeOp::create(rewriter, op.getLoc(), newResultTypes, newResultDims,
                        newCaptures, newCaptureDims, newTies,
                        llvm::to_vector(op.getScopeAttrsOrEmpty().getValue()));
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());

    // Move the body over the builder's placeholder entry block, then convert
    // the entry block with the capture mapping and every other block with
    // the converter.
    return moveBodyAndReplace(op, newOp, entryConversion, resultSlices,
                              *converter, rewriter);
  }
};

//===----------------------------------------------------------------------===//
// util.annotate
//===----------------------------------------------------------------------===//

struct ConvertAnnotateOp : OpConversionPattern<AnnotateOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AnnotateOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *converter = getTypeConverter();
    SmallVector<Type> newResultTypes;
    SmallVector<std::pair<unsigned, unsigned>> resultSlices;
    for (Type type : op.getResultTypes()) {
      SmallVector<Type> types;
      if (failed(converter->convertType(type, types)))
        return rewriter.notifyMatchFailure(op, "cannot convert a result type");
      resultSlices.emplace_back(newResultTypes.size(), types.size());
      llvm::append_range(newResultTypes, types);
    }
    auto newOp = AnnotateOp::create(rewriter, op.getLoc(), newResultTypes,
                                    op.getScopeAttrsAttr());
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    // The entry block has no arguments; other blocks convert as usual.
    TypeConverter::SignatureConversion entryConversion(0);
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
  patterns.add<ConvertScopeOp, ConvertAnnotateOp, ConvertReturnOp>(
      typeConverter, patterns.getContext());
  target.addDynamicallyLegalOp<ScopeOp, AnnotateOp>(
      [&typeConverter](Operation *op) {
        return typeConverter.isLegal(op) &&
               typeConverter.isLegal(&op->getRegion(0));
      });
  target.addDynamicallyLegalOp<ReturnOp>(
      [&typeConverter](ReturnOp op) { return typeConverter.isLegal(op); });
}
