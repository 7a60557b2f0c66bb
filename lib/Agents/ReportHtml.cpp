//===- ReportHtml.cpp - ks-tune's report as one HTML page -----------------===//

#include "ks/Agents/ReportHtml.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>
#include <utility>

using namespace ks::agents;
namespace json = llvm::json;

namespace {
/// Text and attribute values alike: the five characters HTML gives a
/// meaning. Control characters other than tab and newlines are dropped (a
/// JSON string may carry them; a page has no use for them).
std::string escape(llvm::StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r')
        out += c;
    }
  }
  return out;
}

/// At most `maxBytes` of `text`, cut on a UTF-8 character boundary and
/// ended with an ellipsis: chart labels have a column's width, the tooltip
/// and the text below the chart have it all.
std::string shorten(llvm::StringRef text, size_t maxBytes) {
  if (text.size() <= maxBytes || maxBytes < 2)
    return text.str();
  size_t n = maxBytes - 1;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80)
    --n;
  return text.take_front(n).str() + "\u2026";
}

std::string fixed(double value, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*f", digits, value);
  return buffer;
}

/// About three significant digits, for rates and axis labels.
std::string compact(double value) {
  double a = std::fabs(value);
  if (a >= 100 || a == 0)
    return fixed(value, 0);
  if (a >= 10)
    return fixed(value, 1);
  if (a >= 1)
    return fixed(value, 2);
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.2g", value);
  return buffer;
}

/// An axis tick on a 1-2-2.5-5 step: no more digits than it has.
std::string tick(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%g", value);
  return buffer;
}

/// SVG coordinates: one decimal is finer than a pixel.
std::string px(double value) { return fixed(value, 1); }

/// A finite number field; std::nullopt when absent, not a number, NaN or
/// infinite (nothing to draw with).
std::optional<double> number(const json::Object &o, llvm::StringRef key) {
  std::optional<double> v = o.getNumber(key);
  if (v && std::isfinite(*v))
    return v;
  return std::nullopt;
}

std::string str(const json::Object &o, llvm::StringRef key) {
  return o.getString(key).value_or("").str();
}

/// `K=V K=V`, keys sorted (json::Object iterates in hash order).
std::string describeParams(const json::Object *params) {
  if (!params)
    return "";
  std::vector<std::pair<std::string, std::string>> items;
  for (const auto &kv : *params)
    items.emplace_back(kv.first.str(), llvm::formatv("{0}", kv.second).str());
  llvm::sort(items);
  std::string out;
  for (const auto &[key, value] : items)
    out += (out.empty() ? "" : " ") + key + "=" + value;
  return out;
}

/// The dispatch colors (the roofline's markers).
const char *const Palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                               "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};

/// One dispatch of the page: its report entry (null for one that only the
/// trajectory knows, tuned by an earlier run) and its attempts in file order.
struct Dispatch {
  int64_t id = -1;
  const json::Object *entry = nullptr;
  std::vector<const json::Object *> attempts;
  const char *color = Palette[0];
  std::string opClass() const { return entry ? str(*entry, "op_class") : "?"; }
};

/// Where one dispatch sits on the roofline.
struct Placed {
  const Dispatch *dispatch;
  unsigned index;
  double intensity, seedGflops, tunedGflops;
};

class Renderer {
public:
  Renderer(const json::Object &report, llvm::ArrayRef<json::Object> trajectory);
  std::string render();

private:
  const json::Object &report;
  std::vector<Dispatch> dispatches;
  std::string text;
  llvm::raw_string_ostream os{text};

  void header();
  void summaryTable();
  void roofline();
  void rooflineChart(llvm::ArrayRef<Placed> placed, double bandwidth, double peak);
  void rooflineDispatches(llvm::ArrayRef<Placed> placed, double bandwidth, double peak,
                          llvm::function_ref<double(double)> x,
                          llvm::function_ref<double(double)> y);
  void dispatchSection(const Dispatch &d);
  void trajectoryChart(const Dispatch &d);
  void roundText(const json::Object &attempt, unsigned index);
};

Renderer::Renderer(const json::Object &report, llvm::ArrayRef<json::Object> trajectory)
    : report(report) {
  // The report's order (slowest first), then the trajectory's own.
  std::map<int64_t, size_t> byId;
  auto slot = [&](int64_t id) -> Dispatch & {
    auto [it, added] = byId.try_emplace(id, dispatches.size());
    if (added) {
      dispatches.emplace_back();
      dispatches.back().id = id;
    }
    return dispatches[it->second];
  };
  if (const json::Array *list = report.getArray("dispatches"))
    for (const json::Value &v : *list)
      if (const json::Object *e = v.getAsObject())
        slot(e->getInteger("dispatch").value_or(-1)).entry = e;
  for (const json::Object &attempt : trajectory)
    slot(attempt.getInteger("dispatch").value_or(-1)).attempts.push_back(&attempt);
  for (size_t i = 0; i < dispatches.size(); ++i)
    dispatches[i].color = Palette[i % std::size(Palette)];
}

