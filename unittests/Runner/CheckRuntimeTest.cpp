//===- CheckRuntimeTest.cpp - Tests of the check runtime --------*- C++ -*-===//
//
// This file tests the check runtime's entry points on memref descriptors
// built by hand: bitwise and fuzzy comparison (NaNs, signed zeros,
// infinities, the tolerance formula), strided and rank-0 views, shape
// mismatches, the report's text, its element limit and the failure count.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runtime/Check.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

using namespace scopeir::runtime;

namespace {

// A site as compiled code holds it: location, NUL, op name.
const char kSite[] = "t.mlir:3:5\0check.expect_eq";
const char kAlmostSite[] = "t.mlir:4:5\0check.expect_almost_eq_const";

/// A ranked descriptor of up to rank 3, laid out as MLIR's C interface lays
/// out StridedMemRefType<T, N> for the rank it is used with.
template <typename T> struct Descriptor {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizesAndStrides[6];
};

/// A tensor to compare: its data, a descriptor and the unranked memref
/// pointing at it.
template <typename T> struct Tensor {
  std::vector<T> data;
  Descriptor<T> descriptor;
  scopeir_check_memref memref;

  /// A dense row-major tensor of `shape` holding `values`.
  Tensor(std::vector<int64_t> shape, std::vector<T> values)
      : data(std::move(values)) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * shape[d + 1];
    init(shape, strides, 0);
  }

  /// A view of `values` with explicit strides and offset.
  Tensor(std::vector<int64_t> shape, std::vector<int64_t> strides,
         int64_t offset, std::vector<T> values)
      : data(std::move(values)) {
    init(shape, strides, offset);
  }

  void init(const std::vector<int64_t> &shape,
            const std::vector<int64_t> &strides, int64_t offset) {
    descriptor.allocated = data.data();
    descriptor.aligned = data.data();
    descriptor.offset = offset;
    size_t rank = shape.size();
    for (size_t d = 0; d < rank; ++d) {
      descriptor.sizesAndStrides[d] = shape[d];
      descriptor.sizesAndStrides[rank + d] = strides[d];
    }
    memref.rank = static_cast<int64_t>(rank);
    memref.descriptor = &descriptor;
  }
};

class CheckRuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    resetCheckFailures();
    stream = std::tmpfile();
    ASSERT_NE(stream, nullptr);
    setCheckReportStream(stream);
    setCheckReportLimit(10);
  }
  void TearDown() override {
    setCheckReportStream(nullptr);
    setCheckReportLimit(10);
    std::fclose(stream);
    resetCheckFailures();
  }

  /// Everything reported so far.
  std::string reports() {
    std::fflush(stream);
    std::rewind(stream);
    std::string text;
    char buffer[256];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof(buffer), stream)) > 0)
      text.append(buffer, n);
    return text;
  }

  std::FILE *stream = nullptr;
};

TEST_F(CheckRuntimeTest, EqualTensorsPass) {
  Tensor<int32_t> a({2, 2}, {1, 2, 3, 4}), b({2, 2}, {1, 2, 3, 4});
  _mlir_ciface_scopeir_check_expect_eq_i32(&a.memref, &b.memref, kSite);
  EXPECT_EQ(getCheckFailureCount(), 0u);
  EXPECT_EQ(reports(), "");
}

TEST_F(CheckRuntimeTest, MismatchReportsIndicesAndValues) {
  Tensor<int32_t> a({2, 2}, {1, 2, 3, 4}), b({2, 2}, {1, 5, 3, -6});
  _mlir_ciface_scopeir_check_expect_eq_i32(&a.memref, &b.memref, kSite);
  EXPECT_EQ(getCheckFailureCount(), 1u);
  EXPECT_EQ(reports(),
            "t.mlir:3:5: error: check.expect_eq failed: 2 of 4 elements "
            "differ (shape [2, 2])\n"
            "  at [0, 1]: lhs 2, rhs 5\n"
            "  at [1, 1]: lhs 4, rhs -6\n");
}

