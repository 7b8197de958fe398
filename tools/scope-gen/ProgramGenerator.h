//===- ProgramGenerator.h - Random linalg programs with scopes --*- C++ -*-===//
//
// This file declares scope-gen's program generator: from a seed, a valid
// linalg-on-tensors module (several functions, calls, loops, conditionals,
// static and dynamic shapes), the inputs to run it on, what the generator
// knows about each result (how far correct compilers may disagree on it),
// and random scopes of every kind the project has.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TOOLS_SCOPE_GEN_PROGRAMGENERATOR_H
#define SCOPEIR_TOOLS_SCOPE_GEN_PROGRAMGENERATOR_H

#include "ValueFacts.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace scopeir::gen {

/// Op families the generator can emit; each can be turned off. A new family
/// gets an entry here, a name in kFamilyNames and, for an op the generator
/// draws, a row in ProgramGenerator::kOpKinds (both in ProgramGenerator.cpp)
/// and its generator in the file of its kind (ProgramGeneratorImpl.h); a
/// family that must not change existing seeds' programs also gets a bit in
/// kOptInFamilies and the last row of kOpKinds.
enum class OpFamily : unsigned {
  Matmul,
  BatchMatmul,
  Conv,
  Pooling,
  Elementwise,
  NamedElementwise,
  Reduction,
  Fill,
  Transpose,
  Broadcast,
  ExtractSlice,
  InsertSlice,
  Pad,
  Concat,
  Reshape,
  Cast,
  For,
  If,
  Call,
  /// math dialect ops (exp, log, sin, ...) inside elementwise bodies.
  Math,
  /// Function arguments with dynamic dims (and what follows from them).
  Dynamic,
  /// arith and math ops written directly on ranked tensors (f32, f64 and
  /// integer element types). Opt-in: not part of `all`.
  TensorElementwise,
  /// A layer of the example kernel `mlp_layer_f32` (matmul, bias, ReLU)
  /// whose operands are strided views: slices with offsets and steps of
  /// larger tensors, transposed views, slices at a dynamic offset, a column
  /// of a matrix as the bias. Opt-in: not part of `all`.
  MLPLayer,
  NumFamilies,
};

/// Scope kinds the generator can insert; each can be turned off. New kinds
/// get an entry here, a name in kScopeKindNames
/// (ProgramGenerator.cpp), a case where the generator closes a scope
/// (Scopes.cpp) and, unless every seed's program may change, a bit in
/// kOptInScopeKinds.
enum class ScopeKind : unsigned {
  /// `#hal.device.target<...>` on a scope.
  Device,
  /// `#util.zone<...>` on a scope.
  Zone,
  /// Scopes inside scopes (also across regions: a scope in a loop body
  /// inside a scope).
  Nest,
  /// The util.annotate form.
  Annotate,
  /// The util.scope form with explicit captures, dims and ties.
  Scope,
  /// The hal.device.scope form.
  HalDeviceScope,
  /// `hal.device` on functions.
  FuncDevice,
  /// `hal.device` on the module (the default for functions without one).
  ModuleDevice,
  /// Zone scopes of every form inserted afterwards by the
  /// test-util-insert-scopes pass.
  InsertPass,
  /// A `codegen.scope.tu` with a strategy (a pass pipeline, a transform
  /// named sequence, or a `#codegen.strategy` on its device scope) around
  /// an op of a device scope, sometimes with a tied consumer tu scope.
  /// Opt-in: not part of `all`.
  CodegenTU,
  /// An elementwise op distributed by hand over a grid of workgroups: a
  /// `codegen.scope.workgroups` whose `codegen.store`s sit at the top of
  /// the body, in an `scf.for` over sub-tiles or under an `scf.if`.
  /// Opt-in: not part of `all`.
  Workgroups,
  /// The `mlp-layer` family's layers as extern scopes of `mlp_layer_f32`
  /// (`#hal.extern`), with or without the `contiguous` ABI option (one
  /// choice per program: one symbol has one C signature). Opt-in: not part
  /// of `all`.
  Extern,
  NumKinds,
};

/// The op families and scope kinds that `all` (and the defaults) leave out:
/// they came after seeds were recorded, and each seed's program stays the
/// same unless they are named.
constexpr uint64_t kOptInFamilies =
    (1ull << static_cast<unsigned>(OpFamily::TensorElementwise)) |
    (1ull << static_cast<unsigned>(OpFamily::MLPLayer));
