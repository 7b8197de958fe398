//===- PassRegistration.cpp - flow pass registration ------------*- C++ -*-===//
//
// This file instantiates the flow dialect's pass registration. Each pass lives
// in its own file, named after it.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/Transforms/Passes.h"
