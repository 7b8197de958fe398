//===- UtilInterfaces.td - util op and attribute interfaces -*- tablegen -*-===//
//
// ScopeAttrInterface, ScopeOpInterface, TiedOpInterface,
// ShapeAwareOpInterface, ClosureOpInterface and ExternCallOpInterface.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILINTERFACES_TD
#define SCOPEIR_DIALECT_UTIL_IR_UTILINTERFACES_TD

include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// ScopeAttrInterface
//===----------------------------------------------------------------------===//

def Util_ScopeAttrInterface : AttrInterface<"ScopeAttrInterface"> {
  let cppNamespace = "::scopeir::util";
  let description = [{
    An attribute that means something when attached to a scope op. Each
    attribute has a *kind* (`device`, `zone`, `extern`, ...): a scope carries
    at most one attribute of each kind, and lookups search by kind or by
    attribute class. A *barrier* attribute (a device, an extern kernel) stops
    dispatch region formation from fusing across the scope boundary; a
    non-barrier one (a tracing zone) is transparent to it. A *placement*
    attribute answers "which device runs the ops in this scope". An
    attribute *inherited by dispatches* (a codegen strategy) follows the ops
    of its scope into the dispatches and executables formed from them. An
    attribute that *fixes the signature* (an extern kernel) makes the scope's
    explicit captures and results an interface that rewrites must keep. A
    placement with *device memory* (a GPU) exchanges values with the others
    only through explicit transfers.
  }];
  let methods = [
    InterfaceMethod<
      "Returns the kind of this scope attribute; at most one attribute of a "
      "kind may appear on one scope.",
      "::llvm::StringRef", "getScopeKind">,
    InterfaceMethod<
      "Returns true if transformations must not move or fuse ops across the "
      "boundary of a scope carrying this attribute.",
      "bool", "isScopeBarrier", (ins), [{}],
      /*defaultImplementation=*/[{ return false; }]>,
    InterfaceMethod<
      "Returns true if this attribute places the ops of its scope on a "
      "device (it answers placement queries).",
      "bool", "isPlacement", (ins), [{}],
      /*defaultImplementation=*/[{ return false; }]>,
    InterfaceMethod<[{
        Returns true if the code generated for the ops of a scope carrying
        this attribute must still see it once those ops have left the scope:
        dispatch region formation records it on the regions formed inside
        (innermost per kind) and outlining puts it on their executable
        functions, where lookups find it (a codegen strategy). Placements
        travel separately; the default is false (zones, devices).
      }],
      "bool", "isInheritedByDispatches", (ins), [{}],
      /*defaultImplementation=*/[{ return false; }]>,
    InterfaceMethod<[{
        Returns a short name for what this attribute says (a zone's name, a
        device's backend), from which names of generated IR are derived:
        outlined functions, executable modules, scope paths. Empty (the
        default) if the attribute has none.
      }],
      "::llvm::StringRef", "getScopeDisplayName", (ins), [{}],
      /*defaultImplementation=*/[{ return {}; }]>,
    InterfaceMethod<[{
        Returns true if the explicit captures and results of a scope carrying
        this attribute are the signature of code outside the IR (an external
        kernel takes the captures as its arguments and produces the
        results). Closure optimization then keeps every capture and result
        in place, whatever their uses (it may still refine their types), and
        passes that add, drop or tie captures leave the scope alone. False
        by default.
      }],
      "bool", "fixesScopeSignature", (ins), [{}],
      /*defaultImplementation=*/[{ return false; }]>,
    InterfaceMethod<[{
        Returns true if this placement runs its ops on memory of its own,
        apart from the host's (a GPU's): a value produced under one
        placement and used under another whose memory differs crosses only
        through an explicit `flow.tensor.transfer` (flow-insert-transfers).
        False by default: the ops compute in host memory, as code placed on
        no device does.
      }],
      "bool", "hasDeviceMemory", (ins), [{}],
      /*defaultImplementation=*/[{ return false; }]>,
  ];
}

//===----------------------------------------------------------------------===//
// TiedOpInterface
//===----------------------------------------------------------------------===//

