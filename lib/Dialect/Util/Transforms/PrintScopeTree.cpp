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

  explicit ScopeTree(FunctionOpInterface function) {
    function->walk<WalkOrder::PreOrder>([&](ScopeOpInterface scope) {
      Operation *parent = scope->getParentOp();
      while (parent != function && !isa<ScopeOpInterface>(parent))
        parent = parent->getParentOp();
      children[parent == function ? nullptr : parent].push_back(scope);
    });
  }

  void print(Operation *parent, const std::string &indent, raw_ostream &os) {
    auto it = children.find(parent);
    if (it == children.end())
      return;
    SmallVector<ScopeOpInterface> scopes = it->second;
    for (auto [i, scope] : llvm::enumerate(scopes)) {
      bool last = i + 1 == scopes.size();
      unsigned numOps = 0;
      scope.getScopeBody().walk([&](Operation *) { ++numOps; });
      os << indent << (last ? "`-- " : "|-- ") << scope->getName();
      printScopeAttrs(scope.getScopeAttributes(), os);
      os << "  " << numOps << (numOps == 1 ? " op" : " ops") << "  (";
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
