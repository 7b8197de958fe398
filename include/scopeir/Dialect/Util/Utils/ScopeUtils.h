//===- ScopeUtils.h - Helpers for scope transformations ---------*- C++ -*-===//
//
// This file declares helpers shared by the structural scope passes:
// wrapping ops in a scope, rebuilding a scope-like op as `util.scope`,
// inlining a scope's body into its parent, and tying results to captures.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_UTILS_SCOPEUTILS_H
#define SCOPEIR_DIALECT_UTIL_UTILS_SCOPEUTILS_H

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallVector.h"

namespace scopeir::util {

class DynamicDimBuilder;

//===----------------------------------------------------------------------===//
// Rewriting scopes
//===----------------------------------------------------------------------===//

/// Returns the implicit captures of `scope` that are worth capturing
/// explicitly: every value defined above and used in the body except
/// constants (those stay implicit: the canonicalizer drops explicit captures
/// of constants).
llvm::SmallVector<mlir::Value> getCapturableValues(ScopeOpInterface scope);

/// Moves the ops from `begin` to `end` (exclusive) of the block of `scope`
/// into the body of `scope`, a one-region scope op just created right before
/// them, whose region is empty (an entry block is created) or holds one empty
/// entry block. Ends the body with a `util.return` of `results` and points
/// every use of `results` outside `scope` at the result of `scope` in the
/// same position (a value given twice: at the first).
void moveOpsIntoScope(mlir::RewriterBase &rewriter, mlir::Operation *scope,
                      mlir::Block::iterator begin, mlir::Block::iterator end,
                      mlir::ValueRange results);

/// The operands of a `util.scope` that replaces another scope op.
struct ScopeOpOperands {
  /// Explicit captures, in order. Must include the explicit captures of the
  /// op being replaced (its entry block arguments map to them).
  llvm::SmallVector<mlir::Value> captures;
  /// Dynamic dims of the captures, flattened in capture order.
  llvm::SmallVector<mlir::Value> captureDims;
  /// Dynamic dims of the untied results, flattened in result order.
  llvm::SmallVector<mlir::Value> resultDims;
  /// One entry per result: the capture index it is tied to, or -1.
  llvm::SmallVector<int64_t> ties;
};

/// Follows `value` back through the destination-style ops inside `scope`
/// that produce it in place (from their tied init) to the value it was
/// produced in place from: an entry block argument or a value from above, or
/// the result of the first op of the chain that is not destination-style.
mlir::Value getInPlaceSource(mlir::Operation *scope, mlir::Value value);

/// Appends to the captures of `operands`, with their dims, the capturable
/// values of `scope` (getCapturableValues) that are not among them yet, for
/// which `keep()` is true (asked in order) and whose dims `dims` finds; the
/// others stay implicit.
void appendCapturableValues(ScopeOpInterface scope, DynamicDimBuilder &dims,
                            llvm::function_ref<bool()> keep,
                            ScopeOpOperands &operands);

/// Chooses the operands of a `util.scope` replacing `scope`, an implicitly
/// capturing scope op whose body is one block: the capturable values for
/// which `keepCapture()` is true and whose dims `dims` finds become captures
/// (appendCapturableValues); a result produced in place
/// (getInPlaceSource) from a capture of its type that no earlier result is
/// tied to is tied to it if `keepTie()` is true; the untied results get
/// their dims from `dims`. The callbacks are asked only about candidates,
/// in that order (the scope generators of the tests decide at random).
/// Fails if the dims of an untied result cannot be found; `operands` then
/// holds the choices made up to it.
mlir::LogicalResult
chooseCapturesAndTies(ScopeOpInterface scope, DynamicDimBuilder &dims,
                      llvm::function_ref<bool()> keepCapture,
                      llvm::function_ref<bool()> keepTie,
                      ScopeOpOperands &operands);

/// Replaces `scope` by a `util.scope` with its scope attributes, discardable
/// attributes, result types and body, and the given captures, dims and ties.
/// Uses of the captures inside the body become uses of the new entry block
/// arguments. Returns the new op.
ScopeOp replaceWithScopeOp(mlir::RewriterBase &rewriter, ScopeOpInterface scope,
                           const ScopeOpOperands &operands);

/// Replaces every exit of the blocks of `body` (isScopeExit: a util.return
/// in a scope body, or a terminator moved out of one) by the terminator
/// `build` creates in its place from its location and operands.
void replaceScopeExits(mlir::RewriterBase &rewriter, mlir::Region &body,
                       llvm::function_ref<void(
                           mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>
                           build);

/// Inlines the body of `scope` into its parent and erases it: entry block
/// arguments become the explicit captures and results become the returned
/// values. A single block ending in a return is spliced in place. A
/// multi-block body is spliced into the parent region (its returns become
/// `cf.br` to a continuation block) when that region may hold several
/// blocks, and otherwise becomes the body of an `scf.execute_region`.
/// Fails (with an error on the op) only for a malformed scope op whose entry
/// block arguments do not match its explicit captures.
mlir::LogicalResult inlineScope(mlir::RewriterBase &rewriter,
                                ScopeOpInterface scope);

/// Ties every untied shaped result of `scope` (a closure whose ties index
/// its closure operands) that every exit produces in place from one capture
/// (through destination-style ops, tied ops and loops updating their
/// iter_args in place) when that capture dies at the scope: it is defined in
/// the scope's block and its only other uses are before the scope. Tied
/// results give up their own dims. Returns true if a tie was added.
bool induceTiedResults(ClosureOpInterface scope);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_UTILS_SCOPEUTILS_H