std::string Renderer::render() {
  std::string module = str(report, "module");
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<title>ks-tune report" << (module.empty() ? "" : ": " + escape(module))
     << "</title>\n"
     // Styles inline and fonts the system's: the page is read offline.
     << "<style>\n"
        "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,"
        "Arial,sans-serif;color:#222;max-width:1180px;margin:20px auto;"
        "padding:0 16px;line-height:1.4}\n"
        "h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:"
        "1px solid #ddd;padding-bottom:4px}\n"
        "code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"
        "monospace;font-size:90%}\n"
        "table{border-collapse:collapse;font-size:14px;margin:8px 0}\n"
        "th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;"
        "vertical-align:top}th{background:#f3f3f3}\n"
        "td.num{text-align:right;font-variant-numeric:tabular-nums;"
        "white-space:nowrap}\n"
        ".missing{background:#fff6e0;border:1px solid #e6c36a;padding:8px 12px}\n"
        ".notes{font-size:14px;color:#444}.caption{font-size:13px;color:#555}\n"
        "svg{display:block;margin:8px 0;max-width:100%;height:auto}\n"
        "svg text{font-family:inherit;font-size:11px;fill:#333}\n"
        ".chart{overflow-x:auto}.chart svg{max-width:none}\n"
        "ol.rounds{padding-left:22px}ol.rounds>li{margin:10px 0}\n"
        ".k{display:inline-block;min-width:72px;color:#666}\n"
        ".msg{white-space:pre-wrap;word-break:break-word}\n"
        ".outcome{font-weight:600}.outcome.ok{color:#2e7d32}"
        ".outcome.fail{color:#c62828}.accepted{color:#1b5e20;font-weight:600}\n"
        "</style>\n</head>\n<body>\n";
  header();
  summaryTable();
  roofline();
  for (const Dispatch &d : dispatches)
    dispatchSection(d);
  os << "</body>\n</html>\n";
  return std::move(text);
}

void Renderer::header() {
  os << "<h1>ks-tune report</h1>\n<p class=\"meta\">";
  std::string module = str(report, "module"), chip = str(report, "chip");
  if (!module.empty())
    os << "module <code>" << escape(module) << "</code>";
  if (!chip.empty())
    os << " &middot; chip <code>" << escape(chip) << "</code>";
  if (const json::Object *device = report.getObject("device"))
    if (std::optional<llvm::StringRef> name = device->getString("name"))
      os << " &middot; device " << escape(*name);
  os << "<br>\n";
  std::optional<double> seedMs = number(report, "seed_ms"),
                        tunedMs = number(report, "tuned_ms"),
                        speedup = number(report, "speedup");
  if (seedMs && tunedMs)
    os << "Whole program: seed " << fixed(*seedMs, 4) << " ms &rarr; tuned "
       << fixed(*tunedMs, 4) << " ms" << (speedup ? ", <b>" + fixed(*speedup, 2) + "x</b>" : "");
  if (std::optional<double> win = number(report, "win_threshold"))
    os << " &middot; a candidate replaces its base at " << fixed(*win, 2)
       << "x on it or better";
  std::string numerics = str(report, "numerics");
  if (!numerics.empty())
    os << "<br>\n<span id=\"numerics\">" << escape(numerics) << "</span>";
  // Who decided: the LLM agents' share and cost, when there were any.
  if (const json::Object *llm = report.getObject("llm")) {
    auto count = [&](const json::Object &o, llvm::StringRef k) {
      return std::to_string(int64_t(o.getNumber(k).value_or(0)));
    };
    os << "<br>\n<span id=\"llm\">LLM (" << escape(str(*llm, "source")) << "): "
       << count(*llm, "requests") << " requests, " << count(*llm, "failed") << " failed, "
       << count(*llm, "retries") << " retries, " << count(*llm, "input_tokens") << " + "
       << count(*llm, "output_tokens") << " tokens";
    if (const json::Object *decisions = llm->getObject("decisions"))
      for (llvm::StringRef agent : {"planner", "diagnoser", "author"})
        if (const json::Object *o = decisions->getObject(agent)) {
          os << " &middot; " << escape(agent) << ":";
          const char *sep = " ";
          for (llvm::StringRef k : {"llm", "policy", "vetted", "refused"})
            if (o->get(k)) {
              os << sep << count(*o, k) << " "
                 << escape(k == "llm" ? "by the LLM" : k == "policy" ? "by the policy" : k);
              sep = ", ";
            }
        }
    os << "</span>";
  }
  os << "</p>\n";
}