TEST_F(CheckRuntimeTest, StridedViewsAreWalked) {
  // The transposed view of a 2x3 buffer (strides 1, 3) against the dense
  // 3x2 transpose, and a view at an offset.
  Tensor<float> transposed({3, 2}, {1, 3}, 0, {1, 2, 3, 4, 5, 6});
  Tensor<float> dense({3, 2}, {1, 4, 2, 5, 3, 6});
  _mlir_ciface_scopeir_check_expect_eq_f32(&transposed.memref, &dense.memref,
                                           kSite);
  Tensor<float> shifted({2}, {2}, 1, {9, 4, 9, 5});
  Tensor<float> expected({2}, {4, 5});
  _mlir_ciface_scopeir_check_expect_eq_f32(&shifted.memref, &expected.memref,
                                           kSite);
  EXPECT_EQ(getCheckFailureCount(), 0u) << reports();
}

TEST_F(CheckRuntimeTest, ShapesMustMatch) {
  Tensor<int64_t> a({2, 3}, {1, 2, 3, 4, 5, 6}), b({3, 2}, {1, 2, 3, 4, 5, 6});
  _mlir_ciface_scopeir_check_expect_eq_i64(&a.memref, &b.memref, kSite);
  EXPECT_EQ(getCheckFailureCount(), 1u);
  EXPECT_EQ(reports(), "t.mlir:3:5: error: check.expect_eq failed: shapes "
                       "differ: lhs [2, 3], rhs [3, 2]\n");
}

TEST_F(CheckRuntimeTest, RankZeroAndEmpty) {
  Tensor<double> a({}, {2.5}), b({}, {2.5}), c({}, {3.0});
  _mlir_ciface_scopeir_check_expect_eq_f64(&a.memref, &b.memref, kSite);
  EXPECT_EQ(getCheckFailureCount(), 0u);
  _mlir_ciface_scopeir_check_expect_eq_f64(&a.memref, &c.memref, kSite);
  EXPECT_EQ(getCheckFailureCount(), 1u);
  EXPECT_NE(reports().find("  at []: lhs 2.5, rhs 3\n"), std::string::npos);
  Tensor<double> e({0, 3}, {}), f({0, 3}, {});
  _mlir_ciface_scopeir_check_expect_eq_f64(&e.memref, &f.memref, kSite);
  EXPECT_EQ(getCheckFailureCount(), 1u);
}

TEST_F(CheckRuntimeTest, EqIsBitwise) {
  // IREE compares contents bit for bit: a NaN equals itself, -0 is not 0.
  float nan = std::numeric_limits<float>::quiet_NaN();
  Tensor<float> a({2}, {nan, 0.0f}), b({2}, {nan, -0.0f});
  _mlir_ciface_scopeir_check_expect_eq_f32(&a.memref, &b.memref, kSite);
  EXPECT_EQ(getCheckFailureCount(), 1u);
  EXPECT_NE(reports().find("1 of 2 elements differ"), std::string::npos);
}

TEST_F(CheckRuntimeTest, BooleansCompareTheirValue) {
  Tensor<uint8_t> a({3}, {1, 0, 1}), b({3}, {1, 0, 0});
  _mlir_ciface_scopeir_check_expect_eq_i1(&a.memref, &b.memref, kSite);
  EXPECT_EQ(reports(), "t.mlir:3:5: error: check.expect_eq failed: 1 of 3 "
                       "elements differ (shape [3])\n"
                       "  at [2]: lhs true, rhs false\n");
}

TEST_F(CheckRuntimeTest, AlmostEqFollowsIREE) {
  float inf = std::numeric_limits<float>::infinity();
  float nan = std::numeric_limits<float>::quiet_NaN();
  // Equal infinities, NaNs, values within atol + rtol * |rhs| pass.
  Tensor<float> a({4}, {inf, nan, 1.05f, 100.5f});
  Tensor<float> b({4}, {inf, nan, 1.0f, 100.0f});
  _mlir_ciface_scopeir_check_expect_almost_eq_f32(&a.memref, &b.memref, 0.1f,
                                                  0.01f, kAlmostSite);
  EXPECT_EQ(getCheckFailureCount(), 0u) << reports();
  // A finite value against an infinite one, and one just out of tolerance.
  Tensor<float> c({2}, {1.0f, 1.2f}), d({2}, {inf, 1.0f});
  _mlir_ciface_scopeir_check_expect_almost_eq_f32(&c.memref, &d.memref, 0.1f,
                                                  0.0f, kAlmostSite);
  EXPECT_EQ(getCheckFailureCount(), 1u);
  EXPECT_EQ(reports(),
            "t.mlir:4:5: error: check.expect_almost_eq_const failed: 2 of 2 "
            "elements differ by more than atol 0.1 + rtol 0 * |rhs| (shape "
            "[2])\n"
            "  at [0]: lhs 1, rhs inf\n"
            "  at [1]: lhs 1.20000005, rhs 1\n");
}

