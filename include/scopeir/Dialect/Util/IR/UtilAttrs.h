//===- UtilAttrs.h - util attributes ----------------------------*- C++ -*-===//
//
// This file declares the util dialect's attributes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILATTRS_H
#define SCOPEIR_DIALECT_UTIL_IR_UTILATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#define GET_ATTRDEF_CLASSES
#include "scopeir/Dialect/Util/IR/UtilAttrs.h.inc"

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILATTRS_H
