//===- WgmmaKernelText.cpp - Pieces of the wgmma kernels' MLIR text -------===//

#include "WgmmaKernelText.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

void ks::wgmma::expandLineMacro(
    std::string &text, llvm::StringRef name,
    llvm::function_ref<std::string(llvm::ArrayRef<llvm::StringRef>, int)> expand) {
  std::string call = name.str() + "(";
  int counter = 0;
  for (size_t at; (at = text.find(call)) != std::string::npos; ++counter) {
    size_t lineStart = text.rfind('\n', at) + 1; // 0 when on the first line
    size_t open = at + call.size(), close = text.find(')', open);
    llvm::SmallVector<llvm::StringRef, 4> args;
    llvm::StringRef(text).slice(open, close).split(args, ",");
    for (llvm::StringRef &arg : args)
      arg = arg.trim();
    std::string replacement = expand(args, counter);
    // The expansion starts with a newline of its own: it replaces the line.
    if (!replacement.empty() && replacement.front() == '\n')
      replacement.erase(0, 1);
    text.replace(lineStart, close + 1 - lineStart, replacement);
  }
}

void ks::wgmma::expandSharedPieces(std::string &text) {
  for (auto [name, piece] : {std::pair<llvm::StringRef, const char *>{"TILE_WALK", kGroupedTileWalk},
                             {"ALIGNED_SLOTS", kAlignedSlots},
                             {"REFILL_SLOT", kRefillSlot},
                             {"ACCUMULATOR_ROWS", kAccumulatorRows}})
    expandLineMacro(text, name, [&](llvm::ArrayRef<llvm::StringRef>, int) { return std::string(piece); });
  expandLineMacro(text, "INIT_BARRIERS", [&](llvm::ArrayRef<llvm::StringRef> args, int) {
    return llvm::formatv(kInitBarriers, args[0], args[1]).str();
  });
}

ks::wgmma::OutputInit ks::wgmma::findOutputInit(linalg::LinalgOp op) {
  OutputInit init;
  init.zeroFill = ks::findFillInit(op, 0.0);
  if (!init.zeroFill)
    init.bias = ks::findBroadcastInit(op);
  return init;
}

llvm::SmallVector<memref::StoreOp> ks::wgmma::addOutputInit(RewriterBase &rewriter,
                                                          gpu::LaunchOp launch,
                                                          const OutputInit &init) {
  llvm::SmallVector<memref::StoreOp> stores;
  launch.walk([&](memref::StoreOp store) {
    if (store->hasAttr(kOutputStore))
      stores.push_back(store);
  });
  for (memref::StoreOp store : stores) {
    store->removeAttr(kOutputStore);
    if (init.zeroFill)
      continue;
    rewriter.setInsertionPoint(store);
    Location loc = store.getLoc();
    llvm::SmallVector<Value> at(store.getIndices());
    Value value;
    if (init.bias) {
      llvm::SmallVector<Value> indices;
      for (unsigned dim : init.bias->outputDims)
        indices.push_back(at[dim]);
      value = memref::LoadOp::create(rewriter, loc, init.bias->input, indices);
    } else {
      value = memref::LoadOp::create(rewriter, loc, store.getMemRef(), at);
    }
    store.getValueMutable().assign(arith::AddFOp::create(rewriter, loc, value, store.getValue()));
  }
  return stores;
}

void ks::wgmma::eraseFoldedInit(RewriterBase &rewriter, const OutputInit &init) {
  if (init.zeroFill)
    ks::eraseFolded(rewriter, init.zeroFill);
  if (init.bias)
    ks::eraseFolded(rewriter, init.bias->op);
}

std::string ks::wgmma::accumulatorType(int64_t n) {
  std::string type = "!llvm.struct<(";
  for (int i = 0; i < n / 2; ++i)
    type += i ? ", f32" : "f32";
  return type + ")>";
}

