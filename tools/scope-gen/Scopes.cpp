//===- Scopes.cpp - scope-gen's scopes ------------------------------------===//
//
// This file implements how the generator weaves scopes into the program
// it generates: a scope opens before an op and, when it closes, wraps the
// ops generated since in a util.annotate, util.scope or hal.device.scope
// returning every pool tensor defined inside.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/Util/IR/UtilAttrs.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

//===----------------------------------------------------------------------===//
// Blocks and scopes
//===----------------------------------------------------------------------===//

void ProgramGenerator::inBlock(Block *block, unsigned regionDepth,
                               llvm::function_ref<void()> body) {
  BlockState state;
  state.block = block;
  state.regionDepth = regionDepth;
  state.poolBase = fn->pool.size();
  BlockState *parent = blk;
  blk = &state;
  OpBuilder::InsertionGuard guard(builder);
  // A block may already end in a placeholder terminator (a loop body's);
  // generated ops go in front of it.
  if (block->mightHaveTerminator())
    builder.setInsertionPoint(block->getTerminator());
  else
    builder.setInsertionPointToEnd(block);
  body();
  closeScopes();
  fn->pool.resize(state.poolBase);
  blk = parent;
}

void ProgramGenerator::closeScopes() {
  while (!blk->frames.empty())
    closeScope(blk->frames.pop_back_val());
}

void ProgramGenerator::maybeOpenScope() {
  if (!withScopes)
    return;
  unsigned maxOpen = hasScope(ScopeKind::Nest) ? 3 : 1;
  if (openScopes >= maxOpen || !scopeRng.chance(options.scopeDensity))
    return;
  ScopeFrame frame;
  Block *block = blk->block;
  frame.before = block->empty() ? nullptr : &block->back();
  frame.poolMark = fn->pool.size();
  blk->frames.push_back(frame);
  ++openScopes;
}

void ProgramGenerator::maybeCloseScope() {
  if (!withScopes || blk->frames.empty() || !scopeRng.chance(0.35))
    return;
  closeScope(blk->frames.pop_back_val());
}

void ProgramGenerator::maybePlaceOnDevice(Operation *op, ScopeKind kind,
                                          double probability,
                                          bool hostMemory) {
  if (!hasScope(kind) || !scopeRng.chance(probability))
    return;
  op->setAttr(hal::HALDialect::getDeviceAttrName(),
              hal::DeviceTargetAttr::get(context, randomBackend(hostMemory)));
  countScope(getScopeKindName(kind));
}

ArrayAttr ProgramGenerator::randomScopeAttrs(bool &hasDevice, bool &hasZone,
                                             hal::DeviceTargetAttr &device) {
  SmallVector<Attribute> attrs;
  hasDevice = hasScope(ScopeKind::Device) && scopeRng.chance(0.6);
  hasZone = hasScope(ScopeKind::Zone) && scopeRng.chance(0.5);
  if (hasDevice) {
    device = hal::DeviceTargetAttr::get(context, randomBackend());
    attrs.push_back(device);
  }
  if (hasZone)
    attrs.push_back(
        util::ZoneAttr::get(context, "z" + std::to_string(zoneCounter++)));
  // The order of attributes in the list means nothing: shuffle it.
  if (attrs.size() == 2 && scopeRng.chance(0.5))
    std::swap(attrs[0], attrs[1]);
  if (attrs.empty())
    return {};
  return ArrayAttr::get(context, attrs);
}

/// Returns true if every dynamic dim of every result of `scope` can be
/// computed above it (as util-lower-annotations will). Leaves no op behind.
static bool resultDimsComputable(Operation *scope) {
  util::DimOpIndex dimIndex;
  util::DynamicDimBuilder dims(scope, /*allowCreate=*/true, dimIndex);
  bool ok = llvm::all_of(scope->getResults(), [&](Value result) {
    return succeeded(dims.getDynamicDims(result));
  });
  dims.eraseUnusedOps();
  return ok;
}

