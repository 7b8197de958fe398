//===- HALAttrs.h - hal attributes ------------------------------*- C++ -*-===//
//
// This file declares the hal dialect's attributes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_IR_HALATTRS_H
#define SCOPEIR_DIALECT_HAL_IR_HALATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#define GET_ATTRDEF_CLASSES
#include "scopeir/Dialect/HAL/IR/HALAttrs.h.inc"

namespace scopeir::hal {

/// The ABI options of an extern kernel (`#hal.extern<"symbol", {...}>`,
/// `hal.dispatch.extern ... {abi = {...}}`): whether it returns a status,
/// whether it requires dense row-major buffers (strided ones copied).
inline constexpr llvm::StringLiteral kKernelStatusOption = "status";
inline constexpr llvm::StringLiteral kKernelContiguousOption = "contiguous";

/// Returns true if `symbol` can name a C function: a C identifier.
bool isValidKernelSymbol(llvm::StringRef symbol);

/// Checks a dictionary of kernel ABI options: known names, bool values.
mlir::LogicalResult
verifyKernelABIOptions(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                       mlir::DictionaryAttr abi);

/// Returns the value of the bool ABI option `name` in `abi` (which may be
/// null), or `defaultValue` when it is not set.
bool getKernelABIFlag(mlir::DictionaryAttr abi, llvm::StringRef name,
                      bool defaultValue);

/// Returns the device `op` runs on: the innermost placement that applies to
/// it (enclosing scopes, functions, modules), if that placement is a
/// `#hal.device.target`; null otherwise.
DeviceTargetAttr lookupDevice(mlir::Operation *op);

/// Returns the device `op` itself carries (a function's or module's
/// `hal.device` attribute, or a scope op's device attribute), or null.
DeviceTargetAttr getOwnDevice(mlir::Operation *op);

/// Returns the device of a function: its own `hal.device`, else the
/// placement of the function (the module-level default), if that placement
/// is a `#hal.device.target`; null otherwise.
DeviceTargetAttr getFunctionDevice(mlir::Operation *funcOp);

} // namespace scopeir::hal

#endif // SCOPEIR_DIALECT_HAL_IR_HALATTRS_H
