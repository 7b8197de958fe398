//===- BufferIO.cpp - Host buffers: parse, print, .npy ----------*- C++ -*-===//
//
// This file implements the text and file formats of scope-run's inputs and
// outputs.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runner/BufferIO.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace llvm;
using namespace scopeir::runner;

static Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

namespace {
/// What the formats know of an element type: one row per `ElementType`, in
/// the enum's order, so that every spelling of a type lives in one place.
struct ElementTypeInfo {
  ElementType type;
  /// The MLIR spelling.
  StringRef name;
  /// Bytes of one element in memory (i1: one byte).
  size_t size;
  /// The `descr` numpy.save writes (a bf16 array: a 2-byte void).
  StringRef npyDescr;
};
} // namespace

static constexpr ElementTypeInfo kElementTypes[] = {
    {ElementType::I1, "i1", 1, "|b1"},    {ElementType::I8, "i8", 1, "|i1"},
    {ElementType::I16, "i16", 2, "<i2"},  {ElementType::I32, "i32", 4, "<i4"},
    {ElementType::I64, "i64", 8, "<i8"},  {ElementType::F16, "f16", 2, "<f2"},
    {ElementType::BF16, "bf16", 2, "<V2"}, {ElementType::F32, "f32", 4, "<f4"},
    {ElementType::F64, "f64", 8, "<f8"},
};

static const ElementTypeInfo &getElementTypeInfo(ElementType type) {
  const ElementTypeInfo &info = kElementTypes[static_cast<size_t>(type)];
  assert(info.type == type && "element type table out of enum order");
  return info;
}

size_t scopeir::runner::getElementSize(ElementType type) {
  return getElementTypeInfo(type).size;
}

StringRef scopeir::runner::getElementTypeName(ElementType type) {
  return getElementTypeInfo(type).name;
}

std::optional<ElementType>
scopeir::runner::parseElementTypeName(StringRef name) {
  for (const ElementTypeInfo &info : kElementTypes)
    if (info.name == name)
      return info.type;
  // `index` is 64 bits wide on every target scope-run compiles for: an
  // index buffer is an i64 buffer.
  if (name == "index")
    return ElementType::I64;
  return std::nullopt;
}

StringRef scopeir::runner::getSupportedElementTypeNames() {
  static const std::string names =
      llvm::join(llvm::map_range(kElementTypes,
                                 [](const ElementTypeInfo &info) {
                                   return info.name;
                                 }),
                 ", ") +
      ", index";
  return names;
}

/// Returns the APFloat semantics of a float element type, or null.
static const fltSemantics *getFloatSemantics(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return &APFloat::IEEEhalf();
  case ElementType::BF16:
    return &APFloat::BFloat();
  case ElementType::F32:
    return &APFloat::IEEEsingle();
  case ElementType::F64:
    return &APFloat::IEEEdouble();
  default:
    return nullptr;
  }
}

int64_t HostBuffer::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

std::string HostBuffer::getTypeString() const {
  std::string result;
  for (int64_t dim : shape)
    result += std::to_string(dim) + "x";
  result += getElementTypeName(elementType).str();
  return result;
}

double HostBuffer::getElementAsDouble(int64_t index) const {
  size_t size = getElementSize(elementType);
  const uint8_t *src = data.data() + index * size;
  if (const fltSemantics *semantics = getFloatSemantics(elementType)) {
    uint64_t bits = 0;
    std::memcpy(&bits, src, size); // Little-endian host.
    APFloat value(*semantics, APInt(size * 8, bits));
    bool losesInfo;
    value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return value.convertToDouble();
  }
  switch (elementType) {
  case ElementType::I1:
    return *src ? 1 : 0;
  case ElementType::I8:
    return static_cast<int8_t>(*src);
  case ElementType::I16: {
    int16_t v;
    std::memcpy(&v, src, sizeof(v));
    return v;
  }
  case ElementType::I32: {
    int32_t v;
    std::memcpy(&v, src, sizeof(v));
    return v;
  }
  case ElementType::I64: {
    int64_t v;
    std::memcpy(&v, src, sizeof(v));
    return static_cast<double>(v);
  }
  default:
    llvm_unreachable("float types are handled above");
  }
}

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

