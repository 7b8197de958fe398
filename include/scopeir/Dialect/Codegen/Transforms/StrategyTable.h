//===- StrategyTable.h - Backends' strategies per kind of root --*- C++ -*-===//
//
// This file declares StrategyTable, through which a backend tells
// codegen-form-tu-scopes which strategy each root op gets, and the registry
// that names the tables, so that the codegen dialect never depends on the
// backends that use it. It also declares the classification of root ops that
// tables and `#codegen.strategy` share.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_STRATEGYTABLE_H
#define SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_STRATEGYTABLE_H

#include "scopeir/Dialect/Codegen/IR/CodegenAttrs.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace scopeir::codegen {

/// Returns the kind of root `op` is, or nullopt if it is no root at all
/// (not a tileable op on tensors). The order of the checks is the order of
/// RootKind: a convolution is not also a reduction.
std::optional<RootKind> classifyRoot(mlir::Operation *op);

/// A backend's choice of strategy per root op. The forming pass asks it
/// about every root that no `#codegen.strategy` covers; the tu scope it
/// forms gets the answer. A table may also provide a transform library
/// (the named sequences its strategies use), which the strategy runner
/// searches after the module and any user library.
class StrategyTable {
public:
  virtual ~StrategyTable() = default;

  /// Returns the strategy of `root`, a root of `kind` (classifyRoot) on
  /// tensors, still at its place in the function: an empty Strategy for
  /// none (the scope is formed without one). Fails, after emitting an error
  /// at `root`, if the table cannot decide (a malformed device config, say).
  virtual mlir::FailureOr<Strategy> getStrategy(mlir::Operation *root,
                                                RootKind kind) const = 0;

  /// Returns true if `producer`, an op whose results only `root`'s group
  /// uses, joins the tu scope of `root` although it is no clonable producer
  /// (an empty or a fill): an op the root's strategy reads through (a
  /// layout change it folds into its own packing). False by default.
  virtual bool takesProducer(mlir::Operation *root,
                             mlir::Operation *producer) const {
    return false;
  }

  /// Returns true if the owner of `use`, an elementwise root that is the
  /// only user of the result of `root` or of an elementwise op `root`'s
  /// group took already, joins the tu scope of `root` (and the chain grows
  /// on from it): an epilogue the root's strategy computes in its own tiles,
  /// while each tile of the root's result is still in cache. False by
  /// default: consumers form elementwise chains of their own.
  virtual bool takesConsumer(mlir::Operation *root,
                             mlir::OpOperand &use) const {
    return false;
  }

  /// Returns the source text of a module of transform named sequences that
  /// the table's strategies name (empty: none), and the buffer name its
  /// diagnostics use.
  virtual llvm::StringRef getLibrarySource() const { return {}; }
  virtual llvm::StringRef getLibraryName() const { return "<strategy table>"; }
};

/// The name -> table map (`codegen-form-tu-scopes{table=NAME}`). Registration
/// is thread-safe; tables live until the end of the process.
class StrategyTableRegistry {
public:
  /// The process-wide registry.
  static StrategyTableRegistry &global();

  /// Registers `table` as `name`. Returns false (and drops it) if the name
  /// is taken.
  bool registerTable(llvm::StringRef name,
                     std::unique_ptr<StrategyTable> table);

  /// Returns the table named `name`, or null.
  const StrategyTable *lookup(llvm::StringRef name) const;

  /// Returns the registered names as "a, b" for diagnostics.
  std::string getRegisteredNamesString() const;

private:
  mutable std::mutex mutex;
  llvm::StringMap<std::unique_ptr<StrategyTable>> tables;
};

} // namespace scopeir::codegen

#endif // SCOPEIR_DIALECT_CODEGEN_TRANSFORMS_STRATEGYTABLE_H
