//===- CompiledProgram.h - A lowered GPU program on disk --------*- C++ -*-===//
//
// What ksrt_compile writes and ksrt_load_compiled reads: a GPU program after
// ks's pipelines (LLVM dialect host code, the kernels' PTX embedded) as MLIR
// bytecode, so that loading it needs neither the seed lowering nor ptxas.
// What Program needs that the lowered module no longer shows (the entry, its
// signature, kernel -> dispatch, spills) rides along as the module attribute
// `ks.program`, with the file's format.
//
//===----------------------------------------------------------------------===//
#ifndef KS_DRIVER_COMPILEDPROGRAM_H
#define KS_DRIVER_COMPILEDPROGRAM_H

#include "ks/Driver/Program.h"

namespace ks::runtime {

/// The format of compiled programs this ks writes and reads; a change in
/// what a file holds or means makes a new one.
inline constexpr int64_t kCompiledProgramFormat = 1;

/// The module attribute that carries a compiled program's signature.
inline constexpr const char kProgramAttr[] = "ks.program";

/// Writes `lowered`, a GPU program compiled for `chip`, to `path`: a
/// temporary file beside it renamed over it, so that `path` is either the
/// whole program or untouched. Adds the `ks.program` attribute to its module.
llvm::Error writeCompiledProgram(Program::Lowered &lowered,
                                 llvm::StringRef chip, llvm::StringRef path);

/// The program in the file at `path`, parsed into `context`, after checking
/// that it is one writeCompiledProgram wrote in this format: a clear error
/// for another file, a truncated or corrupt one, or another format.
llvm::Expected<Program::Lowered>
readCompiledProgram(llvm::StringRef path, mlir::MLIRContext *context);

} // namespace ks::runtime

#endif // KS_DRIVER_COMPILEDPROGRAM_H
