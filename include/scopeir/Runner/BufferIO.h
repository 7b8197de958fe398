//===- BufferIO.h - Host buffers: parse, print, .npy ------------*- C++ -*-===//
//
// This file declares HostBuffer, a dense row-major array on the host, and
// the text and file formats scope-run reads and writes: iree-run-module
// style literals (`2x3xf32=1 2 3 4 5 6`, splats, `@file`, scalars such as
// `f32=0.5`), its printed form (`2x3xf32=[1 2 3][4 5 6]`), raw binary and
// NumPy .npy files.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNNER_BUFFERIO_H
#define SCOPEIR_RUNNER_BUFFERIO_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace scopeir::runner {

/// Element types scope-run exchanges with compiled functions: signless
/// integers (i1 is stored as one byte, 0 or 1) and IEEE/brain floats. MLIR's
/// `index` is exchanged as I64 (64 bits on every target scope-run compiles
/// for), as iree-run-module's i64.
enum class ElementType { I1, I8, I16, I32, I64, F16, BF16, F32, F64 };

/// Returns the size in bytes of one element in memory (i1: one byte).
size_t getElementSize(ElementType type);

/// Returns the MLIR spelling of `type` (`f32`, `i1`, ...).
llvm::StringRef getElementTypeName(ElementType type);

/// Parses an MLIR element type spelling (`index` gives I64); nullopt if
/// unsupported.
std::optional<ElementType> parseElementTypeName(llvm::StringRef name);

/// Returns the supported spellings, comma-separated, for messages.
llvm::StringRef getSupportedElementTypeNames();

/// A dense, row-major (C order) array on the host.
struct HostBuffer {
  ElementType elementType = ElementType::F32;
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t> data;

  /// Returns the number of elements (1 for rank 0).
  int64_t getNumElements() const;

  /// Returns `2x3xf32` (`f32` for rank 0).
  std::string getTypeString() const;

  /// Returns element `index` as a double (exact for every element type but
  /// i64 values beyond 2^53).
  double getElementAsDouble(int64_t index) const;
};

/// Parses one `--input=` value:
///  - `2x3xf32=1 2 3 4 5 6` (separators: whitespace, commas, brackets),
///  - `4xf32=0.5` (a single value is a splat),
///  - `f32=0.5`, `i64=3` (rank 0: a scalar or a 0-d tensor argument),
///  - `2x3xf32=@file.bin` (raw little-endian C-order data),
///  - `@file.npy` (shape and type from the file).
/// Float literals are rounded to nearest-even in the element type; one that
/// overflows it (`f16=70000`) is an error, as is an integer out of range.
llvm::Expected<HostBuffer> parseInputSpec(llvm::StringRef spec);

/// Prints `buffer` as iree-run-module does: `2x3xf32=[1 2 3][4 5 6]`
/// (innermost dimension space-separated, every outer dimension bracketed).
std::string formatBuffer(const HostBuffer &buffer);

/// Reads a NumPy .npy file (format 1.0, 2.0 or 3.0, little-endian, C order).
/// NumPy has no bfloat16: a 2-byte void dtype (`<V2`, what `numpy.save`
/// writes for an `ml_dtypes.bfloat16` array) or the descr `bfloat16` is
/// read as bf16.
llvm::Expected<HostBuffer> readNpyFile(llvm::StringRef path);

/// Writes `buffer` as a NumPy .npy file (format 1.0); bf16 as `<V2`, which
/// `numpy.load(path).view(ml_dtypes.bfloat16)` reads back.
llvm::Error writeNpyFile(const HostBuffer &buffer, llvm::StringRef path);

} // namespace scopeir::runner

#endif // SCOPEIR_RUNNER_BUFFERIO_H