def Util_TiedOpInterface : OpInterface<"TiedOpInterface"> {
  let cppNamespace = "::scopeir::util";
  let description = [{
    An op whose results may be declared the in-place update of one of its
    operands ("tied"). A tie is a storage hint: the tied result has the
    operand's type and dynamic dimensions, and bufferization may reuse the
    operand's storage when the operand is dead after the op.

    Ties are stored as an array with one entry per result: the index of the
    tied operand within the tied-operand range, or -1 when untied.
  }];
  let methods = [
    InterfaceMethod<
      "Returns the operands results may be tied to.",
      "::mlir::OperandRange", "getTiedOperandsRange">,
    InterfaceMethod<
      "Returns the tie array, one entry per result (-1 when untied).",
      "::llvm::SmallVector<int64_t>", "getTiedResultIndices">,
    InterfaceMethod<
      "Returns the index (within the tied-operand range) of the operand "
      "result `resultIndex` is tied to, if any.",
      "std::optional<unsigned>", "getTiedResultOperandIndex",
      (ins "unsigned":$resultIndex), [{}], [{
        auto ties = $_op.getTiedResultIndices();
        if (resultIndex >= ties.size() || ties[resultIndex] < 0)
          return std::nullopt;
        return static_cast<unsigned>(ties[resultIndex]);
      }]>,
    InterfaceMethod<
      "Returns the operand value result `resultIndex` is tied to, or null.",
      "::mlir::Value", "getTiedResultOperand",
      (ins "unsigned":$resultIndex), [{}], [{
        if (auto index = $_op.getTiedResultOperandIndex(resultIndex))
          return $_op.getTiedOperandsRange()[*index];
        return ::mlir::Value();
      }]>,
    InterfaceMethod<
      "Returns the result tied to the operand at `operandIndex` (within the "
      "tied-operand range), or null.",
      "::mlir::Value", "getTiedOperandResult",
      (ins "unsigned":$operandIndex), [{}], [{
        auto ties = $_op.getTiedResultIndices();
        for (auto [i, tie] : ::llvm::enumerate(ties))
          if (tie == static_cast<int64_t>(operandIndex))
            return $_op->getResult(i);
        return ::mlir::Value();
      }]>,
    InterfaceMethod<
      "Returns true if result `resultIndex` is tied to an operand.",
      "bool", "isResultTied", (ins "unsigned":$resultIndex), [{}], [{
        return $_op.getTiedResultOperandIndex(resultIndex).has_value();
      }]>,
    InterfaceMethod<[{
        Replaces the tie array (one entry per result, `kUntied` for an untied
        result). Dims are not touched: a shape-aware op whose ties change
        gets its result dims from `ShapeAwareOpInterface::
        setAllResultDynamicDims` (a tied result carries none of its own).
      }],
      "void", "setTiedResultIndices",
      (ins "::llvm::ArrayRef<int64_t>":$ties)>,
  ];
  let extraSharedClassDeclaration = [{
    /// The value used in tie arrays for an untied result.
    static constexpr int64_t kUntied = -1;
  }];
}

//===----------------------------------------------------------------------===//
// ShapeAwareOpInterface
//===----------------------------------------------------------------------===//

def Util_ShapeAwareOpInterface : OpInterface<"ShapeAwareOpInterface"> {
  let cppNamespace = "::scopeir::util";
  let description = [{
    An op that carries the dynamic dimensions of its shaped operands and
    results as flat lists of `index` operands: one value per dynamic
    dimension, in order.
  }];
  let methods = [
    InterfaceMethod<
      "Returns the dynamic dimensions of the operand at `operandIndex` (an "
      "index over all of the op's operands); empty if it has none.",
      "::mlir::ValueRange", "getOperandDynamicDims",
      (ins "unsigned":$operandIndex)>,
    InterfaceMethod<
      "Returns the dynamic dimensions of result `resultIndex`; empty if it "
      "has none.",
      "::mlir::ValueRange", "getResultDynamicDims",
      (ins "unsigned":$resultIndex)>,
    InterfaceMethod<[{
        Replaces the dims of all operands: one `index` value per dynamic
        dimension of each operand that carries dims, flattened in operand
        order (what `getOperandDynamicDims` returns for each operand, in
        turn).
      }],
      "void", "setAllOperandDynamicDims", (ins "::mlir::ValueRange":$dims)>,
    InterfaceMethod<[{
        Replaces the dims of all results that carry their own: one `index`
        value per dynamic dimension of each such result, flattened in result
        order. A result tied to an operand (`TiedOpInterface`) carries none:
        it has its operand's.
      }],
      "void", "setAllResultDynamicDims", (ins "::mlir::ValueRange":$dims)>,
  ];
}

