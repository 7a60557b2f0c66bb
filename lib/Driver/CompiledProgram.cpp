//===- CompiledProgram.cpp - A lowered GPU program on disk ----------------===//

#include "ks/Driver/CompiledProgram.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace ks::runtime;

/// The bytecode's producer string names the format, so that a file of
/// another format is told apart before its module is parsed, and carries
/// a hash of the bytes after it: a corrupt file (whose bytes MLIR's reader
/// may mistake for a valid module, or fault on) is refused unparsed.
static constexpr llvm::StringLiteral kProducerPrefix = "KernelSkill program ";
static constexpr llvm::StringLiteral kHashKey = " xxh3=";
static constexpr size_t kHashDigits = 16;

static std::string producer(uint64_t hash) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << kProducerPrefix << kCompiledProgramFormat << kHashKey
     << llvm::format_hex_no_prefix(hash, kHashDigits);
  return text;
}

static Attribute specsAttr(MLIRContext *context,
                           const std::vector<TensorSpec> &specs) {
  SmallVector<Attribute> types;
  for (const TensorSpec &spec : specs)
    types.push_back(TypeAttr::get(RankedTensorType::get(
        spec.shape, parseType(dtypeName(spec.type), context))));
  return ArrayAttr::get(context, types);
}

static DictionaryAttr countsAttr(MLIRContext *context,
                                 const llvm::StringMap<int64_t> &counts) {
  SmallVector<NamedAttribute> entries;
  for (const auto &entry : counts)
    entries.emplace_back(
        StringAttr::get(context, entry.getKey()),
        IntegerAttr::get(IntegerType::get(context, 64), entry.getValue()));
  return DictionaryAttr::get(context, entries); // Sorts by name.
}

llvm::Error ks::runtime::writeCompiledProgram(Program::Lowered &lowered,
                                              llvm::StringRef chip,
                                              llvm::StringRef path) {
  ModuleOp module = *lowered.module;
  MLIRContext *context = module.getContext();
  const Program::Signature &signature = lowered.signature;
  Builder b(context);
  module->setAttr(
      kProgramAttr,
      b.getDictionaryAttr({
          b.getNamedAttr("format", b.getI64IntegerAttr(kCompiledProgramFormat)),
          b.getNamedAttr("entry", b.getStringAttr(signature.entry)),
          b.getNamedAttr("chip", b.getStringAttr(chip)),
          b.getNamedAttr("inputs", specsAttr(context, signature.inputs)),
          b.getNamedAttr("outputs", specsAttr(context, signature.outputs)),
          b.getNamedAttr("dispatches",
                         countsAttr(context, signature.dispatches)),
          b.getNamedAttr("spills", countsAttr(context, signature.spills)),
      }));

  // Written with a placeholder hash first: the bytes after the producer
  // string do not depend on it, and the hash of those bytes then takes its
  // place (same length).
  std::string placeholder = producer(0); // The config keeps a reference.
  std::string bytes;
  {
    llvm::raw_string_ostream buffer(bytes);
    BytecodeWriterConfig config(placeholder);
    if (failed(writeBytecodeToFile(module, buffer, config)))
      return llvm::createStringError("cannot write '" + path +
                                     "': the bytecode writer failed");
  }
  size_t at = llvm::StringRef(bytes).find(placeholder);
  assert(at != llvm::StringRef::npos && "the producer string is written");
  size_t body = at + placeholder.size() + 1; // A NUL ends the string.
  std::string final =
      producer(llvm::xxh3_64bits(llvm::StringRef(bytes).drop_front(body)));
  bytes.replace(at, final.size(), final);

  // Beside `path`, so that the rename stays within one file system.
  int fd = -1;
  llvm::SmallString<256> temporary;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          path + ".tmp-%%%%%%%%", fd, temporary))
    return llvm::createStringError("cannot write '" + path +
                                   "': " + ec.message());
  auto fail = [&](const llvm::Twine &why) {
    llvm::sys::fs::remove(temporary);
    return llvm::createStringError(
        ("cannot write '" + path + "': " + why).str());
  };
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
    os.close();
    if (os.has_error()) {
      std::string why = os.error().message();
      os.clear_error();
      return fail(why);
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path))
    return fail(ec.message());
  return llvm::Error::success();
}

/// Where MLIR bytecode `data`'s producer string starts (after the magic
/// number and the version) and its length, or none where the header is cut
/// short.
static std::optional<std::pair<size_t, size_t>>
findProducer(llvm::StringRef data) {
  size_t start = 4; // "ML\xefR"
  if (data.size() <= start)
    return std::nullopt;
  // A prefix varint: the first byte's trailing zeros say how many bytes
  // follow it (a zero byte: eight).
  auto first = static_cast<uint8_t>(data[start]);
  start += first == 0 ? 9 : llvm::countr_zero(first) + 1;
  if (data.size() <= start)
    return std::nullopt;
  size_t end = data.find('\0', start);
  if (end == llvm::StringRef::npos)
    return std::nullopt;
  return std::make_pair(start, end - start);
}

