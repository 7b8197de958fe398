//===- DispatchUtils.h - Helpers of the flow passes -------------*- C++ -*-===//
//
// This file declares what the flow passes and tools share: which ops are
// dispatched, scope paths, the placement check, the dispatch map and its
// picture.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_UTILS_DISPATCHUTILS_H
#define SCOPEIR_DIALECT_FLOW_UTILS_DISPATCHUTILS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace scopeir::flow {

/// Returns true if `op` is a unit of work that dispatch region formation
/// puts into a region: a linalg op on tensors, another op implementing
/// TilingInterface whose results are ranked tensors, or a scope op that is a
/// dispatch root (`ScopeOpInterface::isDispatchRoot`) with ranked tensor
/// results.
bool isDispatchableOp(mlir::Operation *op);

/// Returns the path of scope ops enclosing `op`, outermost first: for each
/// scope its name (util::getScopeName), else its attributes printed and
/// joined, else the scope op's name.
mlir::ArrayAttr getScopePath(mlir::Operation *op);

/// Prints a scope path (getScopePath) as its entries joined by "/", or "-"
/// for a null or empty path: the form the dispatch listings use.
void printScopePath(llvm::raw_ostream &os, mlir::ArrayAttr path);

/// Checks that every dispatchable op (a linalg op or another tileable op)
/// nested in `root` sits in a dispatch region whose placement is the op's
/// innermost placement (util::lookupPlacement), that every region's placement
/// is the one of the scopes around it, and that every `flow.dispatch` calls
/// an executable placed where the dispatch is. Emits an error at each
/// violating op, with a note at the scope that placed it.
mlir::LogicalResult verifyDispatchPlacement(mlir::Operation *root);

/// Prints one line per `flow.dispatch` in `module` (after
/// flow-outline-dispatch-regions): the executable it runs, the device (the
/// executable's placement, or `host`) and the scope path it came from.
void printDispatches(mlir::ModuleOp module, llvm::raw_ostream &os);

/// Prints one line per extern kernel call (an ExternCallOpInterface op such
/// as `hal.dispatch.extern`) in `module`: its kernel symbol, its
/// decomposition function if it has one and the scope path it came from.
void printKernelCalls(mlir::ModuleOp module, llvm::raw_ostream &os);

/// Prints one line per flow.tensor.transfer of `module`, in module order:
/// `transfer #N <type> from <memory> to <memory> scope=<path>|-` (each
/// memory a placement or `host`; the path of the scopes around it).
void printTransfers(mlir::ModuleOp module, llvm::raw_ostream &os);

/// Returns the name of a transfer side in the dispatch map and the trace:
/// the placement's display name (its printed form if it has none), or
/// `host`.
std::string getMemoryName(mlir::Attribute memory);

/// Prints the `flow.dispatch` ops and extern kernel calls of `module`
/// (after flow-outline-dispatch-regions) as a Graphviz DOT graph: one
/// cluster per scope of their scope paths, a box per dispatch (numbered as
/// printDispatches numbers them) filled with its device's colour, a
/// `component` shape per extern kernel call, an ellipse per device and an
/// edge from each to its device (see flow-print-dispatch-graph).
void printDispatchGraph(mlir::ModuleOp module, llvm::raw_ostream &os);

} // namespace scopeir::flow

#endif // SCOPEIR_DIALECT_FLOW_UTILS_DISPATCHUTILS_H
