//===- CheckOps.cpp - check ops: verifiers ----------------------*- C++ -*-===//
//
// This file implements the check dialect's ops. Their syntax is declarative
// (IREE's); the verifiers check what ODS constraints cannot say.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Check/IR/CheckOps.h"

using namespace mlir;
using namespace scopeir::check;

//===----------------------------------------------------------------------===//
// Tolerances
//===----------------------------------------------------------------------===//

/// The defaults of `atol` and `rtol` (IREE's).
static constexpr float kDefaultAtol = 1.e-4f;
static constexpr float kDefaultRtol = 0.f;

/// Parses `(, atol <float>)? (, rtol <float>)?`. Each is optional on its
/// own (IREE's optional groups both start with a comma, so its syntax cannot
/// give `rtol` without `atol`).
static ParseResult parseTolerances(OpAsmParser &parser, FloatAttr &atol,
                                   FloatAttr &rtol) {
  Type f32 = parser.getBuilder().getF32Type();
  bool seenRtol = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    bool isAtol = keyword == "atol";
    if (!isAtol && keyword != "rtol")
      return parser.emitError(loc, "expected 'atol' or 'rtol'");
    FloatAttr &slot = isAtol ? atol : rtol;
    if (slot || (isAtol && seenRtol))
      return parser.emitError(loc, "expected 'atol' before 'rtol', each "
                                   "at most once");
    seenRtol |= !isAtol;
    if (parser.parseAttribute(slot, f32))
      return failure();
  }
  return success();
}

/// Prints the tolerances that differ from their defaults.
static void printTolerances(OpAsmPrinter &p, Operation *, FloatAttr atol,
                            FloatAttr rtol) {
  if (atol && atol.getValueAsDouble() != kDefaultAtol) {
    p << ", atol ";
    p.printAttributeWithoutType(atol);
  }
  if (rtol && rtol.getValueAsDouble() != kDefaultRtol) {
    p << ", rtol ";
    p.printAttributeWithoutType(rtol);
  }
}

/// Checks that an expect_true/false operand fits the runtime's 64 bits.
static LogicalResult verifyIntegerOperand(Operation *op, Type type) {
  if (type.getIntOrFloatBitWidth() <= 64)
    return success();
  return op->emitOpError("expects an integer of at most 64 bits, got ")
         << type;
}

LogicalResult ExpectTrueOp::verify() {
  return verifyIntegerOperand(*this, getOperand().getType());
}

LogicalResult ExpectFalseOp::verify() {
  return verifyIntegerOperand(*this, getOperand().getType());
}

/// Checks that the constant of an expect_*_const op has the checked type.
static LogicalResult verifyExpectedConstant(Operation *op, Type checked,
                                            ElementsAttr value) {
  if (value.getType() == checked)
    return success();
  return op->emitOpError("expected value has type ")
         << value.getType() << " but the checked value has type " << checked;
}

/// Checks that the tolerances of an expect_almost_eq op are usable.
static LogicalResult verifyTolerances(Operation *op, APFloat atol,
                                      APFloat rtol) {
  for (auto [name, value] : {std::pair<StringRef, APFloat>{"atol", atol},
                             std::pair<StringRef, APFloat>{"rtol", rtol}})
    if (!value.isFinite() || (value.isNegative() && !value.isZero()))
      return op->emitOpError("expects a finite, non-negative ")
             << name << ", got " << value.convertToFloat();
  return success();
}

LogicalResult ExpectEqConstOp::verify() {
  return verifyExpectedConstant(*this, getLhs().getType(), getValue());
}

LogicalResult ExpectAlmostEqOp::verify() {
  return verifyTolerances(*this, getAtol(), getRtol());
}

LogicalResult ExpectAlmostEqConstOp::verify() {
  if (failed(verifyExpectedConstant(*this, getLhs().getType(), getValue())))
    return failure();
  return verifyTolerances(*this, getAtol(), getRtol());
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/Check/IR/CheckOps.cpp.inc"
