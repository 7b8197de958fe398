//===- BufferIOTest.cpp - Tests of scope-run's buffer formats ---*- C++ -*-===//
//
// This file tests parsing and printing of iree-run-module style literals and
// the .npy reader/writer.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runner/BufferIO.h"

#include "llvm/Support/FileSystem.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace scopeir::runner;

namespace {

HostBuffer parseOk(llvm::StringRef spec) {
  llvm::Expected<HostBuffer> buffer = parseInputSpec(spec);
  if (!buffer) {
    ADD_FAILURE() << llvm::toString(buffer.takeError());
    return {};
  }
  return std::move(*buffer);
}

std::string parseError(llvm::StringRef spec) {
  llvm::Expected<HostBuffer> buffer = parseInputSpec(spec);
  if (buffer)
    return "<no error>";
  return llvm::toString(buffer.takeError());
}

TEST(BufferIO, LiteralsPrintLikeIreeRunModule) {
  EXPECT_EQ(formatBuffer(parseOk("2x3xf32=1 2 3 4 5 6")),
            "2x3xf32=[1 2 3][4 5 6]");
  EXPECT_EQ(formatBuffer(parseOk("2x2x2xi32=[[1,2],[3,4]],[[5,6],[7,8]]")),
            "2x2x2xi32=[[1 2][3 4]][[5 6][7 8]]");
  EXPECT_EQ(formatBuffer(parseOk("4xf32=0.5")), "4xf32=0.5 0.5 0.5 0.5");
  EXPECT_EQ(formatBuffer(parseOk("f64=-2.25")), "f64=-2.25");
  EXPECT_EQ(formatBuffer(parseOk("3xi1=true 0 1")), "3xi1=1 0 1");
  EXPECT_EQ(formatBuffer(parseOk("2xi8=-128 255")), "2xi8=-128 -1");
  EXPECT_EQ(formatBuffer(parseOk("0x4xf32=")), "0x4xf32=");
}

TEST(BufferIO, BadLiteralsAreErrors) {
  EXPECT_EQ(parseError("2xf32=1 2 3"),
            "input '2xf32' needs 2 values (or one to splat) but 3 were given");
  EXPECT_EQ(parseError("2xf32=1 nope"), "bad f32 literal 'nope'");
  EXPECT_EQ(parseError("2xi16=1 70000"), "literal '70000' does not fit in i16");
  EXPECT_EQ(parseError("2xf16=1"),
            "unsupported element type 'f16' in '2xf16' (supported: i1, i8, "
            "i16, i32, i64, f32, f64)");
  EXPECT_EQ(parseError("-1xf32=1"),
            "bad dimension '-1' in '-1xf32' (expected e.g. 2x3xf32)");
  EXPECT_EQ(parseError("100000x100000x100000xf32=0"),
            "shape '100000x100000x100000xf32' is too large");
}

TEST(BufferIO, NpyRoundTrip) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("bufferio", "npy", path));
  for (llvm::StringRef spec :
       {"2x3xf32=1.5 -2 3 4 5 6e10", "4xi64=1 -1 9000000000 0", "i32=7",
        "2x1xf64=0.1 0.2", "3xi1=1 0 1", "2xi8=-3 4", "2x2xi16=1 2 3 -4"}) {
    HostBuffer original = parseOk(spec);
    ASSERT_FALSE(bool(writeNpyFile(original, path)));
    llvm::Expected<HostBuffer> loaded = readNpyFile(path);
    ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
    EXPECT_EQ(loaded->elementType, original.elementType) << spec.str();
    EXPECT_EQ(loaded->shape, original.shape) << spec.str();
    EXPECT_EQ(loaded->data, original.data) << spec.str();
  }
  llvm::sys::fs::remove(path);
}

} // namespace
