//===- WgmmaKernelText.cpp - Pieces of the wgmma kernels' MLIR text -------===//

#include "WgmmaKernelText.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using ks::fillSlots;
using ks::Slot;

/// The number a line macro's argument spells.
static int64_t numberArg(llvm::StringRef arg) {
  int64_t value = 0;
  bool malformed = arg.getAsInteger(10, value);
  assert(!malformed && "a line macro's argument is not a number");
  (void)malformed;
  return value;
}

/// PIPELINE_CONSTANTS(stages, k_steps, %name = bytes, ...): the ring's
/// %stages slots, the %ahead = stages - 1 K steps loaded ahead of the
/// products, the %k_steps, the kernel's sizes of its slots (index
/// constants), then the mbarrier waits' %ticks, %true and %false.
static std::string pipelineConstants(llvm::ArrayRef<llvm::StringRef> args) {
  int64_t stages = numberArg(args[0]);
  std::string text = fillSlots(R"mlir(
    %stages = arith.constant {stages} : index
    %ahead = arith.constant {ahead} : index
    %k_steps = arith.constant {k_steps} : index)mlir",
                               {{"stages", stages}, {"ahead", stages - 1}, {"k_steps", args[1]}});
  for (llvm::StringRef size : args.drop_front(2)) {
    auto [name, value] = size.split('=');
    text += llvm::formatv("\n    {0} = arith.constant {1} : index", name.trim(), value.trim());
  }
  return text + R"mlir(
    %ticks = arith.constant 10000000 : index
    %true = arith.constant true
    %false = arith.constant false)mlir";
}

/// TMA_LAUNCH(ny, %name = %pointer : !type, ...): the kernel's launch,
/// %tiles blocks of 128 x ny threads with %smem_bytes of dynamic shared
/// memory, and in it each TMA descriptor's pointer cast to its type.
static std::string tmaLaunch(llvm::ArrayRef<llvm::StringRef> args) {
  std::string text = fillSlots(R"mlir(
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %tiles, %sy = %c1, %sz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = {ny}, %nz = %c1)
             dynamic_shared_memory_size %smem_bytes {{)mlir",
                               {{"ny", args[0]}});
  for (llvm::StringRef descriptor : args.drop_front()) {
    auto [name, typed] = descriptor.split('=');
    auto [pointer, type] = typed.split(':');
    text += llvm::formatv("\n    {0} = builtin.unrealized_conversion_cast {1} : !llvm.ptr to {2}",
                          name.trim(), pointer.trim(), type.trim());
  }
  return text;
}