void Renderer::summaryTable() {
  os << "<table id=\"summary\">\n<thead><tr><th>dispatch</th><th>class</th>"
        "<th>seed us</th><th>tuned us</th><th>speedup</th><th>SOL % (seed &rarr; "
        "tuned)</th><th>rounds</th><th>winner</th><th>stop reason</th></tr></thead>\n"
        "<tbody>\n";
  auto cell = [&](std::optional<double> v, int digits, llvm::StringRef suffix = "") {
    os << "<td class=\"num\">" << (v ? fixed(*v, digits) + suffix.str() : "-") << "</td>";
  };
  for (const Dispatch &d : dispatches) {
    os << "<tr data-dispatch=\"" << d.id << "\"><td><a href=\"#dispatch-" << d.id << "\">"
       << d.id << "</a></td><td>" << escape(d.opClass()) << "</td>";
    if (!d.entry) {
      os << "<td colspan=\"7\">not in this report (" << d.attempts.size()
         << " attempts in the trajectory)</td></tr>\n";
      continue;
    }
    const json::Object &e = *d.entry;
    cell(number(e, "seed_us"), 2);
    cell(number(e, "tuned_us"), 2);
    cell(number(e, "speedup"), 2, "x");
    std::optional<double> s0 = number(e, "seed_sol_pct"), s1 = number(e, "tuned_sol_pct");
    os << "<td class=\"num\">" << (s0 ? fixed(*s0, 1) : "-") << " &rarr; "
       << (s1 ? fixed(*s1, 1) : "-") << "</td>";
    std::optional<int64_t> rounds = e.getInteger("rounds");
    os << "<td class=\"num\">" << (rounds ? std::to_string(*rounds) : "-") << "</td><td>";
    if (const json::Object *w = e.getObject("winner"))
      os << "<code>" << escape(str(*w, "skill")) << "</code> <code>"
         << escape(describeParams(w->getObject("params"))) << "</code>";
    else
      os << "seed kernel";
    os << "</td><td>" << escape(str(e, "stopped")) << "</td></tr>\n";
  }
  os << "</tbody></table>\n";
}

void Renderer::roofline() {
  os << "<section id=\"roofline-section\">\n<h2>Roofline</h2>\n";
  std::optional<double> bandwidth, peak;
  if (const json::Object *device = report.getObject("device")) {
    bandwidth = number(*device, "dram_gbps");
    peak = number(*device, "fp32_gflops");
  }
  bool roofs = bandwidth && peak && *bandwidth > 0 && *peak > 0;

  // Who can be placed, and why the others cannot.
  std::vector<Placed> placed;
  std::vector<std::string> notes; // Escaped already.
  for (size_t i = 0; i < dispatches.size(); ++i) {
    const Dispatch &d = dispatches[i];
    std::string who = "dispatch " + std::to_string(d.id) + " (" + escape(d.opClass()) + ")";
    if (!d.entry) {
      notes.push_back(who + ": not in this report, no times to place it by");
      continue;
    }
    std::optional<double> flops = number(*d.entry, "flops"),
                          bytes = number(*d.entry, "min_bytes"),
                          seedUs = number(*d.entry, "seed_us"),
                          tunedUs = number(*d.entry, "tuned_us");
    if (!flops || !bytes) {
      notes.push_back(who + ": the report has no <code>flops</code> and "
                            "<code>min_bytes</code> for it");
      continue;
    }
    if (!seedUs || !tunedUs || *seedUs <= 0 || *tunedUs <= 0) {
      notes.push_back(who + ": no kernel time measured");
      continue;
    }
    // No floating-point work (a fill, a copy): no height on a FLOP/s
    // roofline. Its bandwidth against the DRAM roof is what tells.
    if (*flops <= 0) {
      std::string note = who + ": no floating-point work, not on the roofline";
      if (*bytes > 0) {
        double seedGbps = *bytes / (*seedUs * 1e3), tunedGbps = *bytes / (*tunedUs * 1e3);
        note += "; it moves at least " + compact(*bytes / 1e6) + " MB: seed " +
                compact(seedGbps) + " GB/s, tuned " + compact(tunedGbps) + " GB/s";
        if (bandwidth && *bandwidth > 0)
          note += " (" + fixed(100 * tunedGbps / *bandwidth, 1) + "% of the DRAM roof)";
      }
      notes.push_back(note);
      continue;
    }
    if (*bytes <= 0) {
      notes.push_back(who + ": no bytes that must cross DRAM (the intensity is "
                            "unbounded), not on the roofline");
      continue;
    }
    // GFLOP/s = FLOPs / (us * 1e-6) / 1e9.
    placed.push_back(Placed{&d, unsigned(i), *flops / *bytes, *flops / (*seedUs * 1e3),
                            *flops / (*tunedUs * 1e3)});
  }

  if (!roofs)
    os << "<p class=\"missing\" id=\"roofline-missing\">No roofline: the report has "
          "no device roofs (<code>device.dram_gbps</code> and "
          "<code>device.fp32_gflops</code>).</p>\n";
  else if (placed.empty())
    os << "<p class=\"missing\" id=\"roofline-missing\">No roofline: no dispatch "
          "has the <code>flops</code>, <code>min_bytes</code> and times to place "
          "it by.</p>\n";
  else
    rooflineChart(placed, *bandwidth, *peak);
  if (!notes.empty()) {
    os << "<p class=\"notes\">Not placed:</p>\n<ul class=\"notes\" id=\"roofline-notes\">\n";
    for (const std::string &note : notes)
      os << "<li>" << note << "</li>\n";
    os << "</ul>\n";
  }
  os << "</section>\n";
}