/// Parses `2x3xf32` into shape and element type.
static Error parseTypeString(StringRef text, HostBuffer &buffer) {
  SmallVector<StringRef> parts;
  text.trim().split(parts, 'x');
  StringRef typeName = parts.pop_back_val();
  // `index` holds an `x` of its own: `4xindex` splits into 4, inde and "".
  if (typeName.empty() && !parts.empty() && parts.back() == "inde") {
    parts.pop_back();
    typeName = "index";
  }
  std::optional<ElementType> type = parseElementTypeName(typeName);
  if (!type)
    return makeError("unsupported element type '" + typeName + "' in '" + text +
                     "' (supported: " + getSupportedElementTypeNames() + ")");
  buffer.elementType = *type;
  buffer.shape.clear();
  for (StringRef part : parts) {
    int64_t dim;
    if (part.getAsInteger(10, dim) || dim < 0)
      return makeError("bad dimension '" + part + "' in '" + text +
                       "' (expected e.g. 2x3xf32)");
    buffer.shape.push_back(dim);
  }
  constexpr int64_t kMaxElements = int64_t(1) << 32;
  int64_t count = 1;
  for (int64_t dim : buffer.shape) {
    if (dim != 0 && count > kMaxElements / dim)
      return makeError("shape '" + text + "' is too large");
    count *= dim;
  }
  return Error::success();
}

/// Stores the literal `token` as element `index` of `buffer`.
static Error storeLiteral(HostBuffer &buffer, int64_t index, StringRef token) {
  uint8_t *dst =
      buffer.data.data() + index * getElementSize(buffer.elementType);
  std::string text = token.str();
  auto bad = [&]() {
    return makeError("bad " + getElementTypeName(buffer.elementType) +
                     " literal '" + token + "'");
  };
  switch (buffer.elementType) {
  case ElementType::F16:
  case ElementType::BF16:
  case ElementType::F32:
  case ElementType::F64: {
    char *end = nullptr;
    errno = 0;
    double parsed = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0')
      return bad();
    // One rounding, from the double strtod returns (exact for f64), to
    // nearest-even; a finite literal that becomes infinite does not fit.
    APFloat value(parsed);
    bool losesInfo;
    APFloat::opStatus status =
        value.convert(*getFloatSemantics(buffer.elementType),
                      APFloat::rmNearestTiesToEven, &losesInfo);
    if ((status & APFloat::opOverflow) ||
        (errno == ERANGE && value.isInfinity()))
      return makeError("literal '" + token + "' does not fit in " +
                       getElementTypeName(buffer.elementType));
    uint64_t bits = value.bitcastToAPInt().getZExtValue();
    std::memcpy(dst, &bits, getElementSize(buffer.elementType));
    return Error::success();
  }
  case ElementType::I1: {
    uint8_t bit;
    if (token == "1" || token == "true")
      bit = 1;
    else if (token == "0" || token == "false")
      bit = 0;
    else
      return bad();
    *dst = bit;
    return Error::success();
  }
  case ElementType::I8:
  case ElementType::I16:
  case ElementType::I32:
  case ElementType::I64: {
    int64_t value;
    if (token.getAsInteger(10, value))
      return bad();
    unsigned bits = getElementSize(buffer.elementType) * 8;
    if (bits < 64) {
      int64_t lo = -(int64_t(1) << (bits - 1));
      int64_t hi = (int64_t(1) << bits) - 1; // Accept unsigned spellings.
      if (value < lo || value > hi)
        return makeError("literal '" + token + "' does not fit in " +
                         getElementTypeName(buffer.elementType));
    }
    // Little-endian host: the low bytes are the value.
    std::memcpy(dst, &value, getElementSize(buffer.elementType));
    return Error::success();
  }
  }
  llvm_unreachable("unknown element type");
}

/// Reads the whole file at `path`.
static Expected<std::unique_ptr<MemoryBuffer>> readFile(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> file =
      MemoryBuffer::getFile(path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!file)
    return makeError("cannot read '" + path +
                     "': " + file.getError().message());
  return std::move(*file);
}

