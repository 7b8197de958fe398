//===- UtilOpBase.td - ODS classes for scope ops -----------*- tablegen -*-===//
//
// Classes from which any dialect builds scope ops that util's passes handle
// like its own, and the terminators of their bodies.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILOPBASE_TD
#define SCOPEIR_DIALECT_UTIL_IR_UTILOPBASE_TD

include "scopeir/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

def Util_ScopeAttrArray : TypedArrayAttrBase<AnyAttr,
    "array of attributes implementing ScopeAttrInterface">;

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

// A capturing scope op (`util.scope`, `codegen.scope.tu`): explicit captures
// that become the entry block's arguments, results that may be tied to a
// capture, the dynamic dims of captures and untied results as `index`
// operands, scope attributes from any dialect, and a body of one or more
// blocks whose exits hand their operands to the results.
//
// The class provides the operands and inherent attributes (`scopeArguments`;
// a subclass with more writes `!con(scopeArguments, (ins ...))`), the results,
// the body, a builder, the accessors of `scopeClassDeclaration` (a subclass
// with more appends to it) and the methods of RegionBranchOpInterface (the
// body runs exactly once, on the captures), ScopeOpInterface,
// TiedOpInterface (ties index the captures), ShapeAwareOpInterface and
// ClosureOpInterface. `scopeOpMethods` names the defaulted ScopeOpInterface
// methods the subclass overrides. The subclass writes `parse`, `print` and
// `verify` on OpImplUtils' parseCapturingScopeOp, printCapturingScopeOp and
// verifyScopeSignature, adding its own syntax and checks, and its
// canonicalization patterns.
class Util_CapturingScopeOp<Dialect dialect, string mnemonic,
                            list<Trait> traits = [],
                            list<string> scopeOpMethods = []>
    : Op<dialect, mnemonic, !listconcat(traits, [
        AttrSizedOperandSegments,
        DeclareOpInterfaceMethods<RegionBranchOpInterface,
            ["getEntrySuccessorOperands", "getRegionInvocationBounds"]>,
        DeclareOpInterfaceMethods<Util_ScopeOpInterface,
            !listconcat(["getExplicitCaptures"], scopeOpMethods)>,
        DeclareOpInterfaceMethods<Util_TiedOpInterface>,
        DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
        DeclareOpInterfaceMethods<Util_ClosureOpInterface>,
      ])> {
  dag scopeArguments = (ins
    Variadic<AnyType>:$captures,
    Variadic<Index>:$capture_dims,
    Variadic<Index>:$result_dims,
    OptionalAttr<Util_ScopeAttrArray>:$scope_attrs,
    OptionalAttr<DenseI64ArrayAttr>:$tied_operands
  );
  let arguments = scopeArguments;
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region MinSizedRegion<1>:$body);

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;

  // The body gets an entry block with one argument per capture; ties and
  // scope attributes that say nothing are not stored.
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$resultDims,
      "::mlir::ValueRange":$captures,
      "::mlir::ValueRange":$captureDims,
      "::llvm::ArrayRef<int64_t>":$tiedOperands,
      "::llvm::ArrayRef<::mlir::Attribute>":$scopeAttrs), [{
      $_state.addOperands(captures);
      $_state.addOperands(captureDims);
      $_state.addOperands(resultDims);
      $_state.addTypes(resultTypes);
      Properties &props = $_state.getOrAddProperties<Properties>();
      props.operandSegmentSizes = {static_cast<int32_t>(captures.size()),
                                   static_cast<int32_t>(captureDims.size()),
                                   static_cast<int32_t>(resultDims.size())};
      if (!scopeAttrs.empty())
        props.scope_attrs = $_builder.getArrayAttr(scopeAttrs);
      props.tied_operands =
          ::scopeir::util::getTiesAttrOrNull($_builder.getContext(),
                                             tiedOperands);
      ::scopeir::util::addCaptureEntryBlock($_state, captures);
    }]>,
  ];

  code scopeClassDeclaration = [{
    /// Returns the entry block of the body.
    ::mlir::Block &getEntryBlock() { return getBody().front(); }

    /// Returns the dynamic dims of capture `index` (a slice of capture_dims).
    ::mlir::ValueRange getCaptureDynamicDims(unsigned index);

    /// Returns the scope attributes as an ArrayAttr (empty if absent).
    ::mlir::ArrayAttr getScopeAttrsOrEmpty();
  }];
  let extraClassDeclaration = scopeClassDeclaration;

  let extraClassDefinition = [{
    ::mlir::ArrayAttr $cppClass::getScopeAttrsOrEmpty() {
      if (::mlir::ArrayAttr attrs = getScopeAttrsAttr())
        return attrs;
      return ::mlir::ArrayAttr::get(getContext(), {});
    }

    ::mlir::ValueRange $cppClass::getCaptureDynamicDims(unsigned index) {
      return ::scopeir::util::sliceDynamicDims(getCaptures().getTypes(),
                                               getCaptureDims(), index);
    }

    // ScopeOpInterface.

    ::llvm::SmallVector<::mlir::Attribute>
    $cppClass::getStoredScopeAttributes() {
      return ::llvm::to_vector(getScopeAttrsOrEmpty().getValue());
    }

    ::mlir::LogicalResult
    $cppClass::setScopeAttributes(::llvm::ArrayRef<::mlir::Attribute> attrs) {
      setScopeAttrsAttr(attrs.empty() ? ::mlir::ArrayAttr()
                                      : ::mlir::ArrayAttr::get(getContext(),
                                                               attrs));
      return ::mlir::success();
    }

    ::mlir::OperandRange $cppClass::getExplicitCaptures() {
      return getCaptures();
    }

    // TiedOpInterface.

    ::mlir::OperandRange $cppClass::getTiedOperandsRange() {
      return getCaptures();
    }

    ::llvm::SmallVector<int64_t> $cppClass::getTiedResultIndices() {
      return ::scopeir::util::getTiesOrUntied(getTiedOperandsAttr(),
                                              getNumResults());
    }

    void $cppClass::setTiedResultIndices(::llvm::ArrayRef<int64_t> ties) {
      setTiedOperandsAttr(
          ::scopeir::util::getTiesAttrOrNull(getContext(), ties));
    }

    // ShapeAwareOpInterface.

    ::mlir::ValueRange $cppClass::getOperandDynamicDims(unsigned operandIndex) {
      // Only captures have dims; dims themselves are index values.
      return ::scopeir::util::getOperandDynamicDims(
          getCaptures(), getCaptureDims(), operandIndex);
    }

    ::mlir::ValueRange $cppClass::getResultDynamicDims(unsigned resultIndex) {
      return ::scopeir::util::getTiedResultDynamicDims(
          *this, resultIndex, getCaptureDims(), getResultDims());
    }

    void $cppClass::setAllOperandDynamicDims(::mlir::ValueRange dims) {
      getCaptureDimsMutable().assign(dims);
    }

    void $cppClass::setAllResultDynamicDims(::mlir::ValueRange dims) {
      getResultDimsMutable().assign(dims);
    }

    // RegionBranchOpInterface.

    ::mlir::OperandRange
    $cppClass::getEntrySuccessorOperands(::mlir::RegionSuccessor successor) {
      return getCaptures();
    }

    void $cppClass::getSuccessorRegions(
        ::mlir::RegionBranchPoint point,
        ::llvm::SmallVectorImpl<::mlir::RegionSuccessor> &regions) {
      if (point.isParent()) {
        regions.push_back(
            ::mlir::RegionSuccessor(&getBody(), getBody().getArguments()));
        return;
      }
      regions.push_back(::mlir::RegionSuccessor(getOperation(), getResults()));
    }

    void $cppClass::getRegionInvocationBounds(
        ::llvm::ArrayRef<::mlir::Attribute> operands,
        ::llvm::SmallVectorImpl<::mlir::InvocationBounds> &bounds) {
      bounds.emplace_back(1, 1);
    }

    // ClosureOpInterface.

    ::mlir::Region &$cppClass::getClosureBodyRegion() { return getBody(); }

    ::mlir::OperandRange $cppClass::getClosureOperands() {
      return getCaptures();
    }

    ::mlir::MutableOperandRange $cppClass::getClosureOperandsMutable() {
      return getCapturesMutable();
    }

    void $cppClass::getClosureReturns(
        ::llvm::SmallVectorImpl<::mlir::Operation *> &returns) {
      ::llvm::append_range(returns, ::scopeir::util::getScopeExits(*this));
    }

    ::scopeir::util::ClosureOpInterface
    $cppClass::cloneReplacementExcludingOperandsAndResults(
        ::llvm::ArrayRef<unsigned> excludedOperandIndices,
        ::llvm::ArrayRef<unsigned> excludedResultIndices,
        ::mlir::RewriterBase &rewriter) {
      ::scopeir::util::ClosureExclusion exclusion =
          ::scopeir::util::computeClosureExclusion(
              *this, excludedOperandIndices, excludedResultIndices);
      auto newOp = $cppClass::create(
          rewriter, getLoc(), exclusion.resultTypes, exclusion.resultDims,
          exclusion.captures, exclusion.captureDims, exclusion.ties,
          getScopeAttrsOrEmpty().getValue());
      // Inherent attributes of the subclass (a tu scope's strategy) carry
      // over as they are.
      Properties &props = newOp.getProperties();
      Properties kept = getProperties();
      kept.operandSegmentSizes = props.operandSegmentSizes;
      kept.scope_attrs = props.scope_attrs;
      kept.tied_operands = props.tied_operands;
      props = kept;
      newOp->setDiscardableAttrs(
          getOperation()->getDiscardableAttrDictionary());
      auto closure =
          ::llvm::cast<::scopeir::util::ClosureOpInterface>(newOp.getOperation());
      ::scopeir::util::moveClosureBody(rewriter, *this, closure, exclusion);
      return closure;
    }
  }];
}

// The terminator of a scope op's exiting blocks (`util.return`,
// `codegen.yield`): its operands become the scope's results. The subclass
// writes `verify`, on OpImplUtils' verifyOperandsMatchParentResults.
class Util_ScopeExitOp<Dialect dialect, string mnemonic,
                       list<Trait> traits = []>
    : Op<dialect, mnemonic,
         !listconcat([Pure, ReturnLike, Terminator], traits)> {
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* nothing to do */ }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILOPBASE_TD
