//===- BufferIO.h - Host buffers: parse, print, .npy ------------*- C++ -*-===//
//
// This file declares HostBuffer, a dense row-major array on the host, and
// the text and file formats scope-run reads and writes: iree-run-module
// style literals (`2x3xf32=1 2 3 4 5 6`, splats, `@file`), its printed form
// (`2x3xf32=[1 2 3][4 5 6]`), raw binary and NumPy .npy files.
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

/// Element types scope-run exchanges with compiled functions.
enum class ElementType { I1, I8, I16, I32, I64, F32, F64 };

/// Returns the size in bytes of one element in memory (i1: one byte).
size_t getElementSize(ElementType type);

/// Returns the MLIR spelling of `type` (`f32`, `i1`, ...).
llvm::StringRef getElementTypeName(ElementType type);

/// Parses an MLIR element type spelling; nullopt if unsupported.
std::optional<ElementType> parseElementTypeName(llvm::StringRef name);

/// A dense, row-major (C order) array on the host.
struct HostBuffer {
  ElementType elementType = ElementType::F32;
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t> data;

  /// Returns the number of elements (1 for rank 0).
  int64_t getNumElements() const;

  /// Returns `2x3xf32` (`f32` for rank 0).
  std::string getTypeString() const;
};

/// Parses one `--input=` value:
///  - `2x3xf32=1 2 3 4 5 6` (separators: whitespace, commas, brackets),
///  - `4xf32=0.5` (a single value is a splat),
///  - `2x3xf32=@file.bin` (raw little-endian C-order data),
///  - `@file.npy` (shape and type from the file).
llvm::Expected<HostBuffer> parseInputSpec(llvm::StringRef spec);

/// Prints `buffer` as iree-run-module does: `2x3xf32=[1 2 3][4 5 6]`
/// (innermost dimension space-separated, every outer dimension bracketed).
std::string formatBuffer(const HostBuffer &buffer);

/// Reads a NumPy .npy file (format 1.0, 2.0 or 3.0, little-endian, C order).
llvm::Expected<HostBuffer> readNpyFile(llvm::StringRef path);

/// Writes `buffer` as a NumPy .npy file (format 1.0).
llvm::Error writeNpyFile(const HostBuffer &buffer, llvm::StringRef path);

} // namespace scopeir::runner

#endif // SCOPEIR_RUNNER_BUFFERIO_H
