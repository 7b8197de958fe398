//===- UtilOps.cpp - util ops: parse, print, verify -------------*- C++ -*-===//
//
// This file implements the util dialect's ops: their custom syntax, verifiers
// and interface methods (util.scope's come from Util_CapturingScopeOp and
// OpImplUtils, which codegen.scope.tu shares). Folders and canonicalization
// patterns live in UtilOpFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/IR/OpImplUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace scopeir::util;

//===----------------------------------------------------------------------===//
// ScopeOp
//===----------------------------------------------------------------------===//

// The accessors and interface methods come from Util_CapturingScopeOp.

// util.scope [attrs]? (captures)? (-> (results))? region (attributes {...})?
ParseResult ScopeOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  return parseCapturingScopeOp(parser, result, getAttributeNames(),
                               props.scope_attrs, props.tied_operands,
                               props.operandSegmentSizes);
}

void ScopeOp::print(OpAsmPrinter &p) {
  printCapturingScopeOp(p, *this, getScopeAttrsAttr());
}

LogicalResult ScopeOp::verify() {
  // Scope attributes and the body are checked by ScopeOpInterface.
  return verifyScopeSignature(*this, getCaptureDims(), getResultDims(),
                              getTiedOperandsAttr());
}

//===----------------------------------------------------------------------===//
// AnnotateOp
//===----------------------------------------------------------------------===//

SmallVector<Attribute> AnnotateOp::getStoredScopeAttributes() {
  if (ArrayAttr attrs = getScopeAttrsAttr())
    return llvm::to_vector(attrs.getValue());
  return {};
}

LogicalResult AnnotateOp::setScopeAttributes(ArrayRef<Attribute> attrs) {
  // An empty list is stored as no attribute, as util.scope stores it.
  setScopeAttrsAttr(attrs.empty() ? ArrayAttr()
                                  : ArrayAttr::get(getContext(), attrs));
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (!parent || !isa<ScopeOpInterface>(parent))
    return emitOpError("expects its parent to be a scope op "
                       "(ScopeOpInterface)");
  return verifyOperandsMatchParentResults(*this, "returns", "scope",
                                          /*nameParent=*/true);
}

//===----------------------------------------------------------------------===//
// util.trace.begin / util.trace.end
//===----------------------------------------------------------------------===//

/// Returns the first part of `value` that has no JSON form (null if all
/// have one): strings, integers, finite floats, booleans and units, and
/// arrays and dictionaries of them.
static Attribute findNonJSONValue(Attribute value) {
  if (isa<StringAttr, IntegerAttr, UnitAttr>(value))
    return {};
  if (auto floatAttr = dyn_cast<FloatAttr>(value))
    return floatAttr.getValue().isFinite() ? Attribute() : value;
  if (auto array = dyn_cast<ArrayAttr>(value)) {
    for (Attribute element : array)
      if (Attribute bad = findNonJSONValue(element))
        return bad;
    return {};
  }
  if (auto dict = dyn_cast<DictionaryAttr>(value)) {
    for (NamedAttribute entry : dict)
      if (Attribute bad = findNonJSONValue(entry.getValue()))
        return bad;
    return {};
  }
  return value;
}

static LogicalResult verifyTraceMarker(Operation *op, StringRef category,
                                       StringRef name,
                                       std::optional<DictionaryAttr> args) {
  if (category.empty() || name.empty())
    return op->emitOpError("expects a non-empty category and name");
  if (category.contains('\0') || name.contains('\0'))
    return op->emitOpError("expects a category and name without NUL "
                           "characters");
  if (args)
    if (Attribute bad = findNonJSONValue(*args))
      return op->emitOpError("args hold ")
             << bad
             << ", which has no JSON form (expected strings, integers, "
                "finite floats, booleans, arrays and dictionaries)";
  return success();
}

LogicalResult TraceBeginOp::verify() {
  return verifyTraceMarker(*this, getCategory(), getName(), getArgs());
}

LogicalResult TraceEndOp::verify() {
  return verifyTraceMarker(*this, getCategory(), getName(), getArgs());
}

//===----------------------------------------------------------------------===//
// util.optimization_barrier
//===----------------------------------------------------------------------===//

LogicalResult OptimizationBarrierOp::verify() {
  if (getNumOperands() == 0)
    return emitOpError("expects at least one operand");
  return success();
}

//===----------------------------------------------------------------------===//
// util.unfoldable_constant
//===----------------------------------------------------------------------===//

ParseResult UnfoldableConstantOp::parse(OpAsmParser &parser,
                                        OperationState &state) {
  // `arith.constant`'s syntax: the attribute carries the type.
  TypedAttr value;
  if (parser.parseOptionalAttrDict(state.attributes) ||
      parser.parseAttribute(value, "value", state.attributes))
    return failure();
  state.addTypes(value.getType());
  return success();
}

void UnfoldableConstantOp::print(OpAsmPrinter &p) {
  p.printOptionalAttrDict((*this)->getAttrs(), /*elidedAttrs=*/{"value"});
  p << " ";
  p.printAttribute(getValue());
}

LogicalResult UnfoldableConstantOp::verify() {
  TypedAttr value = getValue();
  if (!isa<IntegerAttr, FloatAttr, ElementsAttr>(value))
    return emitOpError("expects an integer, float or elements attribute, "
                       "got ")
           << value;
  if (value.getType() != getType())
    return emitOpError("value has type ")
           << value.getType() << " but the result has type " << getType();
  return success();
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/Util/IR/UtilOps.cpp.inc"
