//===- Mains.h - The entry points of the ks tools ---------------*- C++ -*-===//
//
// Each tool's main() calls one of these; the statically linked bundle links
// them all into one multi-call binary (`ks`), dispatched on argv[0], so MLIR
// and LLVM are carried once.
//
//===----------------------------------------------------------------------===//
#ifndef KS_TOOLS_MAINS_H
#define KS_TOOLS_MAINS_H

namespace ks::tools {
int ksOptMain(int argc, char **argv);
int ksRunMain(int argc, char **argv);
int ksLoadPtxMain(int argc, char **argv);
int ksTuneMain(int argc, char **argv);
} // namespace ks::tools

#endif // KS_TOOLS_MAINS_H
