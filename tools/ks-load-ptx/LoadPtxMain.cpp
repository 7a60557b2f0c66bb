//===- LoadPtxMain.cpp - Load PTX modules with the CUDA driver ------------===//
//
// Checks on a GPU machine that the PTX ks wrote is accepted by the driver's
// JIT for the installed device: each file (or every *.ptx under a directory)
// is loaded with cuModuleLoadDataEx and every `.entry` in it is looked up.
// Prints one line per file; exits non-zero if any file failed.
//
//===----------------------------------------------------------------------===//

#include "ks/Runtime/CudaDriver.h"
#include "ks/Tools/Mains.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ks::cuda;
namespace cl = llvm::cl;


static std::vector<std::string> entryNames(llvm::StringRef ptx) {
  static const llvm::Regex entryRe("\\.entry[ \t]+([A-Za-z_$][A-Za-z0-9_$]*)");
  std::vector<std::string> names;
  llvm::SmallVector<llvm::StringRef, 2> m;
  while (entryRe.match(ptx, &m)) {
    names.push_back(m[1].str());
    ptx = ptx.substr(m[0].end() - ptx.begin());
  }
  return names;
}

static std::vector<std::string> expandInputs(llvm::ArrayRef<std::string> inputs) {
  std::vector<std::string> files;
  for (const std::string &in : inputs) {
    if (!llvm::sys::fs::is_directory(in)) {
      files.push_back(in);
      continue;
    }
    std::error_code ec;
    std::vector<std::string> found;
    for (llvm::sys::fs::recursive_directory_iterator it(in, ec), end;
         it != end && !ec; it.increment(ec))
      if (llvm::sys::path::extension(it->path()) == ".ptx")
        found.push_back(it->path());
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

/// Loads one file; returns a one-line summary, or an Error.
static llvm::Expected<std::string> loadOne(const DriverAPI &api,
                                           const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError("cannot read: " + buffer.getError().message());
  std::string ptx = (*buffer)->getBuffer().str(); // NUL-terminated for the JIT.
  std::vector<std::string> entries = entryNames(ptx);

  llvm::Expected<CUmodule> loaded = loadModule(api, ptx.c_str());
  if (!loaded)
    return loaded.takeError();
  CUmodule module = *loaded;
  std::string summary;
  llvm::raw_string_ostream os(summary);
  os << entries.size() << " kernel(s)";
  llvm::Error err = llvm::Error::success();
  for (const std::string &name : entries) {
    CUfunction fn = nullptr;
    if ((err = check(api, api.cuModuleGetFunction(&fn, module, name.c_str()),
                     "cuModuleGetFunction(" + name + ")")))
      break;
    int regs = 0;
    api.cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fn);
    os << " " << name << "(" << regs << " regs)";
  }
  api.cuModuleUnload(module);
  if (err)
    return std::move(err);
  return summary;
}

int ks::tools::ksLoadPtxMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Options live here, not at file scope, so the multi-call binary only
  // registers the options of the tool it runs.
  cl::list<std::string> inputs(cl::Positional, cl::OneOrMore,
                               cl::desc("<ptx files or directories>"));
  cl::opt<int> deviceOrdinal("device", cl::desc("CUDA device ordinal"),
                             cl::init(0));
  cl::ParseCommandLineOptions(argc, argv,
                              "Load PTX modules with the CUDA driver\n");
  llvm::Expected<const DriverAPI &> api = loadDriver();
  if (!api) {
    llvm::errs() << "ks-load-ptx: " << llvm::toString(api.takeError()) << "\n";
    return 2;
  }
  if (llvm::Expected<CUcontext> context = currentContext(deviceOrdinal);
      !context) {
    llvm::errs() << "ks-load-ptx: " << llvm::toString(context.takeError())
                 << "\n";
    return 2;
  }
  CUdevice device = 0;
  api->cuDeviceGet(&device, deviceOrdinal);
  char name[256] = {0};
  int major = 0, minor = 0;
  api->cuDeviceGetName(name, sizeof(name), device);
  api->cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                            device);
  api->cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                            device);
  llvm::outs() << "device " << deviceOrdinal << ": " << name << " (sm_" << major
               << minor << ")\n";

  std::vector<std::string> files = expandInputs(inputs);
  unsigned failures = 0;
  for (const std::string &file : files) {
    llvm::Expected<std::string> summary = loadOne(*api, file);
    if (summary) {
      llvm::outs() << "loaded " << file << ": " << *summary << "\n";
    } else {
      ++failures;
      llvm::outs() << "FAILED " << file << ": "
                   << llvm::toString(summary.takeError()) << "\n";
    }
  }
  llvm::outs() << (files.size() - failures) << " passed, " << failures
               << " failed\n";
  return failures ? 1 : 0;
}
