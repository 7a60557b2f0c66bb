//===- ReportHtml.h - ks-tune's report as one HTML page ---------*- C++ -*-===//
//
// Renders what ks-tune wrote (report.json and the trajectory.jsonl lines)
// as report.html: one self-contained page that a browser shows offline (no
// scripts, no external fonts, styles or images; the charts are inline SVG).
//   - a roofline (log-log: FLOP/byte against GFLOP/s) with the device's
//     DRAM and FP32 roofs, each dispatch placed twice, seed (hollow) and
//     tuned (filled), joined by an arrow;
//   - per dispatch, its attempts as bars (kernel time per round) against the
//     seed time, each labelled with the skill tried and its outcome, the
//     accepted ones marked; a summary table; each round's rule, diagnosis
//     and message as text.
// Every string from the JSON is HTML-escaped: skill names, rules and
// messages (compiler diagnostics) may hold `<`, `>` and `&`.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_REPORTHTML_H
#define KS_AGENTS_REPORTHTML_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace ks::agents {

/// The page for `report` (report.json) and `trajectory` (trajectory.jsonl,
/// one object per line, in file order).
///
/// The roofline needs, beyond what the tuning loop measures, the optional
/// fields `device: {"name", "dram_gbps", "fp32_gflops"}` and per dispatch
/// `flops` and `min_bytes` (WorkEstimate). Without the device roofs the page
/// says so in place of the chart. A dispatch is placed at intensity
/// flops / min_bytes and at flops / time (seed and tuned); one that cannot
/// be placed is listed under the chart with the reason. In particular a
/// dispatch with 0 FLOPs (a fill, a copy) has no place on a FLOP/s roofline:
/// it is listed with its achieved bandwidth (min_bytes / time) against the
/// DRAM roof instead.
std::string renderReportHtml(const llvm::json::Object &report,
                             llvm::ArrayRef<llvm::json::Object> trajectory);

} // namespace ks::agents

#endif // KS_AGENTS_REPORTHTML_H
