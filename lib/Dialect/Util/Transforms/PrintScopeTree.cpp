//===- PrintScopeTree.cpp - Print the nesting of scopes ---------*- C++ -*-===//
//
// This file implements util-print-scope-tree, which prints the scopes of
// every function as a tree that reads like a directory listing.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/raw_ostream.h"

namespace scopeir::util {
#define GEN_PASS_DEF_PRINTSCOPETREEPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

/// Prints `loc` as `file:line:col` when it holds a file location, else in
/// MLIR's syntax.
static void printLocation(Location loc, raw_ostream &os) {
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>()) {
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
    return;
  }
  loc.print(os);
}

/// Prints scope attributes as `[kind=name, ...]` (nothing if there are
/// none).
static void printScopeAttrs(ArrayRef<ScopeAttrInterface> attrs,
                            raw_ostream &os) {
  if (attrs.empty())
    return;
  os << " [";
  llvm::interleaveComma(attrs, os, [&](ScopeAttrInterface attr) {
    os << attr.getScopeKind() << "=";
    StringRef name = attr.getScopeDisplayName();
    if (name.empty())
      os << attr;
    else
      os << name;
  });
  os << "]";
}

namespace {

/// The scopes of one function, each with the scopes directly nested in it.
struct ScopeTree {
  /// Children of each scope; the function's top-level scopes under null.
  DenseMap<Operation *, SmallVector<ScopeOpInterface>> children;
  /// The ops in each scope's body, nested ones included.
  DenseMap<Operation *, unsigned> numOps;

  explicit ScopeTree(FunctionOpInterface function) {
    SmallVector<std::pair<Operation *, Operation *>> scopeAndParent;
    function->walk<WalkOrder::PreOrder>([&](ScopeOpInterface scope) {
      Operation *parent = scope->getParentOp();
      while (parent != function && !isa<ScopeOpInterface>(parent))
        parent = parent->getParentOp();
      parent = parent == function ? nullptr : parent;
      children[parent].push_back(scope);
      scopeAndParent.emplace_back(scope, parent);
    });
    // Each op is counted once, in the innermost scope around it, and the
    // counts are summed up the tree, innermost scopes first: counting every
    // scope's body separately would count an op once per scope around it.
    for (Region &region : function->getRegions())
      countOps(region, nullptr);
    for (auto [scope, parent] : llvm::reverse(scopeAndParent))
      if (parent)
        numOps[parent] += numOps[scope];
  }

  /// Counts the ops of `region` and of the regions nested in it that are not
  /// a scope's body in `scope` (null: outside every scope).
  void countOps(Region &region, Operation *scope) {
    for (Block &block : region) {
      for (Operation &op : block) {
        if (scope)
          ++numOps[scope];
        auto nestedScope = dyn_cast<ScopeOpInterface>(op);
        Region *body = nestedScope ? &nestedScope.getScopeBody() : nullptr;
        for (Region &nested : op.getRegions())
          countOps(nested, &nested == body ? &op : scope);
      }
    }
  }

  void print(Operation *parent, const std::string &indent, raw_ostream &os) {
    auto it = children.find(parent);
    if (it == children.end())
      return;
    SmallVector<ScopeOpInterface> scopes = it->second;
    for (auto [i, scope] : llvm::enumerate(scopes)) {
      bool last = i + 1 == scopes.size();
      unsigned count = numOps.lookup(scope);
      os << indent << (last ? "`-- " : "|-- ") << scope->getName();
      printScopeAttrs(scope.getScopeAttributes(), os);
      os << "  " << count << (count == 1 ? " op" : " ops") << "  (";
      printLocation(scope.getLoc(), os);
      os << ")\n";
      print(scope, indent + (last ? "    " : "|   "), os);
    }
  }
};

struct PrintScopeTreePass
    : public scopeir::util::impl::PrintScopeTreePassBase<PrintScopeTreePass> {
  void runOnOperation() override {
    raw_ostream &os = llvm::outs();
    getOperation()->walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return;
      os << function->getName() << " @"
         << SymbolTable::getSymbolName(function).getValue();
      SmallVector<ScopeAttrInterface> attrs;
      getScopeAttrsOf(function, attrs);
      printScopeAttrs(attrs, os);
      os << "  (";
      printLocation(function.getLoc(), os);
      os << ")\n";
      ScopeTree(function).print(nullptr, "", os);
    });
    os.flush();
    markAllAnalysesPreserved();
  }
};

} // namespace