void ks::wgmma::expandSharedPieces(std::string &text) {
  // INDEX_CONSTANTS(n, ...): %cn, an index constant, for each n.
  expandLineMacro(text, "INDEX_CONSTANTS", [](llvm::ArrayRef<llvm::StringRef> args, int) {
    std::string lines;
    for (llvm::StringRef n : args)
      lines += llvm::formatv("\n  %c{0} = arith.constant {0} : index", n);
    return lines;
  });
  expandLineMacro(text, "PIPELINE_CONSTANTS", [](llvm::ArrayRef<llvm::StringRef> args, int) {
    return pipelineConstants(args);
  });
  expandLineMacro(text, "TMA_LAUNCH",
                  [](llvm::ArrayRef<llvm::StringRef> args, int) { return tmaLaunch(args); });
  const std::pair<llvm::StringRef, const char *> pieces[] = {
      {"TILE_WALK", kGroupedTileWalk},
      {"THREAD0", kThread0},
      {"ALIGNED_SLOTS", kAlignedSlots},
      {"REFILL_SLOT", kRefillSlot},
      {"ACCUMULATOR_ROWS", kAccumulatorRows}};
  for (auto [name, piece] : pieces)
    expandLineMacro(text, name,
                    [&](llvm::ArrayRef<llvm::StringRef>, int) { return std::string(piece); });
  expandLineMacro(text, "START_PIPELINE", [&](llvm::ArrayRef<llvm::StringRef> args, int) {
    return fillSlots(kStartPipeline, {{"a_descriptor", args[0]}, {"b_descriptor", args[1]}});
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
  auto wgmma = [&](StringRef out, StringRef a, StringRef b, int slice, StringRef in) {
    return fillSlots("{out} = nvvm.wgmma.mma_async {a}, {b}, {in}, "
                     "#nvvm.shape<m = 64, n = {n}, k = 8>, D [<f32>, "
                     "#nvvm.wgmma_scale_out<one>], A [<tf32>, #nvvm.wgmma_scale_in<one>, "
                     "<row>], B [<tf32>, #nvvm.wgmma_scale_in<one>, <col>] : !acc -> !acc\n",
                     {{"out", out},
                      {"a", desc(a, slice)},
                      {"b", desc(b, slice)},
                      {"in", in},
                      {"n", n}});
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
        // Operands: the N / 2 sums, then the descriptors and the scale.
        text += fillSlots(
            "      {out} = llvm.inline_asm has_side_effects asm_dialect = att "
            "\"{{\\0A.reg .pred p;\\0Asetp.ne.b32 p, ${scale_at}, 0;\\0A"
            "wgmma.mma_async.sync.aligned.m64n{n}k8.f32.tf32.tf32 {{{elements}}, ${a_at}, "
            "${b_at}, p, 1, 1;\\0A}\\0A\", \"{constraints}l,l,r\" {operands}%{a}, %{b}, "
            "%scale_d : ({types}i64, i64, i32) -> !acc\n",
            {{"out", out},
             {"elements", elements},
             {"constraints", constraints},
             {"operands", operands},
             {"a", pairs[p][0]},
             {"b", pairs[p][1]},
             {"types", types},
             {"a_at", 2 * regs},
             {"b_at", 2 * regs + 1},
             {"scale_at", 2 * regs + 2},
             {"n", n}});
      } else {
        text += "      " + wgmma(out, pairs[p][0], pairs[p][1], slice, in);
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
    text += fillSlots("        %ta_{i} = llvm.extractvalue %total[{i}] : !acc\n"
                      "        %tb_{i} = llvm.extractvalue %p2_3[{i}] : !acc\n"
                      "        %ts_{i} = arith.addf %ta_{i}, %tb_{i} : f32\n"
                      "        %t_{i} = llvm.insertvalue %ts_{i}, {into}[{i}] : !acc\n",
                      {{"i", i}, {"into", i ? "%t_" + std::to_string(i - 1) : "%total"}});
  return text + fillSlots("        scf.yield %t_{last}, %p2_3 : !acc, !acc\n"
                          "      } else {{\n"
                          "        nvvm.wgmma.wait.group.sync.aligned 1\n"
                          "        scf.yield %total, %p2_3 : !acc, !acc\n"
                          "      }",
                          {{"last", n / 2 - 1}});
}


/// DESC(address, %name): the wgmma descriptor of the tile at a shared
/// address.
static constexpr const char *kDescriptor = R"mlir(
      %{name}_i = arith.index_cast {address} : index to i64
      %{name}_m = arith.andi %{name}_i, %addr_mask : i64
      %{name}_s = arith.shrui %{name}_m, %i4 : i64
      %{name} = arith.ori %{name}_s, %desc_bits : i64)mlir";

/// The split of a vector<4xf32> `x` into `hi` (its TF32 parts) and `lo`
/// (the remainders), with names ending in `tag`: each step for the four
/// elements in turn.
static std::string splitTf32(llvm::StringRef x, llvm::StringRef hi, llvm::StringRef lo,
                             int tag) {
  // Element {i}'s values are named {i}_{tag}: %x (extracted), %h (TF32 part),
  // %r (remainder), %l (its TF32 part).
  const char *steps[] = {
      "%x{i}_{tag} = vector.extract {x}[{i}] : f32 from vector<4xf32>",
      "%h{i}i_{tag} = nvvm.convert.float.to.tf32 %x{i}_{tag} {{rnd = #nvvm.fp_rnd_mode<rn>}",
      "%h{i}_{tag} = arith.bitcast %h{i}i_{tag} : i32 to f32",
      "%r{i}_{tag} = arith.subf %x{i}_{tag}, %h{i}_{tag} : f32",
      "%l{i}i_{tag} = nvvm.convert.float.to.tf32 %r{i}_{tag} {{rnd = #nvvm.fp_rnd_mode<rn>}",
      "%l{i}_{tag} = arith.bitcast %l{i}i_{tag} : i32 to f32"};
  std::string text, his, los;
  for (llvm::StringRef step : steps)
    for (int i = 0; i < 4; ++i) {
      // Only the first step reads `x`.
      llvm::SmallVector<Slot, 3> slots = {{"i", i}, {"tag", tag}};
      if (step.contains("{x}"))
        slots.push_back({"x", x});
      text += "\n        " + fillSlots(step, slots);
    }
  for (int i = 0; i < 4; ++i) {
    std::string element = std::to_string(i) + "_" + std::to_string(tag);
    his += (i ? ", %h" : "%h") + element;
    los += (i ? ", %l" : "%l") + element;
  }
  return text + fillSlots("\n        {hi} = vector.from_elements {his} : vector<4xf32>"
                          "\n        {lo} = vector.from_elements {los} : vector<4xf32>",
                          {{"hi", hi}, {"his", his}, {"lo", lo}, {"los", los}});
}

/// STEP_CONSTANTS(promote_every): what the K steps read besides their slot.
/// First DESC's constants. A wgmma descriptor: the tile's shared address /
/// 16 (bits 0-13), a leading offset of 1 (unused by K-major swizzled tiles,
/// bits 16-29), 1024 bytes between 8-row groups (64, bits 32-45), 128-byte
/// swizzle (1, bits 62-63).
static constexpr const char *kStepConstants = R"mlir(
    %desc_bits = arith.constant 4611686293372403712 : i64
    %addr_mask = arith.constant 262143 : i64
    %i4 = arith.constant 4 : i64
    // Warpgroup y's rows of A begin 64 rows (8 KB) into the tile.
    %c8192 = arith.constant 8192 : index
    %wg_rows = arith.muli %ty, %c8192 : index
    %zero = llvm.mlir.zero : !acc
    %promote_every = arith.constant {promote_every} : index
    %last_step = arith.subi %k_steps, %c1 : index)mlir";

/// F32_TENSOR_MAPS(%a_map = %a_any, %b_map = %b_any, rows): the TMA
/// descriptors of two f32 buffers (cuTensorMapEncodeTiled, FLOAT32) in
/// `rows` x 32 boxes (128-byte rows of K), 128-byte swizzled, as pointers.
static constexpr const char *kF32TensorMaps = R"mlir(
  %dtype = arith.constant 7 : i64
  %four = arith.constant 4 : i64
  %b32 = arith.constant 32 : i64
  %box_rows = arith.constant {rows} : i64
  {a_map} = func.call @ksTensorMap2D_f32({a}, %dtype, %four, %box_rows, %b32) : (memref<*xf32>, i64, i64, i64, i64) -> !llvm.ptr
  {b_map} = func.call @ksTensorMap2D_f32({b}, %dtype, %four, %box_rows, %b32) : (memref<*xf32>, i64, i64, i64, i64) -> !llvm.ptr)mlir";

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
  expandLineMacro(text, "STEP_CONSTANTS", [](llvm::ArrayRef<llvm::StringRef> args, int) {
    return fillSlots(kStepConstants, {{"promote_every", args[0]}});
  });
  expandLineMacro(text, "F32_TENSOR_MAPS", [](llvm::ArrayRef<llvm::StringRef> args, int) {
    auto [aMap, a] = args[0].split('=');
    auto [bMap, b] = args[1].split('=');
    return fillSlots(kF32TensorMaps, {{"a_map", aMap.trim()},
                                      {"a", a.trim()},
                                      {"b_map", bMap.trim()},
                                      {"b", b.trim()},
                                      {"rows", args[2]}});
  });
  expandLineMacro(text, "SPLIT_TF32", [](llvm::ArrayRef<llvm::StringRef> args, int counter) {
    return splitTf32(args[0], args[1], args[2], counter);
  });
  expandLineMacro(text, "DESC", [](llvm::ArrayRef<llvm::StringRef> args, int) {
    return fillSlots(kDescriptor, {{"address", args[0]}, {"name", args[1].drop_front()}});
  });
}

