//===- UtilInterfaces.cpp - util interfaces and scope queries ---*- C++ -*-===//
//
// This file implements the util interfaces, their verifier and default
// methods, the scope attribute lookups and the scope and dims queries.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/IR/UtilAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
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

/// Calls `fn` with every scope attribute that `first` and its ancestors
/// contribute, innermost first, and the op contributing it; stops when `fn`
/// returns true.
static void
walkScopeAttrsFrom(Operation *first,
                   function_ref<bool(ScopeAttrInterface, Operation *)> fn) {
  SmallVector<ScopeAttrInterface> attrs;
  for (Operation *owner = first; owner; owner = owner->getParentOp()) {
    attrs.clear();
    getScopeAttrsOf(owner, attrs);
    // On a scope op the attributes have distinct kinds, so their order does
    // not matter. A function outlined from nested scopes carries all of them
    // in one `util.scope_attrs` array, innermost first: walking it in order
    // keeps "innermost first" across the whole walk.
    for (ScopeAttrInterface attr : attrs)
      if (fn(attr, owner))
        return;
  }
}

void scopeir::util::walkEnclosingScopeAttrs(
    Operation *op, function_ref<bool(ScopeAttrInterface)> fn) {
  walkScopeAttrsFrom(
      op ? op->getParentOp() : nullptr,
      [&](ScopeAttrInterface attr, Operation *) { return fn(attr); });
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
  return lookupPlacementAndOwner(op).attr;
}

PlacementAndOwner scopeir::util::lookupPlacementAndOwner(Operation *op,
                                                         bool includeOp) {
  PlacementAndOwner result;
  Operation *first = includeOp || !op ? op : op->getParentOp();
  walkScopeAttrsFrom(first, [&](ScopeAttrInterface attr, Operation *owner) {
    if (!attr.isPlacement())
      return false;
    result = {attr, owner};
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

unsigned scopeir::util::getNumDynamicDims(TypeRange types) {
  unsigned count = 0;
  for (Type type : types)
    count += getNumDynamicDims(type);
  return count;
}

ValueRange scopeir::util::sliceDynamicDims(TypeRange types, ValueRange dims,
                                           unsigned index) {
  unsigned begin = getNumDynamicDims(types.take_front(index));
  unsigned count = getNumDynamicDims(types[index]);
  if (begin + count > dims.size())
    return {};
  return dims.slice(begin, count);
}

LogicalResult scopeir::util::verifyDynamicDimCount(Operation *op,
                                                   StringRef what,
                                                   unsigned expected,
                                                   ValueRange dims) {
  if (dims.size() == expected)
    return success();
  return op->emitOpError("expects ")
         << expected << " dynamic dims for its " << what
         << " (one per dynamic dimension) but has " << dims.size();
}

StringRef scopeir::util::getScopeName(ScopeOpInterface scope) {
  if (ScopeAttrInterface zone = scope.getScopeAttrOfKind(ZoneAttr::kScopeKind))
    return zone.getScopeDisplayName();
  return {};
}

std::string scopeir::util::getScopePathEntry(ScopeOpInterface scope) {
  std::string entry = getScopeName(scope).str();
  if (entry.empty()) {
    llvm::raw_string_ostream os(entry);
    llvm::interleaveComma(scope.getScopeAttributes(), os,
                          [&](ScopeAttrInterface attr) { os << attr; });
  }
  if (entry.empty())
    entry = scope->getName().getStringRef().str();
  return entry;
}

ArrayAttr scopeir::util::getScopePath(Operation *op) {
  SmallVector<Attribute> path;
  Builder builder(op->getContext());
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto scope = dyn_cast<ScopeOpInterface>(parent))
      path.push_back(builder.getStringAttr(getScopePathEntry(scope)));
  std::reverse(path.begin(), path.end());
  return builder.getArrayAttr(path);
}

bool scopeir::util::isScopeExit(Operation *op) {
  return op->hasTrait<OpTrait::IsTerminator>() && op->getNumSuccessors() == 0 &&
         (op->hasTrait<OpTrait::ReturnLike>() ||
          isa<RegionBranchTerminatorOpInterface>(op));
}

SmallVector<Operation *> scopeir::util::getScopeExits(ScopeOpInterface scope) {
  SmallVector<Operation *> exits;
  for (Block &block : scope.getScopeBody())
    if (!block.empty() && isScopeExit(&block.back()))
      exits.push_back(&block.back());
  return exits;
}

void scopeir::util::getReturnedValues(ScopeOpInterface scope,
                                      unsigned resultIndex,
                                      SmallVectorImpl<Value> &values) {
  for (Operation *exit : getScopeExits(scope))
    if (resultIndex < exit->getNumOperands())
      values.push_back(exit->getOperand(resultIndex));
}

//===----------------------------------------------------------------------===//
// ScopeOpInterface verification
//===----------------------------------------------------------------------===//

/// Verifies a list of scope attributes: each implements ScopeAttrInterface
/// and no two share a kind.
static LogicalResult verifyScopeAttrs(Operation *op,
                                      ArrayRef<Attribute> attrs) {
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

/// Verifies the body of a scope op: every block ends in a terminator, and a
/// terminator that returns control to the parent is the scope's exit
/// terminator (`util.return` unless the op names its own). Terminators that
/// never return (`llvm.unreachable`) are allowed. Operand types of the exit
/// terminator are checked by its own verifier.
static LogicalResult verifyScopeBody(ScopeOpInterface scope, Region &body) {
  Operation *op = scope;
  StringRef exitName = scope.getScopeExitOpName();
  for (Block &block : body) {
    if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
      return op->emitOpError("expects every block of its body to end in a "
                             "terminator");
    Operation *terminator = &block.back();
    if (isScopeExit(terminator) &&
        terminator->getName().getStringRef() != exitName) {
      InFlightDiagnostic diag =
          terminator->emitOpError("cannot exit a scope; use ") << exitName;
      diag.attachNote(op->getLoc()) << "scope is here";
      return diag;
    }
  }
  return success();
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
  if (failed(verifyScopeAttrs(op, scope.getStoredScopeAttributes())))
    return failure();
  Region &body = scope.getScopeBody();
  // An annotation takes implicit captures only.
  if (scope.isAnnotationLike() && !body.empty() &&
      body.front().getNumArguments() != 0)
    return op->emitOpError("takes no explicit captures: its entry block must "
                           "have no arguments");
  return verifyScopeBody(scope, body);
}

//===----------------------------------------------------------------------===//
// ClosureOpInterface
//===----------------------------------------------------------------------===//

void scopeir::util::detail::appendClosureOperands(Operation *op,
                                                  ValueRange values,
                                                  ValueRange dims) {
  auto closure = cast<ClosureOpInterface>(op);
  auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op);
  assert((shapeAware || dims.empty()) &&
         "only a shape-aware closure carries dims");
  // Read the existing operand dims before the new operands shift them.
  SmallVector<Value> allDims;
  if (shapeAware && !dims.empty())
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
      llvm::append_range(allDims, shapeAware.getOperandDynamicDims(i));
  closure.getClosureOperandsMutable().append(values);
  Block &entry = closure.getClosureBodyRegion().front();
  SmallVector<Location> locs = llvm::map_to_vector(
      values, [](Value value) { return value.getLoc(); });
  entry.addArguments(values.getTypes(), locs);
  if (shapeAware && !dims.empty()) {
    llvm::append_range(allDims, dims);
    shapeAware.setAllOperandDynamicDims(allDims);
  }
}