//===----------------------------------------------------------------------===//
// ScopeOpInterface
//===----------------------------------------------------------------------===//

def Util_ScopeOpInterface : OpInterface<"ScopeOpInterface"> {
  let cppNamespace = "::scopeir::util";
  let description = [{
    An op that groups the ops of its body region into a scope described by
    a list of attributes implementing `ScopeAttrInterface`. Structural passes
    (strip, outline, capture, lower, type conversion) are written against
    this interface, so dialect sugar such as `hal.device.scope` gets them for
    free.

    The body region's entry block arguments are the explicit captures (if
    any); values defined above may also be used implicitly (unless the op is
    isolated from above). Exiting blocks end in a terminator whose operands
    become the op's results (`isScopeExit`): `util.return`, or the op's own
    terminator (`getScopeExitOpName`).

    The interface verifies every implementer: its scope attributes implement
    `ScopeAttrInterface` and have distinct kinds; an annotation-like op takes
    no explicit captures; every block of the body ends in a terminator, and
    every terminator that returns control to the scope is the op's exit
    terminator.

    Every scope op is also verified to group payload IR: it may not be nested
    in transform IR (an op implementing the transform dialect's
    `TransformOpInterface`, such as `transform.named_sequence`) and may not
    capture or return transform handles or parameters.
  }];
  let methods = [
    InterfaceMethod<"Returns the region holding the scope's ops.",
      "::mlir::Region &", "getScopeBody", (ins), [{}],
      /*defaultImplementation=*/[{ return $_op->getRegion(0); }]>,
    InterfaceMethod<[{
        Returns the attributes that describe this scope, in order, as the op
        stores them (the verifier checks that each implements
        `ScopeAttrInterface`).
      }],
      "::llvm::SmallVector<::mlir::Attribute>", "getStoredScopeAttributes">,
    InterfaceMethod<
      "Returns the attributes that describe this scope, in order.",
      "::llvm::SmallVector<::scopeir::util::ScopeAttrInterface>",
      "getScopeAttributes", (ins), [{}], [{
        ::llvm::SmallVector<::scopeir::util::ScopeAttrInterface> result;
        for (::mlir::Attribute attr : $_op.getStoredScopeAttributes())
          if (auto scopeAttr =
                  ::llvm::dyn_cast<::scopeir::util::ScopeAttrInterface>(attr))
            result.push_back(scopeAttr);
        return result;
      }]>,
    InterfaceMethod<[{
        Replaces the attributes that describe this scope by `attrs`. Fails,
        changing nothing, if this op cannot carry that list (an op whose
        syntax holds exactly one device, say).
      }],
      "::mlir::LogicalResult", "setScopeAttributes",
      (ins "::llvm::ArrayRef<::mlir::Attribute>":$attrs)>,
    InterfaceMethod<
      "Returns the explicitly captured values (the entry block's arguments "
      "correspond to them one to one); none by default.",
      "::mlir::OperandRange", "getExplicitCaptures", (ins), [{}], [{
        return ::mlir::OperandRange($_op->operand_end(), $_op->operand_end());
      }]>,
    InterfaceMethod<
      "Returns true if this op is a user-level annotation that "
      "`util-lower-annotations` rewrites into `util.scope`.",
      "bool", "isAnnotationLike", (ins), [{}],
      /*defaultImplementation=*/[{ return false; }]>,
    InterfaceMethod<[{
        Returns the name of the terminator that exits the body and hands its
        operands to the results (`util.return` unless the op has its own,
        such as `codegen.yield`).
      }],
      "::llvm::StringRef", "getScopeExitOpName", (ins), [{}],
      /*defaultImplementation=*/[{ return "util.return"; }]>,
    InterfaceMethod<[{
        Returns true if a call to a function holding the body can stand for
        this op (`util-outline-scopes`): the op carries nothing a call could
        not carry besides its scope attributes, captures, dims and ties. An
        op with other inherent state (a pass pipeline, say) returns false.
      }],
      "bool", "isOutlinable", (ins), [{}],
      /*defaultImplementation=*/[{ return true; }]>,
    InterfaceMethod<[{
        Returns true if running the body once, in place of the op, with the
        captures for its entry block arguments, means what the op means
        (`util-strip-scopes` inlines it). An op whose body runs several times
        or on block arguments of its own (`codegen.scope.workgroups`: once
        per workgroup) returns false, and strip passes keep it.
      }],
      "bool", "isInlinable", (ins), [{}],
      /*defaultImplementation=*/[{ return true; }]>,
    InterfaceMethod<[{
        Returns true if dispatch region formation must give this op a region
        of its own, as a root into which no other op is fused (its body is
        code someone wrote for one dispatch: `codegen.scope.workgroups`, or
        a unit of code generation someone asked for: `codegen.scope.tu`).
      }],
      "bool", "isDispatchRoot", (ins), [{}],
      /*defaultImplementation=*/[{ return false; }]>,
  ];
  let extraSharedClassDeclaration = [{
    /// Returns the scope attribute of the given kind, or null.
    ::scopeir::util::ScopeAttrInterface getScopeAttrOfKind(
        ::llvm::StringRef kind) {
      for (auto attr : $_op.getScopeAttributes())
        if (attr.getScopeKind() == kind)
          return attr;
      return {};
    }
    /// Returns true if any attribute of this scope is a barrier.
    bool isBarrier() {
      return ::llvm::any_of($_op.getScopeAttributes(),
          [](auto attr) { return attr.isScopeBarrier(); });
    }
    /// Returns true if an attribute of this scope fixes its captures and
    /// results (`ScopeAttrInterface::fixesScopeSignature`).
    bool hasFixedSignature() {
      return ::llvm::any_of($_op.getScopeAttributes(),
          [](auto attr) { return attr.fixesScopeSignature(); });
    }
  }];
  let verify = [{
    return ::scopeir::util::detail::verifyScopeOpInterface($_op);
  }];
  // The body is checked once the ops in it are verified.
  let verifyWithRegions = 1;
}