void Renderer::rooflineChart(llvm::ArrayRef<Placed> placed, double bandwidth,
                             double peak) {
  const double width = 760, height = 460, left = 72, right = 24, top = 20, bottom = 56;
  const double plotW = width - left - right, plotH = height - top - bottom;
  double ridge = peak / bandwidth;

  // Whole decades around the points and the ridge, three at least.
  double xMin = ridge, xMax = ridge, yMin = peak, yMax = peak;
  for (const Placed &p : placed) {
    xMin = std::min(xMin, p.intensity);
    xMax = std::max(xMax, p.intensity);
    yMin = std::min({yMin, p.seedGflops, p.tunedGflops});
    yMax = std::max({yMax, p.seedGflops, p.tunedGflops});
  }
  auto decades = [](double lo, double hi, int &first, int &last) {
    first = int(std::floor(std::log10(lo) - 0.3));
    last = int(std::ceil(std::log10(hi) + 0.3));
    while (last - first < 3) {
      --first;
      if (last - first < 3)
        ++last;
    }
  };
  int x0, x1, y0, y1;
  decades(xMin, xMax, x0, x1);
  decades(yMin, yMax, y0, y1);
  auto x = [&](double v) { return left + (std::log10(v) - x0) / (x1 - x0) * plotW; };
  auto y = [&](double v) { return top + plotH - (std::log10(v) - y0) / (y1 - y0) * plotH; };
  auto decadeLabel = [](int k) {
    if (k >= 0 && k <= 5)
      return std::to_string(int64_t(std::pow(10.0, k) + 0.5));
    if (k < 0 && k >= -3)
      return "0." + std::string(-k - 1, '0') + "1";
    return "1e" + std::to_string(k);
  };

  os << "<svg id=\"roofline\" class=\"roofline\" viewBox=\"0 0 " << width << " " << height
     << "\" width=\"" << width << "\" height=\"" << height
     << "\" role=\"img\" aria-label=\"roofline\">\n<defs>\n";
  for (const Placed &p : placed)
    os << "<marker id=\"roofline-arrow-" << p.index
       << "\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
          "markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\""
       << p.dispatch->color << "\"/></marker>\n";
  os << "</defs>\n<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << plotW
     << "\" height=\"" << plotH << "\" fill=\"#fff\" stroke=\"#999\"/>\n";

  // The grid: decades labelled, 2..9 lighter.
  os << "<g class=\"grid\">\n";
  for (int k = x0; k <= x1; ++k)
    for (int m = 1; m <= (k < x1 ? 9 : 1); ++m) {
      double gx = x(m * std::pow(10.0, k));
      os << "<line x1=\"" << px(gx) << "\" y1=\"" << top << "\" x2=\"" << px(gx)
         << "\" y2=\"" << top + plotH << "\" stroke=\"" << (m == 1 ? "#ccc" : "#eee")
         << "\"/>\n";
      if (m == 1)
        os << "<text x=\"" << px(gx) << "\" y=\"" << top + plotH + 16
           << "\" text-anchor=\"middle\">" << decadeLabel(k) << "</text>\n";
    }
  for (int k = y0; k <= y1; ++k)
    for (int m = 1; m <= (k < y1 ? 9 : 1); ++m) {
      double gy = y(m * std::pow(10.0, k));
      os << "<line x1=\"" << left << "\" y1=\"" << px(gy) << "\" x2=\"" << left + plotW
         << "\" y2=\"" << px(gy) << "\" stroke=\"" << (m == 1 ? "#ccc" : "#eee")
         << "\"/>\n";
      if (m == 1)
        os << "<text x=\"" << left - 6 << "\" y=\"" << px(gy + 4)
           << "\" text-anchor=\"end\">" << decadeLabel(k) << "</text>\n";
    }
  os << "</g>\n<text x=\"" << left + plotW / 2 << "\" y=\"" << height - 12
     << "\" text-anchor=\"middle\">arithmetic intensity (FLOP/byte)</text>\n"
     << "<text transform=\"translate(16 " << top + plotH / 2
     << ") rotate(-90)\" text-anchor=\"middle\">GFLOP/s</text>\n";

  // The roofs: bandwidth * intensity up to the ridge, the peak after it.
  // The memory roof starts where it enters the chart (left or bottom edge).
  double xStart = std::max(std::pow(10.0, x0), std::pow(10.0, y0) / bandwidth);
  double mx1 = x(xStart), my1 = y(bandwidth * xStart), mx2 = x(ridge), my2 = y(peak);
  double cx2 = x(std::pow(10.0, x1));
  os << "<g class=\"roofs\">\n<line class=\"roof roof-memory\" data-roof=\"memory\" x1=\""
     << px(mx1) << "\" y1=\"" << px(my1) << "\" x2=\"" << px(mx2) << "\" y2=\"" << px(my2)
     << "\" stroke=\"#444\" stroke-width=\"2.5\"><title>DRAM roof: " << compact(bandwidth)
     << " GB/s</title></line>\n"
     << "<line class=\"roof roof-compute\" data-roof=\"compute\" x1=\"" << px(mx2)
     << "\" y1=\"" << px(my2) << "\" x2=\"" << px(cx2) << "\" y2=\"" << px(my2)
     << "\" stroke=\"#444\" stroke-width=\"2.5\"><title>FP32 roof: " << compact(peak)
     << " GFLOP/s</title></line>\n";
  double angle = std::atan2(my2 - my1, mx2 - mx1) * 180 / llvm::numbers::pi;
  double lx = mx1 + 0.45 * (mx2 - mx1), ly = my1 + 0.45 * (my2 - my1);
  os << "<text transform=\"translate(" << px(lx) << " " << px(ly) << ") rotate("
     << fixed(angle, 1) << ")\" dy=\"-6\" text-anchor=\"middle\">DRAM "
     << compact(bandwidth) << " GB/s</text>\n"
     << "<text x=\"" << px(cx2 - 6) << "\" y=\"" << px(my2 - 7)
     << "\" text-anchor=\"end\">FP32 " << compact(peak) << " GFLOP/s</text>\n"
     << "<line class=\"ridge\" x1=\"" << px(mx2) << "\" y1=\"" << px(my2) << "\" x2=\""
     << px(mx2) << "\" y2=\"" << top + plotH
     << "\" stroke=\"#999\" stroke-dasharray=\"3 3\"/>\n</g>\n";

  rooflineDispatches(placed, bandwidth, peak, x, y);

  // The legend, top left.
  double gx = left + 12, gy = top + 16;
  os << "<g class=\"legend\">\n<circle cx=\"" << gx << "\" cy=\"" << gy
     << "\" r=\"5\" fill=\"none\" stroke=\"#333\" stroke-width=\"2\"/><text x=\"" << gx + 10
     << "\" y=\"" << gy + 4 << "\">seed</text>\n<circle cx=\"" << gx + 60 << "\" cy=\"" << gy
     << "\" r=\"5\" fill=\"#333\"/><text x=\"" << gx + 70 << "\" y=\"" << gy + 4
     << "\">tuned</text>\n</g>\n</svg>\n";
  std::string device;
  if (const json::Object *dev = report.getObject("device"))
    device = str(*dev, "name");
  os << "<p class=\"caption\">Roofs" << (device.empty() ? "" : " of " + escape(device))
     << ": DRAM " << compact(bandwidth) << " GB/s, FP32 " << compact(peak)
     << " GFLOP/s; the ridge is at " << compact(ridge)
     << " FLOP/byte. Intensity is FLOPs over the fewest bytes the dispatch must move "
        "(each operand once), so a dispatch's seed and tuned kernels share it: the "
        "arrow is the time gained. Achieved GFLOP/s = FLOPs / kernel time.</p>\n";
}

