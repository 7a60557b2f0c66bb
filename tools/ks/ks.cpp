//===- ks.cpp - Multi-call binary: ks-opt, ks-run, ks-load-ptx, ks-tune ---===//
//
// The bundle carries MLIR and LLVM once, inside libKernelSkill.so: `ks` runs
// the tool its name (argv[0], e.g. a link ks-run -> ks) or first argument
// names. It uses nothing but libc itself, since the library exports only the
// tools' entry points.
//
//===----------------------------------------------------------------------===//

#include "ks/Tools/Mains.h"

#include <cstdio>
#include <cstring>

using MainFn = int (*)(int, char **);

static MainFn lookup(const char *name) {
  if (const char *slash = std::strrchr(name, '/'))
    name = slash + 1;
  if (!std::strcmp(name, "ks-opt"))
    return ks::tools::ksOptMain;
  if (!std::strcmp(name, "ks-run"))
    return ks::tools::ksRunMain;
  if (!std::strcmp(name, "ks-load-ptx"))
    return ks::tools::ksLoadPtxMain;
  if (!std::strcmp(name, "ks-tune"))
    return ks::tools::ksTuneMain;
  return nullptr;
}

int main(int argc, char **argv) {
  if (MainFn fn = lookup(argv[0]))
    return fn(argc, argv);
  if (argc > 1)
    if (MainFn fn = lookup(argv[1]))
      return fn(argc - 1, argv + 1);
  std::fprintf(stderr, "usage: ks {ks-opt|ks-run|ks-load-ptx|ks-tune} [options], or "
                       "run it through a link with one of those names\n");
  return 2;
}
