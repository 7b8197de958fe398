//===- PassRegistration.cpp - util pass registration ------------*- C++ -*-===//
//
// This file instantiates the util dialect's pass registration. Each pass lives
// in its own file, named after it.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Transforms/Passes.h"