/// Each dispatch on the roofline chart of scales `x` and `y`.
void Renderer::rooflineDispatches(llvm::ArrayRef<Placed> placed, double bandwidth, double peak,
                                  llvm::function_ref<double(double)> x,
                                  llvm::function_ref<double(double)> y) {
  // Each dispatch: seed (hollow) -> tuned (filled). Intensity comes from the
  // fewest bytes, the same for both: the arrow is vertical, only the
  // height (the time) moves.
  const double radius = 6;
  os << "<g class=\"dispatches\">\n";
  for (const Placed &p : placed) {
    const Dispatch &d = *p.dispatch;
    double px0 = x(p.intensity), sy = y(p.seedGflops), ty = y(p.tunedGflops);
    double attainable = std::min(peak, bandwidth * p.intensity);
    auto tip = [&](llvm::StringRef which, double gflops, llvm::StringRef usKey) {
      return "dispatch " + std::to_string(d.id) + " (" + escape(d.opClass()) + "), " +
             which.str() + ": " + fixed(*number(*d.entry, usKey), 2) + " us, " +
             compact(gflops) + " GFLOP/s at " + compact(p.intensity) +
             " FLOP/byte; the roof there is " + compact(attainable) + " GFLOP/s (" +
             fixed(100 * gflops / attainable, 1) + "% of it)";
    };
    os << "<g class=\"dispatch-point\" data-dispatch=\"" << d.id << "\">\n";
    // Too short an arrow (no win) would only draw its head at random; a
    // seed ring under the tuned dot is drawn wider to stay visible.
    bool moved = std::fabs(sy - ty) > 2 * radius + 6;
    double seedRadius = moved || std::fabs(sy - ty) >= radius ? radius : radius + 3;
    if (moved) {
      double dir = ty < sy ? -1 : 1;
      os << "<line class=\"move\" data-dispatch=\"" << d.id << "\" x1=\"" << px(px0)
         << "\" y1=\"" << px(sy + dir * (radius + 1)) << "\" x2=\"" << px(px0)
         << "\" y2=\"" << px(ty - dir * (radius + 2)) << "\" stroke=\"" << d.color
         << "\" stroke-width=\"1.5\" marker-end=\"url(#roofline-arrow-" << p.index
         << ")\"/>\n";
    }
    os << "<circle class=\"marker seed\" data-dispatch=\"" << d.id << "\" cx=\"" << px(px0)
       << "\" cy=\"" << px(sy) << "\" r=\"" << seedRadius << "\" fill=\"none\" stroke=\""
       << d.color << "\" stroke-width=\"2\"><title>" << tip("seed", p.seedGflops, "seed_us")
       << "</title></circle>\n"
       << "<circle class=\"marker tuned\" data-dispatch=\"" << d.id << "\" cx=\""
       << px(px0) << "\" cy=\"" << px(ty) << "\" r=\"" << radius << "\" fill=\"" << d.color
       << "\" stroke=\"" << d.color << "\" stroke-width=\"2\"><title>"
       << tip("tuned", p.tunedGflops, "tuned_us") << "</title></circle>\n"
       << "<text class=\"point-label\" data-dispatch=\"" << d.id << "\" x=\""
       << px(px0 + radius + 4) << "\" y=\"" << px(ty + 4) << "\" style=\"fill:" << d.color
       << "\">d" << d.id << " " << escape(d.opClass()) << "</text>\n</g>\n";
  }
  os << "</g>\n";
}

