//===- L1NoAllocateLoads.cpp - Global loads that skip the L1 ---------------===//
//
// A kernel that mostly reads (a reduction over a buffer read once) runs
// faster when its loads do not allocate lines in the L1; one that writes as
// much as it reads gains nothing (docs/results/elementwise-memory-bound.md).
// LLVM's NVPTX back end has no way to ask for it, so in the kernels marked `ks.l1_no_allocate` each load from a
// kernel argument's buffer that streams becomes `ld.global.L1::no_allocate`
// in inline PTX. The hint leaves the load's meaning alone (it is not `.nc`:
// a buffer the kernel also writes is read as before); the asm is marked as
// touching memory, so LLVM keeps it in order with the kernel's stores and
// barriers.
//
// Loads the L1 serves twice keep it: the same hint made a layer norm 20%
// slower (its weight and bias, read by every block), and rows read as E = 4
// scalar loads per thread 16 bytes apart 30-50% slower, a pooling window
// walked by a loop up to 60% (each load of a line again from the L2). So a
// load streams when its address depends on both a block id and a thread
// id, no other load of the kernel reads within 128 bytes of it (the same
// argument plus the same terms, a constant apart), and no loop moves it by
// less from one trip to the next.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/PlannedLaunches.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace ks {
#define GEN_PASS_DEF_KSL1NOALLOCATELOADS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// An address as an argument plus a sum of values times byte strides (none
/// of them 0) plus a constant number of bytes, as far as getelementptr and
/// integer add, sub, mul and shl by constants show it; `root` is null where
/// the pointer is not an argument offset that way.
struct Address {
  BlockArgument root;
  llvm::SmallDenseMap<Value, int64_t> terms;
  int64_t bytes = 0;
};

void addIndex(Value v, int64_t scale, Address &address) {
  if (std::optional<int64_t> c = getConstantIntValue(v)) {
    address.bytes += *c * scale;
    return;
  }
  Operation *def = v.getDefiningOp();
  if (auto add = dyn_cast_or_null<LLVM::AddOp>(def)) {
    addIndex(add.getLhs(), scale, address);
    addIndex(add.getRhs(), scale, address);
    return;
  }
  if (auto sub = dyn_cast_or_null<LLVM::SubOp>(def)) {
    addIndex(sub.getLhs(), scale, address);
    addIndex(sub.getRhs(), -scale, address);
    return;
  }
  if (auto mul = dyn_cast_or_null<LLVM::MulOp>(def)) {
    if (std::optional<int64_t> c = getConstantIntValue(mul.getRhs()))
      return addIndex(mul.getLhs(), scale * *c, address);
    if (std::optional<int64_t> c = getConstantIntValue(mul.getLhs()))
      return addIndex(mul.getRhs(), scale * *c, address);
  }
  if (auto shl = dyn_cast_or_null<LLVM::ShlOp>(def))
    if (std::optional<int64_t> c = getConstantIntValue(shl.getRhs()); c && *c >= 0 && *c < 32)
      return addIndex(shl.getLhs(), scale << *c, address);
  // An index clamped to a constant bound (a pooling window's padding) is
  // the index, but at the edges.
  if (isa_and_nonnull<LLVM::SMaxOp, LLVM::SMinOp, LLVM::UMaxOp, LLVM::UMinOp>(def)) {
    if (getConstantIntValue(def->getOperand(1)))
      return addIndex(def->getOperand(0), scale, address);
    if (getConstantIntValue(def->getOperand(0)))
      return addIndex(def->getOperand(1), scale, address);
  }
  address.terms[v] += scale;
}

/// The bytes of one element of a getelementptr's element type (scalars and
/// vectors of them), or none.
std::optional<int64_t> elementBytes(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    if (std::optional<int64_t> bytes = elementBytes(vector.getElementType()))
      return *bytes * vector.getNumElements();
  if (type.isIntOrFloat() && type.getIntOrFloatBitWidth() % 8 == 0)
    return type.getIntOrFloatBitWidth() / 8;
  return std::nullopt;
}

