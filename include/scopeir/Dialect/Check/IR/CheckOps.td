//===- CheckOps.td - check ops -----------------------------*- tablegen -*-===//
//
// check.expect_true, check.expect_false, check.expect_eq,
// check.expect_eq_const, check.expect_almost_eq and
// check.expect_almost_eq_const.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CHECK_IR_CHECKOPS_TD
#define SCOPEIR_DIALECT_CHECK_IR_CHECKOPS_TD

include "scopeir/Dialect/Check/IR/CheckDialect.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Every expectation reads what it checks and reports to the outside world:
// declared as reading and writing memory, it is never erased, merged,
// hoisted or reordered with other side effects.
class Check_ExpectOp<string mnemonic, list<Trait> traits = []>
    : Check_Op<mnemonic, !listconcat([MemoryEffects<[MemRead, MemWrite]>],
                                     traits)>;

//===----------------------------------------------------------------------===//
// check.expect_true / check.expect_false
//===----------------------------------------------------------------------===//

def Check_ExpectTrueOp : Check_ExpectOp<"expect_true"> {
  let summary = "Expects an integer to be nonzero";
  let description = [{
    Fails, without stopping the test, when the operand (a signless integer
    of at most 64 bits) is zero.

    ```mlir
    check.expect_true(%ok) : i32
    ```
  }];
  let arguments = (ins AnySignlessInteger:$operand);
  let assemblyFormat = "`(` $operand `)` attr-dict `:` type($operand)";
  let hasVerifier = 1;
}

def Check_ExpectFalseOp : Check_ExpectOp<"expect_false"> {
  let summary = "Expects an integer to be zero";
  let description = [{
    Fails, without stopping the test, when the operand (a signless integer
    of at most 64 bits) is not zero.

    ```mlir
    check.expect_false(%failed) : i32
    ```
  }];
  let arguments = (ins AnySignlessInteger:$operand);
  let assemblyFormat = "`(` $operand `)` attr-dict `:` type($operand)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// check.expect_eq / check.expect_eq_const
//===----------------------------------------------------------------------===//

def Check_ExpectEqOp : Check_ExpectOp<"expect_eq", [
    AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Expects two tensors to be equal";
  let description = [{
    Fails, without stopping the test, when the two tensors differ in shape
    (their run-time dims) or in any element. Elements are compared bit for
    bit, as IREE compares buffer contents: for floats, `-0.0` differs from
    `0.0` and a NaN equals a NaN with the same bits.

    ```mlir
    check.expect_eq(%result, %expected) : tensor<?x4xi32>
    ```
  }];
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let assemblyFormat = [{
    `(` $lhs `,` $rhs `)` attr-dict `:` type($lhs)
  }];
}

def Check_ExpectEqConstOp : Check_ExpectOp<"expect_eq_const"> {
  let summary = "Expects a tensor to equal a constant";
  let description = [{
    `check.expect_eq` against a constant: the constant's type must be the
    tensor's (so the tensor is statically shaped).

    ```mlir
    check.expect_eq_const(%result, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
    ```
  }];
  let arguments = (ins AnyTensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = [{
    `(` $lhs `,` $value `)` attr-dict `:` type($lhs)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// check.expect_almost_eq / check.expect_almost_eq_const
//===----------------------------------------------------------------------===//

def Check_ExpectAlmostEqOp : Check_ExpectOp<"expect_almost_eq", [
    AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Expects two float tensors to be equal within a tolerance";
  let description = [{
    Fails, without stopping the test, when the two tensors differ in shape
    or when an element `l` of `lhs` and the element `r` of `rhs` at the same
    index satisfy none of: `l == r`; both are NaN;
    `isfinite(r) && |l - r| <= atol + rtol * |r|` (NumPy's `isclose`, as
    IREE defines it, computed in double precision).

    `atol` defaults to `1.0e-4` and `rtol` to `0.0`, IREE's defaults; a
    tolerance at its default is not printed. Either may be written alone
    (`, rtol 1.0e-3`), in IREE's order.

    ```mlir
    check.expect_almost_eq(%result, %expected, atol 1.0e-2, rtol 1.0e-3) : tensor<5xf32>
    ```
  }];
  let arguments = (ins
    TensorOf<[AnyFloat]>:$lhs,
    TensorOf<[AnyFloat]>:$rhs,
    DefaultValuedAttr<F32Attr, "1.e-4f">:$atol,
    DefaultValuedAttr<F32Attr, "0.f">:$rtol
  );
  let assemblyFormat = [{
    `(` $lhs `,` $rhs `` custom<Tolerances>($atol, $rtol) `)`
    attr-dict `:` type($lhs)
  }];
  let hasVerifier = 1;
}

def Check_ExpectAlmostEqConstOp : Check_ExpectOp<"expect_almost_eq_const"> {
  let summary = "Expects a float tensor to equal a constant within a tolerance";
  let description = [{
    `check.expect_almost_eq` against a constant: the constant's type must be
    the tensor's.

    ```mlir
    check.expect_almost_eq_const(%result, dense<[0.999999, 2.0]> : tensor<2xf32>, atol 1.0e-2) : tensor<2xf32>
    ```
  }];
  let arguments = (ins
    TensorOf<[AnyFloat]>:$lhs,
    ElementsAttr:$value,
    DefaultValuedAttr<F32Attr, "1.e-4f">:$atol,
    DefaultValuedAttr<F32Attr, "0.f">:$rtol
  );
  let assemblyFormat = [{
    `(` $lhs `,` $value `` custom<Tolerances>($atol, $rtol) `)`
    attr-dict `:` type($lhs)
  }];
  let hasVerifier = 1;
}

#endif // SCOPEIR_DIALECT_CHECK_IR_CHECKOPS_TD
