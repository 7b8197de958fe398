//===- CodegenAttrs.cpp - codegen attributes and strategies -----*- C++ -*-===//
//
// This file implements the codegen dialect's attributes, the root kind
// keywords and the syntax and encoding of strategies.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenAttrs.h"
#include "scopeir/Dialect/Codegen/IR/CodegenDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace scopeir::codegen;

#define GET_ATTRDEF_CLASSES
#include "scopeir/Dialect/Codegen/IR/CodegenAttrs.cpp.inc"

void CodegenDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "scopeir/Dialect/Codegen/IR/CodegenAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Root kinds
//===----------------------------------------------------------------------===//

StringRef scopeir::codegen::stringifyRootKind(RootKind kind) {
  switch (kind) {
  case RootKind::Contraction:
    return "contraction";
  case RootKind::Convolution:
    return "convolution";
  case RootKind::Reduction:
    return "reduction";
  case RootKind::Elementwise:
    return "elementwise";
  case RootKind::Other:
    return "other";
  }
  llvm_unreachable("unknown root kind");
}

ArrayRef<RootKind> scopeir::codegen::getAllRootKinds() {
  static constexpr RootKind kinds[] = {
      RootKind::Contraction, RootKind::Convolution, RootKind::Reduction,
      RootKind::Elementwise, RootKind::Other};
  return kinds;
}

std::optional<RootKind> scopeir::codegen::symbolizeRootKind(StringRef keyword) {
  for (RootKind kind : getAllRootKinds())
    if (stringifyRootKind(kind) == keyword)
      return kind;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Strategy
//===----------------------------------------------------------------------===//

Attribute Strategy::encode(MLIRContext *context) const {
  if (pipeline)
    return pipeline;
  assert(sequence && "cannot encode an empty strategy");
  SmallVector<Attribute> elements = {sequence};
  llvm::append_range(elements, getArguments());
  return ArrayAttr::get(context, elements);
}

FailureOr<Strategy> Strategy::decode(Attribute attr) {
  if (auto text = dyn_cast<StringAttr>(attr))
    return Strategy::getPipeline(text);
  auto array = dyn_cast<ArrayAttr>(attr);
  if (!array || array.empty())
    return failure();
  auto sequence = dyn_cast<FlatSymbolRefAttr>(array[0]);
  if (!sequence)
    return failure();
  ArrayAttr arguments;
  if (array.size() > 1)
    arguments =
        ArrayAttr::get(attr.getContext(), array.getValue().drop_front());
  return Strategy::getSequence(sequence, arguments);
}

ParseResult scopeir::codegen::parseStrategy(AsmParser &parser,
                                            Strategy &strategy) {
  MLIRContext *context = parser.getContext();
  std::string text;
  if (succeeded(parser.parseOptionalString(&text))) {
    strategy = Strategy::getPipeline(StringAttr::get(context, text));
    return success();
  }
  StringAttr name;
  if (failed(parser.parseOptionalSymbolName(name)))
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a pass pipeline (a string) or a named "
                            "sequence (a symbol)");
  SmallVector<Attribute> arguments;
  if (succeeded(parser.parseOptionalLParen()) &&
      failed(parser.parseOptionalRParen())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          Attribute argument;
          if (parser.parseAttribute(argument))
            return failure();
          arguments.push_back(argument);
          return success();
        }) ||
        parser.parseRParen())
      return failure();
  }
  strategy = Strategy::getSequence(
      FlatSymbolRefAttr::get(name),
      arguments.empty() ? ArrayAttr() : ArrayAttr::get(context, arguments));
  return success();
}

void scopeir::codegen::printStrategy(AsmPrinter &printer,
                                     const Strategy &strategy) {
  if (strategy.isPipeline()) {
    printer.printAttributeWithoutType(strategy.pipeline);
    return;
  }
  printer.printSymbolName(strategy.sequence.getValue());
  ArrayRef<Attribute> arguments = strategy.getArguments();
  if (arguments.empty())
    return;
  printer << '(';
  llvm::interleaveComma(arguments, printer, [&](Attribute argument) {
    printer.printAttribute(argument);
  });
  printer << ')';
}

