//===- CodegenOpFolders.cpp - codegen canonicalization ----------*- C++ -*-===//
//
// This file registers the canonicalization patterns of the codegen dialect's
// ops: codegen.scope.tu is optimized as a closure by util's patterns, which
// are written against ClosureOpInterface (an isolated body gets captured
// constants cloned into it instead of used from above). None of them inlines
// a scope that still computes something.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

using namespace mlir;
using namespace scopeir::codegen;

void TUOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  scopeir::util::populateClosureCanonicalizationPatterns(results,
                                                         getOperationName());
}
