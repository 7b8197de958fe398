//===- UtilOpBase.td - ODS classes for scope ops -----------*- tablegen -*-===//
//
// Classes from which any dialect builds scope ops that util's passes handle
// like its own.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILOPBASE_TD
#define SCOPEIR_DIALECT_UTIL_IR_UTILOPBASE_TD

include "scopeir/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/OpBase.td"

// An annotation-like scope op (`util.annotate`, `hal.device.scope`): the
// user-level form of a scope, with implicit captures only, plain result types
// and a body of one or more blocks whose exits end in `util.return`.
// `util-lower-annotations` rewrites it into `util.scope`.
//
// The class provides the results, the body, the region-branch methods (the
// body runs exactly once) and `isAnnotationLike`; the ScopeOpInterface
// verifier checks the body. A subclass declares how it stores its scope
// attributes (its arguments) and implements `getStoredScopeAttributes` and
// `setScopeAttributes`.
class Util_AnnotationLikeScopeOp<Dialect dialect, string mnemonic,
                                 list<Trait> traits = []>
    : Op<dialect, mnemonic, !listconcat([
        DeclareOpInterfaceMethods<RegionBranchOpInterface,
            ["getRegionInvocationBounds"]>,
        DeclareOpInterfaceMethods<Util_ScopeOpInterface, ["isAnnotationLike"]>,
      ], traits)> {
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region MinSizedRegion<1>:$body);

  let extraClassDefinition = [{
    bool $cppClass::isAnnotationLike() { return true; }

    void $cppClass::getSuccessorRegions(
        ::mlir::RegionBranchPoint point,
        ::llvm::SmallVectorImpl<::mlir::RegionSuccessor> &regions) {
      if (point.isParent()) {
        regions.push_back(::mlir::RegionSuccessor(&getBody()));
        return;
      }
      regions.push_back(::mlir::RegionSuccessor(getOperation(), getResults()));
    }

    void $cppClass::getRegionInvocationBounds(
        ::llvm::ArrayRef<::mlir::Attribute> operands,
        ::llvm::SmallVectorImpl<::mlir::InvocationBounds> &bounds) {
      bounds.emplace_back(1, 1);
    }
  }];
}

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILOPBASE_TD