TEST_F(CheckRuntimeTest, HalfAndBFloat) {
  // 1.0, -2.0 and 0.5 in IEEE half and in bfloat16; the last element of
  // each pair differs (0.5 against 0.75).
  Tensor<uint16_t> h({3}, {0x3C00, 0xC000, 0x3800});
  Tensor<uint16_t> h2({3}, {0x3C00, 0xC000, 0x3A00});
  _mlir_ciface_scopeir_check_expect_almost_eq_f16(&h.memref, &h2.memref, 0.0f,
                                                  0.0f, kAlmostSite);
  Tensor<uint16_t> b({3}, {0x3F80, 0xC000, 0x3F00});
  Tensor<uint16_t> b2({3}, {0x3F80, 0xC000, 0x3F40});
  _mlir_ciface_scopeir_check_expect_almost_eq_bf16(&b.memref, &b2.memref,
                                                   0.0f, 0.0f, kAlmostSite);
  EXPECT_EQ(getCheckFailureCount(), 2u);
  std::string text = reports();
  EXPECT_NE(text.find("  at [2]: lhs 0.5, rhs 0.75\n"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("at [0]"), std::string::npos) << text;
  // Subnormal and infinite halves convert exactly.
  Tensor<uint16_t> s({2}, {0x0001, 0x7C00}), s2({2}, {0x0001, 0x7C00});
  _mlir_ciface_scopeir_check_expect_almost_eq_f16(&s.memref, &s2.memref, 0.0f,
                                                  0.0f, kAlmostSite);
  EXPECT_EQ(getCheckFailureCount(), 2u);
}

TEST_F(CheckRuntimeTest, ReportLimit) {
  std::vector<int8_t> zeros(20, 0), ones(20, 1);
  Tensor<int8_t> a({20}, zeros), b({20}, ones);
  setCheckReportLimit(2);
  _mlir_ciface_scopeir_check_expect_eq_i8(&a.memref, &b.memref, kSite);
  EXPECT_EQ(reports(),
            "t.mlir:3:5: error: check.expect_eq failed: 20 of 20 elements "
            "differ (shape [20])\n"
            "  at [0]: lhs 0, rhs 1\n"
            "  at [1]: lhs 0, rhs 1\n"
            "  ... and 18 more\n");
}

TEST_F(CheckRuntimeTest, TrueAndFalse) {
  const char trueSite[] = "t.mlir:7:1\0check.expect_true";
  const char falseSite[] = "t.mlir:8:1\0check.expect_false";
  scopeir_check_expect_true(3, trueSite);
  scopeir_check_expect_false(0, falseSite);
  EXPECT_EQ(getCheckFailureCount(), 0u);
  scopeir_check_expect_true(0, trueSite);
  scopeir_check_expect_false(-2, falseSite);
  EXPECT_EQ(getCheckFailureCount(), 2u);
  EXPECT_EQ(reports(), "t.mlir:7:1: error: check.expect_true failed: "
                       "expected 0 to be nonzero\n"
                       "t.mlir:8:1: error: check.expect_false failed: "
                       "expected -2 to be zero\n");
}

TEST_F(CheckRuntimeTest, EntryPointsByName) {
  auto entries = getCheckEntryPoints();
  // Two scalar entry points, ten element types for eq, four for almost_eq.
  EXPECT_EQ(entries.size(), 16u);
  bool found = false;
  for (auto &[name, address] : entries)
    if (name == "_mlir_ciface_scopeir_check_expect_almost_eq_bf16") {
      found = true;
      EXPECT_EQ(address, reinterpret_cast<void *>(
                             &_mlir_ciface_scopeir_check_expect_almost_eq_bf16));
    }
  EXPECT_TRUE(found);
}

} // namespace