Expected<HostBuffer> scopeir::runner::parseInputSpec(StringRef spec) {
  spec = spec.trim();
  if (spec.starts_with("@"))
    return readNpyFile(spec.drop_front());
  auto [typeText, valuesText] = spec.split('=');
  if (typeText.size() == spec.size())
    return makeError("bad input '" + spec +
                     "': expected SHAPExTYPE=VALUES (e.g. 2x3xf32=1 2 3 4 5 "
                     "6), SHAPExTYPE=@file.bin or @file.npy");
  HostBuffer buffer;
  if (Error error = parseTypeString(typeText, buffer))
    return std::move(error);
  int64_t count = buffer.getNumElements();
  size_t elementSize = getElementSize(buffer.elementType);
  valuesText = valuesText.trim();

  if (valuesText.starts_with("@")) {
    StringRef path = valuesText.drop_front();
    Expected<std::unique_ptr<MemoryBuffer>> file = readFile(path);
    if (!file)
      return file.takeError();
    size_t expected = count * elementSize;
    if ((*file)->getBufferSize() != expected)
      return makeError("'" + path + "' holds " +
                       Twine((*file)->getBufferSize()) + " bytes but " +
                       buffer.getTypeString() + " needs " + Twine(expected));
    buffer.data.assign((*file)->getBufferStart(), (*file)->getBufferEnd());
    return std::move(buffer);
  }

  SmallVector<StringRef> tokens;
  SplitString(valuesText, tokens, " \t\n\r,[]");
  buffer.data.assign(count * elementSize, 0);
  if (tokens.size() == 1 && count != 1) {
    // A splat: one value fills every element.
    if (count == 0)
      return makeError("input '" + spec + "' has no elements but a value");
    if (Error error = storeLiteral(buffer, 0, tokens[0]))
      return std::move(error);
    for (int64_t i = 1; i < count; ++i)
      std::memcpy(buffer.data.data() + i * elementSize, buffer.data.data(),
                  elementSize);
    return std::move(buffer);
  }
  if (static_cast<int64_t>(tokens.size()) != count)
    return makeError("input '" + typeText + "' needs " + Twine(count) +
                     " values (or one to splat) but " + Twine(tokens.size()) +
                     " were given");
  for (auto [i, token] : llvm::enumerate(tokens))
    if (Error error = storeLiteral(buffer, i, token))
      return std::move(error);
  return std::move(buffer);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static void printElement(raw_ostream &os, const HostBuffer &buffer,
                         int64_t index) {
  const uint8_t *src =
      buffer.data.data() + index * getElementSize(buffer.elementType);
  switch (buffer.elementType) {
  case ElementType::F16:
  case ElementType::BF16:
  case ElementType::F32:
  case ElementType::F64:
    // %g keeps 6 significant digits: every f16 and bf16 value reads back
    // exactly.
    os << format("%g", buffer.getElementAsDouble(index));
    return;
  case ElementType::I1:
    os << (*src ? 1 : 0);
    return;
  case ElementType::I8:
    os << static_cast<int>(static_cast<int8_t>(*src));
    return;
  case ElementType::I16: {
    int16_t v;
    std::memcpy(&v, src, sizeof(v));
    os << v;
    return;
  }
  case ElementType::I32: {
    int32_t v;
    std::memcpy(&v, src, sizeof(v));
    os << v;
    return;
  }
  case ElementType::I64: {
    int64_t v;
    std::memcpy(&v, src, sizeof(v));
    os << v;
    return;
  }
  }
}

/// Prints dimension `dim` onwards of the elements starting at `index`.
static void printDims(raw_ostream &os, const HostBuffer &buffer, unsigned dim,
                      int64_t &index) {
  unsigned rank = buffer.shape.size();
  if (dim + 1 == rank) {
    for (int64_t i = 0; i < buffer.shape[dim]; ++i) {
      if (i)
        os << ' ';
      printElement(os, buffer, index++);
    }
    return;
  }
  for (int64_t i = 0; i < buffer.shape[dim]; ++i) {
    os << '[';
    printDims(os, buffer, dim + 1, index);
    os << ']';
  }
}

std::string scopeir::runner::formatBuffer(const HostBuffer &buffer) {
  std::string result;
  raw_string_ostream os(result);
  os << buffer.getTypeString() << '=';
  int64_t index = 0;
  if (buffer.shape.empty())
    printElement(os, buffer, 0);
  else
    printDims(os, buffer, 0, index);
  return result;
}

//===----------------------------------------------------------------------===//
// NumPy .npy
//===----------------------------------------------------------------------===//

/// Maps a NumPy `descr` (`<f4`, `|b1`, ...) to an element type.
static std::optional<ElementType> parseNpyDescr(StringRef descr) {
  // What writers that know ml_dtypes put there (str(dtype)).
  if (descr == "bfloat16")
    return ElementType::BF16;
  if (descr.size() < 3)
    return std::nullopt;
  char order = descr[0];
  StringRef kind = descr.drop_front();
  // The kinds are those of the table; `V2` is what numpy.save writes for an
  // ml_dtypes.bfloat16 array (NumPy has no code for the type).
  std::optional<ElementType> type;
  for (const ElementTypeInfo &info : kElementTypes)
    if (info.npyDescr.drop_front() == kind)
      type = info.type;
  if (!type)
    return std::nullopt;
  bool littleEndianOk = order == '<' || order == '|' || order == '=';
  if (!littleEndianOk && !(order == '>' && getElementSize(*type) == 1))
    return std::nullopt;
  return type;
}

static StringRef getNpyDescr(ElementType type) {
  return getElementTypeInfo(type).npyDescr;
}

/// Returns the text after `'key':` in a .npy header dict, up to the end.
static std::optional<StringRef> findNpyKey(StringRef header, StringRef key) {
  size_t pos = header.find(("'" + key + "'").str());
  if (pos == StringRef::npos)
    return std::nullopt;
  StringRef rest = header.drop_front(pos + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  return rest.ltrim();
}

Expected<HostBuffer> scopeir::runner::readNpyFile(StringRef path) {
  Expected<std::unique_ptr<MemoryBuffer>> file = readFile(path);
  if (!file)
    return file.takeError();
  StringRef bytes = (*file)->getBuffer();
  auto bad = [&](const Twine &why) {
    return makeError("'" + path + "' is not a supported .npy file: " + why);
  };
  if (bytes.size() < 10 || !bytes.starts_with("\x93NUMPY"))
    return bad("missing the \\x93NUMPY magic");
  uint8_t major = bytes[6];
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return bad("truncated header");
    headerLen = uint32_t(uint8_t(bytes[8])) |
                (uint32_t(uint8_t(bytes[9])) << 8) |
                (uint32_t(uint8_t(bytes[10])) << 16) |
                (uint32_t(uint8_t(bytes[11])) << 24);
    headerStart = 12;
  } else {
    return bad("format version " + Twine(major) + " is unknown");
  }
  if (bytes.size() < headerStart + headerLen)
    return bad("truncated header");
  StringRef header = bytes.substr(headerStart, headerLen);

  HostBuffer buffer;
  std::optional<StringRef> descr = findNpyKey(header, "descr");
  if (!descr || !descr->consume_front("'"))
    return bad("no 'descr'");
  StringRef descrValue = descr->take_until([](char c) { return c == '\''; });
  std::optional<ElementType> type = parseNpyDescr(descrValue);
  if (!type)
    return bad("dtype '" + descrValue +
               "' is not one of bool, int8/16/32/64, float16/32/64 or "
               "bfloat16 (little-endian)");
  buffer.elementType = *type;

  std::optional<StringRef> fortran = findNpyKey(header, "fortran_order");
  if (!fortran)
    return bad("no 'fortran_order'");
  if (fortran->starts_with("True"))
    return bad("Fortran order is not supported (save with C order)");

  std::optional<StringRef> shape = findNpyKey(header, "shape");
  if (!shape || !shape->consume_front("("))
    return bad("no 'shape'");
  StringRef dims = shape->take_until([](char c) { return c == ')'; });
  SmallVector<StringRef> parts;
  dims.split(parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    int64_t dim;
    if (part.getAsInteger(10, dim) || dim < 0)
      return bad("bad dimension '" + part + "'");
    buffer.shape.push_back(dim);
  }

  size_t expected =
      buffer.getNumElements() * getElementSize(buffer.elementType);
  StringRef payload = bytes.drop_front(headerStart + headerLen);
  if (payload.size() != expected)
    return bad("holds " + Twine(payload.size()) + " data bytes but " +
               buffer.getTypeString() + " needs " + Twine(expected));
  buffer.data.assign(payload.begin(), payload.end());
  return std::move(buffer);
}

Error scopeir::runner::writeNpyFile(const HostBuffer &buffer, StringRef path) {
  std::string header = "{'descr': '" + getNpyDescr(buffer.elementType).str() +
                       "', 'fortran_order': False, 'shape': (";
  for (int64_t dim : buffer.shape)
    header += std::to_string(dim) + (buffer.shape.size() == 1 ? "," : ", ");
  if (buffer.shape.size() > 1)
    header.resize(header.size() - 2);
  header += "), }";
  // Pad with spaces so that the data starts at a multiple of 64 bytes.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_None);
  if (ec)
    return makeError("cannot write '" + path + "': " + ec.message());
  os << "\x93NUMPY" << char(1) << char(0);
  os << char(header.size() & 0xff) << char((header.size() >> 8) & 0xff);
  os << header;
  os.write(reinterpret_cast<const char *>(buffer.data.data()),
           buffer.data.size());
  os.close();
  if (os.has_error())
    return makeError("cannot write '" + path + "': " + os.error().message());
  return Error::success();
}