/// `ptr` as an argument of `func` (a kernel parameter, so global memory)
/// offset by getelementptr or cast between the generic and global address
/// spaces; `root` stays null otherwise.
Address addressOf(Value ptr, LLVM::LLVMFuncOp func) {
  Address address;
  while (Operation *def = ptr.getDefiningOp()) {
    if (auto cast = dyn_cast<LLVM::AddrSpaceCastOp>(def)) {
      ptr = cast.getArg();
      continue;
    }
    auto gep = dyn_cast<LLVM::GEPOp>(def);
    std::optional<int64_t> bytes = gep ? elementBytes(gep.getElemType()) : std::nullopt;
    if (!bytes || gep.getIndices().size() != 1)
      return Address();
    auto index = gep.getIndices()[0];
    if (auto value = llvm::dyn_cast_if_present<Value>(index))
      addIndex(value, *bytes, address);
    else
      address.bytes += llvm::cast<IntegerAttr>(index).getInt() * *bytes;
    ptr = gep.getBase();
  }
  auto arg = dyn_cast<BlockArgument>(ptr);
  auto type = dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
  if (arg && arg.getOwner() == &func.getBody().front() && type &&
      (type.getAddressSpace() == 0 || type.getAddressSpace() == 1))
    address.root = arg;
  // Terms that cancelled (x + y - y) leave no trace.
  SmallVector<Value> cancelled;
  for (auto &[term, stride] : address.terms)
    if (stride == 0)
      cancelled.push_back(term);
  for (Value term : cancelled)
    address.terms.erase(term);
  return address;
}

/// The values `arg` takes from its block's predecessors (their branches'
/// operands for it).
SmallVector<Value> incomingValues(BlockArgument arg) {
  SmallVector<Value> values;
  Block *owner = arg.getOwner();
  for (Block *pred : owner->getPredecessors()) {
    auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
    if (!branch)
      continue;
    for (auto [i, succ] : llvm::enumerate(branch->getSuccessors()))
      if (succ == owner)
        if (Value in = branch.getSuccessorOperands(i)[arg.getArgNumber()])
          values.push_back(in);
  }
  return values;
}

/// The constant a loop adds to its counter `arg` each trip (a block
/// argument whose value from some predecessor is `arg` plus a constant).
std::optional<int64_t> loopStep(BlockArgument arg) {
  for (Value in : incomingValues(arg)) {
    auto add = in.getDefiningOp<LLVM::AddOp>();
    if (!add)
      continue;
    if (add.getLhs() == arg)
      if (std::optional<int64_t> c = getConstantIntValue(add.getRhs()))
        return c;
    if (add.getRhs() == arg)
      if (std::optional<int64_t> c = getConstantIntValue(add.getLhs()))
        return c;
  }
  return std::nullopt;
}

/// Whether a loop's successive trips read `address` within 128 bytes of
/// where the trip before read (a term that is a loop's counter, times its
/// step, moves it by less).
bool nearFromTripToTrip(const Address &address) {
  return llvm::any_of(address.terms, [](auto &term) {
    auto arg = dyn_cast<BlockArgument>(term.first);
    if (!arg || arg.getOwner()->isEntryBlock())
      return false;
    std::optional<int64_t> step = loopStep(arg);
    return step && *step != 0 && std::abs(*step * term.second) < 128;
  });
}

/// Whether `value` is computed from a block id (of the grid or of a cluster)
/// and from a thread id, through the kernel's ops and its blocks' arguments.
bool dependsOnBlockAndThread(Value value) {
  bool block = false, thread = false;
  SmallVector<Value> work{value};
  llvm::DenseSet<Value> seen;
  while (!work.empty() && !(block && thread)) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      llvm::append_range(work, incomingValues(arg));
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (isa<NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp, NVVM::ClusterIdXOp,
            NVVM::ClusterIdYOp, NVVM::ClusterIdZOp, NVVM::ClusterId, NVVM::BlockInClusterIdXOp,
            NVVM::BlockInClusterIdYOp, NVVM::BlockInClusterIdZOp>(def))
      block = true;
    else if (isa<NVVM::ThreadIdXOp, NVVM::ThreadIdYOp, NVVM::ThreadIdZOp, NVVM::LaneIdOp,
                 NVVM::WarpIdOp>(def))
      thread = true;
    else
      llvm::append_range(work, def->getOperands());
  }
  return block && thread;
}

/// The PTX type and inline-asm constraint of a 32- or 64-bit scalar.
std::optional<std::pair<StringRef, StringRef>> ptxScalar(Type type) {
  if (type.isF32())
    return std::make_pair(StringRef("f32"), StringRef("f"));
  if (type.isF64())
    return std::make_pair(StringRef("f64"), StringRef("d"));
  if (type.isInteger(32))
    return std::make_pair(StringRef("b32"), StringRef("r"));
  if (type.isInteger(64))
    return std::make_pair(StringRef("b64"), StringRef("l"));
  return std::nullopt;
}