//===----------------------------------------------------------------------===//
// ClosureOpInterface
//===----------------------------------------------------------------------===//

def Util_ClosureOpInterface : OpInterface<"ClosureOpInterface"> {
  let cppNamespace = "::scopeir::util";
  let description = [{
    An op whose body region runs on a list of explicitly captured values (the
    *closure operands*, one entry block argument each) and whose results are
    the operands of the body's exiting terminators. Closure optimization
    (dropping, inlining and merging captures and results) is written once
    against this interface, in the util canonicalization patterns.

    An op implementing it may also implement `TiedOpInterface` (ties index the
    closure operands) and `ShapeAwareOpInterface` (dynamic dims of closure
    operands and results); `cloneReplacementExcludingOperandsAndResults`
    keeps all of them consistent.
  }];
  let methods = [
    InterfaceMethod<
      "Returns the region that runs on the closure operands.",
      "::mlir::Region &", "getClosureBodyRegion">,
    InterfaceMethod<
      "Returns the captured values; entry block argument `i` of the body "
      "stands for operand `i`.",
      "::mlir::OperandRange", "getClosureOperands">,
    InterfaceMethod<[{
        Returns the captured values as a mutable range (updating it keeps
        operand segments in step); the caller keeps the body's entry block
        arguments in step with it.
      }],
      "::mlir::MutableOperandRange", "getClosureOperandsMutable">,
    InterfaceMethod<[{
        Appends `values` to the closure operands, after the existing ones (so
        ties keep their indices), with one new entry block argument each, and
        `dims` (their dynamic dims, flattened in order) to the operand dims
        of a shape-aware op. `dims` must be empty for an op that is not
        `ShapeAwareOpInterface`. Uses of `values` in the body are left alone.
      }],
      "void", "appendClosureOperands",
      (ins "::mlir::ValueRange":$values, "::mlir::ValueRange":$dims), [{}], [{
        ::scopeir::util::detail::appendClosureOperands($_op, values, dims);
      }]>,
    InterfaceMethod<
      "Returns the results, one per operand of each exiting terminator.",
      "::mlir::ResultRange", "getClosureResults", (ins), [{}], [{
        return $_op->getResults();
      }]>,
    InterfaceMethod<
      "Returns the terminators of the body that exit it (their operands "
      "become the results).",
      "void", "getClosureReturns",
      (ins "::llvm::SmallVectorImpl<::mlir::Operation *> &":$returns)>,
    InterfaceMethod<[{
        Creates (with `rewriter`, before this op) a copy of this op without
        the closure operands at `excludedOperandIndices` and the results at
        `excludedResultIndices` (both sorted, unique), moves the body into it
        and returns it. The entry block arguments of excluded operands must
        have no uses; the exiting terminators lose the operands of excluded
        results. Dims and ties follow: a kept result tied to an excluded
        operand becomes untied and carries that operand's dims. This op is
        left with an empty body: the caller replaces its kept results with
        the new op's (in order) and erases it.
      }],
      "::scopeir::util::ClosureOpInterface",
      "cloneReplacementExcludingOperandsAndResults",
      (ins "::llvm::ArrayRef<unsigned>":$excludedOperandIndices,
           "::llvm::ArrayRef<unsigned>":$excludedResultIndices,
           "::mlir::RewriterBase &":$rewriter)>,
  ];
  let extraSharedClassDeclaration = [{
    /// Returns the entry block argument standing for closure operand `index`.
    ::mlir::BlockArgument getClosureBodyArgument(unsigned index) {
      return $_op.getClosureBodyRegion().front().getArgument(index);
    }
  }];
}

