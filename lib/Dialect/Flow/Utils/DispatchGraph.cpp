//===- DispatchGraph.cpp - Dispatches as a Graphviz graph -------*- C++ -*-===//
//
// This file implements the Graphviz picture of a module's dispatches that
// flow-print-dispatch-graph and `scope-run --dump-dispatches=dot` print:
// clusters for the scopes the work came from, boxes coloured by device,
// extern kernels marked, transfers between memories, edges to the devices.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

#include <memory>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

/// Fill colours of devices, in the order devices first appear (cycled).
static constexpr const char *kDeviceColors[] = {"#8dd3c7", "#ffffb3", "#bebada",
                                                "#fb8072", "#80b1d3", "#fdb462",
                                                "#b3de69", "#fccde5"};

/// Returns `lines` as one DOT string literal, a line break between lines.
static std::string quoteLines(ArrayRef<std::string> lines) {
  std::string out = "\"";
  for (auto [i, line] : llvm::enumerate(lines)) {
    if (i)
      out += "\\n";
    for (char c : line) {
      if (c == '"' || c == '\\')
        out.push_back('\\');
      out.push_back(c);
    }
  }
  out.push_back('"');
  return out;
}

static std::string quote(StringRef text) {
  return quoteLines(ArrayRef<std::string>{text.str()});
}

/// The display name of a placement (its printed form if it has none), or
/// `host` without one.
static std::string getDeviceName(util::ScopeAttrInterface placement) {
  if (!placement)
    return "host";
  std::string name = placement.getScopeDisplayName().str();
  if (name.empty()) {
    llvm::raw_string_ostream os(name);
    os << placement;
  }
  return name;
}

/// The device a dispatch runs on: its executable's placement. (`tables`
/// keeps the executables' symbol tables: looking a callee up afresh scans
/// its module's symbols.)
static std::string getDeviceName(DispatchOp dispatch,
                                 SymbolTableCollection &tables) {
  Operation *callee =
      tables.lookupNearestSymbolFrom(dispatch, dispatch.getCalleeAttr());
  if (!callee)
    return "host";
  return getDeviceName(
      util::lookupPlacementAndOwner(callee, /*includeOp=*/true).attr);
}

/// The kernel whose decomposition `op` computes in place: the attribute of
/// the innermost scope around it whose signature is a kernel's
/// (`fixesScopeSignature`: an extern scope, kept because no library provides
/// the kernel).
static util::ScopeAttrInterface getEnclosingKernel(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto scope = dyn_cast<util::ScopeOpInterface>(parent))
      for (util::ScopeAttrInterface attr : scope.getScopeAttributes())
        if (attr.fixesScopeSignature())
          return attr;
  return {};
}

namespace {

/// A scope of the graph: the nodes whose path ends at it and the scopes
/// nested in it, in the order they first appear.
struct ScopeNode {
  SmallVector<std::string> nodes;
  llvm::MapVector<StringRef, std::unique_ptr<ScopeNode>> children;
};

class GraphBuilder {
public:
  void addDispatch(DispatchOp dispatch) {
    unsigned device = getDeviceIndex(getDeviceName(dispatch, symbolTables));
    std::string node = "d" + std::to_string(numDispatches);
    SmallVector<std::string> label = {
        "#" + std::to_string(numDispatches) + " " +
        dispatch.getCalleeAttr().getLeafReference().str()};
    ++numDispatches;
    std::string attrs;
    if (dispatch.getStraddledPathsAttr())
      attrs += ", style=\"filled,dashed\"";
    // The decomposition of a kernel no library provides, compiled in place
    // of the kernel: a double border.
    if (util::ScopeAttrInterface kernel = getEnclosingKernel(dispatch)) {
      label.push_back("decomposition of " + kernel.getScopeDisplayName().str());
      attrs += ", peripheries=2";
    }
    addNode(node, label, device, attrs, dispatch.getScopePathAttr());
  }

  void addExtern(util::ExternCallOpInterface call) {
    unsigned device =
        getDeviceIndex(getDeviceName(util::lookupPlacementAndOwner(call).attr));
    std::string node = "k" + std::to_string(numExterns++);
    SmallVector<std::string> label = {"extern " + call.getKernelSymbol().str()};
    if (FlatSymbolRefAttr decomposition = call.getKernelDecompositionAttr())
      label.push_back("decomposition @" + decomposition.getValue().str());
    // Where the call came from: the path flow-record-scope-paths recorded
    // before zones were stripped, else the scopes around it now.
    auto path = call->getAttrOfType<ArrayAttr>(
        FlowDialect::getRecordedScopePathAttrName());
    if (!path)
      path = flow::getScopePath(call);
    addNode(node, label, device, ", shape=component", path);
  }

