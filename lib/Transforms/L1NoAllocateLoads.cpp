//===- L1NoAllocateLoads.cpp - Global loads that skip the L1 ---------------===//
//
// On an H100 a kernel that mostly reads (a reduction over a buffer read
// once) runs about 13% faster when its loads do not allocate lines in the
// L1: 27.0 -> 23.5 us for 51 MB in rows of 784, the same for scalar and
// 16-byte loads; a kernel that writes as much as it reads gains nothing
// (docs/results/runs-2026-11-27-l1/). LLVM's NVPTX back end has no way to
// ask for it, so in the kernels marked `ks.l1_no_allocate` each load from a
// kernel argument's buffer becomes `ld.global.L1::no_allocate` in inline
// PTX. The hint leaves the load's meaning alone (it is not `.nc`: a buffer
// the kernel also writes is read as before); the asm is marked as touching
// memory, so LLVM keeps it in order with the kernel's stores and barriers.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace ks {
#define GEN_PASS_DEF_KSL1NOALLOCATELOADS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kMark = "ks.l1_no_allocate";

/// Whether `ptr` is an argument of `func` (a kernel parameter, so global
/// memory) offset by getelementptr or cast between the generic and global
/// address spaces.
bool pointsIntoArgument(Value ptr, LLVM::LLVMFuncOp func) {
  while (Operation *def = ptr.getDefiningOp()) {
    if (auto gep = dyn_cast<LLVM::GEPOp>(def))
      ptr = gep.getBase();
    else if (auto cast = dyn_cast<LLVM::AddrSpaceCastOp>(def))
      ptr = cast.getArg();
    else
      return false;
  }
  auto arg = dyn_cast<BlockArgument>(ptr);
  auto type = dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
  return arg && arg.getOwner() == &func.getBody().front() && type &&
         (type.getAddressSpace() == 0 || type.getAddressSpace() == 1);
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

/// Replaces `load` with `ld.global.L1::no_allocate`; false (and no change)
/// for a load PTX has no such form for here: volatile or atomic, of a type
/// other than 32- or 64-bit scalars and their 1-, 2- and 4-element vectors
/// of at most 16 bytes, or a vector not aligned to its size (LLVM would split
/// it).
bool rewrite(LLVM::LoadOp load) {
  if (load.getVolatile_() || load.getOrdering() != LLVM::AtomicOrdering::not_atomic)
    return false;
  Type type = load.getType();
  auto vector = dyn_cast<VectorType>(type);
  Type element = vector ? vector.getElementType() : type;
  std::optional<std::pair<StringRef, StringRef>> ptx = ptxScalar(element);
  if (!ptx)
    return false;
  int64_t lanes = vector ? vector.getNumElements() : 1;
  int64_t bytes = lanes * element.getIntOrFloatBitWidth() / 8;
  if (vector && (vector.getRank() != 1 || vector.isScalable() || (lanes != 1 && lanes != 2 && lanes != 4) ||
                 bytes > 16 || (load.getAlignment() && *load.getAlignment() < uint64_t(bytes))))
    return false;

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
  return true;
}

struct L1NoAllocateLoads : public ks::impl::KSL1NoAllocateLoadsBase<L1NoAllocateLoads> {
  void runOnOperation() override {
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      if (!func->removeAttr(kMark) || func.isExternal())
        return;
      SmallVector<LLVM::LoadOp> loads;
      func.walk([&](LLVM::LoadOp load) {
        if (pointsIntoArgument(load.getAddr(), func))
          loads.push_back(load);
      });
      for (LLVM::LoadOp load : loads)
        rewrite(load);
    });
  }
};
} // namespace
