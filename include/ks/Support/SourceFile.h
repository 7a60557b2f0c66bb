//===- SourceFile.h - MLIR files that are input -----------------*- C++ -*-===//
//
// MLIR 22's lexer reads past the end of its buffer after a string literal
// that runs to the end of the file inside a `{-# dialect_resources #-}`
// section (a truncated import): the parser reports the string and then
// faults. Files are checked for that before they reach the parser. Some of
// its ops' custom parsers fault after reporting an error too (linalg.transpose
// cut inside its permutation): a tool that enabled llvm::CrashRecoveryContext
// gets such a fault back as an error.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SUPPORT_SOURCEFILE_H
#define KS_SUPPORT_SOURCEFILE_H

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace ks {

/// The offset of the opening quote of a string literal that `text` ends
/// inside, as MLIR's lexer reads strings (a backslash escapes the next
/// character, a newline ends the literal, `//` starts a comment).
inline std::optional<size_t> unterminatedStringAtEnd(llvm::StringRef text) {
  enum { Code, String, Comment } state = Code;
  size_t opened = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (state == String) {
      if (c == '\\')
        ++i;
      else if (c == '"' || c == '\n')
        state = Code;
    } else if (state == Comment) {
      if (c == '\n')
        state = Code;
    } else if (c == '"') {
      state = String;
      opened = i;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      state = Comment;
    }
  }
  if (state == String)
    return opened;
  return std::nullopt;
}

/// The message for a file MLIR's parser must not see, at its location in
/// the file (1-based line and column), or none.
struct UnparseableText {
  unsigned line, column;
  std::string message;
};
inline std::optional<UnparseableText> findUnparseable(llvm::StringRef text) {
  // Bytecode is binary, not text the lexer reads.
  if (mlir::isBytecode(llvm::MemoryBufferRef(text, "")))
    return std::nullopt;
  std::optional<size_t> at = unterminatedStringAtEnd(text);
  if (!at)
    return std::nullopt;
  llvm::StringRef before = text.take_front(*at);
  unsigned line = before.count('\n') + 1;
  unsigned column = *at - (before.rfind('\n') + 1) + 1; // npos + 1 == 0.
  return UnparseableText{line, column,
                         "the file ends inside the string literal that starts "
                         "here (a truncated file?)"};
}

/// parseSourceFile<ModuleOp> under crash recovery: none where MLIR's parser
/// faulted (the half-built module is leaked, not destroyed). Without
/// llvm::CrashRecoveryContext::Enable() (a library in someone else's
/// process) the parser runs unprotected.
inline std::optional<mlir::OwningOpRef<mlir::ModuleOp>>
parseModuleSafely(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context) {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  llvm::CrashRecoveryContext recovery;
  if (recovery.RunSafely([&] {
        module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, context);
      }))
    return module;
  (void)module.release();
  return std::nullopt;
}

/// The message for a parser that faulted.
inline constexpr const char kParserCrashed[] =
    "MLIR's parser crashed on this input after the errors above: it is not "
    "valid MLIR";

/// The module in `sourceMgr`'s main buffer, or null with the error reported
/// like the parser's own (to the context's diagnostic handler).
inline mlir::OwningOpRef<mlir::ModuleOp>
parseCheckedModule(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (std::optional<UnparseableText> bad = findUnparseable(buffer->getBuffer())) {
    mlir::emitError(mlir::FileLineColLoc::get(
        context, buffer->getBufferIdentifier(), bad->line, bad->column))
        << bad->message;
    return nullptr;
  }
  std::optional<mlir::OwningOpRef<mlir::ModuleOp>> module =
      parseModuleSafely(sourceMgr, context);
  if (!module) {
    mlir::emitError(mlir::FileLineColLoc::get(
        context, buffer->getBufferIdentifier(), 0, 0))
        << kParserCrashed;
    return nullptr;
  }
  return std::move(*module);
}

/// parseSourceFile<ModuleOp>(path, context), checked first.
inline mlir::OwningOpRef<mlir::ModuleOp>
parseCheckedModuleFile(llvm::StringRef path, mlir::MLIRContext *context) {
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!file) {
    mlir::emitError(mlir::UnknownLoc::get(context))
        << "could not open input file " << path << ": "
        << file.getError().message();
    return nullptr;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  return parseCheckedModule(sourceMgr, context);
}

} // namespace ks

#endif // KS_SUPPORT_SOURCEFILE_H