//===----------------------------------------------------------------------===//
// ExternCallOpInterface
//===----------------------------------------------------------------------===//

def Util_ExternCallOpInterface : OpInterface<"ExternCallOpInterface"> {
  let cppNamespace = "::scopeir::util";
  let description = [{
    A call of a kernel outside the IR (a function of a kernel library loaded
    at run time) in place of the ops it replaces, such as
    `hal.dispatch.extern`: what a scope whose attributes fix its signature
    (`ScopeAttrInterface::fixesScopeSignature`) becomes when it is outlined.
    It runs as a dispatch does, so the passes that follow dispatches treat
    it as one: `flow-record-scope-paths` records its scope path and
    dispatch formation leaves that on it, `flow-trace-dispatches` times it,
    and the dispatch map lists it. They know such calls only through this
    interface, as they know devices only through `ScopeAttrInterface`: a
    kernel dialect needs no change to them.

    The methods default to the conventional accessors `getSymbolAttr()` and
    `getDecompositionAttr()`.
  }];
  let methods = [
    InterfaceMethod<
      "Returns the symbol of the kernel called.",
      "::mlir::StringAttr", "getKernelSymbolAttr", (ins), [{}],
      /*defaultImplementation=*/[{ return $_op.getSymbolAttr(); }]>,
    InterfaceMethod<[{
        Returns the function holding the ops the kernel replaces (its
        decomposition, which runs where no kernel library provides the
        symbol), or null.
      }],
      "::mlir::FlatSymbolRefAttr", "getKernelDecompositionAttr", (ins), [{}],
      /*defaultImplementation=*/[{ return $_op.getDecompositionAttr(); }]>,
  ];
  let extraSharedClassDeclaration = [{
    /// Returns the symbol of the kernel called.
    ::llvm::StringRef getKernelSymbol() {
      return $_op.getKernelSymbolAttr().getValue();
    }
  }];
}

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILINTERFACES_TD
