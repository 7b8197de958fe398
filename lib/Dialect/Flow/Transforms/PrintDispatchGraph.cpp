//===- PrintDispatchGraph.cpp - Dispatches as a DOT graph -------*- C++ -*-===//
//
// This file implements flow-print-dispatch-graph, which prints the
// dispatches of a module as a Graphviz graph: clusters for the scopes they
// came from, boxes coloured by device, edges to the devices.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace scopeir::flow {
#define GEN_PASS_DEF_PRINTDISPATCHGRAPHPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

/// Fill colours of devices, in the order devices first appear (cycled).
static constexpr const char *kDeviceColors[] = {"#8dd3c7", "#ffffb3", "#bebada",
                                                "#fb8072", "#80b1d3", "#fdb462",
                                                "#b3de69", "#fccde5"};

/// Returns `text` as a DOT string literal.
static std::string quote(StringRef text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

namespace {

/// A scope of the graph: the dispatches whose path ends at it and the
/// scopes nested in it, in the order they first appear.
struct ScopeNode {
  SmallVector<std::string> dispatchNodes;
  llvm::MapVector<StringRef, std::unique_ptr<ScopeNode>> children;
};

struct PrintDispatchGraphPass
    : public flow::impl::PrintDispatchGraphPassBase<PrintDispatchGraphPass> {
  void runOnOperation() override {
    raw_ostream &os = llvm::outs();
    ScopeNode root;
    SmallVector<std::string> devices;
    std::string edges;
    llvm::raw_string_ostream edgeStream(edges);
    std::string nodes;
    unsigned index = 0;

    getOperation().walk([&](DispatchOp dispatch) {
      std::string device = getDeviceName(dispatch);
      unsigned deviceIndex = llvm::find(devices, device) - devices.begin();
      if (deviceIndex == devices.size())
        devices.push_back(device);
      std::string node = "d" + std::to_string(index);
      std::string label = "#" + std::to_string(index) + " " +
                          dispatch.getCalleeAttr().getLeafReference().str();
      std::string text;
      llvm::raw_string_ostream ts(text);
      ts << node << " [label=" << quote(label) << ", fillcolor=\""
         << kDeviceColors[deviceIndex % std::size(kDeviceColors)] << "\"";
      if (dispatch.getStraddledPathsAttr())
        ts << ", style=\"filled,dashed\"";
      ts << "];";
      ScopeNode *scope = &root;
      if (ArrayAttr path = dispatch.getScopePathAttr())
        for (StringRef entry : path.getAsValueRange<StringAttr>()) {
          std::unique_ptr<ScopeNode> &child = scope->children[entry];
          if (!child)
            child = std::make_unique<ScopeNode>();
          scope = child.get();
        }
      scope->dispatchNodes.push_back(text);
      edgeStream << "  " << node << " -> dev" << deviceIndex << ";\n";
      ++index;
    });

    os << "digraph dispatches {\n"
       << "  rankdir=LR;\n"
       << "  node [shape=box, style=filled];\n";
    unsigned numClusters = 0;
    printScope(root, "  ", numClusters, os);
    for (auto [deviceIndex, name] : llvm::enumerate(devices))
      os << "  dev" << deviceIndex << " [label=" << quote(name)
         << ", shape=ellipse, fillcolor=\""
         << kDeviceColors[deviceIndex % std::size(kDeviceColors)] << "\"];\n";
    os << edges << "}\n";
    os.flush();
    markAllAnalysesPreserved();
  }

  /// The display name of the dispatch's executable's placement (its
  /// printed form if it has none), or `host`.
  static std::string getDeviceName(DispatchOp dispatch) {
    Operation *callee = SymbolTable::lookupNearestSymbolFrom(
        dispatch, dispatch.getCalleeAttr());
    if (!callee)
      return "host";
    util::ScopeAttrInterface placement =
        util::lookupPlacementAndOwner(callee, /*includeOp=*/true).attr;
    if (!placement)
      return "host";
    std::string name = placement.getScopeDisplayName().str();
    if (name.empty()) {
      llvm::raw_string_ostream os(name);
      os << placement;
    }
    return name;
  }

  static void printScope(const ScopeNode &scope, const std::string &indent,
                         unsigned &numClusters, raw_ostream &os) {
    for (const std::string &node : scope.dispatchNodes)
      os << indent << node << "\n";
    for (const auto &[name, child] : scope.children) {
      os << indent << "subgraph cluster_" << numClusters++ << " {\n"
         << indent << "  label=" << quote(name) << ";\n";
      printScope(*child, indent + "  ", numClusters, os);
      os << indent << "}\n";
    }
  }
};

} // namespace