/// The 3xTF32 products of a K step of 32 for one warpgroup's m64nNk8
/// wgmma, into %p2_3: three for each of the four k8 slices, remainders'
/// first, from the slice-0 descriptors %da_hi, %db_hi (TF32 parts) and
/// %da_lo, %db_lo (remainders), which move 32 bytes (2 units of 16) a
/// slice, within the 128-byte swizzled rows. The first product of a window
/// of K steps (%fresh) does not add %acc (wgmma's scale-d zero): the
/// previous window's sums are in %total by then.
static std::string tf32x3Products(int64_t n) {
  std::string text;
  // Slice s's descriptor of a tile: %name for slice 0, %name_s after.
  auto desc = [](StringRef name, int slice) {
    return slice ? llvm::formatv("%{0}_{1}", name, slice).str() : ("%" + name).str();
  };
  int64_t regs = n / 2;
  auto wgmma = [&](StringRef out, StringRef a, StringRef b, int slice, StringRef in,
                   StringRef scale) {
    return llvm::formatv("{0} = nvvm.wgmma.mma_async {1}, {2}, {3}, "
                         "#nvvm.shape<m = 64, n = {5}, k = 8>, D [<f32>, "
                         "#nvvm.wgmma_scale_out<{4}>], A [<tf32>, #nvvm.wgmma_scale_in<one>, "
                         "<row>], B [<tf32>, #nvvm.wgmma_scale_in<one>, <col>] : !acc -> !acc\n",
                         out, desc(a, slice), desc(b, slice), in, scale, n)
        .str();
  };
  std::string in = "%acc";
  const char *pairs[3][2] = {{"da_lo", "db_hi"}, {"da_hi", "db_lo"}, {"da_hi", "db_hi"}};
  for (int slice = 0; slice < 4; ++slice) {
    if (slice) {
      text += llvm::formatv("      %step_{0} = arith.constant {1} : i64\n", slice, 2 * slice);
      for (const char *d : {"da_hi", "db_hi", "da_lo", "db_lo"})
        text += llvm::formatv("      %{0}_{1} = arith.addi %{0}, %step_{1} : i64\n", d, slice);
    }
    for (int p = 0; p < 3; ++p) {
      std::string out = llvm::formatv("%p{0}_{1}", p, slice).str();
      if (slice == 0 && p == 0) {
        // nvvm.wgmma.mma_async takes scale-d as a constant; here it is
        // %fresh's negation at run time, so the op is written as the inline
        // PTX it lowers to with that operand in a register (two ops under
        // an scf.if would be merged by LLVM into one with a non-constant
        // immediate).
        std::string elements, operands, types, constraints;
        for (int i = 0; i < regs; ++i) {
          text += llvm::formatv("      %e_{0} = llvm.extractvalue %acc[{0}] : !acc\n", i);
          elements += llvm::formatv("{0}${1}", i ? ", " : "", i).str();
          operands += llvm::formatv("%e_{0}, ", i).str();
          types += "f32, ";
          constraints += "=f,";
        }
        for (int i = 0; i < regs; ++i)
          constraints += std::to_string(i) + ",";
        text += "      %fresh_i = arith.extui %fresh : i1 to i32\n"
                "      %one_i = arith.constant 1 : i32\n"
                "      %scale_d = arith.xori %fresh_i, %one_i : i32\n";
        text += llvm::formatv(
            "      {0} = llvm.inline_asm has_side_effects asm_dialect = att "
            "\"{{\\0A.reg .pred p;\\0Asetp.ne.b32 p, ${9}, 0;\\0A"
            "wgmma.mma_async.sync.aligned.m64n{10}k8.f32.tf32.tf32 {{{1}}, ${7}, ${8}, p, 1, "
            "1;\\0A}\\0A\", \"{2}l,l,r\" {3}%{4}, %{5}, %scale_d : ({6}i64, i64, i32) -> "
            "!acc\n",
            out, elements, constraints, operands, pairs[p][0], pairs[p][1], types, 2 * regs,
            2 * regs + 1, 2 * regs + 2, n);
      } else {
        text += "      " + wgmma(out, pairs[p][0], pairs[p][1], slice, in, "one");
      }
      in = out;
    }
  }
  // The loop yields the last product (%p2_3).
  return text;
}

