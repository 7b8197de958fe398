//===- PassRegistration.cpp - check pass registration -----------*- C++ -*-===//
//
// This file instantiates the check dialect's pass registration. Each pass
// lives in its own file, named after it.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Check/Transforms/Passes.h"
