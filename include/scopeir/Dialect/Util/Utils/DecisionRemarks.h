//===- DecisionRemarks.h - Say why a pass decided what it did ---*- C++ -*-===//
//
// This file declares DecisionRemarks, which the passes that decide about
// single ops (outlining, dispatch and tu-scope formation, workgroup fusion,
// kernel matching) use to say what they decided and why.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_UTILS_DECISIONREMARKS_H
#define SCOPEIR_DIALECT_UTIL_UTILS_DECISIONREMARKS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/Twine.h"

#include <optional>

namespace scopeir::util {

/// Reports the decisions of a pass about single ops (an op fused or not, a
/// root formed or not, a scope outlined or not) in two ways: as one line of
/// `-debug-only=<DEBUG_TYPE>` output each, where LLVM was built with debug
/// output, and, when the pass's `remarks` option is set, as a remark at the
/// op concerned, with a note at the op it relates to (the root a producer
/// was not fused into). Debian's release LLVM has no `-debug-only`: there
/// the remarks are how a compiler engineer sees the decisions, and they are
/// what lit tests check. Without either, reporting does nothing, so a pass
/// run without `remarks` prints exactly what it printed before.
///
/// The remark is emitted at the op's location, not through
/// `Operation::emitRemark`, which would print the whole op (a scope with its
/// body) under every remark.
class DecisionRemarks {
public:
  /// `debugType` is the pass's DEBUG_TYPE (a string literal: it is kept);
  /// `emitRemarks` is its `remarks` option.
  DecisionRemarks(const char *debugType, bool emitRemarks)
      : debugType(debugType), emitRemarks(emitRemarks) {}

  /// Returns true if a decision reported now goes anywhere: callers skip
  /// working out a reason nobody reads.
  bool isEnabled() const;

  /// Reports a decision about `op`: `message` as a remark at `op` and, when
  /// `noteLoc` is set, `note` as a note there (the root an op was not fused
  /// into, the step of a matcher that failed).
  void report(mlir::Operation *op, const llvm::Twine &message,
              std::optional<mlir::Location> noteLoc = std::nullopt,
              const llvm::Twine &note = llvm::Twine()) const;
  /// The same, with the note at `related`.
  void report(mlir::Operation *op, const llvm::Twine &message,
              mlir::Operation *related, const llvm::Twine &note) const {
    report(op, message, related->getLoc(), note);
  }

private:
  [[maybe_unused]] const char *debugType;
  bool emitRemarks;
};

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_UTILS_DECISIONREMARKS_H