/// Every %promote_every K steps (and at the last, %last_step) the products
/// are waited for and wgmma's sums added to %total (in f32, rounded to
/// nearest), otherwise the previous step's are waited for (one group left
/// in flight). Defines %moved#0 (the new %total) and %moved#1 (the new
/// %acc).
static std::string tf32x3WaitOrPromote(int64_t n) {
  std::string text = "      %window_end = arith.addi %in_window, %c1 : index\n"
                     "      %full = arith.cmpi eq, %window_end, %promote_every : index\n"
                     "      %is_last = arith.cmpi eq, %k, %last_step : index\n"
                     "      %promote = arith.ori %full, %is_last : i1\n"
                     "      %moved:2 = scf.if %promote -> (!acc, !acc) {\n"
                     "        nvvm.wgmma.wait.group.sync.aligned 0\n";
  for (int i = 0; i < n / 2; ++i)
    text += llvm::formatv("        %ta_{0} = llvm.extractvalue %total[{0}] : !acc\n"
                          "        %tb_{0} = llvm.extractvalue %p2_3[{0}] : !acc\n"
                          "        %ts_{0} = arith.addf %ta_{0}, %tb_{0} : f32\n"
                          "        %t_{0} = llvm.insertvalue %ts_{0}, {1}[{0}] : !acc\n",
                          i, i ? llvm::formatv("%t_{0}", i - 1).str() : std::string("%total"));
  return text + llvm::formatv("        scf.yield %t_{0}, %p2_3 : !acc, !acc\n"
                              "      } else {{\n"
                              "        nvvm.wgmma.wait.group.sync.aligned 1\n"
                              "        scf.yield %total, %p2_3 : !acc, !acc\n"
                              "      }",
                              n / 2 - 1)
                    .str();
}


/// DESC(address, name): the wgmma descriptor of the tile at a shared
/// address. {0} the address, {1} the name.
static constexpr const char *kDescriptor = R"mlir(
      %{1}_i = arith.index_cast {0} : index to i64
      %{1}_m = arith.andi %{1}_i, %addr_mask : i64
      %{1}_s = arith.shrui %{1}_m, %i4 : i64
      %{1} = arith.ori %{1}_s, %desc_bits : i64)mlir";

/// The split of a vector<4xf32> `x` into `hi` (its TF32 parts) and `lo`
/// (the remainders), with names ending in `tag`: each step for the four
/// elements in turn.
static std::string splitTf32(llvm::StringRef x, llvm::StringRef hi, llvm::StringRef lo,
                             int tag) {
  const char *steps[] = {
      "%x{0}_{1} = vector.extract {2}[{0}] : f32 from vector<4xf32>",
      "%h{0}i_{1} = nvvm.convert.float.to.tf32 %x{0}_{1} {{rnd = #nvvm.fp_rnd_mode<rn>}",
      "%h{0}_{1} = arith.bitcast %h{0}i_{1} : i32 to f32",
      "%r{0}_{1} = arith.subf %x{0}_{1}, %h{0}_{1} : f32",
      "%l{0}i_{1} = nvvm.convert.float.to.tf32 %r{0}_{1} {{rnd = #nvvm.fp_rnd_mode<rn>}",
      "%l{0}_{1} = arith.bitcast %l{0}i_{1} : i32 to f32"};
  std::string text, his, los;
  for (const char *step : steps)
    for (int i = 0; i < 4; ++i)
      text += "\n        " + llvm::formatv(step, i, tag, x).str();
  for (int i = 0; i < 4; ++i) {
    his += llvm::formatv("{0}%h{1}_{2}", i ? ", " : "", i, tag).str();
    los += llvm::formatv("{0}%l{1}_{2}", i ? ", " : "", i, tag).str();
  }
  return text + llvm::formatv("\n        {0} = vector.from_elements {1} : vector<4xf32>"
                              "\n        {2} = vector.from_elements {3} : vector<4xf32>",
                              hi, his, lo, los)
                    .str();
}

