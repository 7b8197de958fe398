//===- UtilOpFolders.cpp - util folders and canonicalization ----*- C++ -*-===//
//
// This file implements folders and canonicalization patterns of the util
// dialect's ops. Scope ops deliberately get none of upstream's generic
// RegionBranchOpInterface canonicalization patterns: those rewrite operands
// without knowing about operand segments, dims and ties.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"

using namespace mlir;
using namespace scopeir::util;