/// The address of a slot's tile in a LOAD's lines (%l{tile}_N) and its view
/// (%v{tile}_N).
static llvm::StringRef tileLetter(ks::wgmma::SlotTile tile) {
  switch (tile) {
  case ks::wgmma::SlotTile::A:
    return "a";
  case ks::wgmma::SlotTile::B:
    return "b";
  case ks::wgmma::SlotTile::BRemainders:
    return "r";
  }
  llvm_unreachable("a slot holds A, B and B's remainders");
}

std::string ks::wgmma::tf32x3Load(llvm::ArrayRef<llvm::StringRef> args, int name,
                                  const TmaBox &first, const TmaBox &second) {
  llvm::StringRef slot = args[0], step = args[1], predicate = args[2];
  std::string text = fillSlots(R"mlir(
      %ls_{name} = arith.muli {slot}, %slot_bytes : index
      %la_{name} = arith.addi %ls_{name}, %pad : index
      %lb_{name} = arith.addi %la_{name}, %b_offset : index)mlir",
                               {{"name", name}, {"slot", slot}});
  if (first.tile == SlotTile::BRemainders || second.tile == SlotTile::BRemainders)
    text += fillSlots("\n      %lr_{name} = arith.addi %lb_{name}, %lo_offset : index",
                      {{"name", name}});
  for (const TmaBox *box : {&first, &second})
    text += fillSlots(
        "\n      %v{tile}_{name} = memref.view %dyn[%l{tile}_{name}][] : !smem to !box",
        {{"tile", tileLetter(box->tile)}, {"name", name}});
  text += fillSlots(R"mlir(
      nvgpu.mbarrier.arrive.expect_tx %bars[{slot}], %tx_bytes, predicate = {predicate} : !barriers
      %kc_{name} = arith.muli {step}, %c32 : index)mlir",
                    {{"slot", slot}, {"predicate", predicate}, {"name", name}, {"step", step}});
  for (const TmaBox *box : {&first, &second})
    text += fillSlots("\n      nvgpu.tma.async.load {descriptor}[%kc_{name}, {row}], "
                      "%bars[{slot}] to %v{tile}_{name}, predicate = {predicate} : {type}, "
                      "!barriers -> !box",
                      {{"descriptor", box->descriptor},
                       {"name", name},
                       {"row", box->row},
                       {"slot", slot},
                       {"tile", tileLetter(box->tile)},
                       {"predicate", predicate},
                       {"type", box->descriptorType}});
  return text;
}

std::string ks::wgmma::accumulatorStoreLine(llvm::StringRef store, llvm::StringRef condition) {
  if (condition.empty())
    return ("    " + store + "\n").str();
  return llvm::formatv("    scf.if {0} {{\n      {1}\n    }\n", condition, store).str();
}

std::string ks::wgmma::accumulatorStores(
    int64_t n, llvm::function_ref<std::string(int64_t, llvm::StringRef, llvm::StringRef)> store) {
  std::string text;
  for (int64_t i = 0; i < n / 8; ++i) {
    text += llvm::formatv("    %cc_{0} = arith.constant {1} : index\n"
                          "    %col_{0} = arith.addi %col_base, %cc_{0} : index\n"
                          "    %col1_{0} = arith.addi %col_{0}, %c1 : index\n",
                          i, 8 * i);
    for (int half = 0; half < 2; ++half)
      for (int e = 0; e < 2; ++e) {
        int64_t reg = 4 * i + 2 * half + e;
        text += llvm::formatv("    %v_{0} = llvm.extractvalue %sums#0[{0}] : !acc\n", reg);
        text += store(reg, half ? "hi" : "lo", (e ? "%col1_" : "%col_") + std::to_string(i));
      }
  }
  return text;
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