  /// A transfer between memories: a `cds` node labelled with its type,
  /// filled with its destination's colour, with edges from its source's
  /// device to it and from it to its destination's, in the cluster of the
  /// scopes around it.
  void addTransfer(TensorTransferOp transfer) {
    unsigned from =
        getDeviceIndex(getMemoryName(transfer.getSourceMemoryAttr()));
    unsigned to = getDeviceIndex(getMemoryName(transfer.getTargetMemoryAttr()));
    std::string node = "t" + std::to_string(numTransfers++);
    std::string type;
    llvm::raw_string_ostream os(type);
    os << transfer.getType();
    addNode(node, {"transfer", type}, to, ", shape=cds",
            flow::getScopePath(transfer));
    edges +=
        "  dev" + std::to_string(from) + " -> " + node + " [style=dashed];\n";
  }

  void print(raw_ostream &os) {
    os << "digraph dispatches {\n"
       << "  rankdir=LR;\n"
       << "  node [shape=box, style=filled];\n";
    unsigned numClusters = 0;
    printScope(root, "  ", numClusters, os);
    for (auto [index, name] : llvm::enumerate(devices))
      os << "  dev" << index << " [label=" << quote(name)
         << ", shape=ellipse, fillcolor=\""
         << kDeviceColors[index % std::size(kDeviceColors)] << "\"];\n";
    os << edges << "}\n";
  }

private:
  unsigned getDeviceIndex(const std::string &device) {
    unsigned index = llvm::find(devices, device) - devices.begin();
    if (index == devices.size())
      devices.push_back(device);
    return index;
  }

  void addNode(const std::string &node, ArrayRef<std::string> label,
               unsigned device, StringRef attrs, ArrayAttr path) {
    std::string text;
    llvm::raw_string_ostream ts(text);
    ts << node << " [label=" << quoteLines(label) << ", fillcolor=\""
       << kDeviceColors[device % std::size(kDeviceColors)] << "\"" << attrs
       << "];";
    ScopeNode *scope = &root;
    if (path)
      for (StringRef entry : path.getAsValueRange<StringAttr>()) {
        std::unique_ptr<ScopeNode> &child = scope->children[entry];
        if (!child)
          child = std::make_unique<ScopeNode>();
        scope = child.get();
      }
    scope->nodes.push_back(text);
    edges += "  " + node + " -> dev" + std::to_string(device) + ";\n";
  }

  static void printScope(const ScopeNode &scope, const std::string &indent,
                         unsigned &numClusters, raw_ostream &os) {
    for (const std::string &node : scope.nodes)
      os << indent << node << "\n";
    for (const auto &[name, child] : scope.children) {
      os << indent << "subgraph cluster_" << numClusters++ << " {\n"
         << indent << "  label=" << quote(name) << ";\n";
      printScope(*child, indent + "  ", numClusters, os);
      os << indent << "}\n";
    }
  }

  ScopeNode root;
  SymbolTableCollection symbolTables;
  SmallVector<std::string> devices;
  std::string edges;
  unsigned numDispatches = 0;
  unsigned numExterns = 0;
  unsigned numTransfers = 0;
};

} // namespace

void scopeir::flow::printDispatchGraph(ModuleOp module, raw_ostream &os) {
  GraphBuilder graph;
  module.walk([&](Operation *op) {
    if (auto dispatch = dyn_cast<DispatchOp>(op))
      graph.addDispatch(dispatch);
    else if (auto call = dyn_cast<util::ExternCallOpInterface>(op))
      graph.addExtern(call);
    else if (auto transfer = dyn_cast<TensorTransferOp>(op))
      graph.addTransfer(transfer);
  });
  graph.print(os);
  os.flush();
}

void scopeir::flow::printKernelCalls(ModuleOp module, raw_ostream &os) {
  unsigned index = 0;
  module.walk([&](util::ExternCallOpInterface call) {
    os << "extern #" << index++ << " \"" << call.getKernelSymbol() << "\"";
    if (FlatSymbolRefAttr decomposition = call.getKernelDecompositionAttr())
      os << " decomposition=" << decomposition;
    os << " scope=";
    printScopePath(os, util::getScopePath(call));
    os << "\n";
  });
}