//===----------------------------------------------------------------------===//
// StrategyAttr
//===----------------------------------------------------------------------===//

// #codegen.strategy<strategy> or #codegen.strategy<kind = strategy, ...>
Attribute StrategyAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  NamedAttrList entries;
  StringRef keyword;
  if (failed(parser.parseOptionalKeyword(&keyword))) {
    Strategy strategy;
    if (parseStrategy(parser, strategy) || parser.parseGreater())
      return {};
    entries.set(kDefaultEntry, strategy.encode(context));
  } else {
    auto parseEntry = [&]() -> ParseResult {
      SMLoc keyLoc = parser.getCurrentLocation();
      if (keyword.empty() && parser.parseKeyword(&keyword))
        return failure();
      if (keyword != kDefaultEntry && !symbolizeRootKind(keyword))
        return parser.emitError(keyLoc, "unknown root kind '")
               << keyword << "'; expected contraction, convolution, "
               << "reduction, elementwise, other or default";
      if (entries.get(keyword))
        return parser.emitError(keyLoc, "root kind '")
               << keyword << "' is given twice";
      Strategy strategy;
      if (parser.parseEqual() || parseStrategy(parser, strategy))
        return failure();
      entries.set(keyword, strategy.encode(context));
      keyword = {};
      return success();
    };
    if (parseEntry() ||
        (succeeded(parser.parseOptionalComma()) &&
         parser.parseCommaSeparatedList(parseEntry)) ||
        parser.parseGreater())
      return {};
  }
  return parser.getChecked<StrategyAttr>(loc, context,
                                         entries.getDictionary(context));
}

void StrategyAttr::print(AsmPrinter &printer) const {
  DictionaryAttr entries = getEntries();
  printer << '<';
  auto printEntry = [&](StringRef key) {
    printStrategy(printer, *Strategy::decode(entries.get(key)));
  };
  if (entries.size() == 1 && entries.get(kDefaultEntry)) {
    printEntry(kDefaultEntry);
    printer << '>';
    return;
  }
  // Kinds in their declaration order, the default last.
  SmallVector<StringRef> keys;
  for (RootKind kind : getAllRootKinds())
    if (entries.get(stringifyRootKind(kind)))
      keys.push_back(stringifyRootKind(kind));
  if (entries.get(kDefaultEntry))
    keys.push_back(kDefaultEntry);
  llvm::interleaveComma(keys, printer, [&](StringRef key) {
    printer << key << " = ";
    printEntry(key);
  });
  printer << '>';
}

LogicalResult StrategyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   DictionaryAttr entries) {
  if (!entries || entries.empty())
    return emitError() << "a strategy attribute needs at least one entry";
  for (NamedAttribute entry : entries) {
    StringRef key = entry.getName().getValue();
    if (key != kDefaultEntry && !symbolizeRootKind(key))
      return emitError() << "unknown root kind '" << key << "'";
    if (failed(Strategy::decode(entry.getValue())))
      return emitError() << "the strategy of '" << key
                         << "' must be a pipeline string or an array of a "
                            "named sequence symbol and its parameters";
  }
  return success();
}

Strategy StrategyAttr::lookup(RootKind kind) const {
  DictionaryAttr entries = getEntries();
  Attribute entry = entries.get(stringifyRootKind(kind));
  if (!entry)
    entry = entries.get(kDefaultEntry);
  if (!entry)
    return {};
  return *Strategy::decode(entry);
}

// A strategy is neither a barrier nor a placement; it follows its ops into
// the executables formed from them.
StringRef StrategyAttr::getScopeKind() const { return kScopeKind; }
bool StrategyAttr::isInheritedByDispatches() const { return true; }
