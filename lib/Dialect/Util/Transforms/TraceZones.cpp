//===- TraceZones.cpp - Mark zone scopes for tracing ------------*- C++ -*-===//
//
// This file implements util-trace-zones, which marks the entry and every
// exit of each zone scope with util.trace.begin / util.trace.end so that
// the zone is still timed once the scope is stripped.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace scopeir::util {
#define GEN_PASS_DEF_TRACEZONESPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

namespace {

struct TraceZonesPass
    : public scopeir::util::impl::TraceZonesPassBase<TraceZonesPass> {
  void runOnOperation() override {
    SmallVector<ScopeOpInterface> zones;
    getOperation()->walk([&](ScopeOpInterface scope) {
      if (scope.getScopeAttrOfKind(ZoneAttr::kScopeKind))
        zones.push_back(scope);
    });
    paths.clear();
    for (ScopeOpInterface scope : zones)
      if (failed(mark(scope)))
        return signalPassFailure();
    if (zones.empty())
      markAllAnalysesPreserved();
  }

  /// Returns the path of `scope` with `scope` itself as its last entry
  /// (`getScopePath` and then `getScopePathEntry`). Built from the path of
  /// the enclosing scope, which is remembered: the scopes around a zone are
  /// named once, not once per zone nested in them.
  ArrayAttr getPathThrough(ScopeOpInterface scope) {
    if (ArrayAttr cached = paths.lookup(scope))
      return cached;
    SmallVector<Attribute> path;
    Operation *parent = scope->getParentOp();
    while (parent && !isa<ScopeOpInterface>(parent))
      parent = parent->getParentOp();
    if (parent)
      llvm::append_range(path,
                         getPathThrough(cast<ScopeOpInterface>(parent)));
    path.push_back(StringAttr::get(&getContext(), getScopePathEntry(scope)));
    ArrayAttr result = ArrayAttr::get(&getContext(), path);
    paths[scope] = result;
    return result;
  }

  LogicalResult mark(ScopeOpInterface scope) {
    Region &body = scope.getScopeBody();
    if (body.empty())
      return success();
    MLIRContext *context = &getContext();
    StringAttr category = StringAttr::get(context, "zone");
    StringAttr name = StringAttr::get(
        context,
        scope.getScopeAttrOfKind(ZoneAttr::kScopeKind).getScopeDisplayName());
    // A trace event names its zone by a C string.
    if (name.getValue().contains('\0'))
      return scope.emitError("zone name ")
             << name << " holds a NUL character and cannot be traced";
    // The zone's path: the scopes around it, then itself.
    auto args = DictionaryAttr::get(
        context, {NamedAttribute(StringAttr::get(context, "scope"),
                                 getPathThrough(scope))});

    OpBuilder builder(context);
    builder.setInsertionPointToStart(&body.front());
    TraceBeginOp::create(builder, scope.getLoc(), category, name, args);
    for (Operation *exit : getScopeExits(scope)) {
      builder.setInsertionPoint(exit);
      TraceEndOp::create(builder, scope.getLoc(), category, name, args);
    }
    return success();
  }

  llvm::DenseMap<Operation *, ArrayAttr> paths;
};

} // namespace
