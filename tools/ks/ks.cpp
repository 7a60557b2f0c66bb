//===- ks.cpp - Multi-call binary: ks-opt, ks-run, ks-load-ptx ------------===//
//
// The statically linked bundle carries MLIR and LLVM once: `ks` runs the tool
// its name (argv[0], e.g. a symlink ks-run -> ks) or first argument names.
//
//===----------------------------------------------------------------------===//

#include "ks/Tools/Mains.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using MainFn = int (*)(int, char **);

static MainFn lookup(llvm::StringRef name) {
  if (name == "ks-opt")
    return ks::tools::ksOptMain;
  if (name == "ks-run")
    return ks::tools::ksRunMain;
  if (name == "ks-load-ptx")
    return ks::tools::ksLoadPtxMain;
  return nullptr;
}

int main(int argc, char **argv) {
  if (MainFn fn = lookup(llvm::sys::path::filename(argv[0])))
    return fn(argc, argv);
  if (argc > 1)
    if (MainFn fn = lookup(argv[1]))
      return fn(argc - 1, argv + 1);
  llvm::errs() << "usage: ks {ks-opt|ks-run|ks-load-ptx} [options], or run it "
                  "through a link with one of those names\n";
  return 2;
}
