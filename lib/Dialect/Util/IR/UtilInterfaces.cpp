//===- UtilInterfaces.cpp - util interfaces and scope queries ---*- C++ -*-===//
//
// This file implements the util interfaces and the scope attribute lookups.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"

#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace scopeir::util;

#include "scopeir/Dialect/Util/IR/UtilAttrInterfaces.cpp.inc"
#include "scopeir/Dialect/Util/IR/UtilOpInterfaces.cpp.inc"

void scopeir::util::getScopeAttrsOf(
    Operation *op, SmallVectorImpl<ScopeAttrInterface> &attrs) {
  if (auto scope = dyn_cast<ScopeOpInterface>(op)) {
    llvm::append_range(attrs, scope.getScopeAttributes());
    return;
  }
  StringRef arrayName = UtilDialect::getScopeAttrsAttrName();
  for (NamedAttribute named : op->getDiscardableAttrs()) {
    if (auto attr = dyn_cast<ScopeAttrInterface>(named.getValue())) {
      attrs.push_back(attr);
      continue;
    }
    if (named.getName() != arrayName)
      continue;
    if (auto array = dyn_cast<ArrayAttr>(named.getValue()))
      for (Attribute element : array)
        if (auto attr = dyn_cast<ScopeAttrInterface>(element))
          attrs.push_back(attr);
  }
}

void scopeir::util::walkEnclosingScopeAttrs(
    Operation *op, function_ref<bool(ScopeAttrInterface)> fn) {
  SmallVector<ScopeAttrInterface> attrs;
  for (Operation *parent = op ? op->getParentOp() : nullptr; parent;
       parent = parent->getParentOp()) {
    attrs.clear();
    getScopeAttrsOf(parent, attrs);
    // On a scope op the attributes have distinct kinds, so their order does
    // not matter. A function outlined from nested scopes carries all of them
    // in one `util.scope_attrs` array, innermost first: walking it in order
    // keeps "innermost first" across the whole walk.
    for (ScopeAttrInterface attr : attrs)
      if (fn(attr))
        return;
  }
}

ScopeAttrInterface scopeir::util::lookupScopeAttrOfKind(Operation *op,
                                                        StringRef kind) {
  ScopeAttrInterface result;
  walkEnclosingScopeAttrs(op, [&](ScopeAttrInterface attr) {
    if (attr.getScopeKind() != kind)
      return false;
    result = attr;
    return true;
  });
  return result;
}

ScopeAttrInterface scopeir::util::lookupPlacement(Operation *op) {
  ScopeAttrInterface result;
  walkEnclosingScopeAttrs(op, [&](ScopeAttrInterface attr) {
    if (!attr.isPlacement())
      return false;
    result = attr;
    return true;
  });
  return result;
}

SmallVector<Value> scopeir::util::getImplicitCaptures(ScopeOpInterface scope) {
  llvm::SetVector<Value> values;
  getUsedValuesDefinedAbove(scope.getScopeBody(), values);
  return values.takeVector();
}

unsigned scopeir::util::getNumDynamicDims(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return 0;
  return shaped.getNumDynamicDims();
}

LogicalResult scopeir::util::verifyScopeAttrs(Operation *op, ArrayAttr attrs) {
  if (!attrs)
    return success();
  llvm::StringMap<Attribute> seen;
  for (Attribute attr : attrs) {
    auto scopeAttr = dyn_cast<ScopeAttrInterface>(attr);
    if (!scopeAttr)
      return op->emitOpError("scope attribute ")
             << attr << " does not implement ScopeAttrInterface";
    auto [it, inserted] = seen.try_emplace(scopeAttr.getScopeKind(), attr);
    if (!inserted)
      return op->emitOpError("has two scope attributes of kind '")
             << scopeAttr.getScopeKind() << "': " << it->second << " and "
             << attr;
  }
  return success();
}

Operation *scopeir::util::getEnclosingTransformOp(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<transform::TransformOpInterface>(parent))
      return parent;
  return nullptr;
}

bool scopeir::util::isTransformHandleType(Type type) {
  return isa<transform::TransformHandleTypeInterface,
             transform::TransformValueHandleTypeInterface,
             transform::TransformParamTypeInterface>(type);
}

LogicalResult scopeir::util::detail::verifyScopeOpInterface(Operation *op) {
  // A scope says something about payload ops. Inside transform IR it would
  // mean nothing, and the transform interpreter, which expects only
  // transform ops there, cannot run it.
  if (Operation *transformOp = getEnclosingTransformOp(op))
    return op->emitOpError("cannot be nested in transform IR: a scope groups "
                           "payload ops, not transform ops")
               .attachNote(transformOp->getLoc())
           << "inside this transform op";
  auto scope = cast<ScopeOpInterface>(op);
  for (auto [i, capture] : llvm::enumerate(scope.getExplicitCaptures()))
    if (isTransformHandleType(capture.getType()))
      return op->emitOpError("capture #")
             << i << " has transform dialect type " << capture.getType()
             << "; a scope cannot capture transform handles or parameters";
  for (OpResult result : op->getResults())
    if (isTransformHandleType(result.getType()))
      return op->emitOpError("result #")
             << result.getResultNumber() << " has transform dialect type "
             << result.getType()
             << "; a scope cannot return transform handles or parameters";
  return success();
}