/// DESC_CONSTANTS(): what DESC reads. A wgmma descriptor: the tile's
/// shared address / 16 (bits 0-13), a leading offset of 1 (unused by
/// K-major swizzled tiles, bits 16-29), 1024 bytes between 8-row groups
/// (64, bits 32-45), 128-byte swizzle (1, bits 62-63).
static constexpr const char *kDescriptorConstants = R"mlir(
    %desc_bits = arith.constant 4611686293372403712 : i64
    %addr_mask = arith.constant 262143 : i64
    %i4 = arith.constant 4 : i64)mlir";

std::string ks::wgmma::tf32x3Step(int64_t n) {
  return R"mlir(      // The threads' stores (generic proxy) before wgmma's reads (async
      // proxy), in every thread.
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      gpu.barrier
      %tile_at = arith.addi %dyn_at, %slot_at : index
      %a_hi_at = arith.addi %tile_at, %wg_rows : index
      %b_hi_at = arith.addi %tile_at, %b_offset : index
      %a_lo_at = arith.addi %a_hi_at, %lo_offset : index
      %b_lo_at = arith.addi %b_hi_at, %lo_offset : index
      DESC(%a_hi_at, %da_hi)
      DESC(%b_hi_at, %db_hi)
      DESC(%a_lo_at, %da_lo)
      DESC(%b_lo_at, %db_lo)
      %in_window = arith.remui %k, %promote_every : index
      %fresh = arith.cmpi eq, %in_window, %c0 : index
      nvvm.wgmma.fence.aligned
)mlir" + tf32x3Products(n) +
         R"mlir(      nvvm.wgmma.commit.group.sync.aligned
      // Every %promote_every K steps (and at the last), this step's
      // products are waited for and the sums moved to %total; otherwise the
      // previous step's are done (one group left in flight) in this
      // warpgroup. After the barrier, in both: its slot is the one refilled.
)mlir" + tf32x3WaitOrPromote(n) +
         R"mlir(
      gpu.barrier
      REFILL_SLOT())mlir";
}

void ks::wgmma::expandTf32x3Pieces(std::string &text) {
  expandLineMacro(text, "DESC_CONSTANTS", [](llvm::ArrayRef<llvm::StringRef>, int) {
    return std::string(kDescriptorConstants);
  });
  expandLineMacro(text, "SPLIT_TF32", [](llvm::ArrayRef<llvm::StringRef> args, int counter) {
    return splitTf32(args[0], args[1], args[2], counter);
  });
  expandLineMacro(text, "DESC", [](llvm::ArrayRef<llvm::StringRef> args, int) {
    return llvm::formatv(kDescriptor, args[0], args[1].drop_front()).str();
  });
}

gpu::LaunchOp ks::wgmma::spliceKernel(RewriterBase &rewriter, llvm::StringRef text,
                                      Operation *op) {
  return spliceKernel(rewriter, text, op, op->getOperands());
}

gpu::LaunchOp ks::wgmma::spliceKernel(RewriterBase &rewriter, llvm::StringRef text,
                                      Operation *op, ValueRange operands) {
  ParserConfig config(op->getContext());
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(text, config, "ks-wgmma-kernel");
  if (!parsed)
    return nullptr;
  auto gemm = parsed->lookupSymbol<func::FuncOp>("gemm");
  IRMapping map;
  for (auto [arg, operand] : llvm::zip(gemm.getArguments(), operands))
    map.map(arg, operand);
  rewriter.setInsertionPoint(op);
  gpu::LaunchOp launch;
  for (Operation &inner : gemm.getBody().front().without_terminator())
    if (auto copy = dyn_cast<gpu::LaunchOp>(rewriter.clone(inner, map)))
      launch = copy;
  auto module = op->getParentOfType<ModuleOp>();
  OpBuilder atEnd = OpBuilder::atBlockEnd(module.getBody());
  for (auto declaration : parsed->getOps<func::FuncOp>())
    if (declaration.isDeclaration() && !module.lookupSymbol(declaration.getSymName()))
      atEnd.clone(*declaration);
  return launch;
}
