//===- FeatureJSON.cpp - Dispatch features as JSON ------------------------===//
//
// The features of each dispatch as JSON (FeatureExtractor.h), and the
// printer the agents' tools use: sorted keys, flat objects and arrays on one
// line, doubles to 6 digits.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/FeatureExtractor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using llvm::SmallVector;

namespace ks::agents {

llvm::json::Value toJSON(const OperandFeatures &o) {
  llvm::json::Object obj{
      {"index", static_cast<int64_t>(o.index)},
      {"role", o.isOutput ? "output" : "input"},
      {"type", o.type},
      {"innermost_loop_dim", o.innermostLoopDim},
      {"innermost_contiguous", o.innermostContiguous},
  };
  if (o.strideAlongInnermostLoop)
    obj["stride_along_innermost_loop"] = *o.strideAlongInnermostLoop;
  else
    obj["stride_along_innermost_loop"] = nullptr;
  return obj;
}

llvm::json::Value toJSON(const DispatchFeatures &f) {
  llvm::json::Array iterators, elementTypes, operands;
  for (const std::string &t : f.iteratorTypes)
    iterators.push_back(t);
  for (const std::string &t : f.elementTypes)
    elementTypes.push_back(t);
  for (const OperandFeatures &o : f.operands)
    operands.push_back(toJSON(o));
  int64_t numOutputs = llvm::count_if(f.operands, [](const OperandFeatures &o) {
    return o.isOutput;
  });
  llvm::json::Object obj{
      {"id", f.id},
      {"num_inputs", static_cast<int64_t>(f.operands.size()) - numOutputs},
      {"num_outputs", numOutputs},
      {"func", f.func},
      {"op", f.opName},
      {"op_class", stringifyOpClass(f.opClass)},
      {"dynamic", f.dynamic},
      {"iterator_types", std::move(iterators)},
      {"parallel_dims", f.parallelDims},
      {"reduction_dims", f.reductionDims},
      {"thread_loop_dim", f.threadLoopDim},
      {"element_types", std::move(elementTypes)},
      {"input_element_bits", f.inputElementBits},
      {"operands", std::move(operands)},
      {"reduction_innermost", f.reductionInnermost},
      {"additive_reduction", f.additiveReduction},
      {"fused_ops", f.fusedOps},
  };
  if (!f.dynamic) {
    llvm::json::Array ranges;
    for (int64_t r : f.loopRanges)
      ranges.push_back(r);
    obj["loop_ranges"] = std::move(ranges);
  }
  auto setIf = [&](llvm::StringRef key, const auto &value) {
    if (value)
      obj[key] = *value;
  };
  setIf("output_elements", f.outputElements);
  setIf("flops", f.flops);
  setIf("transcendentals", f.transcendentals);
  setIf("min_bytes", f.minBytes);
  setIf("arithmetic_intensity", f.arithmeticIntensity);
  setIf("tensor_core_eligible", f.tensorCoreEligible);
  setIf("data_reuse", f.dataReuse);
  // Only when true: most dispatches have no epilogue.
  if (f.elementwiseEpilogue)
    obj["elementwise_epilogue"] = true;
  if (f.rereadingEpilogue)
    obj["rereading_epilogue"] = true;
  setIf("k_contiguous_operands", f.kContiguousOperands);
  if (f.batchDims)
    obj["batch_dims"] = *f.batchDims;
  if (f.rowChainOps > 0) {
    obj["row_chain_ops"] = f.rowChainOps;
    obj["row_chain_row_points"] = f.rowChainRowPoints;
  }
  if (f.gridChainElements > 0)
    obj["grid_chain_elements"] = f.gridChainElements;
  setIf("scan_inner", f.scanInner);
  setIf("torch_scan_chunk", f.torchScanChunk);
  if (f.paddedInputs > 0)
    obj["padded_inputs"] = f.paddedInputs;
  return obj;
}

llvm::json::Value toJSON(llvm::ArrayRef<DispatchFeatures> dispatches) {
  llvm::json::Array all;
  for (const DispatchFeatures &f : dispatches)
    all.push_back(toJSON(f));
  return llvm::json::Object{{"dispatches", std::move(all)}};
}

namespace {
bool isScalar(const llvm::json::Value &v) {
  return !v.getAsObject() && !v.getAsArray();
}

/// An object or array with only scalar members goes on one line.
bool fitsOnOneLine(const llvm::json::Value &v) {
  if (const llvm::json::Array *a = v.getAsArray())
    return llvm::all_of(*a, isScalar);
  if (const llvm::json::Object *o = v.getAsObject())
    return llvm::all_of(*o, [](const auto &kv) { return isScalar(kv.second); });
  return true;
}

void printScalar(const llvm::json::Value &v, llvm::raw_ostream &os) {
  // Integers (and integral doubles) exactly; other doubles to 6 digits.
  if (std::optional<double> d = v.getAsNumber();
      d && !v.getAsInteger() && std::isfinite(*d)) {
    os << llvm::format("%.6g", *d);
    return;
  }
  os << v;
}

SmallVector<const llvm::json::Object::value_type *>
sortedMembers(const llvm::json::Object &o) {
  SmallVector<const llvm::json::Object::value_type *> members;
  for (const auto &kv : o)
    members.push_back(&kv);
  llvm::sort(members,
             [](const auto *a, const auto *b) { return a->first < b->first; });
  return members;
}

void print(const llvm::json::Value &v, llvm::raw_ostream &os, unsigned indent) {
  if (isScalar(v)) {
    printScalar(v, os);
    return;
  }
  bool oneLine = fitsOnOneLine(v);
  auto newline = [&](unsigned level) {
    if (oneLine)
      return;
    os << '\n';
    os.indent(level);
  };
  llvm::StringRef separator = oneLine ? ", " : ",";
  if (const llvm::json::Array *a = v.getAsArray()) {
    os << '[';
    for (auto [i, element] : llvm::enumerate(*a)) {
      if (i)
        os << separator;
      newline(indent + 2);
      print(element, os, indent + 2);
    }
    if (!a->empty())
      newline(indent);
    os << ']';
    return;
  }
  const llvm::json::Object &o = *v.getAsObject();
  os << '{';
  for (auto [i, kv] : llvm::enumerate(sortedMembers(o))) {
    if (i)
      os << separator;
    newline(indent + 2);
    os << llvm::json::Value(kv->first.str()) << ": ";
    print(kv->second, os, indent + 2);
  }
  if (!o.empty())
    newline(indent);
  os << '}';
}
} // namespace

void printJSON(const llvm::json::Value &value, llvm::raw_ostream &os) {
  print(value, os, 0);
  os << '\n';
}

} // namespace ks::agents
