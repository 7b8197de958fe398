//===- TypeConversion.h - Structural type conversion of scopes --*- C++ -*-===//
//
// This file declares the dialect-conversion patterns that rewrite scope ops
// when a TypeConverter changes the types of the values they capture, yield or
// return.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_TRANSFORMS_TYPECONVERSION_H
#define SCOPEIR_DIALECT_UTIL_TRANSFORMS_TYPECONVERSION_H

namespace mlir {
class ConversionTarget;
class RewritePatternSet;
class TypeConverter;
} // namespace mlir

namespace scopeir::util {

/// Adds patterns that convert every scope op (ScopeOpInterface: `util.scope`,
/// `util.annotate`, `hal.device.scope`, ...) and `util.return` with
/// `typeConverter` (1:1 and 1:N), and marks those ops dynamically legal on
/// `target` when all their types (captures, results, block arguments) are
/// legal. Scope ops are found among the context's registered ops, so the
/// dialects providing them must be loaded first.
///
/// The scope pattern works through the interfaces: explicit captures are the
/// closure operands (ClosureOpInterface), ties come from TiedOpInterface and
/// dims from ShapeAwareOpInterface; the replacement is a copy of the op whose
/// operands, dims and ties are set through the same interfaces.
///
/// A 1:N converted capture becomes N captures and N entry block arguments; a
/// result tied to it becomes N results tied pairwise to them. Dims stay
/// `index`: every converted value reuses the dims of the value it replaces,
/// so each converted type must have as many dynamic dims as the original one;
/// a conversion that changes that number is reported on the scope and the
/// pattern fails.
void populateScopeTypeConversionPatterns(mlir::TypeConverter &typeConverter,
                                         mlir::RewritePatternSet &patterns,
                                         mlir::ConversionTarget &target);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_TRANSFORMS_TYPECONVERSION_H