/// The header check: MLIR bytecode that this ks wrote, in this format, its
/// bytes those it wrote.
static llvm::Error checkHeader(llvm::StringRef path,
                               const llvm::MemoryBuffer &buffer) {
  auto notOurs = [&](const llvm::Twine &why) {
    return llvm::createStringError(
        ("'" + path + "' is not a compiled ks program: " + why).str());
  };
  auto corrupt = [&](const llvm::Twine &why) {
    return llvm::createStringError(
        ("'" + path + "' is a truncated or corrupt compiled ks program: " + why)
            .str());
  };
  llvm::StringRef data = buffer.getBuffer();
  if (!isBytecode(buffer.getMemBufferRef()))
    return notOurs("it is not MLIR bytecode (what ksrt_compile writes)");
  std::optional<std::pair<size_t, size_t>> found = findProducer(data);
  if (!found)
    return corrupt("it ends inside its header");
  llvm::StringRef written = data.substr(found->first, found->second);
  if (!written.consume_front(kProducerPrefix))
    return notOurs("MLIR bytecode written by '" + written + "'");
  auto [format, hash] = written.split(' ');
  if (format.empty() || !llvm::all_of(format, llvm::isDigit))
    return corrupt("its header is damaged");
  if (format != std::to_string(kCompiledProgramFormat))
    return llvm::createStringError(llvm::formatv(
        "'{0}' is a compiled ks program of format {1}; this ks reads format "
        "{2}: compile it again with this ks (ksrt_compile)",
        path, format, kCompiledProgramFormat));
  uint64_t expected = 0;
  if (!hash.consume_front(kHashKey.drop_front()) ||
      hash.size() != kHashDigits || hash.getAsInteger(16, expected))
    return corrupt("its header has no hash of its contents");
  llvm::StringRef body = data.drop_front(found->first + found->second + 1);
  if (llvm::xxh3_64bits(body) != expected)
    return corrupt("its contents do not match the hash in its header");
  return llvm::Error::success();
}

/// The specs of `attr` (an array of tensor types), `what` of `entry`.
static llvm::Error readSpecs(Attribute attr, llvm::StringRef what,
                             llvm::StringRef entry,
                             std::vector<TensorSpec> &specs) {
  auto types = dyn_cast_or_null<ArrayAttr>(attr);
  if (!types)
    return llvm::createStringError("no list of " + what.str() + " types");
  for (auto [i, type] : llvm::enumerate(types)) {
    auto typeAttr = dyn_cast<TypeAttr>(type);
    if (!typeAttr)
      return llvm::createStringError(
          llvm::formatv("{0} #{1} is not a type", what, i));
    llvm::Expected<TensorSpec> spec =
        readTensorSpec(typeAttr.getValue(), what, i, entry);
    if (!spec)
      return spec.takeError();
    specs.push_back(*spec);
  }
  return llvm::Error::success();
}

static llvm::Error readCounts(Attribute attr, llvm::StringRef what,
                              llvm::StringMap<int64_t> &counts) {
  auto dict = dyn_cast_or_null<DictionaryAttr>(attr);
  if (!dict)
    return llvm::createStringError("no " + what.str() + " dictionary");
  for (NamedAttribute entry : dict) {
    auto value = dyn_cast<IntegerAttr>(entry.getValue());
    if (!value)
      return llvm::createStringError(
          what.str() + " of " + entry.getName().str() + " is not an integer");
    counts[entry.getName()] = value.getInt();
  }
  return llvm::Error::success();
}

/// The signature in the module's ks.program attribute.
static llvm::Error readSignatureAttr(ModuleOp module,
                                     Program::Signature &signature) {
  auto attr = module->getAttrOfType<DictionaryAttr>(kProgramAttr);
  if (!attr)
    return llvm::createStringError(
        llvm::formatv("the module has no {0} attribute", kProgramAttr));
  auto format = attr.getAs<IntegerAttr>("format");
  if (!format || format.getInt() != kCompiledProgramFormat)
    return llvm::createStringError(
        llvm::formatv("its {0} attribute is not of format {1}", kProgramAttr,
                      kCompiledProgramFormat));
  auto entry = attr.getAs<StringAttr>("entry");
  if (!entry)
    return llvm::createStringError("its entry is not named");
  signature.entry = entry.str();
  if (llvm::Error err = readSpecs(attr.get("inputs"), "argument",
                                  signature.entry, signature.inputs))
    return err;
  if (llvm::Error err = readSpecs(attr.get("outputs"), "result",
                                  signature.entry, signature.outputs))
    return err;
  if (llvm::Error err = readCounts(attr.get("dispatches"), "dispatches",
                                   signature.dispatches))
    return err;
  return readCounts(attr.get("spills"), "spills", signature.spills);
}

llvm::Expected<Program::Lowered>
ks::runtime::readCompiledProgram(llvm::StringRef path, MLIRContext *context) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return llvm::createStringError("cannot open '" + path +
                                   "': " + file.getError().message());
  if (llvm::Error err = checkHeader(path, **file))
    return std::move(err);

  std::string diagnostics;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &d) {
    llvm::raw_string_ostream os(diagnostics);
    os << (diagnostics.empty() ? "" : "; ") << d;
    return success();
  });
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  ParserConfig config(context);
  Program::Lowered lowered;
  lowered.module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (!lowered.module)
    return llvm::createStringError("'" + path +
                                   "' is a truncated or corrupt compiled ks "
                                   "program: " +
                                   diagnostics);
  if (llvm::Error err = readSignatureAttr(*lowered.module, lowered.signature))
    return llvm::createStringError("'" + path +
                                   "' is not a valid compiled ks program: " +
                                   llvm::toString(std::move(err)));
  lowered.target = Program::Target::GPU;
  return lowered;
}