/// Replaces `load` with `ld.global.L1::no_allocate`, unless PTX has no such
/// form for it here: volatile or atomic, of a type
/// other than 32- or 64-bit scalars and their 1-, 2- and 4-element vectors
/// of at most 16 bytes, or a vector not aligned to its size (LLVM would split
/// it).
void rewrite(LLVM::LoadOp load) {
  if (load.getVolatile_() || load.getOrdering() != LLVM::AtomicOrdering::not_atomic)
    return;
  Type type = load.getType();
  auto vector = dyn_cast<VectorType>(type);
  Type element = vector ? vector.getElementType() : type;
  std::optional<std::pair<StringRef, StringRef>> ptx = ptxScalar(element);
  if (!ptx)
    return;
  int64_t lanes = vector ? vector.getNumElements() : 1;
  int64_t bytes = lanes * element.getIntOrFloatBitWidth() / 8;
  if (vector && (vector.getRank() != 1 || vector.isScalable() || (lanes != 1 && lanes != 2 && lanes != 4) ||
                 bytes > 16 || (load.getAlignment() && *load.getAlignment() < uint64_t(bytes))))
    return;

  OpBuilder b(load);
  Location loc = load.getLoc();
  MLIRContext *ctx = load.getContext();
  Value ptr = load.getAddr();
  if (cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace() == 0)
    ptr = LLVM::AddrSpaceCastOp::create(b, loc, LLVM::LLVMPointerType::get(ctx, 1), ptr);

  std::string outs, constraints;
  for (int64_t i = 0; i < lanes; ++i) {
    outs += (i ? ", $" : "$") + std::to_string(i);
    constraints += "=" + ptx->second.str() + ",";
  }
  constraints += "l,~{memory}";
  std::string text =
      lanes == 1 ? llvm::formatv("ld.global.L1::no_allocate.{0} {1}, [${2}];", ptx->first, outs, lanes).str()
                 : llvm::formatv("ld.global.L1::no_allocate.v{0}.{1} {{{2}}, [${3}];", lanes, ptx->first, outs, lanes).str();
  Type asmType = lanes == 1 ? element
                            : LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(lanes, element));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, asmType, ValueRange{ptr}, text, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT), /*operand_attrs=*/ArrayAttr());
  Value result = asmOp.getRes();
  if (vector) {
    Value v = LLVM::PoisonOp::create(b, loc, type);
    for (int64_t i = 0; i < lanes; ++i) {
      Value lane = lanes == 1 ? asmOp.getRes()
                              : LLVM::ExtractValueOp::create(b, loc, asmOp.getRes(), i).getResult();
      Value index = LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(i));
      v = LLVM::InsertElementOp::create(b, loc, v, lane, index);
    }
    result = v;
  }
  load.replaceAllUsesWith(result);
  load.erase();
}

struct L1NoAllocateLoads : public ks::impl::KSL1NoAllocateLoadsBase<L1NoAllocateLoads> {
  void runOnOperation() override {
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      if (!func->removeAttr(ks::kL1NoAllocateAttr) || func.isExternal())
        return;
      SmallVector<std::pair<LLVM::LoadOp, Address>> loads;
      func.walk([&](LLVM::LoadOp load) {
        Address address = addressOf(load.getAddr(), func);
        if (address.root)
          loads.emplace_back(load, std::move(address));
      });
      // A load within a line of another (the same argument and terms, a
      // constant under 128 bytes apart) is served by the L1 the other one
      // filled.
      auto near = [](const Address &a, const Address &b) {
        return a.root == b.root && std::abs(a.bytes - b.bytes) < 128 && a.terms == b.terms;
      };
      for (auto [i, entry] : llvm::enumerate(loads)) {
        auto &[load, address] = entry;
        bool shared = llvm::any_of(llvm::enumerate(loads), [&, i = i](auto other) {
          return other.index() != i && near(address, other.value().second);
        });
        if (!shared && !nearFromTripToTrip(address) && dependsOnBlockAndThread(load.getAddr()))
          rewrite(load);
      }
    });
  }
};
} // namespace