void Renderer::dispatchSection(const Dispatch &d) {
  os << "<section class=\"dispatch\" id=\"dispatch-" << d.id << "\" data-dispatch=\""
     << d.id << "\">\n<h2>Dispatch " << d.id << " <span class=\"mono\">"
     << escape(d.opClass()) << "</span></h2>\n";
  if (d.entry) {
    const json::Object &e = *d.entry;
    os << "<table class=\"facts\">\n";
    auto row = [&](llvm::StringRef key, const std::string &escapedValue) {
      os << "<tr><th>" << key << "</th><td>" << escapedValue << "</td></tr>\n";
    };
    if (const json::Value *ranges = e.get("loop_ranges"))
      if (ranges->kind() != json::Value::Null)
        row("loop ranges", "<code>" + escape(llvm::formatv("{0}", *ranges).str()) + "</code>");
    std::optional<double> seedUs = number(e, "seed_us"), tunedUs = number(e, "tuned_us"),
                          speedup = number(e, "speedup");
    row("seed &rarr; tuned", (seedUs ? fixed(*seedUs, 2) : "-") + " us &rarr; " +
                                 (tunedUs ? fixed(*tunedUs, 2) : "-") + " us" +
                                 (speedup ? " (" + fixed(*speedup, 2) + "x)" : ""));
    std::optional<double> s0 = number(e, "seed_sol_pct"), s1 = number(e, "tuned_sol_pct");
    if (s0 || s1)
      row("speed of light", (s0 ? fixed(*s0, 1) + "%" : "-") + " &rarr; " +
                                (s1 ? fixed(*s1, 1) + "%" : "-"));
    if (!str(e, "bottleneck").empty())
      row("bottleneck", escape(str(e, "bottleneck")) + " (at round 1)");
    if (!str(e, "rule").empty())
      row("first rule", escape(str(e, "rule")));
    if (const json::Object *w = e.getObject("winner"))
      row("winner", "<code>" + escape(str(*w, "skill")) + "</code> <code>" +
                        escape(describeParams(w->getObject("params"))) + "</code>");
    else
      row("winner", "the seed kernel (nothing accepted)");
    row("stopped", escape(str(e, "stopped")));
    os << "</table>\n";
  } else {
    os << "<p class=\"missing\">Not in this report: these attempts are from an earlier "
          "run's trajectory.</p>\n";
  }
  trajectoryChart(d);
  if (d.attempts.empty()) {
    os << "<p>No rounds were tried on this dispatch.</p>\n";
  } else {
    os << "<ol class=\"rounds\">\n";
    for (size_t i = 0; i < d.attempts.size(); ++i)
      roundText(*d.attempts[i], i + 1);
    os << "</ol>\n";
  }
  os << "</section>\n";
}