void ProgramGenerator::closeScope(ScopeFrame frame) {
  --openScopes;
  Block *block = blk->block;
  // The scope ends before the block's placeholder terminator, if any.
  Operation *terminator =
      block->mightHaveTerminator() ? block->getTerminator() : nullptr;
  Operation *start = frame.before ? frame.before->getNextNode()
                                  : (block->empty() ? nullptr : &block->front());
  // The top of the entry block holds constants and dims: never wrap them.
  while (start && fn->entryOps.contains(start))
    start = start->getNextNode();
  if (!start || start == terminator)
    return;
  Block::iterator end =
      terminator ? terminator->getIterator() : block->end();

  bool hasDevice = false, hasZone = false;
  hal::DeviceTargetAttr device;
  ArrayAttr attrs = randomScopeAttrs(hasDevice, hasZone, device);
  enum Form { Annotate, Scope, HalDeviceScope };
  unsigned weights[] = {hasScope(ScopeKind::Annotate) ? 3u : 0u,
                        hasScope(ScopeKind::Scope) ? 3u : 0u,
                        (hasScope(ScopeKind::HalDeviceScope) && hasDevice &&
                         !hasZone)
                            ? 2u
                            : 0u};
  if (!weights[0] && !weights[1] && !weights[2])
    return;
  auto form = static_cast<Form>(scopeRng.weighted(weights));
  // A device scope of the util forms may choose the strategy of the
  // backend's own contraction scopes inside it.
  if (form != HalDeviceScope && hasDevice && hasScope(ScopeKind::CodegenTU) &&
      scopeRng.chance(0.25)) {
    SmallVector<Attribute> withStrategy(attrs.getValue());
    withStrategy.push_back(randomStrategyAttr());
    attrs = ArrayAttr::get(context, withStrategy);
  }

  // The scope returns every pool tensor defined in its range, so that the
  // program after it can use any of them, as it would without the scope.
  llvm::SmallPtrSet<Operation *, 16> range;
  for (Operation *op = start; op && op != terminator; op = op->getNextNode())
    range.insert(op);
  SmallVector<unsigned> poolIndices;
  SmallVector<Value> values;
  SmallVector<Type> types;
  for (size_t i = frame.poolMark; i < fn->pool.size(); ++i) {
    Value value = fn->pool[i].value;
    Operation *def = value.getDefiningOp();
    Operation *ancestor = def ? block->findAncestorOpInBlock(*def) : nullptr;
    if (!ancestor || !range.contains(ancestor))
      continue;
    poolIndices.push_back(i);
    values.push_back(value);
    types.push_back(value.getType());
  }

  IRRewriter b(context);
  b.setInsertionPoint(start);
  Operation *scope;
  if (form == HalDeviceScope) {
    scope = hal::DeviceScopeOp::create(b, loc, types, device);
  } else {
    scope = util::AnnotateOp::create(b, loc, types, attrs);
  }
  util::moveOpsIntoScope(b, scope, start->getIterator(), end, values);
  // util-lower-annotations computes each dynamic result dim above the
  // scope and rejects a scope where it cannot (the result of a call, say):
  // such a range is not a valid scope, so it is left unwrapped.
  if (!resultDimsComputable(scope)) {
    if (failed(util::inlineScope(b, cast<util::ScopeOpInterface>(scope))))
      llvm::report_fatal_error("scope-gen: cannot undo a scope");
    return;
  }
  for (auto [index, result] : llvm::zip_equal(poolIndices, scope->getResults()))
    fn->pool[index].value = result;
  if (hasDevice) {
    maybeAddTUScopes(scope);
    // The tu scopes declare their result dims; where the enclosing scope's
    // dims cannot be found through them, they are inlined again.
    if (!resultDimsComputable(scope)) {
      SmallVector<codegen::TUOp> tus;
      scope->walk([&](codegen::TUOp tu) { tus.push_back(tu); });
      for (codegen::TUOp tu : tus)
        if (failed(util::inlineScope(
                b, cast<util::ScopeOpInterface>(tu.getOperation()))))
          llvm::report_fatal_error("scope-gen: cannot undo a tu scope");
      program.scopes["codegen-tu:undone"] += tus.size();
    }
  }
  countScope(form == Annotate  ? "annotate"
             : form == Scope ? "scope"
                             : "hal-device-scope");
  if (hasDevice)
    countScope("device");
  if (hasZone)
    countScope("zone");
  if (scope->getParentOfType<util::ScopeOpInterface>())
    countScope("nest");
  if (form == Scope)
    convertToScopeOp(cast<util::AnnotateOp>(scope), frame.poolMark,
                     poolIndices);
}

void ProgramGenerator::convertToScopeOp(util::AnnotateOp annotate,
                                        size_t poolMark,
                                        ArrayRef<unsigned> poolIndices) {
  (void)poolMark;
  util::DimOpIndex dimIndex;
  util::DynamicDimBuilder dims(annotate, /*allowCreate=*/true, dimIndex);
  util::ScopeOpOperands operands;
  if (failed(util::chooseCapturesAndTies(
          annotate, dims, [&] { return scopeRng.chance(0.7); },
          [&] { return scopeRng.chance(0.5); }, operands))) {
    // Dims not computable above the scope: keep the annotate form.
    dims.eraseUnusedOps();
    return;
  }
  IRRewriter rewriter(context);
  util::ScopeOp scope = util::replaceWithScopeOp(rewriter, annotate, operands);
  dims.eraseUnusedOps();
  for (auto [index, result] : llvm::zip_equal(poolIndices, scope.getResults()))
    fn->pool[index].value = result;
}
