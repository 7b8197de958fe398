//===- CodegenAttrs.h - codegen attributes and strategies -------*- C++ -*-===//
//
// This file declares the codegen dialect's attributes, the kinds of root ops
// strategies are chosen for, and Strategy, what a tu scope is compiled by.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_IR_CODEGENATTRS_H
#define SCOPEIR_DIALECT_CODEGEN_IR_CODEGENATTRS_H

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#include <optional>

namespace scopeir::codegen {

/// The kinds of root ops whose strategies a backend's table and a
/// `#codegen.strategy` distinguish.
enum class RootKind {
  /// A contraction (matmul-like; linalg::isaContractionOpInterface).
  Contraction,
  /// A convolution (linalg::isaConvolutionOpInterface).
  Convolution,
  /// Any other linalg op with a reduction loop.
  Reduction,
  /// A chain of elementwise linalg ops (all loops parallel).
  Elementwise,
  /// Every other tileable op (transposes, packs, pads, ...).
  Other,
};

/// Returns the keyword of `kind` (`contraction`, ...).
llvm::StringRef stringifyRootKind(RootKind kind);

/// Returns the kind named `keyword`, if any.
std::optional<RootKind> symbolizeRootKind(llvm::StringRef keyword);

/// Returns every kind, in declaration order.
llvm::ArrayRef<RootKind> getAllRootKinds();

/// What a `codegen.scope.tu` is compiled by: nothing, a textual pass
/// pipeline, or a transform dialect named sequence with parameters.
struct Strategy {
  /// The pass pipeline (without anchor), or null.
  mlir::StringAttr pipeline;
  /// The named sequence, or null.
  mlir::FlatSymbolRefAttr sequence;
  /// The parameters of the named sequence, bound in order to its arguments
  /// after the scope; null or empty if it takes none.
  mlir::ArrayAttr arguments;

  static Strategy getPipeline(mlir::StringAttr pipeline) {
    return Strategy{pipeline, {}, {}};
  }
  static Strategy getSequence(mlir::FlatSymbolRefAttr sequence,
                              mlir::ArrayAttr arguments = {}) {
    return Strategy{{}, sequence, arguments};
  }

  bool isPipeline() const { return static_cast<bool>(pipeline); }
  bool isSequence() const { return static_cast<bool>(sequence); }
  bool empty() const { return !pipeline && !sequence; }

  /// Returns the parameters (empty if none).
  llvm::ArrayRef<mlir::Attribute> getArguments() const {
    return arguments ? arguments.getValue() : llvm::ArrayRef<mlir::Attribute>();
  }

  bool operator==(const Strategy &other) const {
    return pipeline == other.pipeline && sequence == other.sequence &&
           getArguments() == other.getArguments();
  }

  /// Encodes a non-empty strategy as one attribute: the pipeline string, or
  /// an array holding the sequence symbol followed by its parameters.
  mlir::Attribute encode(mlir::MLIRContext *context) const;
  /// Decodes what `encode` produced; fails for anything else.
  static mlir::FailureOr<Strategy> decode(mlir::Attribute attr);
};

/// Parses a strategy written as `"pipeline"` or `@sequence(param, ...)` (the
/// parameter list is optional).
mlir::ParseResult parseStrategy(mlir::AsmParser &parser, Strategy &strategy);

/// Prints a non-empty strategy as parseStrategy reads it.
void printStrategy(mlir::AsmPrinter &printer, const Strategy &strategy);

} // namespace scopeir::codegen

#define GET_ATTRDEF_CLASSES
#include "scopeir/Dialect/Codegen/IR/CodegenAttrs.h.inc"

#endif // SCOPEIR_DIALECT_CODEGEN_IR_CODEGENATTRS_H