constexpr uint64_t kOptInScopeKinds =
    (1ull << static_cast<unsigned>(ScopeKind::CodegenTU)) |
    (1ull << static_cast<unsigned>(ScopeKind::Workgroups)) |
    (1ull << static_cast<unsigned>(ScopeKind::Extern));

llvm::StringRef getOpFamilyName(OpFamily family);
llvm::StringRef getScopeKindName(ScopeKind kind);
std::optional<OpFamily> parseOpFamilyName(llvm::StringRef name);
std::optional<ScopeKind> parseScopeKindName(llvm::StringRef name);

/// The backends scopes are placed on.
extern const char *const kBackends[2];

struct GeneratorOptions {
  uint64_t seed = 0;
  /// Bit i set: OpFamily i enabled.
  uint64_t families = ~kOptInFamilies;
  /// Bit i set: ScopeKind i enabled.
  uint64_t scopeKinds = ~kOptInScopeKinds;
  /// Ops generated in @main (helpers and region bodies get fewer).
  unsigned minOps = 5;
  unsigned maxOps = 12;
  /// Probability that a scope opens before an op.
  double scopeDensity = 0.3;
  /// `density` of test-util-insert-scopes.
  double insertDensity = 0.15;
  /// A backend with memory of its own (`vulkan`) that the device scopes of
  /// mixed-backend programs are also placed on; empty: none.
  std::string deviceBackend;

  bool has(OpFamily family) const {
    return families & (1ull << static_cast<unsigned>(family));
  }
  bool has(ScopeKind kind) const {
    return scopeKinds & (1ull << static_cast<unsigned>(kind));
  }
};

/// One argument of the entry function: its runtime shape and values.
struct GeneratedInput {
  llvm::SmallVector<int64_t> shape;
  std::vector<float> values;

  /// `2x3xf32=1,2,3,4,5,6`: the form scope-run's --input takes.
  std::string getSpec() const;
};

/// One result of the entry function.
struct GeneratedResult {
  llvm::SmallVector<int64_t> shape;
  ValueFacts facts;
};

struct GeneratedProgram {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<GeneratedInput> inputs;
  std::vector<GeneratedResult> results;
  /// The backend of ops outside every device scope (scope-run
  /// --host-backend).
  std::string hostBackend;
  /// Set when every device scope, function and the host use this one
  /// backend: then the program and its stripped form compile the same ops
  /// with the same backend, and must agree bit for bit.
  std::string uniformBackend;
  /// How many times each op family (and math op) was emitted.
  std::map<std::string, unsigned> features;
  /// How many scopes of each kind were inserted.
  std::map<std::string, unsigned> scopes;
  /// Set when the program holds workgroups scopes that scope-run's
  /// run-time coverage check (--codegen-check-stores) can check: none may
  /// sit on a device with memory of its own, whose scopes refuse the check.
  bool checkStores = false;
  /// Set when a codegen strategy (a tu scope's named sequence, a
  /// `#codegen.strategy`) tiles ops of the program with scopes: it is then
  /// compiled differently from the program without them, and only agrees
  /// within tolerance.
  bool hasStrategies = false;
  /// Set when the program holds extern scopes of `mlp_layer_f32`: it is
  /// then run with a kernel library providing it and its kernel calls
  /// checked against their decompositions.
  bool hasKernels = false;
  /// How far a kernel's results may be from its decomposition's: the
  /// largest tolerance of a kernel result (0: bit for bit).
  double kernelTolerance = 0;
};

/// Generates the program of `options.seed`. With `withScopes` false, no
/// scope and no device attribute is emitted, and the ops are the same as
/// with scopes: the program decisions and the scope decisions draw from two
/// separate random streams, and a scope only wraps ops that are there
/// anyway. Returns failure (after emitting diagnostics) if the module does
/// not verify, which is a bug of the generator.
mlir::FailureOr<GeneratedProgram>
generateProgram(mlir::MLIRContext *context, const GeneratorOptions &options,
                bool withScopes);

/// Appends `@reference_main` to `module`: it calls `@main` on the inputs as
/// dense constants and prints each result's bits with printMemrefI32
/// (f32 bitcast to i32), so that a run under mlir-runner reports exact
/// values.
void appendReferenceDriver(mlir::ModuleOp module,
                           const GeneratedProgram &program);

} // namespace scopeir::gen

#endif // SCOPEIR_TOOLS_SCOPE_GEN_PROGRAMGENERATOR_H
