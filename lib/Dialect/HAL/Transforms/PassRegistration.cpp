//===- PassRegistration.cpp - hal pass registration -------------*- C++ -*-===//
//
// This file instantiates the hal dialect's pass registration. Each pass lives
// in its own file, named after it.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/Transforms/Passes.h"