void Renderer::trajectoryChart(const Dispatch &d) {
  const double column = 124, left = 64, right = 130, top = 34, bottom = 66, height = 300;
  size_t n = d.attempts.size();
  const double width = std::max(560.0, left + right + column * std::max<size_t>(n, 1));
  const double plotW = width - left - right, plotH = height - top - bottom;
  const double columnW = plotW / std::max<size_t>(n, 1);
  std::optional<double> seedUs, tunedUs;
  if (d.entry) {
    seedUs = number(*d.entry, "seed_us");
    tunedUs = number(*d.entry, "tuned_us");
  }
  double maxUs = 0;
  for (std::optional<double> v : {seedUs, tunedUs})
    maxUs = std::max(maxUs, v.value_or(0));
  for (const json::Object *a : d.attempts)
    maxUs = std::max({maxUs, number(*a, "kernel_us").value_or(0),
                      number(*a, "base_kernel_us").value_or(0)});
  if (maxUs <= 0)
    maxUs = 1;
  // A 1-2-2.5-5 step, five or so ticks, the top a whole step above the tallest.
  double rough = maxUs * 1.12 / 5, magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  double f = rough / magnitude;
  double step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * magnitude;
  double yTop = std::ceil(maxUs * 1.12 / step) * step;
  auto y = [&](double us) { return top + plotH * (1 - us / yTop); };
  double base = top + plotH;

  // In a scrolling box: a long trajectory keeps its column width.
  os << "<div class=\"chart\">\n<svg class=\"trajectory\" id=\"trajectory-" << d.id
     << "\" data-dispatch=\"" << d.id << "\" viewBox=\"0 0 " << px(width) << " " << height
     << "\" width=\"" << px(width) << "\" height=\"" << height
     << "\" role=\"img\" aria-label=\"dispatch " << d.id << " trajectory\">\n<text x=\""
     << left << "\" y=\"16\">kernel time per round (us)</text>\n<g class=\"grid\">\n";
  for (double v = 0; v <= yTop + step / 2; v += step)
    os << "<line x1=\"" << left << "\" y1=\"" << px(y(v)) << "\" x2=\"" << px(left + plotW)
       << "\" y2=\"" << px(y(v)) << "\" stroke=\"" << (v == 0 ? "#999" : "#eee")
       << "\"/><text x=\"" << left - 6 << "\" y=\"" << px(y(v) + 4)
       << "\" text-anchor=\"end\">" << tick(v) << "</text>\n";
  os << "</g>\n";

  if (n == 0)
    os << "<text x=\"" << px(left + plotW / 2) << "\" y=\"" << px(top + plotH / 2)
       << "\" text-anchor=\"middle\">no rounds tried</text>\n";
  for (size_t i = 0; i < n; ++i) {
    const json::Object &a = *d.attempts[i];
    std::string outcome = str(a, "outcome"), skill = str(a, "skill");
    bool accepted = a.getBoolean("accepted").value_or(false);
    std::optional<double> us = number(a, "kernel_us");
    std::optional<double> vsBase = number(a, "speedup_vs_base");
    std::optional<int64_t> round = a.getInteger("round");
    double cx = left + (i + 0.5) * columnW;
    std::string color = accepted ? "#2e7d32" : outcome == "ok" ? "#7f95b5" : "#c62828";

    os << "<g class=\"round" << (accepted ? " accepted" : "") << "\" data-round=\""
       << i + 1 << "\" data-outcome=\"" << escape(outcome) << "\" data-accepted=\""
       << (accepted ? "true" : "false") << "\">\n<title>#" << i + 1;
    if (round)
      os << " (round " << *round << ")";
    os << ": " << escape(skill) << " " << escape(describeParams(a.getObject("params")))
       << " &rarr; " << escape(outcome);
    if (us)
      os << ", " << fixed(*us, 2) << " us";
    if (vsBase)
      os << ", " << fixed(*vsBase, 2) << "x on the base";
    os << (accepted ? ", accepted" : ", not accepted") << "</title>\n";
    if (us) {
      double barW = std::min(56.0, columnW * 0.5);
      os << "<rect class=\"bar\" x=\"" << px(cx - barW / 2) << "\" y=\"" << px(y(*us))
         << "\" width=\"" << px(barW) << "\" height=\"" << px(base - y(*us)) << "\" fill=\""
         << color << "\"" << (accepted ? " stroke=\"#1b5e20\" stroke-width=\"2\"" : "")
         << "/>\n<text x=\"" << px(cx) << "\" y=\"" << px(y(*us) - 5)
         << "\" text-anchor=\"middle\">" << fixed(*us, 2) << "</text>\n";
      if (accepted)
        os << "<text class=\"accepted-mark\" x=\"" << px(cx) << "\" y=\""
           << px(y(*us) - 18) << "\" text-anchor=\"middle\" style=\"fill:#1b5e20;"
              "font-weight:700\">&#10003; accepted</text>\n";
    } else {
      // Nothing measured: a cross where the bar would stand.
      double cy = base - 14;
      os << "<path class=\"failed-mark\" d=\"M" << px(cx - 7) << "," << px(cy - 7) << " L"
         << px(cx + 7) << "," << px(cy + 7) << " M" << px(cx + 7) << "," << px(cy - 7)
         << " L" << px(cx - 7) << "," << px(cy + 7) << "\" stroke=\"" << color
         << "\" stroke-width=\"3\"/>\n";
    }
    // Below the axis: the attempt, the skill, the outcome.
    std::string outcomeLabel = outcome;
    if (vsBase)
      outcomeLabel += ", " + fixed(*vsBase, 2) + "x";
    size_t maxChars = size_t(std::max(8.0, columnW / 6.2));
    os << "<text x=\"" << px(cx) << "\" y=\"" << px(base + 15) << "\" text-anchor=\"middle\">#"
       << i + 1 << (round ? " (r" + std::to_string(*round) + ")" : "") << "</text>\n"
       << "<text class=\"skill\" x=\"" << px(cx) << "\" y=\"" << px(base + 29)
       << "\" text-anchor=\"middle\">" << escape(shorten(skill, maxChars)) << "</text>\n"
       << "<text class=\"outcome\" x=\"" << px(cx) << "\" y=\"" << px(base + 43)
       << "\" text-anchor=\"middle\" style=\"fill:" << color << "\">"
       << escape(shorten(outcomeLabel, maxChars)) << (accepted ? " &#10003;" : "")
       << "</text>\n</g>\n";
  }

  // The references: the seed's time, and the tuned time where it moved.
  auto reference = [&](llvm::StringRef cls, double us, double labelY, llvm::StringRef color,
                       llvm::StringRef dash, llvm::StringRef label) {
    os << "<line class=\"" << cls << "\" x1=\"" << left << "\" y1=\"" << px(y(us))
       << "\" x2=\"" << px(left + plotW) << "\" y2=\"" << px(y(us)) << "\" stroke=\""
       << color << "\" stroke-width=\"1.5\" stroke-dasharray=\"" << dash
       << "\"/>\n<text x=\"" << px(left + plotW + 6) << "\" y=\"" << px(labelY + 4)
       << "\" style=\"fill:" << color << "\">" << label << " " << fixed(us, 2)
       << " us</text>\n";
  };
  if (seedUs && *seedUs > 0)
    reference("seed-ref", *seedUs, y(*seedUs), "#555", "6 4", "seed");
  if (tunedUs && *tunedUs > 0 && (!seedUs || std::fabs(*tunedUs - *seedUs) > 1e-3 * *seedUs)) {
    double labelY = y(*tunedUs);
    if (seedUs && std::fabs(labelY - y(*seedUs)) < 13)
      labelY = y(*seedUs) + 13;
    reference("tuned-ref", *tunedUs, labelY, "#2e7d32", "2 3", "tuned");
  }
  os << "</svg>\n</div>\n";
}

