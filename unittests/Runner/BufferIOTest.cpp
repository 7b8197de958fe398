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

TEST(BufferIO, HalfFloatsRoundToNearestEven) {
  // The bits, little-endian: f16 1.0 is 0x3c00, bf16 1.0 is 0x3f80.
  HostBuffer half = parseOk("2xf16=1 65504");
  ASSERT_EQ(half.data.size(), 4u);
  EXPECT_EQ(half.data[0], 0x00);
  EXPECT_EQ(half.data[1], 0x3c);
  EXPECT_EQ(formatBuffer(half), "2xf16=1 65504");
  // 1 + 2^-8 lies halfway between the bf16 neighbours 1 and 1 + 2^-7: the
  // tie goes to the even one, 1.
  HostBuffer brain = parseOk("2xbf16=1.00390625 -2.5");
  ASSERT_EQ(brain.data.size(), 4u);
  EXPECT_EQ(brain.data[0], 0x80);
  EXPECT_EQ(brain.data[1], 0x3f);
  EXPECT_EQ(formatBuffer(brain), "2xbf16=1 -2.5");
  // 0.1 is not representable: f16 keeps 11 significant bits.
  EXPECT_EQ(formatBuffer(parseOk("f16=0.1")), "f16=0.0999756");
  EXPECT_EQ(formatBuffer(parseOk("i64=3")), "i64=3");
  // index is exchanged as i64, the width it has on the JIT's target.
  EXPECT_EQ(formatBuffer(parseOk("index=3")), "i64=3");
  EXPECT_EQ(formatBuffer(parseOk("2x2xindex=1 2 3 -4")), "2x2xi64=[1 2][3 -4]");
}

TEST(BufferIO, BadLiteralsAreErrors) {
  EXPECT_EQ(parseError("2xf32=1 2 3"),
            "input '2xf32' needs 2 values (or one to splat) but 3 were given");
  EXPECT_EQ(parseError("2xf32=1 nope"), "bad f32 literal 'nope'");
  EXPECT_EQ(parseError("2xi16=1 70000"), "literal '70000' does not fit in i16");
  EXPECT_EQ(parseError("2xui8=1"),
            "unsupported element type 'ui8' in '2xui8' (supported: i1, i8, "
            "i16, i32, i64, f16, bf16, f32, f64, index)");
  // `index` is the one name holding an x: a shape needs its dims first.
  EXPECT_EQ(parseError("2xinde=1"),
            "unsupported element type 'inde' in '2xinde' (supported: i1, i8, "
            "i16, i32, i64, f16, bf16, f32, f64, index)");
  EXPECT_EQ(parseError("f16=70000"), "literal '70000' does not fit in f16");
  EXPECT_EQ(parseError("bf16=1e39"), "literal '1e39' does not fit in bf16");
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
        "2x1xf64=0.1 0.2", "3xi1=1 0 1", "2xi8=-3 4", "2x2xi16=1 2 3 -4",
        "3xf16=0.5 -65504 0.1", "2x2xbf16=1 -2 3e38 0.1", "bf16=0.25"}) {
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