void Renderer::roundText(const json::Object &a, unsigned index) {
  std::string outcome = str(a, "outcome");
  bool accepted = a.getBoolean("accepted").value_or(false);
  os << "<li class=\"round-text\" data-round=\"" << index << "\"><div>"
     << "<span class=\"outcome " << (outcome == "ok" ? "ok" : "fail") << "\">"
     << escape(outcome) << "</span> ";
  if (std::optional<int64_t> round = a.getInteger("round"))
    os << "round " << *round;
  std::string base = str(a, "base");
  if (!base.empty())
    os << " on <code>" << escape(base) << "</code>";
  os << ": <code>" << escape(str(a, "skill")) << "</code>";
  std::string params = describeParams(a.getObject("params"));
  if (!params.empty())
    os << " <code>" << escape(params) << "</code>";
  if (std::optional<double> us = number(a, "kernel_us")) {
    os << " &rarr; " << fixed(*us, 2) << " us";
    if (std::optional<double> baseUs = number(a, "base_kernel_us"))
      os << " (base " << fixed(*baseUs, 2) << " us)";
    if (std::optional<double> vs = number(a, "speedup_vs_base"))
      os << ", " << fixed(*vs, 2) << "x on the base";
  }
  if (accepted)
    os << " <span class=\"accepted\">&#10003; accepted: the new base</span>";
  os << "</div>\n";
  auto line = [&](llvm::StringRef key, llvm::StringRef value, llvm::StringRef cls) {
    if (!value.empty())
      os << "<div class=\"" << cls << "\"><span class=\"k\">" << key << "</span> "
         << escape(value) << "</div>\n";
  };
  line("rule", str(a, "rule"), "rule");
  line("diagnosis", str(a, "diagnosis"), "diagnosis");
  line("message", str(a, "message"), "msg mono");
  if (const json::Object *evidence = a.getObject("evidence"))
    if (!evidence->empty()) {
      std::vector<std::pair<std::string, std::string>> items;
      for (const auto &kv : *evidence)
        items.emplace_back(kv.first.str(), llvm::formatv("{0}", kv.second).str());
      llvm::sort(items);
      os << "<details><summary>evidence (the metrics the rule read)</summary><table>";
      for (const auto &[key, value] : items)
        os << "<tr><td><code>" << escape(key) << "</code></td><td class=\"num\">"
           << escape(value) << "</td></tr>";
      os << "</table></details>\n";
    }
  os << "</li>\n";
}
} // namespace

std::string ks::agents::renderReportHtml(const json::Object &report,
                                         llvm::ArrayRef<json::Object> trajectory) {
  return Renderer(report, trajectory).render();
}
